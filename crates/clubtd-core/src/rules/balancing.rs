//! Table balancing, short tables, breaking and the final table (PKR4U 13; TDA 25, 32; FIDPA).
//! Plans are suggestions derived from the state; carrying one out is an ordinary command.

use crate::log::command::{
    BreakTable, Ctx, DecideCommand, DrawFinalTable, MovePlayer, SetBalancing, SetButton,
};
use crate::log::error::{ApplyError, DomainError};
use crate::log::event::{
    ApplyEvent, BalancingSet, ButtonSet, Event, FinalTableDrawn, Place, PlayerMoved, SeatMove,
    StackMove, TableBroken,
};
use crate::model::config::Config;
use crate::model::ids::{PlayerId, SeatNo, TableNo};
use crate::model::state::{BalancingSettings, PlayerStatus, Redraw, Table, Tournament};
use crate::rules::rng::Rng;
use crate::rules::seating::{blinds, dead_seats, free_seats, next_occupied};
use crate::rules::table_mut;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// One move of a balancing plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlannedMove {
    /// TDA 25: the player who would be big blind next hand at the giving table.
    pub player: PlayerId,
    /// Where they sit now.
    pub from: Place,
    /// The seat TDA 25 gives them at the receiving table.
    pub to: Place,
}

/// TDA 25: a balancing move whose player is known but whose seat is not: the receiving
/// table has not said where its button is, so its big blind, and with it the seat, is
/// unknown. The player stays where they are until the seat is named; no table can confirm
/// it before then.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct WaitingMove {
    /// TDA 25: the player who would be big blind next hand at the giving table.
    pub player: PlayerId,
    /// Where they sit now, and stay until the seat is named.
    pub from: Place,
    /// The receiving table, which must set its button first.
    pub to_table: TableNo,
}

/// What the director and the tables should do about the tables now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TablePlan {
    /// TDA 25 / 32: moves that balance the tables, in order.
    pub moves: Vec<PlannedMove>,
    /// Tables that must say where their button is: a giving table before its mover can be
    /// named, a receiving table before the seat of a player coming to it can be (TDA 25).
    pub need_button: Vec<TableNo>,
    /// TDA 25: moves that wait for their receiving table's button (that table is also in
    /// `need_button`); once it is set, the plan names the seat and the move joins `moves`.
    #[serde(default)]
    pub waiting: Vec<WaitingMove>,
    /// PKR4U 13: tables with too few players to go on; the director is called.
    pub stopped: Vec<TableNo>,
    /// The next table to break, when the others can seat its players.
    pub break_next: Option<TableNo>,
    /// FIDPA: the remaining players fit one table.
    pub final_table_ready: bool,
}

impl TablePlan {
    /// Every move still to carry out: the named ones and those waiting for a button. The one
    /// count the console's badge and its status strip both show.
    pub fn moves_to_make(&self) -> usize {
        self.moves.len() + self.waiting.len()
    }
}

/// PKR4U 13: a table with `stop_table_at` players or fewer stops and calls the director —
/// except at the final table (one table left) and in a 6-max event, unless the configuration
/// says otherwise.
pub fn stopped_tables(t: &Tournament, cfg: &Config) -> Vec<TableNo> {
    // Play is over with one player left: no table waits for the director any more. Before
    // the clock starts the tables fill as players register: none has stopped (the console
    // once showed "stopped, TD called: 1, 2, 3" during registration).
    if t.players_left() <= 1 || !t.clock.is_started() {
        return Vec::new();
    }
    let open: Vec<(TableNo, &Table)> = t.open_tables().collect();
    let final_table = open.len() <= 1;
    if (final_table && !cfg.stop_at_final_table) || (cfg.is_six_max() && !cfg.stop_in_six_max) {
        return Vec::new();
    }
    open.into_iter()
        .filter(|(_, tb)| tb.seats.len() <= usize::from(cfg.stop_table_at))
        .map(|(n, _)| n)
        .collect()
}

/// Where a player moved for balance goes at the receiving table, or why no seat can be named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrival {
    /// The seat TDA 25 gives the player.
    Seat(SeatNo),
    /// The table has not said where its button is, so its big blind is unknown: the seat
    /// waits for the button (TDA 25 places the player by the big blind).
    NeedsButton,
    /// No free seat.
    Full,
}

