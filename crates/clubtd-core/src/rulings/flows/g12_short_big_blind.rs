//! Group 12, a big blind short of blind and ante (PKR4U 17, with PKR4U 16 for the ante at the
//! table): "Als BB op het moment van het betalen van zijn BB niet genoeg heeft om BB en ante te
//! betalen, zal hij eerst de big blind betalen en als hij nog iets over heeft, zal dit als ante
//! dienen." The ante due comes from `calculators::ante_for_table` (full with 6 or more, half
//! with 5, 4 or 3, none heads-up), the posting from `calculators::short_big_blind`.

use super::{chips, outcome, t, FlowBuilder};
use crate::rulings::calculators::{ante_for_table, short_big_blind as posting};
use crate::rulings::error::RulingError;
use crate::rulings::model::{Answers, Computed, Flow, RulingAction};

/// PKR4U 17: the big blind cannot cover blind and ante.
pub(crate) fn short_big_blind() -> Flow {
    FlowBuilder::new(
        "short_big_blind",
        12,
        "PKR4U 17",
        t(
            "Big blind short of blind and ante",
            "Big blind met te weinig voor blind en ante",
            "Grosse blinde trop courte pour la blinde et l'ante",
        ),
        "players",
    )
    .count(
        "players",
        t(
            "How many players are at the table?",
            "Hoeveel spelers zitten er aan tafel?",
            "Combien de joueurs y a-t-il à la table ?",
        ),
        2,
        10,
        "big_blind",
    )
    .help(t(
        "The ante depends on it (PKR4U 16): full with 6 or more, half with 5, 4 or 3, none heads-up.",
        "De ante hangt ervan af (PKR4U 16): volle ante vanaf 6 spelers, halve ante bij 5, 4 of 3, geen ante bij heads-up.",
        "L'ante en dépend (PKR4U 16) : complète à partir de 6 joueurs, moitié à 5, 4 ou 3, aucune en tête-à-tête.",
    ))
    .amount(
        "big_blind",
        t(
            "What is the big blind?",
            "Hoeveel is de big blind?",
            "À combien est la grosse blinde ?",
        ),
        1,
        "ante",
    )
    .amount(
        "ante",
        t(
            "What is the full ante of this level (0 if none)?",
            "Hoeveel is de volledige ante van dit niveau (0 als er geen is)?",
            "À combien est l'ante complète de ce niveau (0 s'il n'y en a pas) ?",
        ),
        0,
        "stack",
    )
    .amount(
        "stack",
        t(
            "How many chips does the big blind player have?",
            "Hoeveel chips heeft de speler op de big blind?",
            "Combien de jetons le joueur de grosse blinde a-t-il ?",
        ),
        1,
        "ruling",
    )
    .calculated(
        "ruling",
        compute,
        vec![
            outcome(
                "covered",
                "PKR4U 16, PKR4U 17",
                t(
                    "The player posts the big blind of {big_blind_paid} and the ante of {ante_paid} (the ante at this table: {ante_due}); {remaining} left behind.",
                    "De speler betaalt de big blind van {big_blind_paid} en de ante van {ante_paid} (de ante aan deze tafel: {ante_due}); er blijft {remaining} over.",
                    "Le joueur paie la grosse blinde de {big_blind_paid} et l'ante de {ante_paid} (l'ante à cette table : {ante_due}) ; il lui reste {remaining}.",
                ),
            ),
            outcome(
                "all_in_with_ante",
                "PKR4U 17",
                t(
                    "All-in: the big blind is paid first ({big_blind_paid}); what is left, {ante_paid}, goes to the ante (due at this table: {ante_due}).",
                    "All-in: eerst wordt de big blind betaald ({big_blind_paid}); wat overblijft, {ante_paid}, dient als ante (aan deze tafel: {ante_due}).",
                    "Tapis : la grosse blinde est payée d'abord ({big_blind_paid}) ; le reste, {ante_paid}, va à l'ante (due à cette table : {ante_due}).",
                ),
            ),
            outcome(
                "blind_only",
                "PKR4U 17",
                t(
                    "All-in: the big blind is paid first, {big_blind_paid} of {big_blind}, and nothing is left for the ante (due at this table: {ante_due}).",
                    "All-in: eerst wordt de big blind betaald, {big_blind_paid} van {big_blind}, en er blijft niets over voor de ante (aan deze tafel: {ante_due}).",
                    "Tapis : la grosse blinde est payée d'abord, {big_blind_paid} sur {big_blind}, et il ne reste rien pour l'ante (due à cette table : {ante_due}).",
                ),
            ),
        ],
    )
    .build()
}

fn compute(a: &Answers<'_>) -> Result<Computed, RulingError> {
    let players = a.count("players")?;
    let players = usize::try_from(players).map_err(|_| RulingError::BadState {
        reason: format!("{players} players"),
    })?;
    let big_blind = a.amount("big_blind")?;
    let ante_due = ante_for_table(a.amount("ante")?, players);
    let p = posting(a.amount("stack")?, big_blind, ante_due)?;
    let id = if !p.all_in {
        "covered"
    } else if p.ante_paid.0 > 0 {
        "all_in_with_ante"
    } else {
        "blind_only"
    };
    Ok(Computed::new(id)
        .with("big_blind", chips(big_blind))
        .with("ante_due", chips(ante_due))
        .with("big_blind_paid", chips(p.big_blind_paid))
        .with("ante_paid", chips(p.ante_paid))
        .with("remaining", chips(p.remaining))
        .action(RulingAction::PostBlind {
            big_blind: p.big_blind_paid,
            ante: p.ante_paid,
            all_in: p.all_in,
        }))
}
