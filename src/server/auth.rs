//! How callers prove who they are: the director signs in with a PIN (argon2 hash) and gets an
//! HttpOnly, SameSite=Strict session cookie; repeated wrong PINs are slowed down and then
//! locked out for a while. The wrong PINs and locks are kept in the database too, so a
//! restart (a crash, or an attacker who makes the server restart) does not lift a lockout;
//! a new PIN given at start does. A table device holds its table's key (from the QR code).
//! What each may then do is the role policy's (`server/application/policy.rs`).

use crate::domain::ids::TableNo;
use crate::server::store::{SignInFailures, Store, StoreError};
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use rand::Rng;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The cookie that carries a director session.
pub const SESSION_COOKIE: &str = "clubtd_session";
/// How long a director session lasts (a long club evening and then some).
pub const SESSION_HOURS: i64 = 16;
/// Wrong PINs allowed in a row before a lockout.
const FREE_ATTEMPTS: u32 = 5;
/// PIN checks running at once, whoever asks: argon2 takes about 19 MB and tens of
/// milliseconds of one core each, so a flood of sign-ins cannot starve the room's commands
/// or the memory.
const CHECKS_AT_ONCE: usize = 2;
/// Sign-ins waiting for a check, all addresses together; past this a sign-in is refused at
/// once (`Busy`) instead of queueing.
const CHECKS_WAITING: usize = 32;
/// The shortest PIN the server accepts (from the flag or the environment).
pub const MIN_PIN_DIGITS: usize = 6;
/// Addresses remembered without a failure or a lock for this long are forgotten.
const FORGET_AFTER: Duration = Duration::from_secs(24 * 3600);
/// The longest lock (the doubling stops here); a lock read back from the database is never
/// longer, whatever the clock did in between.
const LONGEST_LOCK: Duration = Duration::from_secs(3600);

/// Why a sign-in failed.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum LoginError {
    #[error("wrong PIN")]
    WrongPin,
    #[error("locked for {seconds} s")]
    Locked { seconds: u64 },
    /// Too many sign-ins are being checked at this moment (a flood): try again shortly.
    #[error("busy")]
    Busy,
    #[error("storage")]
    Storage,
}

/// A PIN the server will not take: fewer than six digits, or not only digits.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("the director's PIN must be {MIN_PIN_DIGITS} to 32 digits")]
pub struct WeakPin;

/// Checks a PIN given on the server machine (flag, environment, reset).
pub fn check_new_pin(pin: &str) -> Result<(), WeakPin> {
    let digits =
        pin.len() >= MIN_PIN_DIGITS && pin.len() <= 32 && pin.bytes().all(|b| b.is_ascii_digit());
    if digits {
        Ok(())
    } else {
        Err(WeakPin)
    }
}

/// What one address has done at the sign-in: the failures in a row, the lock, and the
/// checks under way. Counted *before* any hashing, so guesses sent at the same instant are
/// refused without being checked.
#[derive(Clone, Copy)]
struct Attempts {
    failures: u32,
    locked_until: Option<Instant>,
    in_flight: u32,
    last: Instant,
}

impl Attempts {
    fn new(now: Instant) -> Attempts {
        Attempts {
            failures: 0,
            locked_until: None,
            in_flight: 0,
            last: now,
        }
    }

    /// How many checks may run now: the free attempts left before the first lock, then one
    /// at a time after each lock (each failure then locks again, longer).
    fn checks_allowed(&self) -> u32 {
        FREE_ATTEMPTS.saturating_sub(self.failures).max(1)
    }

    fn forgettable(&self, now: Instant) -> bool {
        self.in_flight == 0
            && self.locked_until.is_none_or(|u| u <= now)
            && now.duration_since(self.last) > FORGET_AFTER
    }
}

/// The address a lockout counts for: an IPv4 address, or the /64 network of an IPv6 one
/// (a device picks any address inside its /64 at will).
pub(crate) fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

