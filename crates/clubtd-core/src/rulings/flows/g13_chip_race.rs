//! Group 13, the chip race at a colour-up (TDA 2): "elke speler [kan] maar maximaal één chip
//! winnen. Voorbeeld: alle spelers aan tafel hebben samen 10 chips van 25. Er wordt dus een chip
//! race gehouden voor drie chips van 100 ... De chip race begint altijd in seat 1, niet bij de
//! button. Een speler kan niet door een chip race uit het toernooi vliegen." The counts go to
//! `calculators::chip_race`, which exchanges whole sets first and rounds the odd chips.

use super::{chips, outcome, t, FlowBuilder};
use crate::rulings::calculators::chip_race as race;
use crate::rulings::error::RulingError;
use crate::rulings::model::{Answers, Computed, Flow, RulingAction, Value};

/// TDA 2: the chip race.
pub(crate) fn chip_race() -> Flow {
    FlowBuilder::new(
        "chip_race",
        13,
        "TDA 2",
        t(
            "Chip race at a colour-up",
            "Chip race bij het wegnemen van een chipkleur",
            "Course aux jetons (chip race) au retrait d'une couleur",
        ),
        "small",
    )
    .amount(
        "small",
        t(
            "Which chip value leaves play?",
            "Welke chipwaarde wordt uit het spel genomen?",
            "Quelle valeur de jeton est retirée du jeu ?",
        ),
        1,
        "big",
    )
    .amount(
        "big",
        t(
            "Which chip value replaces it (the smallest chip left in play)?",
            "Welke chipwaarde komt in de plaats (de kleinste chip die in het spel blijft)?",
            "Quelle valeur de jeton la remplace (le plus petit jeton qui reste en jeu) ?",
        ),
        2,
        "counts",
    )
    .counts(
        "counts",
        t(
            "How many chips of the value that leaves play does each player have? One number per player, from seat 1.",
            "Hoeveel chips van de waarde die uit het spel gaat, heeft elke speler? Eén getal per speler, vanaf seat 1.",
            "Combien de jetons de la valeur retirée chaque joueur possède-t-il ? Un nombre par joueur, à partir du siège 1.",
        ),
        10_000,
        "ruling",
    )
    .calculated(
        "ruling",
        compute,
        vec![
            outcome(
                "race",
                "TDA 2",
                t(
                    "Whole sets are exchanged first (chips of {big} received: {coloured_up}). The odd chips, worth {odd_value} in all, race for {chips_to_race} chip(s) of {big}. Each player gets one card face up per odd chip (cards: {cards}), dealt clockwise from seat 1, not from the button; the highest cards, by suit, win, and nobody wins more than one chip. Nobody busts in a chip race: a player who loses with no other chips still gets one chip of {big}.",
                    "Eerst worden volledige sets gewisseld (ontvangen chips van {big}: {coloured_up}). De overgebleven chips, samen {odd_value} waard, gaan in een chip race om {chips_to_race} chip(s) van {big}. Elke speler krijgt één open kaart per overgebleven chip (kaarten: {cards}), met de klok mee gedeeld vanaf seat 1, niet vanaf de button; de hoogste kaarten, op kleurvolgorde, winnen, en niemand wint meer dan één chip. Niemand vliegt eruit door een chip race: wie verliest en geen andere chips heeft, krijgt toch één chip van {big}.",
                    "On échange d'abord les séries complètes (jetons de {big} reçus : {coloured_up}). Les jetons restants, d'une valeur totale de {odd_value}, sont mis en course pour {chips_to_race} jeton(s) de {big}. Chaque joueur reçoit une carte face visible par jeton restant (cartes : {cards}), distribuée dans le sens des aiguilles d'une montre à partir du siège 1, pas du bouton ; les cartes les plus hautes, selon l'ordre des couleurs, gagnent, et personne ne gagne plus d'un jeton. Personne n'est éliminé par une course aux jetons : un joueur qui perd sans autres jetons reçoit quand même un jeton de {big}.",
                ),
            ),
            outcome(
                "no_race",
                "TDA 2",
                t(
                    "Whole sets are exchanged (chips of {big} received: {coloured_up}). The odd chips are worth {odd_value} in all, which rounds to no chip of {big}: there is nothing to race and they leave play. A player left with no chips still gets one chip of {big}: nobody busts in a colour-up.",
                    "Volledige sets worden gewisseld (ontvangen chips van {big}: {coloured_up}). De overgebleven chips zijn samen {odd_value} waard, wat afgerond geen chip van {big} oplevert: er is geen chip race en ze gaan uit het spel. Een speler die zonder chips zou vallen, krijgt toch één chip van {big}: niemand vliegt eruit bij het wisselen.",
                    "Les séries complètes sont échangées (jetons de {big} reçus : {coloured_up}). Les jetons restants valent {odd_value} au total, ce qui, arrondi, ne fait aucun jeton de {big} : il n'y a pas de course et ils sont retirés du jeu. Un joueur qui se retrouverait sans jetons reçoit quand même un jeton de {big} : personne n'est éliminé au changement de couleur.",
                ),
            ),
        ],
    )
    .build()
}

fn compute(a: &Answers<'_>) -> Result<Computed, RulingError> {
    let small = a.amount("small")?;
    let big = a.amount("big")?;
    let counts = a
        .counts("counts")?
        .iter()
        .map(|&n| u32::try_from(n))
        .collect::<Result<Vec<u32>, _>>()
        .map_err(|_| RulingError::BadState {
            reason: "a chip count does not fit".to_string(),
        })?;
    let r = race(&counts, small, big)?;
    let id = if r.chips_to_race > 0 {
        "race"
    } else {
        "no_race"
    };
    Ok(Computed::new(id)
        .with("small", chips(small))
        .with("big", chips(big))
        .with("chips_to_race", Value::Count(i64::from(r.chips_to_race)))
        .with("entrants", Value::Count(i64::from(r.entrants)))
        .with("odd_value", chips(r.odd_value))
        .with(
            "coloured_up",
            Value::CountsPerPlayer(r.seats.iter().map(|s| i64::from(s.coloured_up)).collect()),
        )
        .with(
            "cards",
            Value::CountsPerPlayer(r.seats.iter().map(|s| i64::from(s.odd_chips)).collect()),
        )
        .action(RulingAction::ChipRace {
            small,
            big,
            chips_to_race: r.chips_to_race,
        }))
}
