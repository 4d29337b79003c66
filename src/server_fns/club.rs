//! Server functions for the club beyond one tournament: the director's tournament list
//! (create from a template, copy, archive), the club's player database (search as the desk
//! types, merge duplicates) and the public season ranking.

use crate::domain::chip_plan::ChipSet;
use crate::domain::money::Cents;
use crate::domain::ranking::{PointsRule, RankingLine, TournamentStatus};
use leptos::prelude::*;
use leptos::server_fn::codec::Json;
use serde::{Deserialize, Serialize};

/// A tournament in the director's list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentItem {
    pub id: i64,
    pub name: String,
    /// When it was created (ms since the epoch): its date and its season.
    pub created_at: i64,
    pub status: TournamentStatus,
    pub archived: bool,
    pub entries: u32,
    /// The one the faces show without `?t=` (`application::room_default`: the one being
    /// played, else the next to start).
    pub default: bool,
}

/// The ready-made configurations a tournament starts from (`domain::config::templates`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Template {
    ClubEvening,
    ClubPko,
    /// Rebuys during the first levels and an add-on at the break after them.
    ClubRebuy,
    /// A satellite: the pool buys seats for the club's main event.
    ClubSatellite,
}

/// A club player, as the desk's suggestions and the merge page show them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClubPlayer {
    pub id: i64,
    pub name: String,
    pub tournaments: u32,
    pub last_seen_at: i64,
}

pub use crate::protocol::Refused;

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

/// Most suggestions the desk shows.
pub const SUGGESTIONS: u32 = 10;

