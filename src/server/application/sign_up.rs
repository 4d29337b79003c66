//! The door (issue T), for both front doors: a sign-up answered with the phone's token for its
//! place, and the rate limit. Signing up needs no credential, so each address may sign up a
//! few players in a short time (a phone signs up its owner and a friend), and a script on the
//! club's network fills nothing but its own allowance. Only the director and the tables are
//! not counted: a phone's own sign-up token or a player's personal link proves nothing about
//! how many more that address may sign up. The queue's own cap
//! (`door::MAX_QUEUE`) bounds the rest.

use super::Services;
use super::{execute, Credentials, Refusal, TapTimes};
use crate::domain::command::{Command, SignUp};
use crate::domain::event::PaymentMethod;
use crate::domain::ids::EntryNo;
use crate::domain::names::search_key;
use std::collections::{BTreeMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A place in a tournament's queue, and the token that follows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub tournament: i64,
    pub entry: EntryNo,
    pub token: String,
}

/// Signs a player up (`Command::SignUp` through `execute`, so the role policy, the rate limit
/// and the command id's idempotence apply) and answers with the place and its token. A name
/// the club knows (case, accents and spacing aside) is written the club's way. A retry of the
/// same command id finds the same place.
pub async fn sign_up(
    app: &Services,
    credentials: &Credentials,
    tournament: Option<i64>,
    command_id: &str,
    name: &str,
    method: PaymentMethod,
    device: &str,
) -> Result<Place, Refusal> {
    let name = club_spelling(app, name)
        .await
        .unwrap_or_else(|| name.to_string());
    let command = Command::SignUp(SignUp {
        name: name.clone(),
        method,
    });
    let done = execute(
        app,
        credentials,
        tournament,
        command_id,
        &command,
        device,
        TapTimes::default(),
    )
    .await?;
    // Names wait once each, so the name finds the place (also for a retry's stored answer).
    let key = search_key(&name);
    let snapshot = app
        .engine
        .snapshot(done.tournament)
        .map_err(Refusal::internal)?;
    let door = &snapshot.state.door;
    let waiting = door
        .queue
        .iter()
        .find(|e| search_key(&e.name) == key)
        .map(|e| e.entry);
    // Admitted already (a retry long after): the entry of the player of that name.
    let admitted = || {
        door.admitted
            .iter()
            .find(|(_, p)| {
                snapshot
                    .state
                    .players
                    .get(p)
                    .is_some_and(|p| search_key(&p.name) == key)
            })
            .map(|(e, _)| *e)
    };
    let entry = waiting
        .or_else(admitted)
        .ok_or_else(|| Refusal::internal("a sign-up accepted and not in the queue"))?;
    Ok(Place {
        tournament: done.tournament,
        entry,
        token: app.player_links.sign_up_token(done.tournament, entry),
    })
}

/// The club's spelling of a name typed at the door, when exactly one club player has that
/// name (case, accents and spacing aside). The club's list itself stays private: only a name
/// typed whole is recognised.
async fn club_spelling(app: &Services, typed: &str) -> Option<String> {
    let key = search_key(typed);
    if key.is_empty() || typed.chars().count() > 100 {
        return None;
    }
    let rows = app
        .engine
        .store()
        .search_club_players(typed, 10)
        .await
        .ok()?;
    let mut same = rows.into_iter().filter(|r| search_key(&r.name) == key);
    let first = same.next()?;
    same.next().is_none().then_some(first.name)
}

/// Sign-ups one address may make within [`WINDOW`], unless the server is started with another
/// allowance (`--sign-ups-per-address`). On the club's own network every phone has its own
/// address; a server on the internet sees the club's WiFi as one address and wants more.
pub const PER_ADDRESS: usize = 10;
/// The window the sign-ups are counted in.
pub const WINDOW: Duration = Duration::from_secs(600);

