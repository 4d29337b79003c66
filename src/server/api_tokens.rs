//! API tokens for club websites and integrations (issue H): made by the director with a
//! scope, shown once, stored only as a SHA-256 hash, revocable.

use crate::server::store::{Store, StoreError, TokenRow};
use rand::Rng;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

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
    /// A stored scope (anything but `full` reads only).
    fn from_stored(scope: &str) -> Scope {
        if scope == "full" {
            Scope::Full
        } else {
            Scope::Read
        }
    }

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
    store: Store,
}

impl Tokens {
    pub fn new(store: Store) -> Tokens {
        Tokens { store }
    }

    /// Makes a token; the secret is returned once and only its hash is kept.
    pub async fn create(
        &self,
        label: &str,
        scope: Scope,
        now_ms: i64,
    ) -> Result<(TokenInfo, String), StoreError> {
        let secret: [u8; 24] = rand::rng().random();
        let token = format!("ctd_{}", hex::encode(secret));
        let id = self
            .store
            .insert_api_token(label, scope.as_str(), &hash(&token), now_ms)
            .await?;
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
    pub async fn list(&self) -> Result<Vec<TokenInfo>, StoreError> {
        Ok(self
            .store
            .live_api_tokens()
            .await?
            .into_iter()
            .map(|r: TokenRow| TokenInfo {
                id: r.id,
                label: r.label,
                scope: Scope::from_stored(&r.scope),
                created_at: r.created_at,
            })
            .collect())
    }

    /// Revokes a token; false when there was no such live token.
    pub async fn revoke(&self, id: i64, now_ms: i64) -> Result<bool, StoreError> {
        self.store.revoke_api_token(id, now_ms).await
    }

    /// The scope of a live token.
    pub async fn scope_of(&self, token: &str) -> Option<Scope> {
        if token.len() > 200 {
            return None;
        }
        let scope = self.store.api_token_scope(&hash(token)).await.ok()??;
        Some(Scope::from_stored(&scope))
    }
}
