//! Calling the director (PKR4U 1: the director rules): a table calls, the director answers
//! ("on the way": the call stays, marked answered), then closes it with a second answer or by
//! recording a ruling for that table; the table may take back its own call.

use crate::log::command::{AnswerCall, CallDirector, CancelCall, Ctx, DecideCommand};
use crate::log::error::{ApplyError, DomainError};
use crate::log::event::{ApplyEvent, CallAnswered, DirectorCalled, Event};
use crate::model::config::Config;
use crate::model::ids::TableNo;
use crate::model::state::Tournament;

/// An open table calls the director.
impl DecideCommand for CallDirector {
    fn decide(&self, t: &Tournament, _cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &CallDirector { table } = self;
        if !t.tables.get(&table).is_some_and(|tb| tb.open) {
            return Err(DomainError::TableNotOpen { table });
        }
        Ok(vec![Event::DirectorCalled(DirectorCalled {
            table,
            at: ctx.now,
        })])
    }
}

/// The director answers: the first time "on the way", the second time "done" (closed).
impl DecideCommand for AnswerCall {
    fn decide(&self, t: &Tournament, _cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &AnswerCall { table } = self;
        if !t.calls.contains_key(&table) {
            return Err(DomainError::NoCall { table });
        }
        let at = (!t.calls_answered.contains_key(&table)).then_some(ctx.now);
        Ok(vec![Event::CallAnswered(CallAnswered { table, at })])
    }
}

/// The table takes back its call: closed, answered or not.
impl DecideCommand for CancelCall {
    fn decide(&self, t: &Tournament, _cfg: &Config, _ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &CancelCall { table } = self;
        if !t.calls.contains_key(&table) {
            return Err(DomainError::NoCall { table });
        }
        Ok(vec![Event::CallAnswered(CallAnswered { table, at: None })])
    }
}

/// Whether a ruling recorded now for `table` closes its call: only a call the director has
/// answered (seen), so the console never loses a call it has not seen.
pub fn ruling_closes_call(t: &Tournament, table: Option<TableNo>) -> bool {
    table.is_some_and(|tb| t.calls_answered.contains_key(&tb))
}

/// `DirectorCalled`: the table waits, with the time it called (a new call is unanswered).
impl ApplyEvent for DirectorCalled {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &DirectorCalled { table, at } = self;
        t.calls.insert(table, at);
        t.calls_answered.remove(&table);
        Ok(())
    }
}

/// `CallAnswered`: marked answered at `at`, or closed without it.
impl ApplyEvent for CallAnswered {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &CallAnswered { table, at } = self;
        match at {
            Some(at) if t.calls.contains_key(&table) => {
                t.calls_answered.insert(table, at);
            }
            Some(_) => {}
            None => close_call(t, table),
        }
        Ok(())
    }
}

/// The call of `table` is over.
pub(crate) fn close_call(t: &mut Tournament, table: TableNo) {
    t.calls.remove(&table);
    t.calls_answered.remove(&table);
}
