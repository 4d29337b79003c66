//! The application layer: the one way from either front door (the pages' server functions
//! and `/api/v1`) to the engine. It resolves the tournament and the caller, asks the role
//! policy, submits to the engine (which asks the policy again under the writer lock), does
//! the after-commit work, and answers with one refusal type whose codes are the same for
//! every door. The doors only parse their input and map `Refusal` to their transport.

pub mod access;
pub mod caller;
pub mod club;
mod creation;
pub mod exports;
pub mod links;
pub mod policy;
pub mod reads;
pub mod refusal;
mod services;
pub mod sign_up;

pub use caller::{identify, Caller, Credentials};
pub use creation::{create_empty, create_tournament};
pub use refusal::Refusal;

use crate::domain::command::Command;
use crate::domain::ranking::TournamentStatus;
use crate::server::engine::{EngineError, Reply};
use crate::server::store::Origin;
pub use services::Services;

/// A command recorded durably as events `first_seq..=last_seq` of `tournament`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Executed {
    pub tournament: i64,
    pub first_seq: u64,
    pub last_seq: u64,
}

/// The tournament the faces show without `?t=`, among those not archived (see
/// [`room_default`]). Archiving a tournament is how the director takes it out of the room's
/// way; every tournament stays readable by its id.
pub async fn default_tournament(app: &Services) -> Result<Option<i64>, Refusal> {
    let ids = app
        .engine
        .store()
        .active_ids()
        .await
        .map_err(Refusal::internal)?;
    let now = crate::server::engine::now();
    let statuses: Vec<(i64, TournamentStatus)> = ids
        .into_iter()
        .map(|id| {
            let status = app
                .engine
                .snapshot(id)
                .map_or(TournamentStatus::Empty, |s| {
                    crate::domain::ranking::status(&s.state, now)
                });
            (id, status)
        })
        .collect();
    Ok(room_default(&statuses))
}

/// The room's tournament among `(id, status)`, oldest first: the one being played (the newest
/// if several), else the next to start (the oldest one registering, then the oldest not yet
/// configured), else the one that finished last (its results stay on the TV until the next
/// tournament is made). A newer finished tournament never hides a running one.
pub fn room_default(tournaments: &[(i64, TournamentStatus)]) -> Option<i64> {
    let first = |status: TournamentStatus| {
        tournaments
            .iter()
            .find(|(_, s)| *s == status)
            .map(|(id, _)| *id)
    };
    let last = |status: TournamentStatus| {
        tournaments
            .iter()
            .rev()
            .find(|(_, s)| *s == status)
            .map(|(id, _)| *id)
    };
    last(TournamentStatus::Running)
        .or_else(|| first(TournamentStatus::Registering))
        .or_else(|| first(TournamentStatus::Empty))
        .or_else(|| last(TournamentStatus::Finished))
}

#[cfg(test)]
mod room_default_tests {
    use super::room_default;
    use crate::domain::ranking::TournamentStatus::*;

    #[test]
    fn a_running_tournament_comes_before_a_newer_finished_or_registering_one() {
        assert_eq!(room_default(&[(1, Running), (2, Finished)]), Some(1));
        assert_eq!(room_default(&[(1, Running), (2, Registering)]), Some(1));
        assert_eq!(
            room_default(&[(1, Running), (2, Running), (3, Finished)]),
            Some(2)
        );
    }

    #[test]
    fn then_the_next_to_start_then_the_last_finished() {
        assert_eq!(
            room_default(&[(1, Finished), (2, Registering), (3, Registering)]),
            Some(2)
        );
        assert_eq!(room_default(&[(1, Finished), (2, Empty)]), Some(2));
        assert_eq!(room_default(&[(1, Empty), (2, Registering)]), Some(2));
        assert_eq!(room_default(&[(1, Finished), (2, Finished)]), Some(2));
        assert_eq!(room_default(&[]), None);
    }
}

