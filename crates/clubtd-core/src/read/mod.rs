//! Read models: what the faces show, derived from the state and never stored: the
//! tournament view (the console's, whole), each other face's own view built from it (`faces`), the season ranking, the desk's receipts and the chip
//! plan (the club's chip set against a structure).

pub mod chip_plan;
pub mod ending;
pub mod faces;
pub mod ranking;
pub mod receipts;
pub mod sanity;
pub mod view;
