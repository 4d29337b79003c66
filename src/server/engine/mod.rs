//! The tournament engine: one writer per tournament, many readers. A command is decided on
//! the writer's state and committed durably; only then do readers see it and its sender get
//! the answer ("write, then publish": a failed write shows nothing). Command ids make retries
//! harmless. The writer itself (a task per tournament, group commit) is `writer.rs`.

mod writer;

use super::store::{CommandRecord, Origin, Store, StoreError, StoredOutcome};
use crate::domain::ids::Timestamp;
use crate::domain::log::event::TournamentCreated;
use crate::domain::view::{tournament_view, TournamentView};
use crate::domain::{Command, DomainError, Tournament};
use std::collections::BTreeMap;
use std::sync::{Arc, RwLock};
use tokio::sync::{mpsc, oneshot, watch};
use writer::{Submitted, Writer};

/// The answer to a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Recorded durably as events `first..=last`.
    Accepted { first: u64, last: u64 },
    /// Refused by the rules; nothing changed.
    Rejected(DomainError),
}

/// Failures of the engine itself (not of the rules).
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("unknown tournament {0}")]
    UnknownTournament(i64),
    #[error("invalid command id")]
    InvalidCommandId,
    /// The sender may not send this command in the tournament's current state.
    #[error("not allowed for this sender now")]
    Forbidden,
    /// A command id that already answered another command (a client reusing ids): refused,
    /// rather than handing back the first command's answer as if this one had been done.
    #[error("this command id was used for another command")]
    CommandIdReused,
    /// The log could not be written: nothing of the command was kept, and the tournament is
    /// exactly as the log says (the sender may send the same command id again later).
    /// `disk_full`: for want of space, which comes back by itself once space is freed.
    #[error("the log could not be written: {why}")]
    Unwritten { disk_full: bool, why: String },
    /// The tournament's writer stopped (the server is shutting down).
    #[error("the writer of tournament {0} stopped")]
    WriterGone(i64),
    /// An imported log that does not start with a tournament's creation.
    #[error("not a tournament's event log")]
    InvalidLog,
    /// An imported log that replays to a state the rules could never reach (negative chips,
    /// prizes beyond the money…): refused before any face shows it.
    #[error("the log leads to an impossible tournament: {0}")]
    ImpossibleLog(crate::domain::sanity::Impossible),
    /// An imported log with an event that does not fit the state before it (`seq` from 1).
    #[error("event {seq} of the log does not apply: {source}")]
    CorruptLog {
        seq: u64,
        source: crate::domain::ApplyError,
    },
}

impl EngineError {
    /// The command was not written for want of disk space (no other fault).
    pub fn is_disk_full(&self) -> bool {
        match self {
            EngineError::Unwritten { disk_full, .. } => *disk_full,
            EngineError::Store(e) => e.is_disk_full(),
            _ => false,
        }
    }
}

/// A consistent copy of a tournament for readers, with the last event number in it.
#[derive(Clone, Debug)]
pub struct Snapshot {
    pub state: Arc<Tournament>,
    pub last_seq: u64,
}

/// One tournament: the way to its writer, and what readers share.
struct Cell {
    /// The tournament's writer task takes commands from here, in order of arrival.
    writer: mpsc::UnboundedSender<Submitted>,
    shared: Arc<Shared>,
}

/// What the writer publishes and readers read.
struct Shared {
    /// What readers see; swapped after every commit.
    snapshot: RwLock<Snapshot>,
    /// The view last worked out, shared by every page that asks within the same second of
    /// the same event number: after an event, hundreds of pages ask at once (issue G), and
    /// working the view out (standings, balancing plan, ICM quotes) once serves them all.
    view: std::sync::Mutex<Option<Arc<CachedView>>>,
    /// Announces each new last event number to live pages.
    changes: watch::Sender<u64>,
    /// Taken to work out a new view: one at a time, and the requests waiting behind it
    /// served by it.
    view_turn: tokio::sync::Mutex<()>,
    /// Transactions the writer committed (commands per commit shows the group commit at work).
    commits: std::sync::atomic::AtomicU64,
}

/// A view for one event number, worked out during one second of the server's clock and
/// shared by every reader that asks meanwhile (the live push layer turns it into bytes once,
/// `server/http/view_bytes.rs`).
pub struct CachedView {
    pub tournament: i64,
    pub last_seq: u64,
    second: i64,
    /// When it was worked out (the next one not before `VIEW_EVERY` after it).
    made: tokio::time::Instant,
    /// `None` before the tournament has its configuration.
    pub view: Option<Arc<TournamentView>>,
}

#[cfg(test)]
impl CachedView {
    /// A view of a tournament without its configuration yet, at event `last_seq`.
    pub fn unconfigured(tournament: i64, last_seq: u64) -> CachedView {
        CachedView {
            tournament,
            last_seq,
            second: 0,
            made: tokio::time::Instant::now(),
            view: None,
        }
    }
}

