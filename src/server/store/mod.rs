//! All of clubtd's storage, and the only place with SQL: one SQLite file (sqlx, WAL journal,
//! migrations in `migrations/`), a module per group of tables. Nothing outside this folder
//! reaches the connection pool.
//!
//! - `events`: the event log (append-only, one transaction per group of commands) and the answers to
//!   command ids;
//! - `tournaments`: the club's tournaments and their flags;
//! - `credentials`: the director's PIN hash, sessions, table keys, API tokens, the sign-in's
//!   wrong PINs and locks;
//! - `player_links`: the personal links' secret and replaced links;
//! - `club_players`: the club's player database and the links from entries to it;
//! - `club_settings`: the club's choices beyond a tournament (the ranking's points rule);
//! - `backup`: an online copy of the file;
//! - `integrity`: a damaged file refused at start, read-only, before anything is written;
//! - `private_files`: the file, its WAL and its backups readable by the server's user only.
//!
//! Durability: `synchronous = FULL` in WAL mode syncs the WAL at every commit, so once
//! `append` returns the events survive a crash or a pulled plug. (`NORMAL` would only
//! guarantee consistency and could lose the last acknowledged commands on power loss.)

mod backup;
pub mod club_players;
mod club_settings;
mod credentials;
mod events;
pub mod integrity;
mod player_links;
pub mod private_files;
pub mod search_key;
mod tournaments;

pub use club_players::{ClubPlayerRow, MergeError, RenameError};
pub use credentials::{SignInFailures, TokenRow};
pub use events::{AuditEntry, CommandRecord};
pub use tournaments::{TournamentFlag, TournamentRow};

use serde::{Deserialize, Serialize};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::SqlitePool;
use std::path::Path;
use std::time::Duration;

/// Storage failures (logged on the server; pages only ever see `INTERNAL`).
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    #[error("migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("stored event {seq} of tournament {tournament} is unreadable: {source}")]
    Corrupt {
        tournament: i64,
        seq: i64,
        source: serde_json::Error,
    },
    /// A stored event that reads but does not fit the state before it: a corrupt log.
    #[error("stored event {seq} of tournament {tournament} does not apply: {source}")]
    Apply {
        tournament: i64,
        seq: i64,
        source: crate::domain::ApplyError,
    },
    #[error("encoding: {0}")]
    Encode(#[from] serde_json::Error),
    /// A stored secret that does not read, or one that could not be made.
    #[error("secret: {0}")]
    Secret(String),
    /// The database file or a backup could not be created or made private.
    #[error("file: {0}")]
    File(String),
    /// The database file fails SQLite's check, or is no database: left as it was.
    #[error(
        "the database {} is damaged ({detail}); clubtd has not changed it. Backups are in {} \
         ({newest}): stop clubtd, move the damaged file aside, copy a backup in its place \
         (named {}), and start clubtd again",
        path.display(),
        backups.display(),
        path.file_name().unwrap_or_default().to_string_lossy()
    )]
    Damaged {
        path: std::path::PathBuf,
        backups: std::path::PathBuf,
        /// Which backup is the newest, in words.
        newest: String,
        /// SQLite's words.
        detail: String,
    },
}

impl StoreError {
    /// The disk is full (SQLite's `SQLITE_FULL`, which it also answers when the file system
    /// says ENOSPC, or when a page limit is reached; or the OS's "no space" on a file of
    /// ours). Nothing of the failed write was kept; writing works again once space returns.
    pub fn is_disk_full(&self) -> bool {
        /// SQLite's primary result code for a full disk (extended codes keep it in the low byte).
        const SQLITE_FULL: i64 = 13;
        match self {
            StoreError::Db(sqlx::Error::Database(e)) => e
                .code()
                .and_then(|c| c.parse::<i64>().ok())
                .is_some_and(|c| c & 0xff == SQLITE_FULL),
            StoreError::Db(sqlx::Error::Io(e)) => e.kind() == std::io::ErrorKind::StorageFull,
            _ => false,
        }
    }
}

/// What a command led to, stored so a retry with the same id gets the same answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StoredOutcome {
    #[serde(rename = "accepted")]
    Accepted { first: u64, last: u64 },
    #[serde(rename = "rejected")]
    Rejected { error: crate::domain::DomainError },
}

/// Who sent a command, for the log.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Origin {
    pub actor: String,
    pub device: String,
    /// When the person tapped, on the server's clock (ms since the epoch), if the device
    /// said: a device's outbox can deliver a tap long after it was made. Kept for the audit
    /// trail and the incident log; the rules and the log's order use the time of receipt.
    pub tapped_at: Option<i64>,
    /// The machine the request came from (a hash of its address), where the door knew it:
    /// given to the rules, which keep it on a sign-up (not a column of the log).
    pub sender: Option<crate::domain::ids::Sender>,
}

/// The SQLite database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
}

impl Store {
    /// Opens (creating if needed) the database file and runs the migrations. An existing file
    /// is first checked read-only (`integrity`): a damaged one is refused untouched.
    pub async fn open(path: &Path) -> Result<Store, StoreError> {
        Self::open_limited(path, None).await
    }

    /// `open`, with the database file held to at most `max_pages` pages (SQLite's
    /// `max_page_count`, on every connection): a disk that fills up, for the tests of what
    /// a full disk does, on any machine.
    #[doc(hidden)]
    pub async fn open_limited(path: &Path, max_pages: Option<u32>) -> Result<Store, StoreError> {
        integrity::check_existing(path).await?;
        if let Some(dir) = path.parent() {
            if !dir.as_os_str().is_empty() {
                let _ = std::fs::create_dir_all(dir);
            }
        }
        // Private before SQLite opens it: its WAL and shared-memory files take its mode.
        private_files::create_private(path)
            .map_err(|e| StoreError::File(format!("{}: {e}", path.display())))?;
        private_files::make_database_private(path);
        // A file name, not a URL: a Windows path (`C:\Users\…`) or one with `?` or `#` in it
        // is taken as it is.
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(5));
        let options = match max_pages {
            Some(pages) => options.pragma("max_page_count", pages.to_string()),
            None => options,
        };
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            // A connection handed back while sqlx still counts a transaction open (a write that
            // failed half-way: SQLite may have rolled back by itself, as on a full disk, so
            // sqlx's ROLLBACK failed) is closed, not reused: reused, its next BEGIN would be a
            // mere SAVEPOINT inside a transaction that never commits, holding the write lock.
            .after_release(|conn, _| {
                use sqlx::Connection;
                let clean = !conn.is_in_transaction();
                Box::pin(async move { Ok(clean) })
            })
            .connect_with(options)
            .await?;
        sqlx::migrate!("./migrations").run(&pool).await?;
        Ok(Store { pool })
    }

    /// Waits for the connections to be handed back and closes them: the last one folds the
    /// WAL into the database file. Used when the server stops.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}
