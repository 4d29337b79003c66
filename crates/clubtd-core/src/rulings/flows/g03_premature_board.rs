//! Group 3, board cards shown too early (PKR4U 8): "de getrokken kaarten worden terug in de
//! stapel gestoken (de verbrande kaart blijft op zijn plaats), de stapel wordt geschud en als
//! de inzetronde voorbij is, wordt de flop getrokken (zonder een kaart te verbranden)" — the
//! same for the turn and the river. TDA 39 (seed 001) and FIDPA treat a premature turn
//! differently; the club rule applies.

use super::{opt, t, FlowBuilder};
use crate::rulings::model::{Flow, RulingAction};

/// PKR4U 8: flop, turn or river shown before the betting round was over.
pub(crate) fn premature_board_card() -> Flow {
    FlowBuilder::new(
        "premature_board_card",
        3,
        "PKR4U 8",
        t(
            "Board card(s) shown too early",
            "Bordkaart(en) te vroeg onthuld",
            "Carte(s) du tableau dévoilée(s) trop tôt",
        ),
        "street",
    )
    .choice(
        "street",
        t(
            "Which card(s) were shown before the betting round was over?",
            "Welke kaart(en) werd(en) onthuld voordat de inzetronde voorbij was?",
            "Quelle(s) carte(s) a-t-on dévoilée(s) avant la fin du tour d'enchères ?",
        ),
        vec![
            opt("flop", t("The flop", "De flop", "Le flop"), "flop"),
            opt("turn", t("The turn", "De turn", "La turn"), "turn"),
            opt("river", t("The river", "De river", "La river"), "river"),
        ],
    )
    .help(t(
        "Four cards turned for the flop: use the four-card flop (TDA 39).",
        "Vier kaarten gedraaid voor de flop: gebruik de flop met vier kaarten (TDA 39).",
        "Quatre cartes retournées pour le flop : utilisez le flop de quatre cartes (TDA 39).",
    ))
    .ruling(
        "flop",
        "PKR4U 8",
        t(
            "The flop cards go back into the stub; the burn card stays where it is. Shuffle the stub. When the betting round is over, deal the flop without burning another card: the burn already out counts. Burn normally for the turn and the river. Best call the TD.",
            "De flopkaarten gaan terug in de stapel; de verbrande kaart blijft op haar plaats. Schud de stapel. Als de inzetronde voorbij is, wordt de flop getrokken zonder nog een kaart te verbranden: de burn die al ligt, telt. Voor de turn en de river wordt gewoon verbrand. Roep best de TD erbij.",
            "Les cartes du flop retournent dans le talon ; la carte brûlée reste à sa place. Mélangez le talon. Quand le tour d'enchères est terminé, retournez le flop sans brûler d'autre carte : la carte déjà brûlée compte. Brûlez normalement pour la turn et la river. Le mieux est d'appeler le directeur de tournoi.",
        ),
        vec![RulingAction::Info],
    )
    .ruling(
        "turn",
        "PKR4U 8",
        t(
            "The turn card goes back into the stub; the burn card stays where it is. Shuffle the stub. When the betting round is over, deal the turn without burning another card. Burn normally for the river. Best call the TD.",
            "De turnkaart gaat terug in de stapel; de verbrande kaart blijft op haar plaats. Schud de stapel opnieuw. Als de inzetronde voorbij is, wordt de turn getrokken zonder nog een kaart te verbranden. Voor de river wordt gewoon verbrand. Roep best de TD erbij.",
            "La carte de la turn retourne dans le talon ; la carte brûlée reste à sa place. Mélangez à nouveau le talon. Quand le tour d'enchères est terminé, retournez la turn sans brûler d'autre carte. Brûlez normalement pour la river. Le mieux est d'appeler le directeur de tournoi.",
        ),
        vec![RulingAction::Info],
    )
    .ruling(
        "river",
        "PKR4U 8",
        t(
            "The river card goes back into the stub; the burn card stays where it is. Shuffle the stub. When the betting round is over, deal the river without burning another card. Best call the TD.",
            "De riverkaart gaat terug in de stapel; de verbrande kaart blijft op haar plaats. Schud de stapel opnieuw. Als de inzetronde voorbij is, wordt de river getrokken zonder nog een kaart te verbranden. Roep best de TD erbij.",
            "La carte de la river retourne dans le talon ; la carte brûlée reste à sa place. Mélangez à nouveau le talon. Quand le tour d'enchères est terminé, retournez la river sans brûler d'autre carte. Le mieux est d'appeler le directeur de tournoi.",
        ),
        vec![RulingAction::Info],
    )
    .build()
}
