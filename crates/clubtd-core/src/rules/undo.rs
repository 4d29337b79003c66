//! "Undo the last action": the director takes back the latest bust report, move, button,
//! count, clock change or penalty, with a reason (history is kept: the undo is an event of
//! its own). What each action needs to be taken back is recorded when it is applied; any
//! other change clears that list, so undo only ever reaches the latest actions.

use crate::log::command::{Ctx, DecideCommand, UndoLast};
use crate::log::error::{ApplyError, DomainError};
use crate::log::event::{
    ActionUndone, ApplyEvent, BustOutcome, BustsRecorded, ButtonSet, ChipsCounted, Event,
    PlayerMoved, Undone,
};
use crate::model::config::Config;
use crate::model::state::{BustUndo, PlayerStatus, Tournament, UndoStep, Undoable};
use crate::rules::known_player;

/// How many recent actions can be taken back, one after the other.
const UNDO_DEPTH: usize = 20;

/// Takes back the latest undoable action. A bust can only be undone while its players'
/// seats are still free and nobody re-entered; a move while the old seat is free.
impl DecideCommand for UndoLast {
    fn decide(&self, t: &Tournament, _cfg: &Config, _ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let UndoLast { reason } = self;
        let reason = reason.trim();
        if reason.is_empty() {
            return Err(DomainError::ReasonRequired);
        }
        let latest = t.undo.last().ok_or(DomainError::NothingToUndo)?;
        let seat_free = |place: &crate::model::seats::Place| {
            t.tables
                .get(&place.table)
                .is_some_and(|tb| tb.open && !tb.is_taken(place.seat))
        };
        match &latest.step {
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
                let here =
                    t.players.get(&movement.player).and_then(|p| p.seat) == Some(movement.to);
                if !here || !seat_free(&movement.from) {
                    return Err(DomainError::SameSeatTaken {
                        player: movement.player,
                    });
                }
            }
            _ => {}
        }
        Ok(vec![Event::ActionUndone(ActionUndone {
            seq: latest.seq,
            reason: reason.to_string(),
        })])
    }
}

/// What applying `event` does to the list of actions that can be undone.
pub(crate) enum UndoEffect {
    /// The event can be taken back this way.
    Push(UndoStep),
    /// The event cannot be taken back: nothing before it can be either.
    Clear,
    /// An undo itself: the list is handled by [`apply_action_undone`].
    Keep,
}

/// Keeps what is needed to take `event` back, read from the state before it is applied.
pub(crate) fn undo_effect(t: &Tournament, event: &Event) -> UndoEffect {
    let step = match event {
        Event::BustsRecorded(BustsRecorded { busts, .. }) => {
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
            })
        }
        Event::PlayerMoved(PlayerMoved { movement, .. }) => Some(UndoStep::Move {
            movement: *movement,
        }),
        Event::ButtonSet(ButtonSet { table, .. }) => Some(UndoStep::Button {
            table: *table,
            previous: t.tables.get(table).and_then(|tb| tb.button),
        }),
        Event::ChipsCounted(ChipsCounted { player, .. }) => {
            t.players.get(player).map(|p| UndoStep::Count {
                player: *player,
                previous: p.stack,
                previous_counted: p.stack_counted,
            })
        }
        Event::ClockChanged(_) => Some(UndoStep::Clock { previous: t.clock }),
        Event::PenaltyGiven(_) => Some(UndoStep::Penalty),
        // A table's request for a rebuy changes nothing the director might take back.
        // Nor does the door's queue, until an entry is admitted (a registration).
        Event::ActionUndone(_)
        | Event::Undone(_)
        | Event::RebuyRequested(_)
        | Event::ReEntryRequested(_)
        | Event::SignedUp(_)
        | Event::LeftQueue(_)
        | Event::QueueEntriesMerged(_) => return UndoEffect::Keep,
        _ => None,
    };
    match step {
        Some(s) => UndoEffect::Push(s),
        None => UndoEffect::Clear,
    }
}

/// Records an applied event's [`UndoEffect`]; `seq` is that event's number in the log.
pub(crate) fn remember(t: &mut Tournament, effect: UndoEffect, seq: u64) {
    match effect {
        UndoEffect::Push(step) => {
            t.undo.push(Undoable { seq, step });
            if t.undo.len() > UNDO_DEPTH {
                t.undo.remove(0);
            }
        }
        UndoEffect::Clear => t.undo.clear(),
        UndoEffect::Keep => {}
    }
}

/// `ActionUndone`: the latest action that can be undone, which must be the event `seq`, taken
/// back from the state's own record of it. Everything is checked before anything changes.
impl ApplyEvent for ActionUndone {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &ActionUndone { seq, .. } = self;
        let latest = t
            .undo
            .last()
            .filter(|latest| latest.seq == seq)
            .ok_or(ApplyError::NotTheLatestAction { seq })?;
        let step = latest.step.clone();
        check_fits(t, &step)?;
        t.undo.pop();
        take_back(t, &step);
        Ok(())
    }
}

