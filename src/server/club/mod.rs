//! The club beyond one tournament (issue D): keeping the links from entries to the club's
//! player database up to date (the database itself is `store/club_players.rs`), creating
//! tournaments (from a template, a copy or the API), and the season ranking read from
//! finished tournaments.

pub mod season;
pub mod tournaments;

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

/// Links every unlinked entry of one tournament (idempotent).
pub async fn link_tournament(engine: &Engine, tournament: i64) -> Result<usize, sqlx::Error> {
    let Ok(snap) = engine.snapshot(tournament) else {
        return Ok(0);
    };
    let now = crate::server::engine::now().0;
    engine
        .store()
        .link_entries(tournament, &snap.state, now)
        .await
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
