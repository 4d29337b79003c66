//! Seats and positions: the random seat draw (TDA 13, FIDPA), where the blinds are from the
//! button (TDA 6 / 32 dead button, TDA 34 heads-up), and which seats are "dead" for a newcomer.

use crate::log::error::{ApplyError, DomainError};
use crate::log::event::{ApplyEvent, SeatDrawn, TableOpened};
use crate::model::config::Config;
use crate::model::ids::{PlayerId, SeatNo, TableNo};
use crate::model::seats::Place;
use crate::model::state::{Table, Tournament};
use crate::rules::known_player;
use crate::rules::rng::Rng;
use std::collections::{BTreeMap, BTreeSet};

/// Seats of a table clockwise from the one after `from`, wrapping, `from` itself last.
fn clockwise_after(size: u8, from: SeatNo) -> impl Iterator<Item = SeatNo> {
    (1..=size).map(move |i| SeatNo(((from.0 - 1 + i) % size) + 1))
}

/// The next occupied seat clockwise after `from` (the button may be on an empty seat).
pub fn next_occupied(seats: &BTreeMap<SeatNo, PlayerId>, size: u8, from: SeatNo) -> Option<SeatNo> {
    clockwise_after(size, from).find(|s| seats.contains_key(s))
}

/// The odd-cent order of a seat (issue Q, TDA 66's odd-chip rule carried over to money): the
/// first seat clockwise after the button is 1, the button itself last (`size`). With the
/// button unknown, the seat number. Lower goes first.
pub fn seat_order_from_button(seat: SeatNo, button: Option<SeatNo>, size: u8) -> u8 {
    match button {
        Some(b) if size > 0 => {
            let after = (i16::from(seat.0) - i16::from(b.0) - 1).rem_euclid(i16::from(size));
            u8::try_from(after + 1).unwrap_or(size)
        }
        _ => seat.0,
    }
}

/// Where the blinds sit this hand, from the button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Blinds {
    pub small_blind: SeatNo,
    pub big_blind: SeatNo,
    /// TDA 25: the player who will be big blind in the next hand (the one who moves).
    pub next_big_blind: SeatNo,
}

/// The blinds for a known button. TDA 34: heads-up the button posts the small blind.
pub fn blinds(seats: &BTreeMap<SeatNo, PlayerId>, size: u8, button: SeatNo) -> Option<Blinds> {
    if seats.len() < 2 {
        return None;
    }
    if seats.len() == 2 && seats.contains_key(&button) {
        let other = next_occupied(seats, size, button)?;
        return Some(Blinds {
            small_blind: button,
            big_blind: other,
            next_big_blind: button,
        });
    }
    let sb = next_occupied(seats, size, button)?;
    let bb = next_occupied(seats, size, sb)?;
    let next = next_occupied(seats, size, bb)?;
    Some(Blinds {
        small_blind: sb,
        big_blind: bb,
        next_big_blind: next,
    })
}

/// TDA 32 / FIDPA: empty seats strictly between the button and the small blind, where a
/// newcomer would not be dealt in ("tussen de small blind en de button"). Empty when the
/// button is unknown.
///
/// Heads-up (TDA 34, seed 001: "de button wordt altijd de kleine blind"; "een speler kan
/// nooit twee keer een grote blind zijn") the button is the small blind, so no seat lies
/// between them; the dead seats are then the empty seats strictly between the button and
/// the big blind. A newcomer there would take the button in the next hand without having
/// paid a blind (the big blind moves on to the old button, the old big blind posts the
/// small blind), which is what TDA 32 keeps a newcomer from; a seat after the big blind
/// makes the newcomer the next big blind instead.
pub fn dead_seats(table: &Table, size: u8) -> BTreeSet<SeatNo> {
    let Some(button) = table.button else {
        return BTreeSet::new();
    };
    let Some(b) = blinds(&table.seats, size, button) else {
        return BTreeSet::new();
    };
    // Heads-up the small blind is the button itself: the gap that counts ends at the big blind.
    let until = if b.small_blind == button {
        b.big_blind
    } else {
        b.small_blind
    };
    clockwise_after(size, button)
        .take_while(|s| *s != until)
        .filter(|s| !table.seats.contains_key(s))
        .collect()
}

/// Free seats of a table.
pub fn free_seats(table: &Table, size: u8) -> Vec<SeatNo> {
    (1..=size)
        .map(SeatNo)
        .filter(|s| !table.is_taken(*s))
        .collect()
}

/// The outcome of a seat draw: possibly a table to open first, and the seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Draw {
    pub open_table: Option<TableNo>,
    pub seat: Place,
}

