//! Rebuys and the add-on: chips bought during play beside the entries (which stay the field
//! for the payout table). A rebuy is sold during the rebuy period to a player who busted or
//! whose stack is at or below the limit; a busted player who can still rebuy is out only
//! provisionally (as with re-entries). The add-on is sold once per player still in, during
//! the break after its level. Each purchase can be taken back by a command of its own while
//! nothing since depends on it.

use crate::log::command::{
    AddOn, CancelAddOn, CancelRebuy, Ctx, DecideCommand, Rebuy, RequestRebuy,
};
use crate::log::error::{ApplyError, DomainError};
use crate::log::event::{
    AddOnBought, AddOnCancelled, ApplyEvent, Event, Payment, RebuyBought, RebuyCancelled,
    RebuyRequested, SeatDrawn, TableOpened,
};
use crate::model::config::Config;
use crate::model::ids::PlayerId;
use crate::model::money::{Cents, Chips};
use crate::model::state::{PlayerStatus, PurchaseRecord, Tournament};
use crate::rules::player_mut;
use crate::rules::rng::Rng;
use crate::rules::seating::draw_seat_keeping;
use crate::rules::windows::check_rebuy;
pub use crate::rules::windows::{
    add_on_open, field_open, held_seats, may_rebuy, pool_open, rebuy_open, within_level,
};

/// A rebuy (a double rebuy where the tournament allows it) paid at the desk. A player still
/// in tells their stack (`stack`, else the latest known one counts); a busted player takes
/// their old seat back when it is still free, else a newly drawn one.
impl DecideCommand for Rebuy {
    fn decide(&self, t: &Tournament, cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &Rebuy {
            player,
            double,
            stack,
            method,
            present,
        } = self;
        if !present {
            return Err(DomainError::NotPresent);
        }
        let rule = cfg.rebuy.ok_or(DomainError::RebuyClosed)?;
        if double && !rule.double {
            return Err(DomainError::DoubleRebuyNotAllowed);
        }
        let p = t
            .players
            .get(&player)
            .ok_or(DomainError::UnknownPlayer { player })?;
        let busted = p.status == PlayerStatus::Busted;
        // A stack told by the table replaces the estimate; it cannot hold more than is in play.
        let stack_told = match stack {
            Some(s) if busted || s.0 < 0 || s > t.chips_bought - t.chips_removed => {
                return Err(DomainError::InvalidAmount {
                    field: "stack".into(),
                })
            }
            s => s,
        };
        let count: u16 = if double { 2 } else { 1 };
        check_rebuy(
            t,
            cfg,
            ctx.now,
            player,
            stack_told.unwrap_or(p.stack),
            count,
        )?;
        let times = i64::from(count);
        let payment = Payment {
            method,
            prize_part: Cents(rule.prize_part.0 * times),
            house_fee: Cents(rule.house_fee.0 * times),
            bounty_part: Cents(rule.bounty_part.0 * times),
        };
        let chips = Chips(rule.chips.0 * times);
        let mut events = Vec::new();
        let mut drawn = None;
        let same_seat = busted
            && p.last_seat.is_some_and(|seat| {
                t.tables
                    .get(&seat.table)
                    .is_some_and(|tb| tb.open && !tb.is_taken(seat.seat))
            });
        if busted && !same_seat {
            let held = held_seats(t, cfg, ctx.now);
            let draw = draw_seat_keeping(t, cfg, &mut Rng::new(ctx.seed), None, &held)?;
            if let Some(table) = draw.open_table {
                events.push(Event::TableOpened(TableOpened { table }));
            }
            drawn = Some(draw.seat);
        }
        events.push(Event::RebuyBought(RebuyBought {
            player,
            payment,
            rebuys: count,
            chips,
            stack_before: stack_told,
            same_seat,
            at: ctx.now,
        }));
        if let Some(seat) = drawn {
            events.push(Event::SeatDrawn(SeatDrawn { player, seat }));
        }
        Ok(events)
    }
}