/// The tournament a request is about: the one it names, which must exist, else the club's
/// default.
pub async fn resolve(app: &Services, tournament: Option<i64>) -> Result<i64, Refusal> {
    match tournament {
        Some(id) if app.engine.contains(id) => Ok(id),
        Some(_) => Err(Refusal::NotFound("tournament")),
        None => default_tournament(app).await?.ok_or(Refusal::NoTournament),
    }
}

/// When a person tapped, as the sending device tells it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TapTimes {
    /// The device's clock when the person tapped (ms since the epoch).
    pub tapped_at: Option<i64>,
    /// The device's clock when this try left it. With both, the server measures how long the
    /// tap waited on the device's own clock, so a tablet whose clock is ten minutes wrong
    /// still gets its tap time right.
    pub sent_at: Option<i64>,
}

impl TapTimes {
    /// The tap time on the server's clock, given when the command arrived; never after it.
    pub fn on_server_clock(self, received: i64) -> Option<i64> {
        let tapped = self.tapped_at?;
        let on_server = match self.sent_at {
            Some(sent) => received.saturating_sub(sent.saturating_sub(tapped).max(0)),
            None => tapped,
        };
        Some(on_server.min(received))
    }
}

/// The number the rules keep for the machine at `address` (its sign-in key: an IPv6 address
/// by its /64): FNV-1a of the address, the same on every start, so a flood signed up before a
/// restart is still cleared as one.
pub fn sender_of(address: std::net::IpAddr) -> crate::domain::ids::Sender {
    let key = crate::server::auth::address_key(address).to_string();
    let hash = key.bytes().fold(0x811c_9dc5_u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    });
    crate::domain::ids::Sender(hash)
}

/// Carries out one command for whoever sent these credentials: the tournament (named or the
/// default), the caller, the role policy, the engine (idempotent by `command_id`: the same
/// id again returns the first answer and never applies twice), and after an accepted
/// registration the link to the club's player database. `device` and the tap time (when the
/// person tapped, put on the server's clock) go into the log.
pub async fn execute(
    app: &Services,
    credentials: &Credentials,
    tournament: Option<i64>,
    command_id: &str,
    command: &Command,
    device: &str,
    taps: TapTimes,
) -> Result<Executed, Refusal> {
    // Who asks before whether it exists: a request with no credential at all learns nothing
    // of the club's tournaments (401, not 404).
    // The one exception: joining the door's queue needs no credential (issue T).
    let signing_up = matches!(command, Command::SignUp(_));
    if credentials.is_empty() && !signing_up {
        return Err(Refusal::Unauthenticated);
    }
    let tournament = resolve(app, tournament).await?;
    let caller = identify(app, credentials, Some(tournament)).await;
    caller.may_send(tournament, command)?;
    // Counted before it is carried out, for every caller but the director and the tables
    // (a phone's sign-up token or a personal link exempts nothing); given back when the
    // queue refuses it.
    let exempt = matches!(caller, Caller::Director | Caller::Table { .. });
    let counted = (signing_up && !exempt)
        .then_some(credentials.address)
        .flatten()
        .map(|address| (address, std::time::Instant::now()));
    if let Some((address, at)) = counted {
        app.sign_ups
            .take(address, at)
            .map_err(|seconds| Refusal::TooManySignUps { seconds })?;
    }
    let give_back = || {
        if let Some((address, at)) = counted {
            app.sign_ups.give_back(address, at);
        }
    };
    let origin = Origin {
        actor: caller.actor(),
        device: device.to_string(),
        tapped_at: taps.on_server_clock(crate::server::engine::now().0),
        sender: credentials.address.map(sender_of),
    };
    // Asked by the tournament's writer, just before the decision.
    let may_now = {
        let (caller, command) = (caller.clone(), command.clone());
        move |t: &crate::domain::Tournament| caller.may_send_now(&command, t)
    };
    let reply = match app
        .engine
        .submit_if(tournament, command_id, command, &origin, may_now)
        .await
    {
        Ok(reply) => reply,
        Err(e) => {
            give_back();
            return Err(engine_refusal(e));
        }
    };
    match reply {
        Reply::Accepted { first, last } => {
            after_commit(app, tournament, command).await;
            Ok(Executed {
                tournament,
                first_seq: first,
                last_seq: last,
            })
        }
        Reply::Rejected(e) => {
            give_back();
            Err(Refusal::Rules(e))
        }
    }
}

