//! Group 3, board cards shown too early (PKR4U 8): "de getrokken kaarten worden terug in de
//! stapel gestoken (de verbrande kaart blijft op zijn plaats), de stapel wordt geschud en als
//! de inzetronde voorbij is, wordt de flop getrokken (zonder een kaart te verbranden)" — the
//! same for the turn and the river. TDA 39 (seed 001) and FIDPA treat a premature turn
//! differently; the club rule applies.

use super::{opt, FlowBuilder};
use crate::rulings::model::{Flow, RulingAction};

/// PKR4U 8: flop, turn or river shown before the betting round was over.
pub(crate) fn premature_board_card() -> Flow {
    FlowBuilder::new("premature_board_card", 3, "PKR4U 8", "street")
        .choice(
            "street",
            vec![
                opt("flop", "flop"),
                opt("turn", "turn"),
                opt("river", "river"),
            ],
        )
        .help()
        .ruling("flop", "PKR4U 8", vec![RulingAction::Info])
        .ruling("turn", "PKR4U 8", vec![RulingAction::Info])
        .ruling("river", "PKR4U 8", vec![RulingAction::Info])
        .build()
}
