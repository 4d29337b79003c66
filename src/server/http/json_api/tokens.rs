//! API tokens, made and revoked by the director.

use super::extract::{Body, PathParams};
use super::problem::{ApiResult, Problem};
use crate::server::api_tokens::{Scope, TokenInfo};
use crate::server::app_state::AppState;
use crate::server::application::access;
use crate::server::http::credentials::from_headers;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A token to make.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct NewToken {
    /// Who it is for, e.g. "club website" (1 to 100 characters).
    pub label: String,
    pub scope: Scope,
}

/// A token made: `token` is shown this once and never again.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct MadeToken {
    pub info: TokenInfo,
    pub token: String,
}

const PROBLEM: &str = "application/problem+json";

/// Makes an API token (director).
#[utoipa::path(post, path = "/api/v1/tokens", tag = "tokens", request_body = NewToken,
    responses((status = 201, body = MadeToken),
        (status = 400, body = Problem, content_type = PROBLEM),
        (status = 401, body = Problem, content_type = PROBLEM),
        (status = 403, body = Problem, content_type = PROBLEM)))]
pub async fn create(
    State(state): State<AppState>,
    headers: HeaderMap,
    Body(req): Body<NewToken>,
) -> ApiResult<(StatusCode, Json<MadeToken>)> {
    let (info, token) =
        access::make_token(&state.app, &from_headers(&headers), &req.label, req.scope).await?;
    Ok((StatusCode::CREATED, Json(MadeToken { info, token })))
}

/// The live tokens (director).
#[utoipa::path(get, path = "/api/v1/tokens", tag = "tokens",
    responses((status = 200, body = Vec<TokenInfo>),
        (status = 401, body = Problem, content_type = PROBLEM),
        (status = 403, body = Problem, content_type = PROBLEM)))]
pub async fn list(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> ApiResult<Json<Vec<TokenInfo>>> {
    Ok(Json(
        access::tokens(&state.app, &from_headers(&headers)).await?,
    ))
}

/// Revokes a token (director).
#[utoipa::path(delete, path = "/api/v1/tokens/{id}", tag = "tokens",
    params(("id" = i64, Path, description = "Token id")),
    responses((status = 204),
        (status = 400, body = Problem, content_type = PROBLEM),
        (status = 401, body = Problem, content_type = PROBLEM),
        (status = 403, body = Problem, content_type = PROBLEM),
        (status = 404, body = Problem, content_type = PROBLEM)))]
pub async fn revoke(
    State(state): State<AppState>,
    headers: HeaderMap,
    PathParams(id): PathParams<i64>,
) -> ApiResult<StatusCode> {
    access::revoke_token(&state.app, &from_headers(&headers), id).await?;
    Ok(StatusCode::NO_CONTENT)
}
