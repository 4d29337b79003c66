//! Editing the blind structure. Before the start every level may change (as the whole
//! configuration may); once the clock runs, the level in play and those before it are
//! history: the clock's stored end time and every hand played rest on them. Later levels
//! and breaks change freely (a director shortens the evening, adds a break, moves a
//! colour-up), and the clock simply walks into the new levels when the current one ends.

use crate::log::command::{ChangeStructure, Ctx, DecideCommand};
use crate::log::error::{ApplyError, DomainError};
use crate::log::event::{ApplyEvent, Event, StructureChanged};
use crate::model::config::Config;
use crate::model::state::Tournament;

/// `ChangeStructure`: the new levels, with what is already played kept exactly.
impl DecideCommand for ChangeStructure {
    fn decide(&self, t: &Tournament, cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let ChangeStructure { levels } = self;
        let reading = t.clock.read(&cfg.levels, ctx.now);
        if reading.started {
            let fixed = reading.level + 1;
            if levels.get(..fixed) != cfg.levels.get(..fixed) {
                // The level in play, by its position in the structure (from 1, breaks counted).
                let level = u32::try_from(fixed).unwrap_or(u32::MAX);
                return Err(DomainError::LevelAlreadyPlayed { level });
            }
        }
        // The whole configuration must stay valid: late registration and the bonus name play
        // levels that must still exist.
        let changed = Config {
            levels: levels.to_vec(),
            ..cfg.clone()
        };
        changed.validate()?;
        Ok(vec![Event::StructureChanged(StructureChanged {
            levels: levels.to_vec(),
        })])
    }
}

/// `StructureChanged`: the blind structure from now on.
impl ApplyEvent for StructureChanged {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let StructureChanged { levels } = self;
        let cfg = t.config.as_mut().ok_or(ApplyError::NotCreated)?;
        cfg.levels = levels.to_vec();
        Ok(())
    }
}
