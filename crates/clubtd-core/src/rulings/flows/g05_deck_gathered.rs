//! Group 5, deck and muck gathered before the board was complete (PKR4U 30): "Als het deck niet
//! met 100% zekerheid kan worden hersteld, wordt de hand afgeschaft! De chips worden aan elke
//! speler die ze heeft gespeeld terug gegeven." The flow records each player's contribution and
//! `calculators::cancelled_hand_refunds` gives each their own chips back.

use super::{chips, FlowBuilder};
use crate::model::money::Chips;
use crate::rulings::calculators::cancelled_hand_refunds;
use crate::rulings::error::RulingError;
use crate::rulings::model::{Answers, Computed, Flow, RulingAction, Value};

/// PKR4U 30: deck and muck gathered before the board was complete.
pub(crate) fn deck_gathered() -> Flow {
    FlowBuilder::new("deck_gathered", 5, "PKR4U 30", "restorable")
        .yes_no("restorable", "restore", "contributions")
        .ruling("restore", "PKR4U 30", vec![RulingAction::DealOn])
        .amounts("contributions", "refund")
        .calculated(
            "refund",
            refund,
            vec![super::outcome("void_hand", "PKR4U 30")],
        )
        .build()
}

/// Each player's own chips back (`calculators::cancelled_hand_refunds`), as a void hand.
pub(crate) fn void_hand(
    a: &Answers<'_>,
    question: &str,
    outcome: &'static str,
) -> Result<Computed, RulingError> {
    let refunds = cancelled_hand_refunds(a.amounts(question)?)?;
    let total: Chips = refunds.iter().copied().sum();
    Ok(Computed::new(outcome)
        .with("refunds", Value::ChipsPerPlayer(refunds.clone()))
        .with("total", chips(total))
        .action(RulingAction::VoidHand { refunds }))
}

fn refund(a: &Answers<'_>) -> Result<Computed, RulingError> {
    void_hand(a, "contributions", "void_hand")
}
