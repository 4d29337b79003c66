//! Antes and blinds at a short table: the ante a table of few players posts (PKR4U 16) and
//! a big blind too short to post in full (PKR4U 17).

use super::{non_negative, CalcError};
use crate::model::money::Chips;
use serde::{Deserialize, Serialize};

/// PKR4U 16: the ante that applies at a table with `players_at_table` players: the full ante
/// with 6 or more, half the ante with 5, 4 or 3, none heads-up (2) or alone. An odd ante is
/// halved rounding half up to a whole chip (half of 25 is 13), so the short table never pays
/// less than half. A negative ante is read as no ante (the level editor refuses it anyway).
pub fn ante_for_table(full_ante: Chips, players_at_table: usize) -> Chips {
    let full = full_ante.0.max(0);
    match players_at_table {
        0..=2 => Chips::ZERO,
        3..=5 => Chips(full / 2 + full % 2),
        _ => Chips(full),
    }
}

/// What a big blind posts when the blind and the ante are due together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BlindPosting {
    /// Chips that go to the big blind (live).
    pub big_blind_paid: Chips,
    /// Chips that go to the ante (dead).
    pub ante_paid: Chips,
    /// The posting took the player's whole stack.
    pub all_in: bool,
    /// Chips left behind after posting.
    pub remaining: Chips,
}

/// PKR4U 17: a big blind who cannot cover both the big blind and the ante pays the big blind
/// first; whatever is left goes to the ante. `ante` is the ante due at this table (see
/// [`ante_for_table`]).
pub fn short_big_blind(
    stack: Chips,
    big_blind: Chips,
    ante: Chips,
) -> Result<BlindPosting, CalcError> {
    non_negative("stack", stack)?;
    non_negative("big_blind", big_blind)?;
    non_negative("ante", ante)?;
    if stack.0 == 0 {
        return Err(CalcError::NoChipsBehind);
    }
    let big_blind_paid = stack.min(big_blind);
    let ante_paid = (stack - big_blind_paid).min(ante);
    let remaining = stack - big_blind_paid - ante_paid;
    Ok(BlindPosting {
        big_blind_paid,
        ante_paid,
        all_in: remaining.0 == 0,
        remaining,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulings::calculators::tests::c;
    use crate::rulings::calculators::*;

    // --- PKR4U 16 -----------------------------------------------------------------------------

    #[test]
    fn pkr4u_16_full_ante_with_six_or_more() {
        assert_eq!(ante_for_table(c(100), 6), c(100));
        assert_eq!(ante_for_table(c(100), 10), c(100));
    }

    #[test]
    fn pkr4u_16_half_ante_with_five_four_or_three() {
        for players in [3, 4, 5] {
            assert_eq!(ante_for_table(c(100), players), c(50));
        }
    }

    #[test]
    fn pkr4u_16_odd_ante_halves_rounding_half_up() {
        assert_eq!(ante_for_table(c(25), 5), c(13));
        assert_eq!(ante_for_table(c(1), 3), c(1));
    }

    #[test]
    fn pkr4u_16_no_ante_heads_up_or_alone() {
        assert_eq!(ante_for_table(c(100), 2), Chips::ZERO);
        assert_eq!(ante_for_table(c(100), 1), Chips::ZERO);
        assert_eq!(ante_for_table(c(100), 0), Chips::ZERO);
        assert_eq!(ante_for_table(c(-100), 9), Chips::ZERO);
    }

    // --- PKR4U 17 -----------------------------------------------------------------------------

    #[test]
    fn pkr4u_17_big_blind_first_rest_to_ante() {
        let p = short_big_blind(c(250), c(200), c(200)).unwrap();
        assert_eq!(
            p,
            BlindPosting {
                big_blind_paid: c(200),
                ante_paid: c(50),
                all_in: true,
                remaining: Chips::ZERO
            }
        );
        let p = short_big_blind(c(150), c(200), c(200)).unwrap();
        assert_eq!(
            (p.big_blind_paid, p.ante_paid, p.all_in),
            (c(150), Chips::ZERO, true)
        );
    }

    #[test]
    fn pkr4u_17_covered_blind_and_ante_is_not_all_in() {
        let p = short_big_blind(c(1000), c(200), c(200)).unwrap();
        assert_eq!(
            (p.big_blind_paid, p.ante_paid, p.all_in),
            (c(200), c(200), false)
        );
        assert_eq!(p.remaining, c(600));
        let p = short_big_blind(c(400), c(200), c(200)).unwrap();
        assert!(p.all_in);
    }

    #[test]
    fn pkr4u_17_rejects_bad_input() {
        assert_eq!(
            short_big_blind(c(-1), c(200), c(0)).unwrap_err().code(),
            "CALC_NEGATIVE_AMOUNT"
        );
        assert_eq!(
            short_big_blind(c(0), c(200), c(0)).unwrap_err().code(),
            "CALC_NO_CHIPS_BEHIND"
        );
    }
}
