//! Pure rule calculators behind the guided self-deal rulings (SPEC §4.1 and §5 items 1, 10,
//! 12, 13): the ante at a short table, a short big blind, reading chips put in under no limit
//! (call, raise, minimum raise, who may still raise), the club's unattention bet, the chip race
//! at a colour-up and the refunds of a cancelled hand. Every function is pure and total: bad
//! input gives a `CalcError` with a stable code, never a panic. Each one cites the rule it
//! implements: **PKR4U n** is rule n of the club's self-deal rules, **TDA n** rule n of the
//! TDA 2004 numbering in the Dutch seed. Where the club text and the TDA differ (the unattention
//! bet, bet locking) the club text wins. Inputs and outputs are serde types, so a JSON API can
//! expose them as they are. Amounts are chips; seats are plain indices into the input lists.
//!
//! One file per topic; this one holds what they share: the typed refusal and rule citations.

use crate::model::money::Chips;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

mod betting;
mod blinds;
mod cancelled_hand;
mod chip_race;
mod raise_rights;
mod unattention;

// One flat namespace for the calculators' users (`calculators::interpret_action`), whatever
// file each lives in.
pub use betting::*;
pub use blinds::*;
pub use cancelled_hand::*;
pub use chip_race::*;
pub use raise_rights::*;
pub use unattention::*;

// ---------------------------------------------------------------------------------------------
// Errors and rule citations
// ---------------------------------------------------------------------------------------------

/// Why a calculator refused its input: a stable `code()` with parameters, like `DomainError`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum CalcError {
    /// An amount that cannot be negative is negative.
    NegativeAmount {
        /// The input field at fault.
        field: String,
    },
    /// The big blind (or last full raise) must be more than zero.
    InvalidMinimumBet,
    /// The actor has more in front than the bet to call.
    InFrontAboveBet,
    /// The actor has no chips behind, so cannot act.
    NoChipsBehind,
    /// More chips were put in than the actor has.
    PutInExceedsStack {
        /// Chips put in.
        put_in: Chips,
        /// Chips the player had behind.
        stack: Chips,
    },
    /// Nothing was put in while there is a bet to call.
    NothingPutIn,
    /// The missed bet must be higher than the bet before it.
    MissedBetNotAbovePrevious,
    /// Chip denominations must be positive and the big one a multiple (above one) of the small.
    InvalidDenominations,
    /// Two lists that describe the same players differ in length.
    LengthMismatch,
    /// A seat index outside the list of players.
    UnknownSeat {
        /// Index of the player in the input list.
        seat: usize,
    },
    /// The number of chip-race winners differs from the number of chips raced.
    WrongWinnerCount {
        /// Chips raced.
        expected: u32,
        /// Winners given.
        got: usize,
    },
    /// A player is named twice as a chip-race winner (TDA 2: one chip at most).
    DuplicateWinner {
        /// Index of the player in the input list.
        seat: usize,
    },
    /// A chip-race winner had no odd chips, so took no cards.
    WinnerNotInRace {
        /// Index of the player in the input list.
        seat: usize,
    },
    /// The seat has folded or is all-in and cannot act.
    SeatCannotAct {
        /// Index of the player in the input list.
        seat: usize,
    },
    /// A check while there is a bet to call.
    CheckFacingBet {
        /// Index of the player in the input list.
        seat: usize,
    },
    /// A raise below the minimum raise.
    RaiseTooSmall {
        /// Index of the player in the input list.
        seat: usize,
        /// The smallest total a raise must reach.
        min_raise_to: Chips,
    },
    /// A raise by a player whose betting is locked (TDA 38, PKR4U 27).
    RaiseNotAllowed {
        /// Index of the player in the input list.
        seat: usize,
    },
    /// An all-in that adds nothing to what the player already has in front.
    AllInNotAboveInFront {
        /// Index of the player in the input list.
        seat: usize,
    },
    /// The chips counted on the table differ from the sum of the contributions.
    PotMismatch {
        /// Sum of the contributions.
        expected: Chips,
        /// Chips counted on the table.
        counted: Chips,
    },
    /// A total too large to represent.
    Overflow,
}

