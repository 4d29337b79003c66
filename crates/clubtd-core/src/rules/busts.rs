//! Busts and places (PKR4U 12; seed 000 / FIDPA): one or several players out in a hand, their
//! eliminators and bounties; places from the order of elimination, the larger starting stack
//! finishing higher, equal stacks and hand-for-hand busts sharing.

use crate::log::command::{Ctx, DecideCommand, ReportBusts, RevivePlayer};
use crate::log::error::{ApplyError, DomainError};
use crate::log::event::{ApplyEvent, BountyPaid, BustOutcome, BustsRecorded, Event, PlayerRevived};
use crate::model::config::Config;
use crate::model::ids::{PlayerId, SeatNo};
use crate::model::money::{Cents, Chips};
use crate::model::state::{Elimination, PlayerStatus, Tournament, HAND_FOR_HAND_GROUPS};
use crate::rules::bounties::{bounty_payments, onto_entries};
use crate::rules::known_player;
use crate::rules::payouts::shared_prizes;
use crate::rules::purchases::field_open;
use crate::rules::seating::seat_order_from_button;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// PKR4U 12: records one hand's busts at one table with their bounties.
impl DecideCommand for ReportBusts {
    fn decide(&self, t: &Tournament, cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &ReportBusts { table, ref busts } = self;
        if !t.clock.is_started() {
            return Err(DomainError::NotStarted);
        }
        if busts.is_empty() {
            return Err(DomainError::EmptyBustReport);
        }
        let tb = t
            .tables
            .get(&table)
            .ok_or(DomainError::UnknownTable { table })?;
        let busted: BTreeSet<PlayerId> = busts.iter().map(|b| b.player).collect();
        if busted.len() != busts.len() {
            let dup = busts
                .iter()
                .enumerate()
                .find(|(i, b)| busts[..*i].iter().any(|o| o.player == b.player));
            return Err(DomainError::DuplicatePlayer {
                player: dup.map_or(PlayerId(0), |(_, b)| b.player),
            });
        }
        if t.players_left() <= busted.len() {
            return Err(DomainError::LastPlayerStanding);
        }
        let mut outcomes = Vec::new();
        for b in busts {
            let p = t
                .players
                .get(&b.player)
                .ok_or(DomainError::UnknownPlayer { player: b.player })?;
            let seat = match p.seat {
                Some(s)
                    if p.status == PlayerStatus::Playing
                        && s.table == table
                        && tb.seats.get(&s.seat) == Some(&b.player) =>
                {
                    s
                }
                _ => {
                    return Err(DomainError::NotAtTable {
                        player: b.player,
                        table,
                    })
                }
            };
            if busts.len() > 1 && b.start_stack.is_none_or(|s| s.0 <= 0) {
                return Err(DomainError::StartStackMissing { player: b.player });
            }
            let mut seen = BTreeSet::new();
            for e in &b.eliminators {
                let ok = seen.insert(*e)
                    && !busted.contains(e)
                    && t.players.get(e).is_some_and(|w| {
                        w.status == PlayerStatus::Playing
                            && w.seat.is_some_and(|s| s.table == table)
                    });
                if !ok {
                    return Err(DomainError::InvalidEliminator { player: b.player });
                }
            }
            if cfg.bounty_kind != crate::model::config::BountyKind::None && b.eliminators.is_empty()
            {
                return Err(DomainError::InvalidEliminator { player: b.player });
            }
            // A split bounty's odd cents go to the eliminator first after the button (the odd
            // chip of a split pot, TDA 66), whatever order the table tapped them in.
            let mut eliminators = b.eliminators.clone();
            eliminators.sort_by_key(|e| {
                let seat = t
                    .players
                    .get(e)
                    .and_then(|w| w.seat)
                    .map_or(SeatNo(0), |s| s.seat);
                seat_order_from_button(seat, tb.button, cfg.table_size)
            });
            outcomes.push(BustOutcome {
                player: b.player,
                seat,
                start_stack: b.start_stack,
                bounties: onto_entries(t, bounty_payments(cfg.bounty_kind, p.bounty, &eliminators)),
                eliminators,
                stack_before: p.stack,
            });
        }
        Ok(vec![Event::BustsRecorded(BustsRecorded {
            table,
            h4h_hand: t.hand_for_hand,
            busts: outcomes,
            at: ctx.now,
        })])
    }
}

