//! Players out of the ordinary run of play: penalties given, served hand by hand and
//! rescinded (PKR4U 4, 10; TDA 33), disqualification (PKR4U 15) and the early leave (FIDPA).

use crate::log::command::{
    Ctx, DecideCommand, Disqualify, GivePenalty, LeaveEarly, ReportPenaltyHandServed,
    RescindPenalty,
};
use crate::log::error::{ApplyError, DomainError};
use crate::log::event::{
    ApplyEvent, Event, PenaltyGiven, PenaltyHandServed, PenaltyKind, PenaltyRescinded,
    PlayerDisqualified, PlayerLeftEarly,
};
use crate::model::config::Config;
use crate::model::ids::PlayerId;
use crate::model::state::{Elimination, Penalty, PlayerStatus, Tournament};
use crate::rules::{known_player, playing};

fn reason_of(reason: &str) -> Result<String, DomainError> {
    let r = reason.trim();
    if r.is_empty() || r.chars().count() > 500 {
        return Err(DomainError::ReasonRequired);
    }
    Ok(r.to_string())
}

/// FIDPA: a player leaving early; their chips are removed, they take the next bust's place.
impl DecideCommand for LeaveEarly {
    fn decide(&self, t: &Tournament, _cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &LeaveEarly { player } = self;
        playing(t, player)?;
        if t.players_left() <= 1 {
            return Err(DomainError::LastPlayerStanding);
        }
        Ok(vec![Event::PlayerLeftEarly(PlayerLeftEarly {
            player,
            at: ctx.now,
        })])
    }
}

/// TDA 33 / PKR4U 15: disqualification; the chips are removed from play.
pub fn decide_disqualify(
    t: &Tournament,
    player: PlayerId,
    reason: &str,
    ctx: Ctx,
) -> Result<Vec<Event>, DomainError> {
    playing(t, player)?;
    if t.players_left() <= 1 {
        return Err(DomainError::LastPlayerStanding);
    }
    Ok(vec![Event::PlayerDisqualified(PlayerDisqualified {
        player,
        reason: reason_of(reason)?,
        at: ctx.now,
    })])
}

impl DecideCommand for Disqualify {
    fn decide(&self, t: &Tournament, _cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        decide_disqualify(t, self.player, &self.reason, ctx)
    }
}

/// PKR4U 4 / 10, TDA 33: a warning, a number of hands, or minutes away from the table.
pub fn decide_penalty(
    t: &Tournament,
    player: PlayerId,
    penalty: PenaltyKind,
    reason: &str,
    ctx: Ctx,
) -> Result<Vec<Event>, DomainError> {
    playing(t, player)?;
    let valid = match penalty {
        PenaltyKind::Warning => true,
        PenaltyKind::Hands { hands } => (1..=20).contains(&hands),
        PenaltyKind::Minutes { minutes } => (1..=120).contains(&minutes),
    };
    if !valid {
        return Err(DomainError::InvalidAmount {
            field: "penalty".into(),
        });
    }
    Ok(vec![Event::PenaltyGiven(PenaltyGiven {
        player,
        penalty,
        reason: reason_of(reason)?,
        at: ctx.now,
    })])
}

impl DecideCommand for GivePenalty {
    fn decide(&self, t: &Tournament, _cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        decide_penalty(t, self.player, self.penalty, &self.reason, ctx)
    }
}

/// PKR4U 4: one more hand sat out on a running hands penalty.
impl DecideCommand for ReportPenaltyHandServed {
    fn decide(&self, t: &Tournament, _cfg: &Config, _ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &ReportPenaltyHandServed { table, player } = self;
        let here = playing(t, player)?.seat.is_some_and(|s| s.table == table);
        if !here {
            return Err(DomainError::NotAtTable { player, table });
        }
        let running = t
            .penalties
            .iter()
            .any(|p| p.player == player && p.hands_left().is_some_and(|h| h > 0));
        if !running {
            return Err(DomainError::NoHandsPenalty { player });
        }
        Ok(vec![Event::PenaltyHandServed(PenaltyHandServed { player })])
    }
}

/// Takes back a penalty given by mistake, with the reason (the log keeps both).
impl DecideCommand for RescindPenalty {
    fn decide(&self, t: &Tournament, _cfg: &Config, _ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &RescindPenalty { index, ref reason } = self;
        let running = usize::try_from(index)
            .ok()
            .and_then(|i| t.penalties.get(i))
            .is_some_and(|p| p.rescinded.is_none());
        if !running {
            return Err(DomainError::NotCorrectable {
                seq: u64::from(index),
            });
        }
        if reason.trim().is_empty() {
            return Err(DomainError::ReasonRequired);
        }
        Ok(vec![Event::PenaltyRescinded(PenaltyRescinded {
            index,
            reason: reason.trim().to_string(),
        })])
    }
}

/// `PenaltyGiven`.
impl ApplyEvent for PenaltyGiven {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &PenaltyGiven {
            player,
            penalty,
            ref reason,
            at,
        } = self;
        known_player(t, player)?;
        t.penalties.push(Penalty {
            player,
            kind: penalty,
            reason: reason.to_string(),
            at,
            hands_served: 0,
            rescinded: None,
        });
        Ok(())
    }
}

/// `PenaltyRescinded`: it no longer counts; the log keeps it with the reason.
impl ApplyEvent for PenaltyRescinded {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &PenaltyRescinded { index, ref reason } = self;
        let penalty = usize::try_from(index)
            .ok()
            .and_then(|i| t.penalties.get_mut(i))
            .ok_or(ApplyError::UnknownPenalty { index })?;
        penalty.rescinded = Some(reason.to_string());
        Ok(())
    }
}

/// PKR4U 4: one more hand sat out, on the player's oldest running hands penalty.
pub(crate) fn serve_penalty_hand(t: &mut Tournament, player: PlayerId) {
    if let Some(p) = t
        .penalties
        .iter_mut()
        .find(|p| p.player == player && p.hands_left().is_some_and(|h| h > 0))
    {
        p.hands_served += 1;
    }
}

/// `PlayerLeftEarly` (FIDPA): out with the chips; the place comes with the next bust.
impl ApplyEvent for PlayerLeftEarly {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &PlayerLeftEarly { player, at } = self;
        known_player(t, player)?;
        t.take_out(player, PlayerStatus::LeftEarly, at);
        t.early_leavers.push(player);
        Ok(())
    }
}

/// `PlayerDisqualified` (TDA 33 / PKR4U 15): out with the chips, the place taken at once.
impl ApplyEvent for PlayerDisqualified {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &PlayerDisqualified { player, at, .. } = self;
        known_player(t, player)?;
        t.take_out(player, PlayerStatus::Disqualified, at);
        t.eliminations.push(Elimination {
            player,
            group: t.next_group,
            table: None,
            start_stack: None,
            at,
            seat_order: None,
        });
        t.next_group += 1;
        Ok(())
    }
}

/// `PenaltyHandServed` (PKR4U 4).
impl ApplyEvent for PenaltyHandServed {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &PenaltyHandServed { player } = self;
        known_player(t, player)?;
        serve_penalty_hand(t, player);
        Ok(())
    }
}
