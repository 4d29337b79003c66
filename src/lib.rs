//! clubtd: a tournament manager for self-deal poker clubs.
//!
//! `domain` is the pure rules core; `server` (ssr only) persists and serves it; `api` holds
//! the server functions the pages call; `ui` the four faces (director, table, player, screen).

#![recursion_limit = "256"]

pub mod app;
pub mod domain;
pub mod messages;
pub mod protocol;
#[cfg(feature = "ssr")]
pub mod server;
pub mod server_fns;
pub mod ui;

include!(concat!(env!("OUT_DIR"), "/i18n/mod.rs"));

/// Entry point of the wasm bundle: hydrates the server-rendered page.
#[cfg(feature = "hydrate")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn hydrate() {
    console_error_panic_hook::set_once();
    // `hydrate_lazy`: the director's and the club's pages come in chunks of their own (lazy
    // routes), loaded before their part of the page hydrates.
    // WebKit plays a sound only from an element first played inside a tap.
    ui::sound::unlock_on_first_tap();
    leptos::mount::hydrate_lazy(app::App);
}
