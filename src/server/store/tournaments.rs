//! The club's tournaments: one row each (name, creation time, flags); what happened in it is
//! its event log (`events.rs`).

use super::{Store, StoreError};
use sqlx::Row;

/// A tournament's yes/no settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentFlag {
    /// No longer the faces' default; still readable by its id, still counts for its season.
    Archived,
    /// Readable through the API without a credential.
    Public,
}

/// A tournament in the club's list.
#[derive(Clone, Debug)]
pub struct TournamentRow {
    pub id: i64,
    pub name: String,
    pub created_at: i64,
    pub archived: bool,
    pub public: bool,
}

impl TournamentRow {
    fn from_row(r: &sqlx::sqlite::SqliteRow) -> TournamentRow {
        TournamentRow {
            id: r.get("id"),
            name: r.get("name"),
            created_at: r.get("created_at"),
            archived: r.get::<i64, _>("archived") != 0,
            public: r.get::<i64, _>("public") != 0,
        }
    }
}

impl Store {
    /// A new tournament row; its events come with the first command.
    pub async fn create_tournament(&self, name: &str, now_ms: i64) -> Result<i64, StoreError> {
        let row =
            sqlx::query("INSERT INTO tournaments (name, created_at) VALUES (?, ?) RETURNING id")
                .bind(name)
                .bind(now_ms)
                .fetch_one(&self.pool)
                .await?;
        Ok(row.get::<i64, _>(0))
    }

    /// Ids of all tournaments, oldest first (archived ones stay readable).
    pub async fn tournament_ids(&self) -> Result<Vec<i64>, StoreError> {
        let rows = sqlx::query("SELECT id FROM tournaments ORDER BY id")
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(|r| r.get::<i64, _>(0)).collect())
    }

    /// The club's tournaments, oldest first.
    pub async fn tournaments(&self) -> Result<Vec<TournamentRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, name, created_at, archived, public FROM tournaments ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(TournamentRow::from_row).collect())
    }

    /// One tournament's row.
    pub async fn tournament(&self, id: i64) -> Result<Option<TournamentRow>, StoreError> {
        let row = sqlx::query(
            "SELECT id, name, created_at, archived, public FROM tournaments WHERE id = ?",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(TournamentRow::from_row))
    }

    /// The tournaments not archived, oldest first: those the faces may show without `?t=`.
    pub async fn active_ids(&self) -> Result<Vec<i64>, StoreError> {
        let rows = sqlx::query("SELECT id FROM tournaments WHERE archived = 0 ORDER BY id")
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(|r| r.get::<i64, _>(0)).collect())
    }

    /// Sets one yes/no setting of a tournament.
    pub async fn set_flag(
        &self,
        id: i64,
        flag: TournamentFlag,
        value: bool,
    ) -> Result<(), StoreError> {
        let sql = match flag {
            TournamentFlag::Archived => "UPDATE tournaments SET archived = ? WHERE id = ?",
            TournamentFlag::Public => "UPDATE tournaments SET public = ? WHERE id = ?",
        };
        sqlx::query(sql)
            .bind(i64::from(value))
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
