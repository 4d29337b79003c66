//! Group 7, cards face up in the deck (PKR4U 22): "Als tijdens een deal of onthulling van het
//! bord een of meer kaarten open in de stapel liggen, worden ze gewoon opzij gelegd en vindt de
//! deal of onthulling plaats met de eerste kaart naar beneden. Er is alleen sprake van een
//! misdeal als er zijn er niet genoeg gedekte kaarten in de stapel."

use super::FlowBuilder;
use crate::rulings::model::{Flow, RulingAction};

/// PKR4U 22: one or more cards face up in the deck.
pub(crate) fn face_up_in_deck() -> Flow {
    FlowBuilder::new("face_up_in_deck", 7, "PKR4U 22", "enough")
        .yes_no("enough", "set_aside", "misdeal")
        .ruling("set_aside", "PKR4U 22", vec![RulingAction::DealOn])
        .ruling("misdeal", "PKR4U 22", vec![RulingAction::Misdeal])
        .build()
}
