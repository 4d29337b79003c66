//! Guided resolution of self-deal mistakes (SPEC §5). Players deal themselves, so mistakes are
//! common; for each situation of SPEC §5 a table or the TD opens a guided flow, answers a few
//! questions (yes/no, choices, chips, chips per player) and gets the ruling in plain words, in
//! Dutch, French and English, with its rule number and the actions it implies (a void hand
//! with each player's chips back, a penalty, a misdeal...). Where amounts matter the ruling is
//! computed by the calculators ([`calculators`]). The TD's decision is
//! final and fairness comes first (PKR4U 1, TDA 1): a ruling is guidance for the table and a
//! record for the incident log.
//!
//! Flows are data (`flows/`, one file per SPEC §5 group, each node citing its rule); `walk`
//! walks them. Everything is pure: no clock, no randomness, no I/O, no panics on any input.
//!
//! Use: [`situations`] lists the flows; [`start`] opens one at its first question; [`answer`]
//! validates one answer (a typed [`RulingError`] with a stable `code()` otherwise) and returns
//! the next [`FlowState`], which holds the answers so far and either the next [`Question`] or
//! the [`Ruling`] (texts, rule, [`RulingAction`]s and computed amounts). A `FlowState` is serde
//! data the server stores with the incident; [`replay`] rebuilds it from the answers alone.
//! The walk never trusts a state sent back: it replays the answers from the root each time.

pub mod calculators;
mod error;
mod flows;
mod model;
mod render;
mod walk;

pub use error::RulingError;
pub use model::{
    Answer, AnswerType, Answers, Ask, CalcFn, CalculatedLeaf, ChipMove, ChoiceOption, Computed,
    Flow, FlowNode, GivenAnswer, Lang, Node, NodeId, Opt, Outcome, PenaltyKind, Question,
    QuestionKind, QuestionNode, Ruling, RulingAction, RulingLeaf, Text, Value, MAX_AMOUNT,
    MAX_PLAYERS, MIN_PLAYERS,
};
pub use render::chips as format_chips;
pub use walk::{answer, flow, flows, replay, situations, start, FlowState, SituationSummary, Step};

#[cfg(test)]
mod tests;