/// The shortest time between two views of a tournament worked out for pages: ten a second at
/// most, whatever the rate of commands (a page sees a change at most this much later).
const VIEW_EVERY: std::time::Duration = std::time::Duration::from_millis(100);

impl Shared {
    fn snapshot(&self) -> Snapshot {
        self.snapshot
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }
}

/// All tournaments of the club, loaded in memory from the log.
pub struct Engine {
    store: Store,
    cells: RwLock<BTreeMap<i64, Arc<Cell>>>,
}

/// A command id is made by the client and is a key of the log: 1 to 64 characters. The one
/// check of it, for every way in.
pub fn check_command_id(command_id: &str) -> Result<(), EngineError> {
    if command_id.is_empty() || command_id.len() > 64 {
        Err(EngineError::InvalidCommandId)
    } else {
        Ok(())
    }
}

/// What identifies a command's content: the SHA-256 of its JSON (stored with its answer).
fn fingerprint(command: &Command) -> Result<String, EngineError> {
    use sha2::{Digest, Sha256};
    let json = serde_json::to_vec(command).map_err(StoreError::from)?;
    Ok(hex::encode(Sha256::digest(&json)))
}

/// The host's clock, read once per command and handed to the core.
pub fn now() -> Timestamp {
    Timestamp(chrono::Utc::now().timestamp_millis())
}

impl Engine {
    /// Rebuilds every tournament by replaying its log. A tournament whose log does not load
    /// (an event that no longer reads or applies) is left out with an error naming it and the
    /// event, and the others are served: one damaged evening must not close the club.
    pub async fn open(store: Store) -> Result<Engine, EngineError> {
        let mut cells = BTreeMap::new();
        for id in store.tournament_ids().await? {
            match store.load(id).await {
                Ok((state, last)) => {
                    cells.insert(id, Arc::new(Self::start(store.clone(), id, state, last)));
                }
                // One corrupt log must not take the club's other tournaments down: it is
                // reported (tournament and event number) and left out until repaired.
                Err(e @ (StoreError::Corrupt { .. } | StoreError::Apply { .. })) => {
                    tracing::error!("tournament {id} not loaded: {e}");
                }
                Err(e) => return Err(e.into()),
            }
        }
        Ok(Engine {
            store,
            cells: RwLock::new(cells),
        })
    }

    /// A tournament's cell, its writer task started (it ends when the cell is dropped).
    fn cell(&self, id: i64, state: Tournament, last: u64) -> Cell {
        Self::start(self.store.clone(), id, state, last)
    }

    fn start(store: Store, id: i64, state: Tournament, last: u64) -> Cell {
        let shared = Arc::new(Shared {
            snapshot: RwLock::new(Snapshot {
                state: Arc::new(state.clone()),
                last_seq: last,
            }),
            view: std::sync::Mutex::new(None),
            view_turn: tokio::sync::Mutex::new(()),
            changes: watch::channel(last).0,
            commits: Default::default(),
        });
        let (tx, rx) = mpsc::unbounded_channel();
        tokio::spawn(Writer::new(store, id, state, last, shared.clone()).run(rx));
        Cell { writer: tx, shared }
    }

    /// The storage behind the engine.
    pub fn store(&self) -> &Store {
        &self.store
    }

    fn get(&self, id: i64) -> Result<Arc<Cell>, EngineError> {
        let cells = self.cells.read().unwrap_or_else(|e| e.into_inner());
        cells
            .get(&id)
            .cloned()
            .ok_or(EngineError::UnknownTournament(id))
    }

    /// Is `id` a tournament the engine serves? (Asked on every command: no list is built.)
    pub fn contains(&self, id: i64) -> bool {
        self.cells
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .contains_key(&id)
    }

    /// Ids of the tournaments, oldest first.
    pub fn tournament_ids(&self) -> Vec<i64> {
        self.cells
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .keys()
            .copied()
            .collect()
    }

