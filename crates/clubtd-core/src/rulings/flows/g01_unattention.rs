//! Group 1, the unattention bet (PKR4U 2), the club's own undercall rule and the one that
//! differs most from the TDA: "Wanneer een speler vanaf nu een inzet callt die hij niet wilde
//! callen (bij gebrek aan aandacht), kan hij de voorlaatste inzet callen en zijn inzet opgeven
//! als hij het bedrag dat hij niet wilde callen (niet zag) niet wilt betalen." A player who
//! meant to raise gives up at least a minimum raise over the bet they saw, or all they put in
//! if that was more; a call of an opening bet stands, and so does a last caller's call of an
//! all-in whose cards are shown. "Er is geen verschil" between chips and words. The flow asks
//! the facts, then `calculators::unattention_bet` works out the chips.

use super::{chips, opt, outcome, t, FlowBuilder};
use crate::model::money::Chips;
use crate::rulings::calculators::{
    unattention_bet as calculate, CallStandsReason, Meant, UnattentionInput, UnattentionRuling,
};
use crate::rulings::error::RulingError;
use crate::rulings::model::{Answers, ChipMove, Computed, Flow, RulingAction, Value};

const RULE: &str = "PKR4U 2";

/// PKR4U 2: the unattention bet.
pub(crate) fn unattention_bet() -> Flow {
    FlowBuilder::new(
        "unattention_bet",
        1,
        RULE,
        t(
            "Unattention bet (undercall)",
            "Unattention bet (undercall)",
            "Unattention bet (undercall, mise par inattention)",
        ),
        "meant",
    )
    .choice(
        "meant",
        t(
            "The player put chips in (or spoke) against a bet they had not seen. What did they mean to do with the bet they did see?",
            "De speler heeft chips ingezet (of iets aangekondigd) op een inzet die hij niet had gezien. Wat wilde hij doen met de inzet die hij wél zag?",
            "Le joueur a misé des jetons (ou annoncé une action) face à une mise qu'il n'avait pas vue. Que voulait-il faire de la mise qu'il avait vue ?",
        ),
        vec![
            opt(
                "call",
                t("Call it", "Die inzet callen", "La suivre (call)"),
                "missed_all_in",
            ),
            opt(
                "raise",
                t(
                    "Raise it (or bet, if they saw no bet)",
                    "Die inzet verhogen (of openen, als hij geen inzet zag)",
                    "La relancer (ou ouvrir, s'il n'avait vu aucune mise)",
                ),
                "missed_all_in",
            ),
        ],
    )
    .help(t(
        "Chips or words make no difference. Call the TD at once.",
        "Chips of woorden: er is geen verschil. Roep onmiddellijk de TD.",
        "Jetons ou paroles : aucune différence. Appelez immédiatement le directeur de tournoi.",
    ))
    .yes_no(
        "missed_all_in",
        t(
            "Was the bet they missed an all-in?",
            "Was de inzet die hij miste een all-in?",
            "La mise qu'il n'a pas vue était-elle un tapis (all-in) ?",
        ),
        "last_to_act",
        "opening",
    )
    .yes_no(
        "last_to_act",
        t(
            "Is the inattentive player the last to act?",
            "Is de onoplettende speler als laatste aan de beurt?",
            "Le joueur inattentif est-il le dernier à parler ?",
        ),
        "cards_shown",
        "opening",
    )
    .yes_no(
        "cards_shown",
        t(
            "Has the all-in player already shown their cards?",
            "Heeft de all-in speler zijn kaarten al getoond?",
            "Le joueur à tapis a-t-il déjà montré ses cartes ?",
        ),
        "opening",
        "opening",
    )
    .yes_no(
        "opening",
        t(
            "Was the bet they missed the first bet of this betting round?",
            "Was de gemiste inzet de eerste inzet van deze inzetronde?",
            "La mise manquée était-elle la première mise de ce tour d'enchères ?",
        ),
        "big_blind",
        "previous_bet",
    )
    .help(t(
        "Before the flop the big blind counts as a bet: answer no.",
        "Voor de flop telt de big blind als inzet: antwoord dan nee.",
        "Avant le flop, la grosse blinde compte comme une mise : répondez non.",
    ))
    .amount(
        "big_blind",
        t(
            "What is the big blind?",
            "Hoeveel is de big blind?",
            "À combien est la grosse blinde ?",
        ),
        1,
        "missed_bet",
    )
    .amount(
        "previous_bet",
        t(
            "What was the bet the player saw (the total to call before the bet they missed)?",
            "Hoeveel was de inzet die de speler wél zag (het te callen totaal vóór de gemiste inzet)?",
            "Quelle était la mise que le joueur a vue (le total à suivre avant la mise manquée) ?",
        ),
        1,
        "previous_raise",
    )
    .help(t(
        "Before the flop with no raise: the big blind.",
        "Voor de flop zonder verhoging: de big blind.",
        "Avant le flop sans relance : la grosse blinde.",
    ))
    .amount(
        "previous_raise",
        t(
            "By how much did that bet raise the one before it?",
            "Met hoeveel verhoogde die inzet de vorige?",
            "De combien cette mise relançait-elle la précédente ?",
        ),
        1,
        "missed_bet",
    )
    .help(t(
        "An opening bet: its whole amount. A raise from 200 to 600: 400. The big blind alone: the big blind.",
        "Een openingsinzet: het hele bedrag. Een verhoging van 200 naar 600: 400. Alleen de big blind: de big blind.",
        "Une mise d'ouverture : tout son montant. Une relance de 200 à 600 : 400. La grosse blinde seule : la grosse blinde.",
    ))
    .amount(
        "missed_bet",
        t(
            "What is the bet they missed (the total to call now)?",
            "Hoeveel is de gemiste inzet (het totaal dat nu gecald moet worden)?",
            "À combien s'élève la mise manquée (le total à suivre maintenant) ?",
        ),
        1,
        "had_in_front",
    )
    .yes_no(
        "had_in_front",
        t(
            "Did the player already have chips in front of them this betting round (a blind, an earlier call)?",
            "Had de speler in deze inzetronde al chips voor zich liggen (een blind, een eerdere call)?",
            "Le joueur avait-il déjà des jetons devant lui dans ce tour d'enchères (une blinde, un suivi précédent) ?",
        ),
        "in_front",
        "put_in",
    )
    .amount(
        "in_front",
        t(
            "How many chips did they already have in front of them?",
            "Hoeveel chips lagen er al voor hem?",
            "Combien de jetons avait-il déjà devant lui ?",
        ),
        1,
        "put_in",
    )
    .amount(
        "put_in",
        t(
            "How many chips did they put in (or announce) now, not counting chips already in front of them?",
            "Hoeveel chips heeft hij nu ingezet (of aangekondigd), zonder de chips die al voor hem lagen?",
            "Combien de jetons a-t-il misés (ou annoncés) maintenant, sans compter les jetons déjà devant lui ?",
        ),
        0,
        "stack",
    )
    .amount(
        "stack",
        t(
            "How many chips did the player have behind before putting these in?",
            "Hoeveel chips had de speler achter zich vóór deze inzet?",
            "Combien de jetons le joueur avait-il derrière lui avant cette mise ?",
        ),
        1,
        "ruling",
    )
    .calculated(
        "ruling",
        compute,
        vec![
            outcome(
                "call_stands_opening",
                RULE,
                t(
                    "The call stands: the bet they missed opened the betting, so there was nothing else to call. The player pays the bet of {missed_bet} in full: {call_total} in front in all ({call_move}).",
                    "De call blijft staan: de gemiste inzet was de openingsinzet, dus de speler kon niets anders callen. Hij betaalt de inzet van {missed_bet} volledig: in totaal {call_total} voor zich ({call_move}).",
                    "Le suivi est maintenu : la mise manquée ouvrait les enchères, le joueur ne pouvait donc rien suivre d'autre. Il paie entièrement la mise de {missed_bet} : {call_total} au total devant lui ({call_move}).",
                ),
            ),
            outcome(
                "call_stands_all_in_shown",
                RULE,
                t(
                    "The call stands: the player is last to act and called an all-in whose cards have been shown, so they must call the all-in: {call_total} in front in all ({call_move}).",
                    "De call blijft staan: de speler is als laatste aan de beurt en callde een all-in waarvan de kaarten al getoond zijn, dus hij moet de all-in callen: in totaal {call_total} voor zich ({call_move}).",
                    "Le suivi est maintenu : le joueur parle en dernier et a suivi un tapis dont les cartes ont été montrées ; il doit donc suivre le tapis : {call_total} au total devant lui ({call_move}).",
                ),
            ),
            outcome(
                "choice_meant_call",
                RULE,
                t(
                    "Unattention bet: the player chooses. Either they pay the bet they missed ({missed_bet}): {pay_total} in front in all ({pay_move}), and play on. Or they call only the bet they saw and give up: {give_up_total} stays in the pot ({give_up_move}) and their hand is folded.",
                    "Unattention bet: de speler kiest. Ofwel betaalt hij de gemiste inzet ({missed_bet}): in totaal {pay_total} voor zich ({pay_move}), en speelt hij verder. Ofwel callt hij alleen de voorlaatste inzet en geeft hij op: {give_up_total} blijft in de pot ({give_up_move}) en zijn hand wordt gefold.",
                    "Unattention bet : le joueur choisit. Soit il paie la mise manquée ({missed_bet}) : {pay_total} au total devant lui ({pay_move}), et il continue le coup. Soit il ne suit que l'avant-dernière mise et abandonne : {give_up_total} reste dans le pot ({give_up_move}) et sa main est couchée.",
                ),
            ),
            outcome(
                "choice_meant_raise",
                RULE,
                t(
                    "Unattention bet: the player chooses. Either they play on against the bet they missed ({missed_bet}): call it ({pay_total} in front in all, {pay_move}) or raise to at least {min_raise_to}. Or they give up their chips and fold: at least a minimum raise over the bet they saw, and all they put in if that was more: {give_up_total} stays in the pot ({give_up_move}).",
                    "Unattention bet: de speler kiest. Ofwel speelt hij verder tegen de gemiste inzet ({missed_bet}): callen (in totaal {pay_total} voor zich, {pay_move}) of verhogen tot minstens {min_raise_to}. Ofwel geeft hij zijn chips op en foldt hij: minstens een minimale verhoging van de inzet die hij zag, en alles wat hij inzette als dat meer was: {give_up_total} blijft in de pot ({give_up_move}).",
                    "Unattention bet : le joueur choisit. Soit il continue face à la mise manquée ({missed_bet}) : la suivre ({pay_total} au total devant lui, {pay_move}) ou relancer à {min_raise_to} au moins. Soit il abandonne ses jetons et se couche : au moins une relance minimale de la mise qu'il avait vue, et tout ce qu'il a misé si c'était plus : {give_up_total} reste dans le pot ({give_up_move}).",
                ),
            ),
            outcome(
                "choice_meant_raise_short",
                RULE,
                t(
                    "Unattention bet: the player chooses. They do not have the chips to raise the bet they missed ({missed_bet}). Either they call it with all their chips ({pay_total} in front in all, {pay_move}) and are all-in. Or they give up their chips and fold: {give_up_total} stays in the pot ({give_up_move}).",
                    "Unattention bet: de speler kiest. Hij heeft niet genoeg chips om de gemiste inzet ({missed_bet}) te verhogen. Ofwel callt hij ze met al zijn chips (in totaal {pay_total} voor zich, {pay_move}) en is hij all-in. Ofwel geeft hij zijn chips op en foldt hij: {give_up_total} blijft in de pot ({give_up_move}).",
                    "Unattention bet : le joueur choisit. Il n'a pas assez de jetons pour relancer la mise manquée ({missed_bet}). Soit il la suit avec tous ses jetons ({pay_total} au total devant lui, {pay_move}) et il est à tapis. Soit il abandonne ses jetons et se couche : {give_up_total} reste dans le pot ({give_up_move}).",
                ),
            ),
        ],
    )
    .build()
}

