//! `decide` only routes: each command goes to the rule module that owns it. A refusal leaves
//! the state untouched (decide never mutates; the host applies events after committing them).

use crate::log::command::{Command, Ctx};
use crate::log::error::DomainError;
use crate::log::event::Event;
use crate::model::seats::Place;
use crate::model::state::Tournament;
use crate::rules::{
    balancing, busts, calls, clock, corrections, deals, door, hand_for_hand, incidents, payouts,
    penalties, purchases, registration, setup, stacks, structure, undo,
};

/// Decides a command against the state: the events to record, or why not.
pub fn decide(t: &Tournament, command: &Command, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
    if let Command::CreateTournament { config } = command {
        return setup::decide_create(t, config);
    }
    let cfg = t.config().ok_or(DomainError::NotCreated)?;
    deals::refused_after_deal(t, command)?;
    match command {
        Command::CreateTournament { .. } => Err(DomainError::AlreadyCreated),
        Command::ChangeConfig { config } => setup::decide_change_config(t, cfg, config),
        Command::ChangeStructure { levels } => {
            structure::decide_change_structure(t, cfg, ctx, levels)
        }
        Command::RegisterPlayer {
            name,
            method,
            present,
            same_name_confirmed,
        } => registration::decide_register(
            t,
            cfg,
            ctx,
            name,
            *method,
            *present,
            *same_name_confirmed,
        ),
        Command::UnregisterPlayer { player } => registration::decide_unregister(t, *player),
        Command::ReEnter {
            player,
            option,
            method,
            present,
        } => registration::decide_reenter(t, cfg, ctx, *player, *option, *method, *present),
        Command::Rebuy {
            player,
            double,
            stack,
            method,
            present,
        } => purchases::decide_rebuy(
            t,
            cfg,
            ctx,
            purchases::RebuyOrder {
                player: *player,
                double: *double,
                stack: *stack,
                method: *method,
                present: *present,
            },
        ),
        Command::AddOn {
            player,
            method,
            present,
        } => purchases::decide_add_on(t, cfg, ctx, *player, *method, *present),
        Command::RequestRebuy { player } => purchases::decide_request_rebuy(t, cfg, ctx, *player),
        Command::CancelRebuy { player, reason } => {
            purchases::decide_cancel_purchase(t, ctx, *player, false, reason)
        }
        Command::CancelAddOn { player, reason } => {
            purchases::decide_cancel_purchase(t, ctx, *player, true, reason)
        }
        Command::RequestReEntry { player } => {
            registration::decide_request_reentry(t, cfg, ctx, *player)
        }
        Command::SignUp { name, method } => door::decide_sign_up(t, cfg, ctx, name, *method),
        Command::LeaveQueue { entry } => door::decide_leave_queue(t, *entry),
        Command::MergeQueueEntries { keep, merged } => door::decide_merge(t, *keep, *merged),
        Command::ClearQueueEntries {
            entries,
            same_sender,
        } => door::decide_clear(t, entries, *same_sender),
        Command::Admit {
            entry,
            method,
            same_name_confirmed,
        } => door::decide_admit(t, cfg, ctx, *entry, *method, *same_name_confirmed),
        Command::CloseRegistration => registration::decide_close_registration(t, cfg, ctx),
        Command::ReopenRegistration { reason } => {
            registration::decide_reopen_registration(t, reason)
        }
        Command::RenamePlayer { player, name } => registration::decide_rename(t, *player, name),
        Command::ConfirmArrival { player } => registration::decide_confirm_arrival(t, *player),
        Command::ReportBusts { table, busts } => {
            busts::decide_report_busts(t, cfg, ctx, *table, busts)
        }
        Command::RevivePlayer { player, reason } => busts::decide_revive(t, *player, reason),
        Command::StartClock => clock::decide_start_clock(t, cfg, ctx),
        Command::PauseClock => clock::decide_pause_clock(t, cfg, ctx),
        Command::ResumeClock => clock::decide_resume_clock(t, ctx),
        Command::AdjustClock { delta_seconds } => {
            clock::decide_adjust_clock(t, cfg, ctx, *delta_seconds)
        }
        Command::JumpToLevel { level_index } => {
            clock::decide_jump_to_level(t, cfg, ctx, *level_index)
        }
        Command::SetButton { table, seat } => balancing::decide_set_button(t, cfg, *table, *seat),
        Command::MovePlayer { player, to, reason } => {
            balancing::decide_move(t, cfg, *player, *to, *reason)
        }
        Command::BreakTable { table } => balancing::decide_break(t, cfg, ctx, *table),
        Command::DrawFinalTable => balancing::decide_final_table(t, cfg, ctx),
        Command::SetBalancing { automatic, trigger } => {
            balancing::decide_set_balancing(cfg, *automatic, *trigger)
        }
        Command::ReportChips { player, chips } => {
            stacks::decide_report_chips(t, *player, *chips, ctx)
        }
        Command::ReportTableChips { table, counts } => {
            stacks::decide_report_table_chips(t, *table, counts, ctx)
        }
        Command::SurrenderStack { player } => stacks::decide_surrender(t, cfg, *player, ctx),
        Command::AbandonedStackGone {
            table,
            seat,
            winners,
        } => stacks::decide_abandoned_gone(
            t,
            cfg,
            Place {
                table: *table,
                seat: *seat,
            },
            winners,
        ),
        Command::LeaveEarly { player } => penalties::decide_leave_early(t, *player, ctx),
        Command::Disqualify { player, reason } => {
            penalties::decide_disqualify(t, *player, reason, ctx)
        }
        Command::GivePenalty {
            player,
            penalty,
            reason,
        } => penalties::decide_penalty(t, *player, *penalty, reason, ctx),
        Command::PenaltyHandServed { table, player } => {
            penalties::decide_penalty_hand(t, *table, *player)
        }
        Command::RescindPenalty { index, reason } => {
            penalties::decide_rescind_penalty(t, *index, reason)
        }
        Command::SetHandForHand { on } => hand_for_hand::decide_set_hand_for_hand(*on),
        Command::FinishHand { table } => hand_for_hand::decide_finish_hand(t, *table),
        Command::SetPayouts { amounts } => payouts::decide_set_payouts(t, cfg, ctx, amounts),
        Command::RecordDeal {
            amounts,
            note,
            to_play_for,
        } => deals::decide_deal(t, cfg, amounts, *to_play_for, note, ctx),
        Command::CallDirector { table } => calls::decide_call_director(t, *table, ctx),
        Command::AnswerCall { table } => calls::decide_answer_call(t, *table, ctx),
        Command::CancelCall { table } => calls::decide_cancel_call(t, *table),
        Command::RecordRuling {
            table,
            flow,
            answers,
            player,
        } => incidents::decide_record_ruling(t, ctx, *table, flow, answers, *player),
        Command::OverruleRuling { incident, reason } => {
            incidents::decide_overrule_ruling(t, *incident, reason)
        }
        Command::UndoLast { reason } => undo::decide_undo(t, reason),
        Command::CancelEntry { player, reason } => {
            corrections::decide_cancel_entry(t, ctx, *player, reason)
        }
        Command::ReinstatePlayer { player, reason } => {
            corrections::decide_reinstate(t, cfg, ctx, *player, reason)
        }
        Command::ReopenTable { table, reason } => {
            corrections::decide_reopen_table(t, *table, reason)
        }
    }
}
