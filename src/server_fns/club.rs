//! Server functions for the club beyond one tournament: the director's tournament list
//! (create from a template, copy, archive), the club's player database (search as the desk
//! types, merge duplicates) and the public season ranking.

use crate::domain::chip_plan::ChipSet;
use crate::domain::money::Cents;
use crate::domain::ranking::{PointsRule, RankingLine};
use leptos::prelude::*;
use leptos::server_fn::codec::Json;
use serde::{Deserialize, Serialize};

pub use crate::protocol::{ClubPlayer, TournamentSummary};

pub use crate::protocol::{Refused, Template};

/// The season ranking as the public page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeasonTable {
    pub year: i32,
    /// The years that have tournaments, newest first (to choose another season).
    pub seasons: Vec<i32>,
    /// Finished tournaments counted.
    pub tournaments: u32,
    pub lines: Vec<RankingLine>,
    /// Prize and bounty money of the whole season.
    pub total_prizes: Cents,
    /// How the points were counted (the page says it in words).
    #[serde(default)]
    pub rule: PointsRule,
}

/// The club's tournaments, newest first (director only).
#[server(endpoint = "list_tournaments")]
pub async fn list_tournaments() -> Result<Vec<TournamentSummary>, ServerFnError> {
    use super::ssr;
    use crate::server::application::club;
    ssr::require_director().await?;
    let mut list = ssr::plain(club::tournaments(&ssr::state()?.app).await)?;
    list.reverse();
    Ok(list)
}

/// Creates a configured tournament from a template (director only). `command_id` is made by
/// the page: a retry answers with the same tournament.
#[server(endpoint = "create_from_template")]
pub async fn create_from_template(
    command_id: String,
    name: String,
    template: Template,
    tables: u16,
) -> Result<Result<i64, Refused>, ServerFnError> {
    use super::ssr;
    use crate::server::application::club;
    let config = club::from_template(
        &ssr::state()?.app,
        &ssr::credentials(None).await,
        template,
        &name,
        tables,
    )
    .await;
    let config = match ssr::answer(config)? {
        Ok(config) => config,
        Err(refused) => return Ok(Err(refused)),
    };
    creation::create(&command_id, config).await
}

/// Creates a tournament with the configuration of tournament `from` (structure, money,
/// tables, settings; none of its players) under a new name (director only).
#[server(endpoint = "copy_tournament")]
pub async fn copy_tournament(
    command_id: String,
    from: i64,
    name: String,
) -> Result<Result<i64, Refused>, ServerFnError> {
    use super::ssr;
    use crate::server::application::club;
    let copied = club::copied(
        &ssr::state()?.app,
        &ssr::credentials(None).await,
        from,
        &name,
    )
    .await;
    let config = match ssr::answer(copied)? {
        Ok(config) => config,
        Err(refused) => return Ok(Err(refused)),
    };
    creation::create(&command_id, config).await
}

/// Archives (or restores) a tournament (director only). An archived tournament is no longer
/// the faces' default; it stays readable by its id and counts for its season.
#[server(endpoint = "archive_tournament")]
pub async fn archive_tournament(
    id: i64,
    archived: bool,
) -> Result<Result<(), Refused>, ServerFnError> {
    use super::ssr;
    use crate::server::application::club;
    use crate::server::store::TournamentFlag;
    let app = ssr::state()?.app;
    let credentials = ssr::credentials(None).await;
    ssr::answer(
        club::set_tournament_flag(&app, &credentials, id, TournamentFlag::Archived, archived).await,
    )
}

/// Club players whose name contains `query`, ignoring case, accents and spacing: at most
/// ten, names with a word starting with the query first, then the most recently active
/// (director only: the club's list of names is not public).
#[server(endpoint = "search_players")]
pub async fn search_players(query: String) -> Result<Vec<ClubPlayer>, ServerFnError> {
    use super::ssr;
    use crate::server::application::club;
    let credentials = ssr::credentials(None).await;
    ssr::plain(club::search_players(&ssr::state()?.app, &credentials, &query).await)
}

/// Merges club player `duplicate` into `keep` (director only): the duplicate's entries and
/// spellings move to `keep` and the duplicate is deleted; results and the ranking then
/// count them as one player.
#[server(endpoint = "merge_players")]
pub async fn merge_players(
    keep: i64,
    duplicate: i64,
) -> Result<Result<(), Refused>, ServerFnError> {
    use super::ssr;
    use crate::server::application::club;
    let credentials = ssr::credentials(None).await;
    ssr::answer(club::merge_players(&ssr::state()?.app, &credentials, keep, duplicate).await)
}

