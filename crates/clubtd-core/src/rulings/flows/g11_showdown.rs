//! Group 11, the showdown: who shows first (PKR4U 20 A and B), the all-in reveal (PKR4U 20 C,
//! TDA 9), mucked cards (PKR4U 19) and the end of the hand (PKR4U 23). PKR4U 20 C: "wanneer er
//! is ingezet en niet meer dan één speler met live-kaarten nog chips heeft om op in te zetten,
//! moeten alle live-kaarten onmiddellijk worden onthuld." PKR4U 19: "Kaarten die de muck hebben
//! geraakt, met de beeldzijde naar beneden, worden gemuckt ... Niet-mucked kaarten, als ze 100%
//! identificeerbaar zijn, kunnen nog steeds worden hersteld." PKR4U 23: "Eenmaal de kaarten
//! verzameld is de hand voorbij en is er geen weg terug op het resultaat van de hand!"

use super::{opt, t, FlowBuilder};
use crate::rulings::model::{Flow, RulingAction};

/// PKR4U 20 A and B: the order of showing at the showdown.
pub(crate) fn showdown_order() -> Flow {
    FlowBuilder::new(
        "showdown_order",
        11,
        "PKR4U 20",
        t(
            "Order of showing at the showdown",
            "Volgorde van kaarten tonen bij de showdown",
            "Ordre d'abattage",
        ),
        "river_action",
    )
    .choice(
        "river_action",
        t(
            "How did the betting on the river go?",
            "Hoe verliep de inzetronde op de river?",
            "Comment s'est déroulé le tour d'enchères de la river ?",
        ),
        vec![
            opt(
                "checked",
                t(
                    "Everyone checked",
                    "Iedereen checkte",
                    "Tout le monde a checké",
                ),
                "checked_who_first",
            ),
            opt(
                "bet",
                t(
                    "Someone bet and was called",
                    "Er werd ingezet en gecald",
                    "Quelqu'un a misé et a été suivi",
                ),
                "bet_who_first",
            ),
        ],
    )
    .yes_no(
        "checked_who_first",
        t(
            "Did a player other than the first one after the button show first?",
            "Liet een andere speler dan de eerste na de button als eerste zijn kaarten zien?",
            "Un autre joueur que le premier après le bouton a-t-il montré ses cartes en premier ?",
        ),
        "checked_out_of_order",
        "checked_order",
    )
    .yes_no(
        "bet_who_first",
        t(
            "Did the last caller show first, before the player who opened the betting?",
            "Liet de laatste caller zijn kaarten als eerste zien, vóór de speler die de inzetronde opende?",
            "Le dernier à suivre a-t-il montré ses cartes en premier, avant le joueur qui a ouvert les enchères ?",
        ),
        "caller_first",
        "opener_first",
    )
    .ruling(
        "checked_order",
        "PKR4U 20",
        t(
            "The river was checked: the first player after the button shows first, then the others in turn. To win the pot a player must show both cards.",
            "Op de river werd gecheckt: de eerste speler na de button toont als eerste zijn kaarten, daarna de anderen om beurt. Wie de pot wil winnen, moet zijn 2 kaarten laten zien.",
            "La river a été checkée : le premier joueur après le bouton montre ses cartes en premier, puis les autres à tour de rôle. Pour gagner le pot, un joueur doit montrer ses deux cartes.",
        ),
        vec![RulingAction::Info],
    )
    .ruling(
        "checked_out_of_order",
        "PKR4U 20",
        t(
            "Another player showed first: the other players may now muck without showing. A player who wants to win the pot must still show both cards.",
            "Een andere speler toonde als eerste: de andere spelers mogen nu hun kaarten weggooien zonder ze te laten zien. Wie de pot wil winnen, moet wel zijn 2 kaarten laten zien.",
            "Un autre joueur a montré en premier : les autres peuvent maintenant jeter leurs cartes sans les montrer. Celui qui veut gagner le pot doit tout de même montrer ses deux cartes.",
        ),
        vec![RulingAction::Info],
    )
    .ruling(
        "opener_first",
        "PKR4U 20, FIDPA",
        t(
            "The player who opened the betting on the river shows first; a bettor who was only called may not muck (FIDPA). The others follow; to win the pot a player must show both cards.",
            "De speler die de inzetronde op de river opende, toont als eerste zijn kaarten; wie inzette en enkel gecald werd, mag niet mucken (FIDPA). De anderen volgen; wie de pot wil winnen, moet zijn 2 kaarten laten zien.",
            "Le joueur qui a ouvert les enchères de la river montre ses cartes en premier ; celui qui a misé et a seulement été suivi ne peut pas jeter ses cartes (FIDPA). Les autres suivent ; pour gagner le pot, un joueur doit montrer ses deux cartes.",
        ),
        vec![RulingAction::Info],
    )
    .ruling(
        "caller_first",
        "PKR4U 20",
        t(
            "The last caller showed first. If they have the winning hand and the others mucked, they, and only they, may ask to see the other players' cards.",
            "De laatste caller toonde als eerste. Als hij de winnende hand heeft en de anderen hun kaarten gemuckt hebben, kan hij, en alleen hij, vragen om de andere kaarten te zien.",
            "Le dernier à suivre a montré en premier. S'il a la main gagnante et que les autres ont jeté leurs cartes, lui, et lui seul, peut demander à voir les cartes des autres.",
        ),
        vec![RulingAction::Info],
    )
    .build()
}

