//! The incident log: a ruling reached through a guided flow is recorded with its answers
//! (replayed here from the answers alone, so the log never disagrees with the flow), with its
//! sanction on the player named; the director may overrule it with a reason (PKR4U 1,
//! TDA 1: the director's decision is final).

use crate::log::command::{Ctx, DecideCommand, OverruleRuling, RecordRuling};
use crate::log::error::{ApplyError, DomainError};
use crate::log::event::{ApplyEvent, Event, RulingOverruled, RulingRecorded};
use crate::model::config::Config;
use crate::model::incident::Incident;
use crate::model::state::Tournament;
use crate::rules::penalties::{decide_disqualify, decide_penalty};
use crate::rulings::{replay, RulingAction};

/// A guided ruling reached its end: recorded as an incident. When it names the player at
/// fault, its penalty or disqualification is given with it (one decision, one log entry).
impl DecideCommand for RecordRuling {
    fn decide(&self, t: &Tournament, _cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &RecordRuling {
            table,
            ref flow,
            ref answers,
            player,
        } = self;
        if let Some(tb) = table {
            if !t.tables.contains_key(&tb) {
                return Err(DomainError::UnknownTable { table: tb });
            }
        }
        let state = replay(flow, answers).map_err(|e| DomainError::InvalidRuling {
            reason: e.code().to_string(),
        })?;
        let ruling = state.ruling().ok_or(DomainError::InvalidRuling {
            reason: "INCOMPLETE".into(),
        })?;
        let mut events = vec![Event::RulingRecorded(RulingRecorded {
            table,
            flow: flow.to_string(),
            answers: answers.to_vec(),
            leaf: ruling.leaf.clone(),
            rule: ruling.rule.clone(),
            at: ctx.now,
            tapped_at: ctx.tapped_at.filter(|&tapped| tapped != ctx.now),
            closes_call: crate::rules::calls::ruling_closes_call(t, table),
        })];
        // The ruling's sanction, on the player named (same reason: the rule applied).
        if let Some(player) = player {
            let reason = format!("{flow}: {}", ruling.rule);
            for action in &ruling.actions {
                match action {
                    RulingAction::Penalty { kind } => {
                        events.extend(decide_penalty(t, player, *kind, &reason, ctx)?)
                    }
                    RulingAction::Disqualify => {
                        events.extend(decide_disqualify(t, player, &reason, ctx)?)
                    }
                    _ => {}
                }
            }
        }
        Ok(events)
    }
}

/// PKR4U 1 / TDA 1: the director overrules a recorded ruling, with the reason.
impl DecideCommand for OverruleRuling {
    fn decide(&self, t: &Tournament, _cfg: &Config, _ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &OverruleRuling {
            incident,
            ref reason,
        } = self;
        if reason.trim().is_empty() {
            return Err(DomainError::ReasonRequired);
        }
        let known = usize::try_from(incident)
            .ok()
            .and_then(|i| t.incidents.get(i))
            .is_some();
        if !known {
            return Err(DomainError::UnknownIncident { index: incident });
        }
        Ok(vec![Event::RulingOverruled(RulingOverruled {
            incident,
            reason: reason.trim().chars().take(500).collect(),
        })])
    }
}

/// `RulingRecorded`: a new incident; it closes the table's call when `closes_call` says so.
impl ApplyEvent for RulingRecorded {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        if let (Some(table), true) = (self.table, self.closes_call) {
            crate::rules::calls::close_call(t, table);
        }
        t.incidents.push(Incident {
            table: self.table,
            flow: self.flow.clone(),
            answers: self.answers.clone(),
            leaf: self.leaf.clone(),
            rule: self.rule.clone(),
            at: self.at,
            tapped_at: self.tapped_at,
            overruled: None,
        });
        Ok(())
    }
}

/// `RulingOverruled`: the incident stays in the log with the director's reason.
impl ApplyEvent for RulingOverruled {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &RulingOverruled {
            incident: index,
            ref reason,
        } = self;
        let incident = usize::try_from(index)
            .ok()
            .and_then(|i| t.incidents.get_mut(i))
            .ok_or(ApplyError::UnknownIncident { index })?;
        incident.overruled = Some(reason.to_string());
        Ok(())
    }
}