/// Renames club player `id` (director only). Refused when the name is empty or too long, or
/// already leads to another club player (then the two are merged instead).
#[server(endpoint = "rename_club_player")]
pub async fn rename_club_player(
    id: i64,
    name: String,
) -> Result<Result<(), Refused>, ServerFnError> {
    use super::ssr;
    use crate::server::application::club;
    let credentials = ssr::credentials(None).await;
    ssr::answer(club::rename_player(&ssr::state()?.app, &credentials, id, &name).await)
}

/// The season ranking of `year` (default: the newest season with a tournament, else this
/// year). Public: the club shows it on the room screen and its website.
#[server(endpoint = "season_ranking")]
pub async fn season_ranking(year: Option<i32>) -> Result<SeasonTable, ServerFnError> {
    use super::ssr;
    use crate::server::application::club;
    let season = ssr::plain(club::season_ranking(&ssr::state()?.app, year).await)?;
    let total_prizes = season.lines.iter().map(|l| l.prizes + l.bounties).sum();
    Ok(SeasonTable {
        year: season.year,
        seasons: season.seasons,
        tournaments: season.tournaments,
        lines: season.lines,
        total_prizes,
        rule: season.rule,
    })
}

/// The club's points rule (public: /ranking spells it out).
#[server(endpoint = "points_rule")]
pub async fn club_points_rule() -> Result<PointsRule, ServerFnError> {
    use super::ssr;
    use crate::server::application::club;
    ssr::plain(club::points_rule(&ssr::state()?.app).await)
}

/// Chooses the club's points rule (director only). Every season is counted again by it when
/// next read; a rule a club cannot mean is refused with `INVALID_POINTS_RULE` and the field.
#[server(endpoint = "set_points_rule", input = Json)]
pub async fn set_points_rule(rule: PointsRule) -> Result<Result<(), Refused>, ServerFnError> {
    use super::ssr;
    use crate::server::application::club;
    let credentials = ssr::credentials(None).await;
    ssr::answer(club::set_points_rule(&ssr::state()?.app, &credentials, &rule).await)
}

/// The club's chip set (public: the structure editor and the desk read it; empty until the
/// director enters it).
#[server(endpoint = "chip_set")]
pub async fn club_chip_set() -> Result<ChipSet, ServerFnError> {
    use super::ssr;
    use crate::server::application::club;
    ssr::plain(club::chip_set(&ssr::state()?.app).await)
}

/// Stores the club's chip set (director only); a set a club cannot own is refused with
/// `INVALID_CHIP_SET` and the denomination's position (`row`, 1-based; 0 for too many).
#[server(endpoint = "set_chip_set", input = Json)]
pub async fn set_chip_set(set: ChipSet) -> Result<Result<(), Refused>, ServerFnError> {
    use super::ssr;
    use crate::server::application::club;
    let credentials = ssr::credentials(None).await;
    ssr::answer(club::set_chip_set(&ssr::state()?.app, &credentials, &set).await)
}

/// A copy of the whole database now, into `backups/` beside it (the director's "Back up now";
/// the server also makes one at the start of every break). Answers the copy's path, which the
/// director copies to a USB stick.
#[server(endpoint = "backup_now")]
pub async fn backup_now() -> Result<String, ServerFnError> {
    use super::ssr;
    use crate::server::application::club;
    let credentials = ssr::credentials(None).await;
    let path = ssr::plain(club::backup_now(&ssr::state()?.app, &credentials).await)?;
    Ok(path.display().to_string())
}

#[cfg(feature = "ssr")]
mod creation {
    use super::Refused;
    use crate::domain::config::Config;
    use crate::server::application;
    use leptos::prelude::ServerFnError;

    /// Creates a configured tournament as the director, through the application layer; the
    /// refusals come back as codes for the page.
    pub async fn create(
        command_id: &str,
        config: Config,
    ) -> Result<Result<i64, Refused>, ServerFnError> {
        use super::super::ssr;
        let state = ssr::state()?;
        let credentials = ssr::credentials(None).await;
        let made =
            application::create_tournament(&state.app, &credentials, command_id, config, "").await;
        ssr::answer(made.map(|made| made.tournament))
    }
}
