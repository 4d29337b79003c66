//! What makes the faces installable and open without a network (issue N): the web app
//! manifest (one per face, so an installed table device starts on its own table with its key),
//! and the caching rules every answer carries: files named by their content are kept for good,
//! everything else is asked again each time (pages, views, the service worker, icons).

use axum::extract::{Query, Request};
use axum::http::{header, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use std::collections::HashSet;
use std::sync::Arc;

/// The longest start address a manifest takes (a table's address with its key is ~60).
const MAX_START_LEN: usize = 300;

#[derive(Deserialize)]
pub struct ManifestQuery {
    /// The face's address, where the installed app starts (`/table/3?t=1&key=…`).
    start: Option<String>,
}

/// A start address of this site only: a path, never another site (`//host`, `http:`).
fn safe_start(start: Option<&str>) -> &str {
    match start {
        Some(s)
            if s.starts_with('/')
                && !s.starts_with("//")
                && !s.contains('\\')
                && s.len() <= MAX_START_LEN
                && !s.chars().any(char::is_control) =>
        {
            s
        }
        _ => "/",
    }
}

/// The app's name on the home screen, by face: a table device shows which table it is.
fn face_name(start: &str) -> String {
    let path = start.split(['?', '#']).next().unwrap_or("/");
    let mut parts = path.trim_start_matches('/').split('/');
    match (parts.next(), parts.next()) {
        (Some("table"), Some(n)) if n.parse::<u16>().is_ok() => format!("clubtd T{n}"),
        (Some("director"), _) => "clubtd TD".into(),
        (Some("screen"), _) => "clubtd TV".into(),
        _ => "clubtd".into(),
    }
}

/// `GET /manifest.webmanifest?start=…`: the manifest of the face the page is.
pub async fn manifest(Query(q): Query<ManifestQuery>) -> Response {
    let start = safe_start(q.start.as_deref());
    let body = serde_json::json!({
        "name": face_name(start),
        "short_name": face_name(start),
        "start_url": start,
        "scope": "/",
        "display": "standalone",
        "background_color": "#0f1713",
        "theme_color": "#0f1713",
        "icons": [
            {"src": "/icons/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any maskable"},
            {"src": "/icons/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any maskable"},
            {"src": "/favicon.svg", "sizes": "any", "type": "image/svg+xml"}
        ]
    });
    (
        [(header::CONTENT_TYPE, "application/manifest+json")],
        body.to_string(),
    )
        .into_response()
}

/// The content hashes of this build's files: from cargo-leptos' hash file beside the binary
/// (`js: …`, `wasm: …`, `css: …`), and from the names of the files in the site's `pkg`
/// folder, where the chunks of a split build (`chunk_7.<hash>.wasm`, a lazy route's
/// `split_….<hash>.wasm`) are not in the hash file. Empty when the build named no file by its
/// content.
pub fn build_hashes(
    hash_file: &std::path::Path,
    pkg_dir: &std::path::Path,
) -> Arc<HashSet<String>> {
    let text = std::fs::read_to_string(hash_file).unwrap_or_default();
    let listed = text
        .lines()
        .filter_map(|l| l.split_once(':'))
        .map(|(_, h)| h.trim().to_string());
    let files: Vec<String> = std::fs::read_dir(pkg_dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .collect();
    Arc::new(
        listed
            .chain(files.iter().filter_map(|name| content_hash(name)))
            .filter(|h| h.len() >= 8)
            .collect(),
    )
}

/// The content hash in a file name cargo-leptos made: `name.<hash>.ext` (with `.br`/`.gz`
/// after it for a precompressed copy), the hash 22 URL-safe base64 characters.
fn content_hash(file: &str) -> Option<String> {
    let file = file.trim_end_matches(".br").trim_end_matches(".gz");
    let parts: Vec<&str> = file.split('.').collect();
    let [.., hash, _ext] = parts.as_slice() else {
        return None;
    };
    let is_hash = hash.len() == 22
        && hash
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    is_hash.then(|| hash.to_string())
}

/// The caching rule of one answer, by its address: a `/pkg/` file whose name carries this
/// build's content hash never changes (kept a year, immutable); everything else is checked
/// each time (`no-cache`: a page, the service worker, an icon, a sound). Answers that set
/// their own rule keep it (`/view/` is `no-store`).
pub fn cache_rule(path: &str, hashes: &HashSet<String>) -> &'static str {
    let hashed = path.strip_prefix("/pkg/").is_some_and(|file| {
        file.split('.')
            .any(|part| hashes.contains(part.trim_end_matches("_bg")))
    });
    if hashed {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    }
}

/// Middleware: every answer without a caching rule of its own gets `cache_rule`'s.
pub async fn cache_headers(
    axum::extract::State(hashes): axum::extract::State<Arc<HashSet<String>>>,
    req: Request,
    next: Next,
) -> Response {
    let path = req.uri().path().to_string();
    let mut res = next.run(req).await;
    if !res.headers().contains_key(header::CACHE_CONTROL) {
        res.headers_mut().insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static(cache_rule(&path, &hashes)),
        );
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manifest_starts_only_on_this_site() {
        assert_eq!(
            safe_start(Some("/table/3?t=1&key=ab")),
            "/table/3?t=1&key=ab"
        );
        assert_eq!(safe_start(Some("//evil.example/")), "/");
        assert_eq!(safe_start(Some("https://evil.example/")), "/");
        assert_eq!(safe_start(Some("/\\evil")), "/");
        assert_eq!(safe_start(Some("/a\nb")), "/");
        assert_eq!(safe_start(None), "/");
        assert_eq!(face_name("/table/12?key=x"), "clubtd T12");
        assert_eq!(face_name("/director#tables"), "clubtd TD");
        assert_eq!(face_name("/me/abc"), "clubtd");
    }

    #[test]
    fn only_this_builds_hashed_files_are_kept_for_good() {
        let hashes: HashSet<String> = ["Q3kRz0aa_x".to_string()].into();
        assert_eq!(
            cache_rule("/pkg/clubtd.Q3kRz0aa_x.js", &hashes),
            "public, max-age=31536000, immutable"
        );
        assert_eq!(
            cache_rule("/pkg/clubtd.Q3kRz0aa_x_bg.wasm", &hashes),
            "public, max-age=31536000, immutable"
        );
        assert_eq!(cache_rule("/pkg/clubtd.js", &hashes), "no-cache");
        assert_eq!(
            cache_rule("/pkg/clubtd.OtherBuild1.js", &hashes),
            "no-cache"
        );
        assert_eq!(cache_rule("/table/1", &hashes), "no-cache");
        assert_eq!(cache_rule("/sw.js", &hashes), "no-cache");
    }

    #[test]
    fn a_split_builds_chunks_are_this_builds_files_too() {
        let pkg = tempfile::tempdir().unwrap();
        for name in [
            "clubtd.Sh5b8EmXpMydwByPO1Bcsw.wasm",
            "clubtd.Sh5b8EmXpMydwByPO1Bcsw.wasm.br",
            "chunk_7.hmL4XiUrh3IiGgldTeByCw.wasm",
            "split___director_route_view_1560.c4dehA43rA6IH4PKiOAgZw.wasm",
            "notes.txt",
        ] {
            std::fs::write(pkg.path().join(name), b"").unwrap();
        }
        let hashes = build_hashes(&pkg.path().join("no-hash-file"), pkg.path());
        assert_eq!(
            cache_rule("/pkg/chunk_7.hmL4XiUrh3IiGgldTeByCw.wasm", &hashes),
            "public, max-age=31536000, immutable"
        );
        assert_eq!(
            cache_rule(
                "/pkg/split___director_route_view_1560.c4dehA43rA6IH4PKiOAgZw.wasm",
                &hashes
            ),
            "public, max-age=31536000, immutable"
        );
        assert_eq!(
            cache_rule("/pkg/chunk_8.OtherBuildOtherBuild12.wasm", &hashes),
            "no-cache"
        );
        assert_eq!(hashes.len(), 3);
    }
}
