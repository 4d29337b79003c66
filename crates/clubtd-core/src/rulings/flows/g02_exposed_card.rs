//! Group 2, a card exposed during the deal (PKR4U 7, with TDA 35's misdeal cases): "Als een
//! kaart wordt omgedraaid, wordt de deal voortgezet en wordt de omgedraaide kaart vervangen door
//! de kaart die de flop had moeten branden." One of the first two cards to the small or big
//! blind exposed, or two cards exposed: misdeal. The dealer's own first card exposed: the
//! dealer gets two cards in a row.

use super::{opt, FlowBuilder};
use crate::rulings::model::{Flow, RulingAction};

/// PKR4U 7: a card exposed during the deal.
pub(crate) fn exposed_card_deal() -> Flow {
    FlowBuilder::new("exposed_card_deal", 2, "PKR4U 7", "how_many")
        .yes_no("how_many", "misdeal_two_cards", "which")
        .choice(
            "which",
            vec![
                opt("blind_card", "misdeal_blind_card"),
                opt("dealer_first", "dealer_two_in_a_row"),
                opt("other", "deal_on"),
            ],
        )
        .ruling(
            "misdeal_two_cards",
            "PKR4U 7, TDA 35",
            vec![RulingAction::Misdeal],
        )
        .ruling(
            "misdeal_blind_card",
            "PKR4U 7, TDA 35",
            vec![RulingAction::Misdeal],
        )
        .ruling(
            "dealer_two_in_a_row",
            "PKR4U 7, TDA 35",
            vec![RulingAction::DealOn],
        )
        .ruling("deal_on", "PKR4U 7", vec![RulingAction::DealOn])
        .build()
}
