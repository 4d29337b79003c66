//! What callers prove themselves with, as stored: the director's PIN (an argon2 hash in
//! `settings`), director sessions and API tokens (only their SHA-256), each table's key, and
//! the sign-in's wrong PINs and locks per address. Hashing, checking and counting are
//! `server/auth.rs`'s and `server/tokens.rs`'s; this is the SQL.

use super::{Store, StoreError};
use sqlx::Row;

/// An API token as stored (its hash never leaves the store).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenRow {
    pub id: i64,
    pub label: String,
    /// `read` or `full`.
    pub scope: String,
    pub created_at: i64,
}

/// One address's wrong PINs at the director's sign-in, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignInFailures {
    /// The address the lockout counts for (`IpAddr`'s text).
    pub address: String,
    /// Wrong PINs in a row.
    pub failures: u32,
    /// Locked until then (ms since the epoch), if locked.
    pub locked_until: Option<i64>,
    /// The last attempt (ms since the epoch).
    pub last_at: i64,
}

impl Store {
    /// Every address with wrong PINs or a lock on record.
    pub async fn sign_in_failures(&self) -> Result<Vec<SignInFailures>, StoreError> {
        let rows =
            sqlx::query("SELECT address, failures, locked_until, last_at FROM sign_in_failures")
                .fetch_all(&self.pool)
                .await?;
        Ok(rows
            .into_iter()
            .map(|r| SignInFailures {
                address: r.get("address"),
                // A count beyond u32 is no count this server wrote: the most.
                failures: u32::try_from(r.get::<i64, _>("failures")).unwrap_or(u32::MAX),
                locked_until: r.get("locked_until"),
                last_at: r.get("last_at"),
            })
            .collect())
    }

