//! Registration, unregistration and re-entry (PKR4U 11, 14, 18, 29; TDA 19), with the seat
//! drawn at the desk and the late-registration bonus.

use crate::log::command::{Ctx, ReEntryOption};
use crate::log::error::DomainError;
use crate::log::event::{Event, Payment, PaymentMethod};
use crate::model::config::{Config, LateRegistration};
use crate::model::ids::{PlayerId, Timestamp};
use crate::model::money::Chips;
use crate::model::state::{PlayerStatus, Tournament};
use crate::rules::rng::Rng;
use crate::rules::seating::draw_seat;

/// Is late registration (and re-entry) still open at `now`? Closes by itself at the end of
/// the configured level (or the break after it), or when the director closes it.
pub fn registration_open(t: &Tournament, cfg: &Config, now: Timestamp) -> bool {
    if t.registration_closed {
        return false;
    }
    let reading = t.clock.read(&cfg.levels, now);
    if !reading.started {
        return true;
    }
    match cfg.late_registration {
        LateRegistration::UntilClosed => true,
        LateRegistration::UntilLevel {
            level,
            through_break,
        } => {
            let Some(last) = cfg.play_level_index(level) else {
                return false;
            };
            let in_window =
                reading.level < last || (reading.level == last && reading.remaining_ms > 0);
            let in_break_after = through_break
                && reading.level == last + 1
                && cfg.levels.get(last + 1).is_some_and(|l| l.is_break())
                && reading.remaining_ms > 0;
            in_window || in_break_after
        }
    }
}

/// PKR4U 18: the bonus chips an entry made at `now` receives (none after the bonus window).
pub fn bonus_for_entry(t: &Tournament, cfg: &Config, now: Timestamp) -> Chips {
    let Some(bonus) = cfg.bonus else {
        return Chips::ZERO;
    };
    let reading = t.clock.read(&cfg.levels, now);
    let Some(last) = cfg.play_level_index(bonus.until_level) else {
        return Chips::ZERO;
    };
    if !reading.started
        || reading.level < last
        || (reading.level == last && reading.remaining_ms > 0)
    {
        bonus.chips
    } else {
        Chips::ZERO
    }
}

fn payment(cfg: &Config, method: PaymentMethod) -> Payment {
    Payment {
        method,
        prize_part: cfg.prize_part,
        house_fee: cfg.house_fee,
        bounty_part: cfg.bounty_part,
    }
}

/// PKR4U 14: registers a player who is present, records the payment and draws a seat.
pub fn decide_register(
    t: &Tournament,
    cfg: &Config,
    ctx: Ctx,
    name: &str,
    method: PaymentMethod,
    present: bool,
) -> Result<Vec<Event>, DomainError> {
    if !present {
        return Err(DomainError::NotPresent);
    }
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 60 {
        return Err(DomainError::InvalidName);
    }
    if !registration_open(t, cfg, ctx.now) {
        return Err(DomainError::RegistrationClosed);
    }
    let player = PlayerId(t.players.keys().next_back().map_or(1, |p| p.0 + 1));
    let draw = draw_seat(t, cfg, &mut Rng::new(ctx.seed), None)?;
    let mut events = Vec::new();
    if let Some(table) = draw.open_table {
        events.push(Event::TableOpened { table });
    }
    events.push(Event::PlayerRegistered {
        player,
        name: name.to_string(),
        payment: payment(cfg, method),
        bonus: bonus_for_entry(t, cfg, ctx.now),
        at: ctx.now,
    });
    events.push(Event::SeatDrawn {
        player,
        seat: draw.seat,
    });
    Ok(events)
}

/// Before the start only: the player leaves the list and gets the buy-in back.
pub fn decide_unregister(t: &Tournament, player: PlayerId) -> Result<Vec<Event>, DomainError> {
    if t.clock.is_started() {
        return Err(DomainError::AlreadyStarted);
    }
    let p = t
        .players
        .get(&player)
        .ok_or(DomainError::UnknownPlayer { player })?;
    if p.status != PlayerStatus::Playing {
        return Err(DomainError::PlayerNotActive { player });
    }
    // The refund is what was paid for this single entry (unregistration precedes any
    // re-entry), the way it was paid: a card payment goes back to the card, and a buy-in
    // changed since is not what this player paid.
    Ok(vec![Event::PlayerUnregistered {
        player,
        refund: p.registration_payment,
    }])
}

/// PKR4U 11 / 29, TDA 19: a busted player buys in again within the window and the maximum:
/// (A) the same seat, if still free, or (B) a new random seat.
pub fn decide_reenter(
    t: &Tournament,
    cfg: &Config,
    ctx: Ctx,
    player: PlayerId,
    option: ReEntryOption,
    method: PaymentMethod,
    present: bool,
) -> Result<Vec<Event>, DomainError> {
    if !present {
        return Err(DomainError::NotPresent);
    }
    let p = t
        .players
        .get(&player)
        .ok_or(DomainError::UnknownPlayer { player })?;
    if p.status != PlayerStatus::Busted {
        return Err(DomainError::PlayerNotBusted { player });
    }
    if !registration_open(t, cfg, ctx.now) {
        return Err(DomainError::RegistrationClosed);
    }
    if let Some(max) = cfg.max_entries {
        if p.entries >= max {
            return Err(DomainError::MaxEntriesReached { player, max });
        }
    }
    let bonus = bonus_for_entry(t, cfg, ctx.now);
    let pay = payment(cfg, method);
    match option {
        ReEntryOption::SameSeat => {
            let seat = p.last_seat.ok_or(DomainError::SameSeatTaken { player })?;
            let free = t
                .tables
                .get(&seat.table)
                .is_some_and(|tb| tb.open && !tb.is_taken(seat.seat));
            if !free {
                return Err(DomainError::SameSeatTaken { player });
            }
            Ok(vec![Event::PlayerReEntered {
                player,
                payment: pay,
                bonus,
                same_seat: true,
                at: ctx.now,
            }])
        }
        ReEntryOption::NewSeat => {
            // PKR4U 6: a player who left a stack behind is not seated at that table again.
            let left_behind = t
                .tables
                .iter()
                .find(|(_, tb)| tb.abandoned.values().any(|a| a.owner == player))
                .map(|(n, _)| *n);
            let draw = draw_seat(t, cfg, &mut Rng::new(ctx.seed), left_behind)?;
            let mut events = Vec::new();
            if let Some(table) = draw.open_table {
                events.push(Event::TableOpened { table });
            }
            events.push(Event::PlayerReEntered {
                player,
                payment: pay,
                bonus,
                same_seat: false,
                at: ctx.now,
            });
            events.push(Event::SeatDrawn {
                player,
                seat: draw.seat,
            });
            Ok(events)
        }
    }
}