/// TDA 13 / FIDPA: a random seat at a table with room, filling tables evenly (only the
/// emptiest open tables are candidates); the next table in the configured order opens when
/// all open tables are full. TDA 32: never a dead seat between button and small blind when
/// another seat is free. `exclude` leaves out a table (the one being broken); `held` are
/// seats kept for a busted player who may still rebuy (`purchases::held_seats`): they count
/// as taken.
pub fn draw_seat(
    t: &Tournament,
    cfg: &Config,
    rng: &mut Rng,
    exclude: Option<TableNo>,
    held: &[Place],
) -> Result<Draw, DomainError> {
    let size = cfg.table_size;
    let held_at = |n: TableNo| held.iter().filter(|p| p.table == n).count();
    let open: Vec<(TableNo, &Table)> = t
        .open_tables()
        .filter(|(n, tb)| {
            Some(*n) != exclude && tb.seats_in_use() + held_at(*n) < usize::from(size)
        })
        .collect();
    if open.is_empty() {
        let next = cfg.tables.iter().find(|n| {
            Some(**n) != exclude
                && t.tables
                    .get(n)
                    .is_some_and(|tb| !tb.open && tb.seats_in_use() == 0)
        });
        let Some(&table) = next else {
            return Err(DomainError::NoSeatAvailable);
        };
        let seats: Vec<SeatNo> = (1..=size).map(SeatNo).collect();
        let seat = *rng.pick(&seats).ok_or(DomainError::NoSeatAvailable)?;
        return Ok(Draw {
            open_table: Some(table),
            seat: Place { table, seat },
        });
    }
    let fewest = open
        .iter()
        .map(|(n, tb)| tb.seats.len() + held_at(*n))
        .min()
        .unwrap_or(0);
    let mut live = Vec::new();
    let mut dead = Vec::new();
    for (n, tb) in open
        .iter()
        .filter(|(n, tb)| tb.seats.len() + held_at(*n) == fewest)
    {
        let dead_here = dead_seats(tb, size);
        for s in free_seats(tb, size) {
            let place = Place { table: *n, seat: s };
            if held.contains(&place) {
                continue;
            }
            if dead_here.contains(&s) {
                dead.push(place)
            } else {
                live.push(place)
            }
        }
    }
    let pool = if live.is_empty() { &dead } else { &live };
    let seat = *rng.pick(pool).ok_or(DomainError::NoSeatAvailable)?;
    Ok(Draw {
        open_table: None,
        seat,
    })
}

/// [`draw_seat`] keeping the `held` seats while another seat is free anywhere: a seat is
/// kept for a player who may still rebuy, never withheld from one who is paying now (with no
/// other seat left, the held one is drawn like any other and the rebuy draws a new one).
pub fn draw_seat_keeping(
    t: &Tournament,
    cfg: &Config,
    rng: &mut Rng,
    exclude: Option<TableNo>,
    held: &[Place],
) -> Result<Draw, DomainError> {
    let mut tried = rng.clone();
    match draw_seat(t, cfg, &mut tried, exclude, held) {
        Err(DomainError::NoSeatAvailable) if !held.is_empty() => {
            draw_seat(t, cfg, rng, exclude, &[])
        }
        drawn => {
            *rng = tried;
            drawn
        }
    }
}

/// `SeatDrawn`: the player sits at the seat drawn for them.
impl ApplyEvent for SeatDrawn {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &SeatDrawn { player, seat } = self;
        known_player(t, player)?;
        t.seat(player, seat);
        Ok(())
    }
}

/// `TableOpened`: players may be drawn to it from now on.
impl ApplyEvent for TableOpened {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &TableOpened { table } = self;
        t.tables.entry(table).or_default().open = true;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_kit::table;

    #[test]
    fn blinds_follow_the_button_and_skip_empty_seats() {
        let t = table(&[1, 2, 4, 7, 9], Some(9));
        let b = blinds(&t.seats, 9, SeatNo(9)).unwrap();
        assert_eq!(
            (b.small_blind, b.big_blind, b.next_big_blind),
            (SeatNo(1), SeatNo(2), SeatNo(4))
        );
    }

    #[test]
    fn dead_button_on_an_empty_seat_tda_6() {
        // The small blind busted: the button goes to the empty seat 3.
        let t = table(&[1, 4, 6], Some(3));
        let b = blinds(&t.seats, 9, SeatNo(3)).unwrap();
        assert_eq!((b.small_blind, b.big_blind), (SeatNo(4), SeatNo(6)));
    }

    #[test]
    fn heads_up_the_button_is_the_small_blind_tda_34() {
        let t = table(&[2, 5], Some(5));
        let b = blinds(&t.seats, 9, SeatNo(5)).unwrap();
        assert_eq!((b.small_blind, b.big_blind), (SeatNo(5), SeatNo(2)));
    }

    #[test]
    fn seats_between_button_and_small_blind_are_dead_tda_32() {
        let t = table(&[1, 5, 8], Some(1));
        assert_eq!(
            dead_seats(&t, 9),
            [SeatNo(2), SeatNo(3), SeatNo(4)].into_iter().collect()
        );
        assert!(dead_seats(&table(&[1, 5, 8], None), 9).is_empty());
    }

    #[test]
    fn heads_up_the_seats_between_button_and_big_blind_are_dead_tda_34() {
        // Button (and small blind) on 2, big blind on 6: a newcomer on 3, 4 or 5 would get
        // the button next hand without a blind; on 7, 8, 9 or 1 they are the next big blind.
        let t = table(&[2, 6], Some(2));
        assert_eq!(
            dead_seats(&t, 9),
            [SeatNo(3), SeatNo(4), SeatNo(5)].into_iter().collect()
        );
        // Around the end of the table: button 8, big blind 3.
        let t = table(&[3, 8], Some(8));
        assert_eq!(
            dead_seats(&t, 9),
            [SeatNo(9), SeatNo(1), SeatNo(2)].into_iter().collect()
        );
    }
}
