//! Who is calling the API: the application layer's one `Caller`, read from the request's
//! headers (the director's session cookie, an API token, or a table's key for its own
//! tournament). What the caller may do is the application layer's policy.

use crate::server::app_state::AppState;
use crate::server::application::{identify, Caller};
use axum::http::HeaderMap;

/// Reads the caller's credentials; `tournament` scopes a table key.
pub async fn caller(state: &AppState, headers: &HeaderMap, tournament: Option<i64>) -> Caller {
    identify(
        &state.app,
        &crate::server::http::credentials::from_headers(headers),
        tournament,
    )
    .await
}
