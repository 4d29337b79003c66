//! `apply` only routes: each stored event goes to the `ApplyEvent` impl of its payload struct,
//! in the rule module that decided it, beside its `decide_*` (the dispatch is written by
//! `events!` in `log/event.rs`). It also keeps the list of actions that can be undone and
//! counts the events applied.
//!
//! An event that does not fit the state (an unknown player, a second creation…) means a
//! corrupt log: `apply` says so with an [`ApplyError`] and changes nothing, so a host never
//! serves a state that silently differs from its log.

use crate::log::error::ApplyError;
use crate::log::event::Event;
use crate::model::state::Tournament;
use crate::rules::undo;

impl Tournament {
    /// Applies one stored event, or says why it does not fit (the state is then unchanged).
    /// `decide` only ever writes events that fit, so replaying a sound log never fails.
    pub fn apply(&mut self, event: &Event) -> Result<(), ApplyError> {
        if self.config.is_none() && !matches!(event, Event::TournamentCreated(_)) {
            return Err(ApplyError::NotCreated);
        }
        // What taking the event back needs is read before it changes anything.
        let undo_effect = undo::undo_effect(self, event);
        event.apply_to(self)?;
        undo::remember(self, undo_effect, self.events_applied + 1);
        self.events_applied += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::log::error::ApplyError;
    use crate::log::event::{
        BountyPaid, BustOutcome, BustsRecorded, ButtonSet, ChipsCounted, Event, PenaltyRescinded,
        Place, PlayerRegistered, RulingOverruled, TableOpened, TournamentCreated,
    };
    use crate::model::ids::{PlayerId, SeatNo, TableNo, Timestamp};
    use crate::model::money::{Cents, Chips};
    use crate::model::state::Tournament;
    use crate::test_kit::started_pko;

    /// A progressive knock-out with four players, its clock started.
    fn started() -> Tournament {
        started_pko(4)
    }

    /// The event is refused with `error`, and the state is exactly as it was.
    fn refused(t: &Tournament, event: Event, error: ApplyError) {
        let mut after = t.clone();
        assert_eq!(after.apply(&event), Err(error));
        assert_eq!(&after, t, "a misfit changes nothing");
    }

    #[test]
    fn an_event_before_the_creation_is_a_corrupt_log() {
        refused(
            &Tournament::default(),
            Event::TableOpened(TableOpened { table: TableNo(1) }),
            ApplyError::NotCreated,
        );
    }

    #[test]
    fn a_second_creation_is_a_corrupt_log() {
        let t = started();
        let config = t.config.clone().expect("created");
        refused(
            &t,
            Event::TournamentCreated(TournamentCreated { config }),
            ApplyError::AlreadyCreated,
        );
    }

    #[test]
    fn events_naming_what_does_not_exist_are_refused_and_change_nothing() {
        let t = started();
        let ghost = PlayerId(99);
        refused(
            &t,
            Event::ChipsCounted(ChipsCounted {
                player: ghost,
                chips: Chips(100),
                at: Timestamp(2_000),
            }),
            ApplyError::UnknownPlayer { player: ghost },
        );
        refused(
            &t,
            Event::ButtonSet(ButtonSet {
                table: TableNo(7),
                seat: SeatNo(1),
            }),
            ApplyError::UnknownTable { table: TableNo(7) },
        );
        refused(
            &t,
            Event::RulingOverruled(RulingOverruled {
                incident: 0,
                reason: "x".into(),
            }),
            ApplyError::UnknownIncident { index: 0 },
        );
        refused(
            &t,
            Event::PenaltyRescinded(PenaltyRescinded {
                index: 3,
                reason: "x".into(),
            }),
            ApplyError::UnknownPenalty { index: 3 },
        );
        refused(
            &t,
            Event::PlayerRegistered(PlayerRegistered {
                player: PlayerId(1),
                name: "again".into(),
                payment: t.players[&PlayerId(1)].registration_payment,
                bonus: Chips::ZERO,
                at: Timestamp(2_000),
            }),
            ApplyError::PlayerExists {
                player: PlayerId(1),
            },
        );
    }

    #[test]
    fn a_bust_paying_an_unknown_winner_changes_nothing_at_all() {
        let t = started();
        let victim = PlayerId(1);
        let seat: Place = t.players[&victim].seat.expect("seated");
        let ghost = PlayerId(99);
        refused(
            &t,
            Event::BustsRecorded(BustsRecorded {
                table: seat.table,
                h4h_hand: None,
                busts: vec![BustOutcome {
                    player: victim,
                    seat,
                    start_stack: None,
                    eliminators: vec![ghost],
                    bounties: vec![BountyPaid {
                        to: ghost,
                        cash: Cents(500),
                        onto_head: Cents(500),
                        entry: 0,
                        knocked_out: None,
                    }],
                    stack_before: Chips(12_000),
                }],
                at: Timestamp(2_000),
            }),
            ApplyError::UnknownPlayer { player: ghost },
        );
    }
}
