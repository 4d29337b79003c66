//! The chip race at a colour-up (TDA 2): the small chips of each player raced off for the
//! bigger denomination, and the settlement of the race.

use super::{chips_from_i128, non_negative, CalcError};
use crate::model::money::Chips;
use serde::{Deserialize, Serialize};

/// One player's part in a chip race.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RaceSeat {
    /// Big chips the player gets by exchanging whole sets of small chips (no race).
    pub coloured_up: u32,
    /// Small chips left over: the player gets one card for each.
    pub odd_chips: u32,
}

/// The chip race at one table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ChipRace {
    /// Big chips raced for.
    pub chips_to_race: u32,
    /// Players who take part (those with odd chips).
    pub entrants: u32,
    /// Value of all the odd chips at the table.
    pub odd_value: Chips,
    /// Every player, in the order given.
    pub seats: Vec<RaceSeat>,
}

/// How many small chips make a big one; the flow checks it as soon as the big chip is typed.
pub(crate) fn race_ratio(small: Chips, big: Chips) -> Result<u64, CalcError> {
    if small.0 <= 0 || big.0 <= small.0 || big.0 % small.0 != 0 {
        return Err(CalcError::InvalidDenominations);
    }
    u64::try_from(big.0 / small.0).map_err(|_| CalcError::InvalidDenominations)
}

/// TDA 2: the chip race when the `small` chip leaves play for the `big` one. `small_chips` is
/// each player's count of small chips; whole sets are exchanged first and only the odd chips
/// race. The odd value is rounded normally (half up) to whole big chips: ten 25-chips at a
/// table (250) race for three 100-chips. Each player wins at most one chip; cards are dealt
/// from seat 1, one per odd chip, the highest by suit order winning.
pub fn chip_race(small_chips: &[u32], small: Chips, big: Chips) -> Result<ChipRace, CalcError> {
    let ratio = race_ratio(small, big)?;
    let mut seats = Vec::with_capacity(small_chips.len());
    let mut odd_total: u128 = 0;
    let mut entrants: u32 = 0;
    for &count in small_chips {
        let count = u64::from(count);
        let coloured_up = u32::try_from(count / ratio).map_err(|_| CalcError::Overflow)?;
        let odd_chips = u32::try_from(count % ratio).map_err(|_| CalcError::Overflow)?;
        odd_total += u128::from(odd_chips);
        if odd_chips > 0 {
            entrants = entrants.checked_add(1).ok_or(CalcError::Overflow)?;
        }
        seats.push(RaceSeat {
            coloured_up,
            odd_chips,
        });
    }
    let ratio = u128::from(ratio);
    let rounded = (2 * odd_total + ratio) / (2 * ratio);
    // Each entrant holds under one big chip's worth, so the rounded count never exceeds them;
    // the `min` keeps "one chip at most per player" true by construction.
    let chips_to_race = u32::try_from(rounded)
        .map_err(|_| CalcError::Overflow)?
        .min(entrants);
    let small_value = i128::from(small.0);
    let odd_value =
        chips_from_i128(i128::try_from(odd_total).map_err(|_| CalcError::Overflow)? * small_value)?;
    Ok(ChipRace {
        chips_to_race,
        entrants,
        odd_value,
        seats,
    })
}

/// One player's result after the chip race.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RaceOutcome {
    /// Stack before: the small chips plus everything else.
    pub before: Chips,
    /// Stack after, with no small chips left.
    pub after: Chips,
    /// `after - before`: odd chips lost, or a big chip won.
    pub change: Chips,
    /// Big chips handed over: the exchange, plus a chip won or given.
    pub big_chips_received: u32,
    /// Won a chip in the race.
    pub won_race: bool,
    /// Lost the race with nothing else left, so was given one chip (TDA 2: nobody busts).
    pub protected: bool,
}

/// The chip race with its results.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ChipRaceSettlement {
    /// The race itself.
    pub race: ChipRace,
    /// Every player, in the order given.
    pub outcomes: Vec<RaceOutcome>,
}

