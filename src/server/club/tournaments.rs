//! The club's tournaments: a copy of one's configuration for the next (creating one is the
//! application layer's, `server/application/creation.rs`).

use crate::domain::config::Config;
use crate::server::engine::Engine;

/// The configuration of tournament `from` under a new name, for a copy: structure, money,
/// tables and settings, nothing of its players or its clock.
pub fn copied_config(engine: &Engine, from: i64, name: &str) -> Option<Config> {
    let snap = engine.snapshot(from).ok()?;
    let mut config = snap.state.config()?.clone();
    config.name = name.trim().to_string();
    Some(config)
}
