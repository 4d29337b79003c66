//! The clock's rules: starting, pausing, resuming, adjusting and jumping levels, each
//! recorded as the clock's new absolute state (so replay never recomputes time).
//! TDA 18: a new level applies from the next hand.

use crate::log::command::{
    AdjustClock, Ctx, DecideCommand, JumpToLevel, PauseClock, ResumeClock, StartClock,
};
use crate::log::error::{ApplyError, DomainError};
use crate::log::event::{ApplyEvent, ClockChanged, Event};
use crate::model::clock::first_duration;
pub use crate::model::clock::{Clock, ClockChange, ClockReading};
use crate::model::config::Config;
use crate::model::config::Level;
use crate::model::ids::Timestamp;
use crate::model::state::Tournament;

/// The clock after the director's command, computed at `now`.
pub fn decide_start(clock: Clock, levels: &[Level], now: Timestamp) -> Result<Clock, DomainError> {
    match clock {
        Clock::NotStarted => Ok(Clock::Running {
            level: 0,
            ends_at: now.plus_ms(first_duration(levels)),
        }),
        Clock::Paused { .. } => decide_resume(clock, now),
        Clock::Running { .. } => Err(DomainError::ClockAlreadyRunning),
    }
}

/// Pauses: keeps the time left in the level that is on now.
pub fn decide_pause(clock: Clock, levels: &[Level], now: Timestamp) -> Result<Clock, DomainError> {
    match clock {
        Clock::Running { .. } => {
            let r = clock.read(levels, now);
            Ok(Clock::Paused {
                level: r.level,
                remaining_ms: r.remaining_ms,
            })
        }
        Clock::Paused { .. } => Err(DomainError::ClockNotRunning),
        Clock::NotStarted => Err(DomainError::NotStarted),
    }
}

/// Resumes: the level now ends `remaining` from now.
pub fn decide_resume(clock: Clock, now: Timestamp) -> Result<Clock, DomainError> {
    match clock {
        Clock::Paused {
            level,
            remaining_ms,
        } => Ok(Clock::Running {
            level,
            ends_at: now.plus_ms(remaining_ms),
        }),
        Clock::Running { .. } => Err(DomainError::ClockAlreadyRunning),
        Clock::NotStarted => Err(DomainError::NotStarted),
    }
}

/// Adds (or with a negative `delta_ms`, removes) time from the current level; never below 0
/// and never above the level's own length plus an hour.
pub fn decide_adjust(
    clock: Clock,
    levels: &[Level],
    now: Timestamp,
    delta_ms: i64,
) -> Result<Clock, DomainError> {
    if delta_ms == 0 || delta_ms.abs() > 6 * 3_600_000 {
        return Err(DomainError::InvalidAmount {
            field: "delta".into(),
        });
    }
    let r = clock.read(levels, now);
    let cap = levels.get(r.level).map(Level::duration_ms).unwrap_or(0) + 3_600_000;
    let remaining = (r.remaining_ms.saturating_add(delta_ms)).clamp(0, cap);
    match clock {
        Clock::Running { .. } => Ok(Clock::Running {
            level: r.level,
            ends_at: now.plus_ms(remaining),
        }),
        Clock::Paused { .. } => Ok(Clock::Paused {
            level: r.level,
            remaining_ms: remaining,
        }),
        Clock::NotStarted => Err(DomainError::NotStarted),
    }
}

/// Jumps to the start of level `index` (0-based in the structure), keeping running or paused.
pub fn decide_jump(
    clock: Clock,
    levels: &[Level],
    now: Timestamp,
    index: usize,
) -> Result<Clock, DomainError> {
    let Some(level) = levels.get(index) else {
        return Err(DomainError::UnknownLevel {
            level: u32::try_from(index).unwrap_or(u32::MAX),
        });
    };
    match clock {
        Clock::Running { .. } => Ok(Clock::Running {
            level: index,
            ends_at: now.plus_ms(level.duration_ms()),
        }),
        Clock::Paused { .. } => Ok(Clock::Paused {
            level: index,
            remaining_ms: level.duration_ms(),
        }),
        Clock::NotStarted => Err(DomainError::NotStarted),
    }
}

/// A clock command as its event: the change and the clock's new absolute state.
fn clock_changed(change: ClockChange, clock: Clock, ctx: Ctx) -> Vec<Event> {
    vec![Event::ClockChanged(ClockChanged {
        change,
        clock,
        at: ctx.now,
    })]
}

/// `StartClock`.
impl DecideCommand for StartClock {
    fn decide(&self, t: &Tournament, cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let clock = decide_start(t.clock, &cfg.levels, ctx.now)?;
        Ok(clock_changed(ClockChange::Started, clock, ctx))
    }
}

