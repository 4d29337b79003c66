//! `GET /view/{tournament}` (or `/view/current`): the page's live view as JSON, the same bytes
//! for every page. After an event, every open page asks at once; the view is worked out,
//! serialised and gzip-compressed once per event number and second (`Engine::view`) instead of
//! once per page, which was most of the server's work with 400 pages (issue G). It shows what
//! the `get_view` server function shows, to anyone, as the pages always did.
//!
//! The engine hands out the view; the bytes (the page's `LiveView` as JSON, and gzipped) are
//! this HTTP layer's business, made once per view the engine hands out.

use crate::protocol::LiveView;
use crate::server::app_state::AppState;
use crate::server::engine::CachedView;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The bytes of the view last served for each tournament, shared by every page that asks
/// for the same view.
#[derive(Default)]
pub struct SharedViews {
    last: Mutex<BTreeMap<i64, Arc<EncodedView>>>,
}

/// One view as the pages get it: JSON and gzip, each made on first demand.
pub struct EncodedView {
    source: Arc<CachedView>,
    json: OnceLock<Bytes>,
    gzip: OnceLock<Bytes>,
}

impl SharedViews {
    /// The bytes of this view: the same ones every time the engine hands out the same view.
    pub fn encode(&self, view: Arc<CachedView>) -> Arc<EncodedView> {
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(known) = last.get(&view.tournament) {
            if Arc::ptr_eq(&known.source, &view) {
                return known.clone();
            }
        }
        let fresh = Arc::new(EncodedView {
            source: view,
            json: OnceLock::new(),
            gzip: OnceLock::new(),
        });
        last.insert(fresh.source.tournament, fresh.clone());
        fresh
    }
}

impl EncodedView {
    /// The page's `LiveView` as JSON (`null` before the tournament has its configuration).
    pub fn json(&self) -> Bytes {
        self.json
            .get_or_init(|| {
                let c = &self.source;
                let live = c.view.as_ref().map(|v| LiveView {
                    tournament: c.tournament,
                    last_seq: c.last_seq,
                    view: (**v).clone(),
                });
                serde_json::to_vec(&live).unwrap_or_default().into()
            })
            .clone()
    }

    /// The same JSON, gzip-compressed.
    pub fn gzip(&self) -> Bytes {
        self.gzip
            .get_or_init(|| {
                use std::io::Write;
                let json = self.json();
                let mut out =
                    flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
                // Writing to a Vec cannot fail.
                let _ = out.write_all(&json);
                out.finish().unwrap_or_default().into()
            })
            .clone()
    }
}

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

/// The view of a tournament (`current`: the one the faces show by default).
pub async fn shared_view(
    State(state): State<AppState>,
    Path(which): Path<String>,
    headers: HeaderMap,
) -> Response {
    let id = match which.as_str() {
        // The same default as every face: the newest tournament not archived.
        "current" => crate::server::application::default_tournament(&state)
            .await
            .ok()
            .flatten(),
        other => match other.parse::<i64>() {
            Ok(id) => Some(id),
            Err(_) => return StatusCode::BAD_REQUEST.into_response(),
        },
    };
    let cached = id
        .and_then(|id| state.engine.view(id).ok())
        .map(|view| state.shared_views.encode(view));
    let mut response = match (&cached, accepts_gzip(&headers)) {
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