/// The add-on, once per player still in, during its break.
impl DecideCommand for AddOn {
    fn decide(&self, t: &Tournament, cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &AddOn {
            player,
            method,
            present,
        } = self;
        if !present {
            return Err(DomainError::NotPresent);
        }
        let rule = cfg.add_on.ok_or(DomainError::AddOnClosed)?;
        let p = crate::rules::playing(t, player)?;
        if !add_on_open(t, cfg, ctx.now) {
            return Err(DomainError::AddOnClosed);
        }
        if p.add_ons > 0 {
            return Err(DomainError::AddOnAlreadyBought { player });
        }
        Ok(vec![Event::AddOnBought(AddOnBought {
            player,
            payment: Payment {
                method,
                prize_part: rule.prize_part,
                house_fee: rule.house_fee,
                bounty_part: Cents::ZERO,
            },
            chips: rule.chips,
            at: ctx.now,
        })])
    }
}

/// The table asks the desk for a rebuy (the desk takes the money and confirms with the
/// rebuy itself); only while the player may rebuy.
impl DecideCommand for RequestRebuy {
    fn decide(&self, t: &Tournament, cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &RequestRebuy { player } = self;
        let p = t
            .players
            .get(&player)
            .ok_or(DomainError::UnknownPlayer { player })?;
        check_rebuy(t, cfg, ctx.now, player, p.stack, 1)?;
        Ok(vec![Event::RebuyRequested(RebuyRequested {
            player,
            at: ctx.now,
        })])
    }
}

/// The latest rebuy (or the add-on) bought by mistake, refunded in full: its chips leave the
/// stack, and a rebuy after a bust puts the player out again at that bust's place. Only while
/// the player is still in and no bounty moved since (a bust it took part in is corrected
/// first), so no money that changed hands is guessed back.
pub fn decide_cancel_purchase(
    t: &Tournament,
    ctx: Ctx,
    player: PlayerId,
    add_on: bool,
    reason: &str,
) -> Result<Vec<Event>, DomainError> {
    let p = t
        .players
        .get(&player)
        .ok_or(DomainError::UnknownPlayer { player })?;
    let record = if add_on {
        &p.last_add_on
    } else {
        &p.last_rebuy
    };
    let record = match (record, p.status) {
        (Some(r), PlayerStatus::Playing) => r,
        _ => return Err(DomainError::PurchaseNotCancellable { player }),
    };
    if p.bounty != record.bounty_after || p.bounty_won != record.bounty_won_after {
        return Err(DomainError::PurchaseNotCancellable { player });
    }
    let reason = crate::rules::corrections::reason_of(reason)?;
    Ok(vec![if add_on {
        Event::AddOnCancelled(AddOnCancelled {
            player,
            refund: record.payment,
            chips: record.chips,
            reason,
            at: ctx.now,
        })
    } else {
        Event::RebuyCancelled(RebuyCancelled {
            player,
            refund: record.payment,
            rebuys: record.count,
            chips: record.chips,
            reason,
            at: ctx.now,
        })
    }])
}

impl DecideCommand for CancelAddOn {
    fn decide(&self, t: &Tournament, _cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        decide_cancel_purchase(t, ctx, self.player, true, &self.reason)
    }
}

impl DecideCommand for CancelRebuy {
    fn decide(&self, t: &Tournament, _cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        decide_cancel_purchase(t, ctx, self.player, false, &self.reason)
    }
}

/// `RebuyBought`: the chips onto the stack (the player back in play after a bust, the bust no
/// longer counting for places), the money into the pool, fees and head.
impl ApplyEvent for RebuyBought {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &RebuyBought {
            player,
            ref payment,
            rebuys: count,
            chips,
            stack_before,
            same_seat,
            ..
        } = self;
        let elimination = t.eliminations.iter().find(|e| e.player == player).cloned();
        let p = player_mut(t, player)?;
        let busted = p.status == PlayerStatus::Busted;
        let record = PurchaseRecord {
            payment: *payment,
            count,
            chips,
            bounty_after: p.bounty + payment.bounty_part,
            bounty_won_after: p.bounty_won,
            bust: busted.then(|| crate::model::state::BustRecord {
                elimination: elimination.clone(),
                last_seat: p.last_seat,
                bounty: p.bounty,
            }),
        };
        p.last_rebuy = Some(record);
        p.reentry = None;
        p.rebuys += count;
        p.paid += payment.total();
        p.bounty += payment.bounty_part;
        if let Some(told) = stack_before {
            p.stack = told;
            p.stack_counted = true;
        }
        // The stack known before the rebuy may have been an estimate; the chips bought are real.
        let before = if busted { Chips::ZERO } else { p.stack };
        p.stack = before + chips;
        let seat = p.last_seat;
        if busted {
            p.status = PlayerStatus::Playing;
            p.stack_counted = false;
            t.eliminations.retain(|e| e.player != player);
            if same_seat {
                if let Some(place) = seat {
                    t.seat(player, place);
                }
            }
        }
        t.rebuy_requests.remove(&player);
        t.rebuys += u32::from(count);
        t.prize_pool += payment.prize_part;
        t.house_fees += payment.house_fee;
        t.chips_bought += chips;
        Ok(())
    }
}

