//! Stacks: chip counts (one player's, or a whole table's at a break) and stacks given up
//! for a re-entry during a break (PKR4U 5), which in a bounty event stay in their seat and
//! blind off until their last chip goes, bounty and all, to the pot's winners (PKR4U 6).

use crate::log::command::{
    Ctx, DecideCommand, ReportAbandonedStackGone, ReportChips, ReportTableChips, SurrenderStack,
};
use crate::log::error::{ApplyError, DomainError};
use crate::log::event::{AbandonedStackGone, ApplyEvent, ChipsCounted, Event, StackSurrendered};
use crate::model::config::Config;
use crate::model::ids::PlayerId;
use crate::model::money::{Cents, Chips};
use crate::model::seats::Place;
use crate::model::state::{AbandonedStack, Elimination, PlayerStatus, Tournament};
use crate::rules::{known_player, player_mut, playing};

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
    // No stack holds more than the chips in play.
    if chips.0 <= 0 || chips > t.chips_bought - t.chips_removed {
        return Err(DomainError::InvalidAmount {
            field: "chips".into(),
        });
    }
    Ok(vec![Event::ChipsCounted(ChipsCounted {
        player,
        chips,
        at: ctx.now,
    })])
}

impl DecideCommand for ReportChips {
    fn decide(&self, t: &Tournament, _cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        decide_report_chips(t, self.player, self.chips, ctx)
    }
}

/// Chip counts for several players of one table at once (a table at a break).
impl DecideCommand for ReportTableChips {
    fn decide(&self, t: &Tournament, _cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &ReportTableChips { table, ref counts } = self;
        if counts.is_empty() {
            return Err(DomainError::InvalidAmount {
                field: "counts".into(),
            });
        }
        let mut events = Vec::new();
        for (player, chips) in counts {
            let at_table = t.players.get(player).and_then(|p| p.seat).map(|s| s.table);
            if at_table != Some(table) {
                return Err(DomainError::NotAtTable {
                    player: *player,
                    table,
                });
            }
            events.extend(decide_report_chips(t, *player, *chips, ctx)?);
        }
        Ok(events)
    }
}

/// PKR4U 5: during a break a player may give up their stack to re-enter.
impl DecideCommand for SurrenderStack {
    fn decide(&self, t: &Tournament, cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &SurrenderStack { player } = self;
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
        Ok(vec![Event::StackSurrendered(StackSurrendered {
            player,
            at: ctx.now,
            abandoned_at,
        })])
    }
}

/// PKR4U 6: the abandoned stack at the reported seat paid its last chip, with its bounty as ante; the
/// winners of that pot share the bounty like a knock-out's (its former owner cannot win it).
impl DecideCommand for ReportAbandonedStackGone {
    fn decide(&self, t: &Tournament, cfg: &Config, _ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let place = Place {
            table: self.table,
            seat: self.seat,
        };
        let winners = &self.winners;
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
        Ok(vec![Event::AbandonedStackGone(AbandonedStackGone {
            place,
            owner: stack.owner,
            bounties: crate::rules::bounties::bounty_payments(
                cfg.bounty_kind,
                stack.bounty,
                winners,
            ),
        })])
    }
}

/// `ChipsCounted`: the player's stack as counted.
impl ApplyEvent for ChipsCounted {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &ChipsCounted { player, chips, .. } = self;
        let p = player_mut(t, player)?;
        p.stack = chips;
        p.stack_counted = true;
        Ok(())
    }
}

/// `StackSurrendered`. PKR4U 5: the stack is removed; the player re-enters at once (a
/// separate event). PKR4U 6: in a bounty event it stays in the seat with the bounty, its
/// chips still in play.
impl ApplyEvent for StackSurrendered {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &StackSurrendered {
            player,
            abandoned_at,
            at,
        } = self;
        // The player is out until the re-entry is bought, and takes a place like a bust: one who
        // then does not buy it (or cannot, registration closing) finishes there. The re-entry
        // takes the place back, as after a bust. (Found by the money invariant: a surrender never
        // followed by its re-entry left a prize paid to nobody.)
        let table = t.players.get(&player).and_then(|p| p.seat).map(|s| s.table);
        t.eliminations.push(Elimination {
            player,
            group: t.next_group,
            table,
            start_stack: None,
            at,
            seat_order: None,
        });
        t.next_group += 1;
        let p = player_mut(t, player)?;
        let (stack, bounty) = (p.stack, p.bounty);
        p.status = PlayerStatus::Busted;
        p.reentry = None;
        p.last_seat = p.seat;
        p.stack = Chips::ZERO;
        if abandoned_at.is_some() {
            p.bounty = Cents::ZERO;
        }
        t.unseat(player);
        match abandoned_at {
            Some(place) => {
                t.tables.entry(place.table).or_default().abandoned.insert(
                    place.seat,
                    AbandonedStack {
                        owner: player,
                        chips: stack,
                        bounty,
                    },
                );
            }
            None => {
                t.remove_chips(stack);
            }
        }
        Ok(())
    }
}

/// `AbandonedStackGone` (PKR4U 6): the stack leaves its seat; its bounty goes to the winners.
impl ApplyEvent for AbandonedStackGone {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &AbandonedStackGone {
            place,
            ref bounties,
            ..
        } = self;
        for b in bounties {
            known_player(t, b.to)?;
        }
        let gone = t
            .tables
            .get_mut(&place.table)
            .and_then(|tb| tb.abandoned.remove(&place.seat));
        if gone.is_none() {
            return Err(ApplyError::NoAbandonedStack {
                table: place.table,
                seat: place.seat,
            });
        }
        for b in bounties {
            if let Some(w) = t.players.get_mut(&b.to) {
                w.bounty_won += b.cash;
                w.bounty += b.onto_head;
            }
        }
        Ok(())
    }
}