/// TDA 25: the seat at the short table where a moved player goes: the seat that takes the big
/// blind next hand ("in dezelfde positie, op de big blind"), else the first free seat after
/// it ("de eerste positie die links daarvan beschikbaar is"; TDA 32: closest before the big
/// blind), never a dead seat (`dead_seats`: between the button and the small blind, and
/// heads-up, where the button is the small blind, between the button and the big blind). The
/// big blind follows from the button, so with the button unknown no seat is named:
/// `NeedsButton`. A table with fewer than two players has no blinds to place by: the lowest
/// free seat. When every free seat is dead, the lowest free seat too (FIDPA: the player sits
/// out there until the button has passed).
pub fn arrival_seat(table: &Table, size: u8) -> Arrival {
    let free = free_seats(table, size);
    let Some(&lowest) = free.first() else {
        return Arrival::Full;
    };
    if table.seats.len() < 2 {
        return Arrival::Seat(lowest);
    }
    let Some(button) = table.button else {
        return Arrival::NeedsButton;
    };
    let Some(b) = blinds(&table.seats, size, button) else {
        return Arrival::Seat(lowest);
    };
    let dead = dead_seats(table, size);
    // Walk clockwise from the seat after today's big blind: a player there is the big blind
    // of the next hand.
    let mut order = (1..=size).map(|i| SeatNo(((b.big_blind.0 - 1 + i) % size) + 1));
    Arrival::Seat(
        order
            .find(|s| free.contains(s) && !dead.contains(s))
            .unwrap_or(lowest),
    )
}

/// TDA 25: the player who would be big blind next hand moves; someone who already moved in
/// this plan is skipped.
fn mover(table: &Table, size: u8, moved: &BTreeSet<PlayerId>) -> Option<(SeatNo, PlayerId)> {
    let button = table.button?;
    let b = blinds(&table.seats, size, button)?;
    let mut seat = b.next_big_blind;
    for _ in 0..size {
        let player = *table.seats.get(&seat)?;
        if !moved.contains(&player) {
            return Some((seat, player));
        }
        seat = next_occupied(&table.seats, size, seat)?;
    }
    None
}

/// The balancing plan: while the largest and smallest open tables differ by the trigger or
/// more, the next big blind of the largest moves to the worst seat of the smallest (TDA 25).
/// A giving table without a button cannot name its mover yet, and a receiving table without
/// one cannot name the seat (the move waits, `waiting`); either way the plan goes on counting
/// the player as moved, so every button the plan needs is asked for at once (6, 6, 2 into
/// 5, 5, 4 asks the three tables together, not one round per table) and the director sees
/// every move the tables need.
pub fn plan(t: &Tournament, cfg: &Config) -> TablePlan {
    let size = cfg.table_size;
    let mut tables: BTreeMap<TableNo, Table> =
        t.open_tables().map(|(n, tb)| (n, tb.clone())).collect();
    // Players on their way to a table whose seat for them is not named yet, and players to
    // leave a table that has not said who (its button is unknown).
    let mut arriving: BTreeMap<TableNo, usize> = BTreeMap::new();
    let mut leaving: BTreeMap<TableNo, usize> = BTreeMap::new();
    let mut moved = BTreeSet::new();
    let mut out = TablePlan {
        stopped: stopped_tables(t, cfg),
        ..TablePlan::default()
    };
    let trigger = usize::from(t.balancing_settings().trigger);
    for _ in 0..t.players.len() + 1 {
        let count = |n: &TableNo, tb: &Table| {
            (tb.seats.len() + arriving.get(n).copied().unwrap_or(0))
                .saturating_sub(leaving.get(n).copied().unwrap_or(0))
        };
        let Some((&big, big_t)) = tables
            .iter()
            .max_by_key(|(n, tb)| (count(n, tb), std::cmp::Reverse(**n)))
        else {
            break;
        };
        let Some((&small, small_t)) = tables.iter().min_by_key(|(n, tb)| (count(n, tb), **n))
        else {
            break;
        };
        if count(&big, big_t) < count(&small, small_t) + trigger {
            break;
        }
        // Players waiting for this table's button hold free seats of it already.
        let pending = arriving.get(&small).copied().unwrap_or(0);
        let Some((from_seat, player)) = mover(big_t, size, &moved) else {
            // The mover is unknown until the giving table sets its button; the counts are
            // known, so the plan goes on and asks every table it needs at once.
            if big_t.button.is_some() || free_seats(small_t, size).len() <= pending {
                break;
            }
            if !out.need_button.contains(&big) {
                out.need_button.push(big);
            }
            if arrival_seat(small_t, size) == Arrival::NeedsButton
                && !out.need_button.contains(&small)
            {
                out.need_button.push(small);
            }
            *leaving.entry(big).or_default() += 1;
            *arriving.entry(small).or_default() += 1;
            continue;
        };
        let from = Place {
            table: big,
            seat: from_seat,
        };
        match arrival_seat(small_t, size) {
            Arrival::Seat(to_seat) => {
                tables
                    .get_mut(&small)
                    .map(|tb| tb.seats.insert(to_seat, player));
                out.moves.push(PlannedMove {
                    player,
                    from,
                    to: Place {
                        table: small,
                        seat: to_seat,
                    },
                });
            }
            Arrival::NeedsButton if free_seats(small_t, size).len() > pending => {
                *arriving.entry(small).or_default() += 1;
                if !out.need_button.contains(&small) {
                    out.need_button.push(small);
                }
                out.waiting.push(WaitingMove {
                    player,
                    from,
                    to_table: small,
                });
            }
            Arrival::NeedsButton | Arrival::Full => break,
        }
        tables.get_mut(&big).map(|tb| tb.seats.remove(&from_seat));
        moved.insert(player);
    }
    let open: Vec<(TableNo, &Table)> = t.open_tables().collect();
    if open.len() > 1 {
        out.final_table_ready = t.players_left() + abandoned_places(t).len() <= usize::from(size);
        out.break_next = cfg
            .break_order
            .iter()
            .find(|n| open.iter().any(|(o, _)| o == *n))
            .copied()
            .filter(|n| {
                room_elsewhere(t, cfg, *n) >= t.tables.get(n).map_or(0, |tb| tb.seats_in_use())
            });
    }
    out
}

