//! The door's queue (issue T): who signed up from a phone and waits for the desk. Plain data;
//! the rules are `rules::door`.

use crate::model::ids::{EntryNo, PlayerId, Sender, Timestamp};
use crate::model::payment::PaymentMethod;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The door's part of the state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Door {
    /// Those waiting, in the order they signed up.
    pub queue: Vec<QueueEntry>,
    /// The number the next sign-up gets (numbers are never given twice).
    pub next_entry: u32,
    /// Entries the desk admitted, with the player each became (a phone that signed up finds
    /// its seat and its personal page through this).
    pub admitted: BTreeMap<EntryNo, PlayerId>,
    /// Entries the desk merged into another (the same player signed up twice), with the entry
    /// each became: a phone holding the merged one follows the kept one. Absent in states
    /// from before merging.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub merged: BTreeMap<EntryNo, EntryNo>,
}

impl Door {
    /// The entry `entry` stands for now: itself, or the entry it was merged into (followed
    /// through any later merge).
    pub fn resolve(&self, entry: EntryNo) -> EntryNo {
        follow_merges(entry, self.merged.len(), |at| self.merged.get(&at).copied())
    }
}

/// Follows `next` (an entry to the one it was merged into) from `entry` to the entry that
/// stands for it now. Each merge points to an entry still waiting then, so the chain is short
/// and has no loop; `merges` (how many there are) bounds it against a hand-made state.
pub fn follow_merges(
    entry: EntryNo,
    merges: usize,
    next: impl Fn(EntryNo) -> Option<EntryNo>,
) -> EntryNo {
    let mut at = entry;
    for _ in 0..=merges {
        match next(at) {
            Some(kept) => at = kept,
            None => break,
        }
    }
    at
}

/// One player waiting at the door.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct QueueEntry {
    pub entry: EntryNo,
    pub name: String,
    /// How the player said they will pay (the desk may take another way).
    pub method: PaymentMethod,
    pub since: Timestamp,
    /// The machine the sign-up came from, where the server knew it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sender: Option<Sender>,
}
