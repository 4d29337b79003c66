//! Reading chips put in under no limit: a call, a raise, a minimum raise or a string bet,
//! from the bet to call, the last full raise and what the player pushed forward (TDA 40–45).

use super::{
    add, in_front_within_bet, non_negative, put_in_within_stack, something_put_in, CalcError, Rule,
};
use crate::model::money::Chips;
use serde::{Deserialize, Serialize};

/// The betting situation when a player puts chips in (or names an amount), no limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BettingContext {
    /// The bet to call: the highest total in front of anyone this betting round (the big blind
    /// before the flop, 0 when nobody has bet).
    pub current_bet: Chips,
    /// The size of the last full bet or raise this round; the big blind when nobody has bet
    /// (it is then the minimum bet).
    pub last_full_raise: Chips,
    /// Chips the actor already has in front this round (a blind, an earlier call).
    pub already_in: Chips,
    /// Chips the actor has behind before this action.
    pub stack: Chips,
    /// The actor said "raise" (or "bet", "plus 200") before or while putting chips in.
    #[serde(default)]
    pub raise_declared: bool,
    /// The actor has acted and faces only an incomplete all-in (TDA 38, PKR4U 27): call or
    /// fold only. [`RoundStatus::context_for`](super::RoundStatus::context_for) fills it in.
    #[serde(default)]
    pub raise_locked: bool,
}

/// How the chips went in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum PutInKind {
    /// Several chips pushed forward in one motion, without a word.
    #[serde(rename = "multiple_chips")]
    MultipleChips,
    /// One chip pushed forward without a word (TDA 11, PKR4U 24), or one chip added after
    /// chips the player already placed in this betting round (`put_in` then counts them all):
    /// PKR4U 24 makes either a call whatever the chip's value.
    #[serde(rename = "single_chip")]
    SingleChip,
    /// An amount named aloud, counted like chips added (for a named total, pass the total
    /// minus `already_in`); naming the stack or more means all-in.
    #[serde(rename = "verbal_amount")]
    VerbalAmount,
}

/// What a put-in counts as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "action")]
pub enum Action {
    /// Nothing to call and no bet: a check (chips put in come back).
    #[serde(rename = "check")]
    Check,
    /// A call; `amount` is what the call adds to the chips already in front.
    #[serde(rename = "call")]
    Call {
        /// Chips the call adds to those already in front.
        amount: Chips,
    },
    /// Less than the call, not all-in: the call must be completed, or, when the player missed
    /// the bet, the unattention bet applies (PKR4U 2, see [`unattention_bet`](super::unattention_bet)).
    #[serde(rename = "undercall")]
    Undercall {
        /// Chips a full call adds to those already in front.
        call: Chips,
        /// Chips missing from the put-in to make the call.
        short_by: Chips,
    },
    /// An opening bet of `amount`.
    #[serde(rename = "bet")]
    Bet {
        /// The bet.
        amount: Chips,
    },
    /// A raise to a total of `to` (always at least the minimum raise).
    #[serde(rename = "raise")]
    Raise {
        /// The raiser's total in front.
        to: Chips,
    },
    /// All-in for the call or less; `amount` is what it adds.
    #[serde(rename = "all_in_call")]
    AllInCall {
        /// Chips the all-in adds.
        amount: Chips,
    },
    /// An all-in opening bet; `complete` when it is at least the minimum bet.
    #[serde(rename = "all_in_bet")]
    AllInBet {
        /// The bet (the whole stack).
        amount: Chips,
        /// At least the minimum bet.
        complete: bool,
    },
    /// An all-in raise to `to`; `complete` when it reopens the betting (TDA 38, PKR4U 27).
    #[serde(rename = "all_in_raise")]
    AllInRaise {
        /// The all-in player's total in front.
        to: Chips,
        /// A full raise that reopens the betting.
        complete: bool,
    },
}

