//! The pure rules core, `clubtd-core` (crates/clubtd-core), under its old name: the server
//! and the pages keep saying `crate::domain::…`.

pub use clubtd_core::*;
