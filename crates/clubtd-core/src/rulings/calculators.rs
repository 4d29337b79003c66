//! Pure rule calculators behind the guided self-deal rulings (SPEC §4.1 and §5 items 1, 10,
//! 12, 13): the ante at a short table, a short big blind, reading chips put in under no limit
//! (call, raise, minimum raise, who may still raise), the club's unattention bet, the chip race
//! at a colour-up and the refunds of a cancelled hand. Every function is pure and total: bad
//! input gives a `CalcError` with a stable code, never a panic. Each one cites the rule it
//! implements: **PKR4U n** is rule n of the club's self-deal rules, **TDA n** rule n of the
//! TDA 2004 numbering in the Dutch seed. Where the club text and the TDA differ (the unattention
//! bet, bet locking) the club text wins. Inputs and outputs are serde types, so a JSON API can
//! expose them as they are. Amounts are chips; seats are plain indices into the input lists.

use crate::model::money::Chips;
use serde::{Deserialize, Serialize};
use std::fmt;

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

/// `a + b`, refusing an overflow instead of saturating (a saturated total would be wrong).
fn add(a: Chips, b: Chips) -> Result<Chips, CalcError> {
    a.0.checked_add(b.0).map(Chips).ok_or(CalcError::Overflow)
}

fn chips_from_i128(value: i128) -> Result<Chips, CalcError> {
    i64::try_from(value)
        .map(Chips)
        .map_err(|_| CalcError::Overflow)
}

// ---------------------------------------------------------------------------------------------
// Antes and blinds
// ---------------------------------------------------------------------------------------------

/// PKR4U 16: the ante that applies at a table with `players_at_table` players: the full ante
/// with 6 or more, half the ante with 5, 4 or 3, none heads-up (2) or alone. An odd ante is
/// halved rounding half up to a whole chip (half of 25 is 13), so the short table never pays
/// less than half. A negative ante is read as no ante (the level editor refuses it anyway).
pub fn ante_for_table(full_ante: Chips, players_at_table: usize) -> Chips {
    let full = full_ante.0.max(0);
    match players_at_table {
        0..=2 => Chips::ZERO,
        3..=5 => Chips(full / 2 + full % 2),
        _ => Chips(full),
    }
}

/// What a big blind posts when the blind and the ante are due together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BlindPosting {
    /// Chips that go to the big blind (live).
    pub big_blind_paid: Chips,
    /// Chips that go to the ante (dead).
    pub ante_paid: Chips,
    /// The posting took the player's whole stack.
    pub all_in: bool,
    /// Chips left behind after posting.
    pub remaining: Chips,
}

/// PKR4U 17: a big blind who cannot cover both the big blind and the ante pays the big blind
/// first; whatever is left goes to the ante. `ante` is the ante due at this table (see
/// [`ante_for_table`]).
pub fn short_big_blind(
    stack: Chips,
    big_blind: Chips,
    ante: Chips,
) -> Result<BlindPosting, CalcError> {
    non_negative("stack", stack)?;
    non_negative("big_blind", big_blind)?;
    non_negative("ante", ante)?;
    if stack.0 == 0 {
        return Err(CalcError::NoChipsBehind);
    }
    let big_blind_paid = stack.min(big_blind);
    let ante_paid = (stack - big_blind_paid).min(ante);
    let remaining = stack - big_blind_paid - ante_paid;
    Ok(BlindPosting {
        big_blind_paid,
        ante_paid,
        all_in: remaining.0 == 0,
        remaining,
    })
}

// ---------------------------------------------------------------------------------------------
// Reading chips put in (no limit)
// ---------------------------------------------------------------------------------------------

/// The betting situation when a player puts chips in (or names an amount), no limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BettingContext {
    /// The bet to call: the highest total in front of anyone this betting round (the big blind
    /// before the flop, 0 when nobody has bet).
    pub current_bet: Chips,
    /// The size of the last full bet or raise this round; the big blind when nobody has bet
    /// (it is then the minimum bet).
    pub last_full_raise: Chips,
    /// Chips the actor already has in front this round (a blind, an earlier call).
    pub already_in: Chips,
    /// Chips the actor has behind before this action.
    pub stack: Chips,
    /// The actor said "raise" (or "bet", "plus 200") before or while putting chips in.
    #[serde(default)]
    pub raise_declared: bool,
    /// The actor has acted and faces only an incomplete all-in (TDA 38, PKR4U 27): call or
    /// fold only. [`RoundStatus::context_for`] fills it in.
    #[serde(default)]
    pub raise_locked: bool,
}

/// How the chips went in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum PutInKind {
    /// Several chips pushed forward in one motion, without a word.
    #[serde(rename = "multiple_chips")]
    MultipleChips,
    /// One chip pushed forward without a word (TDA 11, PKR4U 24), or one chip added after
    /// chips the player already placed in this betting round (`put_in` then counts them all):
    /// PKR4U 24 makes either a call whatever the chip's value.
    #[serde(rename = "single_chip")]
    SingleChip,
    /// An amount named aloud, counted like chips added (for a named total, pass the total
    /// minus `already_in`); naming the stack or more means all-in.
    #[serde(rename = "verbal_amount")]
    VerbalAmount,
}

/// What a put-in counts as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "action")]
pub enum Action {
    /// Nothing to call and no bet: a check (chips put in come back).
    #[serde(rename = "check")]
    Check,
    /// A call; `amount` is what the call adds to the chips already in front.
    #[serde(rename = "call")]
    Call {
        /// Chips the call adds to those already in front.
        amount: Chips,
    },
    /// Less than the call, not all-in: the call must be completed, or, when the player missed
    /// the bet, the unattention bet applies (PKR4U 2, see [`unattention_bet`]).
    #[serde(rename = "undercall")]
    Undercall {
        /// Chips a full call adds to those already in front.
        call: Chips,
        /// Chips missing from the put-in to make the call.
        short_by: Chips,
    },
    /// An opening bet of `amount`.
    #[serde(rename = "bet")]
    Bet {
        /// The bet.
        amount: Chips,
    },
    /// A raise to a total of `to` (always at least the minimum raise).
    #[serde(rename = "raise")]
    Raise {
        /// The raiser's total in front.
        to: Chips,
    },
    /// All-in for the call or less; `amount` is what it adds.
    #[serde(rename = "all_in_call")]
    AllInCall {
        /// Chips the all-in adds.
        amount: Chips,
    },
    /// An all-in opening bet; `complete` when it is at least the minimum bet.
    #[serde(rename = "all_in_bet")]
    AllInBet {
        /// The bet (the whole stack).
        amount: Chips,
        /// At least the minimum bet.
        complete: bool,
    },
    /// An all-in raise to `to`; `complete` when it reopens the betting (TDA 38, PKR4U 27).
    #[serde(rename = "all_in_raise")]
    AllInRaise {
        /// The all-in player's total in front.
        to: Chips,
        /// A full raise that reopens the betting.
        complete: bool,
    },
}

/// The ruling on a put-in: what it counts as and which chips move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ActionRuling {
    /// What the put-in counts as.
    pub action: Action,
    /// The actor's total in front once the ruling is carried out.
    pub total_in_front: Chips,
    /// Chips the actor must add to what was put in (a raise completed, a call completed).
    pub must_add: Chips,
    /// Chips put in beyond the ruling, which go back to the actor.
    pub take_back: Chips,
    /// The smallest total a full raise (or, with no bet yet, a bet) must reach now.
    pub min_raise_to: Chips,
    /// The action reopens the betting for players who already acted.
    pub reopens_betting: bool,
    /// The rules the ruling rests on.
    pub rules: Vec<Rule>,
}

/// The smallest all-in total that is a full raise over `previous_bet`: the TDA full raise
/// (previous bet plus the last full raise) and, for the club, at least double the previous bet
/// (PKR4U 27). With no previous bet it is the minimum bet.
fn reopening_line(previous_bet: Chips, last_full_raise: Chips) -> Chips {
    let previous = previous_bet.0.max(0);
    let raise = last_full_raise.0.max(0);
    Chips(
        previous
            .saturating_add(raise)
            .max(previous.saturating_mul(2)),
    )
}

/// TDA 38 and PKR4U 27: whether an all-in to `all_in_to` over a bet of `previous_bet` reopens
/// the betting for players who already acted. TDA 38 needs a full raise (previous bet plus the
/// last full raise); PKR4U 27 locks any all-in "met meer dan de vorige inzet, maar minder dan
/// het dubbele van die inzet", so the club also needs double the previous bet. After a bet of
/// 500, an all-in to 600 (or 750, TDA's 2004 50 % line) does not reopen; 1,000 does.
pub fn reopens_betting(previous_bet: Chips, last_full_raise: Chips, all_in_to: Chips) -> bool {
    all_in_to >= reopening_line(previous_bet, last_full_raise)
}

fn ruling(
    action: Action,
    total_in_front: Chips,
    put_total: Chips,
    min_raise_to: Chips,
    rules: Vec<Rule>,
) -> ActionRuling {
    let reopens_betting = match action {
        Action::Bet { .. } | Action::Raise { .. } => true,
        Action::AllInBet { complete, .. } | Action::AllInRaise { complete, .. } => complete,
        _ => false,
    };
    ActionRuling {
        action,
        total_in_front,
        must_add: total_in_front.saturating_sub(put_total),
        take_back: put_total.saturating_sub(total_in_front),
        min_raise_to,
        reopens_betting,
        rules,
    }
}

