//! The event log: append-only, one durable transaction per command with the command's
//! answer, so a retried command id gets the first answer; replay rebuilds a tournament.

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
        fingerprint: Option<&str>,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        for (i, event) in events.iter().enumerate() {
            let seq = first_seq + i as u64;
            sqlx::query("INSERT INTO events (tournament_id, seq, command_id, actor, device, at, tapped_at, payload) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
                .bind(tournament)
                .bind(i64::try_from(seq).unwrap_or(i64::MAX))
                .bind(command_id)
                .bind(&origin.actor)
                .bind(&origin.device)
                .bind(now_ms)
                .bind(origin.tapped_at)
                .bind(serde_json::to_string(event)?)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query(
            "INSERT INTO commands (tournament_id, command_id, outcome, at, fingerprint) VALUES (?, ?, ?, ?, ?)",
        )
        .bind(tournament)
        .bind(command_id)
        .bind(serde_json::to_string(outcome)?)
        .bind(now_ms)
        .bind(fingerprint)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }
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
