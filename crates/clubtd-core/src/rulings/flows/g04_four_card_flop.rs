//! Group 4, a four-card flop (TDA 39, seed 001): "Vervolgens zal de deler deze vier kaarten
//! dicht schudden waarbij de toernooileiding één van de kaarten aanwijst als volgende burn
//! kaart. De overige drie kaarten zullen als flop gelden." When the flop also came before the
//! betting was over, it is a premature flop as well (PKR4U 8).

use super::{t, FlowBuilder};
use crate::rulings::model::{Flow, RulingAction};

/// TDA 39: four cards turned for the flop.
pub(crate) fn four_card_flop() -> Flow {
    FlowBuilder::new(
        "four_card_flop",
        4,
        "TDA 39",
        t("Four-card flop", "Flop met vier kaarten", "Flop de quatre cartes"),
        "premature",
    )
    .yes_no(
        "premature",
        t(
            "Four cards were turned for the flop. Were they turned before the betting before the flop was over?",
            "Er werden vier kaarten gedraaid voor de flop. Werden ze gedraaid voordat de inzetronde voor de flop voorbij was?",
            "Quatre cartes ont été retournées pour le flop. L'ont-elles été avant la fin des enchères d'avant le flop ?",
        ),
        "premature_flop",
        "scramble",
    )
    .ruling(
        "scramble",
        "TDA 39",
        t(
            "Call the TD. The four cards, seen or unseen, are scrambled face down; the TD picks one of them as the next burn card (the turn's burn) and the other three are the flop.",
            "Roep de TD. De vier kaarten, gezien of ongezien, worden gesloten door elkaar geschud; de TD wijst er één aan als volgende burn-kaart (die van de turn) en de andere drie vormen de flop.",
            "Appelez le directeur de tournoi. Les quatre cartes, vues ou non, sont mélangées face cachée ; le directeur en désigne une comme prochaine carte brûlée (celle de la turn) et les trois autres forment le flop.",
        ),
        vec![RulingAction::CallTd, RulingAction::DealOn],
    )
    .ruling(
        "premature_flop",
        "PKR4U 8, TDA 39",
        t(
            "The flop came too early: all four cards go back into the stub and the burn card stays where it is. Shuffle the stub; when the betting round is over, deal a flop of three cards without burning another card. Best call the TD.",
            "De flop kwam te vroeg: de vier kaarten gaan terug in de stapel en de verbrande kaart blijft op haar plaats. Schud de stapel; als de inzetronde voorbij is, wordt een flop van drie kaarten getrokken zonder nog een kaart te verbranden. Roep best de TD erbij.",
            "Le flop est venu trop tôt : les quatre cartes retournent dans le talon et la carte brûlée reste à sa place. Mélangez le talon ; quand le tour d'enchères est terminé, retournez un flop de trois cartes sans brûler d'autre carte. Le mieux est d'appeler le directeur de tournoi.",
        ),
        vec![RulingAction::Info],
    )
    .build()
}
