//! `decide` only routes: each command goes to the rule module that owns it. A refusal leaves
//! the state untouched (decide never mutates; the host applies events after committing them).

use crate::log::command::{Command, Ctx};
use crate::log::error::DomainError;
use crate::log::event::Event;
use crate::model::state::Tournament;
use crate::rules::balancing::{decide_break, decide_final_table, decide_move, decide_set_button};
use crate::rules::busts::{decide_report_busts, decide_revive};
use crate::rules::clock::{
    decide_adjust, decide_jump, decide_pause, decide_resume, decide_start, ClockChange,
};
use crate::rules::penalties::{
    decide_deal, decide_disqualify, decide_leave_early, decide_penalty, decide_report_chips,
    decide_surrender,
};
use crate::rules::registration::{
    decide_reenter, decide_register, decide_unregister, registration_open,
};

/// Decides a command against the state: the events to record, or why not.
pub fn decide(t: &Tournament, command: &Command, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
    if let Command::CreateTournament { config } = command {
        if t.config.is_some() {
            return Err(DomainError::AlreadyCreated);
        }
        config.validate()?;
        return Ok(vec![Event::TournamentCreated {
            config: config.clone(),
        }]);
    }
    let cfg = t.config().ok_or(DomainError::NotCreated)?;
    let clock_event = |change: ClockChange, clock| {
        Ok(vec![Event::ClockChanged {
            change,
            clock,
            at: ctx.now,
        }])
    };
    match command {
        Command::CreateTournament { .. } => Err(DomainError::AlreadyCreated),
        Command::ChangeConfig { config } => {
            if t.clock.is_started() {
                return Err(DomainError::AlreadyStarted);
            }
            config.validate()?;
            // Tables in use must stay: a player must never be left sitting at a removed table.
            let dropped = t
                .tables
                .iter()
                .any(|(n, tb)| !tb.seats.is_empty() && !config.tables.contains(n));
            if dropped
                || config.table_size < cfg.table_size
                    && t.tables
                        .values()
                        .any(|tb| tb.seats.keys().any(|s| s.0 > config.table_size))
            {
                return Err(DomainError::InvalidConfig {
                    field: "tables".into(),
                });
            }
            // More tables at the start: they open now, so the desk seats players there (a
            // table already open stays open; one with players must).
            let opened = config
                .tables
                .iter()
                .take(usize::from(config.tables_at_start))
                .filter(|n| !t.tables.get(n).is_some_and(|tb| tb.open))
                .map(|&table| Event::TableOpened { table });
            Ok(std::iter::once(Event::ConfigChanged {
                config: config.clone(),
            })
            .chain(opened)
            .collect())
        }
        Command::ChangeStructure { levels } => {
            crate::rules::structure::decide_change_structure(t, cfg, ctx, levels)
        }
        Command::RegisterPlayer {
            name,
            method,
            present,
        } => decide_register(t, cfg, ctx, name, *method, *present),
        Command::UnregisterPlayer { player } => decide_unregister(t, *player),
        Command::ReEnter {
            player,
            option,
            method,
            present,
        } => decide_reenter(t, cfg, ctx, *player, *option, *method, *present),
        Command::ReportBusts { table, busts } => decide_report_busts(t, cfg, ctx, *table, busts),
        Command::RevivePlayer { player, reason } => decide_revive(t, *player, reason),
        Command::StartClock => clock_event(
            ClockChange::Started,
            decide_start(t.clock, &cfg.levels, ctx.now)?,
        ),
        Command::PauseClock => clock_event(
            ClockChange::Paused,
            decide_pause(t.clock, &cfg.levels, ctx.now)?,
        ),
        Command::ResumeClock => clock_event(ClockChange::Resumed, decide_resume(t.clock, ctx.now)?),
        Command::AdjustClock { delta_seconds } => {
            let delta = delta_seconds
                .checked_mul(1000)
                .ok_or(DomainError::InvalidAmount {
                    field: "delta".into(),
                })?;
            clock_event(
                ClockChange::Adjusted,
                decide_adjust(t.clock, &cfg.levels, ctx.now, delta)?,
            )
        }
        Command::JumpToLevel { level_index } => {
            let index = usize::try_from(*level_index).unwrap_or(usize::MAX);
            clock_event(
                ClockChange::Jumped,
                decide_jump(t.clock, &cfg.levels, ctx.now, index)?,
            )
        }
        Command::CloseRegistration => {
            if !registration_open(t, cfg, ctx.now) {
                return Err(DomainError::RegistrationClosed);
            }
            Ok(vec![Event::RegistrationClosed { at: ctx.now }])
        }
        Command::SetButton { table, seat } => decide_set_button(t, cfg, *table, *seat),
        Command::MovePlayer { player, to, reason } => decide_move(t, cfg, *player, *to, *reason),
        Command::BreakTable { table } => decide_break(t, cfg, ctx, *table),
        Command::DrawFinalTable => decide_final_table(t, cfg, ctx),
        Command::ReportChips { player, chips } => decide_report_chips(t, *player, *chips, ctx),
        Command::LeaveEarly { player } => decide_leave_early(t, *player, ctx),
        Command::Disqualify { player, reason } => decide_disqualify(t, *player, reason, ctx),
        Command::GivePenalty {
            player,
            penalty,
            reason,
        } => decide_penalty(t, *player, *penalty, reason, ctx),
        Command::SetHandForHand { on } => Ok(vec![Event::HandForHandSet { on: *on }]),
        Command::FinishHand { table } => {
            if t.hand_for_hand.is_none() {
                return Err(DomainError::HandForHandOff);
            }
            let tb = t
                .tables
                .get(table)
                .ok_or(DomainError::UnknownTable { table: *table })?;
            if !tb.open {
                return Err(DomainError::TableNotOpen { table: *table });
            }
            Ok(vec![Event::HandFinished { table: *table }])
        }
        Command::SurrenderStack { player } => decide_surrender(t, cfg, *player, ctx),
        Command::AbandonedStackGone {
            table,
            seat,
            winners,
        } => crate::rules::penalties::decide_abandoned_gone(
            t,
            cfg,
            crate::log::event::Place {
                table: *table,
                seat: *seat,
            },
            winners,
        ),
        Command::SetBalancing { automatic, trigger } => {
            // A trigger of 1 would move players back and forth for ever.
            if *trigger < 2 || *trigger > cfg.table_size {
                return Err(DomainError::InvalidAmount {
                    field: "trigger".into(),
                });
            }
            Ok(vec![Event::BalancingSet {
                automatic: *automatic,
                trigger: *trigger,
            }])
        }
        Command::PenaltyHandServed { table, player } => {
            crate::rules::penalties::decide_penalty_hand(t, *table, *player)
        }
        Command::SetPayouts { amounts } => {
            crate::rules::payouts::decide_set_payouts(t, cfg, ctx, amounts)
        }
        Command::ReportTableChips { table, counts } => {
            if counts.is_empty() {
                return Err(DomainError::InvalidAmount {
                    field: "counts".into(),
                });
            }
            let mut events = Vec::new();
            for (player, chips) in counts {
                let at_table = t.players.get(player).and_then(|p| p.seat).map(|s| s.table);
                if at_table != Some(*table) {
                    return Err(DomainError::NotAtTable {
                        player: *player,
                        table: *table,
                    });
                }
                events.extend(decide_report_chips(t, *player, *chips, ctx)?);
            }
            Ok(events)
        }
        Command::ConfirmArrival { player } => {
            let p = t
                .players
                .get(player)
                .ok_or(DomainError::UnknownPlayer { player: *player })?;
            if p.status != crate::model::state::PlayerStatus::Playing {
                return Err(DomainError::PlayerNotActive { player: *player });
            }
            Ok(vec![Event::PlayerArrived { player: *player }])
        }
        Command::CallDirector { table } => {
            if !t.tables.get(table).is_some_and(|tb| tb.open) {
                return Err(DomainError::TableNotOpen { table: *table });
            }
            Ok(vec![Event::DirectorCalled {
                table: *table,
                at: ctx.now,
            }])
        }
        Command::AnswerCall { table } => {
            if !t.calls.contains_key(table) {
                return Err(DomainError::NoCall { table: *table });
            }
            Ok(vec![Event::CallAnswered { table: *table }])
        }
        Command::RescindPenalty { index, reason } => {
            let running = t
                .penalties
                .get(*index as usize)
                .is_some_and(|p| p.rescinded.is_none());
            if !running {
                return Err(DomainError::NotCorrectable {
                    seq: u64::from(*index),
                });
            }
            if reason.trim().is_empty() {
                return Err(DomainError::ReasonRequired);
            }
            Ok(vec![Event::PenaltyRescinded {
                index: *index,
                reason: reason.trim().to_string(),
            }])
        }
        Command::ReopenRegistration { reason } => {
            if !t.registration_closed {
                return Err(DomainError::NothingToUndo);
            }
            if reason.trim().is_empty() {
                return Err(DomainError::ReasonRequired);
            }
            Ok(vec![Event::RegistrationReopened {
                reason: reason.trim().to_string(),
            }])
        }
        Command::RenamePlayer { player, name } => {
            if !t.players.contains_key(player) {
                return Err(DomainError::UnknownPlayer { player: *player });
            }
            let name = name.trim();
            if name.is_empty() || name.chars().count() > 60 {
                return Err(DomainError::InvalidName);
            }
            Ok(vec![Event::PlayerRenamed {
                player: *player,
                name: name.to_string(),
            }])
        }
        Command::RecordRuling {
            table,
            flow,
            answers,
            player,
        } => {
            if let Some(tb) = table {
                if !t.tables.contains_key(tb) {
                    return Err(DomainError::UnknownTable { table: *tb });
                }
            }
            let state =
                crate::rulings::replay(flow, answers).map_err(|e| DomainError::InvalidRuling {
                    reason: e.code().to_string(),
                })?;
            let ruling = state.ruling().ok_or(DomainError::InvalidRuling {
                reason: "INCOMPLETE".into(),
            })?;
            let mut events = vec![Event::RulingRecorded {
                table: *table,
                flow: flow.clone(),
                answers: answers.clone(),
                leaf: ruling.leaf.clone(),
                rule: ruling.rule.clone(),
                at: ctx.now,
            }];
            // The ruling's sanction, on the player named (same reason: the rule applied).
            if let Some(player) = player {
                use crate::rulings::RulingAction;
                let reason = format!("{flow}: {}", ruling.rule);
                for action in &ruling.actions {
                    match action {
                        RulingAction::Penalty { kind } => {
                            events.extend(crate::rules::penalties::decide_penalty(
                                t, *player, *kind, &reason, ctx,
                            )?)
                        }
                        RulingAction::Disqualify => events.extend(
                            crate::rules::penalties::decide_disqualify(t, *player, &reason, ctx)?,
                        ),
                        _ => {}
                    }
                }
            }
            Ok(events)
        }
        Command::OverruleRuling { incident, reason } => {
            if reason.trim().is_empty() {
                return Err(DomainError::ReasonRequired);
            }
            if t.incidents.get(*incident as usize).is_none() {
                return Err(DomainError::UnknownIncident { index: *incident });
            }
            Ok(vec![Event::RulingOverruled {
                incident: *incident,
                reason: reason.trim().chars().take(500).collect(),
            }])
        }
        Command::UndoLast { reason } => crate::rules::busts::decide_undo(t, reason),
        Command::RecordDeal { amounts, note } => decide_deal(t, cfg, amounts, note, ctx),
        Command::CancelEntry { player, reason } => {
            crate::rules::corrections::decide_cancel_entry(t, ctx, *player, reason)
        }
        Command::ReinstatePlayer { player, reason } => {
            crate::rules::corrections::decide_reinstate(t, cfg, ctx, *player, reason)
        }
        Command::ReopenTable { table, reason } => {
            crate::rules::corrections::decide_reopen_table(t, *table, reason)
        }
    }
}
