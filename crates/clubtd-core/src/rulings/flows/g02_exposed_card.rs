//! Group 2, a card exposed during the deal (PKR4U 7, with TDA 35's misdeal cases): "Als een
//! kaart wordt omgedraaid, wordt de deal voortgezet en wordt de omgedraaide kaart vervangen door
//! de kaart die de flop had moeten branden." One of the first two cards to the small or big
//! blind exposed, or two cards exposed: misdeal. The dealer's own first card exposed: the
//! dealer gets two cards in a row.

use super::{opt, t, FlowBuilder};
use crate::rulings::model::{Flow, RulingAction};

/// PKR4U 7: a card exposed during the deal.
pub(crate) fn exposed_card_deal() -> Flow {
    FlowBuilder::new(
        "exposed_card_deal",
        2,
        "PKR4U 7",
        t(
            "Card exposed during the deal",
            "Kaart omgedraaid tijdens het delen",
            "Carte retournée pendant la donne",
        ),
        "how_many",
    )
    .yes_no(
        "how_many",
        t(
            "Were two or more cards exposed during the deal?",
            "Werden er tijdens het delen twee of meer kaarten omgedraaid?",
            "Deux cartes ou plus ont-elles été retournées pendant la donne ?",
        ),
        "misdeal_two_cards",
        "which",
    )
    .choice(
        "which",
        t(
            "Which card was exposed?",
            "Welke kaart werd omgedraaid?",
            "Quelle carte a été retournée ?",
        ),
        vec![
            opt(
                "blind_card",
                t(
                    "One of the first two cards of the deal (the first card to the small blind or to the big blind)",
                    "Een van de eerste 2 kaarten van de deal (de eerste kaart aan de small blind of aan de big blind)",
                    "Une des deux premières cartes de la donne (la première carte de la petite ou de la grosse blinde)",
                ),
                "misdeal_blind_card",
            ),
            opt(
                "dealer_first",
                t(
                    "The dealer's own first card",
                    "De eerste kaart van de dealer zelf",
                    "La première carte du donneur lui-même",
                ),
                "dealer_two_in_a_row",
            ),
            opt(
                "other",
                t("Any other card", "Een andere kaart", "Une autre carte"),
                "deal_on",
            ),
        ],
    )
    .ruling(
        "misdeal_two_cards",
        "PKR4U 7, TDA 35",
        t(
            "Misdeal: two cards were exposed during the deal. Gather all the cards, shuffle and deal again; the button and the blinds stay where they were.",
            "Misdeal: er werden tijdens het delen 2 kaarten omgedraaid. Verzamel alle kaarten, schud en deel opnieuw; de button en de blinds blijven op hun plaats.",
            "Fausse donne : deux cartes ont été retournées pendant la donne. Rassemblez toutes les cartes, mélangez et redistribuez ; le bouton et les blindes restent à leur place.",
        ),
        vec![RulingAction::Misdeal],
    )
    .ruling(
        "misdeal_blind_card",
        "PKR4U 7, TDA 35",
        t(
            "Misdeal: one of the first two cards of the deal, to the small or the big blind, was exposed. Gather all the cards, shuffle and deal again; the button and the blinds stay where they were.",
            "Misdeal: een van de eerste 2 kaarten van de deal, aan de small of de big blind, werd omgedraaid. Verzamel alle kaarten, schud en deel opnieuw; de button en de blinds blijven op hun plaats.",
            "Fausse donne : une des deux premières cartes de la donne, pour la petite ou la grosse blinde, a été retournée. Rassemblez toutes les cartes, mélangez et redistribuez ; le bouton et les blindes restent à leur place.",
        ),
        vec![RulingAction::Misdeal],
    )
    .ruling(
        "dealer_two_in_a_row",
        "PKR4U 7, TDA 35",
        t(
            "The deal goes on and the dealer receives two cards in a row: after their second card they also take the next card (the one that would have been the flop burn) in place of the exposed card. The exposed card becomes the first burn card of the flop.",
            "De deal gaat door en de dealer ontvangt 2 kaarten op rij: na zijn tweede kaart neemt hij ook de volgende kaart (de kaart die de flop had moeten branden) in de plaats van de omgedraaide kaart. De omgedraaide kaart wordt de eerste burn-kaart van de flop.",
            "La donne continue et le donneur reçoit deux cartes d'affilée : après sa deuxième carte, il prend aussi la carte suivante (celle qui aurait dû être brûlée au flop) à la place de la carte retournée. La carte retournée devient la première carte brûlée du flop.",
        ),
        vec![RulingAction::DealOn],
    )
    .ruling(
        "deal_on",
        "PKR4U 7",
        t(
            "The deal goes on normally. At the end of the deal, the player whose card was exposed gets the next card of the deck (the one that would have been the flop burn) in its place. The exposed card becomes the first burn card of the flop.",
            "De deal gaat gewoon door. Aan het einde van de deal krijgt de speler wiens kaart werd omgedraaid de volgende kaart van de stapel (de kaart die de flop had moeten branden) in de plaats. De omgedraaide kaart wordt de eerste burn-kaart van de flop.",
            "La donne continue normalement. À la fin de la donne, le joueur dont la carte a été retournée reçoit à sa place la carte suivante du paquet (celle qui aurait dû être brûlée au flop). La carte retournée devient la première carte brûlée du flop.",
        ),
        vec![RulingAction::DealOn],
    )
    .build()
}
