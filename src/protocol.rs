//! What travels between the pages and the server, shared by both sides: the live view a page
//! shows and the answer to a command it sent. It sits below both the server functions and
//! the server, so neither has to import the other to speak it.

use crate::domain::view::TournamentView;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What a face shows of the tournament, with its id (for the live stream) and the event
/// number it was read at: the whole view (the console's), or a face's own
/// (`domain::faces`, e.g. `LiveView<ScreenView>`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveView<V = TournamentView> {
    pub tournament: i64,
    pub last_seq: u64,
    pub view: V,
}

/// The ready-made configurations a tournament starts from (`domain::config::templates`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Template {
    ClubEvening,
    ClubPko,
    /// Rebuys during the first levels and an add-on at the break after them.
    ClubRebuy,
    /// A satellite: the pool buys seats for the club's main event.
    ClubSatellite,
}

/// A refusal as a page gets it: the stable code and its parameters, for the page to
/// translate (`locales/errors/`). The same code the JSON API answers with for the same
/// input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refused {
    pub code: String,
    #[serde(default)]
    pub params: BTreeMap<String, String>,
}

impl Refused {
    /// A refusal with at most one parameter (`field`, `player`, …).
    pub fn new(code: &str, param: Option<(&str, &str)>) -> Refused {
        Refused {
            code: code.to_string(),
            params: param
                .map(|(k, v)| BTreeMap::from([(k.to_string(), v.to_string())]))
                .unwrap_or_default(),
        }
    }
}

/// The answer to a command, as a page sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CommandReply {
    /// Recorded durably; the tournament is now at event `last_seq`.
    Accepted { last_seq: u64 },
    /// Refused; nothing changed.
    Rejected(Refused),
    /// Never sent by the server: the device could not reach it, and its outbox keeps the
    /// command (with `waiting` in all) and sends it when it can (`ui::outbox`).
    Queued { waiting: usize },
}

/// A tournament in the club's list: the director's tournaments page and the JSON API's list
/// read this one type (`application::club::tournaments`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct TournamentSummary {
    pub id: i64,
    pub name: String,
    /// When it was created (ms since the Unix epoch): its date and its season.
    pub created_at: i64,
    pub status: crate::domain::ranking::TournamentStatus,
    pub archived: bool,
    /// Readable without a token.
    pub public: bool,
    pub players_left: u32,
    pub entries: u32,
    /// The one the faces show without `?t=` (the one being played, else the next to start).
    pub default: bool,
}

/// A club player, as the desk's suggestions and the club's players page show them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClubPlayer {
    pub id: i64,
    pub name: String,
    pub tournaments: u32,
    pub last_seen_at: i64,
}
