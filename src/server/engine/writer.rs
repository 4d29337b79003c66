//! A tournament's one writer: a task that takes the commands in order of arrival and commits
//! the ones that arrived together in one transaction (group commit: one sync of the WAL for
//! all of them). Each sender is answered only after its command is durable.
//!
//! Under the writer, per command, only what must be in order: the command-id check (in
//! memory), the right of the sender, `decide` and `apply`. Per group: one transaction, one
//! copy of the state for readers, one announcement. The fingerprint of a command is worked
//! out by its sender before it queues.
//!
//! The state is changed as the group is decided (command 2 of a group is decided on the state
//! after command 1), before the commit; readers see it only after the commit. A failed commit
//! (a full disk, above all) answers the whole group with an error and at once rebuilds the
//! state from the log, which is the truth: the memory is then exactly the database, and the
//! next command is decided on it. Should the rebuild fail too, nothing is decided until it
//! succeeds (each later group tries it first), so the writer recovers by itself once the
//! disk has room again.

use super::{now, EngineError, Reply, Shared, Snapshot};
use crate::domain::ids::Timestamp;
use crate::domain::{decide, Command, Ctx, Tournament};
use crate::server::store::{CommandRecord, Origin, Store, StoredOutcome};
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};

/// At most this many commands in one commit: a long queue is answered in slices, so the first
/// of a big group does not wait for the last one's decision.
const MAX_GROUP: usize = 256;

/// What the sender of a command may do depends on the state (a table confirming its own
/// move): asked by the writer just before the decision.
pub type Allowed = Box<dyn FnOnce(&Tournament) -> bool + Send>;

/// A command waiting for the writer, with the way back to its sender.
pub struct Submitted {
    pub command_id: String,
    pub command: Command,
    pub origin: Origin,
    pub fingerprint: String,
    pub allowed: Allowed,
    pub answer: oneshot::Sender<Result<Reply, EngineError>>,
}

/// The writer task's own data: the state only it changes.
pub struct Writer {
    store: Store,
    id: i64,
    state: Tournament,
    last: u64,
    shared: Arc<Shared>,
    /// Hashes of the command ids answered, read from the log at the first command: an id not
    /// in it is new, with no read of the database. A hit is read back (a retry; or, rarely,
    /// two ids with one hash, then the id is new after all).
    known: Option<HashSet<u64>>,
    /// A commit failed after its group changed the state: rebuilt from the log first.
    stale: bool,
}

/// An answer owed to a sender once the group is durable.
type Owed = (
    oneshot::Sender<Result<Reply, EngineError>>,
    Result<Reply, EngineError>,
);

fn id_hash(command_id: &str) -> u64 {
    // SipHash with fixed keys: the same id hashes the same in every run.
    let mut h = std::collections::hash_map::DefaultHasher::new();
    command_id.hash(&mut h);
    h.finish()
}

fn reply_of(outcome: &StoredOutcome) -> Reply {
    match outcome {
        StoredOutcome::Accepted { first, last } => Reply::Accepted {
            first: *first,
            last: *last,
        },
        StoredOutcome::Rejected { error } => Reply::Rejected(error.clone()),
    }
}

impl Writer {
    pub fn new(store: Store, id: i64, state: Tournament, last: u64, shared: Arc<Shared>) -> Self {
        Writer {
            store,
            id,
            state,
            last,
            shared,
            known: None,
            stale: false,
        }
    }

    /// Takes what waits, a group at a time, until the tournament's cell is dropped.
    pub async fn run(mut self, mut inbox: mpsc::UnboundedReceiver<Submitted>) {
        let mut group = Vec::with_capacity(MAX_GROUP);
        while inbox.recv_many(&mut group, MAX_GROUP).await > 0 {
            self.commit(std::mem::take(&mut group)).await;
        }
    }

