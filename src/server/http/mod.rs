//! The HTTP front door (axum): the router and the server's start and stop (`serve`), the JSON
//! API (`json_api`), the live push (`live`: server-sent events; `shared_view` and
//! `view_bytes`: the view every page fetches, as the same bytes), the director's pages behind the PIN (`director_guard`), pages rendered to their end
//! whatever their reader does (`pages_whole`), and
//! exports, import and backups (`export`); requests under another name than this machine's
//! are refused (`allowed_hosts`), so are requests from other sites' pages (`same_origin`); every answer carries the browser's security headers (`security_headers`),
//! and the door's limits (timeouts, connection caps) are `door`'s; the one-file
//! build's pages come out of the binary (`embedded_site`); the light pages' words (`words`). Handlers parse, call the application layer, and
//! answer; no rule and no SQL lives here.

use crate::server::app_state::AppState;
use crate::server::application::require_director;
use axum::http::HeaderMap;

pub mod allowed_hosts;
pub mod connections;
pub mod credentials;
pub mod director_guard;
#[cfg(feature = "embed")]
pub mod embedded_site;
pub mod export;
pub mod installable;
pub mod json_api;
pub mod language;
pub mod live;
pub mod pages_whole;
pub mod same_origin;
pub mod security_headers;
pub mod serve;
pub mod shared_view;
pub mod view_bytes;
pub mod words;

/// Does this request come from the director? The application layer's director-only check,
/// on whatever credentials the headers carry (for the director's pages, exports, backups).
pub async fn from_director(state: &AppState, headers: &HeaderMap) -> bool {
    require_director(
        &state.app,
        &crate::server::http::credentials::from_headers(headers),
    )
    .await
    .is_ok()
}
