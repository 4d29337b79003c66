//! Who is calling the API, from the same credentials as the pages: the director's session
//! cookie, an API token (`Authorization: Bearer`, scope read or full), or a table's key
//! (`X-Table-Key`, valid only for its tournament). Nothing else reads a tournament unless
//! the director made it public.

use super::problem::Problem;
use crate::domain::command::Command;
use crate::domain::ids::TableNo;
use crate::server::auth::Role;
use crate::server::state::AppState;
use crate::server::tokens::Scope;
use axum::http::HeaderMap;

/// The caller of one request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Caller {
    /// A director session or a full-scope token.
    Director,
    /// A read-scope token.
    Reader,
    /// A table's device, for its own table of `tournament`.
    Table { tournament: i64, table: TableNo },
    /// No (valid) credential.
    Anonymous,
}

/// Reads the caller's credentials; `tournament` scopes a table key.
pub async fn caller(state: &AppState, headers: &HeaderMap, tournament: Option<i64>) -> Caller {
    if let Some(token) = headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
    {
        return match state.tokens.scope_of(token.trim()).await {
            Some(Scope::Full) => Caller::Director,
            Some(Scope::Read) => Caller::Reader,
            None => Caller::Anonymous,
        };
    }
    if state.auth.is_director(headers).await {
        return Caller::Director;
    }
    if let (Some(key), Some(tournament)) = (
        headers.get("x-table-key").and_then(|v| v.to_str().ok()),
        tournament,
    ) {
        if let Some(table) = state.auth.table_of_key(tournament, key).await {
            return Caller::Table { tournament, table };
        }
    }
    Caller::Anonymous
}

impl Caller {
    /// Only the director (session or full token).
    pub fn director(&self) -> Result<(), Problem> {
        match self {
            Caller::Director => Ok(()),
            Caller::Anonymous => Err(Problem::unauthorized()),
            _ => Err(Problem::forbidden()),
        }
    }

    /// Reading a tournament: any credential of the club, or anyone when it is public.
    pub fn may_read(&self, tournament: i64, public: bool) -> Result<(), Problem> {
        match self {
            Caller::Director | Caller::Reader => Ok(()),
            Caller::Table { tournament: t, .. } if *t == tournament => Ok(()),
            _ if public => Ok(()),
            Caller::Anonymous => Err(Problem::unauthorized()),
            _ => Err(Problem::forbidden()),
        }
    }

    /// Sending a command: the director anything, a table what concerns its own table (the
    /// same check as the pages').
    pub fn may_send(&self, tournament: i64, command: &Command) -> Result<Role, Problem> {
        let role = match self {
            Caller::Director => Role::Director,
            Caller::Table {
                tournament: t,
                table,
            } if *t == tournament => Role::Table(*table),
            Caller::Anonymous => return Err(Problem::unauthorized()),
            _ => return Err(Problem::forbidden()),
        };
        if role.may(command) {
            Ok(role)
        } else {
            Err(Problem::forbidden())
        }
    }
}