/// A wrong bust undone: the player returns to the seat they had if it is still free, and the
/// bounty payments of that bust are reversed. Only while the player has not re-entered since.
impl DecideCommand for RevivePlayer {
    fn decide(&self, t: &Tournament, _cfg: &Config, _ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &RevivePlayer { player, ref reason } = self;
        if reason.trim().is_empty() {
            return Err(DomainError::ReasonRequired);
        }
        let p = t
            .players
            .get(&player)
            .ok_or(DomainError::UnknownPlayer { player })?;
        if p.status != PlayerStatus::Busted {
            return Err(DomainError::PlayerNotBusted { player });
        }
        let outcome = p
            .last_bust
            .clone()
            .ok_or(DomainError::PlayerNotBusted { player })?;
        let seat = outcome.seat;
        let free = t
            .tables
            .get(&seat.table)
            .is_some_and(|tb| tb.open && !tb.is_taken(seat.seat));
        if !free {
            return Err(DomainError::SameSeatTaken { player });
        }
        // A head that moved on is refused, not recomputed. The part of this bounty that went
        // onto a winner's head was paid onward when that winner was knocked out in turn; taking
        // it back from the winner alone would leave their head negative and the later
        // eliminator with money made from nothing, and recomputing the chain silently would
        // change amounts already handed over at another table. A TD at the table corrects from
        // the latest bust back: the refusal names the winner whose later bust comes first.
        // The head moved on once the entry that received it was knocked out: the winner is out
        // now, or bought a new entry (whose head is another one; found by the deep property run:
        // the re-entry had taken the winner's bust out of the places, so the old check missed it).
        let this_bust = t.eliminations.iter().rposition(|e| e.player == player);
        for paid in outcome
            .bounties
            .iter()
            .filter(|b| b.onto_head > Cents::ZERO)
        {
            let winner = t.players.get(&paid.to);
            let busted_since = if paid.entry > 0 {
                winner.is_none_or(|w| w.entries != paid.entry || w.status == PlayerStatus::Busted)
            } else {
                // A log written before the entry was kept: the places tell.
                this_bust
                    .is_some_and(|at| t.eliminations[at + 1..].iter().any(|e| e.player == paid.to))
            };
            // A rebuy after the winner's bust keeps the entry but not the head.
            let knocked_out_since = paid
                .knocked_out
                .is_some_and(|k| winner.is_none_or(|w| w.knocked_out != k));
            if busted_since || knocked_out_since {
                return Err(DomainError::BountyMovedOn {
                    player,
                    winner: paid.to,
                });
            }
        }
        // What this bust paid is reversed exactly; the winners still hold it in their totals.
        let bounty: Cents = outcome
            .bounties
            .iter()
            .map(|b: &BountyPaid| b.cash + b.onto_head)
            .sum();
        Ok(vec![Event::PlayerRevived(PlayerRevived {
            player,
            seat,
            reason: reason.trim().to_string(),
            bounties_reversed: outcome.bounties,
            bounty,
        })])
    }
}

