//! Where clubtd keeps its files on the club's laptop when nobody says: the database (and the
//! backups beside it) in the user's data folder, the unpacked pages in the user's cache
//! folder. A developer's build keeps the database in `data/` of the working directory, as it
//! always has; the one-file build for clubs (`embed`) is started from anywhere (a download
//! folder, a USB stick), so a path relative to the working directory would scatter databases.

use std::path::PathBuf;

/// The folder name under the platform's data and cache folders.
const APP: &str = "clubtd";

/// The per-user data folder: `~/.local/share/clubtd` on Linux, `%LOCALAPPDATA%\clubtd` on
/// Windows, `~/Library/Application Support/clubtd` on macOS. Local, not roaming, on Windows:
/// a database must not follow a roaming profile to another machine mid-evening.
pub fn user_data() -> Option<PathBuf> {
    dirs::data_local_dir().map(|d| d.join(APP))
}

/// The per-user cache folder (`~/.cache/clubtd`, `%LOCALAPPDATA%\clubtd\cache`): what can be
/// made again from the binary.
pub fn user_cache() -> Option<PathBuf> {
    if cfg!(windows) {
        // Windows has no cache folder of its own: beside the data, in a folder that says so.
        dirs::data_local_dir().map(|d| d.join(APP).join("cache"))
    } else {
        dirs::cache_dir().map(|d| d.join(APP))
    }
}

/// The database used when `--db` is not given.
pub fn default_database() -> PathBuf {
    if cfg!(feature = "embed") {
        if let Some(dir) = user_data() {
            return dir.join("clubtd.sqlite");
        }
    }
    PathBuf::from("data").join("clubtd.sqlite")
}
