//! The model: the nouns of a tournament (ids, money, the configuration, the tournament state)
//! as plain data with ordered maps. No rules here beyond keeping the bookkeeping straight;
//! everything else in the core builds on these.

pub mod clock;
pub mod config;
pub mod door;
pub mod ids;
pub mod incident;
pub mod money;
pub mod names;
pub mod payment;
pub mod seats;
pub mod state;
