//! An online copy of the database file, safe while serving.

use super::{Store, StoreError};
use std::path::{Path, PathBuf};

/// Names tried in one millisecond before giving up (`-2`, `-3`, … after the time).
const NAMES_PER_STAMP: u32 = 100;

impl Store {
    /// Writes a consistent copy of the database into `backups/` beside `database` (`VACUUM
    /// INTO`), named by the time to the millisecond; returns its path.
    ///
    /// Each backup claims a file of its own before writing (created exclusively; the next
    /// free `-2`, `-3`… when taken): two backups in the same second (the director's button and
    /// the break's, or two taps) once shared one name, and the second `VACUUM INTO` failed
    /// on the file the first was writing.
    pub async fn backup(&self, database: &Path) -> Result<PathBuf, StoreError> {
        let stamp = chrono::Utc::now().format("%Y%m%d-%H%M%S-%3f");
        let dir = super::integrity::backups_folder(database);
        let _ = super::private_files::create_private_dir(&dir);
        let target = claim(&dir, &stamp.to_string())?;
        // VACUUM INTO writes into an empty file that exists: made private first (above).
        let written = sqlx::query("VACUUM INTO ?")
            .bind(target.to_string_lossy().to_string())
            .execute(&self.pool)
            .await;
        if let Err(e) = written {
            // An empty or half-written file is no backup.
            let _ = std::fs::remove_file(&target);
            return Err(e.into());
        }
        super::private_files::make_private(&target)
            .map_err(|e| StoreError::File(format!("{}: {e}", target.display())))?;
        Ok(target)
    }
}

/// Creates the backup's file, empty and private, under the first free name for `stamp`.
fn claim(dir: &Path, stamp: &str) -> Result<PathBuf, StoreError> {
    for n in 1..=NAMES_PER_STAMP {
        let name = if n == 1 {
            format!("clubtd-{stamp}.sqlite")
        } else {
            format!("clubtd-{stamp}-{n}.sqlite")
        };
        let target = dir.join(name);
        match super::private_files::create_new_private(&target) {
            Ok(()) => return Ok(target),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(StoreError::File(format!("{}: {e}", target.display()))),
        }
    }
    Err(StoreError::File(format!(
        "{}: {NAMES_PER_STAMP} backups named {stamp} already",
        dir.display()
    )))
}

#[cfg(test)]
mod tests {
    use super::claim;

    #[test]
    fn a_name_taken_in_the_same_millisecond_gets_the_next_number() {
        let dir = tempfile::tempdir().unwrap();
        let stamp = "20261201-203000-123";
        let names: Vec<String> = (0..3)
            .map(|_| {
                let path = claim(dir.path(), stamp).unwrap();
                path.file_name().unwrap().to_string_lossy().into_owned()
            })
            .collect();
        assert_eq!(
            names,
            [
                "clubtd-20261201-203000-123.sqlite",
                "clubtd-20261201-203000-123-2.sqlite",
                "clubtd-20261201-203000-123-3.sqlite",
            ]
        );
    }
}
