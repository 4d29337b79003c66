//! "Undo the last action": the director takes back the latest bust report, move, button,
//! count, clock change or penalty, with a reason (history is kept: the undo is an event of
//! its own). What each action needs to be taken back is recorded when it is applied; any
//! other change clears that list, so undo only ever reaches the latest actions.

use crate::log::error::{ApplyError, DomainError};
use crate::log::event::Event;
use crate::model::ids::PlayerId;
use crate::model::state::{PlayerStatus, Tournament, UndoStep};
use std::collections::BTreeSet;

/// How many recent actions can be taken back, one after the other.
const UNDO_DEPTH: usize = 20;

/// Takes back the latest undoable action. A bust can only be undone while its players'
/// seats are still free and nobody re-entered; a move while the old seat is free.
pub fn decide_undo(t: &Tournament, reason: &str) -> Result<Vec<Event>, DomainError> {
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(DomainError::ReasonRequired);
    }
    let step = t.undo.last().ok_or(DomainError::NothingToUndo)?;
    let seat_free = |place: &crate::model::seats::Place| {
        t.tables
            .get(&place.table)
            .is_some_and(|tb| tb.open && !tb.is_taken(place.seat))
    };
    match step {
        UndoStep::Busts { busts, .. } => {
            for b in busts {
                let still_out = t
                    .players
                    .get(&b.player)
                    .is_some_and(|p| p.status == PlayerStatus::Busted);
                if !still_out || !seat_free(&b.seat) {
                    return Err(DomainError::SameSeatTaken { player: b.player });
                }
            }
        }
        UndoStep::Move { movement } => {
            let here = t.players.get(&movement.player).and_then(|p| p.seat) == Some(movement.to);
            if !here || !seat_free(&movement.from) {
                return Err(DomainError::SameSeatTaken {
                    player: movement.player,
                });
            }
        }
        _ => {}
    }
    Ok(vec![Event::Undone {
        step: step.clone(),
        reason: reason.to_string(),
    }])
}

/// What applying `event` does to the list of actions that can be undone.
pub(crate) enum UndoEffect {
    /// The event can be taken back this way.
    Push(UndoStep),
    /// The event cannot be taken back: nothing before it can be either.
    Clear,
    /// An undo itself: the list is handled by [`apply_undone`].
    Keep,
}

/// Keeps what is needed to take `event` back, read from the state before it is applied.
pub(crate) fn undo_effect(t: &Tournament, event: &Event) -> UndoEffect {
    let step = match event {
        Event::BustsRecorded { busts, .. } => {
            let involved: BTreeSet<PlayerId> = busts
                .iter()
                .flat_map(|b| std::iter::once(b.player).chain(b.eliminators.iter().copied()))
                .collect();
            let before = involved
                .iter()
                .filter_map(|p| t.players.get(p).cloned())
                .collect();
            Some(UndoStep::Busts {
                busts: busts.clone(),
                before,
            })
        }
        Event::PlayerMoved { movement, .. } => Some(UndoStep::Move {
            movement: *movement,
        }),
        Event::ButtonSet { table, .. } => Some(UndoStep::Button {
            table: *table,
            previous: t.tables.get(table).and_then(|tb| tb.button),
        }),
        Event::ChipsCounted { player, .. } => t.players.get(player).map(|p| UndoStep::Count {
            player: *player,
            previous: p.stack,
            previous_counted: p.stack_counted,
        }),
        Event::ClockChanged { .. } => Some(UndoStep::Clock { previous: t.clock }),
        Event::PenaltyGiven { .. } => Some(UndoStep::Penalty),
        Event::Undone { .. } => return UndoEffect::Keep,
        _ => None,
    };
    match step {
        Some(s) => UndoEffect::Push(s),
        None => UndoEffect::Clear,
    }
}

/// Records an applied event's [`UndoEffect`].
pub(crate) fn remember(t: &mut Tournament, effect: UndoEffect) {
    match effect {
        UndoEffect::Push(step) => {
            t.undo.push(step);
            if t.undo.len() > UNDO_DEPTH {
                t.undo.remove(0);
            }
        }
        UndoEffect::Clear => t.undo.clear(),
        UndoEffect::Keep => {}
    }
}

/// `Undone`: the recorded step taken back.
pub(crate) fn apply_undone(t: &mut Tournament, step: &UndoStep) -> Result<(), ApplyError> {
    if t.undo.last() == Some(step) {
        t.undo.pop();
    }
    match step {
        UndoStep::Busts { busts, before } => {
            for b in busts {
                t.eliminations.retain(|e| e.player != b.player);
            }
            // Players come back exactly as they were (seat, stack, bounties).
            for p in before {
                t.players.insert(p.id, p.clone());
                if let Some(place) = p.seat {
                    t.tables
                        .entry(place.table)
                        .or_default()
                        .seats
                        .insert(place.seat, p.id);
                }
            }
        }
        UndoStep::Move { movement } => t.seat(movement.player, movement.from),
        UndoStep::Button { table, previous } => {
            if let Some(tb) = t.tables.get_mut(table) {
                tb.button = *previous;
            }
        }
        UndoStep::Count {
            player,
            previous,
            previous_counted,
        } => {
            if let Some(p) = t.players.get_mut(player) {
                p.stack = *previous;
                p.stack_counted = *previous_counted;
            }
        }
        UndoStep::Clock { previous } => t.clock = *previous,
        UndoStep::Penalty => {
            t.penalties.pop();
        }
    }
    Ok(())
}
