//! The door (issue T): players sign up from their phones, wait in a queue, and the desk only
//! takes the money. A queue entry changes nothing in the tournament: no seat, no money, no
//! entry counted, until the desk admits it, and the admission is an ordinary registration
//! (PKR4U 14: the player stands at the desk, the seat is drawn then).
//!
//! When the room is full (every table's seats, or the director's cap on players seated), the
//! queue goes on as a waiting list: as many entries as there are free seats may be admitted,
//! in the order they came; the others wait for a bust to free a seat (while late registration
//! is open), and the first of them is called then. Nothing of this is stored: the places, the
//! calls and the "registration is closed" notice are all read from the queue and the room.

use crate::log::command::{
    Admit, ClearQueueEntries, Ctx, DecideCommand, LeaveQueue, MergeQueueEntries, SignUp,
};
use crate::log::error::{ApplyError, DomainError};
use crate::log::event::{
    Admitted, ApplyEvent, Event, LeftQueue, PlayerRegistered, QueueEntriesMerged, SignedUp,
};
use crate::model::config::Config;
use crate::model::door::QueueEntry;
use crate::model::ids::{EntryNo, Timestamp};
use crate::model::names::{clean_name, search_key, MAX_NAME_CHARS};
use crate::model::state::{PlayerStatus, Tournament};
use crate::rules::registration::{decide_register, registration_open};
use serde::{Deserialize, Serialize};

/// At most this many wait at once: the sign-up is anonymous, so a flood stops here (a club
/// evening's queue is a few dozen).
pub const MAX_QUEUE: usize = 200;

/// Where an entry of the queue stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum QueueState {
    /// A seat is there for this entry: to the desk to pay.
    ToTheDesk,
    /// The room is full: this is the entry's place on the waiting list (1 = next).
    Waiting { place: u32 },
    /// Registration has closed: this entry cannot be admitted any more.
    Closed,
}

/// Seats a new player could take now: every table's seats (or the director's cap on players
/// seated) less those in use.
pub fn free_seats(t: &Tournament, cfg: &Config) -> u32 {
    let seats = cfg.tables.len() as u64 * u64::from(cfg.table_size);
    let in_use: u64 = t.tables.values().map(|tb| tb.seats_in_use() as u64).sum();
    let room = seats.saturating_sub(in_use);
    let by_cap = cfg.field_cap.map_or(room, |cap| {
        u64::from(cap).saturating_sub(t.players_left() as u64)
    });
    u32::try_from(room.min(by_cap)).unwrap_or(u32::MAX)
}

/// Each waiting entry's state, in queue order: the first `free` go to the desk, the rest wait
/// in order; nobody goes to the desk once registration is closed.
pub fn queue_states(t: &Tournament, cfg: &Config, now: Timestamp) -> Vec<(EntryNo, QueueState)> {
    let open = registration_open(t, cfg, now);
    let free = free_seats(t, cfg) as usize;
    t.door
        .queue
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let state = if !open {
                QueueState::Closed
            } else if i < free {
                QueueState::ToTheDesk
            } else {
                QueueState::Waiting {
                    place: u32::try_from(i - free + 1).unwrap_or(u32::MAX),
                }
            };
            (e.entry, state)
        })
        .collect()
}

