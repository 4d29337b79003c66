//! clubtd-core, the pure domain core: tournament rules with no I/O, no clock and no randomness
//! of its own. One path for every change: command → `decide` → events → `apply` → state →
//! `view`. Its own crate, so the compiler keeps leptos, axum and sqlx out; it compiles for the
//! server and for wasm alike. The feature `openapi` derives the types' OpenAPI schemas.
//!
//! Shaped like the rulebook, each folder importing only the ones listed before it:
//! - [`texts`]: the messages of error codes and the rulings' texts, compiled in from
//!   `locales/` (checked by `build.rs`); imports nothing;
//! - [`model`]: the nouns: ids, money, the configuration, the clock, the tournament state;
//! - [`rulings`]: the guided rulings of self-deal mistakes, with their calculators;
//! - [`log`]: what is asked (commands), what happened (events), why not (errors);
//! - [`rules`]: one module per topic of the rulebook, each with its `decide_*` and `apply_*`;
//! - [`read`]: what the faces see, derived from the state (view, ranking, receipts);
//! - [`decide`] and [`Tournament::apply`]: the two routers on top.

pub mod log;
pub mod model;
pub mod numbers;
pub mod read;
pub mod rules;
pub mod rulings;
pub mod texts;

mod apply;
mod decide;
#[cfg(test)]
mod test_kit;

pub use decide::decide;
pub use log::command::{Command, Ctx};
pub use log::error::{ApplyError, DomainError};
pub use log::event::Event;
pub use model::state::Tournament;

// The flat paths the app and its tests have always used (`domain::event::Event`), kept so
// that no caller has to change: each is the module where the thing lives now.
pub use log::{command, error, event};
pub use model::{config, ids, money, names, state};
pub use read::{chip_plan, ranking, receipts, sanity, view};
pub use rules::{
    balancing, bounties, busts, clock, corrections, deals, door, payouts, penalties, purchases,
    registration, seating, structure,
};
pub use rulings::calculators;
