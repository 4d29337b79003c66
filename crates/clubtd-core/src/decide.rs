//! `decide` only routes: each command goes to the `DecideCommand` impl of its payload struct,
//! in the rule module that owns it (the dispatch is written by `commands!` in
//! `log/command.rs`). A refusal leaves the state untouched (decide never mutates; the host
//! applies events after committing them).

use crate::log::command::{Command, Ctx};
use crate::log::error::DomainError;
use crate::log::event::Event;
use crate::model::state::Tournament;
use crate::rules::{deals, setup};

/// Decides a command against the state: the events to record, or why not.
pub fn decide(t: &Tournament, command: &Command, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
    // The one command that comes before a configuration exists.
    if let Command::CreateTournament(create) = command {
        return setup::decide_create(t, &create.config);
    }
    let cfg = t.config().ok_or(DomainError::NotCreated)?;
    deals::refused_after_deal(t, command)?;
    command.decide_with(t, cfg, ctx)
}