/// The ruling on a put-in: what it counts as and which chips move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ActionRuling {
    /// What the put-in counts as.
    pub action: Action,
    /// The actor's total in front once the ruling is carried out.
    pub total_in_front: Chips,
    /// Chips the actor must add to what was put in (a raise completed, a call completed).
    pub must_add: Chips,
    /// Chips put in beyond the ruling, which go back to the actor.
    pub take_back: Chips,
    /// The smallest total a full raise (or, with no bet yet, a bet) must reach now.
    pub min_raise_to: Chips,
    /// The action reopens the betting for players who already acted.
    pub reopens_betting: bool,
    /// The rules the ruling rests on.
    pub rules: Vec<Rule>,
}

/// The smallest all-in total that is a full raise over `previous_bet`: the TDA full raise
/// (previous bet plus the last full raise) and, for the club, at least double the previous bet
/// (PKR4U 27). With no previous bet it is the minimum bet.
pub(super) fn reopening_line(previous_bet: Chips, last_full_raise: Chips) -> Chips {
    let previous = previous_bet.0.max(0);
    let raise = last_full_raise.0.max(0);
    Chips(
        previous
            .saturating_add(raise)
            .max(previous.saturating_mul(2)),
    )
}

/// TDA 38 and PKR4U 27: whether an all-in to `all_in_to` over a bet of `previous_bet` reopens
/// the betting for players who already acted. TDA 38 needs a full raise (previous bet plus the
/// last full raise); PKR4U 27 locks any all-in "met meer dan de vorige inzet, maar minder dan
/// het dubbele van die inzet", so the club also needs double the previous bet. After a bet of
/// 500, an all-in to 600 (or 750, TDA's 2004 50 % line) does not reopen; 1,000 does.
pub fn reopens_betting(previous_bet: Chips, last_full_raise: Chips, all_in_to: Chips) -> bool {
    all_in_to >= reopening_line(previous_bet, last_full_raise)
}

fn ruling(
    action: Action,
    total_in_front: Chips,
    put_total: Chips,
    min_raise_to: Chips,
    rules: Vec<Rule>,
) -> ActionRuling {
    let reopens_betting = match action {
        Action::Bet { .. } | Action::Raise { .. } => true,
        Action::AllInBet { complete, .. } | Action::AllInRaise { complete, .. } => complete,
        _ => false,
    };
    ActionRuling {
        action,
        total_in_front,
        must_add: total_in_front.saturating_sub(put_total),
        take_back: put_total.saturating_sub(total_in_front),
        min_raise_to,
        reopens_betting,
        rules,
    }
}

