//! Stacks, penalties, early leavers, disqualification, stack surrender and deals: the
//! director's rulings on single players (PKR4U 4, 5, 10, 15; TDA 33; FIDPA).

use super::busts::standings;
use super::command::Ctx;
use super::config::Config;
use super::error::DomainError;
use super::event::{Event, PenaltyKind};
use super::ids::PlayerId;
use super::money::{Cents, Chips};
use super::state::{Player, PlayerStatus, Tournament};

fn playing(t: &Tournament, player: PlayerId) -> Result<&Player, DomainError> {
    let p = t
        .players
        .get(&player)
        .ok_or(DomainError::UnknownPlayer { player })?;
    if p.status != PlayerStatus::Playing {
        return Err(DomainError::PlayerNotActive { player });
    }
    Ok(p)
}

fn reason_of(reason: &str) -> Result<String, DomainError> {
    let r = reason.trim();
    if r.is_empty() || r.chars().count() > 500 {
        return Err(DomainError::ReasonRequired);
    }
    Ok(r.to_string())
}

/// A chip count for one player (at a break, or when asked).
pub fn decide_report_chips(
    t: &Tournament,
    player: PlayerId,
    chips: Chips,
    ctx: Ctx,
) -> Result<Vec<Event>, DomainError> {
    playing(t, player)?;
    if !t.clock.is_started() {
        return Err(DomainError::NotStarted);
    }
    if chips.0 <= 0 || chips > t.chips_bought {
        return Err(DomainError::InvalidAmount {
            field: "chips".into(),
        });
    }
    Ok(vec![Event::ChipsCounted {
        player,
        chips,
        at: ctx.now,
    }])
}

/// FIDPA: a player leaving early; their chips are removed, they take the next bust's place.
pub fn decide_leave_early(
    t: &Tournament,
    player: PlayerId,
    ctx: Ctx,
) -> Result<Vec<Event>, DomainError> {
    playing(t, player)?;
    if t.players_left() <= 1 {
        return Err(DomainError::LastPlayerStanding);
    }
    Ok(vec![Event::PlayerLeftEarly {
        player,
        at: ctx.now,
    }])
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
    Ok(vec![Event::PlayerDisqualified {
        player,
        reason: reason_of(reason)?,
        at: ctx.now,
    }])
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
    Ok(vec![Event::PenaltyGiven {
        player,
        penalty,
        reason: reason_of(reason)?,
        at: ctx.now,
    }])
}

/// PKR4U 5: during a break a player may give up their stack to re-enter.
pub fn decide_surrender(
    t: &Tournament,
    cfg: &Config,
    player: PlayerId,
    ctx: Ctx,
) -> Result<Vec<Event>, DomainError> {
    let p = playing(t, player)?;
    let reading = t.clock.read(&cfg.levels, ctx.now);
    if !reading.started || !cfg.levels.get(reading.level).is_some_and(|l| l.is_break()) {
        return Err(DomainError::NotDuringBreak);
    }
    if !super::registration::registration_open(t, cfg, ctx.now) {
        return Err(DomainError::RegistrationClosed);
    }
    if cfg.max_entries.is_some_and(|m| p.entries >= m) {
        return Err(DomainError::MaxEntriesReached {
            player,
            max: cfg.max_entries.unwrap_or(0),
        });
    }
    Ok(vec![Event::StackSurrendered {
        player,
        at: ctx.now,
    }])
}

/// Seed 000 / FIDPA: an agreed deal among the players left; it must share exactly the prize
/// money not yet paid.
pub fn decide_deal(
    t: &Tournament,
    cfg: &Config,
    amounts: &[(PlayerId, Cents)],
    note: &str,
    ctx: Ctx,
) -> Result<Vec<Event>, DomainError> {
    let left: Vec<PlayerId> = t.playing().map(|p| p.id).collect();
    let mut named: Vec<PlayerId> = amounts.iter().map(|(p, _)| *p).collect();
    named.sort();
    if left.len() < 2 || named != left || amounts.iter().any(|(_, c)| c.0 < 0) {
        return Err(DomainError::InvalidDeal);
    }
    let paid: Cents = standings(t, cfg, ctx.now).iter().map(|s| s.prize).sum();
    let total: Cents = amounts.iter().map(|(_, c)| *c).sum();
    if total + paid != t.prize_pool {
        return Err(DomainError::InvalidDeal);
    }
    Ok(vec![Event::DealRecorded {
        amounts: amounts.to_vec(),
        note: note.trim().chars().take(500).collect(),
    }])
}