/// `BustsRecorded`: one hand's busts. Bounties go to their winners, the busted leave their
/// seats, and each bust takes a place (hand-for-hand busts of one hand share it).
impl ApplyEvent for BustsRecorded {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &BustsRecorded {
            table,
            ref busts,
            at,
            ..
        } = self;
        for b in busts {
            known_player(t, b.player)?;
            for paid in &b.bounties {
                known_player(t, paid.to)?;
            }
        }
        // FIDPA: early leavers take the place of the next bust, just below it.
        for leaver in std::mem::take(&mut t.early_leavers) {
            t.eliminations.push(Elimination {
                player: leaver,
                group: t.next_group,
                table: None,
                start_stack: None,
                at,
                seat_order: None,
            });
            t.next_group += 1;
        }
        let group = match t.hand_for_hand {
            // Hand-for-hand: busts at different tables in the same hand share one group.
            Some(hand) => match t
                .eliminations
                .iter()
                .rev()
                .find(|e| e.group >= HAND_FOR_HAND_GROUPS)
            {
                Some(e) if e.group == HAND_FOR_HAND_GROUPS + u64::from(hand) => e.group,
                _ => HAND_FOR_HAND_GROUPS + u64::from(hand),
            },
            None => {
                t.next_group += 1;
                t.next_group - 1
            }
        };
        let size = t.config.as_ref().map_or(0, |c| c.table_size);
        let button = t.tables.get(&table).and_then(|tb| tb.button);
        for b in busts {
            for paid in &b.bounties {
                if let Some(winner) = t.players.get_mut(&paid.to) {
                    winner.bounty_won += paid.cash;
                    winner.bounty += paid.onto_head;
                }
            }
            if let Some(p) = t.players.get_mut(&b.player) {
                p.last_bust = Some(b.clone());
                p.knocked_out = p.knocked_out.saturating_add(1);
                p.status = PlayerStatus::Busted;
                p.reentry = None;
                p.last_seat = p.seat;
                p.stack = Chips::ZERO;
                p.bounty = Cents::ZERO;
            }
            t.unseat(b.player);
            t.eliminations.push(Elimination {
                player: b.player,
                group,
                table: Some(table),
                start_stack: b.start_stack,
                at,
                seat_order: Some(seat_order_from_button(b.seat.seat, button, size)),
            });
        }
        // Chips never leave play at a bust: the eliminators hold them. Stacks are only known
        // again at the next count.
        Ok(())
    }
}

/// `PlayerRevived`: a wrong bust taken back; the bounties it paid come back, the player
/// sits down again with the stack they had.
impl ApplyEvent for PlayerRevived {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &PlayerRevived {
            player,
            seat,
            ref bounties_reversed,
            bounty,
            ..
        } = self;
        known_player(t, player)?;
        for b in bounties_reversed {
            if let Some(w) = t.players.get_mut(&b.to) {
                w.bounty_won -= b.cash;
                w.bounty -= b.onto_head;
            }
        }
        t.eliminations.retain(|e| e.player != player);
        if let Some(p) = t.players.get_mut(&player) {
            p.status = PlayerStatus::Playing;
            p.knocked_out = p.knocked_out.saturating_sub(1);
            p.bounty = bounty;
            p.stack = p
                .last_bust
                .take()
                .map(|b| b.stack_before)
                .unwrap_or(p.stack);
        }
        t.seat(player, seat);
        Ok(())
    }
}

/// A player's finishing place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Standing {
    pub player: PlayerId,
    /// 1 is the winner. Tied players have the same place.
    pub place: u32,
    /// How many share this place (1 when alone).
    pub shared_by: u32,
    pub prize: Cents,
    /// True while late registration or a re-entry could still change it.
    pub provisional: bool,
}

/// Seed 000 / FIDPA: the players who made a deal finish in the order of their chips when it
/// was made (the latest known stacks), equal stacks sharing the place; each one's prize is
/// what the deal gave them. The deal ends play, so these places are final.
fn deal_places(t: &Tournament, deal: &[(PlayerId, Cents)]) -> Vec<Standing> {
    let mut members: Vec<(PlayerId, Chips, Cents)> = deal
        .iter()
        .map(|(p, amount)| {
            let stack = t.players.get(p).map_or(Chips::ZERO, |x| x.stack);
            (*p, stack, *amount)
        })
        .collect();
    // Biggest stack first; among equal stacks the bigger deal amount, then the player id,
    // so the order never depends on how the deal was typed.
    members.sort_by_key(|(p, stack, amount)| {
        (std::cmp::Reverse(*stack), std::cmp::Reverse(*amount), *p)
    });
    let mut out = Vec::new();
    let mut i = 0;
    while i < members.len() {
        let j = (i..members.len())
            .find(|&j| members[j].1 != members[i].1)
            .unwrap_or(members.len());
        let place = u32::try_from(i + 1).unwrap_or(u32::MAX);
        let shared_by = u32::try_from(j - i).unwrap_or(1);
        out.extend(members[i..j].iter().map(|(player, _, amount)| Standing {
            player: *player,
            place,
            shared_by,
            prize: *amount,
            provisional: false,
        }));
        i = j;
    }
    out
}