    /// Records an address's wrong PINs and lock (replacing what was recorded).
    pub async fn save_sign_in_failures(&self, row: &SignInFailures) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO sign_in_failures (address, failures, locked_until, last_at) \
             VALUES (?, ?, ?, ?) ON CONFLICT(address) DO UPDATE SET \
             failures = excluded.failures, locked_until = excluded.locked_until, \
             last_at = excluded.last_at",
        )
        .bind(&row.address)
        .bind(i64::from(row.failures))
        .bind(row.locked_until)
        .bind(row.last_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Forgets an address's wrong PINs (the right PIN was given).
    pub async fn forget_sign_in_failures(&self, address: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM sign_in_failures WHERE address = ?")
            .bind(address)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Forgets the addresses not locked at `now_ms` whose last attempt was before
    /// `quiet_since`; returns how many.
    pub async fn prune_sign_in_failures(
        &self,
        quiet_since: i64,
        now_ms: i64,
    ) -> Result<u64, StoreError> {
        Ok(sqlx::query(
            "DELETE FROM sign_in_failures WHERE last_at < ? \
             AND (locked_until IS NULL OR locked_until <= ?)",
        )
        .bind(quiet_since)
        .bind(now_ms)
        .execute(&self.pool)
        .await?
        .rows_affected())
    }

    /// The director's PIN hash, when one was set.
    pub async fn director_pin_hash(&self) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT value FROM settings WHERE key = 'director_pin'")
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.get::<String, _>(0)))
    }

    /// Stores (or replaces) the director's PIN hash.
    pub async fn set_director_pin_hash(&self, hash: &str) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO settings (key, value) VALUES ('director_pin', ?) \
             ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        )
        .bind(hash)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A new director's PIN: stores its hash and, in the same transaction, ends every session
    /// and revokes every API token made under the old one, and forgets the sign-in's wrong
    /// PINs and locks. Returns (sessions, tokens) ended.
    pub async fn replace_director_pin(
        &self,
        hash: &str,
        now_ms: i64,
    ) -> Result<(u64, u64), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO settings (key, value) VALUES ('director_pin', ?) \
             ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        )
        .bind(hash)
        .execute(&mut *tx)
        .await?;
        let (sessions, tokens) = end_sessions_and_tokens(&mut tx, now_ms).await?;
        // The locks guarded the old PIN: a new one is the locked-out director's way back in.
        sqlx::query("DELETE FROM sign_in_failures")
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok((sessions, tokens))
    }

    /// Ends every director session and every API token, in one transaction; returns how many
    /// of each there were.
    pub async fn close_all_sessions(&self, now_ms: i64) -> Result<(u64, u64), StoreError> {
        let mut tx = self.pool.begin().await?;
        let ended = end_sessions_and_tokens(&mut tx, now_ms).await?;
        tx.commit().await?;
        Ok(ended)
    }

    /// Forgets the sessions that expired by `now_ms`; returns how many.
    pub async fn prune_sessions(&self, now_ms: i64) -> Result<u64, StoreError> {
        Ok(sqlx::query("DELETE FROM sessions WHERE expires_at <= ?")
            .bind(now_ms)
            .execute(&self.pool)
            .await?
            .rows_affected())
    }

    /// Opens a director session under the hash of its token.
    pub async fn open_session(
        &self,
        token_hash: &str,
        now_ms: i64,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO sessions (token_hash, created_at, expires_at) VALUES (?, ?, ?)")
            .bind(token_hash)
            .bind(now_ms)
            .bind(expires_at)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Is there a session under this hash that has not expired at `now_ms`?
    pub async fn session_open(&self, token_hash: &str, now_ms: i64) -> Result<bool, StoreError> {
        let row = sqlx::query("SELECT 1 FROM sessions WHERE token_hash = ? AND expires_at > ?")
            .bind(token_hash)
            .bind(now_ms)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.is_some())
    }

    /// Ends the session under this hash.
    pub async fn close_session(&self, token_hash: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM sessions WHERE token_hash = ?")
            .bind(token_hash)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// A table's current key, if it has one.
    pub async fn table_key(
        &self,
        tournament: i64,
        table: u16,
    ) -> Result<Option<String>, StoreError> {
        let row =
            sqlx::query("SELECT key FROM table_keys WHERE tournament_id = ? AND table_no = ?")
                .bind(tournament)
                .bind(i64::from(table))
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.map(|r| r.get::<String, _>(0)))
    }

    /// Sets a table's key; the one it had stops working at once.
    pub async fn set_table_key(
        &self,
        tournament: i64,
        table: u16,
        key: &str,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO table_keys (tournament_id, table_no, key, created_at) VALUES (?, ?, ?, ?) \
             ON CONFLICT(tournament_id, table_no) DO UPDATE SET key = excluded.key, created_at = excluded.created_at",
        )
        .bind(tournament)
        .bind(i64::from(table))
        .bind(key)
        .bind(now_ms)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The table whose key this is in `tournament`, if any.
    pub async fn table_of_key(
        &self,
        tournament: i64,
        key: &str,
    ) -> Result<Option<u16>, StoreError> {
        let row =
            sqlx::query("SELECT table_no FROM table_keys WHERE tournament_id = ? AND key = ?")
                .bind(tournament)
                .bind(key)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.and_then(|r| u16::try_from(r.get::<i64, _>(0)).ok()))
    }

    /// Stores a new API token under its hash; returns its id.
    pub async fn insert_api_token(
        &self,
        label: &str,
        scope: &str,
        token_hash: &str,
        now_ms: i64,
    ) -> Result<i64, StoreError> {
        let done = sqlx::query(
            "INSERT INTO api_tokens (label, scope, token_hash, created_at) VALUES (?, ?, ?, ?)",
        )
        .bind(label)
        .bind(scope)
        .bind(token_hash)
        .bind(now_ms)
        .execute(&self.pool)
        .await?;
        Ok(done.last_insert_rowid())
    }

    /// The API tokens not revoked, oldest first.
    pub async fn live_api_tokens(&self) -> Result<Vec<TokenRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, label, scope, created_at FROM api_tokens WHERE revoked_at IS NULL ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|r| TokenRow {
                id: r.get("id"),
                label: r.get("label"),
                scope: r.get("scope"),
                created_at: r.get("created_at"),
            })
            .collect())
    }

    /// Revokes a live API token; false when there was none with this id.
    pub async fn revoke_api_token(&self, id: i64, now_ms: i64) -> Result<bool, StoreError> {
        let done =
            sqlx::query("UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL")
                .bind(now_ms)
                .bind(id)
                .execute(&self.pool)
                .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The scope of the live API token with this hash.
    pub async fn api_token_scope(&self, token_hash: &str) -> Result<Option<String>, StoreError> {
        let row =
            sqlx::query("SELECT scope FROM api_tokens WHERE token_hash = ? AND revoked_at IS NULL")
                .bind(token_hash)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.map(|r| r.get::<String, _>("scope")))
    }
}

/// Ends every director session and revokes every API token inside `tx` (a new PIN, "sign out
/// everywhere"); returns how many of each.
async fn end_sessions_and_tokens(
    tx: &mut sqlx::SqliteConnection,
    now_ms: i64,
) -> Result<(u64, u64), StoreError> {
    let sessions = sqlx::query("DELETE FROM sessions")
        .execute(&mut *tx)
        .await?
        .rows_affected();
    let tokens = sqlx::query("UPDATE api_tokens SET revoked_at = ? WHERE revoked_at IS NULL")
        .bind(now_ms)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    Ok((sessions, tokens))
}
