//! The views' bytes as the pages get them: each face's `LiveView` as JSON and gzipped, made
//! once per view the engine hands out (once per event number and second) and per face, whatever
//! the number of pages that ask (issue G; a view per face, issue Y.4).

use crate::domain::read::faces::FaceView;
use crate::server::application::reads;
use crate::server::engine::CachedView;
use axum::body::Bytes;
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, OnceLock};

/// The bytes of the views last served for each tournament, shared by every page that asks
/// for the same face of the same view.
#[derive(Default)]
pub struct SharedViews {
    last: Mutex<BTreeMap<i64, Faces>>,
}

/// The faces' bytes of one view the engine handed out. When the engine hands out a newer
/// one, all of them go at once: nothing keeps an old view alive (a player's page each, 300 of
/// them, would otherwise hold 300 old views).
struct Faces {
    source: Arc<CachedView>,
    /// By the face's path (`""`, `/screen`, `/player/7`).
    encoded: HashMap<String, Arc<EncodedView>>,
}

/// How a face's bytes are made from a view (its `LiveView` as JSON).
type MakeJson = Box<dyn Fn(&CachedView) -> Vec<u8> + Send + Sync>;

/// One face's view as the pages get it: JSON and gzip, each made on first demand (pages that
/// ask meanwhile wait for the first one's, rather than each making their own).
pub struct EncodedView {
    source: Arc<CachedView>,
    make: MakeJson,
    json: OnceLock<Bytes>,
    gzip: OnceLock<Bytes>,
}

impl SharedViews {
    /// The bytes of face `V` (`key`: which of its views) of this view: the same ones every
    /// time the engine hands out the same view.
    pub fn encode<V: FaceView>(&self, view: Arc<CachedView>, key: V::Key) -> Arc<EncodedView> {
        let path = V::path(key);
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        let faces = last.entry(view.tournament).or_insert_with(|| Faces {
            source: view.clone(),
            encoded: HashMap::new(),
        });
        if !Arc::ptr_eq(&faces.source, &view) {
            faces.source = view.clone();
            faces.encoded.clear();
        }
        faces
            .encoded
            .entry(path)
            .or_insert_with(|| {
                Arc::new(EncodedView {
                    source: view,
                    make: Box::new(move |cached| {
                        // `null`: not configured yet, or nobody of that key.
                        serde_json::to_vec(&reads::face::<V>(cached, key)).unwrap_or_default()
                    }),
                    json: OnceLock::new(),
                    gzip: OnceLock::new(),
                })
            })
            .clone()
    }
}

impl EncodedView {
    /// The face's `LiveView` as JSON (`null` before the tournament has its configuration).
    pub fn json(&self) -> Bytes {
        self.json
            .get_or_init(|| (self.make)(&self.source).into())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_newer_view_lets_every_face_of_the_older_go() {
        let shared = SharedViews::default();
        let old = Arc::new(CachedView::unconfigured(1, 5));
        let players: Vec<_> = (1..=3)
            .map(|p| {
                shared.encode::<crate::domain::read::faces::personal::PersonalView>(
                    old.clone(),
                    crate::domain::ids::PlayerId(p),
                )
            })
            .collect();
        // The same face of the same view: the same bytes.
        let again = shared.encode::<crate::domain::read::faces::personal::PersonalView>(
            old.clone(),
            crate::domain::ids::PlayerId(2),
        );
        assert!(Arc::ptr_eq(&players[1], &again));
        drop((players, again));
        let newer = Arc::new(CachedView::unconfigured(1, 6));
        let _screen =
            shared.encode::<crate::domain::read::faces::screen::ScreenView>(newer.clone(), ());
        // The old view is held by nothing but the test now.
        assert_eq!(Arc::strong_count(&old), 1);
        assert_eq!(_screen.json().as_ref(), b"null");
    }
}
