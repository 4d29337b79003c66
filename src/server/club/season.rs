//! The season ranking read from the club's tournaments: a season is a calendar year (of the
//! tournament's creation, UTC); only finished tournaments count, because the places of a
//! running one are still provisional. Archived ones count too: archiving tidies the
//! director's list, it does not take a played tournament out of the season.

use super::{link_tournament, ClubError};
use crate::domain::ranking::{
    final_places, season_ranking, PointsRule, RankingLine, SeasonTournament,
};
use crate::domain::view::tournament_view;
use crate::server::engine::{now, Engine};
use chrono::Datelike;
use std::collections::BTreeSet;

/// The calendar year (UTC) of a moment in ms since the epoch.
pub fn year_of(ms: i64) -> Option<i32> {
    chrono::DateTime::from_timestamp_millis(ms).map(|d| d.year())
}

/// The years that have a tournament, newest first.
pub async fn seasons(engine: &Engine) -> Result<Vec<i32>, ClubError> {
    let rows = engine.store().tournaments().await?;
    let years: BTreeSet<i32> = rows.iter().filter_map(|r| year_of(r.created_at)).collect();
    Ok(years.into_iter().rev().collect())
}

/// The ranking of the season `year` by the club's points rule, best first, how many
/// tournaments counted, and the rule.
pub async fn ranking(
    engine: &Engine,
    year: i32,
) -> Result<(Vec<RankingLine>, u32, PointsRule), ClubError> {
    let store = engine.store();
    let rows = engine.store().tournaments().await?;
    let at = now();
    let mut season = Vec::new();
    for row in rows.iter().filter(|r| year_of(r.created_at) == Some(year)) {
        let Ok(snap) = engine.snapshot(row.id) else {
            continue;
        };
        let Some(view) = tournament_view(&snap.state, at) else {
            continue;
        };
        let Some(finishes) = final_places(&snap.state, &view.results, at) else {
            continue;
        };
        link_tournament(engine, row.id).await?;
        let links = store.entry_links(row.id).await?;
        season.push(SeasonTournament {
            finishes: finishes
                .into_iter()
                .filter_map(|f| Some((*links.get(&f.player)?, f)))
                .collect(),
            ..SeasonTournament::of(&snap.state)
        });
    }
    let counted = u32::try_from(season.len()).unwrap_or(u32::MAX);
    let names = store.club_player_names().await?;
    let rule = store.points_rule().await?;
    Ok((season_ranking(&season, &names, &rule), counted, rule))
}
