//! Registration, unregistration and re-entry (PKR4U 11, 14, 18, 29; TDA 19), with the seat
//! drawn at the desk and the late-registration bonus.

use crate::log::command::{
    CloseRegistration, ConfirmArrival, Ctx, DecideCommand, ReEnter, ReEntryOption, RegisterPlayer,
    RenamePlayer, ReopenRegistration, RequestReEntry, UnregisterPlayer,
};
use crate::log::error::{ApplyError, DomainError};
use crate::log::event::{
    ApplyEvent, Event, Payment, PaymentMethod, PlayerArrived, PlayerReEntered, PlayerRegistered,
    PlayerRenamed, PlayerUnregistered, ReEntryRequested, RegistrationClosed, RegistrationReopened,
    SeatDrawn, TableOpened,
};
use crate::model::config::Config;
use crate::model::ids::{PlayerId, Timestamp};
use crate::model::money::{Cents, Chips};
use crate::model::names::{clean_name, search_key, MAX_NAME_CHARS};
use crate::model::state::{Player, PlayerStatus, ReEntryRecord, Tournament};
use crate::rules::rng::Rng;
use crate::rules::seating::draw_seat_keeping;
use crate::rules::windows::held_seats;
pub use crate::rules::windows::registration_open;
use crate::rules::{player_mut, playing};

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
    same_name_confirmed: bool,
) -> Result<Vec<Event>, DomainError> {
    if !present {
        return Err(DomainError::NotPresent);
    }
    let name = clean_name(name, MAX_NAME_CHARS).ok_or(DomainError::InvalidName)?;
    if !registration_open(t, cfg, ctx.now) {
        return Err(DomainError::RegistrationClosed);
    }
    // " alice " is Alice: a name already in the tournament is most often the same person
    // typed again (a busted player who wants a re-entry, a double registration). The desk
    // asks; registering a second person of that name takes its confirmation.
    if !same_name_confirmed {
        let key = search_key(&name);
        if let Some(same) = t
            .players
            .values()
            .find(|p| p.status != PlayerStatus::Unregistered && search_key(&p.name) == key)
        {
            return Err(DomainError::NameAlreadyRegistered {
                player: same.id,
                name: same.name.clone(),
            });
        }
    }
    let player = PlayerId(t.players.keys().next_back().map_or(1, |p| p.0 + 1));
    let held = held_seats(t, cfg, ctx.now);
    let draw = draw_seat_keeping(t, cfg, &mut Rng::new(ctx.seed), None, &held)?;
    let mut events = Vec::new();
    if let Some(table) = draw.open_table {
        events.push(Event::TableOpened(TableOpened { table }));
    }
    events.push(Event::PlayerRegistered(PlayerRegistered {
        player,
        name,
        payment: payment(cfg, method),
        bonus: bonus_for_entry(t, cfg, ctx.now),
        at: ctx.now,
    }));
    events.push(Event::SeatDrawn(SeatDrawn {
        player,
        seat: draw.seat,
    }));
    Ok(events)
}

impl DecideCommand for RegisterPlayer {
    fn decide(&self, t: &Tournament, cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        decide_register(
            t,
            cfg,
            ctx,
            &self.name,
            self.method,
            self.present,
            self.same_name_confirmed,
        )
    }
}

/// Before the start only: the player leaves the list and gets the buy-in back.
impl DecideCommand for UnregisterPlayer {
    fn decide(&self, t: &Tournament, _cfg: &Config, _ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &UnregisterPlayer { player } = self;
        if t.clock.is_started() {
            return Err(DomainError::AlreadyStarted);
        }
        let p = playing(t, player)?;
        // The refund is what was paid for this single entry (unregistration precedes any
        // re-entry), the way it was paid: a card payment goes back to the card, and a buy-in
        // changed since is not what this player paid.
        Ok(vec![Event::PlayerUnregistered(PlayerUnregistered {
            player,
            refund: p.registration_payment,
        })])
    }
}

/// PKR4U 11 / 29: may this player buy in again now (busted, registration open, entries
/// left)? The seat is another matter, checked when the re-entry is bought.
fn check_reentry<'a>(
    t: &'a Tournament,
    cfg: &Config,
    now: Timestamp,
    player: PlayerId,
) -> Result<&'a Player, DomainError> {
    let p = t
        .players
        .get(&player)
        .ok_or(DomainError::UnknownPlayer { player })?;
    if p.status != PlayerStatus::Busted {
        return Err(DomainError::PlayerNotBusted { player });
    }
    if !registration_open(t, cfg, now) {
        return Err(DomainError::RegistrationClosed);
    }
    if let Some(max) = cfg.max_entries {
        if p.entries >= max {
            return Err(DomainError::MaxEntriesReached { player, max });
        }
    }
    Ok(p)
}