/// PKR4U 20 C and TDA 9: all live cards shown at once in an all-in showdown.
pub(crate) fn all_in_reveal() -> Flow {
    FlowBuilder::new(
        "all_in_reveal",
        11,
        "PKR4U 20, TDA 9",
        t(
            "All-in: showing the cards",
            "All-in: kaarten tonen",
            "Tapis : montrer les cartes",
        ),
        "betting_over",
    )
    .yes_no(
        "betting_over",
        t(
            "Is there an all-in with the betting over, so that no more than one player with live cards still has chips to bet?",
            "Is er een all-in waarbij de inzetten voorbij zijn, zodat niet meer dan één speler met levende kaarten nog chips heeft om in te zetten?",
            "Y a-t-il un tapis avec des enchères terminées, de sorte qu'au plus un joueur ayant des cartes vivantes a encore des jetons à miser ?",
        ),
        "mucked",
        "not_yet",
    )
    .yes_no(
        "mucked",
        t(
            "Did a player muck or throw in their cards?",
            "Heeft een speler zijn kaarten gemuckt of weggegooid?",
            "Un joueur a-t-il jeté ses cartes ?",
        ),
        "identifiable",
        "reveal",
    )
    .yes_no(
        "identifiable",
        t(
            "Can that player's cards be identified with 100 % certainty?",
            "Zijn de kaarten van die speler 100% identificeerbaar?",
            "Les cartes de ce joueur sont-elles identifiables à 100 % ?",
        ),
        "retrieve",
        "lost",
    )
    .ruling(
        "not_yet",
        "PKR4U 20, TDA 9",
        t(
            "Not an all-in showdown yet: at least two players with live cards can still bet, so the betting goes on and nobody shows their cards yet (showing now is penalised, PKR4U 4).",
            "Nog geen all-in showdown: minstens 2 spelers met levende kaarten kunnen nog inzetten, dus de inzetten gaan door en niemand toont al zijn kaarten (nu tonen wordt bestraft, PKR4U 4).",
            "Pas encore d'abattage à tapis : au moins deux joueurs ayant des cartes vivantes peuvent encore miser ; les enchères continuent et personne ne montre encore ses cartes (les montrer maintenant est pénalisé, PKR4U 4).",
        ),
        vec![RulingAction::Info],
    )
    .ruling(
        "reveal",
        "PKR4U 20, TDA 9",
        t(
            "All live cards are shown immediately, by everyone at once: there is no order. Then the board is dealt. If one player shows before the others, even with the winning hand, ALL hands in play must be shown.",
            "Alle levende kaarten worden onmiddellijk getoond, door iedereen tegelijk: er is geen volgorde. Daarna wordt het bord gedeeld. Als een speler zijn kaarten voor de anderen laat zien, zelfs met de winnende hand, moeten ALLE handen in het spel getoond worden.",
            "Toutes les cartes vivantes sont montrées immédiatement, par tous en même temps : il n'y a pas d'ordre. Ensuite on distribue le tableau. Si un joueur montre ses cartes avant les autres, même avec la main gagnante, TOUTES les mains en jeu doivent être montrées.",
        ),
        vec![RulingAction::Info],
    )
    .ruling(
        "retrieve",
        "TDA 9, PKR4U 19",
        t(
            "In an all-in showdown a hand cannot be mucked: the cards are taken back (from the muck if needed) and turned face up, and the hand stays live. All live cards are shown before the board is dealt.",
            "Bij een all-in showdown kan een hand niet gemuckt worden: de kaarten worden (zo nodig uit de muck) teruggenomen en opengelegd, en de hand blijft levend. Alle levende kaarten worden getoond voordat het bord gedeeld wordt.",
            "Lors d'un abattage à tapis, une main ne peut pas être jetée : les cartes sont reprises (du muck si nécessaire) et retournées face visible, et la main reste vivante. Toutes les cartes vivantes sont montrées avant la distribution du tableau.",
        ),
        vec![RulingAction::HandLive],
    )
    .ruling(
        "lost",
        "PKR4U 19, TDA 1",
        t(
            "The cards cannot be identified with certainty, so they cannot be recovered: the hand is dead. Call the TD, who rules on the pot in the interest of fairness.",
            "De kaarten zijn niet met zekerheid te identificeren en dus niet meer te recupereren: de hand is dood. Roep de TD, die in het belang van een eerlijk spel over de pot beslist.",
            "Les cartes ne peuvent pas être identifiées avec certitude et ne sont donc plus récupérables : la main est morte. Appelez le directeur de tournoi, qui statue sur le pot dans l'intérêt de l'équité.",
        ),
        vec![RulingAction::HandDead, RulingAction::CallTd],
    )
    .build()
}

