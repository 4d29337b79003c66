//! `GET /view/{tournament}` (or `/view/current`): the page's live view as JSON, the same bytes
//! for every page. After an event, every open page asks at once; the view is worked out,
//! serialised and gzip-compressed once per event number and second, and at most ten times a
//! second in a burst (`Engine::view`), instead of
//! once per page, which was most of the server's work with 400 pages (issue G). It shows what
//! the `get_view` server function shows, to anyone, as the pages always did.
//!
//! Each face that has a view of its own reads it beside: `/view/{tournament}/screen` (the
//! room screen), `/view/{tournament}/seats` (the seat search),
//! `/view/{tournament}/player/{player}` (a player's personal page), the same
//! bytes for every page of that face (issue Y.4: the TV follows a bust without the room's
//! player list).
//!
//! The engine hands out the view; the bytes (each face's `LiveView` as JSON, and gzipped) are
//! this HTTP layer's business, made once per view the engine hands out (`view_bytes.rs`).

use crate::domain::ids::PlayerId;
use crate::domain::read::faces::personal::PersonalView;
use crate::domain::read::faces::screen::ScreenView;
use crate::domain::read::faces::seat_search::SeatSearchView;
use crate::domain::read::faces::FaceView;
use crate::domain::view::TournamentView;
use crate::server::app_state::AppState;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

/// Does the client take gzip? (Every browser does; a client that does not gets plain JSON.)
fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|coding| {
            let mut parts = coding.trim().split(';');
            let name = parts.next().unwrap_or("").trim();
            let refused = parts.any(|p| matches!(p.trim(), "q=0" | "q=0.0" | "q=0.00" | "q=0.000"));
            (name.eq_ignore_ascii_case("gzip") || name == "*") && !refused
        })
}

/// The whole view of a tournament (`current`: the one the faces show by default).
pub async fn shared_view(
    State(state): State<AppState>,
    Path(which): Path<String>,
    headers: HeaderMap,
) -> Response {
    face::<TournamentView>(&state, &which, (), &headers).await
}

/// The room screen's view.
pub async fn screen_view(
    State(state): State<AppState>,
    Path(which): Path<String>,
    headers: HeaderMap,
) -> Response {
    face::<ScreenView>(&state, &which, (), &headers).await
}

/// The seat search's view (`/player`).
pub async fn seat_search_view(
    State(state): State<AppState>,
    Path(which): Path<String>,
    headers: HeaderMap,
) -> Response {
    face::<SeatSearchView>(&state, &which, (), &headers).await
}

/// A player's personal page's view (`null` for a player the tournament does not have).
pub async fn personal_view(
    State(state): State<AppState>,
    Path((which, player)): Path<(String, u32)>,
    headers: HeaderMap,
) -> Response {
    face::<PersonalView>(&state, &which, PlayerId(player), &headers).await
}

/// Face `V`'s view of the tournament `which` names, as JSON (gzipped for a client that takes
/// it); `null` when there is none.
async fn face<V: FaceView>(
    state: &AppState,
    which: &str,
    key: V::Key,
    headers: &HeaderMap,
) -> Response {
    let id = match which {
        // The same default as every face: the newest tournament not archived.
        "current" => crate::server::application::default_tournament(&state.app)
            .await
            .ok()
            .flatten(),
        other => match other.parse::<i64>() {
            Ok(id) => Some(id),
            Err(_) => return StatusCode::BAD_REQUEST.into_response(),
        },
    };
    let cached = match id {
        Some(id) => crate::server::application::reads::view(&state.app, id)
            .await
            .ok(),
        None => None,
    }
    .map(|view| state.shared_views.encode::<V>(view, key));
    let mut response = match (&cached, accepts_gzip(headers)) {
        (None, _) => "null".into_response(),
        (Some(c), true) => {
            let mut r = c.gzip().into_response();
            r.headers_mut()
                .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
            r
        }
        (Some(c), false) => c.json().into_response(),
    };
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    response
}

#[cfg(test)]
mod tests {
    use super::accepts_gzip;
    use axum::http::{header, HeaderMap, HeaderValue};

    fn with(v: &'static str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::ACCEPT_ENCODING, HeaderValue::from_static(v));
        h
    }

    #[test]
    fn gzip_is_sent_only_to_clients_that_take_it() {
        assert!(accepts_gzip(&with("gzip, deflate, br")));
        assert!(accepts_gzip(&with("br;q=1.0, GZIP;q=0.5")));
        assert!(accepts_gzip(&with("*")));
        assert!(!accepts_gzip(&with("gzip;q=0, br")));
        assert!(!accepts_gzip(&with("identity")));
        assert!(!accepts_gzip(&HeaderMap::new()));
    }
}
