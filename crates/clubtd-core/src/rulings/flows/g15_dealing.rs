//! Group 15, dealing and button mistakes from TDA 30–39 of seed 001 and TDA 6 of seed 000:
//! misdeals (TDA 35: "Wanneer er sprake is van een bindende actie, dan wordt het spel
//! doorgespeeld ... Wanneer er sprake is van een ongeldig deck, dan worden alle inzetten
//! geretourneerd. Dit geldt ook als er bindende actie is geweest."), substantial action
//! (TDA 36), the button with too few cards (TDA 37), burns after substantial action (TDA 38),
//! the heads-up button (TDA 34) and the dead button (TDA 6, TDA 32). Where a club rule covers a
//! misdeal case (exposed cards PKR4U 7, face-up cards PKR4U 22, missing cards PKR4U 21), the
//! misdeal flow sends the table to that flow.

use super::g05_deck_gathered::void_hand;
use super::{opt, outcome, FlowBuilder};
use crate::rulings::error::RulingError;
use crate::rulings::model::{Answers, Computed, Flow, RulingAction};

fn see(flow: &str) -> RulingAction {
    RulingAction::SeeFlow {
        flow: flow.to_string(),
    }
}

/// TDA 35 (seed 001): misdeals and fouled decks.
pub(crate) fn misdeal() -> Flow {
    FlowBuilder::new("misdeal", 15, "TDA 35", "problem")
        .choice(
            "problem",
            vec![
                opt("wrong_first_seat", "substantial"),
                opt("extra_seat", "substantial"),
                opt("missed_seat", "substantial"),
                opt("wrong_button", "substantial"),
                opt("exposed", "see_exposed"),
                opt("face_up", "see_face_up"),
                opt("missing", "see_missing"),
                opt("fouled", "contributions"),
            ],
        )
        .yes_no("substantial", "play_on", "redeal")
        .help()
        .amounts("contributions", "fouled_deck")
        .ruling("redeal", "TDA 35", vec![RulingAction::Misdeal])
        .ruling("play_on", "TDA 35, TDA 36", vec![RulingAction::DealOn])
        .ruling(
            "see_exposed",
            "PKR4U 7, TDA 35",
            vec![see("exposed_card_deal")],
        )
        .ruling("see_face_up", "PKR4U 22", vec![see("face_up_in_deck")])
        .ruling("see_missing", "PKR4U 21", vec![see("incomplete_deck")])
        .calculated(
            "fouled_deck",
            fouled,
            vec![outcome("fouled_deck", "TDA 35")],
        )
        .build()
}

fn fouled(a: &Answers<'_>) -> Result<Computed, RulingError> {
    Ok(void_hand(a, "contributions", "fouled_deck")?.action(RulingAction::Misdeal))
}

/// TDA 37 (seed 001): "Een speler op de button met te weinig kaarten moet dit direct melden.
/// Zelfs wanneer er bindende actie is geweest. De button zal dan alsnog zijn tweede kaart
/// krijgen. Wanneer de button een actie maakt met één kaart dan wordt de hand doodverklaard."
pub(crate) fn button_too_few_cards() -> Flow {
    FlowBuilder::new("button_too_few_cards", 15, "TDA 37", "acted")
        .yes_no("acted", "dead", "second_card")
        .ruling("second_card", "TDA 37", vec![RulingAction::DealOn])
        .ruling("dead", "TDA 37", vec![RulingAction::HandDead])
        .build()
}

/// TDA 36 and TDA 38 (seed 001): "Wanneer er een bindende actie heeft plaatsgevonden en er een
/// hand wordt doodverklaard doordat die te weinig kaarten heeft ontvangen, dan wordt deze hand
/// gemuckt en wordt er verder gespeeld als een normaal deck."
pub(crate) fn too_few_cards() -> Flow {
    FlowBuilder::new("too_few_cards", 15, "TDA 36, TDA 38", "substantial")
        .yes_no("substantial", "is_button", "misdeal")
        .help()
        .yes_no("is_button", "button", "dead")
        .ruling("misdeal", "TDA 35, TDA 36", vec![RulingAction::Misdeal])
        .ruling("button", "TDA 37", vec![see("button_too_few_cards")])
        .ruling(
            "dead",
            "TDA 38",
            vec![RulingAction::HandDead, RulingAction::DealOn],
        )
        .build()
}

/// TDA 34 (seed 001): "Tijdens heads up spel ... wordt de button altijd de kleine blind en zal
/// de andere spelers de eerste kaart krijgen. De button krijgt altijd de laatste kaart. Een
/// speler kan nooit twee keer een grote blind zijn".
pub(crate) fn heads_up_button() -> Flow {
    FlowBuilder::new("heads_up_button", 15, "TDA 34", "twice")
        .yes_no("twice", "adjust", "standard")
        .ruling("standard", "TDA 34", vec![RulingAction::Info])
        .ruling("adjust", "TDA 34", vec![RulingAction::Info])
        .build()
}

/// TDA 6 (seed 000): "Als de small blind uit het toernooi vliegt, zou hij de volgende hand de
/// button moeten krijgen. Nu wordt de button dus voor de lege stoel geplaatst"; TDA 32 (seed
/// 001): the button or the small blind may have no player; TDA 32 (2004) and FIDPA: no cards
/// for a newcomer seated between the small blind and the button.
pub(crate) fn dead_button() -> Flow {
    FlowBuilder::new("dead_button", 15, "TDA 6, TDA 32", "change")
        .choice(
            "change",
            vec![
                opt("small_blind_left", "dead_button"),
                opt("big_blind_left", "dead_small_blind"),
                opt("newcomer", "newcomer"),
            ],
        )
        .ruling("dead_button", "TDA 6, TDA 32", vec![RulingAction::Info])
        .ruling("dead_small_blind", "TDA 32", vec![RulingAction::Info])
        .ruling("newcomer", "TDA 32 (2004), FIDPA", vec![RulingAction::Info])
        .build()
}
