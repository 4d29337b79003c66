//! Group 8, a player not at their seat (PKR4U 9, with TDA 30 and 31 of seed 001): "Als een
//! speler niet zit wanneer de 2e kaart aan de dealer wordt gedeeld, wordt zijn hand gefold. Als
//! zijn kaarten niet worden gemuckt en de speler gaat zitten voordat hij aan de beurt is, MAG
//! hij de hand spelen." Gone when it is their turn: the hand is mucked, even with chips in;
//! "Enkel bij all-in blijven zijn kaarten levendig". TDA 30 kills the hand of an absent player
//! outright; the club rule is softer and applies.

use super::{opt, FlowBuilder};
use crate::rulings::model::{Flow, RulingAction};

/// PKR4U 9, TDA 30, TDA 31: a player away from their seat.
pub(crate) fn player_absent() -> Flow {
    FlowBuilder::new("player_absent", 8, "PKR4U 9, TDA 30, TDA 31", "when")
        .choice(
            "when",
            vec![opt("at_deal", "sat_in_time"), opt("at_turn", "all_in")],
        )
        .yes_no("sat_in_time", "may_play", "folded")
        .yes_no("all_in", "all_in_live", "mucked")
        .ruling("may_play", "PKR4U 9", vec![RulingAction::HandLive])
        .ruling("folded", "PKR4U 9, TDA 30", vec![RulingAction::HandDead])
        .ruling("mucked", "PKR4U 9, TDA 31", vec![RulingAction::HandDead])
        .ruling(
            "all_in_live",
            "PKR4U 9, TDA 31",
            vec![RulingAction::HandLive],
        )
        .build()
}
