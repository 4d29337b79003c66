//! The club's player database in SQLite: club players, the spellings that lead to each, and
//! the link from every tournament entry to its club player.
//!
//! Why a link table beside the log rather than a club id in `RegisterPlayer`: the domain
//! core stays about one tournament (replay, the API's command schema and every stored event
//! are unchanged), and the link is a projection of the log — `link_entries` is idempotent,
//! so it runs after each acknowledged registration, again at start-up and before a ranking
//! is computed, and a crash between the commit and the link loses nothing. The link is by
//! the domain's `PlayerId`, so a rename in the tournament keeps it; a wrong link (a typo
//! made a new club player) is fixed by merging the two club players.

use super::search_key::search_key;
use super::Store;
use crate::domain::ids::PlayerId;
use crate::domain::ranking::ClubPlayerId;
use crate::domain::state::PlayerStatus;
use crate::domain::Tournament;
use sqlx::Row;
use std::collections::{BTreeMap, BTreeSet};

/// A club player as the desk's search shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClubPlayerRow {
    pub id: ClubPlayerId,
    pub name: String,
    /// Tournaments with an entry linked to this player.
    pub tournaments: u32,
    /// The latest registration (ms since the epoch).
    pub last_seen_at: i64,
}

/// Why a merge was refused.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    #[error("a player cannot be merged into themselves")]
    Same,
    #[error("unknown club player")]
    Unknown,
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

/// Why a rename was refused.
#[derive(Debug, thiserror::Error)]
pub enum RenameError {
    #[error("a name has 1 to 60 characters")]
    InvalidName,
    #[error("unknown club player")]
    Unknown,
    /// The new name already leads to another club player: the two are probably one person,
    /// which is a merge, not a rename.
    #[error("the name belongs to club player {}", .0.0)]
    Taken(ClubPlayerId),
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

impl Store {
    /// Links every entry of `tournament` that has no club player yet, making the club player
    /// when the name's key is new. Returns how many entries were linked now.
    pub async fn link_entries(
        &self,
        tournament: i64,
        state: &Tournament,
        now_ms: i64,
    ) -> Result<usize, sqlx::Error> {
        let linked: BTreeSet<i64> =
            sqlx::query("SELECT player_id FROM entry_links WHERE tournament_id = ?")
                .bind(tournament)
                .fetch_all(&self.pool)
                .await?
                .iter()
                .map(|r| r.get::<i64, _>(0))
                .collect();
        let missing: Vec<_> = state
            .players
            .values()
            .filter(|p| p.status != PlayerStatus::Unregistered)
            .filter(|p| !linked.contains(&i64::from(p.id.0)))
            .collect();
        if missing.is_empty() {
            return Ok(0);
        }
        let mut linked_now = 0;
        let mut tx = self.pool.begin().await?;
        for p in missing {
            let key = search_key(&p.name);
            if key.is_empty() {
                continue;
            }
            let display = crate::domain::model::names::collapse_spaces(&p.name);
            let seen = if p.registered_at.0 > 0 {
                p.registered_at.0
            } else {
                now_ms
            };
            // A write first: the transaction takes SQLite's write lock here (waiting politely
            // when busy) instead of failing to upgrade a read lock later.
            let made = sqlx::query(
                "INSERT INTO club_players (display_name, search_key, created_at, last_seen_at)
                 SELECT ?1, ?2, ?3, ?4 WHERE NOT EXISTS
                   (SELECT 1 FROM club_player_names WHERE search_key = ?2)",
            )
            .bind(&display)
            .bind(&key)
            .bind(now_ms)
            .bind(seen)
            .execute(&mut *tx)
            .await?;
            if made.rows_affected() == 1 {
                sqlx::query(
                    "INSERT INTO club_player_names (search_key, club_player_id) VALUES (?, ?)",
                )
                .bind(&key)
                .bind(made.last_insert_rowid())
                .execute(&mut *tx)
                .await?;
            }
            let club: i64 =
                sqlx::query("SELECT club_player_id FROM club_player_names WHERE search_key = ?")
                    .bind(&key)
                    .fetch_one(&mut *tx)
                    .await?
                    .get(0);
            let link = sqlx::query(
                "INSERT OR IGNORE INTO entry_links (tournament_id, player_id, club_player_id)
                 VALUES (?, ?, ?)",
            )
            .bind(tournament)
            .bind(i64::from(p.id.0))
            .bind(club)
            .execute(&mut *tx)
            .await?;
            linked_now += usize::try_from(link.rows_affected()).unwrap_or(0);
            sqlx::query("UPDATE club_players SET last_seen_at = max(last_seen_at, ?) WHERE id = ?")
                .bind(seen)
                .bind(club)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(linked_now)
    }

    /// Club players whose name (any known spelling) contains `query`, ignoring case, accents and
    /// spacing; at most `limit`. Names with a word starting with the query come first (what the
    /// desk is typing is usually the start of a first or last name), then the most recently
    /// active.
    pub async fn search_club_players(
        &self,
        query: &str,
        limit: u32,
    ) -> Result<Vec<ClubPlayerRow>, sqlx::Error> {
        let key = search_key(query);
        if key.is_empty() {
            return Ok(Vec::new());
        }
        // instr() rather than LIKE: the typed text needs no escaping of % and _.
        let rows = sqlx::query(
            "SELECT p.id, p.display_name, p.last_seen_at,
               (SELECT COUNT(DISTINCT l.tournament_id) FROM entry_links l
                 WHERE l.club_player_id = p.id) AS tournaments,
               MAX(substr(n.search_key, 1, length(?1)) = ?1
                   OR instr(n.search_key, ' ' || ?1) > 0) AS word_start
             FROM club_players p JOIN club_player_names n ON n.club_player_id = p.id
             WHERE instr(n.search_key, ?1) > 0
             GROUP BY p.id
             ORDER BY word_start DESC, p.last_seen_at DESC, p.display_name
             LIMIT ?2",
        )
        .bind(&key)
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| ClubPlayerRow {
                id: ClubPlayerId(r.get(0)),
                name: r.get(1),
                last_seen_at: r.get(2),
                tournaments: u32::try_from(r.get::<i64, _>(3)).unwrap_or(0),
            })
            .collect())
    }