impl CalcError {
    /// The stable code for this error (`errors.<CODE>` in the locales); never renamed.
    pub fn code(&self) -> &'static str {
        match self {
            CalcError::NegativeAmount { .. } => "CALC_NEGATIVE_AMOUNT",
            CalcError::InvalidMinimumBet => "CALC_INVALID_MINIMUM_BET",
            CalcError::InFrontAboveBet => "CALC_IN_FRONT_ABOVE_BET",
            CalcError::NoChipsBehind => "CALC_NO_CHIPS_BEHIND",
            CalcError::PutInExceedsStack { .. } => "CALC_PUT_IN_EXCEEDS_STACK",
            CalcError::NothingPutIn => "CALC_NOTHING_PUT_IN",
            CalcError::MissedBetNotAbovePrevious => "CALC_MISSED_BET_NOT_ABOVE_PREVIOUS",
            CalcError::InvalidDenominations => "CALC_INVALID_DENOMINATIONS",
            CalcError::LengthMismatch => "CALC_LENGTH_MISMATCH",
            CalcError::UnknownSeat { .. } => "CALC_UNKNOWN_SEAT",
            CalcError::WrongWinnerCount { .. } => "CALC_WRONG_WINNER_COUNT",
            CalcError::DuplicateWinner { .. } => "CALC_DUPLICATE_WINNER",
            CalcError::WinnerNotInRace { .. } => "CALC_WINNER_NOT_IN_RACE",
            CalcError::SeatCannotAct { .. } => "CALC_SEAT_CANNOT_ACT",
            CalcError::CheckFacingBet { .. } => "CALC_CHECK_FACING_BET",
            CalcError::RaiseTooSmall { .. } => "CALC_RAISE_TOO_SMALL",
            CalcError::RaiseNotAllowed { .. } => "CALC_RAISE_NOT_ALLOWED",
            CalcError::AllInNotAboveInFront { .. } => "CALC_ALL_IN_NOT_ABOVE_IN_FRONT",
            CalcError::PotMismatch { .. } => "CALC_POT_MISMATCH",
            CalcError::Overflow => "CALC_OVERFLOW",
        }
    }
}

impl CalcError {
    /// Every code [`CalcError::code`] can answer (the messages' completeness test reads it).
    pub const ALL_CODES: &'static [&'static str] = &[
        "CALC_NEGATIVE_AMOUNT",
        "CALC_INVALID_MINIMUM_BET",
        "CALC_IN_FRONT_ABOVE_BET",
        "CALC_NO_CHIPS_BEHIND",
        "CALC_PUT_IN_EXCEEDS_STACK",
        "CALC_NOTHING_PUT_IN",
        "CALC_MISSED_BET_NOT_ABOVE_PREVIOUS",
        "CALC_INVALID_DENOMINATIONS",
        "CALC_LENGTH_MISMATCH",
        "CALC_UNKNOWN_SEAT",
        "CALC_WRONG_WINNER_COUNT",
        "CALC_DUPLICATE_WINNER",
        "CALC_WINNER_NOT_IN_RACE",
        "CALC_SEAT_CANNOT_ACT",
        "CALC_CHECK_FACING_BET",
        "CALC_RAISE_TOO_SMALL",
        "CALC_RAISE_NOT_ALLOWED",
        "CALC_ALL_IN_NOT_ABOVE_IN_FRONT",
        "CALC_POT_MISMATCH",
        "CALC_OVERFLOW",
    ];

    /// The parameters its message is written with: chips as plain integers, a player as
    /// `player`, counted from 1 as the rulings name them ("player 2"), not the list index.
    pub fn params(&self) -> BTreeMap<String, String> {
        let chips = |c: &Chips| c.0.to_string();
        let player = |seat: &usize| ("player".to_string(), (seat + 1).to_string());
        let pairs: Vec<(String, String)> = match self {
            CalcError::NegativeAmount { field } => vec![("field".into(), field.clone())],
            CalcError::PutInExceedsStack { put_in, stack } => vec![
                ("put_in".into(), chips(put_in)),
                ("stack".into(), chips(stack)),
            ],
            CalcError::WrongWinnerCount { expected, got } => vec![
                ("expected".into(), expected.to_string()),
                ("got".into(), got.to_string()),
            ],
            CalcError::UnknownSeat { seat }
            | CalcError::DuplicateWinner { seat }
            | CalcError::WinnerNotInRace { seat }
            | CalcError::SeatCannotAct { seat }
            | CalcError::CheckFacingBet { seat }
            | CalcError::RaiseNotAllowed { seat }
            | CalcError::AllInNotAboveInFront { seat } => vec![player(seat)],
            CalcError::RaiseTooSmall { seat, min_raise_to } => {
                vec![player(seat), ("min_raise_to".into(), chips(min_raise_to))]
            }
            CalcError::PotMismatch { expected, counted } => vec![
                ("expected".into(), chips(expected)),
                ("counted".into(), chips(counted)),
            ],
            CalcError::InvalidMinimumBet
            | CalcError::InFrontAboveBet
            | CalcError::NoChipsBehind
            | CalcError::NothingPutIn
            | CalcError::MissedBetNotAbovePrevious
            | CalcError::InvalidDenominations
            | CalcError::LengthMismatch
            | CalcError::Overflow => vec![],
        };
        pairs.into_iter().collect()
    }
}

