//! Group 11, the showdown: who shows first (PKR4U 20 A and B), the all-in reveal (PKR4U 20 C,
//! TDA 9), mucked cards (PKR4U 19) and the end of the hand (PKR4U 23). PKR4U 20 C: "wanneer er
//! is ingezet en niet meer dan één speler met live-kaarten nog chips heeft om op in te zetten,
//! moeten alle live-kaarten onmiddellijk worden onthuld." PKR4U 19: "Kaarten die de muck hebben
//! geraakt, met de beeldzijde naar beneden, worden gemuckt ... Niet-mucked kaarten, als ze 100%
//! identificeerbaar zijn, kunnen nog steeds worden hersteld." PKR4U 23: "Eenmaal de kaarten
//! verzameld is de hand voorbij en is er geen weg terug op het resultaat van de hand!"

use super::{opt, FlowBuilder};
use crate::rulings::model::{Flow, RulingAction};

/// PKR4U 20 A and B: the order of showing at the showdown.
pub(crate) fn showdown_order() -> Flow {
    FlowBuilder::new("showdown_order", 11, "PKR4U 20", "river_action")
        .choice(
            "river_action",
            vec![
                opt("checked", "checked_who_first"),
                opt("bet", "bet_who_first"),
            ],
        )
        .yes_no("checked_who_first", "checked_out_of_order", "checked_order")
        .yes_no("bet_who_first", "caller_first", "opener_first")
        .ruling("checked_order", "PKR4U 20", vec![RulingAction::Info])
        .ruling("checked_out_of_order", "PKR4U 20", vec![RulingAction::Info])
        .ruling("opener_first", "PKR4U 20, FIDPA", vec![RulingAction::Info])
        .ruling("caller_first", "PKR4U 20", vec![RulingAction::Info])
        .build()
}

/// PKR4U 20 C and TDA 9: all live cards shown at once in an all-in showdown.
pub(crate) fn all_in_reveal() -> Flow {
    FlowBuilder::new("all_in_reveal", 11, "PKR4U 20, TDA 9", "betting_over")
        .yes_no("betting_over", "mucked", "not_yet")
        .yes_no("mucked", "identifiable", "reveal")
        .yes_no("identifiable", "retrieve", "lost")
        .ruling("not_yet", "PKR4U 20, TDA 9", vec![RulingAction::Info])
        .ruling("reveal", "PKR4U 20, TDA 9", vec![RulingAction::Info])
        .ruling("retrieve", "TDA 9, PKR4U 19", vec![RulingAction::HandLive])
        .ruling(
            "lost",
            "PKR4U 19, TDA 1",
            vec![RulingAction::HandDead, RulingAction::CallTd],
        )
        .build()
}

/// PKR4U 19: cards that went to the muck.
pub(crate) fn mucked_cards() -> Flow {
    FlowBuilder::new("mucked_cards", 11, "PKR4U 19", "hit_muck")
        .yes_no("hit_muck", "dead", "identifiable")
        .yes_no("identifiable", "recovered", "dead")
        .ruling("dead", "PKR4U 19", vec![RulingAction::HandDead])
        .ruling("recovered", "PKR4U 19", vec![RulingAction::HandLive])
        .build()
}

/// PKR4U 23: the end of the hand.
pub(crate) fn end_of_hand() -> Flow {
    FlowBuilder::new("end_of_hand", 11, "PKR4U 23", "gathered")
        .yes_no("gathered", "final", "read_again")
        .ruling("final", "PKR4U 23", vec![RulingAction::Info])
        .ruling("read_again", "PKR4U 23", vec![RulingAction::Info])
        .build()
}
