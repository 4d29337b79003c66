//! The club's unattention bet (PKR4U 2): a player who did not see a bet and put in less
//! than it; what they must add, take back or leave, by what they meant.

use super::{
    add, in_front_within_bet, missed_above_previous, non_negative, put_in_within_stack, CalcError,
};
use crate::model::money::Chips;
use serde::{Deserialize, Serialize};

/// What the inattentive player meant to do with the bet they saw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Meant {
    /// To call the bet they saw.
    #[serde(rename = "call")]
    Call,
    /// To raise the bet they saw.
    #[serde(rename = "raise")]
    Raise,
}

/// The facts of an unattention bet. Chips or words make no difference (PKR4U 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UnattentionInput {
    /// The bet the player did not see: the total to call now.
    pub missed_bet: Chips,
    /// The bet before it, the one the player saw; 0 when the missed bet opened the betting.
    pub previous_bet: Chips,
    /// The last full bet or raise when the previous bet stood (the big blind if none): a raise
    /// over the previous bet had to be at least this much.
    pub last_full_raise: Chips,
    /// Chips the player already had in front this round (a blind, an earlier call).
    #[serde(default)]
    pub already_in: Chips,
    /// Chips the player put in (or named) now, on top of `already_in`.
    pub put_in: Chips,
    /// Chips the player had behind before putting in.
    pub stack: Chips,
    /// Whether the player meant to call or to raise the bet they saw.
    pub meant: Meant,
    /// The missed bet is an all-in.
    #[serde(default)]
    pub missed_bet_all_in: bool,
    /// The inattentive player is the last to act.
    #[serde(default)]
    pub last_to_act: bool,
    /// The all-in player has shown their cards.
    #[serde(default)]
    pub all_in_cards_shown: bool,
}

/// Chips to settle: the player's total in front afterwards and the chips that move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Settlement {
    /// The player's total in front this round afterwards.
    pub total_in_front: Chips,
    /// Chips the player must add to what they put in.
    pub must_add: Chips,
    /// Chips the player takes back.
    pub take_back: Chips,
}

/// Why an unattention call stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum CallStandsReason {
    /// The missed bet opened the betting: there was nothing else to call.
    #[serde(rename = "opening_bet")]
    OpeningBet,
    /// Last to act against an all-in whose cards have been shown.
    #[serde(rename = "all_in_shown")]
    AllInShown,
}

/// Playing on against the bet the player missed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PayMissedBet {
    /// Calling the missed bet (all-in for less when the stack is short).
    pub call: Settlement,
    /// The player meant to raise and has the chips to raise the missed bet (whether an
    /// all-in missed bet locked them is [`raise_rights`](super::raise_rights)' question).
    pub may_raise: bool,
    /// The smallest total of a raise over the missed bet.
    pub min_raise_to: Chips,
}

/// The ruling on an unattention bet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "ruling")]
pub enum UnattentionRuling {
    /// The call stands: the player pays the missed bet in full.
    #[serde(rename = "call_stands")]
    CallStands {
        /// Why the call stands.
        reason: CallStandsReason,
        /// Paying the missed bet.
        call: Settlement,
    },
    /// The player chooses: pay the bet they missed, or give up chips and fold.
    #[serde(rename = "choice")]
    Choice {
        /// Play on against the missed bet.
        pay: PayMissedBet,
        /// Give up: the player's chips in front (`total_in_front`) stay in the pot and the
        /// hand is folded.
        give_up: Settlement,
    },
}

fn settlement(put_total: Chips, total_in_front: Chips) -> Settlement {
    Settlement {
        total_in_front,
        must_add: total_in_front.saturating_sub(put_total),
        take_back: put_total.saturating_sub(total_in_front),
    }
}