/// The club's tournaments, newest first (director only).
#[server(endpoint = "list_tournaments")]
pub async fn list_tournaments() -> Result<Vec<TournamentItem>, ServerFnError> {
    use super::ssr;
    ssr::require_director().await?;
    let engine = ssr::engine()?;
    let rows = engine.store().tournaments().await.map_err(ssr::internal)?;
    let default = ssr::chosen(None).await?;
    let now = crate::server::engine::now();
    Ok(rows
        .iter()
        .rev()
        .map(|r| {
            let snap = engine.snapshot(r.id).ok();
            TournamentItem {
                id: r.id,
                name: r.name.clone(),
                created_at: r.created_at,
                status: snap.as_ref().map_or(TournamentStatus::Empty, |s| {
                    crate::domain::ranking::status(&s.state, now)
                }),
                archived: r.archived,
                entries: snap.map_or(0, |s| s.state.entries),
                default: default == Some(r.id),
            }
        })
        .collect())
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
    use crate::domain::config::templates;
    super::ssr::require_director().await?;
    if !(1..=100).contains(&tables) {
        return Ok(Err(Refused::new(
            "INVALID_CONFIG",
            Some(("field", "tables")),
        )));
    }
    let config = match template {
        Template::ClubEvening => templates::club_evening(name.trim(), tables),
        Template::ClubPko => templates::club_pko(name.trim(), tables),
        Template::ClubRebuy => templates::club_rebuy(name.trim(), tables),
        Template::ClubSatellite => templates::club_satellite(name.trim(), tables),
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
    use crate::server::club::tournaments::copied_config;
    super::ssr::require_director().await?;
    let engine = super::ssr::engine()?;
    let Some(config) = copied_config(&engine, from, &name) else {
        return Ok(Err(Refused::new("NOT_CREATED", None)));
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
    ssr::require_director().await?;
    let store = ssr::engine()?.store().clone();
    if store.tournament(id).await.map_err(ssr::internal)?.is_none() {
        return Ok(Err(Refused::new("NOT_CREATED", None)));
    }
    store
        .set_flag(id, crate::server::store::TournamentFlag::Archived, archived)
        .await
        .map(Ok)
        .map_err(ssr::internal)
}

/// Club players whose name contains `query`, ignoring case, accents and spacing: at most
/// ten, names with a word starting with the query first, then the most recently active
/// (director only: the club's list of names is not public).
#[server(endpoint = "search_players")]
pub async fn search_players(query: String) -> Result<Vec<ClubPlayer>, ServerFnError> {
    use super::ssr;
    ssr::require_director().await?;
    // A name is short; a long query is a mistake or an attack, not a name.
    if query.chars().count() > 100 {
        return Ok(Vec::new());
    }
    let engine = ssr::engine()?;
    let rows = engine
        .store()
        .search_club_players(&query, SUGGESTIONS)
        .await
        .map_err(ssr::internal)?;
    Ok(rows
        .into_iter()
        .map(|r| ClubPlayer {
            id: r.id.0,
            name: r.name,
            tournaments: r.tournaments,
            last_seen_at: r.last_seen_at,
        })
        .collect())
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
    use crate::domain::ranking::ClubPlayerId;
    use crate::server::store::MergeError;
    ssr::require_director().await?;
    let engine = ssr::engine()?;
    match engine
        .store()
        .merge_club_players(ClubPlayerId(keep), ClubPlayerId(duplicate))
        .await
    {
        Ok(()) => Ok(Ok(())),
        Err(MergeError::Same) => Ok(Err(Refused::new("SAME_CLUB_PLAYER", None))),
        Err(MergeError::Unknown) => Ok(Err(Refused::new("UNKNOWN_CLUB_PLAYER", None))),
        Err(e) => Err(ssr::internal(e)),
    }
}

/// Renames club player `id` (director only). Refused when the name is empty or too long, or
/// already leads to another club player (then the two are merged instead).
#[server(endpoint = "rename_club_player")]
pub async fn rename_club_player(
    id: i64,
    name: String,
) -> Result<Result<(), Refused>, ServerFnError> {
    use super::ssr;
    use crate::domain::ranking::ClubPlayerId;
    use crate::server::store::RenameError;
    ssr::require_director().await?;
    let engine = ssr::engine()?;
    match engine
        .store()
        .rename_club_player(ClubPlayerId(id), &name)
        .await
    {
        Ok(()) => Ok(Ok(())),
        Err(RenameError::InvalidName) => Ok(Err(Refused::new("INVALID_NAME", None))),
        Err(RenameError::Unknown) => Ok(Err(Refused::new("UNKNOWN_CLUB_PLAYER", None))),
        Err(RenameError::Taken(_)) => Ok(Err(Refused::new("CLUB_NAME_TAKEN", None))),
        Err(e) => Err(ssr::internal(e)),
    }
}

/// The season ranking of `year` (default: the newest season with a tournament, else this
/// year). Public: the club shows it on the room screen and its website.
#[server(endpoint = "season_ranking")]
pub async fn season_ranking(year: Option<i32>) -> Result<SeasonTable, ServerFnError> {
    use super::ssr;
    use crate::server::club::season;
    let engine = ssr::engine()?;
    let seasons = season::seasons(&engine).await.map_err(ssr::internal)?;
    let this_year = season::year_of(crate::server::engine::now().0).unwrap_or(2026);
    let year = year
        .or_else(|| seasons.first().copied())
        .unwrap_or(this_year);
    let (lines, tournaments, rule) = season::ranking(&engine, year)
        .await
        .map_err(ssr::internal)?;
    let total_prizes = lines.iter().map(|l| l.prizes + l.bounties).sum();
    Ok(SeasonTable {
        year,
        seasons,
        tournaments,
        lines,
        total_prizes,
        rule,
    })
}

/// The club's points rule for the season ranking (public: /ranking spells it out).
#[server(endpoint = "points_rule")]
pub async fn club_points_rule() -> Result<PointsRule, ServerFnError> {
    use super::ssr;
    ssr::engine()?
        .store()
        .points_rule()
        .await
        .map_err(ssr::internal)
}

/// Chooses the club's points rule (director only). Every season is counted again by it when
/// next read; a rule a club cannot mean is refused with `INVALID_POINTS_RULE` and the field.
#[server(endpoint = "set_points_rule", input = Json)]
pub async fn set_points_rule(rule: PointsRule) -> Result<Result<(), Refused>, ServerFnError> {
    use super::ssr;
    ssr::require_director().await?;
    if let Err(e) = rule.check() {
        return Ok(Err(Refused::new(
            "INVALID_POINTS_RULE",
            Some(("field", e.field())),
        )));
    }
    ssr::engine()?
        .store()
        .set_points_rule(&rule)
        .await
        .map(Ok)
        .map_err(ssr::internal)
}

/// The club's chip set (public: the structure editor and the desk read it; empty until the
/// director enters it).
#[server(endpoint = "chip_set")]
pub async fn club_chip_set() -> Result<ChipSet, ServerFnError> {
    use super::ssr;
    ssr::engine()?
        .store()
        .chip_set()
        .await
        .map_err(ssr::internal)
}

/// Stores the club's chip set (director only); a set a club cannot own is refused with
/// `INVALID_CHIP_SET` and the denomination's position (`row`, 1-based; 0 for too many).
#[server(endpoint = "set_chip_set", input = Json)]
pub async fn set_chip_set(set: ChipSet) -> Result<Result<(), Refused>, ServerFnError> {
    use super::ssr;
    use crate::domain::chip_plan::ChipSetError;
    ssr::require_director().await?;
    if let Err(e) = set.check() {
        let row = match e {
            ChipSetError::TooMany => 0,
            ChipSetError::Value(n) | ChipSetError::Count(n) | ChipSetError::Colour(n) => n,
        };
        return Ok(Err(Refused::new(
            "INVALID_CHIP_SET",
            Some(("row", &row.to_string())),
        )));
    }
    ssr::engine()?
        .store()
        .set_chip_set(&set)
        .await
        .map(Ok)
        .map_err(ssr::internal)
}

/// A copy of the whole database now, into `backups/` beside it (the director's "Back up now";
/// the server also makes one at the start of every break). Answers the copy's path, which the
/// director copies to a USB stick.
#[server(endpoint = "backup_now")]
pub async fn backup_now() -> Result<String, ServerFnError> {
    use super::ssr;
    ssr::require_director().await?;
    let state = ssr::state()?;
    let path = state
        .app
        .engine
        .store()
        .backup(&state.database)
        .await
        .map_err(ssr::internal)?;
    Ok(path.display().to_string())
}

#[cfg(feature = "ssr")]
mod creation {
    use super::Refused;
    use crate::domain::config::Config;
    use crate::server::application::{self, Refusal};
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
        match application::create_tournament(&state.app, &credentials, command_id, config, "").await
        {
            Ok(made) => Ok(Ok(made.tournament)),
            Err(
                refusal @ (Refusal::Internal(_) | Refusal::Unauthenticated | Refusal::Forbidden),
            ) => Err(ssr::refused(refusal)),
            Err(refusal) => Ok(Err(Refused::from(&refusal))),
        }
    }
}
