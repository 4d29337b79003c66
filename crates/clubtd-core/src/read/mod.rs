//! Read models: what the faces show, derived from the state and never stored: the
//! tournament view (one for every face), the season ranking and the desk's receipts.

pub mod ranking;
pub mod receipts;
pub mod view;
