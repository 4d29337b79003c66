//! Group 8, a player not at their seat (PKR4U 9, with TDA 30 and 31 of seed 001): "Als een
//! speler niet zit wanneer de 2e kaart aan de dealer wordt gedeeld, wordt zijn hand gefold. Als
//! zijn kaarten niet worden gemuckt en de speler gaat zitten voordat hij aan de beurt is, MAG
//! hij de hand spelen." Gone when it is their turn: the hand is mucked, even with chips in;
//! "Enkel bij all-in blijven zijn kaarten levendig". TDA 30 kills the hand of an absent player
//! outright; the club rule is softer and applies.

use super::{opt, t, FlowBuilder};
use crate::rulings::model::{Flow, RulingAction};

/// PKR4U 9, TDA 30, TDA 31: a player away from their seat.
pub(crate) fn player_absent() -> Flow {
    FlowBuilder::new(
        "player_absent",
        8,
        "PKR4U 9, TDA 30, TDA 31",
        t(
            "Player not at their seat",
            "Speler niet aan zijn plaats",
            "Joueur absent de sa place",
        ),
        "when",
    )
    .choice(
        "when",
        t(
            "When was the player away from their seat?",
            "Wanneer was de speler niet aan zijn plaats?",
            "Quand le joueur était-il absent de sa place ?",
        ),
        vec![
            opt(
                "at_deal",
                t(
                    "Not seated when the dealer's second card was dealt",
                    "Hij zat niet aan tafel toen de 2e kaart aan de dealer werd gedeeld",
                    "Il n'était pas assis quand la deuxième carte du donneur a été distribuée",
                ),
                "sat_in_time",
            ),
            opt(
                "at_turn",
                t(
                    "Seated for the deal, but gone when it was their turn to act (or later in the hand)",
                    "Hij zat aan tafel bij het delen, maar was weg toen hij aan de beurt was (of later in de hand)",
                    "Il était assis pendant la donne, mais absent quand c'était à lui de parler (ou plus tard dans le coup)",
                ),
                "all_in",
            ),
        ],
    )
    .yes_no(
        "sat_in_time",
        t(
            "Are the player's cards still unmucked, and did the player sit down before it was their turn to act?",
            "Zijn de kaarten van de speler nog niet gemuckt en is hij gaan zitten voordat hij aan de beurt was?",
            "Les cartes du joueur ne sont-elles pas encore au muck, et s'est-il assis avant que ce soit à lui de parler ?",
        ),
        "may_play",
        "folded",
    )
    .yes_no(
        "all_in",
        t(
            "Is the player all-in?",
            "Is de speler all-in?",
            "Le joueur est-il à tapis ?",
        ),
        "all_in_live",
        "mucked",
    )
    .ruling(
        "may_play",
        "PKR4U 9",
        t(
            "The player MAY play the hand: their cards were not mucked and they sat down before their turn. (TDA 30 would kill the hand; the club rule PKR4U 9 applies.)",
            "De speler MAG de hand spelen: zijn kaarten werden niet gemuckt en hij ging zitten voordat hij aan de beurt was. (Volgens TDA 30 zou de hand dood zijn; de clubregel PKR4U 9 geldt.)",
            "Le joueur PEUT jouer le coup : ses cartes n'ont pas été mises au muck et il s'est assis avant son tour. (Selon la TDA 30, la main serait morte ; la règle du club PKR4U 9 s'applique.)",
        ),
        vec![RulingAction::HandLive],
    )
    .ruling(
        "folded",
        "PKR4U 9, TDA 30",
        t(
            "The hand is folded: the player was not seated when the dealer's second card was dealt and did not sit down in time. Chips already in the pot (blinds, ante) stay there.",
            "De hand wordt gefold: de speler zat niet aan tafel toen de 2e kaart aan de dealer werd gedeeld en ging niet op tijd zitten. Chips die al in de pot liggen (blinds, ante) blijven daar.",
            "La main est couchée : le joueur n'était pas assis quand la deuxième carte du donneur a été distribuée et ne s'est pas assis à temps. Les jetons déjà au pot (blindes, ante) y restent.",
        ),
        vec![RulingAction::HandDead],
    )
    .ruling(
        "mucked",
        "PKR4U 9, TDA 31",
        t(
            "The hand is mucked: the player was not there when it was their turn to act. This holds before or after the flop, after the turn or after the river, even if they already put chips in; those chips stay in the pot.",
            "De hand wordt gemuckt: de speler was er niet toen hij aan de beurt was. Dat geldt voor of na de flop, na de turn of na de river, en zelfs als hij al chips betaald heeft; die chips blijven in de pot.",
            "La main est mise au muck : le joueur n'était pas là quand c'était à lui de parler. Cela vaut avant ou après le flop, après la turn ou après la river, même s'il a déjà misé des jetons ; ceux-ci restent au pot.",
        ),
        vec![RulingAction::HandDead],
    )
    .ruling(
        "all_in_live",
        "PKR4U 9, TDA 31",
        t(
            "The cards stay live: the player is all-in and was at the table when the cards were dealt. The TD may still penalise a player who leaves the table with a live hand (TDA 31).",
            "De kaarten blijven levend: de speler is all-in en zat aan tafel toen de kaarten gedeeld werden. De TD kan een speler die met een levende hand van tafel weggaat wel bestraffen (TDA 31).",
            "Les cartes restent vivantes : le joueur est à tapis et était à table lors de la distribution. Le directeur de tournoi peut néanmoins pénaliser un joueur qui quitte la table avec une main vivante (TDA 31).",
        ),
        vec![RulingAction::HandLive],
    )
    .build()
}
