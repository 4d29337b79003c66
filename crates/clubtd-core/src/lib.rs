//! clubtd-core, the pure domain core: tournament rules with no I/O, no clock and no randomness
//! of its own. One path for every change: command → `decide` → events → `apply` → state →
//! `view`. Its own crate, so the compiler keeps leptos, axum and sqlx out; it compiles for the
//! server and for wasm alike. The feature `openapi` derives the types' OpenAPI schemas.

pub mod balancing;
pub mod bounties;
pub mod busts;
pub mod calculators;
pub mod clock;
pub mod command;
pub mod config;
pub mod corrections;
pub mod deals;
pub mod decide;
pub mod error;
pub mod event;
pub mod ids;
pub mod money;
pub mod payouts;
pub mod penalties;
pub mod ranking;
pub mod receipts;
pub mod registration;
pub mod rng;
pub mod rulings;
pub mod seating;
pub mod state;
pub mod structure;
pub mod view;

pub use command::{Command, Ctx};
pub use decide::decide;
pub use error::DomainError;
pub use event::Event;
pub use state::Tournament;