/// The sign-in's counts per address and their copy in the database. Cloned into the task
/// that writes them when a sign-in's request was dropped half-way.
#[derive(Clone)]
struct Ledger {
    attempts: Arc<Mutex<BTreeMap<IpAddr, Attempts>>>,
    store: Store,
    /// One write at a time, each of the address's state when it runs: two writes for one
    /// address cannot land out of order and leave an older state on disk.
    writing: Arc<tokio::sync::Mutex<()>>,
}

impl Ledger {
    fn attempts(&self) -> std::sync::MutexGuard<'_, BTreeMap<IpAddr, Attempts>> {
        self.attempts.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Writes an address's wrong PINs and lock as they are now (or forgets them when there
    /// are none). A failed write is logged: the count in memory still holds until a restart.
    async fn save(&self, key: IpAddr) {
        let _turn = self.writing.lock().await;
        let row = self
            .attempts()
            .get(&key)
            .filter(|a| a.failures > 0 || a.locked_until.is_some())
            .map(|a| SignInFailures {
                address: key.to_string(),
                failures: a.failures,
                locked_until: a.locked_until.map(wall_ms),
                last_at: wall_ms(a.last),
            });
        let done = match row {
            Some(row) => self.store.save_sign_in_failures(&row).await,
            None => self.store.forget_sign_in_failures(&key.to_string()).await,
        };
        if let Err(e) = done {
            tracing::warn!(address = %key, "sign-in failures not kept on disk: {e}");
        }
    }

    /// `save`, in a task of its own: it completes even when the request is dropped.
    fn spawn_save(&self, key: IpAddr) -> Option<tokio::task::JoinHandle<()>> {
        let handle = tokio::runtime::Handle::try_current().ok()?;
        let ledger = self.clone();
        Some(handle.spawn(async move { ledger.save(key).await }))
    }
}

/// An instant as ms since the epoch (for the database).
fn wall_ms(at: Instant) -> i64 {
    let (now, wall) = (Instant::now(), now_ms());
    let ms = |d: Duration| i64::try_from(d.as_millis()).unwrap_or(i64::MAX);
    match at.checked_duration_since(now) {
        Some(ahead) => wall.saturating_add(ms(ahead)),
        None => wall.saturating_sub(ms(now.duration_since(at))),
    }
}

/// Ms since the epoch as an instant, at most `LONGEST_LOCK` ahead (a wall clock set back, or
/// a row from a faulty clock, must not lock an address for good).
fn instant_at(wall: i64) -> Instant {
    let now = Instant::now();
    let gap = |ms: i64| Duration::from_millis(u64::try_from(ms).unwrap_or(0));
    let now_wall = now_ms();
    if wall >= now_wall {
        now + gap(wall - now_wall).min(LONGEST_LOCK)
    } else {
        now.checked_sub(gap(now_wall.saturating_sub(wall)))
            .unwrap_or(now)
    }
}

