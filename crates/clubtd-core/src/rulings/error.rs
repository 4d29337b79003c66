//! Why the rulings engine refused a request: a typed error with a stable SCREAMING_SNAKE
//! `code()` (`errors.<CODE>` in the locales), like the rest of the domain. A refused answer
//! changes nothing: the caller keeps the state it had.

use crate::model::incident::AnswerType;
use crate::rulings::calculators::CalcError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// A refused request to the rulings engine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum RulingError {
    /// No flow has this id.
    UnknownSituation {
        /// The id asked for.
        id: String,
    },
    /// The flow has already reached its ruling: there is nothing left to answer.
    AlreadyDecided,
    /// The answer is of the wrong type for the question.
    BadAnswer {
        /// The question's id.
        question: String,
        /// The type the question takes.
        expected: AnswerType,
        /// The type given.
        got: AnswerType,
    },
    /// A choice index past the last option.
    OptionOutOfRange {
        /// The question's id.
        question: String,
        /// The index given.
        index: usize,
        /// How many options there are.
        options: usize,
    },
    /// A chip amount or a number below zero.
    NegativeAmount {
        /// The question's id.
        question: String,
    },
    /// A number outside the range the question accepts.
    OutOfRange {
        /// The question's id.
        question: String,
        /// The smallest accepted.
        min: i64,
        /// The largest accepted.
        max: i64,
        /// The number given.
        got: i64,
    },
    /// A per-player answer with too few or too many players.
    WrongPlayerCount {
        /// The question's id.
        question: String,
        /// The fewest players accepted.
        min: usize,
        /// The most players accepted.
        max: usize,
        /// How many were given.
        got: usize,
    },
    /// The state sent back does not match its flow (edited, or from another version).
    BadState {
        /// What does not match.
        reason: String,
    },
    /// A calculator refused the amounts (the put-in exceeds the stack, say): the last answer
    /// is not taken, correct it.
    Calculator {
        /// The calculator's own error, with its `CALC_` code.
        error: CalcError,
    },
}

impl RulingError {
    /// The stable code for this error; never renamed. A calculator's refusal keeps its own
    /// `CALC_` code inside ([`RulingError::Calculator`]).
    pub fn code(&self) -> &'static str {
        match self {
            RulingError::UnknownSituation { .. } => "RULING_UNKNOWN_SITUATION",
            RulingError::AlreadyDecided => "RULING_ALREADY_DECIDED",
            RulingError::BadAnswer { .. } => "RULING_BAD_ANSWER",
            RulingError::OptionOutOfRange { .. } => "RULING_OPTION_OUT_OF_RANGE",
            RulingError::NegativeAmount { .. } => "RULING_NEGATIVE_AMOUNT",
            RulingError::OutOfRange { .. } => "RULING_OUT_OF_RANGE",
            RulingError::WrongPlayerCount { .. } => "RULING_WRONG_PLAYER_COUNT",
            RulingError::BadState { .. } => "RULING_BAD_STATE",
            RulingError::Calculator { .. } => "RULING_CALCULATOR_REFUSED",
        }
    }
}

impl RulingError {
    /// Every code [`RulingError::code`] can answer.
    pub const ALL_CODES: &'static [&'static str] = &[
        "RULING_UNKNOWN_SITUATION",
        "RULING_ALREADY_DECIDED",
        "RULING_BAD_ANSWER",
        "RULING_OPTION_OUT_OF_RANGE",
        "RULING_NEGATIVE_AMOUNT",
        "RULING_OUT_OF_RANGE",
        "RULING_WRONG_PLAYER_COUNT",
        "RULING_BAD_STATE",
        "RULING_CALCULATOR_REFUSED",
    ];

    /// Every message key [`RulingError::message`] can give: the codes that are shown as they
    /// are, a number out of range said as "at least" or "at most", and the calculators' own.
    pub const MESSAGE_KEYS: &'static [&'static str] = &[
        "RULING_UNKNOWN_SITUATION",
        "RULING_ALREADY_DECIDED",
        "RULING_BAD_ANSWER",
        "RULING_OPTION_OUT_OF_RANGE",
        "RULING_NEGATIVE_AMOUNT",
        "RULING_BELOW_MINIMUM",
        "RULING_ABOVE_MAXIMUM",
        "RULING_WRONG_PLAYER_COUNT",
        "RULING_BAD_STATE",
    ];

    /// What a page says about this refusal: a message key (`locales/errors`) and its
    /// parameters. A calculator's refusal is said in its own words (`CALC_…`: "put in 800 but
    /// only 600 behind"), not as "the amounts were refused"; a number out of range says the
    /// one bound it crossed ("at most 10"), since the other may be a trillion chips.
    pub fn message(&self) -> (&'static str, BTreeMap<String, String>) {
        let one = |k: &str, v: String| BTreeMap::from([(k.to_string(), v)]);
        match self {
            RulingError::Calculator { error } => (error.code(), error.params()),
            RulingError::OutOfRange { min, got, .. } if got < min => {
                ("RULING_BELOW_MINIMUM", one("min", min.to_string()))
            }
            RulingError::OutOfRange { max, .. } => {
                ("RULING_ABOVE_MAXIMUM", one("max", max.to_string()))
            }
            RulingError::OptionOutOfRange { options, .. } => (
                "RULING_OPTION_OUT_OF_RANGE",
                one("options", options.to_string()),
            ),
            RulingError::WrongPlayerCount { min, max, .. } => (
                "RULING_WRONG_PLAYER_COUNT",
                BTreeMap::from([
                    ("min".to_string(), min.to_string()),
                    ("max".to_string(), max.to_string()),
                ]),
            ),
            other => (other.code(), BTreeMap::new()),
        }
    }
}

impl From<CalcError> for RulingError {
    fn from(error: CalcError) -> RulingError {
        RulingError::Calculator { error }
    }
}

impl fmt::Display for RulingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulingError::UnknownSituation { id } => write!(f, "unknown situation `{id}`"),
            RulingError::AlreadyDecided => write!(f, "the ruling has already been given"),
            RulingError::BadAnswer {
                question,
                expected,
                got,
            } => write!(f, "question `{question}` takes {expected:?}, not {got:?}"),
            RulingError::OptionOutOfRange {
                question,
                index,
                options,
            } => write!(
                f,
                "question `{question}` has {options} options; {index} is out of range"
            ),
            RulingError::NegativeAmount { question } => {
                write!(f, "question `{question}` takes no negative number")
            }
            RulingError::OutOfRange {
                question,
                min,
                max,
                got,
            } => write!(f, "question `{question}` takes {min} to {max}, not {got}"),
            RulingError::WrongPlayerCount {
                question,
                min,
                max,
                got,
            } => write!(
                f,
                "question `{question}` takes {min} to {max} players, not {got}"
            ),
            RulingError::BadState { reason } => write!(f, "the ruling state is invalid: {reason}"),
            RulingError::Calculator { error } => {
                write!(f, "the amounts were refused ({}): {error}", error.code())
            }
        }
    }
}

impl std::error::Error for RulingError {}
