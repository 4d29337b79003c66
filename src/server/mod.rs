//! The server side (ssr only): storage, the tournament engine, live updates, the demo
//! tournament and the HTTP wiring.

pub mod api_v1;
pub mod auth;
pub mod club;
pub mod demo;
pub mod director_guard;
pub mod engine;
pub mod export;
pub mod lan;
pub mod live;
pub mod player_links;
pub mod serve;
pub mod shared_view;
pub mod state;
pub mod store;
pub mod tokens;