/// PKR4U 19: cards that went to the muck.
pub(crate) fn mucked_cards() -> Flow {
    FlowBuilder::new(
        "mucked_cards",
        11,
        "PKR4U 19",
        t("Mucked cards", "Gemuckte kaarten", "Cartes jetées"),
        "hit_muck",
    )
    .yes_no(
        "hit_muck",
        t(
            "Did the cards touch the muck face down?",
            "Hebben de kaarten de muck geraakt, met de beeldzijde naar beneden?",
            "Les cartes ont-elles touché le muck face cachée ?",
        ),
        "dead",
        "identifiable",
    )
    .yes_no(
        "identifiable",
        t(
            "Can the cards be identified with 100 % certainty?",
            "Zijn de kaarten 100% identificeerbaar?",
            "Les cartes sont-elles identifiables à 100 % ?",
        ),
        "recovered",
        "dead",
    )
    .ruling(
        "dead",
        "PKR4U 19",
        t(
            "The cards are mucked and cannot be recovered: the hand is dead.",
            "De kaarten zijn gemuckt en niet meer te recupereren: de hand is dood.",
            "Les cartes sont au muck et ne peuvent plus être récupérées : la main est morte.",
        ),
        vec![RulingAction::HandDead],
    )
    .ruling(
        "recovered",
        "PKR4U 19",
        t(
            "The cards did not reach the muck and are 100 % identifiable: they can still be recovered, and the hand stays live.",
            "De kaarten zijn niet gemuckt en 100% identificeerbaar: ze kunnen nog hersteld worden en de hand blijft levend.",
            "Les cartes n'ont pas atteint le muck et sont identifiables à 100 % : elles peuvent encore être récupérées et la main reste vivante.",
        ),
        vec![RulingAction::HandLive],
    )
    .build()
}

/// PKR4U 23: the end of the hand.
pub(crate) fn end_of_hand() -> Flow {
    FlowBuilder::new(
        "end_of_hand",
        11,
        "PKR4U 23",
        t(
            "End of the hand: result disputed",
            "Einde van de hand: resultaat betwist",
            "Fin du coup : résultat contesté",
        ),
        "gathered",
    )
    .yes_no(
        "gathered",
        t(
            "Have the cards already been gathered?",
            "Zijn de kaarten al verzameld?",
            "Les cartes ont-elles déjà été ramassées ?",
        ),
        "final",
        "read_again",
    )
    .ruling(
        "final",
        "PKR4U 23",
        t(
            "The hand is over: once the cards are gathered there is no going back on its result.",
            "De hand is voorbij: eenmaal de kaarten verzameld, is er geen weg terug op het resultaat van de hand.",
            "Le coup est terminé : une fois les cartes ramassées, on ne revient plus sur son résultat.",
        ),
        vec![RulingAction::Info],
    )
    .ruling(
        "read_again",
        "PKR4U 23",
        t(
            "Read the shown hands again. Muck the losing cards as soon as possible so that only the winning cards stay visible. The chips go to the winner, and only once they are paid are the cards gathered.",
            "Lees de getoonde handen opnieuw. Muck zo snel mogelijk alle verliezende kaarten, zodat alleen de winnende kaarten zichtbaar blijven. De chips gaan naar de winnaar, en pas als ze betaald zijn, worden de kaarten verzameld.",
            "Relisez les mains montrées. Jetez au plus vite les cartes perdantes pour que seules les cartes gagnantes restent visibles. Les jetons vont au gagnant, et ce n'est qu'une fois le pot payé qu'on ramasse les cartes.",
        ),
        vec![RulingAction::Info],
    )
    .build()
}
