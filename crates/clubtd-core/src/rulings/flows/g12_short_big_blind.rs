//! Group 12, a big blind short of blind and ante (PKR4U 17, with PKR4U 16 for the ante at the
//! table): "Als BB op het moment van het betalen van zijn BB niet genoeg heeft om BB en ante te
//! betalen, zal hij eerst de big blind betalen en als hij nog iets over heeft, zal dit als ante
//! dienen." The ante due comes from `calculators::ante_for_table` (full with 6 or more, half
//! with 5, 4 or 3, none heads-up), the posting from `calculators::short_big_blind`.

use super::{chips, outcome, FlowBuilder};
use crate::rulings::calculators::{ante_for_table, short_big_blind as posting};
use crate::rulings::error::RulingError;
use crate::rulings::model::{Answers, Computed, Flow, RulingAction};

/// PKR4U 17: the big blind cannot cover blind and ante.
pub(crate) fn short_big_blind() -> Flow {
    FlowBuilder::new("short_big_blind", 12, "PKR4U 17", "players")
        .count("players", 2, 10, "big_blind")
        .help()
        .amount("big_blind", 1, "ante")
        .amount("ante", 0, "stack")
        .amount("stack", 1, "ruling")
        .calculated(
            "ruling",
            compute,
            vec![
                outcome("covered", "PKR4U 16, PKR4U 17"),
                outcome("all_in_with_ante", "PKR4U 17"),
                outcome("blind_only", "PKR4U 17"),
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
