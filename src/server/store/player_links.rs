//! The players' personal links as stored: the server's secret (made by a migration) and the
//! generation of every link that was replaced (a row only for those).

use super::{Store, StoreError};

impl Store {
    /// The links' secret, as the migration wrote it (hex).
    pub async fn player_link_secret(&self) -> Result<String, StoreError> {
        let hex_secret: String =
            sqlx::query_scalar("SELECT value FROM settings WHERE key = 'player_link_secret'")
                .fetch_one(&self.pool)
                .await?;
        Ok(hex_secret)
    }

    /// Every replaced link: (tournament, player, generation).
    pub async fn player_link_generations(&self) -> Result<Vec<(i64, i64, i64)>, StoreError> {
        Ok(
            sqlx::query_as("SELECT tournament, player, generation FROM player_link_generations")
                .fetch_all(&self.pool)
                .await?,
        )
    }

    /// Moves a player's link to its next generation and returns it.
    pub async fn next_player_link_generation(
        &self,
        tournament: i64,
        player: u32,
    ) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar(
            "INSERT INTO player_link_generations (tournament, player, generation) VALUES (?, ?, 1)
             ON CONFLICT (tournament, player) DO UPDATE SET generation = generation + 1
             RETURNING generation",
        )
        .bind(tournament)
        .bind(i64::from(player))
        .fetch_one(&self.pool)
        .await?)
    }
}