    /// Merges club player `duplicate` into `keep`: every entry and every spelling of the
    /// duplicate moves to `keep`, and the duplicate is deleted, in one transaction. Results and
    /// the ranking then count both as one player.
    pub async fn merge_club_players(
        &self,
        keep: ClubPlayerId,
        duplicate: ClubPlayerId,
    ) -> Result<(), MergeError> {
        if keep == duplicate {
            return Err(MergeError::Same);
        }
        let mut tx = self.pool.begin().await?;
        // The write first (see `link_entries`); it also tells whether the kept player exists.
        let kept = sqlx::query(
            "UPDATE club_players SET last_seen_at =
               max(last_seen_at, coalesce((SELECT last_seen_at FROM club_players WHERE id = ?2), 0))
             WHERE id = ?1",
        )
        .bind(keep.0)
        .bind(duplicate.0)
        .execute(&mut *tx)
        .await?;
        let gone = sqlx::query("SELECT 1 FROM club_players WHERE id = ?")
            .bind(duplicate.0)
            .fetch_optional(&mut *tx)
            .await?
            .is_none();
        if kept.rows_affected() == 0 || gone {
            return Err(MergeError::Unknown);
        }
        for sql in [
            "UPDATE entry_links SET club_player_id = ?1 WHERE club_player_id = ?2",
            "UPDATE club_player_names SET club_player_id = ?1 WHERE club_player_id = ?2",
            "DELETE FROM club_players WHERE id = ?2",
        ] {
            sqlx::query(sql)
                .bind(keep.0)
                .bind(duplicate.0)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Renames a club player (a typo fixed, a nickname dropped). The new spelling joins the
    /// known ones, so the desk's search finds the player by either, and entries registered
    /// later under the new spelling link to the same player. Tournament logs are not touched:
    /// a result keeps the name the player was registered under that evening.
    pub async fn rename_club_player(
        &self,
        id: ClubPlayerId,
        name: &str,
    ) -> Result<(), RenameError> {
        use crate::domain::model::names::{clean_name, MAX_NAME_CHARS};
        let display = clean_name(name, MAX_NAME_CHARS).ok_or(RenameError::InvalidName)?;
        let key = search_key(&display);
        if key.is_empty() {
            return Err(RenameError::InvalidName);
        }
        let mut tx = self.pool.begin().await?;
        // The write first (see `link_entries`); it also tells whether the player exists.
        let renamed = sqlx::query("UPDATE club_players SET display_name = ? WHERE id = ?")
            .bind(&display)
            .bind(id.0)
            .execute(&mut *tx)
            .await?;
        if renamed.rows_affected() == 0 {
            return Err(RenameError::Unknown);
        }
        let owner: Option<i64> =
            sqlx::query("SELECT club_player_id FROM club_player_names WHERE search_key = ?")
                .bind(&key)
                .fetch_optional(&mut *tx)
                .await?
                .map(|r| r.get(0));
        match owner {
            Some(other) if other != id.0 => return Err(RenameError::Taken(ClubPlayerId(other))),
            Some(_) => {}
            None => {
                sqlx::query(
                    "INSERT INTO club_player_names (search_key, club_player_id) VALUES (?, ?)",
                )
                .bind(&key)
                .bind(id.0)
                .execute(&mut *tx)
                .await?;
            }
        }
        tx.commit().await?;
        Ok(())
    }

    /// The club player of each linked entry of `tournament`.
    pub async fn entry_links(
        &self,
        tournament: i64,
    ) -> Result<BTreeMap<PlayerId, ClubPlayerId>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT player_id, club_player_id FROM entry_links WHERE tournament_id = ?",
        )
        .bind(tournament)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .filter_map(|r| {
                let player = u32::try_from(r.get::<i64, _>(0)).ok()?;
                Some((PlayerId(player), ClubPlayerId(r.get(1))))
            })
            .collect())
    }

    /// Every club player's display name.
    pub async fn club_player_names(&self) -> Result<BTreeMap<ClubPlayerId, String>, sqlx::Error> {
        let rows = sqlx::query("SELECT id, display_name FROM club_players")
            .fetch_all(&self.pool)
            .await?;
        Ok(rows
            .iter()
            .map(|r| (ClubPlayerId(r.get(0)), r.get(1)))
            .collect())
    }
}
