//! The door's faces: the landing page and the sign-up form (`DoorFaceView`: can a phone sign
//! up now, how many wait, the open tables to link to) and one phone's place in the queue
//! (`PlaceFaceView`: that entry only). Nobody's name but the phone's own.

use super::FaceView;
use crate::model::ids::{EntryNo, PlayerId, SeatNo, TableNo, Timestamp};
use crate::read::view::{QueueLine, TournamentView};
use serde::{Deserialize, Serialize};

/// `/` and `/signup`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DoorFaceView {
    pub name: String,
    pub registration_open: bool,
    /// Entries waiting in the queue.
    pub waiting: u32,
    /// Seats a new player could take now.
    pub free_seats: u32,
    /// The director's cap on sign-ups, when it is reached.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub full_at: Option<u32>,
    /// When the door opens to phones, if the director chose a time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opens_at: Option<Timestamp>,
    /// The server's time of the view (the page's clock before it runs in the browser).
    pub read_at: Timestamp,
    /// The tables in play, for the landing page's links.
    #[serde(default)]
    pub open_tables: Vec<TableNo>,
}

impl FaceView for DoorFaceView {
    type Key = ();

    fn path(_: ()) -> String {
        "/door".into()
    }

    fn of(v: &TournamentView, _: ()) -> Option<DoorFaceView> {
        Some(DoorFaceView {
            name: v.name.clone(),
            registration_open: v.registration_open,
            waiting: v.door.queue.len() as u32,
            free_seats: v.door.free_seats,
            full_at: v.door.cap.filter(|_| v.door.full()),
            opens_at: v.door.opens_at,
            read_at: v.clock.read_at,
            open_tables: v
                .tables
                .iter()
                .filter(|t| t.open)
                .map(|t| t.table)
                .collect(),
        })
    }

    fn tournament_name(&self) -> &str {
        &self.name
    }
}

/// `/signup/<token>`: one entry of the queue, as its phone follows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlaceFaceView {
    pub name: String,
    /// The entry the phone holds now: its own, or the one the desk merged it into.
    pub current: EntryNo,
    /// Its line while it waits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<QueueLine>,
    /// Admitted: the player it became, and where they sit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub admitted: Option<Admitted>,
}

/// An entry admitted at the desk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Admitted {
    pub player: PlayerId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<TableNo>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<SeatNo>,
}

impl PlaceFaceView {
    /// The place is gone: neither waiting nor admitted (left, or taken off the list).
    pub fn gone(&self) -> bool {
        self.line.is_none() && self.admitted.is_none()
    }
}

impl FaceView for PlaceFaceView {
    type Key = EntryNo;

    fn path(entry: EntryNo) -> String {
        format!("/place/{}", entry.0)
    }

    fn of(v: &TournamentView, entry: EntryNo) -> Option<PlaceFaceView> {
        let current = v.door.resolve(entry);
        let admitted = v.door.admitted_as(current).map(|player| {
            let seated = v.players.iter().find(|p| p.player == player);
            Admitted {
                player,
                table: seated.and_then(|p| p.table),
                seat: seated.and_then(|p| p.seat),
            }
        });
        Some(PlaceFaceView {
            name: v.name.clone(),
            current,
            line: v.door.line(current).cloned(),
            admitted,
        })
    }

    fn tournament_name(&self) -> &str {
        &self.name
    }
}