/// TDA 10, TDA 11, PKR4U 24, TDA 38 and PKR4U 27: what `put_in` chips (added on top of
/// `ctx.already_in`; a named amount counts the same way) count as in no limit.
///
/// - A declared raise (TDA 10: "'raise' ... of 'plus 200' ... verplicht om 1,000 te maken")
///   is at least the minimum raise; a declared raise with a single chip raises up to the
///   chip's value (TDA 11).
/// - Silent chips over the call (TDA 10, 50 % rule): an increment of at least half the last
///   full bet or raise is a raise, completed to the minimum raise; less is a call and the rest
///   comes back. After a bet of 500: 800 is a raise to 1,000, 700 a call of 500.
/// - A single chip without a declaration is a call whatever its value, unless it opens the
///   betting, when it is a bet of its value (PKR4U 24, TDA 11).
/// - All of the stack pushed (or more named) is all-in; an incomplete all-in raise is allowed.
/// - A locked player (TDA 38, PKR4U 27) can only call: anything beyond comes back.
/// - An opening bet below the minimum bet is brought up to it.
pub fn interpret_action(
    ctx: BettingContext,
    put_in: Chips,
    kind: PutInKind,
) -> Result<ActionRuling, CalcError> {
    let bet = ctx.current_bet;
    let min_step = ctx.last_full_raise;
    let already = ctx.already_in;
    let stack = ctx.stack;
    non_negative("current_bet", bet)?;
    non_negative("last_full_raise", min_step)?;
    non_negative("already_in", already)?;
    non_negative("stack", stack)?;
    non_negative("put_in", put_in)?;
    if min_step.0 == 0 {
        return Err(CalcError::InvalidMinimumBet);
    }
    if already > bet {
        return Err(CalcError::InFrontAboveBet);
    }
    if stack.0 == 0 {
        return Err(CalcError::NoChipsBehind);
    }
    let put_in = match kind {
        PutInKind::VerbalAmount => put_in.min(stack),
        _ if put_in > stack => return Err(CalcError::PutInExceedsStack { put_in, stack }),
        _ => put_in,
    };
    let put_total = add(already, put_in)?;
    let all_in_total = add(already, stack)?;
    let min_raise_to = add(bet, min_step)?;
    let opening = bet.0 == 0;
    let declared = ctx.raise_declared;
    let mut rules = Vec::new();

    if put_in.0 == 0 && !declared {
        if bet == already {
            return Ok(ruling(
                Action::Check,
                already,
                put_total,
                min_raise_to,
                rules,
            ));
        }
        return Err(CalcError::NothingPutIn);
    }

    let target = if ctx.raise_locked {
        rules.extend([Rule::Tda38, Rule::Pkr4u27]);
        bet
    } else if kind == PutInKind::SingleChip && !declared && !opening {
        rules.extend([Rule::Pkr4u24, Rule::Tda11]);
        bet
    } else if put_in == stack {
        // Everything pushed (or named): all-in, even for an incomplete raise (TDA 10).
        all_in_total
    } else if declared {
        rules.push(if kind == PutInKind::SingleChip {
            Rule::Tda11
        } else {
            Rule::Tda10
        });
        put_total.max(min_raise_to)
    } else if opening {
        if kind == PutInKind::SingleChip {
            rules.push(Rule::Tda11);
        }
        put_total.max(min_step)
    } else if put_total <= bet {
        bet
    } else {
        rules.push(Rule::Tda10);
        let increment = put_total - bet;
        if increment.0.saturating_mul(2) >= min_step.0 {
            put_total.max(min_raise_to)
        } else {
            bet
        }
    };
    let target = target.min(all_in_total);
    let all_in = target == all_in_total;

    let action = if target > bet {
        if opening && all_in {
            Action::AllInBet {
                amount: target,
                complete: target >= min_step,
            }
        } else if opening {
            Action::Bet { amount: target }
        } else if all_in {
            let complete = reopens_betting(bet, min_step, target);
            if !complete {
                rules.extend([Rule::Tda38, Rule::Pkr4u27]);
            }
            Action::AllInRaise {
                to: target,
                complete,
            }
        } else {
            Action::Raise { to: target }
        }
    } else if all_in {
        Action::AllInCall {
            amount: target - already,
        }
    } else if target == already {
        Action::Check
    } else if put_total < target {
        rules.push(Rule::Pkr4u2);
        Action::Undercall {
            call: target - already,
            short_by: target - put_total,
        }
    } else {
        Action::Call {
            amount: target - already,
        }
    };
    rules.dedup();
    Ok(ruling(action, target, put_total, min_raise_to, rules))
}

// ---------------------------------------------------------------------------------------------
// Who may still raise: a betting round replayed
// ---------------------------------------------------------------------------------------------

/// A player at the start of a betting round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RoundSeat {
    /// Chips already in front (the blinds before the flop, otherwise 0).
    #[serde(default)]
    pub in_front: Chips,
    /// Already all-in (from a blind or an earlier round).
    #[serde(default)]
    pub all_in: bool,
}

/// One action in a betting round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "act")]
pub enum Act {
    /// Fold.
    #[serde(rename = "fold")]
    Fold,
    /// Check (nothing to call).
    #[serde(rename = "check")]
    Check,
    /// Call the current bet.
    #[serde(rename = "call")]
    Call,
    /// Bet or raise to a total of `to`, not all-in; at least the minimum raise.
    #[serde(rename = "bet_or_raise_to")]
    BetOrRaiseTo {
        /// The player's total in front.
        to: Chips,
    },
    /// All-in, for a total in front of `to` (a call, a call for less or a raise).
    #[serde(rename = "all_in")]
    AllIn {
        /// The player's total in front.
        to: Chips,
    },
}

/// An action by the player at index `seat` of [`BettingRound::seats`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RoundAction {
    /// Index into the round's seats.
    pub seat: usize,
    /// What the player did.
    pub act: Act,
}

/// A betting round so far: the players at its start and the actions in the order they came.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BettingRound {
    /// The big blind: the minimum bet and the first full raise size.
    pub big_blind: Chips,
    /// Before the flop the big blind is the bet to call from the start.
    #[serde(default)]
    pub preflop: bool,
    /// The players in the hand at the start of the round.
    pub seats: Vec<RoundSeat>,
    /// The actions so far.
    #[serde(default)]
    pub actions: Vec<RoundAction>,
}

/// Whether a player may still raise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "right")]
pub enum RaiseRight {
    /// Out of the hand.
    #[serde(rename = "folded")]
    Folded,
    /// All-in: no more action.
    #[serde(rename = "all_in")]
    AllIn,
    /// Has not acted since the betting was last opened to them: may call, raise or fold.
    #[serde(rename = "may_raise")]
    MayRaise,
    /// TDA 38, PKR4U 27: acted already and faces only an incomplete all-in; may call or fold,
    /// and may raise again only once the bet reaches `released_at`.
    #[serde(rename = "call_or_fold_only")]
    CallOrFoldOnly {
        /// The bet that would give the player the right to raise again.
        released_at: Chips,
    },
    /// Acted and matched the current bet: acts again only if someone raises.
    #[serde(rename = "matched")]
    Matched,
}

/// One player's position in the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SeatStatus {
    /// Chips in front this round.
    pub in_front: Chips,
    /// Chips needed to call.
    pub to_call: Chips,
    /// Whether they may still raise.
    pub right: RaiseRight,
}

/// Where a betting round stands: the bet, the minimum raise and who may still raise.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RoundStatus {
    /// The bet to call.
    pub current_bet: Chips,
    /// The size of the last full bet or raise (the big blind if none).
    pub last_full_raise: Chips,
    /// The smallest total of a full raise (or bet) now.
    pub min_raise_to: Chips,
    /// Every player, in the order of [`BettingRound::seats`].
    pub seats: Vec<SeatStatus>,
    /// Nobody has to act any more in this round.
    pub betting_closed: bool,
}

