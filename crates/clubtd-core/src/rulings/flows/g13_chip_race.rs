//! Group 13, the chip race at a colour-up (TDA 2): "elke speler [kan] maar maximaal één chip
//! winnen. Voorbeeld: alle spelers aan tafel hebben samen 10 chips van 25. Er wordt dus een chip
//! race gehouden voor drie chips van 100 ... De chip race begint altijd in seat 1, niet bij de
//! button. Een speler kan niet door een chip race uit het toernooi vliegen." The counts go to
//! `calculators::chip_race`, which exchanges whole sets first and rounds the odd chips.

use super::{chips, outcome, FlowBuilder};
use crate::rulings::calculators::{chip_race as race, race_ratio};
use crate::rulings::error::RulingError;
use crate::rulings::model::{Answers, Computed, Flow, RulingAction, Value};

/// TDA 2: the chip race.
pub(crate) fn chip_race() -> Flow {
    FlowBuilder::new("chip_race", 13, "TDA 2", "small")
        .amount("small", 1, "big")
        .amount("big", 2, "counts")
        .checked(denominations)
        .counts("counts", 10_000, "ruling")
        .calculated(
            "ruling",
            compute,
            vec![outcome("race", "TDA 2"), outcome("no_race", "TDA 2")],
        )
        .build()
}

/// The big chip is a multiple of the small one, checked as soon as it is typed.
fn denominations(a: &Answers<'_>) -> Result<(), RulingError> {
    race_ratio(a.amount("small")?, a.amount("big")?)?;
    Ok(())
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
