//! The club beyond one tournament, for a club website: the season ranking with the club's
//! points rule, the same lines the `/ranking` page shows (`application::club`).

use super::extract::QueryParams;
use super::problem::{ApiResult, Problem};
use crate::domain::money::Cents;
use crate::domain::ranking::{PointsRule, RankingLine};
use crate::server::app_state::AppState;
use crate::server::application::club;
use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// A season's ranking, counted by the club's points rule.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct SeasonRanking {
    pub year: i32,
    /// The years that have tournaments, newest first (to choose another season).
    pub seasons: Vec<i32>,
    /// Finished tournaments counted.
    pub tournaments: u32,
    /// Prize and bounty money of the whole season, in cents.
    pub total_prizes: Cents,
    /// How the points are counted (the club's rule, chosen by the director).
    pub rule: PointsRule,
    /// Best first.
    pub lines: Vec<RankingLine>,
}

/// `?year=` for the season ranking.
#[derive(Clone, Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Season {
    /// The season (a calendar year); the newest season with a tournament when left out.
    #[serde(default)]
    #[param(minimum = 1970, maximum = 9999)]
    pub year: Option<i32>,
}

/// The season ranking (public: the club shows it on its website and the room screen).
#[utoipa::path(get, path = "/api/v1/ranking", tag = "club", params(Season),
    responses((status = 200, body = SeasonRanking),
        (status = 400, body = Problem, content_type = "application/problem+json")))]
pub async fn ranking(
    State(state): State<AppState>,
    QueryParams(q): QueryParams<Season>,
) -> ApiResult<Json<SeasonRanking>> {
    if q.year.is_some_and(|y| !(1970..=9999).contains(&y)) {
        return Err(Problem::bad_request(
            "INVALID_QUERY",
            "year must be 1970 to 9999",
        ));
    }
    let season = club::season_ranking(&state.app, q.year).await?;
    let total_prizes = season.lines.iter().map(|l| l.prizes + l.bounties).sum();
    Ok(Json(SeasonRanking {
        year: season.year,
        seasons: season.seasons,
        tournaments: season.tournaments,
        total_prizes,
        rule: season.rule,
        lines: season.lines,
    }))
}
