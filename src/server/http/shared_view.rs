//! `GET /view/{tournament}` (or `/view/current`): the page's live view as JSON, the same bytes
//! for every page. After an event, every open page asks at once; the view is worked out,
//! serialised and gzip-compressed once per event number and second, and at most ten times a
//! second in a burst (`Engine::view`), instead of
//! once per page, which was most of the server's work with 400 pages (issue G). It shows what
//! the `get_view` server function shows, to anyone, as the pages always did.
//!
//! Each face that has a view of its own reads it beside: `/view/{tournament}/screen` (the
//! room screen), `/view/{tournament}/seats` (the seat search),
//! `/view/{tournament}/table/{n}` (a table's device), `/view/{tournament}/door` (the landing
//! page and the sign-up form), `/view/{tournament}/place/{entry}` (a phone's place in the queue),
//! `/view/{tournament}/player/{player}` (a player's personal page), the same
//! bytes for every page of that face (issue Y.4: the TV follows a bust without the room's
//! player list).
//!
//! The engine hands out the view; the bytes (each face's `LiveView` as JSON, and gzipped) are
//! this HTTP layer's business, made once per view the engine hands out (`view_bytes.rs`).

use crate::domain::ids::{EntryNo, PlayerId, TableNo};
use crate::domain::read::faces::door::{DoorFaceView, PlaceFaceView};
use crate::domain::read::faces::personal::PersonalView;
use crate::domain::read::faces::screen::ScreenView;
use crate::domain::read::faces::seat_search::SeatSearchView;
use crate::domain::read::faces::table::TableFaceView;
use crate::domain::read::faces::FaceView;
use crate::domain::view::TournamentView;
use crate::server::app_state::AppState;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

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

/// The `/view/…` routes: each face's view of a tournament (`current`: the one the faces show
/// by default).
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/view/{tournament}", get(single::<TournamentView>))
        .route("/view/{tournament}/screen", get(single::<ScreenView>))
        .route("/view/{tournament}/seats", get(single::<SeatSearchView>))
        .route("/view/{tournament}/door", get(single::<DoorFaceView>))
        .route(
            "/view/{tournament}/table/{n}",
            get(numbered::<TableFaceView>),
        )
        .route(
            "/view/{tournament}/place/{n}",
            get(numbered::<PlaceFaceView>),
        )
        .route(
            "/view/{tournament}/player/{n}",
            get(numbered::<PersonalView>),
        )
}

/// The view of a face with one view per tournament.
async fn single<V: FaceView<Key = ()>>(
    State(state): State<AppState>,
    Path(which): Path<String>,
    headers: HeaderMap,
) -> Response {
    face::<V>(&state, &which, (), &headers).await
}

/// The view of a face with one per table, queue entry or player, numbered in the address
/// (`null` inside for a number the tournament does not have).
async fn numbered<V: FaceView>(
    State(state): State<AppState>,
    Path((which, n)): Path<(String, u32)>,
    headers: HeaderMap,
) -> Response
where
    V::Key: Numbered,
{
    match V::Key::numbered(n) {
        Some(key) => face::<V>(&state, &which, key, &headers).await,
        None => StatusCode::BAD_REQUEST.into_response(),
    }
}

/// A face's key as the address writes it: a number.
trait Numbered: Sized {
    fn numbered(n: u32) -> Option<Self>;
}

impl Numbered for TableNo {
    fn numbered(n: u32) -> Option<TableNo> {
        u16::try_from(n).ok().map(TableNo)
    }
}

impl Numbered for EntryNo {
    fn numbered(n: u32) -> Option<EntryNo> {
        Some(EntryNo(n))
    }
}

impl Numbered for PlayerId {
    fn numbered(n: u32) -> Option<PlayerId> {
        Some(PlayerId(n))
    }
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
