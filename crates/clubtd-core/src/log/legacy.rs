//! Stored shapes that are no longer written, kept so that old logs still read.
//!
//! Until golden log v7 an undo stored the step it took back, with state in it (whole player
//! records in v1, then what each busted player's record held). Logs now store only which
//! action was taken back (`Event::ActionUndone`) and replay rebuilds the rest, so the state's
//! types may change freely. The old events are read through the frozen copies below and
//! turned into today's step when applied.

use crate::model::clock::Clock;
use crate::model::ids::{PlayerId, SeatNo, TableNo, Timestamp};
use crate::model::money::{Cents, Chips};
use crate::model::payment::Payment;
use crate::model::seats::{Place, SeatMove};
use crate::model::state::{BustOutcome, BustUndo, Elimination, ReEntryRecord, UndoStep};
use serde::{Deserialize, Serialize};

/// The step an old `undone` event stored (the state's `UndoStep` as it was written then).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind")]
pub enum LegacyUndoStep {
    #[serde(rename = "busts")]
    Busts {
        busts: Vec<BustOutcome>,
        /// v2–v6: what each busted player had that the bust replaced.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        restore: Vec<LegacyBustUndo>,
        /// v1: the busted players and their eliminators as they were, whole.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        before: Vec<LegacyPlayerRecord>,
    },
    #[serde(rename = "move")]
    Move { movement: SeatMove },
    #[serde(rename = "button")]
    Button {
        table: TableNo,
        previous: Option<SeatNo>,
    },
    #[serde(rename = "count")]
    Count {
        player: PlayerId,
        previous: Chips,
        previous_counted: bool,
    },
    #[serde(rename = "clock")]
    Clock { previous: Clock },
    #[serde(rename = "penalty")]
    Penalty,
}

/// v2–v6's record of what a bust replaced in a busted player's record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LegacyBustUndo {
    pub player: PlayerId,
    pub stack: Chips,
    pub bounty: Cents,
    pub last_seat: Option<Place>,
    pub last_bust: Option<BustOutcome>,
    pub reentry: Option<LegacyReEntry>,
}

/// v1's whole player record: only the fields a bust replaced are read (the rest of the record
/// is what the bust's own data gives back).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LegacyPlayerRecord {
    pub id: PlayerId,
    pub stack: Chips,
    pub bounty: Cents,
    #[serde(default)]
    pub last_seat: Option<Place>,
    #[serde(default)]
    pub last_bust: Option<BustOutcome>,
    #[serde(default)]
    pub reentry: Option<LegacyReEntry>,
}

/// A re-entry's record as the old steps stored it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LegacyReEntry {
    pub payment: Payment,
    pub elimination: Option<LegacyElimination>,
    pub last_seat: Option<Place>,
    pub bonus: Chips,
    pub bounty: Cents,
    pub bounty_won: Cents,
    pub arrived: bool,
}

/// An elimination as the old steps stored it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LegacyElimination {
    pub player: PlayerId,
    pub group: u64,
    pub table: Option<TableNo>,
    pub start_stack: Option<Chips>,
    pub at: Timestamp,
    #[serde(default)]
    pub seat_order: Option<u8>,
}

impl LegacyUndoStep {
    /// Today's step for the old one. v1's whole records become what the bust replaced in the
    /// busted players' records; the eliminators' records come back from the bust's own
    /// bounty payments, as for every later log (`undo` module tests show both agree).
    pub fn into_step(self) -> UndoStep {
        match self {
            LegacyUndoStep::Busts {
                busts,
                restore,
                before,
            } => {
                let restore = if before.is_empty() {
                    restore.into_iter().map(BustUndo::from).collect()
                } else {
                    before
                        .into_iter()
                        .filter(|p| busts.iter().any(|b| b.player == p.id))
                        .map(|p| BustUndo {
                            player: p.id,
                            stack: p.stack,
                            bounty: p.bounty,
                            last_seat: p.last_seat,
                            last_bust: p.last_bust,
                            reentry: p.reentry.map(ReEntryRecord::from),
                        })
                        .collect()
                };
                UndoStep::Busts { busts, restore }
            }
            LegacyUndoStep::Move { movement } => UndoStep::Move { movement },
            LegacyUndoStep::Button { table, previous } => UndoStep::Button { table, previous },
            LegacyUndoStep::Count {
                player,
                previous,
                previous_counted,
            } => UndoStep::Count {
                player,
                previous,
                previous_counted,
            },
            LegacyUndoStep::Clock { previous } => UndoStep::Clock { previous },
            LegacyUndoStep::Penalty => UndoStep::Penalty,
        }
    }
}

impl From<LegacyBustUndo> for BustUndo {
    fn from(r: LegacyBustUndo) -> Self {
        BustUndo {
            player: r.player,
            stack: r.stack,
            bounty: r.bounty,
            last_seat: r.last_seat,
            last_bust: r.last_bust,
            reentry: r.reentry.map(ReEntryRecord::from),
        }
    }
}

impl From<LegacyReEntry> for ReEntryRecord {
    fn from(r: LegacyReEntry) -> Self {
        ReEntryRecord {
            payment: r.payment,
            elimination: r.elimination.map(|e| Elimination {
                player: e.player,
                group: e.group,
                table: e.table,
                start_stack: e.start_stack,
                at: e.at,
                seat_order: e.seat_order,
            }),
            last_seat: r.last_seat,
            bonus: r.bonus,
            bounty: r.bounty,
            bounty_won: r.bounty_won,
            arrived: r.arrived,
        }
    }
}