/// TDA 10, TDA 11, PKR4U 24, TDA 38 and PKR4U 27: what `put_in` chips (added on top of
/// `ctx.already_in`; a named amount counts the same way) count as in no limit.
///
/// - A declared raise (TDA 10: "'raise' ... of 'plus 200' ... verplicht om 1,000 te maken")
///   is at least the minimum raise; a declared raise with a single chip raises up to the
///   chip's value (TDA 11).
/// - Silent chips over the call (TDA 10, 50 % rule): an increment of at least half the last
///   full bet or raise is a raise, completed to the minimum raise; less is a call and the rest
///   comes back. After a bet of 500: 800 is a raise to 1,000, 700 a call of 500.
/// - A single chip without a declaration is a call whatever its value, unless it opens the
///   betting, when it is a bet of its value (PKR4U 24, TDA 11).
/// - All of the stack pushed (or more named) is all-in; an incomplete all-in raise is allowed.
/// - A locked player (TDA 38, PKR4U 27) can only call: anything beyond comes back.
/// - An opening bet below the minimum bet is brought up to it.
pub fn interpret_action(
    ctx: BettingContext,
    put_in: Chips,
    kind: PutInKind,
) -> Result<ActionRuling, CalcError> {
    let bet = ctx.current_bet;
    let min_step = ctx.last_full_raise;
    let already = ctx.already_in;
    let stack = ctx.stack;
    non_negative("current_bet", bet)?;
    non_negative("last_full_raise", min_step)?;
    non_negative("already_in", already)?;
    non_negative("stack", stack)?;
    non_negative("put_in", put_in)?;
    if min_step.0 == 0 {
        return Err(CalcError::InvalidMinimumBet);
    }
    in_front_within_bet(already, bet)?;
    if stack.0 == 0 {
        return Err(CalcError::NoChipsBehind);
    }
    let put_in = match kind {
        PutInKind::VerbalAmount => put_in.min(stack),
        _ => {
            put_in_within_stack(put_in, stack)?;
            put_in
        }
    };
    let put_total = add(already, put_in)?;
    let all_in_total = add(already, stack)?;
    let min_raise_to = add(bet, min_step)?;
    let opening = bet.0 == 0;
    let declared = ctx.raise_declared;
    let mut rules = Vec::new();

    something_put_in(put_in, declared, already, bet)?;
    if put_in.0 == 0 && !declared {
        return Ok(ruling(
            Action::Check,
            already,
            put_total,
            min_raise_to,
            rules,
        ));
    }

    let target = if ctx.raise_locked {
        rules.extend([Rule::Tda38, Rule::Pkr4u27]);
        bet
    } else if kind == PutInKind::SingleChip && !declared && !opening {
        rules.extend([Rule::Pkr4u24, Rule::Tda11]);
        bet
    } else if put_in == stack {
        // Everything pushed (or named): all-in, even for an incomplete raise (TDA 10).
        all_in_total
    } else if declared {
        rules.push(if kind == PutInKind::SingleChip {
            Rule::Tda11
        } else {
            Rule::Tda10
        });
        put_total.max(min_raise_to)
    } else if opening {
        if kind == PutInKind::SingleChip {
            rules.push(Rule::Tda11);
        }
        put_total.max(min_step)
    } else if put_total <= bet {
        bet
    } else {
        rules.push(Rule::Tda10);
        let increment = put_total - bet;
        if increment.0.saturating_mul(2) >= min_step.0 {
            put_total.max(min_raise_to)
        } else {
            bet
        }
    };
    let target = target.min(all_in_total);
    let all_in = target == all_in_total;

    let action = if target > bet {
        if opening && all_in {
            Action::AllInBet {
                amount: target,
                complete: target >= min_step,
            }
        } else if opening {
            Action::Bet { amount: target }
        } else if all_in {
            let complete = reopens_betting(bet, min_step, target);
            if !complete {
                rules.extend([Rule::Tda38, Rule::Pkr4u27]);
            }
            Action::AllInRaise {
                to: target,
                complete,
            }
        } else {
            Action::Raise { to: target }
        }
    } else if all_in {
        Action::AllInCall {
            amount: target - already,
        }
    } else if target == already {
        Action::Check
    } else if put_total < target {
        rules.push(Rule::Pkr4u2);
        Action::Undercall {
            call: target - already,
            short_by: target - put_total,
        }
    } else {
        Action::Call {
            amount: target - already,
        }
    };
    rules.dedup();
    Ok(ruling(action, target, put_total, min_raise_to, rules))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulings::calculators::tests::{c, facing};
    use crate::rulings::calculators::*;

    // --- TDA 10 / TDA 11 / PKR4U 24 -------------------------------------------------------------

    #[test]
    fn tda_10_seed_800_silently_over_500_is_a_raise_to_1000() {
        let r = interpret_action(facing(500), c(800), PutInKind::MultipleChips).unwrap();
        assert_eq!(r.action, Action::Raise { to: c(1000) });
        assert_eq!(
            (r.must_add, r.take_back, r.min_raise_to),
            (c(200), Chips::ZERO, c(1000))
        );
        assert!(r.reopens_betting);
        assert!(r.rules.contains(&Rule::Tda10));
    }

    #[test]
    fn tda_10_seed_700_silently_over_500_is_a_call_of_500() {
        let r = interpret_action(facing(500), c(700), PutInKind::MultipleChips).unwrap();
        assert_eq!(r.action, Action::Call { amount: c(500) });
        assert_eq!((r.total_in_front, r.take_back), (c(500), c(200)));
        assert!(!r.reopens_betting);
    }

    #[test]
    fn tda_10_seed_declared_raise_with_700_must_make_1000() {
        let ctx = BettingContext {
            raise_declared: true,
            ..facing(500)
        };
        let r = interpret_action(ctx, c(700), PutInKind::MultipleChips).unwrap();
        assert_eq!(r.action, Action::Raise { to: c(1000) });
        assert_eq!(r.must_add, c(300));
    }

    #[test]
    fn tda_10_seed_saying_700_is_only_a_call() {
        let r = interpret_action(facing(500), c(700), PutInKind::VerbalAmount).unwrap();
        assert_eq!(r.action, Action::Call { amount: c(500) });
    }

    #[test]
    fn tda_10_exactly_half_the_raise_counts_as_a_raise() {
        let r = interpret_action(facing(500), c(750), PutInKind::MultipleChips).unwrap();
        assert_eq!(r.action, Action::Raise { to: c(1000) });
        let r = interpret_action(facing(500), c(749), PutInKind::MultipleChips).unwrap();
        assert_eq!(r.action, Action::Call { amount: c(500) });
    }

    #[test]
    fn tda_10_half_of_the_last_raise_not_of_the_bet() {
        // Blinds 50/100, raised to 300 (a raise of 200): 400 silently adds 100 = half of 200.
        let ctx = BettingContext {
            current_bet: c(300),
            last_full_raise: c(200),
            ..facing(0)
        };
        let r = interpret_action(ctx, c(400), PutInKind::MultipleChips).unwrap();
        assert_eq!(r.action, Action::Raise { to: c(500) });
    }

    #[test]
    fn tda_10_a_raise_the_stack_cannot_complete_is_all_in() {
        let ctx = BettingContext {
            stack: c(800),
            ..facing(500)
        };
        let r = interpret_action(ctx, c(800), PutInKind::MultipleChips).unwrap();
        assert_eq!(
            r.action,
            Action::AllInRaise {
                to: c(800),
                complete: false
            }
        );
        assert!(!r.reopens_betting);
        let ctx = BettingContext {
            stack: c(900),
            ..facing(500)
        };
        let r = interpret_action(ctx, c(800), PutInKind::MultipleChips).unwrap();
        assert_eq!(
            r.action,
            Action::AllInRaise {
                to: c(900),
                complete: false
            }
        );
        assert_eq!(r.must_add, c(100));
    }

    #[test]
    fn pkr4u_24_tda_11_seed_single_oversized_chip_is_a_call() {
        let r = interpret_action(facing(500), c(5000), PutInKind::SingleChip).unwrap();
        assert_eq!(r.action, Action::Call { amount: c(500) });
        assert_eq!(r.take_back, c(4500));
        assert!(r.rules.contains(&Rule::Pkr4u24) && r.rules.contains(&Rule::Tda11));
    }

    #[test]
    fn pkr4u_24_extra_chip_after_chips_in_front_is_a_call() {
        // Big blind 200 already in, facing a raise to 600: one 1,000 chip is a call.
        let ctx = BettingContext {
            current_bet: c(600),
            last_full_raise: c(400),
            already_in: c(200),
            ..facing(0)
        };
        let r = interpret_action(ctx, c(1000), PutInKind::SingleChip).unwrap();
        assert_eq!(r.action, Action::Call { amount: c(400) });
        assert_eq!((r.total_in_front, r.take_back), (c(600), c(600)));
    }

    #[test]
    fn pkr4u_24_chip_added_after_a_call_in_the_same_motion_is_still_a_call() {
        // 500 called, then one 1,000 chip added without a word: still a call of 500.
        let r = interpret_action(facing(500), c(1500), PutInKind::SingleChip).unwrap();
        assert_eq!(
            (r.action, r.take_back),
            (Action::Call { amount: c(500) }, c(1000))
        );
    }

    #[test]
    fn pkr4u_24_single_chip_opening_is_a_bet_of_its_value() {
        let ctx = BettingContext {
            current_bet: c(0),
            last_full_raise: c(200),
            ..facing(0)
        };
        let r = interpret_action(ctx, c(1000), PutInKind::SingleChip).unwrap();
        assert_eq!(r.action, Action::Bet { amount: c(1000) });
    }

    #[test]
    fn tda_11_declared_raise_with_single_chip_raises_to_its_value() {
        let ctx = BettingContext {
            raise_declared: true,
            ..facing(500)
        };
        let r = interpret_action(ctx, c(5000), PutInKind::SingleChip).unwrap();
        assert_eq!(r.action, Action::Raise { to: c(5000) });
        let r = interpret_action(ctx, c(600), PutInKind::SingleChip).unwrap();
        assert_eq!(r.action, Action::Raise { to: c(1000) });
    }

    #[test]
    fn big_blind_option_single_chip_is_a_check() {
        let ctx = BettingContext {
            current_bet: c(200),
            last_full_raise: c(200),
            already_in: c(200),
            ..facing(0)
        };
        let r = interpret_action(ctx, c(1000), PutInKind::SingleChip).unwrap();
        assert_eq!((r.action, r.take_back), (Action::Check, c(1000)));
        let r = interpret_action(ctx, c(200), PutInKind::MultipleChips).unwrap();
        assert_eq!(r.action, Action::Raise { to: c(400) });
    }

    #[test]
    fn opening_bet_below_minimum_is_brought_up() {
        let ctx = BettingContext {
            current_bet: c(0),
            last_full_raise: c(200),
            ..facing(0)
        };
        let r = interpret_action(ctx, c(150), PutInKind::MultipleChips).unwrap();
        assert_eq!(
            (r.action, r.must_add),
            (Action::Bet { amount: c(200) }, c(50))
        );
        let r = interpret_action(ctx, Chips::ZERO, PutInKind::MultipleChips).unwrap();
        assert_eq!(r.action, Action::Check);
    }

    #[test]
    fn put_in_short_of_the_call_is_an_undercall_pkr4u_2() {
        let r = interpret_action(facing(500), c(300), PutInKind::MultipleChips).unwrap();
        assert_eq!(
            r.action,
            Action::Undercall {
                call: c(500),
                short_by: c(200)
            }
        );
        assert_eq!(r.must_add, c(200));
        assert!(r.rules.contains(&Rule::Pkr4u2));
    }

    #[test]
    fn all_in_for_less_than_the_call() {
        let ctx = BettingContext {
            stack: c(300),
            ..facing(500)
        };
        let r = interpret_action(ctx, c(300), PutInKind::MultipleChips).unwrap();
        assert_eq!(r.action, Action::AllInCall { amount: c(300) });
        let r = interpret_action(ctx, c(9000), PutInKind::VerbalAmount).unwrap();
        assert_eq!(r.action, Action::AllInCall { amount: c(300) });
    }

    #[test]
    fn tda_38_pkr4u_27_locked_player_can_only_call() {
        let ctx = BettingContext {
            current_bet: c(600),
            last_full_raise: c(500),
            already_in: c(500),
            raise_locked: true,
            raise_declared: true,
            ..facing(0)
        };
        let r = interpret_action(ctx, c(2000), PutInKind::MultipleChips).unwrap();
        assert_eq!(r.action, Action::Call { amount: c(100) });
        assert_eq!(r.take_back, c(1900));
        assert!(r.rules.contains(&Rule::Pkr4u27));
    }

    #[test]
    fn interpret_action_rejects_bad_input() {
        let code = |ctx: BettingContext, put: i64| {
            interpret_action(ctx, c(put), PutInKind::MultipleChips)
                .unwrap_err()
                .code()
        };
        assert_eq!(code(facing(500), -1), "CALC_NEGATIVE_AMOUNT");
        assert_eq!(code(facing(500), 20_000), "CALC_PUT_IN_EXCEEDS_STACK");
        assert_eq!(code(facing(500), 0), "CALC_NOTHING_PUT_IN");
        assert_eq!(
            code(
                BettingContext {
                    last_full_raise: c(0),
                    ..facing(500)
                },
                1
            ),
            "CALC_INVALID_MINIMUM_BET"
        );
        assert_eq!(
            code(
                BettingContext {
                    already_in: c(600),
                    ..facing(500)
                },
                1
            ),
            "CALC_IN_FRONT_ABOVE_BET"
        );
        assert_eq!(
            code(
                BettingContext {
                    stack: c(0),
                    ..facing(500)
                },
                0
            ),
            "CALC_NO_CHIPS_BEHIND"
        );
    }
}
