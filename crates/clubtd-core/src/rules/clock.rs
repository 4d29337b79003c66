//! The tournament clock as a timestamp, not ticks: running means "this level ends at T",
//! paused means "R milliseconds left". Pages count down locally; nothing drifts, and a
//! restart or a correction just works. TDA 18: a new level applies from the next hand.

use crate::log::error::DomainError;
use crate::model::config::Level;
use crate::model::ids::Timestamp;
use serde::{Deserialize, Serialize};

/// The stored clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "state")]
pub enum Clock {
    /// Before the director starts the tournament.
    #[default]
    #[serde(rename = "not_started")]
    NotStarted,
    /// Level `level` (index into the structure) ends at `ends_at`; later levels follow on.
    #[serde(rename = "running")]
    Running { level: usize, ends_at: Timestamp },
    /// Stopped with `remaining_ms` left in level `level`.
    #[serde(rename = "paused")]
    Paused { level: usize, remaining_ms: i64 },
}

/// Why the clock changed (for the log and the pages).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum ClockChange {
    #[serde(rename = "started")]
    Started,
    #[serde(rename = "paused")]
    Paused,
    #[serde(rename = "resumed")]
    Resumed,
    #[serde(rename = "adjusted")]
    Adjusted,
    #[serde(rename = "jumped")]
    Jumped,
}

/// Where the clock stands at a given instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ClockReading {
    /// Index of the current level in the structure.
    pub level: usize,
    /// Milliseconds left in it (0 when the last level has run out).
    pub remaining_ms: i64,
    pub running: bool,
    pub started: bool,
}

impl Clock {
    /// Reads the clock at `now`, walking over levels that ended since it was last set.
    pub fn read(&self, levels: &[Level], now: Timestamp) -> ClockReading {
        match *self {
            Clock::NotStarted => ClockReading {
                level: 0,
                remaining_ms: first_duration(levels),
                running: false,
                started: false,
            },
            Clock::Paused {
                level,
                remaining_ms,
            } => ClockReading {
                level,
                remaining_ms: remaining_ms.max(0),
                running: false,
                started: true,
            },
            Clock::Running { level, ends_at } => {
                let mut level = level;
                let mut end = ends_at;
                while now >= end && level + 1 < levels.len() {
                    level += 1;
                    end = end.plus_ms(levels[level].duration_ms());
                }
                ClockReading {
                    level,
                    remaining_ms: end.ms_since(now).max(0),
                    running: true,
                    started: true,
                }
            }
        }
    }

    /// Started: running or paused.
    pub fn is_started(&self) -> bool {
        !matches!(self, Clock::NotStarted)
    }
}

fn first_duration(levels: &[Level]) -> i64 {
    levels.first().map(Level::duration_ms).unwrap_or(0)
}

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
