//! The database, its WAL and its backups hold the PIN hash, the personal links' secret, the
//! tables' keys and what each player paid: readable by the server's own user only (0600),
//! whatever the umask. SQLite gives the `-wal` and `-shm` files the mode of the database
//! file, so creating that one private is what counts; a file found readable by others (from
//! an older clubtd) is made private at start-up, with a log line.

use std::path::Path;

/// Creates `path` empty and private unless it exists.
pub fn create_private(path: &Path) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path).map(|_| ())
}

/// Creates `path` empty and private; fails with `AlreadyExists` when it exists (so two
/// writers never share a file).
pub fn create_new_private(path: &Path) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path).map(|_| ())
}

/// Creates a folder readable by the server's user only (a backups folder), or leaves it be.
pub fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    if dir.is_dir() {
        return Ok(());
    }
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(dir)
}

/// Takes the group's and others' permissions off `path` when it has any; true when it did.
pub fn make_private(path: &Path) -> std::io::Result<bool> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let Ok(meta) = std::fs::metadata(path) else {
            return Ok(false);
        };
        let mode = meta.permissions().mode();
        if mode & 0o077 == 0 {
            return Ok(false);
        }
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode & 0o700))?;
        Ok(true)
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        Ok(false)
    }
}

/// The database file and its companions, made private; logs each one it had to change.
pub fn make_database_private(database: &Path) {
    let mut paths = vec![database.to_path_buf()];
    for suffix in ["-wal", "-shm"] {
        let mut name = database.as_os_str().to_owned();
        name.push(suffix);
        paths.push(name.into());
    }
    if let Some(backups) = database.parent().map(|d| d.join("backups")) {
        if let Ok(entries) = std::fs::read_dir(&backups) {
            paths.extend(entries.flatten().map(|e| e.path()));
        }
        paths.push(backups);
    }
    for path in paths {
        match make_private(&path) {
            Ok(true) => tracing::warn!(
                path = %path.display(),
                "was readable by other users of this machine: made private (owner only)"
            ),
            Ok(false) => {}
            Err(e) => tracing::error!(path = %path.display(), "could not be made private: {e}"),
        }
    }
}
