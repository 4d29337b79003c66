//! Group 6, cards missing from the deck (PKR4U 21): "Als de 52 kaarten geen deel uitmaakten van
//! de te delen kaarten, zal er een misdeal zijn, ongeacht of er al dan niet actie was voor de
//! flop. Als wordt ontdekt nadat de pre-turn pot is gemaakt dat er kaarten ontbraken in het
//! kaartspel, zal de hand doorgaan tot het einde." The pre-turn pot is read as made once the
//! flop betting is over. Once the cards are gathered the result stands (PKR4U 23, TDA 35).

use super::{opt, t, FlowBuilder};
use crate::rulings::model::{Flow, RulingAction};

/// PKR4U 21: not all 52 cards were in the deck.
pub(crate) fn incomplete_deck() -> Flow {
    FlowBuilder::new(
        "incomplete_deck",
        6,
        "PKR4U 21",
        t(
            "Cards missing from the deck",
            "Ontbrekende kaarten in het kaartspel",
            "Cartes manquantes dans le paquet",
        ),
        "when",
    )
    .choice(
        "when",
        t(
            "When was it found that not all 52 cards were in the deck?",
            "Wanneer werd ontdekt dat niet alle 52 kaarten in het kaartspel zaten?",
            "Quand a-t-on découvert que les 52 cartes n'étaient pas toutes dans le paquet ?",
        ),
        vec![
            opt(
                "before_pre_turn_pot",
                t(
                    "Before the pot before the turn was made (during the deal, before the flop, or on the flop before its betting was over)",
                    "Voordat de pre-turn pot gemaakt was (tijdens het delen, voor de flop, of op de flop voordat die inzetronde voorbij was)",
                    "Avant que le pot d'avant la turn soit constitué (pendant la donne, avant le flop, ou au flop avant la fin de ses enchères)",
                ),
                "misdeal",
            ),
            opt(
                "after_pre_turn_pot",
                t(
                    "After the pot before the turn was made (on the turn, on the river or at the showdown)",
                    "Nadat de pre-turn pot gemaakt was (op de turn, op de river of bij de showdown)",
                    "Après la constitution du pot d'avant la turn (à la turn, à la river ou à l'abattage)",
                ),
                "play_on",
            ),
            opt(
                "after_hand",
                t(
                    "After the hand was over and the cards were gathered",
                    "Nadat de hand voorbij was en de kaarten verzameld waren",
                    "Après la fin du coup, une fois les cartes ramassées",
                ),
                "hand_stands",
            ),
        ],
    )
    .ruling(
        "misdeal",
        "PKR4U 21",
        t(
            "Misdeal, whether or not there was action before the flop: every player takes back the chips they bet, the deck is completed (or replaced), and the hand is dealt again with the same button and blinds.",
            "Misdeal, ongeacht of er al dan niet actie was voor de flop: elke speler neemt zijn inzetten terug, het kaartspel wordt aangevuld (of vervangen) en de hand wordt opnieuw gedeeld met dezelfde button en blinds.",
            "Fausse donne, qu'il y ait eu de l'action avant le flop ou non : chaque joueur reprend ses mises, le paquet est complété (ou remplacé) et le coup est redistribué avec le même bouton et les mêmes blindes.",
        ),
        vec![RulingAction::Misdeal],
    )
    .ruling(
        "play_on",
        "PKR4U 21",
        t(
            "The hand goes on to the end with the cards as they are. Complete (or replace) the deck before the next hand.",
            "De hand gaat door tot het einde met de kaarten zoals ze zijn. Vul het kaartspel aan (of vervang het) voor de volgende hand.",
            "Le coup continue jusqu'au bout avec les cartes telles qu'elles sont. Complétez (ou remplacez) le paquet avant le coup suivant.",
        ),
        vec![RulingAction::DealOn],
    )
    .ruling(
        "hand_stands",
        "PKR4U 23, TDA 35",
        t(
            "The result stands: once the cards are gathered the hand is over and there is no going back (PKR4U 23), and earlier hands are not replayed (TDA 35). Complete or replace the deck before the next hand.",
            "Het resultaat blijft: eenmaal de kaarten verzameld zijn, is de hand voorbij en is er geen weg terug (PKR4U 23), en eerder gespeelde handen worden niet herzien (TDA 35). Vul het kaartspel aan of vervang het voor de volgende hand.",
            "Le résultat est acquis : une fois les cartes ramassées, le coup est terminé et on ne revient pas en arrière (PKR4U 23), et les coups précédents ne sont pas rejoués (TDA 35). Complétez ou remplacez le paquet avant le coup suivant.",
        ),
        vec![RulingAction::Info],
    )
    .build()
}
