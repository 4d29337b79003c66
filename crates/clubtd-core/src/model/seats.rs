//! Places at the tables and the moves between them: a seat, a player's move, an abandoned
//! stack's move, and why a player changed seats.

use crate::model::ids::{PlayerId, SeatNo, TableNo};
use serde::{Deserialize, Serialize};

/// A table and a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, Hash)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Place {
    pub table: TableNo,
    pub seat: SeatNo,
}

/// Why a player changed seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum MoveReason {
    /// TDA 25 / 32: balancing the tables.
    #[serde(rename = "balance")]
    Balance,
    /// The player's table was broken.
    #[serde(rename = "break")]
    Break,
    /// The final table redraw (FIDPA).
    #[serde(rename = "final_table")]
    FinalTable,
    /// The director moved the player by hand.
    #[serde(rename = "director")]
    Director,
}

/// One player moving from one seat to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SeatMove {
    pub player: PlayerId,
    pub from: Place,
    pub to: Place,
}

/// PKR4U 6: an abandoned stack carried to another seat when its table closes (a break or the
/// final-table draw); it keeps blinding off there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StackMove {
    pub from: Place,
    pub to: Place,
}