/// `AddOnBought`: the chips onto the stack, the money into the pool and fees.
impl ApplyEvent for AddOnBought {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &AddOnBought {
            player,
            ref payment,
            chips,
            ..
        } = self;
        let p = player_mut(t, player)?;
        p.last_add_on = Some(PurchaseRecord {
            payment: *payment,
            count: 1,
            chips,
            bounty_after: p.bounty,
            bounty_won_after: p.bounty_won,
            bust: None,
        });
        p.reentry = None;
        p.add_ons += 1;
        p.paid += payment.total();
        p.stack += chips;
        t.add_ons += 1;
        t.prize_pool += payment.prize_part;
        t.house_fees += payment.house_fee;
        t.chips_bought += chips;
        Ok(())
    }
}

/// `RebuyRequested`: the desk sees the table's request until the rebuy is bought.
impl ApplyEvent for RebuyRequested {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &RebuyRequested { player, at } = self;
        crate::rules::known_player(t, player)?;
        t.rebuy_requests.insert(player, at);
        Ok(())
    }
}

/// `RebuyCancelled` / `AddOnCancelled`: the money back, the chips out of the stack (never
/// below nothing) and out of play; a rebuy after a bust puts the player back out at it.
pub(crate) fn apply_purchase_cancelled(
    t: &mut Tournament,
    player: PlayerId,
    refund: &Payment,
    add_on: bool,
) -> Result<(), ApplyError> {
    let p = player_mut(t, player)?;
    let record = if add_on {
        p.last_add_on.take()
    } else {
        p.last_rebuy.take()
    }
    .ok_or(ApplyError::NoPurchase { player })?;
    p.paid -= refund.total();
    p.bounty -= refund.bounty_part;
    let taken = match &record.bust {
        // Back out at the bust the rebuy followed: the whole stack leaves play.
        Some(_) => std::mem::take(&mut p.stack),
        None => {
            let taken = record.chips.min(p.stack);
            p.stack -= taken;
            taken
        }
    };
    if add_on {
        p.add_ons = p.add_ons.saturating_sub(record.count);
    } else {
        p.rebuys = p.rebuys.saturating_sub(record.count);
    }
    if let Some(bust) = &record.bust {
        p.status = PlayerStatus::Busted;
        p.bounty = bust.bounty;
        p.stack_counted = false;
        t.unseat(player);
        if let Some(p) = t.players.get_mut(&player) {
            p.last_seat = bust.last_seat;
        }
        if let Some(e) = bust.elimination.clone() {
            let at = t
                .eliminations
                .iter()
                .position(|x| x.group > e.group)
                .unwrap_or(t.eliminations.len());
            t.eliminations.insert(at, e);
        }
    }
    t.remove_chips(taken);
    if add_on {
        t.add_ons = t.add_ons.saturating_sub(u32::from(record.count));
    } else {
        t.rebuys = t.rebuys.saturating_sub(u32::from(record.count));
    }
    t.prize_pool -= refund.prize_part;
    t.house_fees -= refund.house_fee;
    Ok(())
}

impl ApplyEvent for AddOnCancelled {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        apply_purchase_cancelled(t, self.player, &self.refund, true)
    }
}

impl ApplyEvent for RebuyCancelled {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        apply_purchase_cancelled(t, self.player, &self.refund, false)
    }
}
