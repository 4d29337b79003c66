//! Group 9, penalties for exposed cards and talking (PKR4U 4, PKR4U 10; TDA 33 (2004) for the
//! scale). PKR4U 4: "Als u uw kaarten voor de showdown laat zien, zijn de kaarten niet dood,
//! maar krijgt de overtredende speler een straf. Deze straf wordt bepaald door de TD en is vaak
//! een aantal handen waarbij de speler de big blind en de volledige ante zonder de hand te
//! kunnen spelen." PKR4U 10: with more than one other player in the hand nobody talks about
//! it; "Als er nog maar 2 spelers in de hand zijn, kunnen die 2, en alleen die 2, in de huidige
//! hand spreken ... maar niet hun hand laten zien!" The TD picks the penalty; the flow records
//! it in the shape of the host's penalty command.

use super::{opt, outcome, t, FlowBuilder};
use crate::rulings::error::RulingError;
use crate::rulings::model::{Answers, Computed, Flow, PenaltyKind, RulingAction, Text, Value};

/// The TD's penalty choices, shared by both flows: warning, hands, minutes, disqualification.
fn penalty_choice(b: FlowBuilder, question: Text, rule: &'static str) -> FlowBuilder {
    b.choice(
        "penalty",
        question,
        vec![
            opt(
                "warning",
                t("A warning", "Een waarschuwing", "Un avertissement"),
                "warning",
            ),
            opt(
                "hands",
                t(
                    "A number of hands: big blind and full ante paid without playing",
                    "Een aantal handen: big blind en volledige ante betalen zonder te spelen",
                    "Un nombre de mains : grosse blinde et ante complète payées sans jouer",
                ),
                "penalty_hands",
            ),
            opt(
                "minutes",
                t(
                    "Time away from the table: 10, 20, 30 or 40 minutes",
                    "Tijdstraf weg van tafel: 10, 20, 30 of 40 minuten",
                    "Exclusion temporaire de la table : 10, 20, 30 ou 40 minutes",
                ),
                "penalty_minutes",
            ),
            opt(
                "disqualification",
                t("Disqualification", "Diskwalificatie", "Disqualification"),
                "disqualified",
            ),
        ],
    )
    .count(
        "penalty_hands",
        t(
            "For how many hands?",
            "Voor hoeveel handen?",
            "Pour combien de mains ?",
        ),
        1,
        20,
        "hands",
    )
    .choice(
        "penalty_minutes",
        t("How long?", "Hoe lang?", "Combien de temps ?"),
        vec![
            opt("10", t("10 minutes", "10 minuten", "10 minutes"), "minutes"),
            opt("20", t("20 minutes", "20 minuten", "20 minutes"), "minutes"),
            opt("30", t("30 minutes", "30 minuten", "30 minutes"), "minutes"),
            opt("40", t("40 minutes", "40 minuten", "40 minutes"), "minutes"),
        ],
    )
    .ruling(
        "warning",
        rule,
        t(
            "The player gets a warning; it is recorded in the incident log.",
            "De speler krijgt een waarschuwing; die wordt in het incidentenlogboek genoteerd.",
            "Le joueur reçoit un avertissement, consigné dans le journal des incidents.",
        ),
        vec![RulingAction::Penalty {
            kind: PenaltyKind::Warning,
        }],
    )
    .calculated(
        "hands",
        hands,
        vec![outcome(
            "hands",
            rule,
            t(
                "Penalty of {hands} hand(s): during each of them the player pays the big blind and the full ante without playing the hand; the chips go on the table as ante.",
                "Straf van {hands} hand(en): tijdens elk daarvan betaalt de speler de big blind en de volledige ante zonder de hand te kunnen spelen; de chips worden als ante op tafel gelegd.",
                "Pénalité de {hands} main(s) : pendant chacune d'elles, le joueur paie la grosse blinde et l'ante complète sans pouvoir jouer le coup ; les jetons sont placés sur la table comme ante.",
            ),
        )],
    )
    .calculated(
        "minutes",
        minutes,
        vec![outcome(
            "minutes",
            "TDA 33 (2004)",
            t(
                "Penalty of {minutes} minutes away from the table: during that time the player may not sit and play, but still pays the blinds and antes.",
                "Tijdstraf van {minutes} minuten: in die tijd mag de speler niet op zijn plaats zitten om te spelen, maar betaalt hij wel de blinds en antes.",
                "Pénalité de {minutes} minutes d'exclusion de la table : pendant ce temps, le joueur ne peut pas s'asseoir pour jouer, mais il paie toujours les blindes et les antes.",
            ),
        )],
    )
    .ruling(
        "disqualified",
        "TDA 33 (2004)",
        t(
            "The player is disqualified; their chips are removed from play.",
            "De speler wordt gediskwalificeerd; zijn chips worden uit het spel genomen.",
            "Le joueur est disqualifié ; ses jetons sont retirés du jeu.",
        ),
        vec![RulingAction::Disqualify],
    )
}

fn hands(a: &Answers<'_>) -> Result<Computed, RulingError> {
    let n = a.count("penalty_hands")?;
    let hands = u16::try_from(n).map_err(|_| RulingError::BadState {
        reason: format!("{n} hands is not a penalty"),
    })?;
    Ok(Computed::new("hands")
        .with("hands", Value::Count(n))
        .action(RulingAction::Penalty {
            kind: PenaltyKind::Hands { hands },
        }))
}