/// `Undone` of a log written before v7: the stored step taken back as then (it leaves the
/// list when it is the latest action's own record).
impl ApplyEvent for Undone {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let Undone { step, .. } = self;
        let step = step.clone().into_step();
        check_fits(t, &step)?;
        if t.undo.last().is_some_and(|latest| latest.step == step) {
            t.undo.pop();
        }
        take_back(t, &step);
        Ok(())
    }
}

/// Whether `step` can be taken back from this state: every player it names is known, each
/// record to restore belongs to a bust of the step. Checked before anything changes, so an
/// undo that does not fit leaves the state as it was.
fn check_fits(t: &Tournament, step: &UndoStep) -> Result<(), ApplyError> {
    match step {
        UndoStep::Busts { busts, restore } => {
            for b in busts {
                known_player(t, b.player)?;
                for paid in &b.bounties {
                    known_player(t, paid.to)?;
                }
            }
            if restore
                .iter()
                .any(|r| !busts.iter().any(|b| b.player == r.player))
            {
                return Err(ApplyError::CannotTakeBack {
                    why: "a record to restore is not one of the hand's busts",
                });
            }
            Ok(())
        }
        UndoStep::Move { movement } => known_player(t, movement.player).map(|_| ()),
        UndoStep::Count { player, .. } => known_player(t, *player).map(|_| ()),
        UndoStep::Button { .. } | UndoStep::Clock { .. } | UndoStep::Penalty => Ok(()),
    }
}

