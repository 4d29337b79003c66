//! The server side (ssr only), in layers: `http` (the axum wiring, the JSON API, the live
//! push, exports) and the pages' server functions (`crate::server_fns`) are the two front
//! doors; both go through `application` (the one path of a command: caller, role policy,
//! engine, after-commit work) to `engine` (one writer per tournament, snapshots) and `store`
//! (all SQL). `auth`, `api_tokens` and `player_links` are how callers prove who they are;
//! `club` is the club beyond one tournament.

pub mod api_tokens;
pub mod app_state;
pub mod application;
pub mod auth;
pub mod club;
pub mod demo;
pub mod engine;
pub mod folders;
pub mod http;
pub mod lan;
pub mod player_links;
pub mod store;
