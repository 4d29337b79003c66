//! `apply` only routes: each stored event goes to the `apply_*` function of the rule module
//! that decided it, beside its `decide_*`. It also keeps the list of actions that can be
//! undone and counts the events applied.
//!
//! An event that does not fit the state (an unknown player, a second creation…) means a
//! corrupt log: `apply` says so with an [`ApplyError`] and changes nothing, so a host never
//! serves a state that silently differs from its log.

use crate::log::error::ApplyError;
use crate::log::event::Event;
use crate::model::incident::Incident;
use crate::model::state::Tournament;
use crate::rules::{
    balancing, busts, calls, clock, corrections, deals, door, hand_for_hand, incidents, payouts,
    penalties, purchases, registration, seating, setup, stacks, structure, undo,
};

impl Tournament {
    /// Applies one stored event, or says why it does not fit (the state is then unchanged).
    /// `decide` only ever writes events that fit, so replaying a sound log never fails.
    pub fn apply(&mut self, event: &Event) -> Result<(), ApplyError> {
        if self.config.is_none() && !matches!(event, Event::TournamentCreated { .. }) {
            return Err(ApplyError::NotCreated);
        }
        // What taking the event back needs is read before it changes anything.
        let undo_effect = undo::undo_effect(self, event);
        self.route(event)?;
        undo::remember(self, undo_effect, self.events_applied + 1);
        self.events_applied += 1;
        Ok(())
    }

    /// The rule module that owns the event records it.
    fn route(&mut self, event: &Event) -> Result<(), ApplyError> {
        let t = self;
        match event {
            Event::TournamentCreated { config } => setup::apply_created(t, config),
            Event::ConfigChanged { config } => setup::apply_config_changed(t, config),
            Event::StructureChanged { levels } => structure::apply_structure_changed(t, levels),
            Event::TableOpened { table } => seating::apply_table_opened(t, *table),
            Event::PlayerRegistered {
                player,
                name,
                payment,
                bonus,
                at,
            } => registration::apply_registered(t, *player, name, payment, *bonus, *at),
            Event::PlayerReEntered {
                player,
                payment,
                bonus,
                same_seat,
                ..
            } => registration::apply_reentered(t, *player, payment, *bonus, *same_seat),
            Event::RebuyBought {
                player,
                payment,
                rebuys,
                chips,
                stack_before,
                same_seat,
                ..
            } => purchases::apply_rebuy(
                t,
                *player,
                payment,
                *rebuys,
                *chips,
                *stack_before,
                *same_seat,
            ),
            Event::AddOnBought {
                player,
                payment,
                chips,
                ..
            } => purchases::apply_add_on(t, *player, payment, *chips),
            Event::RebuyRequested { player, at } => {
                purchases::apply_rebuy_requested(t, *player, *at)
            }
            Event::RebuyCancelled { player, refund, .. } => {
                purchases::apply_purchase_cancelled(t, *player, refund, false)
            }
            Event::AddOnCancelled { player, refund, .. } => {
                purchases::apply_purchase_cancelled(t, *player, refund, true)
            }
            Event::ReEntryRequested { player, at } => {
                registration::apply_reentry_requested(t, *player, *at)
            }
            Event::SignedUp {
                entry,
                name,
                method,
                at,
                sender,
            } => door::apply_signed_up(t, *entry, name, *method, *at, *sender),
            Event::LeftQueue { entry } => door::apply_left_queue(t, *entry),
            Event::QueueEntriesMerged { keep, merged } => door::apply_merged(t, *keep, *merged),
            Event::Admitted { entry, player } => door::apply_admitted(t, *entry, *player),
            Event::SeatDrawn { player, seat } => seating::apply_seat_drawn(t, *player, *seat),
            Event::PlayerUnregistered { player, refund } => {
                registration::apply_unregistered(t, *player, refund)
            }
            Event::RegistrationClosed { .. } => registration::apply_registration_closed(t, true),
            Event::RegistrationReopened { .. } => registration::apply_registration_closed(t, false),
            Event::PlayerRenamed { player, name } => registration::apply_renamed(t, *player, name),
            Event::PlayerArrived { player } => registration::apply_arrived(t, *player),
            Event::BustsRecorded {
                table, busts, at, ..
            } => busts::apply_busts(t, *table, busts, *at),
            Event::PlayerRevived {
                player,
                seat,
                bounties_reversed,
                bounty,
                ..
            } => busts::apply_revived(t, *player, *seat, bounties_reversed, *bounty),
            Event::ClockChanged { clock, .. } => clock::apply_clock_changed(t, *clock),
            Event::ButtonSet { table, seat } => balancing::apply_button_set(t, *table, *seat),
            Event::PlayerMoved { movement, .. } => balancing::apply_moved(t, movement),
            Event::TableBroken {
                table,
                moves,
                abandoned_moves,
            } => balancing::apply_table_broken(t, *table, moves, abandoned_moves),
            Event::FinalTableDrawn {
                table,
                moves,
                button,
                abandoned_moves,
            } => balancing::apply_final_table_drawn(t, *table, moves, *button, abandoned_moves),
            Event::BalancingSet { automatic, trigger } => {
                balancing::apply_balancing_set(t, *automatic, *trigger)
            }
            Event::ChipsCounted { player, chips, .. } => {
                stacks::apply_chips_counted(t, *player, *chips)
            }
            Event::StackSurrendered {
                player,
                abandoned_at,
                at,
            } => stacks::apply_stack_surrendered(t, *player, *abandoned_at, *at),
            Event::AbandonedStackGone {
                place, bounties, ..
            } => stacks::apply_abandoned_gone(t, *place, bounties),
            Event::PlayerLeftEarly { player, at } => penalties::apply_left_early(t, *player, *at),
            Event::PlayerDisqualified { player, at, .. } => {
                penalties::apply_disqualified(t, *player, *at)
            }
            Event::PenaltyGiven {
                player,
                penalty,
                reason,
                at,
            } => penalties::apply_penalty_given(t, *player, *penalty, reason, *at),
            Event::PenaltyRescinded { index, reason } => {
                penalties::apply_penalty_rescinded(t, *index, reason)
            }
            Event::PenaltyHandServed { player } => penalties::apply_penalty_hand_served(t, *player),
            Event::HandForHandSet { on } => hand_for_hand::apply_hand_for_hand_set(t, *on),
            Event::HandFinished { table } => hand_for_hand::apply_hand_finished(t, *table),
            Event::PayoutsSet { amounts } => payouts::apply_payouts_set(t, amounts),
            Event::DealRecorded {
                amounts,
                to_play_for,
                at,
                ..
            } => deals::apply_deal_recorded(t, amounts, *to_play_for, *at),
            Event::DirectorCalled { table, at } => calls::apply_director_called(t, *table, *at),
            Event::CallAnswered { table, at } => calls::apply_call_answered(t, *table, *at),
            Event::RulingRecorded {
                table,
                flow,
                answers,
                leaf,
                rule,
                at,
                tapped_at,
                closes_call,
            } => incidents::apply_ruling_recorded(
                t,
                Incident {
                    table: *table,
                    flow: flow.clone(),
                    answers: answers.clone(),
                    leaf: leaf.clone(),
                    rule: rule.clone(),
                    at: *at,
                    tapped_at: *tapped_at,
                    overruled: None,
                },
                *closes_call,
            ),
            Event::RulingOverruled { incident, reason } => {
                incidents::apply_ruling_overruled(t, *incident, reason)
            }
            Event::ActionUndone { seq, .. } => undo::apply_action_undone(t, *seq),
            Event::Undone { step, .. } => undo::apply_legacy_undone(t, step),
            Event::EntryCancelled { player, refund, .. } => {
                corrections::apply_entry_cancelled(t, *player, refund)
            }
            Event::PlayerReinstated { player, seat, .. } => {
                corrections::apply_reinstated(t, *player, *seat)
            }
            Event::TableReopened {
                table,
                moves,
                abandoned_moves,
                ..
            } => corrections::apply_table_reopened(t, *table, moves, abandoned_moves),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::log::error::ApplyError;
    use crate::log::event::{BountyPaid, BustOutcome, Event, Place};
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
            Event::TableOpened { table: TableNo(1) },
            ApplyError::NotCreated,
        );
    }

