//! The HTTP front door (axum): the router and the server's start and stop (`serve`), the JSON
//! API (`json_api`), the live push (`live`: server-sent events; `shared_view` and
//! `view_bytes`: the view every page fetches, as the same bytes), the director's pages behind the PIN (`director_guard`), and
//! exports, import and backups (`export`). Handlers parse, call the application layer, and
//! answer; no rule and no SQL lives here.

pub mod director_guard;
pub mod export;
pub mod json_api;
pub mod live;
pub mod serve;
pub mod shared_view;
pub mod view_bytes;