/// TDA 25: is moving `player` to `to` a move the tables are shown right now (automatic
/// balancing, in the current plan)? Only such a move may a table confirm by itself. A move
/// that waits for its receiving table's button names no seat, so it is never one of them.
pub fn is_shown_move(t: &Tournament, player: PlayerId, to: Place) -> bool {
    let Some(cfg) = t.config() else {
        return false;
    };
    t.balancing_settings().automatic
        && plan(t, cfg)
            .moves
            .iter()
            .any(|m| m.player == player && m.to == to)
}

fn room_elsewhere(t: &Tournament, cfg: &Config, table: TableNo) -> usize {
    t.open_tables()
        .filter(|(n, _)| *n != table)
        .map(|(_, tb)| usize::from(cfg.table_size).saturating_sub(tb.seats_in_use()))
        .sum()
}

/// Sets where a table's button is (one tap on its page).
impl DecideCommand for SetButton {
    fn decide(&self, t: &Tournament, cfg: &Config, _ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &SetButton { table, seat } = self;
        let tb = t
            .tables
            .get(&table)
            .ok_or(DomainError::UnknownTable { table })?;
        if !tb.open {
            return Err(DomainError::TableNotOpen { table });
        }
        if seat.0 == 0 || seat.0 > cfg.table_size {
            return Err(DomainError::UnknownSeat { table, seat });
        }
        Ok(vec![Event::ButtonSet(ButtonSet { table, seat })])
    }
}

/// Moves one playing player to a free seat of an open table (a balancing move carried out,
/// or the director's own move).
impl DecideCommand for MovePlayer {
    fn decide(&self, t: &Tournament, cfg: &Config, _ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &MovePlayer { player, to, reason } = self;
        let p = t
            .players
            .get(&player)
            .ok_or(DomainError::UnknownPlayer { player })?;
        let from = match (p.status, p.seat) {
            (PlayerStatus::Playing, Some(s)) => s,
            _ => return Err(DomainError::PlayerNotActive { player }),
        };
        let tb = t
            .tables
            .get(&to.table)
            .ok_or(DomainError::UnknownTable { table: to.table })?;
        if !tb.open {
            return Err(DomainError::TableNotOpen { table: to.table });
        }
        if to.seat.0 == 0 || to.seat.0 > cfg.table_size {
            return Err(DomainError::UnknownSeat {
                table: to.table,
                seat: to.seat,
            });
        }
        if tb.is_taken(to.seat) {
            return Err(DomainError::SeatTaken {
                table: to.table,
                seat: to.seat,
            });
        }
        Ok(vec![Event::PlayerMoved(PlayerMoved {
            movement: SeatMove { player, from, to },
            reason,
        })])
    }
}

