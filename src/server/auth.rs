//! Roles, enforced here and not by hidden buttons: the director signs in with a PIN (argon2
//! hash) and gets an HttpOnly, SameSite=Strict session cookie; repeated wrong PINs are slowed
//! down and then locked out for a while. A table device holds its table's key (from the QR
//! code) and may act only for its own table. Everyone else reads public pages only.

use crate::domain::balancing::is_shown_move;
use crate::domain::command::Command;
use crate::domain::event::MoveReason;
use crate::domain::ids::TableNo;
use crate::domain::Tournament;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use rand::Rng;
use sha2::{Digest, Sha256};
use sqlx::{Row, SqlitePool};
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

/// Who is asking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    Director,
    Table(TableNo),
    Public,
}

impl Role {
    /// The actor name recorded in the event log.
    pub fn actor(&self) -> String {
        match self {
            Role::Director => "director".into(),
            Role::Table(t) => format!("table:{}", t.0),
            Role::Public => "public".into(),
        }
    }

    /// May this role send this command, judged on the command alone? The director may do
    /// everything; a table only what concerns its own table: report its busts (and its
    /// abandoned stacks' last chip), set its button, confirm the moves into it, report its
    /// hand finished and its chip counts, call the director (and record the guided ruling
    /// without sanctioning anyone), mark a penalty hand played. Checked before the engine
    /// is asked anything; `may_now` completes it against the state.
    pub fn may(&self, command: &Command) -> bool {
        match self {
            Role::Director => true,
            Role::Public => false,
            Role::Table(own) => match command {
                Command::ReportBusts { table, .. }
                | Command::SetButton { table, .. }
                | Command::FinishHand { table }
                | Command::ReportTableChips { table, .. }
                | Command::CallDirector { table }
                | Command::AbandonedStackGone { table, .. }
                | Command::PenaltyHandServed { table, .. } => table == own,
                Command::RecordRuling { table, player, .. } => {
                    *table == Some(*own) && player.is_none()
                }
                Command::MovePlayer { to, .. } => to.table == *own,
                _ => false,
            },
        }
    }

