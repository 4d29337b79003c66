//! Who is calling, read once from the request's credentials, the same way for both front
//! doors: an API token (`Authorization: Bearer`, scope read or full), the director's session
//! cookie, or a table's key (valid only in its own tournament). What a caller may do is the
//! policy's business (`policy.rs`), not this module's.

use crate::domain::ids::TableNo;
use crate::server::api_tokens::Scope;
use crate::server::app_state::AppState;
use axum::http::HeaderMap;

/// The caller of one request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Caller {
    /// A director session or a full-scope API token.
    Director,
    /// A read-scope API token.
    Reader,
    /// A table's device, for its own table of `tournament`.
    Table { tournament: i64, table: TableNo },
    /// No (valid) credential.
    Anonymous,
}

impl Caller {
    /// The actor name recorded in the event log.
    pub fn actor(&self) -> String {
        match self {
            Caller::Director => "director".into(),
            Caller::Reader => "reader".into(),
            Caller::Table { table, .. } => format!("table:{}", table.0),
            Caller::Anonymous => "public".into(),
        }
    }
}

/// The credentials a request carried, before any of them is checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Credentials {
    /// An API token (`Authorization: Bearer …`).
    pub bearer: Option<String>,
    /// The director's session token (cookie).
    pub session: Option<String>,
    /// A table's key (`X-Table-Key`, or the pages' `table_key` argument).
    pub table_key: Option<String>,
}

impl Credentials {
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
        }
    }
}

/// Works out the caller. A Bearer token, when sent, alone decides (a wrong one is no
/// credential, whatever else came along); then the director's session; then a table's key,
/// which only counts in its own tournament (`tournament`: the one the request is about).
pub async fn identify(
    state: &AppState,
    credentials: &Credentials,
    tournament: Option<i64>,
) -> Caller {
    if let Some(token) = &credentials.bearer {
        return match state.tokens.scope_of(token).await {
            Some(Scope::Full) => Caller::Director,
            Some(Scope::Read) => Caller::Reader,
            None => Caller::Anonymous,
        };
    }
    if let Some(session) = &credentials.session {
        if state.auth.session_valid(session).await {
            return Caller::Director;
        }
    }
    if let (Some(key), Some(tournament)) = (&credentials.table_key, tournament) {
        if let Some(table) = state.auth.table_of_key(tournament, key).await {
            return Caller::Table { tournament, table };
        }
    }
    Caller::Anonymous
}
