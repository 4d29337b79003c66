//! The tournament clock as a timestamp, not ticks: running means "this level ends at T",
//! paused means "R milliseconds left". Pages count down locally; nothing drifts, and a
//! restart or a correction just works. Reading it walks over levels ended since.

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

pub(crate) fn first_duration(levels: &[Level]) -> i64 {
    levels.first().map(Level::duration_ms).unwrap_or(0)
}