/// Places and prizes of everyone eliminated so far (and the winner once one remains),
/// best place first.
pub fn standings(t: &Tournament, cfg: &Config, now: crate::model::ids::Timestamp) -> Vec<Standing> {
    let table = t.prizes();
    let open = field_open(t, cfg, now);
    let alive = u32::try_from(t.players_left()).unwrap_or(u32::MAX);
    // Groups in order of elimination, each sorted by starting stack, biggest first.
    let mut groups: Vec<Vec<&crate::model::state::Elimination>> = Vec::new();
    for e in &t.eliminations {
        match groups.iter_mut().find(|g| g[0].group == e.group) {
            Some(g) => g.push(e),
            None => groups.push(vec![e]),
        }
    }
    let mut out = Vec::new();
    let mut place = alive + 1;
    // A deal that ended play places its players by their chips; one that left an amount to
    // play for goes on, and its players take places as they go out.
    let deal_ended_play = t.deal_that_ended_play();
    // FIDPA: an early leaver takes the place of the next bust. When play ends before another
    // bust (the leaver was the last opponent, or a deal), the place is the next one down
    // from the players still in: the one who left last finishes highest.
    if deal_ended_play.is_some() || (alive == 1 && !open) {
        for leaver in t.early_leavers.iter().rev() {
            let prize = table
                .get((place as usize).saturating_sub(1))
                .copied()
                .unwrap_or_default();
            out.push(Standing {
                player: *leaver,
                place,
                shared_by: 1,
                prize,
                provisional: false,
            });
            place += 1;
        }
    }
    for group in groups.iter().rev() {
        let mut members = group.clone();
        // The bigger starting stack finishes higher (seed 000). Among equal stacks, who
        // gets the odd cent of the shared prize: the lower table, then the first seat after
        // that table's button when the player busted. Never the order a report was typed in.
        members.sort_by_key(|m| (std::cmp::Reverse(m.start_stack), m.table, m.seat_order));
        let mut i = 0;
        while i < members.len() {
            // Equal stacks share; in hand-for-hand, busts at different tables share too.
            let j = (i + 1..members.len())
                .find(|&j| {
                    let same_table = members[j].table == members[i].table;
                    same_table && members[j].start_stack != members[i].start_stack
                })
                .unwrap_or(members.len());
            let tied = &members[i..j];
            let shared = u32::try_from(tied.len()).unwrap_or(1);
            let amounts = shared_prizes(&table, place as usize, tied.len());
            for (e, prize) in tied.iter().zip(amounts) {
                let reenter_possible = open
                    && t.players.get(&e.player).is_some_and(|p| {
                        p.status == PlayerStatus::Busted
                            && cfg.max_entries.is_none_or(|m| p.entries < m)
                    });
                out.push(Standing {
                    player: e.player,
                    place,
                    shared_by: shared,
                    prize,
                    provisional: open || reenter_possible,
                });
            }
            place += shared;
            i = j;
        }
    }
    if let Some(deal) = deal_ended_play {
        out.extend(deal_places(t, deal));
    } else if alive == 1 && !open {
        if let Some(w) = t.playing().next() {
            let prize = table.first().copied().unwrap_or_default();
            out.push(Standing {
                player: w.id,
                place: 1,
                shared_by: 1,
                prize,
                provisional: false,
            });
        }
    }
    // A deal replaces the prizes of its players, also of those out after it when it left an
    // amount to play for (their place is then the order they went out in).
    for s in &mut out {
        if let Some(amount) = t.deal_amount(s.player) {
            s.prize = amount;
        }
    }
    out.sort_by_key(|s| s.place);
    out
}
