//! The credentials a request's headers carry, read for the application layer (which knows
//! nothing of HTTP): an API token, the director's session cookie, a table's key, a phone's
//! sign-up token, a player's personal-link token.

use crate::server::application::Credentials;
use axum::http::HeaderMap;

/// Every credential a request's headers carry.
pub fn from_headers(headers: &HeaderMap) -> Credentials {
    Credentials {
        bearer: headers
            .get(axum::http::header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(|t| t.trim().to_string()),
        session: crate::server::auth::session_token(headers),
        table_key: headers
            .get("x-table-key")
            .and_then(|v| v.to_str().ok())
            .map(str::to_string),
        sign_up_token: headers
            .get("x-sign-up-token")
            .and_then(|v| v.to_str().ok())
            .map(str::to_string),
        player_token: headers
            .get("x-player-token")
            .and_then(|v| v.to_str().ok())
            .map(str::to_string),
        address: None,
    }
}