fn minutes(a: &Answers<'_>) -> Result<Computed, RulingError> {
    const MINUTES: [u16; 4] = [10, 20, 30, 40];
    let index = a.choice("penalty_minutes")?;
    let minutes = *MINUTES.get(index).ok_or_else(|| RulingError::BadState {
        reason: format!("no penalty of option {index}"),
    })?;
    Ok(Computed::new("minutes")
        .with("minutes", Value::Count(i64::from(minutes)))
        .action(RulingAction::Penalty {
            kind: PenaltyKind::Minutes { minutes },
        }))
}

/// PKR4U 4: cards shown before the showdown.
pub(crate) fn shown_cards() -> Flow {
    let b = FlowBuilder::new(
        "shown_cards",
        9,
        "PKR4U 4",
        t(
            "Cards shown before the showdown",
            "Kaarten getoond voor de showdown",
            "Cartes montrées avant l'abattage",
        ),
        "all_in_showdown",
    )
    .yes_no(
        "all_in_showdown",
        t(
            "Was the hand already an all-in showdown (the betting over, and at most one player with live cards still having chips)?",
            "Was de hand al een all-in showdown (de inzetten voorbij, en hoogstens één speler met levende kaarten heeft nog chips)?",
            "Le coup était-il déjà un abattage à tapis (enchères terminées, et au plus un joueur ayant des cartes vivantes a encore des jetons) ?",
        ),
        "no_penalty",
        "penalty",
    )
    .ruling(
        "no_penalty",
        "PKR4U 20, TDA 9",
        t(
            "No penalty: in an all-in showdown all live cards must be shown at once.",
            "Geen straf: bij een all-in showdown moeten alle levende kaarten onmiddellijk getoond worden.",
            "Pas de pénalité : lors d'un abattage à tapis, toutes les cartes vivantes doivent être montrées immédiatement.",
        ),
        vec![RulingAction::Info],
    );
    penalty_choice(
        b,
        t(
            "The cards are not dead, but the player is penalised; the TD sets the penalty. Which penalty?",
            "De kaarten zijn niet dood, maar de speler krijgt een straf; de TD bepaalt die. Welke straf?",
            "Les cartes ne sont pas mortes, mais le joueur est pénalisé ; le directeur de tournoi fixe la pénalité. Laquelle ?",
        ),
        "PKR4U 4",
    )
    .build()
}

/// PKR4U 10: talking about a hand in play.
pub(crate) fn talking() -> Flow {
    let b = FlowBuilder::new(
        "talking",
        9,
        "PKR4U 10",
        t(
            "Talking about a hand in play",
            "Praten over een lopende hand",
            "Parler d'un coup en cours",
        ),
        "two_left",
    )
    .yes_no(
        "two_left",
        t(
            "Were only two players left in the hand when it happened?",
            "Waren er nog maar 2 spelers in de hand toen het gebeurde?",
            "Ne restait-il que deux joueurs dans le coup à ce moment-là ?",
        ),
        "what",
        "penalty",
    )
    .choice(
        "what",
        t(
            "What happened?",
            "Wat is er gebeurd?",
            "Que s'est-il passé ?",
        ),
        vec![
            opt(
                "two_talked",
                t(
                    "One of the two players in the hand talked about it",
                    "Een van de 2 spelers in de hand sprak erover",
                    "Un des deux joueurs du coup en a parlé",
                ),
                "allowed",
            ),
            opt(
                "showed",
                t(
                    "One of the two players showed their cards",
                    "Een van de 2 spelers liet zijn kaarten zien",
                    "Un des deux joueurs a montré ses cartes",
                ),
                "penalty",
            ),
            opt(
                "other_talked",
                t(
                    "A player not in the hand talked about it",
                    "Een speler die niet in de hand zat, sprak erover",
                    "Un joueur qui n'était pas dans le coup en a parlé",
                ),
                "penalty",
            ),
        ],
    )
    .ruling(
        "allowed",
        "PKR4U 10",
        t(
            "No penalty: with only two players left in the hand, those two, and only those two, may say anything, as long as they do not show their cards.",
            "Geen straf: met nog maar 2 spelers in de hand mogen die 2, en alleen die 2, alles zeggen, zolang ze hun kaarten niet laten zien.",
            "Pas de pénalité : quand il ne reste que deux joueurs dans le coup, ces deux-là, et eux seuls, peuvent tout dire, tant qu'ils ne montrent pas leurs cartes.",
        ),
        vec![RulingAction::Info],
    );
    penalty_choice(
        b,
        t(
            "Talking about a hand in play is forbidden while more than two players are in it; then only the two players left may talk, and showing cards is never allowed. The player is penalised. Which penalty?",
            "Over een lopende hand praten is verboden zolang er meer dan 2 spelers in zitten; daarna mogen alleen de 2 overgebleven spelers praten, en kaarten tonen mag nooit. De speler krijgt een straf. Welke straf?",
            "Parler d'un coup en cours est interdit tant que plus de deux joueurs y participent ; ensuite, seuls les deux joueurs restants peuvent parler, et montrer ses cartes n'est jamais permis. Le joueur est pénalisé. Quelle pénalité ?",
        ),
        "PKR4U 10",
    )
    .build()
}
