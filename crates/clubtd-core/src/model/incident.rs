//! The incident log's entries: a ruling reached through a guided flow, with the answers
//! given on the way (the ruling is replayed from them, so the log never disagrees with the
//! flow) and the director's overruling, if any.

use crate::model::ids::{TableNo, Timestamp};
use crate::model::money::Chips;
use serde::{Deserialize, Serialize};

/// A ruling recorded in the incident log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Incident {
    pub table: Option<TableNo>,
    pub flow: String,
    pub answers: Vec<Answer>,
    pub leaf: String,
    pub rule: String,
    pub at: Timestamp,
    /// When it was tapped, when that was not when it arrived (a device's outbox).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tapped_at: Option<Timestamp>,
    /// PKR4U 1: the director's reason for overruling it.
    pub overruled: Option<String>,
}

/// An answer to a question.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type", content = "value")]
pub enum Answer {
    /// Yes (`true`) or no.
    #[serde(rename = "yes_no")]
    YesNo(bool),
    /// The index of the option chosen.
    #[serde(rename = "choice")]
    Choice(usize),
    /// A number of chips.
    #[serde(rename = "amount")]
    Amount(Chips),
    /// One number of chips per player.
    #[serde(rename = "amounts")]
    Amounts(Vec<Chips>),
    /// A whole number (players, hands).
    #[serde(rename = "count")]
    Count(i64),
    /// One whole number per player.
    #[serde(rename = "counts")]
    Counts(Vec<i64>),
}

impl Answer {
    /// The type of this answer.
    pub fn answer_type(&self) -> AnswerType {
        match self {
            Answer::YesNo(_) => AnswerType::YesNo,
            Answer::Choice(_) => AnswerType::Choice,
            Answer::Amount(_) => AnswerType::Amount,
            Answer::Amounts(_) => AnswerType::Amounts,
            Answer::Count(_) => AnswerType::Count,
            Answer::Counts(_) => AnswerType::Counts,
        }
    }
}

/// The type of answer a question takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum AnswerType {
    /// Yes or no.
    #[serde(rename = "yes_no")]
    YesNo,
    /// An option index.
    #[serde(rename = "choice")]
    Choice,
    /// Chips.
    #[serde(rename = "amount")]
    Amount,
    /// Chips per player.
    #[serde(rename = "amounts")]
    Amounts,
    /// A whole number.
    #[serde(rename = "count")]
    Count,
    /// A whole number per player.
    #[serde(rename = "counts")]
    Counts,
}