    /// May this role send this command in this state? `may`, and a table confirms only a move
    /// into its own table that the tables are shown now (automatic balancing, TDA 25): not
    /// any player from anywhere, nor a move of its own choosing. Judged by the engine under
    /// the tournament's writer lock, so the state cannot change between check and decision.
    pub fn may_now(&self, command: &Command, state: &Tournament) -> bool {
        if !self.may(command) {
            return false;
        }
        match (self, command) {
            (Role::Table(_), Command::MovePlayer { player, to, reason }) => {
                *reason == MoveReason::Balance && is_shown_move(state, *player, *to)
            }
            _ => true,
        }
    }
}

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
    pool: SqlitePool,
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
    /// The authority over the database's settings, sessions and table keys.
    pub fn new(pool: SqlitePool) -> Auth {
        Auth {
            pool,
            attempts: Mutex::new(BTreeMap::new()),
        }
    }

    /// Sets the director's PIN from `pin` when given; otherwise keeps the stored one, or makes
    /// a new 6-digit PIN on first start and returns it (to print once on the console).
    pub async fn init_pin(&self, pin: Option<&str>) -> Result<Option<String>, sqlx::Error> {
        let stored = sqlx::query("SELECT value FROM settings WHERE key = 'director_pin'")
            .fetch_optional(&self.pool)
            .await?;
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
            .map_err(|e| sqlx::Error::Protocol(format!("salt: {e}")))?;
        let hash = Argon2::default()
            .hash_password(pin.as_bytes(), &salt)
            .map_err(|e| sqlx::Error::Protocol(format!("argon2: {e}")))?
            .to_string();
        sqlx::query("INSERT INTO settings (key, value) VALUES ('director_pin', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
            .bind(hash)
            .execute(&self.pool)
            .await?;
        Ok(generated.then_some(pin))
    }

    /// Checks the PIN and opens a session; returns the session token for the cookie.
    pub async fn login(&self, ip: IpAddr, pin: &str) -> Result<String, LoginError> {
        if let Some(seconds) = self.locked_for(ip) {
            return Err(LoginError::Locked { seconds });
        }
        let stored = sqlx::query("SELECT value FROM settings WHERE key = 'director_pin'")
            .fetch_optional(&self.pool)
            .await
            .map_err(|_| LoginError::Storage)?
            .map(|r| r.get::<String, _>(0));
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
        sqlx::query("INSERT INTO sessions (token_hash, created_at, expires_at) VALUES (?, ?, ?)")
            .bind(sha256_hex(&token))
            .bind(now)
            .bind(now + SESSION_HOURS * 3_600_000)
            .execute(&self.pool)
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
        sqlx::query("SELECT 1 FROM sessions WHERE token_hash = ? AND expires_at > ?")
            .bind(sha256_hex(token))
            .bind(now_ms())
            .fetch_optional(&self.pool)
            .await
            .ok()
            .flatten()
            .is_some()
    }

    /// Is the request signed in as the director?
    pub async fn is_director(&self, headers: &axum::http::HeaderMap) -> bool {
        match session_token(headers) {
            Some(token) => self.session_valid(&token).await,
            None => false,
        }
    }

    /// Ends a session.
    pub async fn logout(&self, token: &str) {
        let _ = sqlx::query("DELETE FROM sessions WHERE token_hash = ?")
            .bind(sha256_hex(token))
            .execute(&self.pool)
            .await;
    }

    /// The key of a table's QR code, made on first use.
    pub async fn table_key(&self, tournament: i64, table: TableNo) -> Result<String, sqlx::Error> {
        let row =
            sqlx::query("SELECT key FROM table_keys WHERE tournament_id = ? AND table_no = ?")
                .bind(tournament)
                .bind(i64::from(table.0))
                .fetch_optional(&self.pool)
                .await?;
        match row {
            Some(r) => Ok(r.get(0)),
            None => self.reissue_table_key(tournament, table).await,
        }
    }

    /// A new key for a table: the old QR code stops working at once.
    pub async fn reissue_table_key(
        &self,
        tournament: i64,
        table: TableNo,
    ) -> Result<String, sqlx::Error> {
        let key = random_token()[..24].to_string();
        sqlx::query(
            "INSERT INTO table_keys (tournament_id, table_no, key, created_at) VALUES (?, ?, ?, ?) \
             ON CONFLICT(tournament_id, table_no) DO UPDATE SET key = excluded.key, created_at = excluded.created_at",
        )
        .bind(tournament)
        .bind(i64::from(table.0))
        .bind(&key)
        .bind(now_ms())
        .execute(&self.pool)
        .await?;
        Ok(key)
    }

    /// The table a key belongs to in this tournament, if any.
    pub async fn table_of_key(&self, tournament: i64, key: &str) -> Option<TableNo> {
        if key.is_empty() || key.len() > 64 {
            return None;
        }
        let row =
            sqlx::query("SELECT table_no FROM table_keys WHERE tournament_id = ? AND key = ?")
                .bind(tournament)
                .bind(key)
                .fetch_optional(&self.pool)
                .await
                .ok()??;
        u16::try_from(row.get::<i64, _>(0)).ok().map(TableNo)
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
    use crate::domain::command::BustReport;
    use crate::domain::ids::{PlayerId, SeatNo};

    #[test]
    fn a_table_may_act_only_for_itself() {
        let t3 = Role::Table(TableNo(3));
        assert!(t3.may(&Command::SetButton {
            table: TableNo(3),
            seat: SeatNo(1)
        }));
        assert!(!t3.may(&Command::SetButton {
            table: TableNo(4),
            seat: SeatNo(1)
        }));
        let bust = |t| Command::ReportBusts {
            table: TableNo(t),
            busts: vec![BustReport {
                player: PlayerId(1),
                eliminators: vec![],
                start_stack: None,
            }],
        };
        assert!(t3.may(&bust(3)));
        assert!(!t3.may(&bust(2)));
        assert!(!t3.may(&Command::StartClock));
        assert!(!Role::Public.may(&Command::StartClock));
        assert!(Role::Director.may(&Command::StartClock));
    }

    #[test]
    fn cookies_are_read_by_name() {
        assert_eq!(
            cookie_value("a=1; clubtd_session=abc; b=2", SESSION_COOKIE),
            Some("abc".into())
        );
        assert_eq!(cookie_value("clubtd_session_x=1", SESSION_COOKIE), None);
    }
}
