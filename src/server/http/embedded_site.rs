//! The pages' files carried inside the one-file build for clubs (feature `embed`): the wasm and
//! its chunks, the js, the style, icons and sounds, each with its brotli and gzip copies, and
//! cargo-leptos' `hash.txt`, embedded at compile time from the folder `CLUBTD_SITE_DIR` names
//! (`scripts/package.sh` stages it).
//!
//! At start-up they are written once per build to the user's cache folder and served from
//! there, by the same code that serves a developer's `target/site`: Leptos itself reads the
//! hash file and the split manifest from disk, and the static-file service sends the
//! precompressed copies and the caching headers exactly as in every other build. A build is a
//! folder named by the hash of its files, written under a temporary name and renamed when
//! complete, so a second clubtd started at the same moment, or one killed mid-write, never
//! serves half a site; older builds' folders are removed.

use rust_embed::RustEmbed;
use sha2::{Digest, Sha256};
use std::io;
use std::path::{Path, PathBuf};

#[derive(RustEmbed)]
#[folder = "$CLUBTD_SITE_DIR"]
struct Site;

/// cargo-leptos' list of the content-hashed names, staged at the site's root.
pub const HASH_FILE: &str = "hash.txt";

/// The unpacked site: its root folder and the absolute path of its hash file.
#[derive(Debug, Clone)]
pub struct Unpacked {
    pub root: PathBuf,
    pub hash_file: PathBuf,
}

/// The build's name: the first 16 hex digits of a hash over every file's path and content.
fn build_id() -> String {
    let mut names: Vec<_> = Site::iter().collect();
    names.sort();
    let mut hasher = Sha256::new();
    for name in names {
        hasher.update(name.as_bytes());
        if let Some(file) = Site::get(&name) {
            hasher.update(file.metadata.sha256_hash());
        }
    }
    hex::encode(&hasher.finalize()[..8])
}

/// Writes the site under `cache` unless this build's folder is already there; removes the
/// folders of other builds.
pub fn unpack(cache: &Path) -> io::Result<Unpacked> {
    let id = build_id();
    let sites = cache.join("site");
    let root = sites.join(&id);
    if !root.join(HASH_FILE).is_file() {
        std::fs::create_dir_all(&sites)?;
        let partial = sites.join(format!("{id}.partial-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&partial);
        for name in Site::iter() {
            let Some(file) = Site::get(&name) else {
                continue;
            };
            let path = partial.join(name.as_ref());
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::write(&path, &file.data)?;
        }
        if !partial.join(HASH_FILE).is_file() {
            return Err(io::Error::other(
                "this build carries no hash.txt: it was not made by scripts/package.sh",
            ));
        }
        if let Err(e) = std::fs::rename(&partial, &root) {
            // Another clubtd finished the same build first: use its copy.
            let _ = std::fs::remove_dir_all(&partial);
            if !root.join(HASH_FILE).is_file() {
                return Err(e);
            }
        }
    }
    remove_other_builds(&sites, &id);
    Ok(Unpacked {
        hash_file: root.join(HASH_FILE),
        root,
    })
}

/// Best effort: an older build's folder still open elsewhere (Windows) stays until next time.
fn remove_other_builds(sites: &Path, keep: &str) {
    let Ok(entries) = std::fs::read_dir(sites) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        // A partial folder of a clubtd starting right now is left to it.
        if name != keep && !name.contains(".partial-") {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_build_is_unpacked_once_and_served_from_its_own_folder() {
        let cache = tempfile::tempdir().expect("temp dir");
        let stale = cache.path().join("site").join("0123456789abcdef");
        std::fs::create_dir_all(&stale).expect("stale build");
        let first = unpack(cache.path()).expect("unpacked");
        assert!(first.hash_file.is_file());
        assert!(first.root.join("pkg").is_dir(), "the wasm and js folder");
        assert!(!stale.exists(), "an older build's folder is removed");
        // Every embedded file is on disk with its content.
        for name in Site::iter() {
            let on_disk = std::fs::read(first.root.join(name.as_ref())).expect("file");
            assert_eq!(on_disk, Site::get(&name).expect("embedded").data.as_ref());
        }
        // A second start finds it and writes nothing.
        let hash_written = std::fs::metadata(&first.hash_file).and_then(|m| m.modified());
        let second = unpack(cache.path()).expect("found");
        assert_eq!(second.root, first.root);
        assert_eq!(
            std::fs::metadata(&second.hash_file)
                .and_then(|m| m.modified())
                .ok(),
            hash_written.ok()
        );
    }
}
