//! The club's own choices that are not a tournament's: today the season ranking's points rule,
//! stored as JSON in the `settings` table (one row per setting, absent until first chosen).

use super::{Store, StoreError};
use crate::domain::ranking::PointsRule;

const POINTS_RULE: &str = "points_rule";

impl Store {
    /// The club's points rule; the default (square root of the entries) until one is chosen.
    /// A row that does not read (written by a newer clubtd) is reported, not silently replaced.
    pub async fn points_rule(&self) -> Result<PointsRule, StoreError> {
        let stored: Option<String> = sqlx::query_scalar("SELECT value FROM settings WHERE key = ?")
            .bind(POINTS_RULE)
            .fetch_optional(&self.pool)
            .await?;
        match stored {
            Some(json) => Ok(serde_json::from_str(&json)?),
            None => Ok(PointsRule::default()),
        }
    }

    /// Stores the club's points rule (checked by the caller).
    pub async fn set_points_rule(&self, rule: &PointsRule) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO settings (key, value) VALUES (?, ?)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        )
        .bind(POINTS_RULE)
        .bind(serde_json::to_string(rule)?)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
