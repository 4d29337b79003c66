//! Hand-for-hand on the bubble (FIDPA, seed 000): every table plays one hand at a time and
//! waits for the others; busts of the same hand share their place.

use crate::log::command::{Ctx, DecideCommand, FinishHand, SetHandForHand};
use crate::log::error::{ApplyError, DomainError};
use crate::log::event::{ApplyEvent, Event, HandFinished, HandForHandSet};
use crate::model::config::Config;
use crate::model::ids::PlayerId;
use crate::model::state::Tournament;
use crate::rules::penalties::serve_penalty_hand;
use crate::rules::table_mut;

/// Hand-for-hand on or off.
impl DecideCommand for SetHandForHand {
    fn decide(&self, _t: &Tournament, _cfg: &Config, _ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &SetHandForHand { on } = self;
        Ok(vec![Event::HandForHandSet(HandForHandSet { on })])
    }
}

/// A table finished the current hand-for-hand hand.
impl DecideCommand for FinishHand {
    fn decide(&self, t: &Tournament, _cfg: &Config, _ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &FinishHand { table } = self;
        if t.hand_for_hand.is_none() {
            return Err(DomainError::HandForHandOff);
        }
        let tb = t
            .tables
            .get(&table)
            .ok_or(DomainError::UnknownTable { table })?;
        if !tb.open {
            return Err(DomainError::TableNotOpen { table });
        }
        Ok(vec![Event::HandFinished(HandFinished { table })])
    }
}

/// `HandForHandSet`: on starts the next hand number (busts of one hand share a place).
impl ApplyEvent for HandForHandSet {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &HandForHandSet { on } = self;
        t.hand_for_hand = if on {
            Some(t.hand_for_hand.unwrap_or(0) + 1)
        } else {
            None
        };
        for tb in t.tables.values_mut() {
            tb.hand_done = false;
        }
        Ok(())
    }
}

/// `HandFinished`: the table waits; once every table is done, the next hand starts.
impl ApplyEvent for HandFinished {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &HandFinished { table } = self;
        let tb = table_mut(t, table)?;
        tb.hand_done = true;
        // PKR4U 4: a hand played at this table counts for its players' hands penalties.
        let here: Vec<PlayerId> = tb.seats.values().copied().collect();
        for player in here {
            serve_penalty_hand(t, player);
        }
        // Seed 000 / FIDPA: the next hand starts everywhere once every table is done.
        if t.hand_for_hand.is_some() && t.open_tables().all(|(_, tb)| tb.hand_done) {
            t.hand_for_hand = t.hand_for_hand.map(|h| h + 1);
            for tb in t.tables.values_mut() {
                tb.hand_done = false;
            }
        }
        Ok(())
    }
}
