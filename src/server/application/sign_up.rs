//! The door's rate limit (issue T): signing up needs no credential, so each address may
//! sign up a few players in a short time (a phone signs up its owner and a friend), and a
//! script on the club's network fills nothing but its own allowance. The queue's own cap
//! (`door::MAX_QUEUE`) bounds the rest.

use std::collections::{BTreeMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Sign-ups one address may make within [`WINDOW`].
pub const PER_ADDRESS: usize = 10;
/// The window the sign-ups are counted in.
pub const WINDOW: Duration = Duration::from_secs(600);

/// Counts sign-ups per address (an IPv6 address by its /64, as the PIN lockout counts).
#[derive(Debug, Default)]
pub struct SignUpLimiter {
    recent: Mutex<BTreeMap<IpAddr, VecDeque<Instant>>>,
}

impl SignUpLimiter {
    /// Counts one sign-up from `address` at `now`, or says in how many seconds the next one
    /// is allowed.
    pub fn admit(&self, address: IpAddr, now: Instant) -> Result<(), u64> {
        let key = crate::server::auth::address_key(address);
        let mut recent = self
            .recent
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        // Forget what is out of the window, everywhere: the map stays as small as the last
        // ten minutes' sign-ups.
        recent.retain(|_, times| {
            while times
                .front()
                .is_some_and(|t| now.duration_since(*t) >= WINDOW)
            {
                times.pop_front();
            }
            !times.is_empty()
        });
        let times = recent.entry(key).or_default();
        if times.len() >= PER_ADDRESS {
            let oldest = times.front().copied().unwrap_or(now);
            let wait = WINDOW.saturating_sub(now.duration_since(oldest));
            return Err(wait.as_secs().max(1));
        }
        times.push_back(now);
        Ok(())
    }
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
            assert_eq!(limiter.admit(phone, t0), Ok(()));
        }
        assert_eq!(limiter.admit(phone, t0), Err(600));
        assert_eq!(
            limiter.admit(other, t0),
            Ok(()),
            "another phone is not held up"
        );
        assert_eq!(
            limiter.admit(phone, t0 + WINDOW),
            Ok(()),
            "the window moved on"
        );
        // An IPv6 phone changing its address inside its /64 is still the same phone.
        let v6 = |s: &str| s.parse::<IpAddr>().unwrap();
        for i in 0..PER_ADDRESS {
            assert_eq!(
                limiter.admit(v6(&format!("2001:db8::{:x}", i + 1)), t0),
                Ok(())
            );
        }
        assert!(limiter.admit(v6("2001:db8::ffff"), t0).is_err());
    }
}