/// Sign-in, sessions and table keys.
pub struct Auth {
    store: Store,
    ledger: Ledger,
    /// The counts read back from the database, once, before the first sign-in is counted.
    restored: tokio::sync::OnceCell<usize>,
    /// Bounds the PIN checks running at once (`CHECKS_AT_ONCE`).
    checks: tokio::sync::Semaphore,
    /// Sign-ins admitted and not yet answered, all addresses (`CHECKS_WAITING`).
    waiting: AtomicUsize,
    /// PINs hashed and compared since start (what a flood costs; tests count it).
    checked: AtomicU64,
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

fn hash_pin(pin: &str) -> Result<String, StoreError> {
    let salt_bytes: [u8; 16] = rand::rng().random();
    let salt = SaltString::encode_b64(&salt_bytes)
        .map_err(|e| StoreError::Secret(format!("salt: {e}")))?;
    Ok(Argon2::default()
        .hash_password(pin.as_bytes(), &salt)
        .map_err(|e| StoreError::Secret(format!("argon2: {e}")))?
        .to_string())
}

fn pin_matches(stored: Option<&str>, pin: &str) -> bool {
    stored
        .and_then(|h| PasswordHash::new(h).ok())
        .is_some_and(|h| {
            pin.len() <= 64
                && Argon2::default()
                    .verify_password(pin.as_bytes(), &h)
                    .is_ok()
        })
}

/// What became of the director's PIN at start-up.
#[derive(Debug, PartialEq, Eq)]
pub enum PinAtStart {
    /// The stored PIN stays (or the given one was stored on a new database).
    Kept,
    /// A new PIN was made on the first start: print it once.
    Generated(String),
    /// The PIN given on the server machine is the new one: every session and API token made
    /// under the old one has ended.
    Changed { sessions: u64, tokens: u64 },
}

impl Auth {
    /// The authority over the director's PIN, sessions and table keys, kept in `store`.
    pub fn new(store: Store) -> Auth {
        Auth {
            ledger: Ledger {
                attempts: Arc::new(Mutex::new(BTreeMap::new())),
                store: store.clone(),
                writing: Arc::new(tokio::sync::Mutex::new(())),
            },
            store,
            restored: tokio::sync::OnceCell::new(),
            checks: tokio::sync::Semaphore::new(CHECKS_AT_ONCE),
            waiting: AtomicUsize::new(0),
            checked: AtomicU64::new(0),
        }
    }

    /// Sets the director's PIN from `pin` when given; otherwise keeps the stored one, or makes
    /// a new 6-digit PIN on first start and returns it (to print once on the console).
    pub async fn init_pin(&self, pin: Option<&str>) -> Result<Option<String>, StoreError> {
        Ok(match self.start_pin(pin).await? {
            PinAtStart::Generated(pin) => Some(pin),
            PinAtStart::Kept | PinAtStart::Changed { .. } => None,
        })
    }

    /// The PIN at start-up. The server machine is the way back in: a director who lost the
    /// PIN, or whose address is locked out, starts the server with a new one. A PIN shorter
    /// than six digits is refused; one that differs from the stored PIN ends every session
    /// and API token made under the old one.
    pub async fn start_pin(&self, pin: Option<&str>) -> Result<PinAtStart, StoreError> {
        let stored = self.store.director_pin_hash().await?;
        let Some(pin) = pin else {
            if stored.is_some() {
                return Ok(PinAtStart::Kept);
            }
            let pin = format!("{:06}", rand::rng().random_range(0..1_000_000u32));
            self.store.set_director_pin_hash(&hash_pin(&pin)?).await?;
            return Ok(PinAtStart::Generated(pin));
        };
        check_new_pin(pin).map_err(|e| StoreError::Secret(e.to_string()))?;
        let pin = pin.to_string();
        let Some(old) = stored else {
            self.store.set_director_pin_hash(&hash_pin(&pin)?).await?;
            return Ok(PinAtStart::Kept);
        };
        // The new PIN's hash, or `None` when it is the stored PIN.
        let hash = tokio::task::spawn_blocking(move || {
            (!pin_matches(Some(&old), &pin)).then(|| hash_pin(&pin))
        })
        .await
        .map_err(|e| StoreError::Secret(format!("argon2: {e}")))?;
        let Some(hash) = hash else {
            return Ok(PinAtStart::Kept);
        };
        let (sessions, tokens) = self.store.replace_director_pin(&hash?, now_ms()).await?;
        // The locks guarded the old PIN (the store forgot them with it): a locked-out
        // director's way back in is a new PIN.
        self.ledger.attempts().clear();
        Ok(PinAtStart::Changed { sessions, tokens })
    }

