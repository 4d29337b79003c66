//! How callers prove who they are: the director signs in with a PIN (argon2 hash) and gets an
//! HttpOnly, SameSite=Strict session cookie; repeated wrong PINs are slowed down and then
//! locked out for a while. A table device holds its table's key (from the QR code). What each
//! may then do is the role policy's (`server/application/policy.rs`).

use crate::domain::ids::TableNo;
use crate::server::store::{Store, StoreError};
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use rand::Rng;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The cookie that carries a director session.
pub const SESSION_COOKIE: &str = "clubtd_session";
/// How long a director session lasts (a long club evening and then some).
pub const SESSION_HOURS: i64 = 16;
/// Wrong PINs allowed in a row before a lockout.
const FREE_ATTEMPTS: u32 = 5;

/// Why a sign-in failed.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum LoginError {
    #[error("wrong PIN")]
    WrongPin,
    #[error("locked for {seconds} s")]
    Locked { seconds: u64 },
    #[error("storage")]
    Storage,
}

#[derive(Clone, Copy)]
struct Attempts {
    failures: u32,
    locked_until: Option<Instant>,
}

/// Sign-in, sessions and table keys.
pub struct Auth {
    store: Store,
    attempts: Mutex<BTreeMap<IpAddr, Attempts>>,
}

fn sha256_hex(s: &str) -> String {
    hex::encode(Sha256::digest(s.as_bytes()))
}

/// A random token: 32 bytes as hex.
fn random_token() -> String {
    let bytes: [u8; 32] = rand::rng().random();
    hex::encode(bytes)
}

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

impl Auth {
    /// The authority over the director's PIN, sessions and table keys, kept in `store`.
    pub fn new(store: Store) -> Auth {
        Auth {
            store,
            attempts: Mutex::new(BTreeMap::new()),
        }
    }

    /// Sets the director's PIN from `pin` when given; otherwise keeps the stored one, or makes
    /// a new 6-digit PIN on first start and returns it (to print once on the console).
    pub async fn init_pin(&self, pin: Option<&str>) -> Result<Option<String>, StoreError> {
        let stored = self.store.director_pin_hash().await?;
        let (pin, generated) = match (pin, stored) {
            (Some(p), _) => (p.to_string(), false),
            (None, Some(_)) => return Ok(None),
            (None, None) => (
                format!("{:06}", rand::rng().random_range(0..1_000_000u32)),
                true,
            ),
        };
        let salt_bytes: [u8; 16] = rand::rng().random();
        let salt = SaltString::encode_b64(&salt_bytes)
            .map_err(|e| StoreError::Secret(format!("salt: {e}")))?;
        let hash = Argon2::default()
            .hash_password(pin.as_bytes(), &salt)
            .map_err(|e| StoreError::Secret(format!("argon2: {e}")))?
            .to_string();
        self.store.set_director_pin_hash(&hash).await?;
        Ok(generated.then_some(pin))
    }

    /// Checks the PIN and opens a session; returns the session token for the cookie.
    pub async fn login(&self, ip: IpAddr, pin: &str) -> Result<String, LoginError> {
        if let Some(seconds) = self.locked_for(ip) {
            return Err(LoginError::Locked { seconds });
        }
        let stored = self
            .store
            .director_pin_hash()
            .await
            .map_err(|_| LoginError::Storage)?;
        let ok = stored
            .as_deref()
            .and_then(|h| PasswordHash::new(h).ok())
            .is_some_and(|h| {
                pin.len() <= 64
                    && Argon2::default()
                        .verify_password(pin.as_bytes(), &h)
                        .is_ok()
            });
        if !ok {
            let locked = self.fail(ip);
            // Slows down guessing even before the lockout.
            tokio::time::sleep(Duration::from_millis(400)).await;
            return Err(match locked {
                Some(seconds) => LoginError::Locked { seconds },
                None => LoginError::WrongPin,
            });
        }
        self.attempts
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&ip);
        let token = random_token();
        let now = now_ms();
        self.store
            .open_session(&sha256_hex(&token), now, now + SESSION_HOURS * 3_600_000)
            .await
            .map_err(|_| LoginError::Storage)?;
        Ok(token)
    }

    fn locked_for(&self, ip: IpAddr) -> Option<u64> {
        let attempts = self.attempts.lock().unwrap_or_else(|e| e.into_inner());
        let until = attempts.get(&ip)?.locked_until?;
        let left = until.checked_duration_since(Instant::now())?;
        Some(left.as_secs().max(1))
    }

    /// Counts a failure; from the fifth in a row, locks for 30 s, doubling each time (max 1 h).
    fn fail(&self, ip: IpAddr) -> Option<u64> {
        let mut attempts = self.attempts.lock().unwrap_or_else(|e| e.into_inner());
        let a = attempts.entry(ip).or_insert(Attempts {
            failures: 0,
            locked_until: None,
        });
        a.failures += 1;
        if a.failures < FREE_ATTEMPTS {
            return None;
        }
        let seconds = (30u64 << (a.failures - FREE_ATTEMPTS).min(7)).min(3600);
        a.locked_until = Some(Instant::now() + Duration::from_secs(seconds));
        Some(seconds)
    }

    /// Is this session token valid now?
    pub async fn session_valid(&self, token: &str) -> bool {
        if token.len() != 64 {
            return false;
        }
        self.store
            .session_open(&sha256_hex(token), now_ms())
            .await
            .unwrap_or(false)
    }

    /// Ends a session.
    pub async fn logout(&self, token: &str) {
        if let Err(e) = self.store.close_session(&sha256_hex(token)).await {
            tracing::warn!("session not closed: {e}");
        }
    }

    /// The key of a table's QR code, made on first use.
    pub async fn table_key(&self, tournament: i64, table: TableNo) -> Result<String, StoreError> {
        match self.store.table_key(tournament, table.0).await? {
            Some(key) => Ok(key),
            None => self.reissue_table_key(tournament, table).await,
        }
    }

    /// A new key for a table: the old QR code stops working at once.
    pub async fn reissue_table_key(
        &self,
        tournament: i64,
        table: TableNo,
    ) -> Result<String, StoreError> {
        let key = random_token()[..24].to_string();
        self.store
            .set_table_key(tournament, table.0, &key, now_ms())
            .await?;
        Ok(key)
    }

    /// The table a key belongs to in this tournament, if any.
    pub async fn table_of_key(&self, tournament: i64, key: &str) -> Option<TableNo> {
        if key.is_empty() || key.len() > 64 {
            return None;
        }
        self.store
            .table_of_key(tournament, key)
            .await
            .ok()
            .flatten()
            .map(TableNo)
    }
}

/// The director's session token from a request's `Cookie` header.
pub fn session_token(headers: &axum::http::HeaderMap) -> Option<String> {
    let cookies = headers.get(axum::http::header::COOKIE)?.to_str().ok()?;
    cookie_value(cookies, SESSION_COOKIE)
}

/// The value of one cookie in a `Cookie` header.
pub fn cookie_value(header: &str, name: &str) -> Option<String> {
    header
        .split(';')
        .map(str::trim)
        .find_map(|kv| kv.strip_prefix(name)?.strip_prefix('=').map(str::to_string))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cookies_are_read_by_name() {
        assert_eq!(
            cookie_value("a=1; clubtd_session=abc; b=2", SESSION_COOKIE),
            Some("abc".into())
        );
        assert_eq!(cookie_value("clubtd_session_x=1", SESSION_COOKIE), None);
    }
}