/// Work that follows an acknowledged command and may lag behind it: a registration links the
/// entry to the club's player database. A failure is logged, never returned: the command
/// itself is durable, and the next catch-up (start-up, the next registration, a ranking)
/// links it.
async fn after_commit(app: &Services, tournament: i64, command: &Command) {
    if matches!(command, Command::RegisterPlayer(_)) {
        if let Err(e) = crate::server::club::link_tournament(&app.engine, tournament).await {
            tracing::warn!(tournament, "club player links not written yet: {e}");
        }
    }
}

/// The director-only check for any other operation (settings, links, receipts, the club's
/// lists): the caller from these credentials must be the director.
pub async fn require_director(app: &Services, credentials: &Credentials) -> Result<(), Refusal> {
    identify(app, credentials, None).await.require_director()
}

/// The tournament a request names, or the faces' default when it names none (`None` when
/// there is none). Unlike [`resolve`], a named tournament is taken as it is: what it is asked
/// for says what an unknown one gets.
pub async fn chosen_tournament(
    app: &Services,
    tournament: Option<i64>,
) -> Result<Option<i64>, Refusal> {
    match tournament {
        Some(t) => Ok(Some(t)),
        None => default_tournament(app).await,
    }
}

/// [`chosen_tournament`], once the caller is known to be the director. Checked first, so a
/// refusal says nothing about which tournaments exist.
pub async fn directors_tournament(
    app: &Services,
    credentials: &Credentials,
    tournament: Option<i64>,
) -> Result<Option<i64>, Refusal> {
    require_director(app, credentials).await?;
    chosen_tournament(app, tournament).await
}

/// The engine's own failures, as refusals.
pub(crate) fn engine_refusal(e: EngineError) -> Refusal {
    match e {
        EngineError::InvalidCommandId => Refusal::InvalidCommandId,
        EngineError::CommandIdReused => Refusal::CommandIdReused,
        EngineError::UnknownTournament(_) => Refusal::NotFound("tournament"),
        EngineError::Forbidden => Refusal::Forbidden,
        e if e.is_disk_full() => {
            tracing::error!("refused for want of disk space: {e}");
            Refusal::DiskFull
        }
        e => Refusal::internal(e),
    }
}

#[cfg(test)]
mod tests {
    use super::TapTimes;

    #[test]
    fn a_tap_is_put_on_the_server_clock_by_how_long_it_waited_on_the_device() {
        // The tablet's clock runs ten minutes slow; the tap waited 90 s in its outbox.
        let received = 1_000_000_000;
        let slow = received - 600_000;
        let taps = TapTimes {
            tapped_at: Some(slow - 90_000),
            sent_at: Some(slow),
        };
        assert_eq!(taps.on_server_clock(received), Some(received - 90_000));
        // Without the send time the device's clock is taken as it is, but never later than
        // the receipt (a clock running fast).
        let fast = TapTimes {
            tapped_at: Some(received + 5_000),
            sent_at: None,
        };
        assert_eq!(fast.on_server_clock(received), Some(received));
        // A send time before the tap (a clock set back meanwhile) counts as no wait.
        let back = TapTimes {
            tapped_at: Some(2_000),
            sent_at: Some(1_000),
        };
        assert_eq!(back.on_server_clock(received), Some(received));
        assert_eq!(TapTimes::default().on_server_clock(received), None);
    }
}