/// TDA 2: settles a chip race given its winners (indices into `small_chips`, one per chip
/// raced) and each player's `other_chips` (the value of their stack besides the small chips).
/// Winners get one big chip each, never more; a player left with nothing but odd chips who
/// loses still gets one chip of the smallest denomination left in play (`big`), so nobody
/// busts in a chip race.
pub fn settle_chip_race(
    small_chips: &[u32],
    winners: &[usize],
    small: Chips,
    big: Chips,
    other_chips: &[Chips],
) -> Result<ChipRaceSettlement, CalcError> {
    if other_chips.len() != small_chips.len() {
        return Err(CalcError::LengthMismatch);
    }
    for &other in other_chips {
        non_negative("other_chips", other)?;
    }
    let race = chip_race(small_chips, small, big)?;
    let expected = race.chips_to_race;
    if usize::try_from(expected) != Ok(winners.len()) {
        return Err(CalcError::WrongWinnerCount {
            expected,
            got: winners.len(),
        });
    }
    let mut won = vec![false; small_chips.len()];
    for &seat in winners {
        let entry = race
            .seats
            .get(seat)
            .ok_or(CalcError::UnknownSeat { seat })?;
        if entry.odd_chips == 0 {
            return Err(CalcError::WinnerNotInRace { seat });
        }
        if won[seat] {
            return Err(CalcError::DuplicateWinner { seat });
        }
        won[seat] = true;
    }
    let small_value = i128::from(small.0);
    let big_value = i128::from(big.0);
    let mut outcomes = Vec::with_capacity(race.seats.len());
    for ((seat, &count), (&other, &won_race)) in race
        .seats
        .iter()
        .zip(small_chips)
        .zip(other_chips.iter().zip(&won))
    {
        let protected = !won_race && seat.odd_chips > 0 && seat.coloured_up == 0 && other.0 == 0;
        let race_chip = u32::from(won_race || protected);
        let big_chips_received = seat
            .coloured_up
            .checked_add(race_chip)
            .ok_or(CalcError::Overflow)?;
        let before = i128::from(other.0) + i128::from(count) * small_value;
        let after = i128::from(other.0) + i128::from(big_chips_received) * big_value;
        outcomes.push(RaceOutcome {
            before: chips_from_i128(before)?,
            after: chips_from_i128(after)?,
            change: chips_from_i128(after - before)?,
            big_chips_received,
            won_race,
            protected,
        });
    }
    Ok(ChipRaceSettlement { race, outcomes })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulings::calculators::tests::c;
    use crate::rulings::calculators::*;

    // --- TDA 2 ----------------------------------------------------------------------------------

    #[test]
    fn tda_2_seed_ten_25_chips_race_for_three_100_chips() {
        let race = chip_race(&[3, 3, 2, 1, 1, 0], c(25), c(100)).unwrap();
        assert_eq!(race.chips_to_race, 3);
        assert_eq!(race.entrants, 5);
        assert_eq!(race.odd_value, c(250));
    }

    #[test]
    fn tda_2_whole_sets_are_exchanged_before_the_race() {
        let race = chip_race(&[7, 5], c(25), c(100)).unwrap();
        assert_eq!(
            race.seats,
            vec![
                RaceSeat {
                    coloured_up: 1,
                    odd_chips: 3
                },
                RaceSeat {
                    coloured_up: 1,
                    odd_chips: 1
                },
            ]
        );
        assert_eq!(race.chips_to_race, 1);
        assert_eq!(chip_race(&[1], c(25), c(100)).unwrap().chips_to_race, 0);
        assert_eq!(chip_race(&[2], c(25), c(100)).unwrap().chips_to_race, 1);
    }

    #[test]
    fn tda_2_seed_settles_with_one_chip_per_winner_and_nobody_busts() {
        // Seat 4 has nothing but one 25 chip and loses: it still gets a 100 chip.
        let other = [c(5000), c(3000), c(2000), c(1000), Chips::ZERO, c(800)];
        let s = settle_chip_race(&[3, 3, 2, 1, 1, 0], &[0, 2, 3], c(25), c(100), &other).unwrap();
        let changes: Vec<i64> = s.outcomes.iter().map(|o| o.change.0).collect();
        assert_eq!(changes, vec![25, -75, 50, 75, 75, 0]);
        assert!(s.outcomes[4].protected && !s.outcomes[4].won_race);
        assert_eq!(s.outcomes[4].after, c(100));
        assert!(s.outcomes.iter().all(|o| o.big_chips_received <= 1));
    }

    #[test]
    fn tda_2_settle_rejects_bad_winners() {
        let other = [c(100); 6];
        let code = |winners: &[usize]| {
            settle_chip_race(&[3, 3, 2, 1, 1, 0], winners, c(25), c(100), &other)
                .unwrap_err()
                .code()
        };
        assert_eq!(code(&[0, 1]), "CALC_WRONG_WINNER_COUNT");
        assert_eq!(code(&[0, 0, 1]), "CALC_DUPLICATE_WINNER");
        assert_eq!(code(&[0, 1, 5]), "CALC_WINNER_NOT_IN_RACE");
        assert_eq!(code(&[0, 1, 9]), "CALC_UNKNOWN_SEAT");
        assert_eq!(
            settle_chip_race(&[1], &[], c(25), c(100), &[])
                .unwrap_err()
                .code(),
            "CALC_LENGTH_MISMATCH"
        );
        assert_eq!(
            chip_race(&[1], c(25), c(60)).unwrap_err().code(),
            "CALC_INVALID_DENOMINATIONS"
        );
        assert_eq!(
            chip_race(&[1], c(0), c(100)).unwrap_err().code(),
            "CALC_INVALID_DENOMINATIONS"
        );
    }
}
