//! The club beyond one tournament, for both doors: the tournaments' list and their marks
//! (archived, public), copies, the club's player database, its settings (points rule, chip
//! set), the season ranking and backups. Each answers a `Result<T, Refusal>`: the pages and
//! the JSON API only adapt it, and neither reaches the store.

use super::{identify, require_director, Credentials, Refusal, Services};
use crate::domain::chip_plan::{ChipSet, ChipSetError};
use crate::domain::config::Config;
use crate::domain::ranking::{ClubPlayerId, PointsRule, RankingLine};
use crate::domain::DomainError;
use crate::protocol::{ClubPlayer, Template, TournamentSummary};
use crate::server::club::{season, tournaments::copied_config};
use crate::server::store::{MergeError, RenameError, TournamentFlag};

/// Most names the desk's suggestions show.
pub const SUGGESTIONS: u32 = 10;

/// The club's tournaments, oldest first, each with where it stands now and whether it is the
/// one the faces show without `?t=`. Open to every caller, as the API's list always was (a
/// club website lists them); the director's page asks for the director first.
pub async fn tournaments(app: &Services) -> Result<Vec<TournamentSummary>, Refusal> {
    let rows = app
        .engine
        .store()
        .tournaments()
        .await
        .map_err(Refusal::internal)?;
    let default = super::default_tournament(app).await?;
    let now = crate::server::engine::now();
    Ok(rows
        .iter()
        .map(|row| {
            let snap = app.engine.snapshot(row.id).ok();
            let state = snap.as_ref().map(|s| &s.state);
            TournamentSummary {
                id: row.id,
                name: row.name.clone(),
                created_at: row.created_at,
                status: state.map_or(crate::domain::ranking::TournamentStatus::Empty, |t| {
                    crate::domain::ranking::status(t, now)
                }),
                archived: row.archived,
                public: row.public,
                players_left: state
                    .map_or(0, |t| u32::try_from(t.players_left()).unwrap_or(u32::MAX)),
                entries: state.map_or(0, |t| t.entries),
                default: default == Some(row.id),
            }
        })
        .collect())
}

/// Sets one of a tournament's marks (archived, public) for the director; an unknown
/// tournament is `NOT_FOUND` on both doors.
pub async fn set_tournament_flag(
    app: &Services,
    credentials: &Credentials,
    id: i64,
    flag: TournamentFlag,
    value: bool,
) -> Result<(), Refusal> {
    // Who asks before whether it exists: a stranger learns nothing of the club's tournaments.
    identify(app, credentials, Some(id))
        .await
        .require_director()?;
    let store = app.engine.store();
    if store
        .tournament(id)
        .await
        .map_err(Refusal::internal)?
        .is_none()
    {
        return Err(Refusal::NotFound("tournament"));
    }
    store
        .set_flag(id, flag, value)
        .await
        .map_err(Refusal::internal)
}

/// The configuration of tournament `from` under a new name, for a copy (the director's).
pub async fn copied(
    app: &Services,
    credentials: &Credentials,
    from: i64,
    name: &str,
) -> Result<Config, Refusal> {
    require_director(app, credentials).await?;
    copied_config(&app.engine, from, name).ok_or(Refusal::NotFound("tournament"))
}

/// The configuration of `template` under `name`, for `tables` tables at the start (director
/// only): what a new tournament is made from.
pub async fn from_template(
    app: &Services,
    credentials: &Credentials,
    template: Template,
    name: &str,
    tables: u16,
) -> Result<Config, Refusal> {
    use crate::domain::config::templates;
    require_director(app, credentials).await?;
    if !(1..=MAX_TABLES).contains(&tables) {
        let field = "tables".to_string();
        return Err(Refusal::Rules(DomainError::InvalidConfig { field }));
    }
    let name = name.trim();
    Ok(match template {
        Template::ClubEvening => templates::club_evening(name, tables),
        Template::ClubPko => templates::club_pko(name, tables),
        Template::ClubRebuy => templates::club_rebuy(name, tables),
        Template::ClubSatellite => templates::club_satellite(name, tables),
    })
}

/// The most tables a template opens with: a club, not a casino.
const MAX_TABLES: u16 = 100;

