//! The rules, one module per topic of the rulebook (PKR4U, TDA, FIDPA). Each owns the
//! `decide_*` functions that turn its commands into events or a typed refusal, citing the
//! rule it implements.

pub mod balancing;
pub mod bounties;
pub mod busts;
pub mod clock;
pub mod corrections;
pub mod deals;
pub mod payouts;
pub mod penalties;
pub mod registration;
pub mod rng;
pub mod seating;
pub mod setup;
pub mod structure;
