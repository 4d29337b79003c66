//! A damaged database is found before anything writes to it. At start the file is opened
//! read-only and SQLite's `PRAGMA quick_check` reads every page; a file that is no database
//! (`NOTADB`), or one whose pages do not hold together (`CORRUPT`, or any line but `ok`), is
//! refused with what to do and where the backups are. Nothing has then been written into it:
//! no migration, no journal mode, no checkpoint, so the director (or someone helping) still
//! has the file exactly as it was. The check reads the whole file: a few milliseconds for a
//! club's database of a few MB.

use super::StoreError;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::ConnectOptions;
use std::path::{Path, PathBuf};

/// SQLite's primary result codes for a damaged file.
const SQLITE_CORRUPT: i32 = 11;
const SQLITE_NOTADB: i32 = 26;

/// The folder the backups of `database` go to (see `backup.rs`).
pub fn backups_folder(database: &Path) -> PathBuf {
    database
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
        .join("backups")
}

/// The newest backup's file name in `folder`, if any (the names sort by their time).
fn newest_backup(folder: &Path) -> Option<String> {
    std::fs::read_dir(folder)
        .ok()?
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| n.starts_with("clubtd-") && n.ends_with(".sqlite"))
        .max()
}

/// Is this SQLite's way of saying the file is damaged (not a lock, a permission, a full disk)?
fn says_damaged(e: &sqlx::Error) -> bool {
    let sqlx::Error::Database(db) = e else {
        return false;
    };
    db.code()
        .and_then(|c| c.parse::<i32>().ok())
        .is_some_and(|code| matches!(code & 0xff, SQLITE_CORRUPT | SQLITE_NOTADB))
}

/// SQLite's own words for a failure (without sqlx's "error returned from database").
fn words(e: &sqlx::Error) -> String {
    match e {
        sqlx::Error::Database(db) => db.message().to_string(),
        other => other.to_string(),
    }
}

/// The refusal of a damaged `database`, saying what to do.
fn damaged(database: &Path, detail: String) -> StoreError {
    // Named in full: the director reads it in a console, perhaps started by a double-click.
    let folder = backups_folder(database);
    let backups = std::path::absolute(&folder).unwrap_or(folder);
    StoreError::Damaged {
        path: std::path::absolute(database).unwrap_or_else(|_| database.to_path_buf()),
        newest: match newest_backup(&backups) {
            Some(name) => format!("the newest is {name}"),
            None => "none was found there: keep the damaged file, sqlite3's .recover may \
                     still save most of it"
                .into(),
        },
        backups,
        detail,
    }
}

/// Checks an existing, non-empty database file read-only; `Ok` when SQLite finds it whole
/// (or when the file is new or empty: there is nothing to damage, or when it could not be
/// read for another reason, logged: the ordinary open then meets it).
pub async fn check_existing(database: &Path) -> Result<(), StoreError> {
    let is_new = std::fs::metadata(database).map_or(true, |m| m.len() == 0);
    if is_new {
        return Ok(());
    }
    let options = SqliteConnectOptions::new()
        .filename(database)
        .read_only(true)
        .create_if_missing(false);
    let mut conn = match options.connect().await {
        Ok(conn) => conn,
        Err(e) if says_damaged(&e) => return Err(damaged(database, words(&e))),
        Err(e) => {
            could_not_check(database, &e);
            return Ok(());
        }
    };
    let lines = sqlx::query_scalar::<_, String>("PRAGMA quick_check")
        .fetch_all(&mut conn)
        .await;
    // Closing a read-only connection writes nothing into the database file.
    let _ = sqlx::Connection::close(conn).await;
    match lines {
        Ok(lines) if lines.len() == 1 && lines[0] == "ok" => Ok(()),
        Ok(lines) => Err(damaged(
            database,
            lines.into_iter().take(3).collect::<Vec<_>>().join("; "),
        )),
        Err(e) if says_damaged(&e) => Err(damaged(database, words(&e))),
        Err(e) => {
            could_not_check(database, &e);
            Ok(())
        }
    }
}

/// The file could not be read read-only for another reason than damage (a WAL left by a
/// crash that only a writer may recover, a lock): the ordinary open goes on, and says what
/// it meets.
fn could_not_check(database: &Path, e: &sqlx::Error) {
    tracing::warn!(path = %database.display(), "database not checked before opening: {e}");
}