impl RoundStatus {
    /// The [`BettingContext`] for the player at `seat` with `stack` behind, for
    /// [`interpret_action`].
    pub fn context_for(
        &self,
        seat: usize,
        stack: Chips,
        raise_declared: bool,
    ) -> Result<BettingContext, CalcError> {
        let status = self
            .seats
            .get(seat)
            .ok_or(CalcError::UnknownSeat { seat })?;
        Ok(BettingContext {
            current_bet: self.current_bet,
            last_full_raise: self.last_full_raise,
            already_in: status.in_front,
            stack,
            raise_declared,
            raise_locked: matches!(status.right, RaiseRight::CallOrFoldOnly { .. }),
        })
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Standing {
    Open,
    Acted,
    Locked { released_at: Chips },
}

#[derive(Clone, Copy)]
struct SeatState {
    in_front: Chips,
    folded: bool,
    all_in: bool,
    standing: Standing,
}

struct Replay {
    bet: Chips,
    last_full_raise: Chips,
    seats: Vec<SeatState>,
}

impl Replay {
    fn apply(&mut self, action: RoundAction) -> Result<(), CalcError> {
        let seat = action.seat;
        let state = *self
            .seats
            .get(seat)
            .ok_or(CalcError::UnknownSeat { seat })?;
        if state.folded || state.all_in {
            return Err(CalcError::SeatCannotAct { seat });
        }
        let locked = matches!(state.standing, Standing::Locked { .. });
        match action.act {
            Act::Fold => self.seats[seat].folded = true,
            Act::Check => {
                if state.in_front != self.bet {
                    return Err(CalcError::CheckFacingBet { seat });
                }
                self.seats[seat].standing = Standing::Acted;
            }
            Act::Call => {
                self.seats[seat].in_front = self.bet;
                self.seats[seat].standing = Standing::Acted;
            }
            Act::BetOrRaiseTo { to } => {
                non_negative("to", to)?;
                if locked {
                    return Err(CalcError::RaiseNotAllowed { seat });
                }
                let min_raise_to = add(self.bet, self.last_full_raise)?;
                if to < min_raise_to {
                    return Err(CalcError::RaiseTooSmall { seat, min_raise_to });
                }
                self.full_raise(seat, to);
            }
            Act::AllIn { to } => {
                non_negative("to", to)?;
                if to <= state.in_front {
                    return Err(CalcError::AllInNotAboveInFront { seat });
                }
                if to > self.bet && locked {
                    return Err(CalcError::RaiseNotAllowed { seat });
                }
                if to <= self.bet {
                    self.seats[seat].in_front = to;
                    self.seats[seat].standing = Standing::Acted;
                } else if reopens_betting(self.bet, self.last_full_raise, to) {
                    self.full_raise(seat, to);
                } else {
                    self.incomplete_all_in(seat, to);
                }
                self.seats[seat].all_in = true;
            }
        }
        Ok(())
    }

    /// A full bet or raise reopens the betting for everyone who acted; a player locked by
    /// PKR4U 27 is released only once the bet reaches their release line ("een dubbele of
    /// grotere inzet ... dan het bedrag van de vorige inzet").
    fn full_raise(&mut self, seat: usize, to: Chips) {
        self.last_full_raise = to - self.bet;
        for (i, other) in self.seats.iter_mut().enumerate() {
            if i == seat {
                continue;
            }
            other.standing = match other.standing {
                Standing::Acted => Standing::Open,
                Standing::Locked { released_at } if to >= released_at => Standing::Open,
                kept => kept,
            };
        }
        self.bet = to;
        self.seats[seat].in_front = to;
        self.seats[seat].standing = Standing::Acted;
    }

    /// TDA 38, PKR4U 27: an incomplete all-in locks the bet for those who already acted (they
    /// may raise again only when the bet reaches a full raise, at least double, over the bet
    /// they acted on); those who have not spoken yet are not affected. It may release players
    /// locked earlier at a lower bet.
    fn incomplete_all_in(&mut self, seat: usize, to: Chips) {
        let line = reopening_line(self.bet, self.last_full_raise);
        for (i, other) in self.seats.iter_mut().enumerate() {
            if i == seat {
                continue;
            }
            other.standing = match other.standing {
                Standing::Acted => Standing::Locked { released_at: line },
                Standing::Locked { released_at } if to >= released_at => Standing::Open,
                kept => kept,
            };
        }
        self.bet = to;
        self.seats[seat].in_front = to;
    }
}

/// TDA 38 and PKR4U 27 (with TDA 10 for the minimum raise): replays a betting round and says,
/// for each player, whether they may still raise. After a bet of 500 and an all-in to 600, the
/// bettor may only call or fold (released at 1,000), while players who have not acted may
/// raise (to at least 1,100). Per PKR4U 27 a lock binds "alle spelers die al actie hebben
/// gehad" (everyone who already acted on the bet) and is lifted when a player it did not bind
/// brings the bet to double the locked bet or more.
pub fn raise_rights(round: &BettingRound) -> Result<RoundStatus, CalcError> {
    non_negative("big_blind", round.big_blind)?;
    if round.big_blind.0 == 0 {
        return Err(CalcError::InvalidMinimumBet);
    }
    let mut bet = if round.preflop {
        round.big_blind
    } else {
        Chips::ZERO
    };
    for seat in &round.seats {
        non_negative("in_front", seat.in_front)?;
        bet = bet.max(seat.in_front);
    }
    let mut replay = Replay {
        bet,
        last_full_raise: round.big_blind,
        seats: round
            .seats
            .iter()
            .map(|s| SeatState {
                in_front: s.in_front,
                folded: false,
                all_in: s.all_in,
                standing: Standing::Open,
            })
            .collect(),
    };
    for action in &round.actions {
        replay.apply(*action)?;
    }
    let seats: Vec<SeatStatus> = replay
        .seats
        .iter()
        .map(|s| SeatStatus {
            in_front: s.in_front,
            to_call: if s.folded || s.all_in {
                Chips::ZERO
            } else {
                replay.bet - s.in_front
            },
            right: if s.folded {
                RaiseRight::Folded
            } else if s.all_in {
                RaiseRight::AllIn
            } else {
                match s.standing {
                    Standing::Open => RaiseRight::MayRaise,
                    Standing::Acted => RaiseRight::Matched,
                    Standing::Locked { released_at } => RaiseRight::CallOrFoldOnly { released_at },
                }
            },
        })
        .collect();
    let in_hand = seats
        .iter()
        .filter(|s| s.right != RaiseRight::Folded)
        .count();
    let can_act: Vec<&SeatStatus> = seats
        .iter()
        .filter(|s| !matches!(s.right, RaiseRight::Folded | RaiseRight::AllIn))
        .collect();
    let must_act = can_act.iter().any(|s| {
        matches!(
            s.right,
            RaiseRight::MayRaise | RaiseRight::CallOrFoldOnly { .. }
        )
    });
    // Closed when nobody still owes an action, or when the last player able to bet has
    // nothing to call (everyone else is all-in or folded).
    let betting_closed = in_hand <= 1
        || !must_act
        || (can_act.len() == 1 && can_act.iter().all(|s| s.to_call.0 == 0));
    Ok(RoundStatus {
        current_bet: replay.bet,
        last_full_raise: replay.last_full_raise,
        min_raise_to: add(replay.bet, replay.last_full_raise)?,
        seats,
        betting_closed,
    })
}

// ---------------------------------------------------------------------------------------------
// Unattention bet (PKR4U 2)
// ---------------------------------------------------------------------------------------------

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
    /// all-in missed bet locked them is [`raise_rights`]' question).
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

// ---------------------------------------------------------------------------------------------
// Chip race (TDA 2)
// ---------------------------------------------------------------------------------------------

/// One player's part in a chip race.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RaceSeat {
    /// Big chips the player gets by exchanging whole sets of small chips (no race).
    pub coloured_up: u32,
    /// Small chips left over: the player gets one card for each.
    pub odd_chips: u32,
}

/// The chip race at one table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ChipRace {
    /// Big chips raced for.
    pub chips_to_race: u32,
    /// Players who take part (those with odd chips).
    pub entrants: u32,
    /// Value of all the odd chips at the table.
    pub odd_value: Chips,
    /// Every player, in the order given.
    pub seats: Vec<RaceSeat>,
}

fn race_ratio(small: Chips, big: Chips) -> Result<u64, CalcError> {
    if small.0 <= 0 || big.0 <= small.0 || big.0 % small.0 != 0 {
        return Err(CalcError::InvalidDenominations);
    }
    u64::try_from(big.0 / small.0).map_err(|_| CalcError::InvalidDenominations)
}

/// TDA 2: the chip race when the `small` chip leaves play for the `big` one. `small_chips` is
/// each player's count of small chips; whole sets are exchanged first and only the odd chips
/// race. The odd value is rounded normally (half up) to whole big chips: ten 25-chips at a
/// table (250) race for three 100-chips. Each player wins at most one chip; cards are dealt
/// from seat 1, one per odd chip, the highest by suit order winning.
pub fn chip_race(small_chips: &[u32], small: Chips, big: Chips) -> Result<ChipRace, CalcError> {
    let ratio = race_ratio(small, big)?;
    let mut seats = Vec::with_capacity(small_chips.len());
    let mut odd_total: u128 = 0;
    let mut entrants: u32 = 0;
    for &count in small_chips {
        let count = u64::from(count);
        let coloured_up = u32::try_from(count / ratio).map_err(|_| CalcError::Overflow)?;
        let odd_chips = u32::try_from(count % ratio).map_err(|_| CalcError::Overflow)?;
        odd_total += u128::from(odd_chips);
        if odd_chips > 0 {
            entrants = entrants.checked_add(1).ok_or(CalcError::Overflow)?;
        }
        seats.push(RaceSeat {
            coloured_up,
            odd_chips,
        });
    }
    let ratio = u128::from(ratio);
    let rounded = (2 * odd_total + ratio) / (2 * ratio);
    // Each entrant holds under one big chip's worth, so the rounded count never exceeds them;
    // the `min` keeps "one chip at most per player" true by construction.
    let chips_to_race = u32::try_from(rounded)
        .map_err(|_| CalcError::Overflow)?
        .min(entrants);
    let small_value = i128::from(small.0);
    let odd_value =
        chips_from_i128(i128::try_from(odd_total).map_err(|_| CalcError::Overflow)? * small_value)?;
    Ok(ChipRace {
        chips_to_race,
        entrants,
        odd_value,
        seats,
    })
}

/// One player's result after the chip race.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RaceOutcome {
    /// Stack before: the small chips plus everything else.
    pub before: Chips,
    /// Stack after, with no small chips left.
    pub after: Chips,
    /// `after - before`: odd chips lost, or a big chip won.
    pub change: Chips,
    /// Big chips handed over: the exchange, plus a chip won or given.
    pub big_chips_received: u32,
    /// Won a chip in the race.
    pub won_race: bool,
    /// Lost the race with nothing else left, so was given one chip (TDA 2: nobody busts).
    pub protected: bool,
}

/// The chip race with its results.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ChipRaceSettlement {
    /// The race itself.
    pub race: ChipRace,
    /// Every player, in the order given.
    pub outcomes: Vec<RaceOutcome>,
}

