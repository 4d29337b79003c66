//! The log's vocabulary: commands (what someone asks, in the imperative), events (past-tense
//! facts, stored for ever) and the typed refusal of a command. Every stored name is explicit
//! so the log survives refactors (the golden log test holds it to that).

pub mod command;
pub mod error;
pub mod event;
pub mod legacy;