    async fn commit(&mut self, group: Vec<Submitted>) {
        if let Err(e) = self.ready().await {
            let (disk_full, why) = (e.is_disk_full(), e.to_string());
            for s in group {
                let _ = s.answer.send(Err(EngineError::Unwritten {
                    disk_full,
                    why: why.clone(),
                }));
            }
            return;
        }
        let mut records: Vec<CommandRecord> = Vec::new();
        let mut owed: Vec<Owed> = Vec::new();
        // The ids of this group, for a retry sent before its first try was committed.
        let mut in_group: HashMap<String, (usize, String)> = HashMap::new();
        let before = self.last;
        for s in group {
            if let Some((i, fingerprint)) = in_group.get(&s.command_id) {
                let reply = if *fingerprint == s.fingerprint {
                    Ok(reply_of(&records[*i].outcome))
                } else {
                    Err(EngineError::CommandIdReused)
                };
                owed.push((s.answer, reply));
                continue;
            }
            if self.is_known(&s.command_id) {
                match self.store.outcome(self.id, &s.command_id).await {
                    // Answered before, and durable: its first answer at once.
                    Ok(Some((previous, answered))) => {
                        let reply = if answered.is_some_and(|f| f != s.fingerprint) {
                            Err(EngineError::CommandIdReused)
                        } else {
                            Ok(reply_of(&previous))
                        };
                        let _ = s.answer.send(reply);
                        continue;
                    }
                    Ok(None) => {}
                    Err(e) => {
                        let _ = s.answer.send(Err(e.into()));
                        continue;
                    }
                }
            }
            if !(s.allowed)(&self.state) {
                let _ = s.answer.send(Err(EngineError::Forbidden));
                continue;
            }
            let at = now();
            let ctx = Ctx {
                now: at,
                seed: rand::random(),
                // Never after the receipt: the tap time came from a device.
                tapped_at: s.origin.tapped_at.map(|t| Timestamp(t.min(at.0))),
                sender: s.origin.sender,
            };
            let first = self.last + 1;
            let (events, outcome) = match decide(&self.state, &s.command, ctx) {
                Ok(events) => {
                    for (e, seq) in events.iter().zip(first..) {
                        // `decide` only writes events that fit, so a misfit is a bug in the
                        // core: reported, and the event changes nothing (the log, replayed,
                        // does the same).
                        if let Err(misfit) = self.state.apply(e) {
                            tracing::error!(
                                "tournament {}: event {seq} does not apply: {misfit}",
                                self.id
                            );
                        }
                    }
                    self.last += events.len() as u64;
                    let outcome = StoredOutcome::Accepted {
                        first,
                        last: self.last,
                    };
                    (events, outcome)
                }
                Err(error) => (Vec::new(), StoredOutcome::Rejected { error }),
            };
            in_group.insert(s.command_id.clone(), (records.len(), s.fingerprint.clone()));
            owed.push((s.answer, Ok(reply_of(&outcome))));
            records.push(CommandRecord {
                command_id: s.command_id,
                origin: s.origin,
                at_ms: at.0,
                first_seq: first,
                events,
                outcome,
                fingerprint: Some(s.fingerprint),
            });
        }
        if !records.is_empty() {
            if let Err(e) = self.store.append(self.id, &records).await {
                if e.is_disk_full() {
                    tracing::error!(
                        "tournament {}: the disk is full, commit failed: {e}",
                        self.id
                    );
                } else {
                    tracing::error!("tournament {}: commit failed: {e}", self.id);
                }
                let (disk_full, why) = (e.is_disk_full(), e.to_string());
                // The group changed the state before the commit: back to the log's state
                // before anyone is answered, so a retry is decided on what was written.
                self.stale = true;
                if let Err(e) = self.ready().await {
                    tracing::error!("tournament {}: state not rebuilt yet: {e}", self.id);
                }
                for (answer, _) in owed {
                    let _ = answer.send(Err(EngineError::Unwritten {
                        disk_full,
                        why: why.clone(),
                    }));
                }
                return;
            }
            self.shared
                .commits
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if let Some(known) = self.known.as_mut() {
                known.extend(records.iter().map(|r| id_hash(&r.command_id)));
            }
        }
        if self.last != before {
            self.publish();
        }
        for (answer, reply) in owed {
            let _ = answer.send(reply);
        }
    }

    /// Readers see the committed state; live pages hear of the new last event.
    fn publish(&self) {
        *self
            .shared
            .snapshot
            .write()
            .unwrap_or_else(|e| e.into_inner()) = Snapshot {
            state: Arc::new(self.state.clone()),
            last_seq: self.last,
        };
        self.shared.changes.send_replace(self.last);
    }

    fn is_known(&self, command_id: &str) -> bool {
        self.known
            .as_ref()
            .is_none_or(|k| k.contains(&id_hash(command_id)))
    }

    /// The id check loaded, and the state rebuilt from the log after a failed commit.
    async fn ready(&mut self) -> Result<(), EngineError> {
        if self.stale {
            let (state, last) = self.store.load(self.id).await?;
            self.state = state;
            self.last = last;
            self.stale = false;
            // Readers saw only committed states; this is the same one, or one that the
            // commit which failed on our side had in fact written.
            self.publish();
        }
        if self.known.is_none() {
            let ids = self.store.command_ids(self.id).await?;
            self.known = Some(ids.iter().map(|id| id_hash(id)).collect());
        }
        Ok(())
    }
}
