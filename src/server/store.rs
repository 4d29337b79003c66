//! The event log in SQLite (sqlx): append-only, one transaction per command, WAL journal.
//!
//! Durability: `synchronous = FULL` in WAL mode syncs the WAL at every commit, so once
//! `append` returns the events survive a crash or a pulled plug. (`NORMAL` would only
//! guarantee consistency and could lose the last acknowledged commands on power loss.)

use crate::domain::{ApplyError, Event, Tournament};
use serde::{Deserialize, Serialize};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Row, SqlitePool};
use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

/// Storage failures (logged on the server; pages only ever see `INTERNAL`).
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    #[error("migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("stored event {seq} of tournament {tournament} is unreadable: {source}")]
    Corrupt {
        tournament: i64,
        seq: i64,
        source: serde_json::Error,
    },
    #[error("encoding: {0}")]
    Encode(#[from] serde_json::Error),
    /// A stored event that reads but does not fit the state before it: a corrupt log.
    #[error("stored event {seq} of tournament {tournament} does not apply: {source}")]
    Apply {
        tournament: i64,
        seq: i64,
        source: ApplyError,
    },
}

/// What a command led to, stored so a retry with the same id gets the same answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StoredOutcome {
    #[serde(rename = "accepted")]
    Accepted { first: u64, last: u64 },
    #[serde(rename = "rejected")]
    Rejected { error: crate::domain::DomainError },
}

/// Who sent a command, for the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    pub actor: String,
    pub device: String,
}

/// A tournament in the club's list.
#[derive(Clone, Debug)]
pub struct TournamentRow {
    pub id: i64,
    pub name: String,
    pub created_at: i64,
    pub archived: bool,
    pub public: bool,
}

impl TournamentRow {
    fn from_row(r: &sqlx::sqlite::SqliteRow) -> TournamentRow {
        TournamentRow {
            id: r.get("id"),
            name: r.get("name"),
            created_at: r.get("created_at"),
            archived: r.get::<i64, _>("archived") != 0,
            public: r.get::<i64, _>("public") != 0,
        }
    }
}

/// The SQLite database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
}

