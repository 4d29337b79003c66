//! A cancelled hand (PKR4U 30): every player gets back exactly what they put in.

use super::{add, non_negative, CalcError};
use crate::model::money::Chips;

/// PKR4U 30: when the deck and muck were gathered before the board was complete and the deck
/// cannot be restored with certainty, the hand is cancelled and "de chips worden aan elke
/// speler die ze heeft gespeeld terug gegeven": every player gets back exactly what they put
/// in (blinds and ante included), nothing goes to the pot.
pub fn cancelled_hand_refunds(contributions: &[Chips]) -> Result<Vec<Chips>, CalcError> {
    for &amount in contributions {
        non_negative("contribution", amount)?;
    }
    Ok(contributions.to_vec())
}

/// PKR4U 30: the total to hand back, checked against the chips counted on the table (pot and
/// bets in front); a difference means a contribution was entered wrongly.
pub fn check_refund_total(contributions: &[Chips], counted: Chips) -> Result<Chips, CalcError> {
    non_negative("counted", counted)?;
    let mut total = Chips::ZERO;
    for &amount in &cancelled_hand_refunds(contributions)? {
        total = add(total, amount)?;
    }
    if total != counted {
        return Err(CalcError::PotMismatch {
            expected: total,
            counted,
        });
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulings::calculators::tests::c;
    use crate::rulings::calculators::*;

    // --- PKR4U 30 -------------------------------------------------------------------------------

    #[test]
    fn pkr4u_30_cancelled_hand_gives_everyone_their_own_chips() {
        let put = [c(600), c(1200), Chips::ZERO, c(1200)];
        assert_eq!(cancelled_hand_refunds(&put).unwrap(), put.to_vec());
        assert_eq!(check_refund_total(&put, c(3000)).unwrap(), c(3000));
        assert_eq!(
            check_refund_total(&put, c(2900)).unwrap_err(),
            CalcError::PotMismatch {
                expected: c(3000),
                counted: c(2900)
            }
        );
        assert_eq!(
            cancelled_hand_refunds(&[c(-1)]).unwrap_err().code(),
            "CALC_NEGATIVE_AMOUNT"
        );
        assert_eq!(
            check_refund_total(&[c(i64::MAX), c(1)], c(0))
                .unwrap_err()
                .code(),
            "CALC_OVERFLOW"
        );
    }
}