/// A player joins the queue from their phone. Refused once registration is closed, for a
/// name already waiting or already playing (the desk sorts those out: a namesake, a
/// re-entry), and past [`MAX_QUEUE`].
impl DecideCommand for SignUp {
    fn decide(&self, t: &Tournament, cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &SignUp { ref name, method } = self;
        let name = clean_name(name, MAX_NAME_CHARS).ok_or(DomainError::InvalidName)?;
        if !registration_open(t, cfg, ctx.now) {
            return Err(DomainError::RegistrationClosed);
        }
        if let Some(at) = cfg.sign_ups_open_at.filter(|at| ctx.now < *at) {
            return Err(DomainError::SignUpsNotOpen { at });
        }
        let key = search_key(&name);
        if let Some(waiting) = t.door.queue.iter().find(|e| search_key(&e.name) == key) {
            return Err(DomainError::AlreadyInQueue {
                entry: waiting.entry,
                name: waiting.name.clone(),
            });
        }
        if let Some(same) = t
            .players
            .values()
            .find(|p| p.status == PlayerStatus::Playing && search_key(&p.name) == key)
        {
            return Err(DomainError::NameAlreadyRegistered {
                player: same.id,
                name: same.name.clone(),
            });
        }
        if let Some(cap) = cfg
            .sign_up_cap
            .filter(|cap| signed_up(t) >= u64::from(*cap))
        {
            return Err(DomainError::SignUpsFull { cap });
        }
        if t.door.queue.len() >= MAX_QUEUE {
            return Err(DomainError::QueueFull {
                max: MAX_QUEUE as u32,
            });
        }
        Ok(vec![Event::SignedUp(SignedUp {
            entry: EntryNo(t.door.next_entry.max(1)),
            name,
            method,
            at: ctx.now,
            sender: ctx.sender,
        })])
    }
}

/// Players on the list: every player registered and not unregistered since (a re-entry is
/// the same player) and every entry waiting in the queue. What the director's cap on
/// sign-ups counts.
pub fn signed_up(t: &Tournament) -> u64 {
    let registered = t
        .players
        .values()
        .filter(|p| p.status != PlayerStatus::Unregistered)
        .count();
    (registered + t.door.queue.len()) as u64
}

/// The player leaves the queue (from their phone), or the desk takes an entry out (a
/// no-show, a double).
impl DecideCommand for LeaveQueue {
    fn decide(&self, t: &Tournament, _cfg: &Config, _ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &LeaveQueue { entry } = self;
        waiting(t, entry)?;
        Ok(vec![Event::LeftQueue(LeftQueue { entry })])
    }
}

/// At most this many entries are cleared in one action: the whole queue.
pub const MAX_CLEARED: usize = MAX_QUEUE;

/// The desk takes several entries out in one action (a selection; with `same_sender`, each
/// with every entry waiting from its machine: a laptop's flood of junk names, a squatted
/// name among them): every one must be waiting, each named once; all leave, or none does.
impl DecideCommand for ClearQueueEntries {
    fn decide(&self, t: &Tournament, _cfg: &Config, _ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &ClearQueueEntries {
            ref entries,
            same_sender,
        } = self;
        if entries.is_empty() || entries.len() > MAX_CLEARED {
            return Err(DomainError::NothingToClear);
        }
        let mut seen = std::collections::BTreeSet::new();
        for entry in entries {
            waiting(t, *entry)?;
            if !seen.insert(*entry) {
                return Err(DomainError::NothingToClear);
            }
        }
        let mut leaving = entries.to_vec();
        if same_sender {
            for entry in entries {
                for also in same_sender_of(t, *entry) {
                    if seen.insert(also) {
                        leaving.push(also);
                    }
                }
            }
        }
        Ok(leaving
            .into_iter()
            .map(|entry| Event::LeftQueue(LeftQueue { entry }))
            .collect())
    }
}

/// The entries still waiting that came from the machine `entry` came from, in queue order
/// (`entry` among them); only `entry` when its machine is not known.
pub fn same_sender_of(t: &Tournament, entry: EntryNo) -> Vec<EntryNo> {
    let Some(line) = t.door.queue.iter().find(|e| e.entry == entry) else {
        return Vec::new();
    };
    match line.sender {
        None => vec![entry],
        Some(sender) => t
            .door
            .queue
            .iter()
            .filter(|e| e.sender == Some(sender))
            .map(|e| e.entry)
            .collect(),
    }
}

/// The desk merges two entries of one player: `merged` goes, `keep` stays with its own name
/// and payment, in the earlier of the two places (the player keeps the place they came at).
impl DecideCommand for MergeQueueEntries {
    fn decide(&self, t: &Tournament, _cfg: &Config, _ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &MergeQueueEntries { keep, merged } = self;
        waiting(t, keep)?;
        waiting(t, merged)?;
        if keep == merged {
            return Err(DomainError::MergeSameEntry { entry: keep });
        }
        Ok(vec![Event::QueueEntriesMerged(QueueEntriesMerged {
            keep,
            merged,
        })])
    }
}

