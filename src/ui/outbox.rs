//! The device's outbox (issue N): no tap is lost to a WiFi drop, a reload or a server restart.
//!
//! A tap makes its command id at once and the command is written to the device's local
//! storage before it is first sent. The outbox then sends the waiting commands one by one, in
//! the order they were tapped, until the server answers each (accepted or refused); a send
//! that fails for want of a network (or of the server) is tried again with backoff, and at
//! once when the browser comes back online or the live stream reopens. The server applies a
//! command id once, so sending again is always safe. A page opened later (after a reload, or
//! the next day) finds what waits in local storage and sends it.
//!
//! The control that was tapped waits a few seconds for its answer; when the answer is not
//! there by then (the network is down) it says the command is kept on the device, and the
//! answer that comes later is listed by the outbox's banner, a refusal plainly, until read.

// On the server no page sends anything: the sending half is the browser's.
#![cfg_attr(not(feature = "hydrate"), allow(dead_code))]

use crate::domain::command::Command;
use crate::protocol::{CommandReply, Refused};
use futures::channel::oneshot;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Where the waiting commands are kept on the device.
const STORAGE_KEY: &str = "clubtd.outbox.v1";
/// How long a tapped control waits for its answer before it says "kept on this device".
const WAIT_FOR_ANSWER_MS: u64 = 4_000;
/// The longest pause between two tries while the server cannot be reached.
const MAX_BACKOFF_MS: u64 = 15_000;
/// Answers that came late are kept for the person to read, the newest few.
const LATE_ANSWERS_KEPT: usize = 8;

/// One command waiting on the device for the server's answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Waiting {
    /// Made when the person tapped: the same id on every try.
    pub id: String,
    pub command: Command,
    /// A table's key (a table's device), else the director's session cookie counts.
    pub table_key: Option<String>,
    /// The tournament the page showed when the person tapped.
    pub tournament: Option<i64>,
    /// When the person tapped, by this device's clock (ms since the epoch).
    pub tapped_at: i64,
    /// Tries that failed for want of a network or of the server.
    #[serde(default)]
    pub tries: u32,
}

/// An answer that came after the tapped control stopped waiting for it.
#[derive(Clone, Debug, PartialEq)]
pub struct LateAnswer {
    pub waiting: Waiting,
    pub reply: CommandReply,
}

/// The page's outbox (one per page, shared by all its controls so order is kept).
#[derive(Clone, Copy)]
pub struct Outbox {
    /// What waits, oldest first (mirrors local storage).
    pub waiting: RwSignal<Vec<Waiting>>,
    /// Answers that came late, newest last, until the person reads them.
    pub late: RwSignal<Vec<LateAnswer>>,
    /// The server could not be reached on the last try.
    pub unreachable: RwSignal<bool>,
    /// The server was reached but could not write, with its code (`DISK_FULL`): the person
    /// is told why in words, and the command stays on the device until it is written.
    pub trouble: RwSignal<Option<String>>,
    /// The controls still waiting for their command's answer, by command id.
    listeners: StoredValue<HashMap<String, oneshot::Sender<CommandReply>>>,
    draining: StoredValue<bool>,
    backoff_ms: StoredValue<u64>,
    /// Counts scheduled retries, so only the newest one acts.
    retry_generation: StoredValue<u64>,
}

impl Outbox {
    /// The page's outbox: made once at the root of the app, where it loads what the device
    /// kept and starts sending it.
    pub fn provide() -> Outbox {
        let outbox = Outbox {
            waiting: RwSignal::new(Vec::new()),
            late: RwSignal::new(Vec::new()),
            unreachable: RwSignal::new(false),
            trouble: RwSignal::new(None),
            listeners: StoredValue::new(HashMap::new()),
            draining: StoredValue::new(false),
            backoff_ms: StoredValue::new(1_000),
            retry_generation: StoredValue::new(0),
        };
        provide_context(outbox);
        #[cfg(feature = "hydrate")]
        {
            // After hydration: the server rendered the page with nothing waiting, and the page
            // must first be what the server sent.
            Effect::new(move |_| outbox.waiting.set(outbox.read()));
            // Back online: try now, not at the end of the backoff.
            let _ = window_event_listener(leptos::ev::online, move |_| outbox.wake());
            // Another tab of this device changed the outbox: show it.
            let _ = window_event_listener(leptos::ev::storage, move |_| {
                outbox.waiting.set(outbox.read())
            });
            Effect::new(move |_| outbox.drain());
        }
        outbox
    }

