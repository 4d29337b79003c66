//! The club's own choices that are not a tournament's: the season ranking's points rule and the
//! club's chip set, stored as JSON in the `settings` table (one row per setting, absent until
//! first chosen).

use super::{Store, StoreError};
use crate::domain::chip_plan::ChipSet;
use crate::domain::ranking::PointsRule;
use serde::{de::DeserializeOwned, Serialize};

const POINTS_RULE: &str = "points_rule";
const CHIP_SET: &str = "chip_set";

impl Store {
    /// A club setting; its default until one is chosen. A row that does not read (written by
    /// a newer clubtd) is reported, not silently replaced.
    async fn club_setting<T: DeserializeOwned + Default>(
        &self,
        key: &str,
    ) -> Result<T, StoreError> {
        let stored: Option<String> = sqlx::query_scalar("SELECT value FROM settings WHERE key = ?")
            .bind(key)
            .fetch_optional(&self.pool)
            .await?;
        match stored {
            Some(json) => Ok(serde_json::from_str(&json)?),
            None => Ok(T::default()),
        }
    }

    /// Stores a club setting (checked by the caller).
    async fn set_club_setting<T: Serialize>(&self, key: &str, value: &T) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO settings (key, value) VALUES (?, ?)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        )
        .bind(key)
        .bind(serde_json::to_string(value)?)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The club's points rule; the default (square root of the entries) until one is chosen.
    pub async fn points_rule(&self) -> Result<PointsRule, StoreError> {
        self.club_setting(POINTS_RULE).await
    }

    pub async fn set_points_rule(&self, rule: &PointsRule) -> Result<(), StoreError> {
        self.set_club_setting(POINTS_RULE, rule).await
    }

    /// The club's chip set; none until the director enters it.
    pub async fn chip_set(&self) -> Result<ChipSet, StoreError> {
        self.club_setting(CHIP_SET).await
    }

    pub async fn set_chip_set(&self, set: &ChipSet) -> Result<(), StoreError> {
        self.set_club_setting(CHIP_SET, set).await
    }
}
