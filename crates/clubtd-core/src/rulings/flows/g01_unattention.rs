//! Group 1, the unattention bet (PKR4U 2), the club's own undercall rule and the one that
//! differs most from the TDA: "Wanneer een speler vanaf nu een inzet callt die hij niet wilde
//! callen (bij gebrek aan aandacht), kan hij de voorlaatste inzet callen en zijn inzet opgeven
//! als hij het bedrag dat hij niet wilde callen (niet zag) niet wilt betalen." A player who
//! meant to raise gives up at least a minimum raise over the bet they saw, or all they put in
//! if that was more; a call of an opening bet stands, and so does a last caller's call of an
//! all-in whose cards are shown. "Er is geen verschil" between chips and words. The flow asks
//! the facts, then `calculators::unattention_bet` works out the chips.

use super::{chips, opt, outcome, FlowBuilder};
use crate::model::money::Chips;
use crate::rulings::calculators::{
    in_front_within_bet, missed_above_previous, put_in_within_stack, unattention_bet as calculate,
    CallStandsReason, Meant, UnattentionInput, UnattentionRuling,
};
use crate::rulings::error::RulingError;
use crate::rulings::model::{Answer, Answers, ChipMove, Computed, Flow, RulingAction, Value};

const RULE: &str = "PKR4U 2";

/// PKR4U 2: the unattention bet.
pub(crate) fn unattention_bet() -> Flow {
    FlowBuilder::new("unattention_bet", 1, RULE, "meant")
        .choice(
            "meant",
            vec![opt("call", "missed_all_in"), opt("raise", "missed_all_in")],
        )
        .help()
        .yes_no("missed_all_in", "last_to_act", "opening")
        .yes_no("last_to_act", "cards_shown", "opening")
        .yes_no("cards_shown", "opening", "opening")
        .yes_no("opening", "big_blind", "previous_bet")
        .help()
        .amount("big_blind", 1, "missed_bet")
        .amount("previous_bet", 1, "previous_raise")
        .help()
        .amount("previous_raise", 1, "missed_bet")
        .help()
        .amount("missed_bet", 1, "had_in_front")
        .checked(missed_above_seen)
        .yes_no("had_in_front", "in_front", "put_in")
        .implied(nothing_in_front_of_an_opening_bet)
        .amount("in_front", 1, "put_in")
        .checked(in_front_within_seen)
        .amount("put_in", 0, "stack")
        .amount("stack", 1, "ruling")
        .checked(put_in_within)
        .calculated(
            "ruling",
            compute,
            vec![
                outcome("call_stands_opening", RULE),
                outcome("call_stands_opening_short", RULE),
                outcome("call_stands_all_in_shown", RULE),
                outcome("choice_meant_call", RULE),
                outcome("choice_meant_call_short", RULE),
                outcome("choice_meant_raise", RULE),
                outcome("choice_meant_raise_short", RULE),
            ],
        )
        .build()
}

/// The bet the player saw: none when the bet they missed opened the betting.
fn seen_bet(a: &Answers<'_>) -> Result<Chips, RulingError> {
    if a.yes("opening")? {
        Ok(Chips::ZERO)
    } else {
        a.amount("previous_bet")
    }
}

// Each amount checked against the earlier ones as soon as it is typed, with the calculator's
// own checks (it makes them again on the whole): a table that typed more in front than the
// bet hears so at once, not after the stack.

fn missed_above_seen(a: &Answers<'_>) -> Result<(), RulingError> {
    Ok(missed_above_previous(
        a.amount("missed_bet")?,
        seen_bet(a)?,
    )?)
}

/// Nobody has chips in front before the bet that opens the round: after an opening bet the
/// walk answers "no" by itself instead of asking a question with one right answer.
fn nothing_in_front_of_an_opening_bet(a: &Answers<'_>) -> Option<Answer> {
    a.yes("opening").ok()?.then_some(Answer::YesNo(false))
}

fn in_front_within_seen(a: &Answers<'_>) -> Result<(), RulingError> {
    Ok(in_front_within_bet(a.amount("in_front")?, seen_bet(a)?)?)
}

fn put_in_within(a: &Answers<'_>) -> Result<(), RulingError> {
    Ok(put_in_within_stack(
        a.amount("put_in")?,
        a.amount("stack")?,
    )?)
}

/// Works the unattention bet out with `calculators::unattention_bet`.
fn compute(a: &Answers<'_>) -> Result<Computed, RulingError> {
    let meant = if a.choice("meant")? == 1 {
        Meant::Raise
    } else {
        Meant::Call
    };
    let opening = a.yes("opening")?;
    let (previous_bet, last_full_raise) = if opening {
        (Chips::ZERO, a.amount("big_blind")?)
    } else {
        (a.amount("previous_bet")?, a.amount("previous_raise")?)
    };
    let missed_bet = a.amount("missed_bet")?;
    let missed_bet_all_in = a.yes("missed_all_in")?;
    let input = UnattentionInput {
        missed_bet,
        previous_bet,
        last_full_raise,
        already_in: a.amount_or("in_front", Chips::ZERO),
        put_in: a.amount("put_in")?,
        stack: a.amount("stack")?,
        meant,
        missed_bet_all_in,
        last_to_act: missed_bet_all_in && a.yes_or("last_to_act", false),
        all_in_cards_shown: missed_bet_all_in && a.yes_or("cards_shown", false),
    };
    let ruling = calculate(input)?;
    let base = Computed::new("").with("missed_bet", chips(missed_bet));
    Ok(match ruling {
        UnattentionRuling::CallStands { reason, call } => {
            let call = ChipMove::from(call);
            let id = match reason {
                // Too few chips to pay the bet in full: all-in for less, and the text says so
                // instead of "pays the bet in full".
                CallStandsReason::OpeningBet if call.total_in_front < missed_bet => {
                    "call_stands_opening_short"
                }
                CallStandsReason::OpeningBet => "call_stands_opening",
                CallStandsReason::AllInShown => "call_stands_all_in_shown",
            };
            Computed {
                outcome: id,
                ..base
            }
            .with("call_total", chips(call.total_in_front))
            .with("call_move", Value::Move(call))
            .action(RulingAction::CallStands { chips: call })
        }
        UnattentionRuling::Choice { pay, give_up } => {
            let call = ChipMove::from(pay.call);
            let give_up = ChipMove::from(give_up);
            let (id, min_raise_to) = match meant {
                Meant::Call if call.total_in_front < missed_bet => {
                    ("choice_meant_call_short", None)
                }
                Meant::Call => ("choice_meant_call", None),
                Meant::Raise if pay.may_raise => ("choice_meant_raise", Some(pay.min_raise_to)),
                Meant::Raise => ("choice_meant_raise_short", None),
            };
            let mut computed = Computed {
                outcome: id,
                ..base
            }
            .with("pay_total", chips(call.total_in_front))
            .with("pay_move", Value::Move(call))
            .with("give_up_total", chips(give_up.total_in_front))
            .with("give_up_move", Value::Move(give_up))
            .action(RulingAction::PlayerChooses {
                pay: call,
                give_up,
                min_raise_to,
            });
            if let Some(to) = min_raise_to {
                computed = computed.with("min_raise_to", chips(to));
            }
            computed
        }
    })
}
