//! The club beyond one tournament (issue D): its player database (names, links from
//! entries, search, merging duplicates), its tournaments (created from a template or copied
//! from another), and the season ranking read from finished tournaments.

pub mod names;
pub mod players;
pub mod season;
pub mod tournaments;

use crate::domain::command::Command;
use crate::server::engine::Engine;
use crate::server::store::StoreError;

/// Failures of the club's storage (logged; pages see `INTERNAL`).
#[derive(Debug, thiserror::Error)]
pub enum ClubError {
    #[error(transparent)]
    Db(#[from] sqlx::Error),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Links a tournament's new entries to club players, after a registration was
/// acknowledged. A failure is logged, never returned: the registration itself is durable,
/// and the next catch-up (start-up, the next registration, a ranking) links it.
pub async fn link_after(engine: &Engine, tournament: i64, command: &Command) {
    if !matches!(command, Command::RegisterPlayer { .. }) {
        return;
    }
    if let Err(e) = link_tournament(engine, tournament).await {
        tracing::warn!(tournament, "club player links not written yet: {e}");
    }
}

/// Links every unlinked entry of one tournament (idempotent).
pub async fn link_tournament(engine: &Engine, tournament: i64) -> Result<usize, sqlx::Error> {
    let Ok(snap) = engine.snapshot(tournament) else {
        return Ok(0);
    };
    let now = crate::server::engine::now().0;
    players::link_entries(engine.store().pool(), tournament, &snap.state, now).await
}

/// Links the entries of every tournament (at start-up: registrations acknowledged just
/// before a crash, and tournaments older than the club database).
pub async fn catch_up(engine: &Engine) -> Result<usize, sqlx::Error> {
    let mut linked = 0;
    for id in engine.tournament_ids() {
        linked += link_tournament(engine, id).await?;
    }
    Ok(linked)
}
