//! The club's unattention bet (PKR4U 2): a player who did not see a bet and put in less
//! than it; what they must add, take back or leave, by what they meant.

use super::{add, non_negative, CalcError};
use crate::model::money::Chips;
use serde::{Deserialize, Serialize};

/// What the inattentive player meant to do with the bet they saw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Meant {
    /// To call the bet they saw.
    #[serde(rename = "call")]
    Call,
    /// To raise the bet they saw.
    #[serde(rename = "raise")]
    Raise,
}

/// The facts of an unattention bet. Chips or words make no difference (PKR4U 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UnattentionInput {
    /// The bet the player did not see: the total to call now.
    pub missed_bet: Chips,
    /// The bet before it, the one the player saw; 0 when the missed bet opened the betting.
    pub previous_bet: Chips,
    /// The last full bet or raise when the previous bet stood (the big blind if none): a raise
    /// over the previous bet had to be at least this much.
    pub last_full_raise: Chips,
    /// Chips the player already had in front this round (a blind, an earlier call).
    #[serde(default)]
    pub already_in: Chips,
    /// Chips the player put in (or named) now, on top of `already_in`.
    pub put_in: Chips,
    /// Chips the player had behind before putting in.
    pub stack: Chips,
    /// Whether the player meant to call or to raise the bet they saw.
    pub meant: Meant,
    /// The missed bet is an all-in.
    #[serde(default)]
    pub missed_bet_all_in: bool,
    /// The inattentive player is the last to act.
    #[serde(default)]
    pub last_to_act: bool,
    /// The all-in player has shown their cards.
    #[serde(default)]
    pub all_in_cards_shown: bool,
}

/// Chips to settle: the player's total in front afterwards and the chips that move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Settlement {
    /// The player's total in front this round afterwards.
    pub total_in_front: Chips,
    /// Chips the player must add to what they put in.
    pub must_add: Chips,
    /// Chips the player takes back.
    pub take_back: Chips,
}

/// Why an unattention call stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum CallStandsReason {
    /// The missed bet opened the betting: there was nothing else to call.
    #[serde(rename = "opening_bet")]
    OpeningBet,
    /// Last to act against an all-in whose cards have been shown.
    #[serde(rename = "all_in_shown")]
    AllInShown,
}

/// Playing on against the bet the player missed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PayMissedBet {
    /// Calling the missed bet (all-in for less when the stack is short).
    pub call: Settlement,
    /// The player meant to raise and has the chips to raise the missed bet (whether an
    /// all-in missed bet locked them is [`raise_rights`](super::raise_rights)' question).
    pub may_raise: bool,
    /// The smallest total of a raise over the missed bet.
    pub min_raise_to: Chips,
}

/// The ruling on an unattention bet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "ruling")]
pub enum UnattentionRuling {
    /// The call stands: the player pays the missed bet in full.
    #[serde(rename = "call_stands")]
    CallStands {
        /// Why the call stands.
        reason: CallStandsReason,
        /// Paying the missed bet.
        call: Settlement,
    },
    /// The player chooses: pay the bet they missed, or give up chips and fold.
    #[serde(rename = "choice")]
    Choice {
        /// Play on against the missed bet.
        pay: PayMissedBet,
        /// Give up: the player's chips in front (`total_in_front`) stay in the pot and the
        /// hand is folded.
        give_up: Settlement,
    },
}

fn settlement(put_total: Chips, total_in_front: Chips) -> Settlement {
    Settlement {
        total_in_front,
        must_add: total_in_front.saturating_sub(put_total),
        take_back: put_total.saturating_sub(total_in_front),
    }
}

/// PKR4U 2, the unattention bet (the club's undercall rule, unlike TDA): a player who called
/// or raised a bet they did not see.
///
/// - Meant to call: they pay the missed bet, or "kan hij de voorlaatste inzet callen en zijn
///   inzet opgeven": the call of the previous bet stays in the pot and the hand is folded
///   (chips beyond it come back, chips short of it must be added).
/// - Meant to raise: they play on against the missed bet, or give up their chips, which
///   "ten minste de waarde moeten zijn van een verhoging van de inzet voorafgaande de inzet die
///   hij niet heeft gezien" (at least a minimum raise over the previous bet); having put in
///   more, they give up all they put in ("zal hij dit bedrag moeten opgeven").
/// - Last to act calling an all-in whose cards are then shown: the all-in must be called.
/// - A call of an opening bet stands: there was nothing else to call.
pub fn unattention_bet(input: UnattentionInput) -> Result<UnattentionRuling, CalcError> {
    let UnattentionInput {
        missed_bet,
        previous_bet,
        last_full_raise,
        already_in,
        put_in,
        stack,
        meant,
        ..
    } = input;
    non_negative("missed_bet", missed_bet)?;
    non_negative("previous_bet", previous_bet)?;
    non_negative("last_full_raise", last_full_raise)?;
    non_negative("already_in", already_in)?;
    non_negative("put_in", put_in)?;
    non_negative("stack", stack)?;
    if last_full_raise.0 == 0 {
        return Err(CalcError::InvalidMinimumBet);
    }
    if missed_bet <= previous_bet {
        return Err(CalcError::MissedBetNotAbovePrevious);
    }
    if already_in > previous_bet {
        return Err(CalcError::InFrontAboveBet);
    }
    if stack.0 == 0 {
        return Err(CalcError::NoChipsBehind);
    }
    if put_in > stack {
        return Err(CalcError::PutInExceedsStack { put_in, stack });
    }
    let put_total = add(already_in, put_in)?;
    let all_in_total = add(already_in, stack)?;
    let call_missed = settlement(put_total, missed_bet.min(all_in_total));

    if previous_bet.0 == 0 && meant == Meant::Call {
        return Ok(UnattentionRuling::CallStands {
            reason: CallStandsReason::OpeningBet,
            call: call_missed,
        });
    }
    if input.missed_bet_all_in && input.last_to_act && input.all_in_cards_shown {
        return Ok(UnattentionRuling::CallStands {
            reason: CallStandsReason::AllInShown,
            call: call_missed,
        });
    }

    let missed_raise = missed_bet - previous_bet;
    let raise_after_missed = missed_raise.max(last_full_raise);
    let pay = PayMissedBet {
        call: call_missed,
        may_raise: meant == Meant::Raise && all_in_total > missed_bet,
        min_raise_to: add(missed_bet, raise_after_missed)?,
    };
    let give_up_total = match meant {
        Meant::Call => previous_bet,
        Meant::Raise => put_total.max(add(previous_bet, last_full_raise)?),
    };
    let give_up = settlement(put_total, give_up_total.min(all_in_total));
    Ok(UnattentionRuling::Choice { pay, give_up })
}