/// `PauseClock`.
impl DecideCommand for PauseClock {
    fn decide(&self, t: &Tournament, cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let clock = decide_pause(t.clock, &cfg.levels, ctx.now)?;
        Ok(clock_changed(ClockChange::Paused, clock, ctx))
    }
}

/// `ResumeClock`.
impl DecideCommand for ResumeClock {
    fn decide(&self, t: &Tournament, _cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let clock = decide_resume(t.clock, ctx.now)?;
        Ok(clock_changed(ClockChange::Resumed, clock, ctx))
    }
}

/// `AdjustClock`: seconds added (or taken off) the level in play.
impl DecideCommand for AdjustClock {
    fn decide(&self, t: &Tournament, cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &AdjustClock { delta_seconds } = self;
        let delta = delta_seconds
            .checked_mul(1000)
            .ok_or(DomainError::InvalidAmount {
                field: "delta".into(),
            })?;
        let clock = decide_adjust(t.clock, &cfg.levels, ctx.now, delta)?;
        Ok(clock_changed(ClockChange::Adjusted, clock, ctx))
    }
}

/// `JumpToLevel`: the level by its index in the structure.
impl DecideCommand for JumpToLevel {
    fn decide(&self, t: &Tournament, cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &JumpToLevel { level_index } = self;
        // An index beyond usize is beyond the structure too: refused as an unknown level.
        let index = usize::try_from(level_index).unwrap_or(usize::MAX);
        let clock = decide_jump(t.clock, &cfg.levels, ctx.now, index)?;
        Ok(clock_changed(ClockChange::Jumped, clock, ctx))
    }
}

/// `ClockChanged`: the clock's new state, as recorded.
impl ApplyEvent for ClockChanged {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &ClockChanged { clock, .. } = self;
        t.clock = clock;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::money::Chips;

    fn levels() -> Vec<Level> {
        vec![
            Level::Play {
                small_blind: Chips(25),
                big_blind: Chips(50),
                ante: Chips(0),
                minutes: 20,
            },
            Level::Play {
                small_blind: Chips(50),
                big_blind: Chips(100),
                ante: Chips(100),
                minutes: 20,
            },
            Level::Break {
                minutes: 10,
                colour_up: Some(Chips(25)),
            },
        ]
    }

    #[test]
    fn a_running_clock_walks_into_later_levels_without_ticks() {
        let t0 = Timestamp(1_000_000);
        let c = decide_start(Clock::NotStarted, &levels(), t0).unwrap();
        let r = c.read(&levels(), t0.plus_ms(25 * 60_000));
        assert_eq!((r.level, r.remaining_ms), (1, 15 * 60_000));
        let r = c.read(&levels(), t0.plus_ms(45 * 60_000));
        assert_eq!((r.level, r.remaining_ms), (2, 5 * 60_000));
        let r = c.read(&levels(), t0.plus_ms(99 * 60_000));
        assert_eq!(
            (r.level, r.remaining_ms),
            (2, 0),
            "the last level stays at zero"
        );
    }

    #[test]
    fn pause_and_resume_keep_the_time_left() {
        let t0 = Timestamp(0);
        let c = decide_start(Clock::NotStarted, &levels(), t0).unwrap();
        let p = decide_pause(c, &levels(), t0.plus_ms(60_000)).unwrap();
        assert_eq!(
            p,
            Clock::Paused {
                level: 0,
                remaining_ms: 19 * 60_000
            }
        );
        let r = decide_resume(p, t0.plus_ms(10 * 60_000)).unwrap();
        assert_eq!(
            r,
            Clock::Running {
                level: 0,
                ends_at: Timestamp(29 * 60_000)
            }
        );
        assert_eq!(decide_resume(r, t0), Err(DomainError::ClockAlreadyRunning));
    }

    #[test]
    fn adjust_never_goes_below_zero_and_jump_checks_the_level() {
        let t0 = Timestamp(0);
        let c = decide_start(Clock::NotStarted, &levels(), t0).unwrap();
        // Removing more than the time left ends the level: the next one starts in full.
        let a = decide_adjust(c, &levels(), t0, -30 * 60_000).unwrap();
        let r = a.read(&levels(), t0);
        assert_eq!((r.level, r.remaining_ms), (1, 20 * 60_000));
        let paused = decide_pause(c, &levels(), t0).unwrap();
        let p = decide_adjust(paused, &levels(), t0, -30 * 60_000).unwrap();
        assert_eq!(
            p,
            Clock::Paused {
                level: 0,
                remaining_ms: 0
            },
            "a paused clock stops at zero"
        );
        assert!(decide_jump(c, &levels(), t0, 9).is_err());
        let j = decide_jump(c, &levels(), t0, 1).unwrap();
        assert_eq!(j.read(&levels(), t0).level, 1);
    }
}