    /// Creates an empty tournament; its configuration comes with `CreateTournament`.
    pub async fn create(&self, name: &str) -> Result<i64, EngineError> {
        let id = self.store.create_tournament(name, now().0).await?;
        self.cells
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id, Arc::new(self.cell(id, Tournament::default(), 0)));
        Ok(id)
    }

    /// Imports a tournament's full event log (as exported) as a new tournament: the events
    /// are stored as one acknowledged command and replayed, so the copy is exactly the
    /// original's state. The log must begin with the tournament's creation.
    pub async fn import(&self, events: &[crate::domain::Event]) -> Result<i64, EngineError> {
        let name = match events.first() {
            Some(crate::domain::Event::TournamentCreated(TournamentCreated { config })) => {
                config.name.clone()
            }
            _ => return Err(EngineError::InvalidLog),
        };
        let mut state = Tournament::default();
        for (e, seq) in events.iter().zip(1u64..) {
            state
                .apply(e)
                .map_err(|source| EngineError::CorruptLog { seq, source })?;
        }
        if let Some(impossible) = crate::domain::sanity::impossible(&state) {
            return Err(EngineError::ImpossibleLog(impossible));
        }
        let id = self.store.create_tournament(&name, now().0).await?;
        let last = events.len() as u64;
        let command_id = format!("import-{}", uuid::Uuid::new_v4());
        let origin = Origin {
            actor: "director".into(),
            device: "import".into(),
            tapped_at: None,
            sender: None,
        };
        let record = CommandRecord {
            command_id,
            origin,
            at_ms: now().0,
            first_seq: 1,
            events: events.to_vec(),
            outcome: StoredOutcome::Accepted { first: 1, last },
            fingerprint: None,
        };
        self.store.append(id, &[record]).await?;
        self.cells
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id, Arc::new(self.cell(id, state, last)));
        Ok(id)
    }

    /// A reader's copy of a tournament.
    pub fn snapshot(&self, id: i64) -> Result<Snapshot, EngineError> {
        Ok(self.get(id)?.shared.snapshot())
    }

    /// The tournament's view, with the last event number in it (`None` before the
    /// tournament has its configuration): at least as new as the state when it was asked for.
    ///
    /// Worked out at most once per event number and second (the view's time-dependent parts,
    /// the registration deadline and minutes penalties, are then at most a second old; every
    /// page counts the clock down by itself), and not more often than every `VIEW_EVERY`: in a
    /// burst of commands every event number is new, and 400 pages refetching would otherwise
    /// each work out a view of their own and starve the writer (issue O). A request that
    /// comes within `VIEW_EVERY` of the last view waits for the next one, which then serves
    /// every request waiting. One view is worked out at a time per tournament.
    pub async fn view(&self, id: i64) -> Result<Arc<CachedView>, EngineError> {
        let cell = self.get(id)?;
        let shared = &cell.shared;
        let wanted = shared.snapshot().last_seq;
        let _turn = shared.view_turn.lock().await;
        let cached = shared
            .view
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        if let Some(c) = &cached {
            // Made while this request waited its turn, or earlier for the same number.
            if c.last_seq >= wanted && c.second == now().0.div_euclid(1000) {
                return Ok(c.clone());
            }
            tokio::time::sleep_until(c.made + VIEW_EVERY).await;
        }
        // The newest state now: it serves every request waiting behind this one.
        let snap = shared.snapshot();
        let at = now();
        let fresh = Arc::new(CachedView {
            tournament: id,
            last_seq: snap.last_seq,
            second: at.0.div_euclid(1000),
            made: tokio::time::Instant::now(),
            view: tournament_view(&snap.state, at).map(Arc::new),
        });
        *shared.view.lock().unwrap_or_else(|e| e.into_inner()) = Some(fresh.clone());
        Ok(fresh)
    }

    /// How many transactions the tournament's writer has committed since the server started.
    pub fn commits(&self, id: i64) -> Result<u64, EngineError> {
        Ok(self
            .get(id)?
            .shared
            .commits
            .load(std::sync::atomic::Ordering::Relaxed))
    }

    /// The tournament's last event number, live: a receiver sees the newest number after each
    /// commit (a slow one skips to the newest; it only needs that).
    pub fn subscribe(&self, id: i64) -> Result<watch::Receiver<u64>, EngineError> {
        Ok(self.get(id)?.shared.changes.subscribe())
    }

    /// Decides, commits and applies one command. The same `command_id` twice returns the
    /// first answer and never applies twice.
    pub async fn submit(
        &self,
        id: i64,
        command_id: &str,
        command: &Command,
        origin: &Origin,
    ) -> Result<Reply, EngineError> {
        self.submit_if(id, command_id, command, origin, |_| true)
            .await
    }

    /// `submit` for a sender whose right depends on the state (a table confirming a move):
    /// `allowed` is asked by the writer, after a retry's stored answer (a retry of an accepted
    /// command must get its answer even when the state has moved on) and just before the
    /// decision. Refused, nothing is stored: `EngineError::Forbidden`.
    pub async fn submit_if(
        &self,
        id: i64,
        command_id: &str,
        command: &Command,
        origin: &Origin,
        allowed: impl FnOnce(&Tournament) -> bool + Send + 'static,
    ) -> Result<Reply, EngineError> {
        check_command_id(command_id)?;
        // Worked out here, in the sender's task: the writer does only what must be in order.
        let fingerprint = fingerprint(command)?;
        let cell = self.get(id)?;
        let (answer, answered) = oneshot::channel();
        let submitted = Submitted {
            command_id: command_id.to_string(),
            command: command.clone(),
            origin: origin.clone(),
            fingerprint,
            allowed: Box::new(allowed),
            answer,
        };
        cell.writer
            .send(submitted)
            .map_err(|_| EngineError::WriterGone(id))?;
        // The writer answers every command it takes; a dropped answer means it stopped.
        answered.await.map_err(|_| EngineError::WriterGone(id))?
    }
}