/// TDA 2: settles a chip race given its winners (indices into `small_chips`, one per chip
/// raced) and each player's `other_chips` (the value of their stack besides the small chips).
/// Winners get one big chip each, never more; a player left with nothing but odd chips who
/// loses still gets one chip of the smallest denomination left in play (`big`), so nobody
/// busts in a chip race.
pub fn settle_chip_race(
    small_chips: &[u32],
    winners: &[usize],
    small: Chips,
    big: Chips,
    other_chips: &[Chips],
) -> Result<ChipRaceSettlement, CalcError> {
    if other_chips.len() != small_chips.len() {
        return Err(CalcError::LengthMismatch);
    }
    for &other in other_chips {
        non_negative("other_chips", other)?;
    }
    let race = chip_race(small_chips, small, big)?;
    let expected = race.chips_to_race;
    if usize::try_from(expected) != Ok(winners.len()) {
        return Err(CalcError::WrongWinnerCount {
            expected,
            got: winners.len(),
        });
    }
    let mut won = vec![false; small_chips.len()];
    for &seat in winners {
        let entry = race
            .seats
            .get(seat)
            .ok_or(CalcError::UnknownSeat { seat })?;
        if entry.odd_chips == 0 {
            return Err(CalcError::WinnerNotInRace { seat });
        }
        if won[seat] {
            return Err(CalcError::DuplicateWinner { seat });
        }
        won[seat] = true;
    }
    let small_value = i128::from(small.0);
    let big_value = i128::from(big.0);
    let mut outcomes = Vec::with_capacity(race.seats.len());
    for ((seat, &count), (&other, &won_race)) in race
        .seats
        .iter()
        .zip(small_chips)
        .zip(other_chips.iter().zip(&won))
    {
        let protected = !won_race && seat.odd_chips > 0 && seat.coloured_up == 0 && other.0 == 0;
        let race_chip = u32::from(won_race || protected);
        let big_chips_received = seat
            .coloured_up
            .checked_add(race_chip)
            .ok_or(CalcError::Overflow)?;
        let before = i128::from(other.0) + i128::from(count) * small_value;
        let after = i128::from(other.0) + i128::from(big_chips_received) * big_value;
        outcomes.push(RaceOutcome {
            before: chips_from_i128(before)?,
            after: chips_from_i128(after)?,
            change: chips_from_i128(after - before)?,
            big_chips_received,
            won_race,
            protected,
        });
    }
    Ok(ChipRaceSettlement { race, outcomes })
}

// ---------------------------------------------------------------------------------------------
// Cancelled hand (PKR4U 30)
// ---------------------------------------------------------------------------------------------

/// PKR4U 30: when the deck and muck were gathered before the board was complete and the deck
/// cannot be restored with certainty, the hand is cancelled and "de chips worden aan elke
/// speler die ze heeft gespeeld terug gegeven": every player gets back exactly what they put
/// in (blinds and ante included), nothing goes to the pot.
pub fn cancelled_hand_refunds(contributions: &[Chips]) -> Result<Vec<Chips>, CalcError> {
    for &amount in contributions {
        non_negative("contribution", amount)?;
    }
    Ok(contributions.to_vec())
}