    #[test]
    fn a_second_creation_is_a_corrupt_log() {
        let t = started();
        let config = t.config.clone().expect("created");
        refused(
            &t,
            Event::TournamentCreated { config },
            ApplyError::AlreadyCreated,
        );
    }

    #[test]
    fn events_naming_what_does_not_exist_are_refused_and_change_nothing() {
        let t = started();
        let ghost = PlayerId(99);
        refused(
            &t,
            Event::ChipsCounted {
                player: ghost,
                chips: Chips(100),
                at: Timestamp(2_000),
            },
            ApplyError::UnknownPlayer { player: ghost },
        );
        refused(
            &t,
            Event::ButtonSet {
                table: TableNo(7),
                seat: SeatNo(1),
            },
            ApplyError::UnknownTable { table: TableNo(7) },
        );
        refused(
            &t,
            Event::RulingOverruled {
                incident: 0,
                reason: "x".into(),
            },
            ApplyError::UnknownIncident { index: 0 },
        );
        refused(
            &t,
            Event::PenaltyRescinded {
                index: 3,
                reason: "x".into(),
            },
            ApplyError::UnknownPenalty { index: 3 },
        );
        refused(
            &t,
            Event::PlayerRegistered {
                player: PlayerId(1),
                name: "again".into(),
                payment: t.players[&PlayerId(1)].registration_payment,
                bonus: Chips::ZERO,
                at: Timestamp(2_000),
            },
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
            Event::BustsRecorded {
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
            },
            ApplyError::UnknownPlayer { player: ghost },
        );
    }
}
