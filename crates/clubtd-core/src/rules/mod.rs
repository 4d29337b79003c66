//! The rules, one module per topic of the rulebook (PKR4U, TDA, FIDPA). Each owns the
//! `decide_*` functions that turn its commands into events or a typed refusal, citing the
//! rule it implements, and the `apply_*` functions that record those events in the state.
//! An `apply_*` checks that its event fits before it changes anything, so a corrupt log
//! leaves the state as it was and says why ([`ApplyError`]).

pub mod balancing;
pub mod bounties;
pub mod busts;
pub mod calls;
pub mod clock;
pub mod corrections;
pub mod deals;
pub mod door;
pub mod hand_for_hand;
pub mod incidents;
pub mod payouts;
pub mod penalties;
pub mod purchases;
pub mod registration;
pub mod rng;
pub mod seating;
pub mod setup;
pub mod stacks;
pub mod structure;
pub mod undo;
pub mod windows;

use crate::log::error::{ApplyError, DomainError};
use crate::model::ids::{PlayerId, TableNo};
use crate::model::state::{Player, PlayerStatus, Table, Tournament};

/// The player a stored event names, or the misfit that makes the log corrupt.
pub(crate) fn player_mut(t: &mut Tournament, player: PlayerId) -> Result<&mut Player, ApplyError> {
    t.players
        .get_mut(&player)
        .ok_or(ApplyError::UnknownPlayer { player })
}

/// The table a stored event names, or the misfit that makes the log corrupt.
pub(crate) fn table_mut(t: &mut Tournament, table: TableNo) -> Result<&mut Table, ApplyError> {
    t.tables
        .get_mut(&table)
        .ok_or(ApplyError::UnknownTable { table })
}

/// Checks that a stored event's player exists before anything changes.
pub(crate) fn known_player(t: &Tournament, player: PlayerId) -> Result<(), ApplyError> {
    if t.players.contains_key(&player) {
        Ok(())
    } else {
        Err(ApplyError::UnknownPlayer { player })
    }
}

/// The player a command names, still in the game.
pub(crate) fn playing(t: &Tournament, player: PlayerId) -> Result<&Player, DomainError> {
    let p = t
        .players
        .get(&player)
        .ok_or(DomainError::UnknownPlayer { player })?;
    if p.status != PlayerStatus::Playing {
        return Err(DomainError::PlayerNotActive { player });
    }
    Ok(p)
}