/// The desk took the money: the entry becomes a registration (the seat is drawn now), in the
/// queue's order when seats are short. `method` is how the player paid in the end.
impl DecideCommand for Admit {
    fn decide(&self, t: &Tournament, cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &Admit {
            entry,
            method,
            same_name_confirmed,
        } = self;
        let waiting_entry = waiting(t, entry)?;
        let states = queue_states(t, cfg, ctx.now);
        match states.iter().find(|(e, _)| *e == entry).map(|(_, s)| *s) {
            Some(QueueState::Waiting { .. }) => {
                // Someone came earlier: the first waiting entry goes first, or the room is full.
                return Err(match states.first() {
                    Some((first, QueueState::ToTheDesk)) if *first != entry => {
                        DomainError::NotYourTurn { first: *first }
                    }
                    _ => DomainError::NoSeatAvailable,
                });
            }
            Some(QueueState::Closed) => return Err(DomainError::RegistrationClosed),
            _ => {}
        }
        let mut events = decide_register(
            t,
            cfg,
            ctx,
            &waiting_entry.name,
            method,
            true,
            same_name_confirmed,
        )?;
        let player = events
            .iter()
            .find_map(|e| match e {
                Event::PlayerRegistered(PlayerRegistered { player, .. }) => Some(*player),
                _ => None,
            })
            .ok_or(DomainError::NoSeatAvailable)?;
        events.push(Event::Admitted(Admitted { entry, player }));
        Ok(events)
    }
}

fn waiting(t: &Tournament, entry: EntryNo) -> Result<&QueueEntry, DomainError> {
    t.door
        .queue
        .iter()
        .find(|e| e.entry == entry)
        .ok_or(DomainError::NotInQueue { entry })
}

/// `SignedUp`: the entry joins the end of the queue.
impl ApplyEvent for SignedUp {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &SignedUp {
            entry,
            ref name,
            method,
            at,
            sender,
        } = self;
        if entry.0 < t.door.next_entry.max(1) {
            return Err(ApplyError::QueueEntryGiven { entry });
        }
        t.door.queue.push(QueueEntry {
            entry,
            name: name.to_string(),
            method,
            since: at,
            sender,
        });
        t.door.next_entry = entry.0.saturating_add(1);
        Ok(())
    }
}

/// `LeftQueue`: the entry is gone from the queue.
impl ApplyEvent for LeftQueue {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &LeftQueue { entry } = self;
        let at = position(t, entry)?;
        t.door.queue.remove(at);
        Ok(())
    }
}

/// `QueueEntriesMerged`: `merged` leaves the queue; `keep` takes the earlier of the two places.
impl ApplyEvent for QueueEntriesMerged {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &QueueEntriesMerged { keep, merged } = self;
        let kept_at = position(t, keep)?;
        let merged_at = position(t, merged)?;
        if kept_at == merged_at {
            return Err(ApplyError::NotWaiting { entry: merged });
        }
        // The kept entry goes into the earlier of the two slots, waiting since the earlier of the
        // two times (the player came then); the later slot goes.
        let mut kept = t.door.queue[kept_at].clone();
        kept.since = kept.since.min(t.door.queue[merged_at].since);
        t.door.queue[kept_at.min(merged_at)] = kept;
        t.door.queue.remove(kept_at.max(merged_at));
        t.door.merged.insert(merged, keep);
        Ok(())
    }
}

/// `Admitted`: the entry leaves the queue as the player registered just before.
impl ApplyEvent for Admitted {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &Admitted { entry, player } = self;
        let at = position(t, entry)?;
        if !t.players.contains_key(&player) {
            return Err(ApplyError::UnknownPlayer { player });
        }
        t.door.queue.remove(at);
        t.door.admitted.insert(entry, player);
        Ok(())
    }
}

fn position(t: &Tournament, entry: EntryNo) -> Result<usize, ApplyError> {
    t.door
        .queue
        .iter()
        .position(|e| e.entry == entry)
        .ok_or(ApplyError::NotWaiting { entry })
}