    /// Checks the PIN and opens a session; returns the session token for the cookie.
    ///
    /// The attempt is counted before the PIN is hashed: an address has at most five checks
    /// under way or failed before it is locked (then one at a time, each failure locking it
    /// longer), however many guesses it sends at once; the others are refused unchecked. The
    /// checks run on the blocking pool, at most `CHECKS_AT_ONCE` together.
    pub async fn login(&self, ip: IpAddr, pin: &str) -> Result<String, LoginError> {
        let key = address_key(ip);
        self.restore_lockouts()
            .await
            .map_err(|_| LoginError::Storage)?;
        self.admit(key)?;
        // Admitted: from here on the attempt is counted out exactly once (see `Admitted`).
        let admitted = Admitted { auth: self, key };
        let Some(waiting) = Waiting::enter(&self.waiting) else {
            admitted.finish(None).await;
            return Err(LoginError::Busy);
        };
        let checked = self.check(pin).await;
        drop(waiting);
        let ok = match checked {
            Ok(ok) => ok,
            Err(e) => {
                admitted.finish(None).await;
                return Err(e);
            }
        };
        if !ok {
            let locked = admitted.finish(Some(false)).await;
            // Slows down guessing even before the lockout.
            tokio::time::sleep(Duration::from_millis(400)).await;
            return Err(match locked {
                Some(seconds) => LoginError::Locked { seconds },
                None => LoginError::WrongPin,
            });
        }
        admitted.finish(Some(true)).await;
        let token = random_token();
        let now = now_ms();
        self.store
            .open_session(&sha256_hex(&token), now, now + SESSION_HOURS * 3_600_000)
            .await
            .map_err(|_| LoginError::Storage)?;
        Ok(token)
    }

    /// The slow part: the stored hash against the PIN, off the request threads.
    async fn check(&self, pin: &str) -> Result<bool, LoginError> {
        let _permit = self.checks.acquire().await.map_err(|_| LoginError::Busy)?;
        let stored = self
            .store
            .director_pin_hash()
            .await
            .map_err(|_| LoginError::Storage)?;
        let pin = pin.to_string();
        self.checked.fetch_add(1, Ordering::SeqCst);
        tokio::task::spawn_blocking(move || pin_matches(stored.as_deref(), &pin))
            .await
            .map_err(|_| LoginError::Storage)
    }

    /// Reads the wrong PINs and locks kept in the database into memory, once (later calls
    /// return the first count); returns how many addresses it read. The first sign-in waits
    /// for it; the server calls it at start so that a faulty table shows then.
    pub async fn restore_lockouts(&self) -> Result<usize, StoreError> {
        self.restored
            .get_or_try_init(|| async {
                let rows = self.store.sign_in_failures().await?;
                let mut attempts = self.ledger.attempts();
                let mut read = 0;
                for row in rows {
                    let Ok(ip) = row.address.parse::<IpAddr>() else {
                        continue;
                    };
                    let now = Instant::now();
                    let a = attempts
                        .entry(address_key(ip))
                        .or_insert(Attempts::new(now));
                    a.failures = a.failures.max(row.failures);
                    a.locked_until = row.locked_until.map(instant_at).filter(|u| *u > now);
                    a.last = instant_at(row.last_at).min(now);
                    read += 1;
                }
                Ok(read)
            })
            .await
            .copied()
    }

    /// How many PINs were checked (hashed) since start.
    pub fn pins_checked(&self) -> u64 {
        self.checked.load(Ordering::SeqCst)
    }

    /// Counts the attempt in, or refuses it: locked, or as many checks under way as the
    /// address may still fail.
    fn admit(&self, key: IpAddr) -> Result<(), LoginError> {
        let now = Instant::now();
        let mut attempts = self.ledger.attempts();
        if attempts.len() > 10_000 {
            attempts.retain(|_, a| !a.forgettable(now));
        }
        let a = attempts.entry(key).or_insert(Attempts::new(now));
        a.last = now;
        if let Some(left) = a.locked_until.and_then(|u| u.checked_duration_since(now)) {
            return Err(LoginError::Locked {
                seconds: left.as_secs().max(1),
            });
        }
        if a.in_flight >= a.checks_allowed() {
            // The guesses under way could all fail: this one is refused, unchecked.
            return Err(LoginError::Locked { seconds: 1 });
        }
        a.in_flight += 1;
        Ok(())
    }

