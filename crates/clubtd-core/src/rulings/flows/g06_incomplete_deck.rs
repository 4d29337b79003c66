//! Group 6, cards missing from the deck (PKR4U 21): "Als de 52 kaarten geen deel uitmaakten van
//! de te delen kaarten, zal er een misdeal zijn, ongeacht of er al dan niet actie was voor de
//! flop. Als wordt ontdekt nadat de pre-turn pot is gemaakt dat er kaarten ontbraken in het
//! kaartspel, zal de hand doorgaan tot het einde." The pre-turn pot is read as made once the
//! flop betting is over. Once the cards are gathered the result stands (PKR4U 23, TDA 35).

use super::{opt, FlowBuilder};
use crate::rulings::model::{Flow, RulingAction};

/// PKR4U 21: not all 52 cards were in the deck.
pub(crate) fn incomplete_deck() -> Flow {
    FlowBuilder::new("incomplete_deck", 6, "PKR4U 21", "when")
        .choice(
            "when",
            vec![
                opt("before_pre_turn_pot", "misdeal"),
                opt("after_pre_turn_pot", "play_on"),
                opt("after_hand", "hand_stands"),
            ],
        )
        .ruling("misdeal", "PKR4U 21", vec![RulingAction::Misdeal])
        .ruling("play_on", "PKR4U 21", vec![RulingAction::DealOn])
        .ruling("hand_stands", "PKR4U 23, TDA 35", vec![RulingAction::Info])
        .build()
}