/// Takes `step` back; [`check_fits`] has said it fits.
fn take_back(t: &mut Tournament, step: &UndoStep) {
    match step {
        UndoStep::Busts { busts, restore } => undo_busts(t, busts, restore),
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
}

/// Takes a hand's busts back from the events' own data: the bounties return from their
/// winners, and each busted player sits down again with the stack, bounty and records the
/// bust replaced. Payments are reversed first, so a player who both won a bounty and busted
/// in the hand ends with exactly their record from before it.
fn undo_busts(t: &mut Tournament, busts: &[BustOutcome], restore: &[BustUndo]) {
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
            continue;
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
}

#[cfg(test)]
mod tests {
    use crate::log::command::{BustReport, Command, ReEnter, ReEntryOption, ReportBusts, UndoLast};
    use crate::log::event::{ActionUndone, Event, PaymentMethod, Undone};
    use crate::log::legacy::{LegacyBustUndo, LegacyPlayerRecord, LegacyUndoStep};
    use crate::model::ids::PlayerId;
    use crate::model::state::{Player, PlayerStatus, Tournament, UndoStep};
    use crate::test_kit::{run, started_pko};
    use std::collections::BTreeSet;

    /// A bust of `victim` by a tablemate, taken back both ways: by today's undo (the event
    /// names the action, the state's own record takes it back) and from the whole records
    /// that v1 logs stored. Both give the state from before the bust, exactly.
    fn undo_both_ways(t: &mut Tournament, victim: PlayerId, now: i64) {
        let before = t.clone();
        let seat = t.players[&victim].seat.expect("seated");
        let by = *t.tables[&seat.table]
            .seats
            .values()
            .find(|p| **p != victim)
            .expect("a tablemate");
        let report = Command::ReportBusts(ReportBusts {
            table: seat.table,
            busts: vec![BustReport {
                player: victim,
                eliminators: vec![by],
                start_stack: None,
            }],
        });
        run(t, report, now);
        let Some(UndoStep::Busts { busts, .. }) = t.undo.last().map(|u| u.step.clone()) else {
            panic!("a bust can be undone");
        };
        let involved: BTreeSet<PlayerId> = [victim, by].into();
        // v1 stored each player's whole record as JSON: read it back the way such a log is.
        let record = |p: &Player| -> LegacyPlayerRecord {
            serde_json::from_value(serde_json::to_value(p).expect("a player serialises"))
                .expect("a whole record reads as v1's")
        };
        let legacy = LegacyUndoStep::Busts {
            busts,
            restore: Vec::new(),
            before: involved
                .iter()
                .map(|p| record(&before.players[p]))
                .collect(),
        };
        let mut old_way = t.clone();
        old_way
            .apply(&Event::Undone(Undone {
                step: legacy,
                reason: "old log".into(),
            }))
            .expect("fits");
        run(
            t,
            Command::UndoLast(UndoLast {
                reason: "wrong table".into(),
            }),
            now,
        );
        assert_eq!(t.players, before.players, "everyone as before the bust");
        assert_eq!(t.tables, before.tables);
        assert_eq!(t.eliminations, before.eliminations);
        assert_eq!(old_way.players, t.players, "both ways agree");
        assert_eq!(old_way.undo, t.undo, "both take the action off the list");
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
            Command::ReportBusts(ReportBusts {
                table: seat.table,
                busts: vec![BustReport {
                    player: PlayerId(3),
                    eliminators: vec![by],
                    start_stack: None,
                }],
            }),
            120_000,
        );
        run(
            &mut t,
            Command::ReEnter(ReEnter {
                player: PlayerId(3),
                option: ReEntryOption::SameSeat,
                method: PaymentMethod::Cash,
                present: true,
            }),
            180_000,
        );
        assert!(t.players[&PlayerId(3)].reentry.is_some());
        undo_both_ways(&mut t, PlayerId(3), 240_000);
    }

    /// A bust reported at a table of the started knock-out, as the undo tests want it.
    fn bust_at_table(t: &mut Tournament, victim: PlayerId, now: i64) {
        let seat = t.players[&victim].seat.expect("seated");
        let by = *t.tables[&seat.table]
            .seats
            .values()
            .find(|p| **p != victim)
            .expect("a tablemate");
        run(
            t,
            Command::ReportBusts(ReportBusts {
                table: seat.table,
                busts: vec![BustReport {
                    player: victim,
                    eliminators: vec![by],
                    start_stack: None,
                }],
            }),
            now,
        );
    }

    #[test]
    fn an_undo_names_the_action_it_takes_back_and_holds_no_state() {
        let mut t = started_pko(5);
        bust_at_table(&mut t, PlayerId(2), 60_000);
        let seq = t.undo.last().expect("the bust can be undone").seq;
        assert_eq!(seq, t.events_applied, "the bust is the latest event");
        let events = crate::decide(
            &t,
            &Command::UndoLast(UndoLast {
                reason: "wrong table".into(),
            }),
            crate::Ctx {
                now: crate::ids::Timestamp(61_000),
                seed: 1,
                tapped_at: None,
                sender: None,
            },
        )
        .expect("the bust can be undone");
        let stored = serde_json::to_value(&events).expect("events serialise");
        assert_eq!(
            stored,
            serde_json::json!([{ "type": "action_undone", "seq": seq, "reason": "wrong table" }])
        );
    }

    #[test]
    fn an_undo_that_does_not_fit_leaves_the_state_as_it_was() {
        let mut t = started_pko(5);
        bust_at_table(&mut t, PlayerId(2), 60_000);
        let seq = t.undo.last().expect("the bust can be undone").seq;
        let before = t.clone();
        // Another action than the latest one.
        for other in [seq - 1, seq + 1] {
            let wrong = Event::ActionUndone(ActionUndone {
                seq: other,
                reason: "r".into(),
            });
            assert_eq!(
                t.apply(&wrong),
                Err(crate::ApplyError::NotTheLatestAction { seq: other })
            );
            assert_eq!(t, before);
        }
        let refused_unchanged = |t: &mut Tournament, step: LegacyUndoStep| {
            let undo = Event::Undone(Undone {
                step,
                reason: "r".into(),
            });
            assert!(t.apply(&undo).is_err());
            assert_eq!(*t, before, "nothing changed");
        };
        // An old log's step whose record to restore is nobody of the hand: refused before the
        // bounties go back or anyone sits down again.
        let Some(UndoStep::Busts { busts, restore }) = t.undo.last().map(|u| u.step.clone()) else {
            panic!("a bust");
        };
        let mut stray = restore[0].clone();
        stray.player = PlayerId(4);
        let damaged = LegacyUndoStep::Busts {
            busts: busts.clone(),
            restore: vec![LegacyBustUndo {
                player: stray.player,
                stack: stray.stack,
                bounty: stray.bounty,
                last_seat: stray.last_seat,
                last_bust: stray.last_bust,
                reentry: None,
            }],
            before: Vec::new(),
        };
        refused_unchanged(&mut t, damaged);
        // A bust naming a player the tournament does not have.
        let mut unknown = busts.clone();
        unknown[0].bounties[0].to = PlayerId(99);
        let damaged = LegacyUndoStep::Busts {
            busts: unknown,
            restore: Vec::new(),
            before: Vec::new(),
        };
        refused_unchanged(&mut t, damaged);
        // The right one goes through.
        t.apply(&Event::ActionUndone(ActionUndone {
            seq,
            reason: "r".into(),
        }))
        .expect("fits");
        assert_ne!(t.undo.last().map(|u| u.seq), Some(seq), "off the list");
        assert_eq!(t.players[&PlayerId(2)].status, PlayerStatus::Playing);
    }
}
