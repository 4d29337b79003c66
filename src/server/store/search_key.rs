//! Search keys for names: the rules core's, so that the desk's search, the club's players and
//! the check for a name already registered all compare names the same way.

pub use clubtd_core::names::search_key;
