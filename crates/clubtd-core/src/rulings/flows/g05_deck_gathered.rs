//! Group 5, deck and muck gathered before the board was complete (PKR4U 30): "Als het deck niet
//! met 100% zekerheid kan worden hersteld, wordt de hand afgeschaft! De chips worden aan elke
//! speler die ze heeft gespeeld terug gegeven." The flow records each player's contribution and
//! `calculators::cancelled_hand_refunds` gives each their own chips back.

use super::{chips, t, FlowBuilder};
use crate::model::money::Chips;
use crate::rulings::calculators::cancelled_hand_refunds;
use crate::rulings::error::RulingError;
use crate::rulings::model::{Answers, Computed, Flow, RulingAction, Value};

/// PKR4U 30: deck and muck gathered before the board was complete.
pub(crate) fn deck_gathered() -> Flow {
    FlowBuilder::new(
        "deck_gathered",
        5,
        "PKR4U 30",
        t(
            "Deck and muck gathered before the board was complete",
            "Stapel en muck verzameld voordat het bord volledig was",
            "Paquet et muck ramassés avant la fin du tableau",
        ),
        "restorable",
    )
    .yes_no(
        "restorable",
        t(
            "Can the deck (stub, burn cards and muck) be restored exactly as it was, with 100 % certainty?",
            "Kan het kaartspel (stapel, burn-kaarten en muck) met 100% zekerheid precies hersteld worden zoals het was?",
            "Peut-on reconstituer le paquet (talon, cartes brûlées et muck) exactement comme il était, avec une certitude de 100 % ?",
        ),
        "restore",
        "contributions",
    )
    .ruling(
        "restore",
        "PKR4U 30",
        t(
            "Restore the deck exactly as it was and play the hand to the end. If there is any doubt at all, the deck cannot be restored: the hand is cancelled.",
            "Herstel het kaartspel precies zoals het was en speel de hand uit. Is er ook maar de minste twijfel, dan kan het kaartspel niet hersteld worden en wordt de hand afgeschaft.",
            "Reconstituez le paquet exactement tel qu'il était et jouez le coup jusqu'au bout. Au moindre doute, le paquet ne peut pas être reconstitué et le coup est annulé.",
        ),
        vec![RulingAction::DealOn],
    )
    .amounts(
        "contributions",
        t(
            "How many chips did each player put into this hand (blinds and ante included)? One amount per player, 0 for a player who put nothing in.",
            "Hoeveel chips heeft elke speler in deze hand gestoken (blinds en ante inbegrepen)? Eén bedrag per speler, 0 voor wie niets inzette.",
            "Combien de jetons chaque joueur a-t-il mis dans ce coup (blindes et ante compris) ? Un montant par joueur, 0 pour qui n'a rien mis.",
        ),
        "refund",
    )
    .calculated(
        "refund",
        refund,
        vec![super::outcome(
            "void_hand",
            "PKR4U 30",
            t(
                "The hand is cancelled because the deck cannot be restored with 100 % certainty. Every player gets back the chips they put in: {refunds} (total {total}). Nobody wins this pot.",
                "De hand wordt afgeschaft omdat het kaartspel niet met 100% zekerheid hersteld kan worden. Elke speler krijgt de chips terug die hij inzette: {refunds} (totaal {total}). Niemand wint deze pot.",
                "Le coup est annulé car le paquet ne peut pas être reconstitué avec une certitude de 100 %. Chaque joueur récupère les jetons qu'il a mis : {refunds} (total {total}). Personne ne gagne ce pot.",
            ),
        )],
    )
    .build()
}

/// Each player's own chips back (`calculators::cancelled_hand_refunds`), as a void hand.
pub(crate) fn void_hand(
    a: &Answers<'_>,
    question: &str,
    outcome: &'static str,
) -> Result<Computed, RulingError> {
    let refunds = cancelled_hand_refunds(a.amounts(question)?)?;
    let total: Chips = refunds.iter().copied().sum();
    Ok(Computed::new(outcome)
        .with("refunds", Value::ChipsPerPlayer(refunds.clone()))
        .with("total", chips(total))
        .action(RulingAction::VoidHand { refunds }))
}

fn refund(a: &Answers<'_>) -> Result<Computed, RulingError> {
    void_hand(a, "contributions", "void_hand")
}