/// Breaks a table: its players draw seats at the other tables, filling the emptiest first;
/// TDA 32: they may get the blinds or the button, but never a dead seat while another is free.
impl DecideCommand for BreakTable {
    fn decide(&self, t: &Tournament, cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &BreakTable { table } = self;
        let tb = t
            .tables
            .get(&table)
            .ok_or(DomainError::UnknownTable { table })?;
        if !tb.open {
            return Err(DomainError::TableNotOpen { table });
        }
        let room = room_elsewhere(t, cfg, table);
        if t.open_tables().count() < 2 || room < tb.seats_in_use() {
            let missing = u32::try_from(tb.seats_in_use().saturating_sub(room)).unwrap_or(u32::MAX);
            return Err(DomainError::CannotBreakTable { table, missing });
        }
        let mut rng = Rng::new(ctx.seed);
        let mut sim = t.clone();
        // Seats kept for a player who may still rebuy stay free while others are.
        let held = crate::rules::windows::held_seats(t, cfg, ctx.now);
        let mut players: Vec<(SeatNo, PlayerId)> = tb.seats.iter().map(|(s, p)| (*s, *p)).collect();
        rng.shuffle(&mut players);
        let mut moves = Vec::new();
        for (seat, player) in players {
            let draw =
                crate::rules::seating::draw_seat_keeping(&sim, cfg, &mut rng, Some(table), &held)?;
            let m = SeatMove {
                player,
                from: Place { table, seat },
                to: draw.seat,
            };
            // The next draw sees this player seated already.
            sim.move_players(&[m]);
            moves.push(m);
        }
        // PKR4U 6: an abandoned stack keeps blinding off, so it takes a seat elsewhere too.
        let mut abandoned_moves = Vec::new();
        for &seat in tb.abandoned.keys() {
            let draw =
                crate::rules::seating::draw_seat_keeping(&sim, cfg, &mut rng, Some(table), &held)?;
            let m = StackMove {
                from: Place { table, seat },
                to: draw.seat,
            };
            if let Some(stack) = sim
                .tables
                .get_mut(&table)
                .and_then(|tb| tb.abandoned.remove(&seat))
            {
                sim.tables
                    .entry(m.to.table)
                    .or_default()
                    .abandoned
                    .insert(m.to.seat, stack);
            }
            abandoned_moves.push(m);
        }
        Ok(vec![Event::TableBroken(TableBroken {
            table,
            moves,
            abandoned_moves,
        })])
    }
}

/// FIDPA: when the remaining players fit one table, all redraw seats there and the button
/// starts on seat 1. The final table is the last one in the break order that is open.
impl DecideCommand for DrawFinalTable {
    fn decide(&self, t: &Tournament, cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let left: Vec<&crate::model::state::Player> = t.playing().collect();
        let abandoned: Vec<Place> = abandoned_places(t);
        if left.len() + abandoned.len() > usize::from(cfg.table_size) || left.len() < 2 {
            return Err(DomainError::FinalTableNotReady);
        }
        let table = cfg
            .break_order
            .iter()
            .rev()
            .find(|n| t.tables.get(n).is_some_and(|tb| tb.open))
            .copied()
            .ok_or(DomainError::FinalTableNotReady)?;
        let mut rng = Rng::new(ctx.seed);
        let mut seats: Vec<SeatNo> = (1..=cfg.table_size).map(SeatNo).collect();
        rng.shuffle(&mut seats);
        let mut seats = seats.into_iter();
        let moves = left
            .iter()
            .filter_map(|p| {
                let from = p.seat?;
                let seat = seats.next()?;
                Some(SeatMove {
                    player: p.id,
                    from,
                    to: Place { table, seat },
                })
            })
            .collect();
        // PKR4U 6: abandoned stacks still blinding off redraw with the players.
        let abandoned_moves = abandoned
            .into_iter()
            .zip(seats)
            .map(|(from, seat)| StackMove {
                from,
                to: Place { table, seat },
            })
            .collect();
        Ok(vec![Event::FinalTableDrawn(FinalTableDrawn {
            table,
            moves,
            button: SeatNo(1),
            abandoned_moves,
        })])
    }
}

/// Every abandoned stack still at an open table (PKR4U 6).
fn abandoned_places(t: &Tournament) -> Vec<Place> {
    t.open_tables()
        .flat_map(|(table, tb)| tb.abandoned.keys().map(move |&seat| Place { table, seat }))
        .collect()
}

