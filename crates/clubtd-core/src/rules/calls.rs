//! Calling the director (PKR4U 1: the director rules): a table calls, the director answers;
//! a ruling recorded for that table answers its call too.

use crate::log::command::Ctx;
use crate::log::error::{ApplyError, DomainError};
use crate::log::event::Event;
use crate::model::ids::{TableNo, Timestamp};
use crate::model::state::Tournament;

/// An open table calls the director.
pub fn decide_call_director(
    t: &Tournament,
    table: TableNo,
    ctx: Ctx,
) -> Result<Vec<Event>, DomainError> {
    if !t.tables.get(&table).is_some_and(|tb| tb.open) {
        return Err(DomainError::TableNotOpen { table });
    }
    Ok(vec![Event::DirectorCalled { table, at: ctx.now }])
}

/// The director is on the way / has handled the call.
pub fn decide_answer_call(t: &Tournament, table: TableNo) -> Result<Vec<Event>, DomainError> {
    if !t.calls.contains_key(&table) {
        return Err(DomainError::NoCall { table });
    }
    Ok(vec![Event::CallAnswered { table }])
}

/// `DirectorCalled`: the table waits, with the time it called.
pub(crate) fn apply_director_called(
    t: &mut Tournament,
    table: TableNo,
    at: Timestamp,
) -> Result<(), ApplyError> {
    t.calls.insert(table, at);
    Ok(())
}

/// `CallAnswered`.
pub(crate) fn apply_call_answered(t: &mut Tournament, table: TableNo) -> Result<(), ApplyError> {
    t.calls.remove(&table);
    Ok(())
}
