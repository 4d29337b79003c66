//! The windows of the evening, as the clock and the director set them: late registration,
//! the rebuy period, the add-on's break, whether the field and the prize pool can still grow,
//! and the seats kept for a player who may still rebuy. Registration and purchases both read
//! them; this module depends on neither.

use crate::log::error::DomainError;
use crate::log::event::Place;
use crate::model::config::{Config, LateRegistration, Level};
use crate::model::ids::{PlayerId, Timestamp};
use crate::model::money::Chips;
use crate::model::state::{PlayerStatus, Tournament};

/// Is late registration (and re-entry) still open at `now`? Closes by itself at the end of
/// the configured level (or the break after it), or when the director closes it.
pub fn registration_open(t: &Tournament, cfg: &Config, now: Timestamp) -> bool {
    if t.registration_closed {
        return false;
    }
    if !t.clock.is_started() {
        return true;
    }
    match cfg.late_registration {
        LateRegistration::UntilClosed => true,
        LateRegistration::UntilLevel {
            level,
            through_break,
        } => within_level(t, cfg, now, level, through_break),
    }
}

/// Is the clock (started) within play level `level` (1-based), or the break right after it
/// when `through_break`? The windows of late registration and of rebuys.
pub fn within_level(
    t: &Tournament,
    cfg: &Config,
    now: Timestamp,
    level: u16,
    through_break: bool,
) -> bool {
    let reading = t.clock.read(&cfg.levels, now);
    let Some(last) = cfg.play_level_index(level) else {
        return false;
    };
    let in_window = reading.level < last || (reading.level == last && reading.remaining_ms > 0);
    let in_break_after = through_break
        && reading.level == last + 1
        && cfg.levels.get(last + 1).is_some_and(Level::is_break)
        && reading.remaining_ms > 0;
    in_window || in_break_after
}

/// The rebuy period: from the start of the clock to the end of its level (or the break
/// after), or as long as late registration when the rule says so.
pub fn rebuy_open(t: &Tournament, cfg: &Config, now: Timestamp) -> bool {
    cfg.rebuy.is_some_and(|r| {
        t.clock.is_started()
            && if r.with_late_registration {
                registration_open(t, cfg, now)
            } else {
                within_level(t, cfg, now, r.until_level, r.through_break)
            }
    })
}

/// The add-on's break is on.
pub fn add_on_open(t: &Tournament, cfg: &Config, now: Timestamp) -> bool {
    let Some(a) = cfg.add_on else {
        return false;
    };
    let reading = t.clock.read(&cfg.levels, now);
    reading.started
        && cfg
            .play_level_index(a.after_level)
            .is_some_and(|i| reading.level == i + 1 && reading.remaining_ms > 0)
}

/// The add-on's break is still to come or on: the prize pool can still grow by it.
fn add_on_ahead(t: &Tournament, cfg: &Config, now: Timestamp) -> bool {
    let Some(a) = cfg.add_on else {
        return false;
    };
    let reading = t.clock.read(&cfg.levels, now);
    let Some(i) = cfg.play_level_index(a.after_level) else {
        return false;
    };
    !reading.started || reading.level <= i || (reading.level == i + 1 && reading.remaining_ms > 0)
}

/// Can a player out still come back (late registration, a re-entry or a rebuy)? While so,
/// places are provisional and no winner is declared.
pub fn field_open(t: &Tournament, cfg: &Config, now: Timestamp) -> bool {
    registration_open(t, cfg, now) || rebuy_open(t, cfg, now)
}

/// Can the prize pool still grow (an entry, a rebuy, the add-on to come)? While so, the
/// payout table is not final: no edited table, no deal.
pub fn pool_open(t: &Tournament, cfg: &Config, now: Timestamp) -> bool {
    field_open(t, cfg, now) || add_on_ahead(t, cfg, now)
}

/// May this player rebuy now (the window, the limit, the maximum), leaving money aside?
/// The seats kept for busted players who may still rebuy: their last seat, while it is free
/// and the rebuy period lasts (and the desk has not let it go). A new entry, a re-entry or a
/// broken table's player is seated elsewhere, so the rebuy brings the player back to the
/// seat they left (issue U.3; a re-entry B once took it and the rebuy then sent its player
/// to another table without a word).
pub fn held_seats(t: &Tournament, cfg: &Config, now: Timestamp) -> Vec<Place> {
    if !rebuy_open(t, cfg, now) {
        return Vec::new();
    }
    t.players
        .values()
        .filter(|p| p.status == PlayerStatus::Busted)
        .filter_map(|p| {
            let seat = p.last_seat?;
            let free = t
                .tables
                .get(&seat.table)
                .is_some_and(|tb| tb.open && !tb.is_taken(seat.seat));
            (free && may_rebuy(t, cfg, now, p.id)).then_some(seat)
        })
        .collect()
}

pub fn may_rebuy(t: &Tournament, cfg: &Config, now: Timestamp, player: PlayerId) -> bool {
    t.players
        .get(&player)
        .is_some_and(|p| check_rebuy(t, cfg, now, player, p.stack, 1).is_ok())
}

/// The checks of a rebuy of `count` for a player whose stack (if still in) is `stack`.
pub(crate) fn check_rebuy(
    t: &Tournament,
    cfg: &Config,
    now: Timestamp,
    player: PlayerId,
    stack: Chips,
    count: u16,
) -> Result<(), DomainError> {
    let rule = cfg.rebuy.ok_or(DomainError::RebuyClosed)?;
    let p = t
        .players
        .get(&player)
        .ok_or(DomainError::UnknownPlayer { player })?;
    if !rebuy_open(t, cfg, now) {
        return Err(DomainError::RebuyClosed);
    }
    match p.status {
        PlayerStatus::Busted => {}
        PlayerStatus::Playing => {
            if stack > rule.stack_at_most {
                return Err(DomainError::RebuyStackTooBig {
                    player,
                    limit: rule.stack_at_most,
                });
            }
        }
        _ => return Err(DomainError::PlayerNotActive { player }),
    }
    if let Some(max) = rule.max_per_player {
        if p.rebuys.saturating_add(count) > max {
            return Err(DomainError::MaxRebuysReached { player, max });
        }
    }
    Ok(())
}
