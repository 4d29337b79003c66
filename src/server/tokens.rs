//! API tokens for club websites and integrations (issue H): made by the director with a
//! scope, shown once, stored only as a SHA-256 hash, revocable.

use rand::Rng;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use sqlx::{Row, SqlitePool};

/// What a token may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum Scope {
    /// Read everything (a website's live results).
    #[serde(rename = "read")]
    Read,
    /// Everything the director may do.
    #[serde(rename = "full")]
    Full,
}

impl Scope {
    fn as_str(self) -> &'static str {
        match self {
            Scope::Read => "read",
            Scope::Full => "full",
        }
    }
}

/// A token as listed (never the secret itself).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TokenInfo {
    pub id: i64,
    pub label: String,
    pub scope: Scope,
    /// Milliseconds since the Unix epoch.
    pub created_at: i64,
}

fn hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// The token store.
#[derive(Clone)]
pub struct Tokens {
    pool: SqlitePool,
}

impl Tokens {
    pub fn new(pool: SqlitePool) -> Tokens {
        Tokens { pool }
    }

    /// Makes a token; the secret is returned once and only its hash is kept.
    pub async fn create(
        &self,
        label: &str,
        scope: Scope,
        now_ms: i64,
    ) -> Result<(TokenInfo, String), sqlx::Error> {
        let secret: [u8; 24] = rand::rng().random();
        let token = format!("ctd_{}", hex::encode(secret));
        let id = sqlx::query(
            "INSERT INTO api_tokens (label, scope, token_hash, created_at) VALUES (?, ?, ?, ?)",
        )
        .bind(label)
        .bind(scope.as_str())
        .bind(hash(&token))
        .bind(now_ms)
        .execute(&self.pool)
        .await?
        .last_insert_rowid();
        Ok((
            TokenInfo {
                id,
                label: label.to_string(),
                scope,
                created_at: now_ms,
            },
            token,
        ))
    }

    /// Tokens not revoked, oldest first.
    pub async fn list(&self) -> Result<Vec<TokenInfo>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT id, label, scope, created_at FROM api_tokens WHERE revoked_at IS NULL ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|r| TokenInfo {
                id: r.get("id"),
                label: r.get("label"),
                scope: if r.get::<String, _>("scope") == "full" {
                    Scope::Full
                } else {
                    Scope::Read
                },
                created_at: r.get("created_at"),
            })
            .collect())
    }

    /// Revokes a token; false when there was no such live token.
    pub async fn revoke(&self, id: i64, now_ms: i64) -> Result<bool, sqlx::Error> {
        let done =
            sqlx::query("UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL")
                .bind(now_ms)
                .bind(id)
                .execute(&self.pool)
                .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The scope of a live token.
    pub async fn scope_of(&self, token: &str) -> Option<Scope> {
        if token.len() > 200 {
            return None;
        }
        let row =
            sqlx::query("SELECT scope FROM api_tokens WHERE token_hash = ? AND revoked_at IS NULL")
                .bind(hash(token))
                .fetch_optional(&self.pool)
                .await
                .ok()??;
        Some(if row.get::<String, _>("scope") == "full" {
            Scope::Full
        } else {
            Scope::Read
        })
    }
}