/// Whether a re-entry can be sold to this player now (the personal page offers to ask for
/// it, the desk sees the request).
pub fn may_reenter(t: &Tournament, cfg: &Config, now: Timestamp, player: PlayerId) -> bool {
    check_reentry(t, cfg, now, player).is_ok()
}

/// Issue T: a busted player asks for a re-entry from their phone; the desk sees the request
/// and takes the money (option A or B as the rules allow, PKR4U 11 / 29).
impl DecideCommand for RequestReEntry {
    fn decide(&self, t: &Tournament, cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &RequestReEntry { player } = self;
        check_reentry(t, cfg, ctx.now, player)?;
        Ok(vec![Event::ReEntryRequested(ReEntryRequested {
            player,
            at: ctx.now,
        })])
    }
}

/// `ReEntryRequested`: the desk sees the request until the re-entry is bought.
impl ApplyEvent for ReEntryRequested {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &ReEntryRequested { player, at } = self;
        if !t.players.contains_key(&player) {
            return Err(ApplyError::UnknownPlayer { player });
        }
        t.reentry_requests.insert(player, at);
        Ok(())
    }
}

/// PKR4U 11 / 29, TDA 19: a busted player buys in again within the window and the maximum:
/// (A) the same seat, if still free, or (B) a new random seat.
impl DecideCommand for ReEnter {
    fn decide(&self, t: &Tournament, cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &ReEnter {
            player,
            option,
            method,
            present,
        } = self;
        if !present {
            return Err(DomainError::NotPresent);
        }
        let p = check_reentry(t, cfg, ctx.now, player)?;
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
                Ok(vec![Event::PlayerReEntered(PlayerReEntered {
                    player,
                    payment: pay,
                    bonus,
                    same_seat: true,
                    at: ctx.now,
                })])
            }
            ReEntryOption::NewSeat => {
                // PKR4U 6: a player who left a stack behind is not seated at that table again.
                let left_behind = t
                    .tables
                    .iter()
                    .find(|(_, tb)| tb.abandoned.values().any(|a| a.owner == player))
                    .map(|(n, _)| *n);
                let held = held_seats(t, cfg, ctx.now);
                let draw = draw_seat_keeping(t, cfg, &mut Rng::new(ctx.seed), left_behind, &held)?;
                let mut events = Vec::new();
                if let Some(table) = draw.open_table {
                    events.push(Event::TableOpened(TableOpened { table }));
                }
                events.push(Event::PlayerReEntered(PlayerReEntered {
                    player,
                    payment: pay,
                    bonus,
                    same_seat: false,
                    at: ctx.now,
                }));
                events.push(Event::SeatDrawn(SeatDrawn {
                    player,
                    seat: draw.seat,
                }));
                Ok(events)
            }
        }
    }
}

/// The director closes registration (it also closes by itself after its level).
impl DecideCommand for CloseRegistration {
    fn decide(&self, t: &Tournament, cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        if !registration_open(t, cfg, ctx.now) {
            return Err(DomainError::RegistrationClosed);
        }
        Ok(vec![Event::RegistrationClosed(RegistrationClosed {
            at: ctx.now,
        })])
    }
}

/// Registration closed by mistake opens again, with the reason (the late-registration
/// deadline of the configuration still applies).
impl DecideCommand for ReopenRegistration {
    fn decide(&self, t: &Tournament, _cfg: &Config, _ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let ReopenRegistration { reason } = self;
        if !t.registration_closed {
            return Err(DomainError::NothingToUndo);
        }
        if reason.trim().is_empty() {
            return Err(DomainError::ReasonRequired);
        }
        Ok(vec![Event::RegistrationReopened(RegistrationReopened {
            reason: reason.trim().to_string(),
        })])
    }
}

/// A misspelt name corrected.
impl DecideCommand for RenamePlayer {
    fn decide(&self, t: &Tournament, _cfg: &Config, _ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &RenamePlayer { player, ref name } = self;
        if !t.players.contains_key(&player) {
            return Err(DomainError::UnknownPlayer { player });
        }
        let name = clean_name(name, MAX_NAME_CHARS).ok_or(DomainError::InvalidName)?;
        Ok(vec![Event::PlayerRenamed(PlayerRenamed { player, name })])
    }
}