/// Counts the sign-ups taken per address (an IPv6 address by its /64, as the PIN lockout counts).
#[derive(Debug)]
pub struct SignUpLimiter {
    per_address: usize,
    recent: Mutex<BTreeMap<IpAddr, VecDeque<Instant>>>,
}

impl Default for SignUpLimiter {
    fn default() -> Self {
        SignUpLimiter::new(PER_ADDRESS)
    }
}

impl SignUpLimiter {
    /// A limiter letting each address sign up `per_address` within [`WINDOW`] (at least one).
    pub fn new(per_address: usize) -> Self {
        SignUpLimiter {
            per_address: per_address.max(1),
            recent: Mutex::default(),
        }
    }

    /// Takes one of `address`'s sign-ups at `now`, before the sign-up is carried out (as the
    /// PINs are counted before they are checked): a burst sent at the same instant gets its
    /// allowance and no more. Refused: in how many seconds one comes free. A sign-up the
    /// queue then refuses gives its place back ([`SignUpLimiter::give_back`]): a name
    /// refused at the door costs no allowance.
    pub fn take(&self, address: IpAddr, now: Instant) -> Result<(), u64> {
        let key = crate::server::auth::address_key(address);
        let mut recent = self.recent();
        forget_old(&mut recent, now);
        let times = recent.entry(key).or_default();
        if times.len() >= self.per_address {
            let oldest = times.front().copied().unwrap_or(now);
            let wait = WINDOW.saturating_sub(now.duration_since(oldest));
            return Err(wait.as_secs().max(1));
        }
        times.push_back(now);
        Ok(())
    }

    /// Gives back the sign-up taken at `at` by `address` (the queue refused it).
    pub fn give_back(&self, address: IpAddr, at: Instant) {
        let key = crate::server::auth::address_key(address);
        let mut recent = self.recent();
        if let Some(times) = recent.get_mut(&key) {
            if let Some(i) = times.iter().rposition(|t| *t == at) {
                times.remove(i);
            }
            if times.is_empty() {
                recent.remove(&key);
            }
        }
    }

    fn recent(&self) -> std::sync::MutexGuard<'_, BTreeMap<IpAddr, VecDeque<Instant>>> {
        self.recent
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// Forgets what is out of the window, everywhere: the map stays as small as the last ten
/// minutes' sign-ups.
fn forget_old(recent: &mut BTreeMap<IpAddr, VecDeque<Instant>>, now: Instant) {
    recent.retain(|_, times| {
        while times
            .front()
            .is_some_and(|t| now.duration_since(*t) >= WINDOW)
        {
            times.pop_front();
        }
        !times.is_empty()
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_signs_up_its_allowance_then_waits_for_the_window() {
        let limiter = SignUpLimiter::default();
        let phone: IpAddr = "192.168.1.20".parse().unwrap();
        let other: IpAddr = "192.168.1.21".parse().unwrap();
        let t0 = Instant::now();
        for _ in 0..PER_ADDRESS {
            assert_eq!(limiter.take(phone, t0), Ok(()));
        }
        assert_eq!(limiter.take(phone, t0), Err(600));
        // One refused by the queue comes back.
        limiter.give_back(phone, t0);
        assert_eq!(limiter.take(phone, t0), Ok(()));
        assert_eq!(limiter.take(phone, t0), Err(600));
        assert_eq!(
            limiter.take(other, t0),
            Ok(()),
            "another phone is not held up"
        );
        assert_eq!(
            limiter.take(phone, t0 + WINDOW),
            Ok(()),
            "the window moved on"
        );
        // An IPv6 phone changing its address inside its /64 is still the same phone.
        let v6 = |s: &str| s.parse::<IpAddr>().unwrap();
        for i in 0..PER_ADDRESS {
            assert!(limiter
                .take(v6(&format!("2001:db8::{:x}", i + 1)), t0)
                .is_ok());
        }
        assert!(limiter.take(v6("2001:db8::ffff"), t0).is_err());
    }
}
