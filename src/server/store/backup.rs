//! An online copy of the database file, safe while serving.

use super::{Store, StoreError};
use std::path::{Path, PathBuf};

impl Store {
    /// Writes a consistent copy of the database into `backups/` beside `database` (`VACUUM
    /// INTO`), named by the time; returns its path.
    pub async fn backup(&self, database: &Path) -> Result<PathBuf, StoreError> {
        let stamp = chrono::Utc::now().format("%Y%m%d-%H%M%S");
        let dir = database
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default()
            .join("backups");
        let _ = super::private_files::create_private_dir(&dir);
        let target = dir.join(format!("clubtd-{stamp}.sqlite"));
        // VACUUM INTO writes into an empty file that exists: made private first.
        super::private_files::create_private(&target)
            .map_err(|e| StoreError::File(format!("{}: {e}", target.display())))?;
        sqlx::query("VACUUM INTO ?")
            .bind(target.to_string_lossy().to_string())
            .execute(&self.pool)
            .await?;
        super::private_files::make_private(&target)
            .map_err(|e| StoreError::File(format!("{}: {e}", target.display())))?;
        Ok(target)
    }
}