/// PKR4U 18: the table confirms a (bonus) player's stack is at the table.
impl DecideCommand for ConfirmArrival {
    fn decide(&self, t: &Tournament, _cfg: &Config, _ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &ConfirmArrival { player } = self;
        playing(t, player)?;
        Ok(vec![Event::PlayerArrived(PlayerArrived { player })])
    }
}

/// `PlayerRegistered`: a new player with the starting stack and any bonus, their money in
/// the pool.
impl ApplyEvent for PlayerRegistered {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &PlayerRegistered {
            player,
            ref name,
            ref payment,
            bonus,
            at,
        } = self;
        if t.players.contains_key(&player) {
            return Err(ApplyError::PlayerExists { player });
        }
        let starting = t.starting_stack();
        t.players.insert(
            player,
            Player {
                id: player,
                name: name.to_string(),
                entries: 1,
                knocked_out: 0,
                status: PlayerStatus::Playing,
                seat: None,
                last_seat: None,
                stack: starting + bonus,
                stack_counted: false,
                bounty: payment.bounty_part,
                bounty_won: Cents::ZERO,
                paid: payment.total(),
                registration_payment: *payment,
                bonus,
                registered_at: at,
                last_bust: None,
                arrived: false,
                reentry: None,
                stack_taken_out: Chips::ZERO,
                rebuys: 0,
                add_ons: 0,
                last_rebuy: None,
                last_add_on: None,
            },
        );
        t.record_entry(payment.prize_part, payment.house_fee, starting + bonus);
        Ok(())
    }
}

/// `PlayerReEntered`: a new entry; what it changed is kept so it can be cancelled exactly,
/// and the earlier bust no longer counts for places.
impl ApplyEvent for PlayerReEntered {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &PlayerReEntered {
            player,
            ref payment,
            bonus,
            same_seat,
            ..
        } = self;
        let starting = t.starting_stack();
        let elimination = t.eliminations.iter().find(|e| e.player == player).cloned();
        let p = player_mut(t, player)?;
        p.reentry = Some(ReEntryRecord {
            payment: *payment,
            elimination,
            last_seat: p.last_seat,
            bonus: p.bonus,
            bounty: p.bounty,
            bounty_won: p.bounty_won,
            arrived: p.arrived,
        });
        p.entries += 1;
        p.status = PlayerStatus::Playing;
        t.reentry_requests.remove(&player);
        let p = player_mut(t, player)?;
        // A new entry: the purchases made on the stack before it cannot be taken back any more.
        p.last_rebuy = None;
        p.last_add_on = None;
        p.stack = starting + bonus;
        p.stack_counted = false;
        p.bounty = payment.bounty_part;
        p.paid += payment.total();
        p.bonus = bonus;
        p.arrived = false;
        let old_seat = p.last_seat;
        // The earlier bust no longer counts for places: the player is back.
        t.eliminations.retain(|e| e.player != player);
        if same_seat {
            if let Some(place) = old_seat {
                t.seat(player, place);
            }
        }
        t.record_entry(payment.prize_part, payment.house_fee, starting + bonus);
        Ok(())
    }
}

/// `PlayerUnregistered`: off the list, the payment refunded as it was paid.
impl ApplyEvent for PlayerUnregistered {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &PlayerUnregistered { player, ref refund } = self;
        let p = player_mut(t, player)?;
        p.status = PlayerStatus::Unregistered;
        p.bounty = Cents::ZERO;
        p.paid -= refund.total();
        let stack = p.stack;
        p.stack = Chips::ZERO;
        t.unseat(player);
        t.entries = t.entries.saturating_sub(1);
        t.prize_pool -= refund.prize_part;
        t.house_fees -= refund.house_fee;
        t.chips_bought -= stack;
        Ok(())
    }
}

/// `RegistrationClosed` / `RegistrationReopened`.
pub(crate) fn apply_registration_closed(
    t: &mut Tournament,
    closed: bool,
) -> Result<(), ApplyError> {
    t.registration_closed = closed;
    Ok(())
}

impl ApplyEvent for RegistrationReopened {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        apply_registration_closed(t, false)
    }
}

impl ApplyEvent for RegistrationClosed {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        apply_registration_closed(t, true)
    }
}

/// `PlayerRenamed`.
impl ApplyEvent for PlayerRenamed {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &PlayerRenamed { player, ref name } = self;
        player_mut(t, player)?.name = name.to_string();
        Ok(())
    }
}

/// `PlayerArrived` (PKR4U 18).
impl ApplyEvent for PlayerArrived {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &PlayerArrived { player } = self;
        player_mut(t, player)?.arrived = true;
        Ok(())
    }
}