/// PKR4U 30: the total to hand back, checked against the chips counted on the table (pot and
/// bets in front); a difference means a contribution was entered wrongly.
pub fn check_refund_total(contributions: &[Chips], counted: Chips) -> Result<Chips, CalcError> {
    non_negative("counted", counted)?;
    let mut total = Chips::ZERO;
    for &amount in &cancelled_hand_refunds(contributions)? {
        total = add(total, amount)?;
    }
    if total != counted {
        return Err(CalcError::PotMismatch {
            expected: total,
            counted,
        });
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn c(n: i64) -> Chips {
        Chips(n)
    }

    // --- PKR4U 16 -----------------------------------------------------------------------------

    #[test]
    fn pkr4u_16_full_ante_with_six_or_more() {
        assert_eq!(ante_for_table(c(100), 6), c(100));
        assert_eq!(ante_for_table(c(100), 10), c(100));
    }

    #[test]
    fn pkr4u_16_half_ante_with_five_four_or_three() {
        for players in [3, 4, 5] {
            assert_eq!(ante_for_table(c(100), players), c(50));
        }
    }

    #[test]
    fn pkr4u_16_odd_ante_halves_rounding_half_up() {
        assert_eq!(ante_for_table(c(25), 5), c(13));
        assert_eq!(ante_for_table(c(1), 3), c(1));
    }

    #[test]
    fn pkr4u_16_no_ante_heads_up_or_alone() {
        assert_eq!(ante_for_table(c(100), 2), Chips::ZERO);
        assert_eq!(ante_for_table(c(100), 1), Chips::ZERO);
        assert_eq!(ante_for_table(c(100), 0), Chips::ZERO);
        assert_eq!(ante_for_table(c(-100), 9), Chips::ZERO);
    }

    // --- PKR4U 17 -----------------------------------------------------------------------------

    #[test]
    fn pkr4u_17_big_blind_first_rest_to_ante() {
        let p = short_big_blind(c(250), c(200), c(200)).unwrap();
        assert_eq!(
            p,
            BlindPosting {
                big_blind_paid: c(200),
                ante_paid: c(50),
                all_in: true,
                remaining: Chips::ZERO
            }
        );
        let p = short_big_blind(c(150), c(200), c(200)).unwrap();
        assert_eq!(
            (p.big_blind_paid, p.ante_paid, p.all_in),
            (c(150), Chips::ZERO, true)
        );
    }

    #[test]
    fn pkr4u_17_covered_blind_and_ante_is_not_all_in() {
        let p = short_big_blind(c(1000), c(200), c(200)).unwrap();
        assert_eq!(
            (p.big_blind_paid, p.ante_paid, p.all_in),
            (c(200), c(200), false)
        );
        assert_eq!(p.remaining, c(600));
        let p = short_big_blind(c(400), c(200), c(200)).unwrap();
        assert!(p.all_in);
    }

    #[test]
    fn pkr4u_17_rejects_bad_input() {
        assert_eq!(
            short_big_blind(c(-1), c(200), c(0)).unwrap_err().code(),
            "CALC_NEGATIVE_AMOUNT"
        );
        assert_eq!(
            short_big_blind(c(0), c(200), c(0)).unwrap_err().code(),
            "CALC_NO_CHIPS_BEHIND"
        );
    }

    // --- TDA 10 / TDA 11 / PKR4U 24 -------------------------------------------------------------

    fn facing(bet: i64) -> BettingContext {
        BettingContext {
            current_bet: c(bet),
            last_full_raise: c(bet),
            already_in: Chips::ZERO,
            stack: c(10_000),
            raise_declared: false,
            raise_locked: false,
        }
    }

    #[test]
    fn tda_10_seed_800_silently_over_500_is_a_raise_to_1000() {
        let r = interpret_action(facing(500), c(800), PutInKind::MultipleChips).unwrap();
        assert_eq!(r.action, Action::Raise { to: c(1000) });
        assert_eq!(
            (r.must_add, r.take_back, r.min_raise_to),
            (c(200), Chips::ZERO, c(1000))
        );
        assert!(r.reopens_betting);
        assert!(r.rules.contains(&Rule::Tda10));
    }

    #[test]
    fn tda_10_seed_700_silently_over_500_is_a_call_of_500() {
        let r = interpret_action(facing(500), c(700), PutInKind::MultipleChips).unwrap();
        assert_eq!(r.action, Action::Call { amount: c(500) });
        assert_eq!((r.total_in_front, r.take_back), (c(500), c(200)));
        assert!(!r.reopens_betting);
    }

    #[test]
    fn tda_10_seed_declared_raise_with_700_must_make_1000() {
        let ctx = BettingContext {
            raise_declared: true,
            ..facing(500)
        };
        let r = interpret_action(ctx, c(700), PutInKind::MultipleChips).unwrap();
        assert_eq!(r.action, Action::Raise { to: c(1000) });
        assert_eq!(r.must_add, c(300));
    }

    #[test]
    fn tda_10_seed_saying_700_is_only_a_call() {
        let r = interpret_action(facing(500), c(700), PutInKind::VerbalAmount).unwrap();
        assert_eq!(r.action, Action::Call { amount: c(500) });
    }

    #[test]
    fn tda_10_exactly_half_the_raise_counts_as_a_raise() {
        let r = interpret_action(facing(500), c(750), PutInKind::MultipleChips).unwrap();
        assert_eq!(r.action, Action::Raise { to: c(1000) });
        let r = interpret_action(facing(500), c(749), PutInKind::MultipleChips).unwrap();
        assert_eq!(r.action, Action::Call { amount: c(500) });
    }

    #[test]
    fn tda_10_half_of_the_last_raise_not_of_the_bet() {
        // Blinds 50/100, raised to 300 (a raise of 200): 400 silently adds 100 = half of 200.
        let ctx = BettingContext {
            current_bet: c(300),
            last_full_raise: c(200),
            ..facing(0)
        };
        let r = interpret_action(ctx, c(400), PutInKind::MultipleChips).unwrap();
        assert_eq!(r.action, Action::Raise { to: c(500) });
    }

    #[test]
    fn tda_10_a_raise_the_stack_cannot_complete_is_all_in() {
        let ctx = BettingContext {
            stack: c(800),
            ..facing(500)
        };
        let r = interpret_action(ctx, c(800), PutInKind::MultipleChips).unwrap();
        assert_eq!(
            r.action,
            Action::AllInRaise {
                to: c(800),
                complete: false
            }
        );
        assert!(!r.reopens_betting);
        let ctx = BettingContext {
            stack: c(900),
            ..facing(500)
        };
        let r = interpret_action(ctx, c(800), PutInKind::MultipleChips).unwrap();
        assert_eq!(
            r.action,
            Action::AllInRaise {
                to: c(900),
                complete: false
            }
        );
        assert_eq!(r.must_add, c(100));
    }

    #[test]
    fn pkr4u_24_tda_11_seed_single_oversized_chip_is_a_call() {
        let r = interpret_action(facing(500), c(5000), PutInKind::SingleChip).unwrap();
        assert_eq!(r.action, Action::Call { amount: c(500) });
        assert_eq!(r.take_back, c(4500));
        assert!(r.rules.contains(&Rule::Pkr4u24) && r.rules.contains(&Rule::Tda11));
    }

    #[test]
    fn pkr4u_24_extra_chip_after_chips_in_front_is_a_call() {
        // Big blind 200 already in, facing a raise to 600: one 1,000 chip is a call.
        let ctx = BettingContext {
            current_bet: c(600),
            last_full_raise: c(400),
            already_in: c(200),
            ..facing(0)
        };
        let r = interpret_action(ctx, c(1000), PutInKind::SingleChip).unwrap();
        assert_eq!(r.action, Action::Call { amount: c(400) });
        assert_eq!((r.total_in_front, r.take_back), (c(600), c(600)));
    }

    #[test]
    fn pkr4u_24_chip_added_after_a_call_in_the_same_motion_is_still_a_call() {
        // 500 called, then one 1,000 chip added without a word: still a call of 500.
        let r = interpret_action(facing(500), c(1500), PutInKind::SingleChip).unwrap();
        assert_eq!(
            (r.action, r.take_back),
            (Action::Call { amount: c(500) }, c(1000))
        );
    }

    #[test]
    fn pkr4u_24_single_chip_opening_is_a_bet_of_its_value() {
        let ctx = BettingContext {
            current_bet: c(0),
            last_full_raise: c(200),
            ..facing(0)
        };
        let r = interpret_action(ctx, c(1000), PutInKind::SingleChip).unwrap();
        assert_eq!(r.action, Action::Bet { amount: c(1000) });
    }

    #[test]
    fn tda_11_declared_raise_with_single_chip_raises_to_its_value() {
        let ctx = BettingContext {
            raise_declared: true,
            ..facing(500)
        };
        let r = interpret_action(ctx, c(5000), PutInKind::SingleChip).unwrap();
        assert_eq!(r.action, Action::Raise { to: c(5000) });
        let r = interpret_action(ctx, c(600), PutInKind::SingleChip).unwrap();
        assert_eq!(r.action, Action::Raise { to: c(1000) });
    }

    #[test]
    fn big_blind_option_single_chip_is_a_check() {
        let ctx = BettingContext {
            current_bet: c(200),
            last_full_raise: c(200),
            already_in: c(200),
            ..facing(0)
        };
        let r = interpret_action(ctx, c(1000), PutInKind::SingleChip).unwrap();
        assert_eq!((r.action, r.take_back), (Action::Check, c(1000)));
        let r = interpret_action(ctx, c(200), PutInKind::MultipleChips).unwrap();
        assert_eq!(r.action, Action::Raise { to: c(400) });
    }

    #[test]
    fn opening_bet_below_minimum_is_brought_up() {
        let ctx = BettingContext {
            current_bet: c(0),
            last_full_raise: c(200),
            ..facing(0)
        };
        let r = interpret_action(ctx, c(150), PutInKind::MultipleChips).unwrap();
        assert_eq!(
            (r.action, r.must_add),
            (Action::Bet { amount: c(200) }, c(50))
        );
        let r = interpret_action(ctx, Chips::ZERO, PutInKind::MultipleChips).unwrap();
        assert_eq!(r.action, Action::Check);
    }

    #[test]
    fn put_in_short_of_the_call_is_an_undercall_pkr4u_2() {
        let r = interpret_action(facing(500), c(300), PutInKind::MultipleChips).unwrap();
        assert_eq!(
            r.action,
            Action::Undercall {
                call: c(500),
                short_by: c(200)
            }
        );
        assert_eq!(r.must_add, c(200));
        assert!(r.rules.contains(&Rule::Pkr4u2));
    }

    #[test]
    fn all_in_for_less_than_the_call() {
        let ctx = BettingContext {
            stack: c(300),
            ..facing(500)
        };
        let r = interpret_action(ctx, c(300), PutInKind::MultipleChips).unwrap();
        assert_eq!(r.action, Action::AllInCall { amount: c(300) });
        let r = interpret_action(ctx, c(9000), PutInKind::VerbalAmount).unwrap();
        assert_eq!(r.action, Action::AllInCall { amount: c(300) });
    }

    #[test]
    fn tda_38_pkr4u_27_locked_player_can_only_call() {
        let ctx = BettingContext {
            current_bet: c(600),
            last_full_raise: c(500),
            already_in: c(500),
            raise_locked: true,
            raise_declared: true,
            ..facing(0)
        };
        let r = interpret_action(ctx, c(2000), PutInKind::MultipleChips).unwrap();
        assert_eq!(r.action, Action::Call { amount: c(100) });
        assert_eq!(r.take_back, c(1900));
        assert!(r.rules.contains(&Rule::Pkr4u27));
    }

    #[test]
    fn interpret_action_rejects_bad_input() {
        let code = |ctx: BettingContext, put: i64| {
            interpret_action(ctx, c(put), PutInKind::MultipleChips)
                .unwrap_err()
                .code()
        };
        assert_eq!(code(facing(500), -1), "CALC_NEGATIVE_AMOUNT");
        assert_eq!(code(facing(500), 20_000), "CALC_PUT_IN_EXCEEDS_STACK");
        assert_eq!(code(facing(500), 0), "CALC_NOTHING_PUT_IN");
        assert_eq!(
            code(
                BettingContext {
                    last_full_raise: c(0),
                    ..facing(500)
                },
                1
            ),
            "CALC_INVALID_MINIMUM_BET"
        );
        assert_eq!(
            code(
                BettingContext {
                    already_in: c(600),
                    ..facing(500)
                },
                1
            ),
            "CALC_IN_FRONT_ABOVE_BET"
        );
        assert_eq!(
            code(
                BettingContext {
                    stack: c(0),
                    ..facing(500)
                },
                0
            ),
            "CALC_NO_CHIPS_BEHIND"
        );
    }

    // --- TDA 38 / PKR4U 27 ----------------------------------------------------------------------

    #[test]
    fn tda_38_seed_all_in_600_over_500_does_not_reopen() {
        assert!(!reopens_betting(c(500), c(500), c(600)));
        // TDA 2004's 50 % line (750) is not enough either: the club locks below double.
        assert!(!reopens_betting(c(500), c(500), c(750)));
        assert!(!reopens_betting(c(500), c(500), c(999)));
        assert!(reopens_betting(c(500), c(500), c(1000)));
    }

    #[test]
    fn pkr4u_27_locks_below_double_where_tda_would_reopen() {
        // Blinds 50/100, raised to 300 (raise 200): an all-in to 550 is a TDA full raise
        // (300 + 200 = 500) but under double 300, so the club locks it.
        assert!(!reopens_betting(c(300), c(200), c(550)));
        assert!(reopens_betting(c(300), c(200), c(600)));
    }

    fn postflop(players: usize, actions: Vec<(usize, Act)>) -> BettingRound {
        BettingRound {
            big_blind: c(100),
            preflop: false,
            seats: vec![RoundSeat::default(); players],
            actions: actions
                .into_iter()
                .map(|(seat, act)| RoundAction { seat, act })
                .collect(),
        }
    }

    #[test]
    fn tda_38_seed_who_may_raise_after_500_and_all_in_600() {
        let round = postflop(
            3,
            vec![
                (0, Act::BetOrRaiseTo { to: c(500) }),
                (1, Act::AllIn { to: c(600) }),
            ],
        );
        let s = raise_rights(&round).unwrap();
        assert_eq!(
            (s.current_bet, s.last_full_raise, s.min_raise_to),
            (c(600), c(500), c(1100))
        );
        assert_eq!(
            s.seats[0].right,
            RaiseRight::CallOrFoldOnly {
                released_at: c(1000)
            }
        );
        assert_eq!(s.seats[0].to_call, c(100));
        assert_eq!(s.seats[1].right, RaiseRight::AllIn);
        assert_eq!(s.seats[2].right, RaiseRight::MayRaise);
        assert!(!s.betting_closed);
        // The bettor's chips are read as a call whatever they push.
        let ctx = s.context_for(0, c(5000), false).unwrap();
        let r = interpret_action(ctx, c(2000), PutInKind::MultipleChips).unwrap();
        assert_eq!(r.action, Action::Call { amount: c(100) });
        // The player who has not acted may raise, to at least 1,100.
        let ctx = s.context_for(2, c(5000), true).unwrap();
        let r = interpret_action(ctx, c(700), PutInKind::MultipleChips).unwrap();
        assert_eq!(r.action, Action::Raise { to: c(1100) });
    }

    #[test]
    fn tda_38_locked_bettor_cannot_raise_after_a_call() {
        let round = postflop(
            3,
            vec![
                (0, Act::BetOrRaiseTo { to: c(500) }),
                (1, Act::AllIn { to: c(600) }),
                (2, Act::Call),
            ],
        );
        let s = raise_rights(&round).unwrap();
        assert_eq!(
            s.seats[0].right,
            RaiseRight::CallOrFoldOnly {
                released_at: c(1000)
            }
        );
        assert_eq!(s.seats[2].right, RaiseRight::Matched);
        let mut more = round.clone();
        more.actions.push(RoundAction {
            seat: 0,
            act: Act::BetOrRaiseTo { to: c(1100) },
        });
        assert_eq!(
            raise_rights(&more).unwrap_err().code(),
            "CALC_RAISE_NOT_ALLOWED"
        );
        let mut done = round;
        done.actions.push(RoundAction {
            seat: 0,
            act: Act::Call,
        });
        assert!(raise_rights(&done).unwrap().betting_closed);
    }

    #[test]
    fn pkr4u_27_full_raise_by_an_unaffected_player_releases_the_lock() {
        let round = postflop(
            3,
            vec![
                (0, Act::BetOrRaiseTo { to: c(500) }),
                (1, Act::AllIn { to: c(600) }),
                (2, Act::BetOrRaiseTo { to: c(1100) }),
            ],
        );
        let s = raise_rights(&round).unwrap();
        assert_eq!(s.seats[0].right, RaiseRight::MayRaise);
        assert_eq!(s.min_raise_to, c(1600));
    }

    #[test]
    fn pkr4u_27_unaffected_all_in_releases_only_at_double_the_locked_bet() {
        let locked = postflop(
            4,
            vec![
                (0, Act::BetOrRaiseTo { to: c(500) }),
                (1, Act::AllIn { to: c(600) }),
                (2, Act::AllIn { to: c(900) }),
            ],
        );
        let s = raise_rights(&locked).unwrap();
        assert_eq!(
            s.seats[0].right,
            RaiseRight::CallOrFoldOnly {
                released_at: c(1000)
            }
        );
        assert_eq!(s.seats[3].right, RaiseRight::MayRaise);
        let released = postflop(
            4,
            vec![
                (0, Act::BetOrRaiseTo { to: c(500) }),
                (1, Act::AllIn { to: c(600) }),
                (2, Act::AllIn { to: c(1000) }),
            ],
        );
        let s = raise_rights(&released).unwrap();
        assert_eq!(s.seats[0].right, RaiseRight::MayRaise);
    }

    #[test]
    fn pkr4u_27_an_all_in_can_release_one_lock_and_set_another() {
        // 500 bet, all-in 600 locks seat 0; seat 3 calls 600; all-in 1,000 releases seat 0
        // (double 500) but locks seat 3, who acted on 600 (released at 1,200).
        let round = postflop(
            4,
            vec![
                (0, Act::BetOrRaiseTo { to: c(500) }),
                (1, Act::AllIn { to: c(600) }),
                (3, Act::Call),
                (2, Act::AllIn { to: c(1000) }),
            ],
        );
        let s = raise_rights(&round).unwrap();
        assert_eq!(s.seats[0].right, RaiseRight::MayRaise);
        assert_eq!(
            s.seats[3].right,
            RaiseRight::CallOrFoldOnly {
                released_at: c(1200)
            }
        );
    }

    #[test]
    fn pkr4u_27_preflop_all_in_under_double_locks_the_raiser() {
        let round = BettingRound {
            big_blind: c(100),
            preflop: true,
            seats: vec![
                RoundSeat {
                    in_front: c(50),
                    all_in: false,
                },
                RoundSeat {
                    in_front: c(100),
                    all_in: false,
                },
                RoundSeat::default(),
                RoundSeat::default(),
            ],
            actions: vec![
                RoundAction {
                    seat: 2,
                    act: Act::BetOrRaiseTo { to: c(300) },
                },
                RoundAction {
                    seat: 3,
                    act: Act::AllIn { to: c(550) },
                },
            ],
        };
        let s = raise_rights(&round).unwrap();
        assert_eq!(
            s.seats[2].right,
            RaiseRight::CallOrFoldOnly {
                released_at: c(600)
            }
        );
        assert_eq!(s.seats[0].right, RaiseRight::MayRaise);
        assert_eq!(s.seats[1].right, RaiseRight::MayRaise);
        assert_eq!(s.min_raise_to, c(750));
        // A min raise by the big blind (to 750 ≥ 600) releases the raiser.
        let mut more = round;
        more.actions.push(RoundAction {
            seat: 1,
            act: Act::BetOrRaiseTo { to: c(750) },
        });
        assert_eq!(
            raise_rights(&more).unwrap().seats[2].right,
            RaiseRight::MayRaise
        );
    }

    #[test]
    fn tda_38_short_opening_all_in_does_not_reopen_for_a_checker() {
        let round = postflop(3, vec![(0, Act::Check), (1, Act::AllIn { to: c(60) })]);
        let s = raise_rights(&round).unwrap();
        assert_eq!(
            s.seats[0].right,
            RaiseRight::CallOrFoldOnly {
                released_at: c(100)
            }
        );
        assert_eq!(s.seats[2].right, RaiseRight::MayRaise);
    }

    #[test]
    fn raise_rights_rejects_bad_sequences() {
        let code = |actions| raise_rights(&postflop(3, actions)).unwrap_err().code();
        assert_eq!(code(vec![(5, Act::Fold)]), "CALC_UNKNOWN_SEAT");
        assert_eq!(
            code(vec![(0, Act::Fold), (0, Act::Call)]),
            "CALC_SEAT_CANNOT_ACT"
        );
        assert_eq!(
            code(vec![(0, Act::BetOrRaiseTo { to: c(50) })]),
            "CALC_RAISE_TOO_SMALL"
        );
        assert_eq!(
            code(vec![(0, Act::BetOrRaiseTo { to: c(100) }), (1, Act::Check)]),
            "CALC_CHECK_FACING_BET"
        );
        assert_eq!(
            code(vec![(0, Act::AllIn { to: c(0) })]),
            "CALC_ALL_IN_NOT_ABOVE_IN_FRONT"
        );
    }

    #[test]
    fn betting_closes_when_everyone_matched() {
        let round = postflop(
            3,
            vec![
                (0, Act::BetOrRaiseTo { to: c(200) }),
                (1, Act::Call),
                (2, Act::Fold),
            ],
        );
        assert!(raise_rights(&round).unwrap().betting_closed);
        assert!(
            !raise_rights(&postflop(2, vec![(0, Act::Check)]))
                .unwrap()
                .betting_closed
        );
    }

    // --- PKR4U 2 --------------------------------------------------------------------------------

    fn missed(previous: i64, missed: i64, put_in: i64, meant: Meant) -> UnattentionInput {
        UnattentionInput {
            missed_bet: c(missed),
            previous_bet: c(previous),
            last_full_raise: c(previous.max(100)),
            already_in: Chips::ZERO,
            put_in: c(put_in),
            stack: c(10_000),
            meant,
            missed_bet_all_in: false,
            last_to_act: false,
            all_in_cards_shown: false,
        }
    }

    fn choice(ruling: UnattentionRuling) -> (PayMissedBet, Settlement) {
        match ruling {
            UnattentionRuling::Choice { pay, give_up } => (pay, give_up),
            other => panic!("expected a choice, got {other:?}"),
        }
    }

    #[test]
    fn pkr4u_2_meant_call_pays_the_missed_bet_or_gives_up_the_previous_call() {
        // Bet 200, raise to 600 not seen, 200 put in to call.
        let (pay, give_up) = choice(unattention_bet(missed(200, 600, 200, Meant::Call)).unwrap());
        assert_eq!(
            pay.call,
            Settlement {
                total_in_front: c(600),
                must_add: c(400),
                take_back: c(0)
            }
        );
        assert!(!pay.may_raise);
        assert_eq!(
            give_up,
            Settlement {
                total_in_front: c(200),
                must_add: c(0),
                take_back: c(0)
            }
        );
    }

    #[test]
    fn pkr4u_2_meant_call_with_more_than_the_previous_bet_gets_the_rest_back() {
        let (pay, give_up) = choice(unattention_bet(missed(200, 600, 250, Meant::Call)).unwrap());
        assert_eq!((pay.call.must_add, pay.call.take_back), (c(350), c(0)));
        assert_eq!(
            give_up,
            Settlement {
                total_in_front: c(200),
                must_add: c(0),
                take_back: c(50)
            }
        );
        // A single 1,000 chip meant as a call of 200 also covers the 600 it did not see.
        let (pay, give_up) = choice(unattention_bet(missed(200, 600, 1000, Meant::Call)).unwrap());
        assert_eq!(
            (pay.call.total_in_front, pay.call.take_back),
            (c(600), c(400))
        );
        assert_eq!(
            (give_up.total_in_front, give_up.take_back),
            (c(200), c(800))
        );
    }

    #[test]
    fn pkr4u_2_meant_raise_gives_up_at_least_a_min_raise_over_the_previous_bet() {
        // Bet 200 (min raise to 400), raise to 600 not seen, 300 put in meaning to raise.
        let (pay, give_up) = choice(unattention_bet(missed(200, 600, 300, Meant::Raise)).unwrap());
        assert_eq!(
            give_up,
            Settlement {
                total_in_front: c(400),
                must_add: c(100),
                take_back: c(0)
            }
        );
        assert_eq!(
            (pay.call.total_in_front, pay.call.must_add),
            (c(600), c(300))
        );
        assert!(pay.may_raise);
        assert_eq!(pay.min_raise_to, c(1000));
    }

    #[test]
    fn pkr4u_2_meant_raise_above_the_min_raise_gives_up_all_put_in() {
        let (pay, give_up) = choice(unattention_bet(missed(200, 600, 700, Meant::Raise)).unwrap());
        assert_eq!(
            give_up,
            Settlement {
                total_in_front: c(700),
                must_add: c(0),
                take_back: c(0)
            }
        );
        assert_eq!(
            (pay.call.total_in_front, pay.call.take_back),
            (c(600), c(100))
        );
    }

    #[test]
    fn pkr4u_2_meant_to_bet_into_a_missed_opening_bet() {
        // Nobody bet as far as the player saw; a bet of 300 was missed; 150 put in to bet:
        // giving up means at least the minimum bet (100 here); playing on means 300 or a raise.
        let input = UnattentionInput {
            last_full_raise: c(100),
            ..missed(0, 300, 150, Meant::Raise)
        };
        let (pay, give_up) = choice(unattention_bet(input).unwrap());
        assert_eq!(
            give_up,
            Settlement {
                total_in_front: c(150),
                must_add: c(0),
                take_back: c(0)
            }
        );
        assert_eq!((pay.call.must_add, pay.min_raise_to), (c(150), c(600)));
        let input = UnattentionInput {
            put_in: c(50),
            ..input
        };
        let (_, give_up) = choice(unattention_bet(input).unwrap());
        assert_eq!((give_up.total_in_front, give_up.must_add), (c(100), c(50)));
    }

    #[test]
    fn pkr4u_2_call_of_an_opening_bet_stands() {
        let r = unattention_bet(missed(0, 300, 100, Meant::Call)).unwrap();
        assert_eq!(
            r,
            UnattentionRuling::CallStands {
                reason: CallStandsReason::OpeningBet,
                call: Settlement {
                    total_in_front: c(300),
                    must_add: c(200),
                    take_back: c(0)
                },
            }
        );
    }

    #[test]
    fn pkr4u_2_last_to_act_against_a_shown_all_in_must_call() {
        let input = UnattentionInput {
            missed_bet_all_in: true,
            last_to_act: true,
            all_in_cards_shown: true,
            ..missed(200, 800, 200, Meant::Call)
        };
        let r = unattention_bet(input).unwrap();
        assert_eq!(
            r,
            UnattentionRuling::CallStands {
                reason: CallStandsReason::AllInShown,
                call: Settlement {
                    total_in_front: c(800),
                    must_add: c(600),
                    take_back: c(0)
                },
            }
        );
        // Not shown yet, or not last to act: the player still has the choice.
        let not_shown = UnattentionInput {
            all_in_cards_shown: false,
            ..input
        };
        assert!(matches!(
            unattention_bet(not_shown).unwrap(),
            UnattentionRuling::Choice { .. }
        ));
        let not_last = UnattentionInput {
            last_to_act: false,
            ..input
        };
        assert!(matches!(
            unattention_bet(not_last).unwrap(),
            UnattentionRuling::Choice { .. }
        ));
    }

    #[test]
    fn pkr4u_2_short_stack_pays_all_in_for_less() {
        let input = UnattentionInput {
            stack: c(400),
            ..missed(200, 600, 200, Meant::Call)
        };
        let (pay, _) = choice(unattention_bet(input).unwrap());
        assert_eq!(
            (pay.call.total_in_front, pay.call.must_add),
            (c(400), c(200))
        );
    }

    #[test]
    fn pkr4u_2_big_blind_already_in_counts() {
        // The big blind (100 in) missed a raise to 400 and put in 100 more meaning to raise
        // the big blind to 200: giving up means leaving the minimum raise (200 in all).
        let input = UnattentionInput {
            already_in: c(100),
            last_full_raise: c(100),
            ..missed(100, 400, 100, Meant::Raise)
        };
        let (pay, give_up) = choice(unattention_bet(input).unwrap());
        assert_eq!(
            give_up,
            Settlement {
                total_in_front: c(200),
                must_add: c(0),
                take_back: c(0)
            }
        );
        assert_eq!(
            (pay.call.total_in_front, pay.call.must_add),
            (c(400), c(200))
        );
        assert_eq!(pay.min_raise_to, c(700));
    }

    #[test]
    fn pkr4u_2_rejects_bad_input() {
        let code = |input| unattention_bet(input).unwrap_err().code();
        assert_eq!(
            code(missed(600, 600, 200, Meant::Call)),
            "CALC_MISSED_BET_NOT_ABOVE_PREVIOUS"
        );
        assert_eq!(
            code(missed(200, 600, -5, Meant::Call)),
            "CALC_NEGATIVE_AMOUNT"
        );
        assert_eq!(
            code(missed(200, 600, 20_000, Meant::Call)),
            "CALC_PUT_IN_EXCEEDS_STACK"
        );
        let input = UnattentionInput {
            already_in: c(300),
            ..missed(200, 600, 0, Meant::Call)
        };
        assert_eq!(code(input), "CALC_IN_FRONT_ABOVE_BET");
    }

    // --- TDA 2 ----------------------------------------------------------------------------------

    #[test]
    fn tda_2_seed_ten_25_chips_race_for_three_100_chips() {
        let race = chip_race(&[3, 3, 2, 1, 1, 0], c(25), c(100)).unwrap();
        assert_eq!(race.chips_to_race, 3);
        assert_eq!(race.entrants, 5);
        assert_eq!(race.odd_value, c(250));
    }

    #[test]
    fn tda_2_whole_sets_are_exchanged_before_the_race() {
        let race = chip_race(&[7, 5], c(25), c(100)).unwrap();
        assert_eq!(
            race.seats,
            vec![
                RaceSeat {
                    coloured_up: 1,
                    odd_chips: 3
                },
                RaceSeat {
                    coloured_up: 1,
                    odd_chips: 1
                },
            ]
        );
        assert_eq!(race.chips_to_race, 1);
        assert_eq!(chip_race(&[1], c(25), c(100)).unwrap().chips_to_race, 0);
        assert_eq!(chip_race(&[2], c(25), c(100)).unwrap().chips_to_race, 1);
    }

    #[test]
    fn tda_2_seed_settles_with_one_chip_per_winner_and_nobody_busts() {
        // Seat 4 has nothing but one 25 chip and loses: it still gets a 100 chip.
        let other = [c(5000), c(3000), c(2000), c(1000), Chips::ZERO, c(800)];
        let s = settle_chip_race(&[3, 3, 2, 1, 1, 0], &[0, 2, 3], c(25), c(100), &other).unwrap();
        let changes: Vec<i64> = s.outcomes.iter().map(|o| o.change.0).collect();
        assert_eq!(changes, vec![25, -75, 50, 75, 75, 0]);
        assert!(s.outcomes[4].protected && !s.outcomes[4].won_race);
        assert_eq!(s.outcomes[4].after, c(100));
        assert!(s.outcomes.iter().all(|o| o.big_chips_received <= 1));
    }

    #[test]
    fn tda_2_settle_rejects_bad_winners() {
        let other = [c(100); 6];
        let code = |winners: &[usize]| {
            settle_chip_race(&[3, 3, 2, 1, 1, 0], winners, c(25), c(100), &other)
                .unwrap_err()
                .code()
        };
        assert_eq!(code(&[0, 1]), "CALC_WRONG_WINNER_COUNT");
        assert_eq!(code(&[0, 0, 1]), "CALC_DUPLICATE_WINNER");
        assert_eq!(code(&[0, 1, 5]), "CALC_WINNER_NOT_IN_RACE");
        assert_eq!(code(&[0, 1, 9]), "CALC_UNKNOWN_SEAT");
        assert_eq!(
            settle_chip_race(&[1], &[], c(25), c(100), &[])
                .unwrap_err()
                .code(),
            "CALC_LENGTH_MISMATCH"
        );
        assert_eq!(
            chip_race(&[1], c(25), c(60)).unwrap_err().code(),
            "CALC_INVALID_DENOMINATIONS"
        );
        assert_eq!(
            chip_race(&[1], c(0), c(100)).unwrap_err().code(),
            "CALC_INVALID_DENOMINATIONS"
        );
    }

    // --- PKR4U 30 -------------------------------------------------------------------------------

    #[test]
    fn pkr4u_30_cancelled_hand_gives_everyone_their_own_chips() {
        let put = [c(600), c(1200), Chips::ZERO, c(1200)];
        assert_eq!(cancelled_hand_refunds(&put).unwrap(), put.to_vec());
        assert_eq!(check_refund_total(&put, c(3000)).unwrap(), c(3000));
        assert_eq!(
            check_refund_total(&put, c(2900)).unwrap_err(),
            CalcError::PotMismatch {
                expected: c(3000),
                counted: c(2900)
            }
        );
        assert_eq!(
            cancelled_hand_refunds(&[c(-1)]).unwrap_err().code(),
            "CALC_NEGATIVE_AMOUNT"
        );
        assert_eq!(
            check_refund_total(&[c(i64::MAX), c(1)], c(0))
                .unwrap_err()
                .code(),
            "CALC_OVERFLOW"
        );
    }

    #[test]
    fn serde_shapes_are_stable() {
        let r = interpret_action(facing(500), c(800), PutInKind::MultipleChips).unwrap();
        let json = serde_json::to_value(&r).unwrap();
        assert_eq!(
            json["action"],
            serde_json::json!({"action": "raise", "to": 1000})
        );
        assert_eq!(json["rules"], serde_json::json!(["TDA 10"]));
        let back: ActionRuling = serde_json::from_value(json).unwrap();
        assert_eq!(back, r);
        let input: UnattentionInput = serde_json::from_str(
            r#"{"missed_bet":600,"previous_bet":200,"last_full_raise":200,"put_in":200,"stack":5000,"meant":"call"}"#,
        )
        .unwrap();
        let json = serde_json::to_value(unattention_bet(input).unwrap()).unwrap();
        assert_eq!(json["ruling"], "choice");
        assert_eq!(json["give_up"]["total_in_front"], 200);
        let round: BettingRound = serde_json::from_str(
            r#"{"big_blind":100,"seats":[{},{},{}],"actions":[{"seat":0,"act":{"act":"bet_or_raise_to","to":500}},{"seat":1,"act":{"act":"all_in","to":600}}]}"#,
        )
        .unwrap();
        let json = serde_json::to_value(raise_rights(&round).unwrap()).unwrap();
        assert_eq!(
            json["seats"][0]["right"],
            serde_json::json!({"right": "call_or_fold_only", "released_at": 1000})
        );
    }

    #[test]
    fn every_error_has_a_calc_code_and_a_message() {
        let errors = [
            CalcError::NegativeAmount { field: "x".into() },
            CalcError::InvalidMinimumBet,
            CalcError::InFrontAboveBet,
            CalcError::NoChipsBehind,
            CalcError::PutInExceedsStack {
                put_in: c(2),
                stack: c(1),
            },
            CalcError::NothingPutIn,
            CalcError::MissedBetNotAbovePrevious,
            CalcError::InvalidDenominations,
            CalcError::LengthMismatch,
            CalcError::UnknownSeat { seat: 1 },
            CalcError::WrongWinnerCount {
                expected: 1,
                got: 2,
            },
            CalcError::DuplicateWinner { seat: 1 },
            CalcError::WinnerNotInRace { seat: 1 },
            CalcError::SeatCannotAct { seat: 1 },
            CalcError::CheckFacingBet { seat: 1 },
            CalcError::RaiseTooSmall {
                seat: 1,
                min_raise_to: c(2),
            },
            CalcError::RaiseNotAllowed { seat: 1 },
            CalcError::AllInNotAboveInFront { seat: 1 },
            CalcError::PotMismatch {
                expected: c(1),
                counted: c(2),
            },
            CalcError::Overflow,
        ];
        let mut codes: Vec<&str> = errors.iter().map(CalcError::code).collect();
        assert!(codes.iter().all(|code| code.starts_with("CALC_")
            && code.chars().all(|ch| ch.is_ascii_uppercase() || ch == '_')));
        assert!(errors.iter().all(|e| !e.to_string().is_empty()));
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), errors.len());
    }

    // --- Properties -----------------------------------------------------------------------------

    fn amount() -> impl Strategy<Value = Chips> {
        prop_oneof![
            4 => (0i64..20_000).prop_map(Chips),
            1 => any::<i64>().prop_map(Chips),
        ]
    }

    fn kind() -> impl Strategy<Value = PutInKind> {
        prop_oneof![
            Just(PutInKind::MultipleChips),
            Just(PutInKind::SingleChip),
            Just(PutInKind::VerbalAmount)
        ]
    }

    fn act() -> impl Strategy<Value = Act> {
        prop_oneof![
            Just(Act::Fold),
            Just(Act::Check),
            Just(Act::Call),
            amount().prop_map(|to| Act::BetOrRaiseTo { to }),
            amount().prop_map(|to| Act::AllIn { to }),
        ]
    }

    proptest! {
        /// PKR4U 16: never more than the full ante, never negative.
        #[test]
        fn prop_pkr4u_16_ante_never_exceeds_full_ante(full in any::<i64>(), players in 0usize..20) {
            let ante = ante_for_table(Chips(full), players);
            prop_assert!(ante.0 >= 0);
            prop_assert!(ante.0 <= full.max(0));
        }

        /// PKR4U 17: the posting never exceeds the stack nor what is due.
        #[test]
        fn prop_pkr4u_17_posting_never_exceeds_stack(stack in amount(), bb in amount(), ante in amount()) {
            if let Ok(p) = short_big_blind(stack, bb, ante) {
                prop_assert!(p.big_blind_paid + p.ante_paid <= stack);
                prop_assert!(p.big_blind_paid <= bb && p.ante_paid <= ante);
                prop_assert_eq!(p.big_blind_paid + p.ante_paid + p.remaining, stack);
                prop_assert!(p.ante_paid.0 == 0 || p.big_blind_paid == bb);
                prop_assert_eq!(p.all_in, p.remaining.0 == 0);
            }
        }

        /// TDA 10/11, PKR4U 24/27: no panic, chips add up, never beyond the stack, a raise is
        /// always at least the minimum unless all-in.
        #[test]
        fn prop_interpret_action_is_total_and_conserves_chips(
            bet in amount(), step in amount(), already in amount(), stack in amount(),
            put_in in amount(), kind in kind(), declared in any::<bool>(), locked in any::<bool>(),
        ) {
            let ctx = BettingContext {
                current_bet: bet, last_full_raise: step, already_in: already, stack,
                raise_declared: declared, raise_locked: locked,
            };
            if let Ok(r) = interpret_action(ctx, put_in, kind) {
                let put = put_in.min(stack);
                prop_assert!(r.total_in_front >= already);
                prop_assert!(r.total_in_front.0 - already.0 <= stack.0);
                prop_assert_eq!(put.0 + r.must_add.0 - r.take_back.0, r.total_in_front.0 - already.0);
                prop_assert!(r.must_add.0 == 0 || r.take_back.0 == 0);
                if let Action::Raise { to } = r.action {
                    prop_assert!(to >= r.min_raise_to);
                    prop_assert!(!locked);
                }
                if locked {
                    prop_assert!(r.total_in_front <= bet);
                }
            }
        }

        /// TDA 38/PKR4U 27: any action list gives a status or an error, never a panic; the
        /// minimum raise is always above the bet.
        #[test]
        fn prop_raise_rights_is_total(
            seats in proptest::collection::vec((amount(), any::<bool>()), 0..6),
            actions in proptest::collection::vec((0usize..7, act()), 0..12),
            bb in amount(), preflop in any::<bool>(),
        ) {
            let round = BettingRound {
                big_blind: bb,
                preflop,
                seats: seats.into_iter().map(|(in_front, all_in)| RoundSeat { in_front, all_in }).collect(),
                actions: actions.into_iter().map(|(seat, act)| RoundAction { seat, act }).collect(),
            };
            if let Ok(s) = raise_rights(&round) {
                prop_assert!(s.min_raise_to > s.current_bet);
                prop_assert!(s.seats.iter().all(|x| x.in_front <= s.current_bet));
            }
        }

        /// PKR4U 2: no panic; every settlement stays within the stack and adds up.
        #[test]
        fn prop_pkr4u_2_is_total_and_within_stack(
            m in amount(), p in amount(), r in amount(), a in amount(), put in amount(),
            stack in amount(), raise in any::<bool>(), flags in any::<(bool, bool, bool)>(),
        ) {
            let input = UnattentionInput {
                missed_bet: m, previous_bet: p, last_full_raise: r, already_in: a, put_in: put,
                stack, meant: if raise { Meant::Raise } else { Meant::Call },
                missed_bet_all_in: flags.0, last_to_act: flags.1, all_in_cards_shown: flags.2,
            };
            if let Ok(ruling) = unattention_bet(input) {
                let settlements = match ruling {
                    UnattentionRuling::CallStands { call, .. } => vec![call],
                    UnattentionRuling::Choice { pay, give_up } => vec![pay.call, give_up],
                };
                for s in settlements {
                    prop_assert!(s.total_in_front.0 - a.0 <= stack.0);
                    prop_assert_eq!(put.0 + s.must_add.0 - s.take_back.0, s.total_in_front.0 - a.0);
                }
            }
        }

        /// TDA 2: never more than one race chip per player, never more chips than entrants,
        /// and nobody left without a chip.
        #[test]
        fn prop_tda_2_chip_race_gives_at_most_one_chip(
            counts in proptest::collection::vec(0u32..12, 0..10),
            others in proptest::collection::vec(prop_oneof![Just(0i64), 1i64..10_000], 10),
            pick in any::<u64>(),
        ) {
            let race = chip_race(&counts, Chips(25), Chips(100)).unwrap();
            prop_assert!(race.chips_to_race <= race.entrants);
            let mut entrants: Vec<usize> =
                (0..counts.len()).filter(|&i| race.seats[i].odd_chips > 0).collect();
            let n = usize::try_from(race.chips_to_race).unwrap();
            let len = entrants.len().max(1);
            entrants.rotate_left(usize::try_from(pick % u64::try_from(len).unwrap()).unwrap());
            let winners: Vec<usize> = entrants.into_iter().take(n).collect();
            let other: Vec<Chips> = others[..counts.len()].iter().copied().map(Chips).collect();
            let s = settle_chip_race(&counts, &winners, Chips(25), Chips(100), &other).unwrap();
            for (o, seat) in s.outcomes.iter().zip(&race.seats) {
                prop_assert!(o.big_chips_received - seat.coloured_up <= 1);
                prop_assert!(!(o.won_race && o.protected));
                prop_assert!(o.before.0 == 0 || o.after.0 > 0);
            }
        }

        /// TDA 2: any denominations and counts give a race or an error, never a panic.
        #[test]
        fn prop_tda_2_chip_race_is_total(
            counts in proptest::collection::vec(any::<u32>(), 0..8),
            small in amount(), big in amount(),
            winners in proptest::collection::vec(0usize..10, 0..8),
        ) {
            let other = vec![Chips(1); counts.len()];
            let _ = chip_race(&counts, small, big);
            let _ = settle_chip_race(&counts, &winners, small, big, &other);
        }

        /// PKR4U 30: refunds are the contributions; the total check accepts exactly their sum.
        #[test]
        fn prop_pkr4u_30_refunds_add_up(put in proptest::collection::vec(0i64..100_000, 0..10)) {
            let put: Vec<Chips> = put.into_iter().map(Chips).collect();
            let total: Chips = put.iter().copied().sum();
            prop_assert_eq!(cancelled_hand_refunds(&put).unwrap(), put.clone());
            prop_assert_eq!(check_refund_total(&put, total).unwrap(), total);
        }
    }
}