    /// The app's outbox (a fresh one outside the app, e.g. in a unit test).
    pub fn get() -> Outbox {
        use_context::<Outbox>().unwrap_or_else(Outbox::provide)
    }

    /// Keeps a tapped command on the device, starts sending, and waits a few seconds for its
    /// answer: the server's, or `Queued` when it is not there by then.
    pub fn send(
        self,
        command: Command,
        table_key: Option<String>,
        tournament: Option<i64>,
    ) -> impl std::future::Future<Output = CommandReply> + Send + 'static {
        let waiting = Waiting {
            id: new_command_id(),
            command,
            table_key,
            tournament,
            tapped_at: crate::ui::device::device_now() as i64,
            tries: 0,
        };
        let (tx, rx) = oneshot::channel();
        let id = waiting.id.clone();
        self.listeners.update_value(|l| {
            l.insert(id.clone(), tx);
        });
        self.push(waiting);
        self.drain();
        #[cfg(feature = "hydrate")]
        set_timeout(
            move || self.stop_listening(&id),
            std::time::Duration::from_millis(WAIT_FOR_ANSWER_MS),
        );
        #[cfg(not(feature = "hydrate"))]
        let _ = id;
        let waiting_now = self.waiting;
        async move {
            rx.await.unwrap_or_else(|_| CommandReply::Queued {
                waiting: waiting_now.try_with_untracked(Vec::len).unwrap_or(0),
            })
        }
    }

    /// Tries now: the network or the live stream came back.
    pub fn wake(self) {
        self.backoff_ms.set_value(1_000);
        self.drain();
    }

    /// Lets a waiting command go without sending it (the person decided so, with a
    /// confirmation: it may never reach the server).
    pub fn forget(self, id: &str) {
        self.remove(id);
    }

    /// The late answers were read.
    pub fn clear_late(self) {
        self.late.set(Vec::new());
    }

    /// The control waiting for this command's answer, if one still does (taken: it is told
    /// once).
    fn take_listener(self, id: &str) -> Option<oneshot::Sender<CommandReply>> {
        self.listeners.try_update_value(|l| l.remove(id)).flatten()
    }

    /// The tapped control stops waiting: it will say the command is kept on the device.
    fn stop_listening(self, id: &str) {
        if let Some(tx) = self.take_listener(id) {
            let waiting = self.waiting.with_untracked(Vec::len);
            let _ = tx.send(CommandReply::Queued { waiting });
        }
    }

    /// What waits: as the device keeps it (another tab may have changed it), else as this
    /// page knows it (a browser without local storage keeps the outbox for the page's life).
    fn read(self) -> Vec<Waiting> {
        #[cfg(feature = "hydrate")]
        if let Some(all) = storage::load() {
            return all;
        }
        self.waiting.get_untracked()
    }

    fn write(self, all: Vec<Waiting>) {
        #[cfg(feature = "hydrate")]
        storage::save(&all);
        self.waiting.set(all);
    }

    fn push(self, waiting: Waiting) {
        let mut all = self.read();
        all.push(waiting);
        self.write(all);
    }

    fn remove(self, id: &str) {
        let mut all = self.read();
        all.retain(|w| w.id != id);
        self.write(all);
    }

    /// An answer came: the command leaves the outbox; its control gets the answer, or the
    /// banner lists it when the control no longer waits.
    fn answered(self, waiting: Waiting, reply: CommandReply) {
        self.remove(&waiting.id);
        match self.take_listener(&waiting.id) {
            Some(tx) => {
                let _ = tx.send(reply);
            }
            None => self.late.update(|late| {
                late.push(LateAnswer { waiting, reply });
                let extra = late.len().saturating_sub(LATE_ANSWERS_KEPT);
                late.drain(..extra);
            }),
        }
    }

    /// Sends what waits, oldest first, until the outbox is empty or the server cannot be
    /// reached (then tries again after the backoff). One drain at a time per page.
    fn drain(self) {
        #[cfg(feature = "hydrate")]
        {
            if self.draining.try_get_value().unwrap_or(true) {
                return;
            }
            self.draining.set_value(true);
            leptos::task::spawn_local(async move {
                loop {
                    // Another tab may have sent some: read what the device holds now.
                    let all = self.read();
                    let Some(head) = all.first().cloned() else {
                        self.waiting.set(all);
                        break;
                    };
                    let sent = crate::server_fns::send_command(
                        head.id.clone(),
                        head.command.clone(),
                        head.table_key.clone(),
                        head.tournament,
                        Some(head.tapped_at),
                        Some(crate::ui::device::device_now() as i64),
                    )
                    .await;
                    match sent {
                        Ok(CommandReply::Queued { .. }) | Err(_) => {
                            self.trouble
                                .set(sent.err().and_then(|e| server_trouble(&e)));
                            self.failed_try(&head);
                            break;
                        }
                        Ok(reply) => {
                            self.unreachable.set(false);
                            self.trouble.set(None);
                            self.backoff_ms.set_value(1_000);
                            self.answered(head, reply);
                        }
                    }
                }
                self.draining.try_set_value(false);
            });
        }
    }

    /// The server could not be reached (or failed inside): every control still waiting is
    /// told its command is kept, and the next try comes after the backoff.
    #[cfg(feature = "hydrate")]
    fn failed_try(self, head: &Waiting) {
        self.unreachable.set(true);
        let mut all = self.read();
        if let Some(w) = all.iter_mut().find(|w| w.id == head.id) {
            w.tries += 1;
        }
        self.write(all);
        let ids: Vec<String> = self.listeners.with_value(|l| l.keys().cloned().collect());
        for id in ids {
            self.stop_listening(&id);
        }
        let delay = self.backoff_ms.get_value();
        self.backoff_ms.set_value((delay * 2).min(MAX_BACKOFF_MS));
        let generation = self.retry_generation.get_value() + 1;
        self.retry_generation.set_value(generation);
        set_timeout(
            move || {
                if self.retry_generation.try_get_value() == Some(generation) {
                    self.drain();
                }
            },
            std::time::Duration::from_millis(delay),
        );
    }
}

