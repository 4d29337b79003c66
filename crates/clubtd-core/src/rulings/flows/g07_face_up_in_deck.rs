//! Group 7, cards face up in the deck (PKR4U 22): "Als tijdens een deal of onthulling van het
//! bord een of meer kaarten open in de stapel liggen, worden ze gewoon opzij gelegd en vindt de
//! deal of onthulling plaats met de eerste kaart naar beneden. Er is alleen sprake van een
//! misdeal als er zijn er niet genoeg gedekte kaarten in de stapel."

use super::{t, FlowBuilder};
use crate::rulings::model::{Flow, RulingAction};

/// PKR4U 22: one or more cards face up in the deck.
pub(crate) fn face_up_in_deck() -> Flow {
    FlowBuilder::new(
        "face_up_in_deck",
        7,
        "PKR4U 22",
        t(
            "Card(s) face up in the deck",
            "Open kaart(en) in de stapel",
            "Carte(s) face visible dans le talon",
        ),
        "enough",
    )
    .yes_no(
        "enough",
        t(
            "One or more cards were found face up in the deck while dealing or turning the board. Are there enough face-down cards left to finish the deal or the board?",
            "Tijdens het delen of het onthullen van het bord lagen er een of meer kaarten open in de stapel. Zijn er nog genoeg gedekte kaarten om de deal of het bord af te werken?",
            "Une ou plusieurs cartes ont été trouvées face visible dans le talon pendant la donne ou la pose du tableau. Reste-t-il assez de cartes face cachée pour terminer la donne ou le tableau ?",
        ),
        "set_aside",
        "misdeal",
    )
    .ruling(
        "set_aside",
        "PKR4U 22",
        t(
            "Set the face-up card(s) aside and go on dealing (or turning the board) with the first face-down card.",
            "Leg de open kaart(en) gewoon opzij en deel verder (of onthul het bord verder) met de eerste gedekte kaart.",
            "Mettez simplement la ou les cartes visibles de côté et continuez la donne (ou le tableau) avec la première carte face cachée.",
        ),
        vec![RulingAction::DealOn],
    )
    .ruling(
        "misdeal",
        "PKR4U 22",
        t(
            "Misdeal: there are not enough face-down cards left in the deck. Gather all the cards, shuffle and deal again with the same button and blinds.",
            "Misdeal: er zijn niet genoeg gedekte kaarten meer in de stapel. Verzamel alle kaarten, schud en deel opnieuw met dezelfde button en blinds.",
            "Fausse donne : il ne reste pas assez de cartes face cachée dans le talon. Rassemblez toutes les cartes, mélangez et redistribuez avec le même bouton et les mêmes blindes.",
        ),
        vec![RulingAction::Misdeal],
    )
    .build()
}
