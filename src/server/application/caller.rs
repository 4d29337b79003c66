//! Who is calling, read once from the request's credentials, the same way for both front
//! doors: an API token (`Authorization: Bearer`, scope read or full), the director's session
//! cookie, a table's key (valid only in its own tournament), or a phone's sign-up token (its
//! own place in the door's queue). What a caller may do is the
//! policy's business (`policy.rs`), not this module's.

use super::Services;
use crate::domain::ids::{EntryNo, PlayerId, TableNo};
use crate::server::api_tokens::Scope;

/// The caller of one request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Caller {
    /// A director session or a full-scope API token.
    Director,
    /// A read-scope API token.
    Reader,
    /// A table's device, for its own table of `tournament`.
    Table { tournament: i64, table: TableNo },
    /// A player's phone holding its personal link: that player of `tournament` (issue T).
    Player { tournament: i64, player: PlayerId },
    /// A phone holding its sign-up token: its own place in `tournament`'s queue (issue T).
    Entrant { tournament: i64, entry: EntryNo },
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
            Caller::Entrant { entry, .. } => format!("sign-up:{}", entry.0),
            Caller::Player { player, .. } => format!("player:{}", player.0),
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
    /// A phone's sign-up token (`X-Sign-Up-Token`, or the sign-up page's argument).
    pub sign_up_token: Option<String>,
    /// A player's personal link token (`X-Player-Token`, or the personal page's argument).
    pub player_token: Option<String>,
    /// Where the request came from: not a credential, but what the sign-up's rate limit
    /// counts by (`None` where the door does not know it).
    pub address: Option<std::net::IpAddr>,
}

impl Credentials {
    /// No credential of any kind came (the address is none).
    pub fn is_empty(&self) -> bool {
        self.bearer.is_none()
            && self.session.is_none()
            && self.table_key.is_none()
            && self.sign_up_token.is_none()
            && self.player_token.is_none()
    }
}

/// Works out the caller. A Bearer token, when sent, alone decides (a wrong one is no
/// credential, whatever else came along); then the director's session; then a table's key,
/// which only counts in its own tournament (`tournament`: the one the request is about).
pub async fn identify(
    app: &Services,
    credentials: &Credentials,
    tournament: Option<i64>,
) -> Caller {
    if let Some(token) = &credentials.bearer {
        return match app.tokens.scope_of(token).await {
            Some(Scope::Full) => Caller::Director,
            Some(Scope::Read) => Caller::Reader,
            None => Caller::Anonymous,
        };
    }
    if let Some(session) = &credentials.session {
        if app.auth.session_valid(session).await {
            return Caller::Director;
        }
    }
    if let (Some(key), Some(tournament)) = (&credentials.table_key, tournament) {
        if let Some(table) = app.auth.table_of_key(tournament, key).await {
            return Caller::Table { tournament, table };
        }
    }
    if let (Some(token), Some(tournament)) = (&credentials.player_token, tournament) {
        if let Some((t, player)) = app.player_links.verify(token) {
            if t == tournament {
                return Caller::Player { tournament, player };
            }
        }
    }
    if let (Some(token), Some(tournament)) = (&credentials.sign_up_token, tournament) {
        if let Some((t, entry)) = app.player_links.verify_sign_up(token) {
            if t == tournament {
                return Caller::Entrant { tournament, entry };
            }
        }
    }
    Caller::Anonymous
}