impl fmt::Display for CalcError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CalcError::NegativeAmount { field } => write!(f, "{field} cannot be negative"),
            CalcError::InvalidMinimumBet => write!(f, "the big blind must be more than zero"),
            CalcError::InFrontAboveBet => write!(f, "more in front than the bet to call"),
            CalcError::NoChipsBehind => write!(f, "the player has no chips behind"),
            CalcError::PutInExceedsStack { put_in, stack } => {
                write!(f, "{put_in} put in but only {stack} behind")
            }
            CalcError::NothingPutIn => write!(f, "nothing put in while facing a bet"),
            CalcError::MissedBetNotAbovePrevious => {
                write!(f, "the missed bet must be above the bet before it")
            }
            CalcError::InvalidDenominations => write!(f, "invalid chip denominations"),
            CalcError::LengthMismatch => write!(f, "the player lists differ in length"),
            CalcError::UnknownSeat { seat } => write!(f, "unknown seat index {seat}"),
            CalcError::WrongWinnerCount { expected, got } => {
                write!(f, "{expected} chips raced but {got} winners given")
            }
            CalcError::DuplicateWinner { seat } => write!(f, "seat index {seat} wins twice"),
            CalcError::WinnerNotInRace { seat } => {
                write!(f, "seat index {seat} had no odd chips")
            }
            CalcError::SeatCannotAct { seat } => write!(f, "seat index {seat} cannot act"),
            CalcError::CheckFacingBet { seat } => {
                write!(f, "seat index {seat} cannot check facing a bet")
            }
            CalcError::RaiseTooSmall { seat, min_raise_to } => {
                write!(f, "seat index {seat} must raise to at least {min_raise_to}")
            }
            CalcError::RaiseNotAllowed { seat } => {
                write!(f, "seat index {seat} may only call or fold")
            }
            CalcError::AllInNotAboveInFront { seat } => {
                write!(f, "the all-in of seat index {seat} adds nothing")
            }
            CalcError::PotMismatch { expected, counted } => {
                write!(f, "contributions make {expected} but {counted} counted")
            }
            CalcError::Overflow => write!(f, "amount too large"),
        }
    }
}

impl std::error::Error for CalcError {}