/// PKR4U 2, the unattention bet (the club's undercall rule, unlike TDA): a player who called
/// or raised a bet they did not see.
///
/// - Meant to call: they pay the missed bet, or "kan hij de voorlaatste inzet callen en zijn
///   inzet opgeven": the call of the previous bet stays in the pot and the hand is folded
///   (chips beyond it come back, chips short of it must be added).
/// - Meant to raise: they play on against the missed bet, or give up their chips, which
///   "ten minste de waarde moeten zijn van een verhoging van de inzet voorafgaande de inzet die
///   hij niet heeft gezien" (at least a minimum raise over the previous bet); having put in
///   more, they give up all they put in ("zal hij dit bedrag moeten opgeven").
/// - Last to act calling an all-in whose cards are then shown: the all-in must be called.
/// - A call of an opening bet stands: there was nothing else to call.
pub fn unattention_bet(input: UnattentionInput) -> Result<UnattentionRuling, CalcError> {
    let UnattentionInput {
        missed_bet,
        previous_bet,
        last_full_raise,
        already_in,
        put_in,
        stack,
        meant,
        ..
    } = input;
    non_negative("missed_bet", missed_bet)?;
    non_negative("previous_bet", previous_bet)?;
    non_negative("last_full_raise", last_full_raise)?;
    non_negative("already_in", already_in)?;
    non_negative("put_in", put_in)?;
    non_negative("stack", stack)?;
    if last_full_raise.0 == 0 {
        return Err(CalcError::InvalidMinimumBet);
    }
    missed_above_previous(missed_bet, previous_bet)?;
    in_front_within_bet(already_in, previous_bet)?;
    if stack.0 == 0 {
        return Err(CalcError::NoChipsBehind);
    }
    put_in_within_stack(put_in, stack)?;
    let put_total = add(already_in, put_in)?;
    let all_in_total = add(already_in, stack)?;
    let call_missed = settlement(put_total, missed_bet.min(all_in_total));

    if previous_bet.0 == 0 && meant == Meant::Call {
        return Ok(UnattentionRuling::CallStands {
            reason: CallStandsReason::OpeningBet,
            call: call_missed,
        });
    }
    if input.missed_bet_all_in && input.last_to_act && input.all_in_cards_shown {
        return Ok(UnattentionRuling::CallStands {
            reason: CallStandsReason::AllInShown,
            call: call_missed,
        });
    }

    let missed_raise = missed_bet - previous_bet;
    let raise_after_missed = missed_raise.max(last_full_raise);
    let pay = PayMissedBet {
        call: call_missed,
        may_raise: meant == Meant::Raise && all_in_total > missed_bet,
        min_raise_to: add(missed_bet, raise_after_missed)?,
    };
    let give_up_total = match meant {
        Meant::Call => previous_bet,
        Meant::Raise => put_total.max(add(previous_bet, last_full_raise)?),
    };
    let give_up = settlement(put_total, give_up_total.min(all_in_total));
    Ok(UnattentionRuling::Choice { pay, give_up })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulings::calculators::tests::c;
    use crate::rulings::calculators::*;

    // --- PKR4U 2 --------------------------------------------------------------------------------

    fn missed(previous: i64, missed: i64, put_in: i64, meant: Meant) -> UnattentionInput {
        UnattentionInput {
            missed_bet: c(missed),
            previous_bet: c(previous),
            last_full_raise: c(previous.max(100)),
            already_in: Chips::ZERO,
            put_in: c(put_in),
            stack: c(10_000),
            meant,
            missed_bet_all_in: false,
            last_to_act: false,
            all_in_cards_shown: false,
        }
    }

    fn choice(ruling: UnattentionRuling) -> (PayMissedBet, Settlement) {
        match ruling {
            UnattentionRuling::Choice { pay, give_up } => (pay, give_up),
            other => panic!("expected a choice, got {other:?}"),
        }
    }

    #[test]
    fn pkr4u_2_meant_call_pays_the_missed_bet_or_gives_up_the_previous_call() {
        // Bet 200, raise to 600 not seen, 200 put in to call.
        let (pay, give_up) = choice(unattention_bet(missed(200, 600, 200, Meant::Call)).unwrap());
        assert_eq!(
            pay.call,
            Settlement {
                total_in_front: c(600),
                must_add: c(400),
                take_back: c(0)
            }
        );
        assert!(!pay.may_raise);
        assert_eq!(
            give_up,
            Settlement {
                total_in_front: c(200),
                must_add: c(0),
                take_back: c(0)
            }
        );
    }

    #[test]
    fn pkr4u_2_meant_call_with_more_than_the_previous_bet_gets_the_rest_back() {
        let (pay, give_up) = choice(unattention_bet(missed(200, 600, 250, Meant::Call)).unwrap());
        assert_eq!((pay.call.must_add, pay.call.take_back), (c(350), c(0)));
        assert_eq!(
            give_up,
            Settlement {
                total_in_front: c(200),
                must_add: c(0),
                take_back: c(50)
            }
        );
        // A single 1,000 chip meant as a call of 200 also covers the 600 it did not see.
        let (pay, give_up) = choice(unattention_bet(missed(200, 600, 1000, Meant::Call)).unwrap());
        assert_eq!(
            (pay.call.total_in_front, pay.call.take_back),
            (c(600), c(400))
        );
        assert_eq!(
            (give_up.total_in_front, give_up.take_back),
            (c(200), c(800))
        );
    }

    #[test]
    fn pkr4u_2_meant_raise_gives_up_at_least_a_min_raise_over_the_previous_bet() {
        // Bet 200 (min raise to 400), raise to 600 not seen, 300 put in meaning to raise.
        let (pay, give_up) = choice(unattention_bet(missed(200, 600, 300, Meant::Raise)).unwrap());
        assert_eq!(
            give_up,
            Settlement {
                total_in_front: c(400),
                must_add: c(100),
                take_back: c(0)
            }
        );
        assert_eq!(
            (pay.call.total_in_front, pay.call.must_add),
            (c(600), c(300))
        );
        assert!(pay.may_raise);
        assert_eq!(pay.min_raise_to, c(1000));
    }

    #[test]
    fn pkr4u_2_meant_raise_above_the_min_raise_gives_up_all_put_in() {
        let (pay, give_up) = choice(unattention_bet(missed(200, 600, 700, Meant::Raise)).unwrap());
        assert_eq!(
            give_up,
            Settlement {
                total_in_front: c(700),
                must_add: c(0),
                take_back: c(0)
            }
        );
        assert_eq!(
            (pay.call.total_in_front, pay.call.take_back),
            (c(600), c(100))
        );
    }

    #[test]
    fn pkr4u_2_meant_to_bet_into_a_missed_opening_bet() {
        // Nobody bet as far as the player saw; a bet of 300 was missed; 150 put in to bet:
        // giving up means at least the minimum bet (100 here); playing on means 300 or a raise.
        let input = UnattentionInput {
            last_full_raise: c(100),
            ..missed(0, 300, 150, Meant::Raise)
        };
        let (pay, give_up) = choice(unattention_bet(input).unwrap());
        assert_eq!(
            give_up,
            Settlement {
                total_in_front: c(150),
                must_add: c(0),
                take_back: c(0)
            }
        );
        assert_eq!((pay.call.must_add, pay.min_raise_to), (c(150), c(600)));
        let input = UnattentionInput {
            put_in: c(50),
            ..input
        };
        let (_, give_up) = choice(unattention_bet(input).unwrap());
        assert_eq!((give_up.total_in_front, give_up.must_add), (c(100), c(50)));
    }

    #[test]
    fn pkr4u_2_call_of_an_opening_bet_stands() {
        let r = unattention_bet(missed(0, 300, 100, Meant::Call)).unwrap();
        assert_eq!(
            r,
            UnattentionRuling::CallStands {
                reason: CallStandsReason::OpeningBet,
                call: Settlement {
                    total_in_front: c(300),
                    must_add: c(200),
                    take_back: c(0)
                },
            }
        );
    }

    #[test]
    fn pkr4u_2_last_to_act_against_a_shown_all_in_must_call() {
        let input = UnattentionInput {
            missed_bet_all_in: true,
            last_to_act: true,
            all_in_cards_shown: true,
            ..missed(200, 800, 200, Meant::Call)
        };
        let r = unattention_bet(input).unwrap();
        assert_eq!(
            r,
            UnattentionRuling::CallStands {
                reason: CallStandsReason::AllInShown,
                call: Settlement {
                    total_in_front: c(800),
                    must_add: c(600),
                    take_back: c(0)
                },
            }
        );
        // Not shown yet, or not last to act: the player still has the choice.
        let not_shown = UnattentionInput {
            all_in_cards_shown: false,
            ..input
        };
        assert!(matches!(
            unattention_bet(not_shown).unwrap(),
            UnattentionRuling::Choice { .. }
        ));
        let not_last = UnattentionInput {
            last_to_act: false,
            ..input
        };
        assert!(matches!(
            unattention_bet(not_last).unwrap(),
            UnattentionRuling::Choice { .. }
        ));
    }

    #[test]
    fn pkr4u_2_short_stack_pays_all_in_for_less() {
        let input = UnattentionInput {
            stack: c(400),
            ..missed(200, 600, 200, Meant::Call)
        };
        let (pay, _) = choice(unattention_bet(input).unwrap());
        assert_eq!(
            (pay.call.total_in_front, pay.call.must_add),
            (c(400), c(200))
        );
    }

    #[test]
    fn pkr4u_2_big_blind_already_in_counts() {
        // The big blind (100 in) missed a raise to 400 and put in 100 more meaning to raise
        // the big blind to 200: giving up means leaving the minimum raise (200 in all).
        let input = UnattentionInput {
            already_in: c(100),
            last_full_raise: c(100),
            ..missed(100, 400, 100, Meant::Raise)
        };
        let (pay, give_up) = choice(unattention_bet(input).unwrap());
        assert_eq!(
            give_up,
            Settlement {
                total_in_front: c(200),
                must_add: c(0),
                take_back: c(0)
            }
        );
        assert_eq!(
            (pay.call.total_in_front, pay.call.must_add),
            (c(400), c(200))
        );
        assert_eq!(pay.min_raise_to, c(700));
    }

    #[test]
    fn pkr4u_2_rejects_bad_input() {
        let code = |input| unattention_bet(input).unwrap_err().code();
        assert_eq!(
            code(missed(600, 600, 200, Meant::Call)),
            "CALC_MISSED_BET_NOT_ABOVE_PREVIOUS"
        );
        assert_eq!(
            code(missed(200, 600, -5, Meant::Call)),
            "CALC_NEGATIVE_AMOUNT"
        );
        assert_eq!(
            code(missed(200, 600, 20_000, Meant::Call)),
            "CALC_PUT_IN_EXCEEDS_STACK"
        );
        let input = UnattentionInput {
            already_in: c(300),
            ..missed(200, 600, 0, Meant::Call)
        };
        assert_eq!(code(input), "CALC_IN_FRONT_ABOVE_BET");
    }
}
