//! RFC 9457 problem details: every refusal of the API is `application/problem+json` with the
//! stable error code and its parameters (the same codes the pages translate), and the right
//! status. Bad input is never a 5xx; only a failure of the server itself is.

use crate::domain::DomainError;
use crate::server::application::Refusal;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// A refusal, as RFC 9457 describes it, with clubtd's stable `code` and `params`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Problem {
    /// A URI naming the kind of problem (`urn:clubtd:error:<CODE>`).
    #[serde(rename = "type")]
    pub kind: String,
    /// A short, human-readable summary (English).
    pub title: String,
    /// The HTTP status, repeated.
    pub status: u16,
    /// What went wrong in this case (English); pages use `code` and `params` instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    /// The stable error code, e.g. `SEAT_TAKEN` (never renamed).
    pub code: String,
    /// The code's parameters, by name.
    #[serde(default)]
    pub params: BTreeMap<String, String>,
}

impl Problem {
    pub fn new(status: StatusCode, code: &str, detail: impl Into<Option<String>>) -> Problem {
        Problem {
            kind: format!("urn:clubtd:error:{code}"),
            title: status.canonical_reason().unwrap_or("Error").to_string(),
            status: status.as_u16(),
            detail: detail.into(),
            code: code.to_string(),
            params: BTreeMap::new(),
        }
    }

    pub fn bad_request(code: &str, detail: impl std::fmt::Display) -> Problem {
        Problem::new(StatusCode::BAD_REQUEST, code, Some(detail.to_string()))
    }

    /// Nothing of that kind by that name: the application layer's `NotFound`, so every
    /// 404 has the same code, detail and `what` parameter, whoever answers it.
    pub fn not_found(what: &'static str) -> Problem {
        Problem::from(Refusal::NotFound(what))
    }

    /// A failure of the server itself: logged with an id; the answer says only that id.
    pub fn internal(e: impl std::fmt::Display) -> Problem {
        Problem::from(Refusal::internal(e))
    }

    /// A refusal by the rules of the game: the command was well formed, the state or its
    /// values did not allow it (422).
    pub fn rules(e: &DomainError) -> Problem {
        Problem::from(Refusal::Rules(e.clone()))
    }

    /// A calculator or guided flow refused its input (422), with its own stable code.
    pub fn input(code: &str, detail: impl std::fmt::Display) -> Problem {
        Problem::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            code,
            Some(detail.to_string()),
        )
    }
}

impl From<Refusal> for Problem {
    /// The application layer's refusal in problem details: its code and params as they are
    /// (the pages get the same), the HTTP status from its kind.
    fn from(r: Refusal) -> Problem {
        let status = match &r {
            Refusal::NoTournament | Refusal::NotFound(_) => StatusCode::NOT_FOUND,
            Refusal::Unauthenticated => StatusCode::UNAUTHORIZED,
            Refusal::Forbidden => StatusCode::FORBIDDEN,
            Refusal::InvalidCommandId | Refusal::InvalidLabel { .. } => StatusCode::BAD_REQUEST,
            Refusal::CommandIdReused => StatusCode::CONFLICT,
            Refusal::TooManySignUps { .. } => StatusCode::TOO_MANY_REQUESTS,
            Refusal::Rules(_)
            | Refusal::SameClubPlayer
            | Refusal::InvalidName
            | Refusal::InvalidPointsRule { .. }
            | Refusal::InvalidChipSet { .. }
            | Refusal::InvalidLog { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            Refusal::UnknownClubPlayer => StatusCode::NOT_FOUND,
            Refusal::ClubNameTaken => StatusCode::CONFLICT,
            Refusal::DiskFull => StatusCode::INSUFFICIENT_STORAGE,
            Refusal::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        };
        let mut p = Problem::new(status, r.code(), Some(r.to_string()));
        p.params = r.params();
        p
    }
}

impl IntoResponse for Problem {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::BAD_REQUEST);
        let body = serde_json::to_string(&self).unwrap_or_default();
        (
            status,
            [(header::CONTENT_TYPE, "application/problem+json")],
            body,
        )
            .into_response()
    }
}

/// What every handler returns.
pub type ApiResult<T> = Result<T, Problem>;