/// A rule a ruling rests on, shown with the ruling ("PKR4U 27").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Rule {
    /// PKR4U 2: the unattention bet (the club's undercall rule).
    #[serde(rename = "PKR4U 2")]
    Pkr4u2,
    /// PKR4U 16: full, half or no ante by the number at the table.
    #[serde(rename = "PKR4U 16")]
    Pkr4u16,
    /// PKR4U 17: a short big blind pays the blind first.
    #[serde(rename = "PKR4U 17")]
    Pkr4u17,
    /// PKR4U 24: a single chip without a declaration is a call.
    #[serde(rename = "PKR4U 24")]
    Pkr4u24,
    /// PKR4U 27: bet locking after an all-in under double the bet.
    #[serde(rename = "PKR4U 27")]
    Pkr4u27,
    /// PKR4U 30: a cancelled hand gives every player their chips back.
    #[serde(rename = "PKR4U 30")]
    Pkr4u30,
    /// TDA 2: chip race at a colour-up.
    #[serde(rename = "TDA 2")]
    Tda2,
    /// TDA 10: the 50 % rule.
    #[serde(rename = "TDA 10")]
    Tda10,
    /// TDA 11: the single oversized chip.
    #[serde(rename = "TDA 11")]
    Tda11,
    /// TDA 38: an incomplete all-in raise does not reopen the betting.
    #[serde(rename = "TDA 38")]
    Tda38,
}

impl Rule {
    /// The citation as players read it, e.g. "PKR4U 27".
    pub fn label(self) -> &'static str {
        match self {
            Rule::Pkr4u2 => "PKR4U 2",
            Rule::Pkr4u16 => "PKR4U 16",
            Rule::Pkr4u17 => "PKR4U 17",
            Rule::Pkr4u24 => "PKR4U 24",
            Rule::Pkr4u27 => "PKR4U 27",
            Rule::Pkr4u30 => "PKR4U 30",
            Rule::Tda2 => "TDA 2",
            Rule::Tda10 => "TDA 10",
            Rule::Tda11 => "TDA 11",
            Rule::Tda38 => "TDA 38",
        }
    }
}

fn non_negative(field: &str, amount: Chips) -> Result<(), CalcError> {
    if amount.0 < 0 {
        return Err(CalcError::NegativeAmount {
            field: field.to_string(),
        });
    }
    Ok(())
}

// The checks between two amounts, one place each: the calculators make them, and the flows
// make the same ones as soon as the second amount is typed (`rulings::model::CheckFn`).

/// Chips already in front of a player cannot be more than the bet to call.
pub(crate) fn in_front_within_bet(in_front: Chips, bet: Chips) -> Result<(), CalcError> {
    if in_front > bet {
        return Err(CalcError::InFrontAboveBet);
    }
    Ok(())
}

/// A player cannot put in more chips than they had behind.
pub(crate) fn put_in_within_stack(put_in: Chips, stack: Chips) -> Result<(), CalcError> {
    if put_in > stack {
        return Err(CalcError::PutInExceedsStack { put_in, stack });
    }
    Ok(())
}

/// Nothing put in answers a bet only when the player had it in front already (a check) or
/// declared a raise (its amount comes after).
pub(crate) fn something_put_in(
    put_in: Chips,
    declared: bool,
    in_front: Chips,
    bet: Chips,
) -> Result<(), CalcError> {
    if put_in.0 == 0 && !declared && in_front != bet {
        return Err(CalcError::NothingPutIn);
    }
    Ok(())
}

/// A bet missed is higher than the bet before it.
pub(crate) fn missed_above_previous(missed: Chips, previous: Chips) -> Result<(), CalcError> {
    if missed <= previous {
        return Err(CalcError::MissedBetNotAbovePrevious);
    }
    Ok(())
}

/// `a + b`, refusing an overflow instead of saturating (a saturated total would be wrong).
fn add(a: Chips, b: Chips) -> Result<Chips, CalcError> {
    a.0.checked_add(b.0).map(Chips).ok_or(CalcError::Overflow)
}

fn chips_from_i128(value: i128) -> Result<Chips, CalcError> {
    i64::try_from(value)
        .map(Chips)
        .map_err(|_| CalcError::Overflow)
}

#[cfg(test)]
pub(crate) mod tests;
