//! Group 14, calling the clock (TDA 5, with TDA 8 for who may call it): "zal de speler die aan
//! de beurt is één minuut de tijd krijgen om zijn beslissing te nemen. Als die beslissing dan
//! nog niet is genomen, zal er hardop tien seconden worden afgeteld. Heeft de speler dan nog
//! niet gehandeld, zal zijn hand 'dood' zijn." The table page runs the countdown
//! ([`RulingAction::StartClock`]); the flow is opened again when the time has run out.

use super::{opt, FlowBuilder};
use crate::rulings::model::{Flow, RulingAction};

/// TDA 5: calling the clock on a player.
pub(crate) fn clock_call() -> Flow {
    FlowBuilder::new("clock_call", 14, "TDA 5", "stage")
        .choice(
            "stage",
            vec![opt("request", "seated"), opt("expired", "acted_in_time")],
        )
        .yes_no("seated", "reasonable", "not_seated")
        .yes_no("reasonable", "start", "not_yet")
        .yes_no("acted_in_time", "action_stands", "dead")
        .ruling("not_seated", "TDA 8", vec![RulingAction::Info])
        .ruling("not_yet", "TDA 5", vec![RulingAction::Info])
        .ruling(
            "start",
            "TDA 5",
            vec![RulingAction::StartClock {
                seconds: 60,
                countdown: 10,
            }],
        )
        .ruling("action_stands", "TDA 5", vec![RulingAction::ActionStands])
        .ruling("dead", "TDA 5, FIDPA", vec![RulingAction::HandDead])
        .build()
}