    /// Ends every director session and every API token (the console's "sign out
    /// everywhere": whoever saw the PIN may have made a token too); returns how many sessions.
    pub async fn logout_everywhere(&self) -> Result<u64, StoreError> {
        let (sessions, tokens) = self.store.close_all_sessions(now_ms()).await?;
        tracing::warn!(sessions, api_tokens = tokens, "signed out everywhere");
        Ok(sessions)
    }

    /// Forgets expired sessions and addresses that have been quiet for a day; returns how
    /// many sessions were removed.
    pub async fn prune(&self) -> Result<u64, StoreError> {
        let now = Instant::now();
        self.ledger.attempts().retain(|_, a| !a.forgettable(now));
        let forget = i64::try_from(FORGET_AFTER.as_millis()).unwrap_or(i64::MAX);
        self.store
            .prune_sign_in_failures(now_ms().saturating_sub(forget), now_ms())
            .await?;
        self.store.prune_sessions(now_ms()).await
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

/// A sign-in's place among those waiting for a check (`CHECKS_WAITING`), given back when
/// dropped: also when the request is dropped half-way, so hang-ups cannot fill the places.
struct Waiting<'a>(&'a AtomicUsize);

impl<'a> Waiting<'a> {
    fn enter(count: &'a AtomicUsize) -> Option<Waiting<'a>> {
        let place = Waiting(count);
        (count.fetch_add(1, Ordering::SeqCst) < CHECKS_WAITING).then_some(place)
    }
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A sign-in counted in by `Auth::admit`: its answer is counted out exactly once, by
/// `finish` or, when the request is dropped half-way (the client hung up during the check),
/// as a failure, since its check may have run.
struct Admitted<'a> {
    auth: &'a Auth,
    key: IpAddr,
}

impl Admitted<'_> {
    /// `Some(true)` right PIN, `Some(false)` wrong PIN, `None` not checked. Returns the lock's
    /// seconds when this failure locks the address, once the change is on disk.
    async fn finish(self, checked: Option<bool>) -> Option<u64> {
        let (locked, changed) = self.count_out(checked);
        let (auth, key) = (self.auth, self.key);
        std::mem::forget(self);
        if changed {
            if let Some(write) = auth.ledger.spawn_save(key) {
                let _ = write.await;
            }
        }
        locked
    }

    /// Counts the answer out in memory: the lock's seconds when it locks the address, and
    /// whether what the database keeps for the address changed.
    fn count_out(&self, checked: Option<bool>) -> (Option<u64>, bool) {
        let now = Instant::now();
        let mut attempts = self.auth.ledger.attempts();
        let a = attempts.entry(self.key).or_insert(Attempts::new(now));
        a.in_flight = a.in_flight.saturating_sub(1);
        a.last = now;
        match checked {
            None => (None, false),
            Some(true) => {
                let had = a.failures > 0 || a.locked_until.is_some();
                a.failures = 0;
                a.locked_until = None;
                if a.in_flight == 0 {
                    attempts.remove(&self.key);
                }
                (None, had)
            }
            Some(false) => {
                // From the fifth failure in a row: 30 s, doubling each time (at most 1 h).
                a.failures = a.failures.saturating_add(1);
                if a.failures < FREE_ATTEMPTS {
                    return (None, true);
                }
                let seconds =
                    (30u64 << (a.failures - FREE_ATTEMPTS).min(7)).min(LONGEST_LOCK.as_secs());
                a.locked_until = Some(now + Duration::from_secs(seconds));
                (Some(seconds), true)
            }
        }
    }
}

impl Drop for Admitted<'_> {
    fn drop(&mut self) {
        let (_, changed) = self.count_out(Some(false));
        if changed {
            // Dropped half-way (the client hung up): the write goes on in its own task.
            let _ = self.auth.ledger.spawn_save(self.key);
        }
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
