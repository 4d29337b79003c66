//! Stacks, penalties, early leavers, disqualification, stack surrender and deals: the
//! director's rulings on single players (PKR4U 4, 5, 10, 15; TDA 33; FIDPA).

use crate::log::command::Ctx;
use crate::log::error::DomainError;
use crate::log::event::{Event, PenaltyKind, Place};
use crate::model::config::Config;
use crate::model::ids::{PlayerId, TableNo};
use crate::model::money::{Cents, Chips};
use crate::model::state::{Player, PlayerStatus, Tournament};
use crate::rules::busts::standings;

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
    if !crate::rules::registration::registration_open(t, cfg, ctx.now) {
        return Err(DomainError::RegistrationClosed);
    }
    if cfg.max_entries.is_some_and(|m| p.entries >= m) {
        return Err(DomainError::MaxEntriesReached {
            player,
            max: cfg.max_entries.unwrap_or(0),
        });
    }
    // PKR4U 6: in a bounty event the stack stays where it is and blinds off.
    let abandoned_at = if cfg.bounty_kind == crate::model::config::BountyKind::None {
        None
    } else {
        p.seat
    };
    Ok(vec![Event::StackSurrendered {
        player,
        at: ctx.now,
        abandoned_at,
    }])
}

/// PKR4U 6: the abandoned stack at `place` paid its last chip, with its bounty as ante; the
/// winners of that pot share the bounty like a knock-out's (its former owner cannot win it).
pub fn decide_abandoned_gone(
    t: &Tournament,
    cfg: &Config,
    place: Place,
    winners: &[PlayerId],
) -> Result<Vec<Event>, DomainError> {
    let stack = t
        .tables
        .get(&place.table)
        .and_then(|tb| tb.abandoned.get(&place.seat))
        .ok_or(DomainError::NoAbandonedStack {
            table: place.table,
            seat: place.seat,
        })?;
    if winners.contains(&stack.owner) {
        return Err(DomainError::OwnAbandonedBounty {
            player: stack.owner,
        });
    }
    let mut seen = std::collections::BTreeSet::new();
    for w in winners {
        let at_table = t.players.get(w).is_some_and(|p| {
            p.status == PlayerStatus::Playing && p.seat.is_some_and(|s| s.table == place.table)
        });
        if !seen.insert(*w) || !at_table {
            return Err(DomainError::NotAtTable {
                player: *w,
                table: place.table,
            });
        }
    }
    if winners.is_empty() {
        return Err(DomainError::InvalidEliminator {
            player: stack.owner,
        });
    }
    Ok(vec![Event::AbandonedStackGone {
        place,
        owner: stack.owner,
        bounties: crate::rules::bounties::bounty_payments(cfg.bounty_kind, stack.bounty, winners),
    }])
}

/// PKR4U 4: one more hand sat out on a running hands penalty.
pub fn decide_penalty_hand(
    t: &Tournament,
    table: TableNo,
    player: PlayerId,
) -> Result<Vec<Event>, DomainError> {
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
    Ok(vec![Event::PenaltyHandServed { player }])
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
