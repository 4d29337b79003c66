//! Group 4, a four-card flop (TDA 39, seed 001): "Vervolgens zal de deler deze vier kaarten
//! dicht schudden waarbij de toernooileiding één van de kaarten aanwijst als volgende burn
//! kaart. De overige drie kaarten zullen als flop gelden." When the flop also came before the
//! betting was over, it is a premature flop as well (PKR4U 8).

use super::FlowBuilder;
use crate::rulings::model::{Flow, RulingAction};

/// TDA 39: four cards turned for the flop.
pub(crate) fn four_card_flop() -> Flow {
    FlowBuilder::new("four_card_flop", 4, "TDA 39", "premature")
        .yes_no("premature", "premature_flop", "scramble")
        .ruling(
            "scramble",
            "TDA 39",
            vec![RulingAction::CallTd, RulingAction::DealOn],
        )
        .ruling(
            "premature_flop",
            "PKR4U 8, TDA 39",
            vec![RulingAction::Info],
        )
        .build()
}