/// The server's own failure that the person should read in words (the server answered, but
/// could not write): its code, from a server function's error.
#[cfg(feature = "hydrate")]
fn server_trouble(e: &leptos::server_fn::error::ServerFnError) -> Option<String> {
    use leptos::server_fn::error::ServerFnError;
    match e {
        ServerFnError::ServerError(code) if code == "DISK_FULL" => Some(code.clone()),
        _ => None,
    }
}

/// A fresh command id (the server ignores a second command with the same id).
pub fn new_command_id() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// A refusal that came late, for the banner (`None` for an acceptance).
pub fn refusal(answer: &LateAnswer) -> Option<&Refused> {
    match &answer.reply {
        CommandReply::Rejected(r) => Some(r),
        _ => None,
    }
}

/// The device's local storage, read and written whole at each change so two tabs of one
/// device never undo each other's changes.
#[cfg(feature = "hydrate")]
mod storage {
    use super::{Waiting, STORAGE_KEY};

    /// `None` without local storage; an unreadable entry (an older format) counts as empty.
    pub fn load() -> Option<Vec<Waiting>> {
        let s = crate::ui::device::device_storage()?;
        Some(
            s.get_item(STORAGE_KEY)
                .ok()
                .flatten()
                .and_then(|json| serde_json::from_str(&json).ok())
                .unwrap_or_default(),
        )
    }

    pub fn save(all: &[Waiting]) {
        if let (Some(s), Ok(json)) = (
            crate::ui::device::device_storage(),
            serde_json::to_string(all),
        ) {
            let _ = if all.is_empty() {
                s.remove_item(STORAGE_KEY)
            } else {
                s.set_item(STORAGE_KEY, &json)
            };
        }
    }
}