/// TDA 25: how balancing runs from now on. A trigger of 1 would move players back and forth
/// for ever.
impl DecideCommand for SetBalancing {
    fn decide(&self, _t: &Tournament, cfg: &Config, _ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &SetBalancing { automatic, trigger } = self;
        if trigger < 2 || trigger > cfg.table_size {
            return Err(DomainError::InvalidAmount {
                field: "trigger".into(),
            });
        }
        Ok(vec![Event::BalancingSet(BalancingSet {
            automatic,
            trigger,
        })])
    }
}

/// `ButtonSet`: where the table says its button is.
impl ApplyEvent for ButtonSet {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &ButtonSet { table, seat } = self;
        table_mut(t, table)?.button = Some(seat);
        Ok(())
    }
}

/// `PlayerMoved`.
impl ApplyEvent for PlayerMoved {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let PlayerMoved { movement, .. } = self;
        t.move_players(std::slice::from_ref(movement));
        Ok(())
    }
}

/// Seats the players and abandoned stacks a break or the final table's draw sent, and keeps
/// the redraw for the tables to show who went where (`broken`: the table broken, if one was).
fn redraw(
    t: &mut Tournament,
    broken: Option<TableNo>,
    moves: &[SeatMove],
    abandoned: &[StackMove],
) {
    t.move_players(moves);
    t.move_stacks(abandoned);
    t.last_redraw = Some(Redraw {
        broken,
        moves: moves.to_vec(),
        abandoned_moves: abandoned.to_vec(),
    });
}

/// `TableBroken`: its players and abandoned stacks sit at their drawn seats; the table
/// closes, and the tables show who went where.
impl ApplyEvent for TableBroken {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &TableBroken {
            table,
            ref moves,
            ref abandoned_moves,
        } = self;
        table_mut(t, table)?;
        redraw(t, Some(table), moves, abandoned_moves);
        let tb = table_mut(t, table)?;
        tb.open = false;
        tb.button = None;
        tb.hand_done = false;
        Ok(())
    }
}

/// `FinalTableDrawn` (FIDPA): everyone at the final table, the button on its drawn seat,
/// every other table closed.
impl ApplyEvent for FinalTableDrawn {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &FinalTableDrawn {
            table,
            ref moves,
            button,
            ref abandoned_moves,
        } = self;
        table_mut(t, table)?;
        redraw(t, None, moves, abandoned_moves);
        for (n, tb) in t.tables.iter_mut() {
            if *n != table {
                tb.open = false;
                tb.button = None;
            }
        }
        let tb = table_mut(t, table)?;
        tb.open = true;
        tb.button = Some(button);
        Ok(())
    }
}

/// `BalancingSet` (TDA 25).
impl ApplyEvent for BalancingSet {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &BalancingSet { automatic, trigger } = self;
        t.balancing = Some(BalancingSettings { automatic, trigger });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_kit::table;

    #[test]
    fn tda_25_the_mover_takes_the_seat_after_the_big_blind() {
        // Button 1, blinds 3 and 5, next big blind 8: seat 6 is the big blind of the next hand.
        assert_eq!(
            arrival_seat(&table(&[1, 3, 5, 8], Some(1)), 9),
            Arrival::Seat(SeatNo(6))
        );
    }

    #[test]
    fn tda_25_without_the_receiving_tables_button_no_seat_is_named() {
        assert_eq!(
            arrival_seat(&table(&[1, 3, 5, 8], None), 9),
            Arrival::NeedsButton
        );
        // One player: no blinds to place by, and so nothing to wait for.
        assert_eq!(
            arrival_seat(&table(&[4], None), 9),
            Arrival::Seat(SeatNo(1))
        );
        assert_eq!(
            arrival_seat(&table(&[1, 2, 3, 4, 5, 6], None), 6),
            Arrival::Full
        );
    }

    #[test]
    fn tda_34_heads_up_the_mover_sits_after_the_big_blind_never_before_it() {
        // Button and small blind on 6, big blind on 2: seats 3, 4, 5 come after the big blind
        // (the newcomer is the next big blind); 7, 8, 9, 1 lie between the button and the big
        // blind, where the newcomer would get the button without a blind. Before this rule
        // was written down the lowest free seat, 1, was named.
        let heads_up = table(&[2, 6], Some(6));
        assert_eq!(arrival_seat(&heads_up, 9), Arrival::Seat(SeatNo(3)));
        // The same around the end of the table: button 2, big blind 6.
        assert_eq!(
            arrival_seat(&table(&[2, 6], Some(2)), 9),
            Arrival::Seat(SeatNo(7))
        );
        // Heads-up too, the seat waits for the button.
        assert_eq!(arrival_seat(&table(&[2, 6], None), 9), Arrival::NeedsButton);
    }
}
