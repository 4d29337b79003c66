//! The door's queue (issue T): who signed up from a phone and waits for the desk. Plain data;
//! the rules are `rules::door`.

use crate::model::ids::{EntryNo, PlayerId, Timestamp};
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
}