impl Store {
    /// Opens (creating if needed) the database file and runs the migrations.
    pub async fn open(path: &Path) -> Result<Store, StoreError> {
        if let Some(dir) = path.parent() {
            if !dir.as_os_str().is_empty() {
                let _ = std::fs::create_dir_all(dir);
            }
        }
        let options = SqliteConnectOptions::from_str(&format!("sqlite://{}", path.display()))?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(5));
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options)
            .await?;
        sqlx::migrate!("./migrations").run(&pool).await?;
        Ok(Store { pool })
    }

    /// The connection pool, for the few direct queries of other modules.
    pub fn pool(&self) -> &SqlitePool {
        &self.pool
    }

    /// A new tournament row; its events come with the first command.
    pub async fn create_tournament(&self, name: &str, now_ms: i64) -> Result<i64, StoreError> {
        let row =
            sqlx::query("INSERT INTO tournaments (name, created_at) VALUES (?, ?) RETURNING id")
                .bind(name)
                .bind(now_ms)
                .fetch_one(&self.pool)
                .await?;
        Ok(row.get::<i64, _>(0))
    }

    /// Ids of all tournaments, oldest first (archived ones stay readable).
    pub async fn tournament_ids(&self) -> Result<Vec<i64>, StoreError> {
        let rows = sqlx::query("SELECT id FROM tournaments ORDER BY id")
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(|r| r.get::<i64, _>(0)).collect())
    }

    /// The club's tournaments, oldest first.
    pub async fn tournaments(&self) -> Result<Vec<TournamentRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, name, created_at, archived, public FROM tournaments ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(TournamentRow::from_row).collect())
    }

    /// One tournament's row.
    pub async fn tournament(&self, id: i64) -> Result<Option<TournamentRow>, StoreError> {
        let row = sqlx::query(
            "SELECT id, name, created_at, archived, public FROM tournaments WHERE id = ?",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(TournamentRow::from_row))
    }

    /// Sets the `archived` or `public` flag of a tournament.
    pub async fn set_flag(&self, id: i64, flag: &str, value: bool) -> Result<(), StoreError> {
        let sql = match flag {
            "archived" => "UPDATE tournaments SET archived = ? WHERE id = ?",
            _ => "UPDATE tournaments SET public = ? WHERE id = ?",
        };
        sqlx::query(sql)
            .bind(i64::from(value))
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The tournament a command id was first sent to (to make creation by the API
    /// idempotent).
    pub async fn tournament_of_command(&self, command_id: &str) -> Result<Option<i64>, StoreError> {
        let row = sqlx::query("SELECT tournament_id FROM commands WHERE command_id = ? LIMIT 1")
            .bind(command_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.get::<i64, _>(0)))
    }

    /// Rebuilds a tournament by replaying its log in order.
    pub async fn load(&self, tournament: i64) -> Result<(Tournament, u64), StoreError> {
        let rows =
            sqlx::query("SELECT seq, payload FROM events WHERE tournament_id = ? ORDER BY seq")
                .bind(tournament)
                .fetch_all(&self.pool)
                .await?;
        let mut state = Tournament::default();
        let mut last = 0u64;
        for row in rows {
            let seq: i64 = row.get(0);
            let payload: String = row.get(1);
            let event = decode(tournament, seq, &payload)?;
            state.apply(&event).map_err(|source| StoreError::Apply {
                tournament,
                seq,
                source,
            })?;
            last = u64::try_from(seq).unwrap_or(0);
        }
        Ok((state, last))
    }

    /// All events after `after`, for export and catch-up.
    pub async fn events_after(
        &self,
        tournament: i64,
        after: u64,
    ) -> Result<Vec<(u64, Event)>, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, payload FROM events WHERE tournament_id = ? AND seq > ? ORDER BY seq",
        )
        .bind(tournament)
        .bind(i64::try_from(after).unwrap_or(i64::MAX))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let seq: i64 = r.get(0);
                let payload: String = r.get(1);
                let event = decode(tournament, seq, &payload)?;
                Ok((u64::try_from(seq).unwrap_or(0), event))
            })
            .collect()
    }

    /// The whole log with the time each event was stored, for receipts: an unregistration
    /// carries no time of its own, the desk's receipt still says when it was refunded.
    pub async fn timed_events(
        &self,
        tournament: i64,
    ) -> Result<Vec<(crate::domain::ids::Timestamp, Event)>, StoreError> {
        let rows =
            sqlx::query("SELECT seq, at, payload FROM events WHERE tournament_id = ? ORDER BY seq")
                .bind(tournament)
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|r| {
                let seq: i64 = r.get(0);
                let at: i64 = r.get(1);
                let payload: String = r.get(2);
                let event = decode(tournament, seq, &payload)?;
                Ok((crate::domain::ids::Timestamp(at), event))
            })
            .collect()
    }

    /// The stored answer to a command id, if it was seen before.
    pub async fn outcome(
        &self,
        tournament: i64,
        command_id: &str,
    ) -> Result<Option<StoredOutcome>, StoreError> {
        let row =
            sqlx::query("SELECT outcome FROM commands WHERE tournament_id = ? AND command_id = ?")
                .bind(tournament)
                .bind(command_id)
                .fetch_optional(&self.pool)
                .await?;
        match row {
            Some(r) => Ok(Some(serde_json::from_str(&r.get::<String, _>(0))?)),
            None => Ok(None),
        }
    }

    /// Appends the events of one command and its outcome in one durable transaction.
    /// Returns only after the commit, i.e. after the WAL is synced.
    // Every argument is one column of the log; a struct for them would only be unpacked here.
    #[allow(clippy::too_many_arguments)]
    pub async fn append(
        &self,
        tournament: i64,
        command_id: &str,
        origin: &Origin,
        now_ms: i64,
        first_seq: u64,
        events: &[Event],
        outcome: &StoredOutcome,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        for (i, event) in events.iter().enumerate() {
            let seq = first_seq + i as u64;
            sqlx::query("INSERT INTO events (tournament_id, seq, command_id, actor, device, at, payload) VALUES (?, ?, ?, ?, ?, ?, ?)")
                .bind(tournament)
                .bind(i64::try_from(seq).unwrap_or(i64::MAX))
                .bind(command_id)
                .bind(&origin.actor)
                .bind(&origin.device)
                .bind(now_ms)
                .bind(serde_json::to_string(event)?)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query(
            "INSERT INTO commands (tournament_id, command_id, outcome, at) VALUES (?, ?, ?, ?)",
        )
        .bind(tournament)
        .bind(command_id)
        .bind(serde_json::to_string(outcome)?)
        .bind(now_ms)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }
}

/// One stored event, read back; a payload that no longer parses names its place in the log.
fn decode(tournament: i64, seq: i64, payload: &str) -> Result<Event, StoreError> {
    serde_json::from_str(payload).map_err(|source| StoreError::Corrupt {
        tournament,
        seq,
        source,
    })
}