/// Club players whose name contains `query` (case, accents and spacing aside): at most
/// [`SUGGESTIONS`], for the director only (the club's list of names is not public).
pub async fn search_players(
    app: &Services,
    credentials: &Credentials,
    query: &str,
) -> Result<Vec<ClubPlayer>, Refusal> {
    require_director(app, credentials).await?;
    // A name is short; a long query is a mistake or an attack, not a name.
    if query.chars().count() > 100 {
        return Ok(Vec::new());
    }
    let rows = app
        .engine
        .store()
        .search_club_players(query, SUGGESTIONS)
        .await
        .map_err(Refusal::internal)?;
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

/// Merges club player `duplicate` into `keep` (director).
pub async fn merge_players(
    app: &Services,
    credentials: &Credentials,
    keep: i64,
    duplicate: i64,
) -> Result<(), Refusal> {
    require_director(app, credentials).await?;
    match app
        .engine
        .store()
        .merge_club_players(ClubPlayerId(keep), ClubPlayerId(duplicate))
        .await
    {
        Ok(()) => Ok(()),
        Err(MergeError::Same) => Err(Refusal::SameClubPlayer),
        Err(MergeError::Unknown) => Err(Refusal::UnknownClubPlayer),
        Err(e) => Err(Refusal::internal(e)),
    }
}

/// Renames club player `id` (director).
pub async fn rename_player(
    app: &Services,
    credentials: &Credentials,
    id: i64,
    name: &str,
) -> Result<(), Refusal> {
    require_director(app, credentials).await?;
    match app
        .engine
        .store()
        .rename_club_player(ClubPlayerId(id), name)
        .await
    {
        Ok(()) => Ok(()),
        Err(RenameError::InvalidName) => Err(Refusal::InvalidName),
        Err(RenameError::Unknown) => Err(Refusal::UnknownClubPlayer),
        Err(RenameError::Taken(_)) => Err(Refusal::ClubNameTaken),
        Err(e) => Err(Refusal::internal(e)),
    }
}

/// A season's ranking by the club's points rule.
pub struct Season {
    pub year: i32,
    /// The years that have tournaments, newest first.
    pub seasons: Vec<i32>,
    /// Finished tournaments counted.
    pub tournaments: u32,
    pub lines: Vec<RankingLine>,
    pub rule: PointsRule,
}

/// The season ranking of `year` (default: the newest season with a tournament, else this
/// year). Public.
pub async fn season_ranking(app: &Services, year: Option<i32>) -> Result<Season, Refusal> {
    let seasons = season::seasons(&app.engine)
        .await
        .map_err(Refusal::internal)?;
    let this_year = season::year_of(crate::server::engine::now().0).unwrap_or(2026);
    let year = year
        .or_else(|| seasons.first().copied())
        .unwrap_or(this_year);
    let (lines, tournaments, rule) = season::ranking(&app.engine, year)
        .await
        .map_err(Refusal::internal)?;
    Ok(Season {
        year,
        seasons,
        tournaments,
        lines,
        rule,
    })
}

/// The club's points rule (public: the ranking page spells it out).
pub async fn points_rule(app: &Services) -> Result<PointsRule, Refusal> {
    app.engine
        .store()
        .points_rule()
        .await
        .map_err(Refusal::internal)
}

/// Chooses the club's points rule (director); one a club cannot mean is refused with the
/// field at fault.
pub async fn set_points_rule(
    app: &Services,
    credentials: &Credentials,
    rule: &PointsRule,
) -> Result<(), Refusal> {
    require_director(app, credentials).await?;
    rule.check()
        .map_err(|e| Refusal::InvalidPointsRule { field: e.field() })?;
    app.engine
        .store()
        .set_points_rule(rule)
        .await
        .map_err(Refusal::internal)
}

/// The club's chip set (public: the structure editor and the desk read it).
pub async fn chip_set(app: &Services) -> Result<ChipSet, Refusal> {
    app.engine
        .store()
        .chip_set()
        .await
        .map_err(Refusal::internal)
}

/// Stores the club's chip set (director); one a club cannot own is refused with the
/// denomination's position (`row`, 1-based; 0 for too many).
pub async fn set_chip_set(
    app: &Services,
    credentials: &Credentials,
    set: &ChipSet,
) -> Result<(), Refusal> {
    require_director(app, credentials).await?;
    set.check().map_err(|e| Refusal::InvalidChipSet {
        row: match e {
            ChipSetError::TooMany => 0,
            ChipSetError::Value(n) | ChipSetError::Count(n) | ChipSetError::Colour(n) => n,
        },
    })?;
    app.engine
        .store()
        .set_chip_set(set)
        .await
        .map_err(Refusal::internal)
}

/// A copy of the whole database now, into `backups/` beside it (director); answers its path.
pub async fn backup_now(
    app: &Services,
    credentials: &Credentials,
) -> Result<std::path::PathBuf, Refusal> {
    require_director(app, credentials).await?;
    app.engine
        .store()
        .backup(&app.database)
        .await
        .map_err(Refusal::internal)
}

/// Backs up once at the start of every break of the room's tournament (the one being played,
/// `application::room_default`; checked every 20 s).
pub fn spawn_break_backups(app: Services) {
    tokio::spawn(async move {
        let mut last_break: Option<(i64, usize)> = None;
        loop {
            tokio::time::sleep(std::time::Duration::from_secs(20)).await;
            let newest = super::default_tournament(&app);
            let Ok(Some(id)) = newest.await else {
                continue;
            };
            let Ok(snap) = app.engine.snapshot(id) else {
                continue;
            };
            let Some(cfg) = snap.state.config.as_ref() else {
                continue;
            };
            let reading = snap
                .state
                .clock
                .read(&cfg.levels, crate::server::engine::now());
            let in_break =
                reading.started && cfg.levels.get(reading.level).is_some_and(|l| l.is_break());
            if in_break && last_break != Some((id, reading.level)) {
                last_break = Some((id, reading.level));
                match app.engine.store().backup(&app.database).await {
                    Ok(p) => tracing::info!(path = %p.display(), "break backup written"),
                    Err(e) => tracing::error!("break backup: {e}"),
                }
            }
        }
    });
}
