//! Group 9, penalties for exposed cards and talking (PKR4U 4, PKR4U 10; TDA 33 (2004) for the
//! scale). PKR4U 4: "Als u uw kaarten voor de showdown laat zien, zijn de kaarten niet dood,
//! maar krijgt de overtredende speler een straf. Deze straf wordt bepaald door de TD en is vaak
//! een aantal handen waarbij de speler de big blind en de volledige ante zonder de hand te
//! kunnen spelen." PKR4U 10: with more than one other player in the hand nobody talks about
//! it; "Als er nog maar 2 spelers in de hand zijn, kunnen die 2, en alleen die 2, in de huidige
//! hand spreken ... maar niet hun hand laten zien!" The TD picks the penalty; the flow records
//! it in the shape of the host's penalty command.

use super::{opt, outcome, FlowBuilder};
use crate::rulings::error::RulingError;
use crate::rulings::model::{Answers, Computed, Flow, PenaltyKind, RulingAction, Value};

/// The TD's penalty choices, shared by both flows: warning, hands, minutes, disqualification.
fn penalty_choice(b: FlowBuilder, rule: &'static str) -> FlowBuilder {
    b.choice(
        "penalty",
        vec![
            opt("warning", "warning"),
            opt("hands", "penalty_hands"),
            opt("minutes", "penalty_minutes"),
            opt("disqualification", "disqualified"),
        ],
    )
    .count("penalty_hands", 1, 20, "hands")
    .choice(
        "penalty_minutes",
        vec![
            opt("10", "minutes"),
            opt("20", "minutes"),
            opt("30", "minutes"),
            opt("40", "minutes"),
        ],
    )
    .ruling(
        "warning",
        rule,
        vec![RulingAction::Penalty {
            kind: PenaltyKind::Warning,
        }],
    )
    .calculated("hands", hands, vec![outcome("hands", rule)])
    .calculated(
        "minutes",
        minutes,
        vec![outcome("minutes", "TDA 33 (2004)")],
    )
    .ruling(
        "disqualified",
        "TDA 33 (2004)",
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
    let b = FlowBuilder::new("shown_cards", 9, "PKR4U 4", "all_in_showdown")
        .yes_no("all_in_showdown", "no_penalty", "penalty")
        .ruling("no_penalty", "PKR4U 20, TDA 9", vec![RulingAction::Info]);
    penalty_choice(b, "PKR4U 4").build()
}

/// PKR4U 10: talking about a hand in play.
pub(crate) fn talking() -> Flow {
    let b = FlowBuilder::new("talking", 9, "PKR4U 10", "two_left")
        .yes_no("two_left", "what", "penalty")
        .choice(
            "what",
            vec![
                opt("two_talked", "allowed"),
                opt("showed", "penalty"),
                opt("other_talked", "penalty"),
            ],
        )
        .ruling("allowed", "PKR4U 10", vec![RulingAction::Info]);
    penalty_choice(b, "PKR4U 10").build()
}