/// Works the unattention bet out with `calculators::unattention_bet`.
fn compute(a: &Answers<'_>) -> Result<Computed, RulingError> {
    let meant = if a.choice("meant")? == 1 {
        Meant::Raise
    } else {
        Meant::Call
    };
    let opening = a.yes("opening")?;
    let (previous_bet, last_full_raise) = if opening {
        (Chips::ZERO, a.amount("big_blind")?)
    } else {
        (a.amount("previous_bet")?, a.amount("previous_raise")?)
    };
    let missed_bet = a.amount("missed_bet")?;
    let missed_bet_all_in = a.yes("missed_all_in")?;
    let input = UnattentionInput {
        missed_bet,
        previous_bet,
        last_full_raise,
        already_in: a.amount_or("in_front", Chips::ZERO),
        put_in: a.amount("put_in")?,
        stack: a.amount("stack")?,
        meant,
        missed_bet_all_in,
        last_to_act: missed_bet_all_in && a.yes_or("last_to_act", false),
        all_in_cards_shown: missed_bet_all_in && a.yes_or("cards_shown", false),
    };
    let ruling = calculate(input)?;
    let base = Computed::new("").with("missed_bet", chips(missed_bet));
    Ok(match ruling {
        UnattentionRuling::CallStands { reason, call } => {
            let call = ChipMove::from(call);
            let id = match reason {
                CallStandsReason::OpeningBet => "call_stands_opening",
                CallStandsReason::AllInShown => "call_stands_all_in_shown",
            };
            Computed {
                outcome: id,
                ..base
            }
            .with("call_total", chips(call.total_in_front))
            .with("call_move", Value::Move(call))
            .action(RulingAction::CallStands { chips: call })
        }
        UnattentionRuling::Choice { pay, give_up } => {
            let call = ChipMove::from(pay.call);
            let give_up = ChipMove::from(give_up);
            let (id, min_raise_to) = match meant {
                Meant::Call => ("choice_meant_call", None),
                Meant::Raise if pay.may_raise => ("choice_meant_raise", Some(pay.min_raise_to)),
                Meant::Raise => ("choice_meant_raise_short", None),
            };
            let mut computed = Computed {
                outcome: id,
                ..base
            }
            .with("pay_total", chips(call.total_in_front))
            .with("pay_move", Value::Move(call))
            .with("give_up_total", chips(give_up.total_in_front))
            .with("give_up_move", Value::Move(give_up))
            .action(RulingAction::PlayerChooses {
                pay: call,
                give_up,
                min_raise_to,
            });
            if let Some(to) = min_raise_to {
                computed = computed.with("min_raise_to", chips(to));
            }
            computed
        }
    })
}
