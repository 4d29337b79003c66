//! The view's bytes as every page gets them: the page's `LiveView` as JSON and gzipped, made
//! once per view the engine hands out (once per event number and second), whatever the
//! number of pages that ask (issue G).

use crate::protocol::LiveView;
use crate::server::engine::CachedView;
use axum::body::Bytes;
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
