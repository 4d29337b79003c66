//! "Undo the last action": the director takes back the latest bust report, move, button,
//! count, clock change or penalty, with a reason (history is kept: the undo is an event of
//! its own). What each action needs to be taken back is recorded when it is applied; any
//! other change clears that list, so undo only ever reaches the latest actions.

use crate::log::error::{ApplyError, DomainError};
use crate::log::event::BustOutcome;
use crate::log::event::Event;
use crate::model::state::{BustUndo, PlayerStatus, Tournament, UndoStep};
use crate::rules::known_player;

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
            let restore = busts
                .iter()
                .filter_map(|b| t.players.get(&b.player))
                .map(|p| BustUndo {
                    player: p.id,
                    stack: p.stack,
                    bounty: p.bounty,
                    last_seat: p.last_seat,
                    last_bust: p.last_bust.clone(),
                    reentry: p.reentry.clone(),
                })
                .collect();
            Some(UndoStep::Busts {
                busts: busts.clone(),
                restore,
                before: Vec::new(),
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
        // A table's request for a rebuy changes nothing the director might take back.
        // Nor does the door's queue, until an entry is admitted (a registration).
        Event::Undone { .. }
        | Event::RebuyRequested { .. }
        | Event::ReEntryRequested { .. }
        | Event::SignedUp { .. }
        | Event::LeftQueue { .. }
        | Event::QueueEntriesMerged { .. } => return UndoEffect::Keep,
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
        UndoStep::Busts {
            busts,
            restore,
            before,
        } if before.is_empty() => undo_busts(t, busts, restore)?,
        UndoStep::Busts { busts, before, .. } => {
            // A log written before `restore` existed: whole records put back, as then.
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

/// Takes a hand's busts back from the events' own data: the bounties return from their
/// winners, and each busted player sits down again with the stack, bounty and records the
/// bust replaced. Payments are reversed first, so a player who both won a bounty and busted
/// in the hand ends with exactly their record from before it.
fn undo_busts(
    t: &mut Tournament,
    busts: &[BustOutcome],
    restore: &[BustUndo],
) -> Result<(), ApplyError> {
    for b in busts {
        known_player(t, b.player)?;
        for paid in &b.bounties {
            known_player(t, paid.to)?;
        }
    }
    for b in busts {
        t.eliminations.retain(|e| e.player != b.player);
        for paid in &b.bounties {
            if let Some(w) = t.players.get_mut(&paid.to) {
                w.bounty_won -= paid.cash;
                w.bounty -= paid.onto_head;
            }
        }
    }
    for r in restore {
        let Some(b) = busts.iter().find(|b| b.player == r.player) else {
            return Err(ApplyError::UnknownPlayer { player: r.player });
        };
        if let Some(p) = t.players.get_mut(&r.player) {
            p.status = PlayerStatus::Playing;
            p.stack = r.stack;
            p.bounty = r.bounty;
            p.last_seat = r.last_seat;
            p.last_bust = r.last_bust.clone();
            p.reentry = r.reentry.clone();
            p.knocked_out = p.knocked_out.saturating_sub(1);
        }
        t.seat(r.player, b.seat);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::log::command::{BustReport, Command, ReEntryOption};
    use crate::log::event::{Event, PaymentMethod};
    use crate::model::ids::PlayerId;
    use crate::model::state::{Tournament, UndoStep};
    use crate::test_kit::{run, started_pko};
    use std::collections::BTreeSet;

    /// A bust of `victim` by a tablemate, taken back both ways: from the step recorded today
    /// (explicit data) and from the whole records older logs stored. Both give the state from
    /// before the bust, exactly.
    fn undo_both_ways(t: &mut Tournament, victim: PlayerId, now: i64) {
        let before = t.clone();
        let seat = t.players[&victim].seat.expect("seated");
        let by = *t.tables[&seat.table]
            .seats
            .values()
            .find(|p| **p != victim)
            .expect("a tablemate");
        let report = Command::ReportBusts {
            table: seat.table,
            busts: vec![BustReport {
                player: victim,
                eliminators: vec![by],
                start_stack: None,
            }],
        };
        run(t, report, now);
        let Some(UndoStep::Busts { busts, .. }) = t.undo.last().cloned() else {
            panic!("a bust can be undone");
        };
        let involved: BTreeSet<PlayerId> = [victim, by].into();
        let legacy = UndoStep::Busts {
            busts,
            restore: Vec::new(),
            before: involved.iter().map(|p| before.players[p].clone()).collect(),
        };
        let mut old_way = t.clone();
        old_way
            .apply(&Event::Undone {
                step: legacy,
                reason: "old log".into(),
            })
            .expect("fits");
        run(
            t,
            Command::UndoLast {
                reason: "wrong table".into(),
            },
            now,
        );
        assert_eq!(t.players, before.players, "everyone as before the bust");
        assert_eq!(t.tables, before.tables);
        assert_eq!(t.eliminations, before.eliminations);
        assert_eq!(old_way.players, t.players, "both ways agree");
        assert_eq!(old_way.tables, t.tables);
        assert_eq!(old_way.eliminations, t.eliminations);
    }

    #[test]
    fn a_bust_is_taken_back_from_explicit_data_as_old_logs_took_it_back_from_copies() {
        let mut t = started_pko(5);
        undo_both_ways(&mut t, PlayerId(2), 60_000);
        // A player busted once and back by a re-entry: the earlier bust and the re-entry
        // record come back too.
        let seat = t.players[&PlayerId(3)].seat.expect("seated");
        let by = *t.tables[&seat.table]
            .seats
            .values()
            .find(|p| p.0 != 3)
            .expect("a tablemate");
        run(
            &mut t,
            Command::ReportBusts {
                table: seat.table,
                busts: vec![BustReport {
                    player: PlayerId(3),
                    eliminators: vec![by],
                    start_stack: None,
                }],
            },
            120_000,
        );
        run(
            &mut t,
            Command::ReEnter {
                player: PlayerId(3),
                option: ReEntryOption::SameSeat,
                method: PaymentMethod::Cash,
                present: true,
            },
            180_000,
        );
        assert!(t.players[&PlayerId(3)].reentry.is_some());
        undo_both_ways(&mut t, PlayerId(3), 240_000);
    }
}
