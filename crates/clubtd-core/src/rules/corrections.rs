//! Corrections that take back a whole step with a reason: a re-entry bought by mistake, an
//! early leave or a disqualification, a table broken too early. Each is an event of its own
//! after the one it corrects; history is never rewritten (docs/architecture.md has the
//! table of what corrects what).

use crate::log::command::{CancelEntry, Ctx, DecideCommand, ReinstatePlayer, ReopenTable};
use crate::log::error::{ApplyError, DomainError};
use crate::log::event::{
    ApplyEvent, EntryCancelled, Event, PlayerReinstated, SeatMove, StackMove, TableOpened,
    TableReopened,
};
use crate::model::config::Config;
use crate::model::state::{PlayerStatus, Tournament};
use crate::rules::player_mut;
use crate::rules::rng::Rng;
use crate::rules::seating::draw_seat_keeping;
use crate::rules::windows::held_seats;

/// The reason a correction needs, trimmed and bounded, or `REASON_REQUIRED`.
pub(crate) fn reason_of(reason: &str) -> Result<String, DomainError> {
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(DomainError::ReasonRequired);
    }
    Ok(reason.chars().take(500).collect())
}

/// A re-entry bought by mistake is refunded in full and the player is out again, at the
/// place of the bust it followed. Only while that entry is in play and has won no bounty: a
/// bust it took part in must be corrected first (`revive_player` / `undo_last`), so no
/// money that already changed hands is guessed back.
impl DecideCommand for CancelEntry {
    fn decide(&self, t: &Tournament, _cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &CancelEntry { player, ref reason } = self;
        let p = t
            .players
            .get(&player)
            .ok_or(DomainError::UnknownPlayer { player })?;
        let record = match (&p.reentry, p.status) {
            (Some(r), PlayerStatus::Playing) => r,
            _ => return Err(DomainError::EntryNotCancellable { player }),
        };
        if p.bounty != record.payment.bounty_part || p.bounty_won != record.bounty_won {
            return Err(DomainError::EntryNotCancellable { player });
        }
        Ok(vec![Event::EntryCancelled(EntryCancelled {
            player,
            refund: record.payment,
            reason: reason_of(reason)?,
            at: ctx.now,
        })])
    }
}

/// FIDPA / TDA 33 taken back: a player who left early or was disqualified plays on with the
/// chips taken out, in the old seat when it is still free, else at a newly drawn seat.
impl DecideCommand for ReinstatePlayer {
    fn decide(&self, t: &Tournament, cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &ReinstatePlayer { player, ref reason } = self;
        let p = t
            .players
            .get(&player)
            .ok_or(DomainError::UnknownPlayer { player })?;
        if !matches!(
            p.status,
            PlayerStatus::LeftEarly | PlayerStatus::Disqualified
        ) {
            return Err(DomainError::PlayerNotOut { player });
        }
        let reason = reason_of(reason)?;
        let old_seat = p.last_seat.filter(|place| {
            t.tables
                .get(&place.table)
                .is_some_and(|tb| tb.open && !tb.is_taken(place.seat))
        });
        let mut events = Vec::new();
        let seat = match old_seat {
            Some(place) => place,
            None => {
                let held = held_seats(t, cfg, ctx.now);
                let draw = draw_seat_keeping(t, cfg, &mut Rng::new(ctx.seed), None, &held)?;
                if let Some(table) = draw.open_table {
                    events.push(Event::TableOpened(TableOpened { table }));
                }
                draw.seat
            }
        };
        events.push(Event::PlayerReinstated(PlayerReinstated {
            player,
            seat,
            reason,
        }));
        Ok(events)
    }
}

/// The table broken last opens again: each of its players who still sits where the break
/// sent them goes back to the old seat (players busted since stay out), and so does each
/// abandoned stack (PKR4U 6). Only the latest break can be taken back: after it, the other
/// tables may have moved on (a later break or the final table).
impl DecideCommand for ReopenTable {
    fn decide(&self, t: &Tournament, _cfg: &Config, _ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &ReopenTable { table, ref reason } = self;
        let tb = t
            .tables
            .get(&table)
            .ok_or(DomainError::UnknownTable { table })?;
        let redraw = t
            .last_redraw
            .as_ref()
            .filter(|r| r.broken == Some(table) && !tb.open)
            .ok_or(DomainError::TableNotReopenable { table })?;
        let reason = reason_of(reason)?;
        let moves = redraw
            .moves
            .iter()
            .filter(|m| {
                t.players
                    .get(&m.player)
                    .is_some_and(|p| p.status == PlayerStatus::Playing && p.seat == Some(m.to))
            })
            .map(|m| SeatMove {
                player: m.player,
                from: m.to,
                to: m.from,
            })
            .collect();
        let abandoned_moves = redraw
            .abandoned_moves
            .iter()
            .filter(|m| {
                t.tables
                    .get(&m.to.table)
                    .is_some_and(|tb| tb.abandoned.contains_key(&m.to.seat))
            })
            .map(|m| StackMove {
                from: m.to,
                to: m.from,
            })
            .collect();
        Ok(vec![Event::TableReopened(TableReopened {
            table,
            moves,
            abandoned_moves,
            reason,
        })])
    }
}

/// `EntryCancelled`: a re-entry bought by mistake; its money goes back and the player is out
/// again, at the place of the bust it followed; the entry's chips leave play.
impl ApplyEvent for EntryCancelled {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &EntryCancelled {
            player, ref refund, ..
        } = self;
        let p = player_mut(t, player)?;
        let record = p.reentry.take().ok_or(ApplyError::NoReEntry { player })?;
        let stack = std::mem::take(&mut p.stack);
        p.entries = p.entries.saturating_sub(1);
        p.status = PlayerStatus::Busted;
        p.paid -= refund.total();
        p.bonus = record.bonus;
        p.bounty = record.bounty;
        p.bounty_won = record.bounty_won;
        p.arrived = record.arrived;
        p.stack_counted = false;
        t.unseat(player);
        if let Some(p) = t.players.get_mut(&player) {
            p.last_seat = record.last_seat;
        }
        t.remove_chips(stack);
        t.entries = t.entries.saturating_sub(1);
        t.prize_pool -= refund.prize_part;
        t.house_fees -= refund.house_fee;
        if let Some(e) = record.elimination {
            let at = t
                .eliminations
                .iter()
                .position(|x| x.group > e.group)
                .unwrap_or(t.eliminations.len());
            t.eliminations.insert(at, e);
        }
        Ok(())
    }
}

/// `PlayerReinstated`: back in play at `seat` with the chips taken out, the place given up.
impl ApplyEvent for PlayerReinstated {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &PlayerReinstated { player, seat, .. } = self;
        let p = player_mut(t, player)?;
        p.status = PlayerStatus::Playing;
        p.stack = std::mem::take(&mut p.stack_taken_out);
        let back = p.stack;
        t.chips_removed -= back;
        t.early_leavers.retain(|l| *l != player);
        t.eliminations.retain(|e| e.player != player);
        t.seat(player, seat);
        Ok(())
    }
}

/// `TableReopened`: the table opens and its players (and abandoned stacks) go back.
impl ApplyEvent for TableReopened {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &TableReopened {
            table,
            ref moves,
            ref abandoned_moves,
            ..
        } = self;
        t.tables.entry(table).or_default().open = true;
        t.move_players(moves);
        t.move_stacks(abandoned_moves);
        t.last_redraw = None;
        Ok(())
    }
}
