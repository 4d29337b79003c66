//! The event log: append-only, each command's events committed durably with the command's
//! answer (a group of commands in one transaction), so a retried command id gets the first answer; replay rebuilds a tournament.

use super::{Origin, Store, StoreError, StoredOutcome};
use crate::domain::{Event, Tournament};
use sqlx::Row;

impl Store {
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

    /// The log after `after` as the audit trail reads it: each event with who sent it, from
    /// which device, when the server received it and when the person tapped (issue N).
    pub async fn audit_after(
        &self,
        tournament: i64,
        after: u64,
    ) -> Result<Vec<AuditEntry>, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, at, tapped_at, actor, device, payload FROM events \
             WHERE tournament_id = ? AND seq > ? ORDER BY seq",
        )
        .bind(tournament)
        .bind(i64::try_from(after).unwrap_or(i64::MAX))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let seq: i64 = r.get(0);
                Ok(AuditEntry {
                    seq: u64::try_from(seq).unwrap_or(0),
                    at: r.get(1),
                    tapped_at: r.get(2),
                    actor: r.get(3),
                    device: r.get(4),
                    event: decode(tournament, seq, &r.get::<String, _>(5))?,
                })
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

    /// The stored answer to a command id, if it was seen before, with the fingerprint of the
    /// command it answered (`None` for answers stored before fingerprints were kept).
    pub async fn outcome(
        &self,
        tournament: i64,
        command_id: &str,
    ) -> Result<Option<(StoredOutcome, Option<String>)>, StoreError> {
        let row = sqlx::query(
            "SELECT outcome, fingerprint FROM commands WHERE tournament_id = ? AND command_id = ?",
        )
        .bind(tournament)
        .bind(command_id)
        .fetch_optional(&self.pool)
        .await?;
        match row {
            Some(r) => Ok(Some((
                serde_json::from_str(&r.get::<String, _>(0))?,
                r.get::<Option<String>, _>(1),
            ))),
            None => Ok(None),
        }
    }

    /// The command ids this tournament has answered, for the writer's in-memory check (a
    /// retry is rare; a new id must not cost a read of the database under the writer).
    pub async fn command_ids(&self, tournament: i64) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT command_id FROM commands WHERE tournament_id = ?")
            .bind(tournament)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(|r| r.get::<String, _>(0)).collect())
    }

    /// Appends the events and answers of a group of commands in one durable transaction
    /// (group commit: one sync of the WAL for all of them). Returns only after the commit.
    pub async fn append(
        &self,
        tournament: i64,
        records: &[CommandRecord],
    ) -> Result<(), StoreError> {
        let mut conn = self.pool.acquire().await?;
        let written = Self::write_records(&mut conn, tournament, records).await;
        if written.is_err() {
            // After a failed write (a full disk above all) SQLite and sqlx may disagree on
            // whether a transaction is still open: the connection is closed, never reused, and
            // the next write starts on a fresh one (which is how writing recovers by itself
            // once space returns).
            conn.close_on_drop();
        }
        written
    }

    /// The inserts of `append` in one transaction on `conn`, committed.
    async fn write_records(
        conn: &mut sqlx::SqliteConnection,
        tournament: i64,
        records: &[CommandRecord],
    ) -> Result<(), StoreError> {
        use sqlx::Connection;
        let mut tx = conn.begin().await?;
        for r in records {
            for (i, event) in r.events.iter().enumerate() {
                let seq = r.first_seq + i as u64;
                sqlx::query("INSERT INTO events (tournament_id, seq, command_id, actor, device, at, tapped_at, payload) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
                    .bind(tournament)
                    .bind(i64::try_from(seq).unwrap_or(i64::MAX))
                    .bind(&r.command_id)
                    .bind(&r.origin.actor)
                    .bind(&r.origin.device)
                    .bind(r.at_ms)
                    .bind(r.origin.tapped_at)
                    .bind(serde_json::to_string(event)?)
                    .execute(&mut *tx)
                    .await?;
            }
            sqlx::query(
                "INSERT INTO commands (tournament_id, command_id, outcome, at, fingerprint) VALUES (?, ?, ?, ?, ?)",
            )
            .bind(tournament)
            .bind(&r.command_id)
            .bind(serde_json::to_string(&r.outcome)?)
            .bind(r.at_ms)
            .bind(&r.fingerprint)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }
}

/// One command as the log keeps it: its events (numbered from `first_seq`) and its answer.
#[derive(Clone, Debug)]
pub struct CommandRecord {
    pub command_id: String,
    pub origin: Origin,
    /// When the server received it (ms since the epoch).
    pub at_ms: i64,
    pub first_seq: u64,
    pub events: Vec<Event>,
    pub outcome: StoredOutcome,
    /// What identifies the command's content (`None` only for imports).
    pub fingerprint: Option<String>,
}

/// One event of the audit trail.
#[derive(Clone, Debug, PartialEq)]
pub struct AuditEntry {
    pub seq: u64,
    /// When the server received the command (ms since the epoch).
    pub at: i64,
    /// When the person tapped, by the sending device's clock, if it said.
    pub tapped_at: Option<i64>,
    /// director, table:N, system.
    pub actor: String,
    pub device: String,
    pub event: Event,
}

/// One stored event, read back; a payload that no longer parses names its place in the log.
fn decode(tournament: i64, seq: i64, payload: &str) -> Result<Event, StoreError> {
    serde_json::from_str(payload).map_err(|source| StoreError::Corrupt {
        tournament,
        seq,
        source,
    })
}
