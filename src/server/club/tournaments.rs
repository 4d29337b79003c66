//! The club's tournaments: which one the faces show by default, and creating a configured
//! tournament (from a template, a copy, or the API) safely against retries.

use crate::domain::command::Command;
use crate::domain::config::Config;
use crate::domain::DomainError;
use crate::server::engine::{Engine, EngineError, Reply};
use crate::server::store::Origin;
use sqlx::{Row, SqlitePool};
use tokio::sync::Mutex;

/// The tournament the faces show without `?t=`: the newest one not archived. (Archiving
/// last week's tournament is how the director hands the room to the next one; an archived
/// tournament stays readable by its id.)
pub async fn newest_active(pool: &SqlitePool) -> Result<Option<i64>, sqlx::Error> {
    let row = sqlx::query("SELECT id FROM tournaments WHERE archived = 0 ORDER BY id DESC LIMIT 1")
        .fetch_optional(pool)
        .await?;
    Ok(row.map(|r| r.get::<i64, _>(0)))
}

/// Why a tournament was not created.
#[derive(Debug, thiserror::Error)]
pub enum CreateError {
    #[error("command_id must be 1 to 64 characters")]
    InvalidCommandId,
    #[error("the configuration is refused: {}", .0.code())]
    Rules(DomainError),
    #[error(transparent)]
    Engine(#[from] EngineError),
}

/// A tournament created (or found again for a retried command id), and its last event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Created {
    pub id: i64,
    pub last_seq: u64,
}

/// Serialises creations, so a retried `command_id` finds its tournament instead of making a
/// second one.
static CREATING: Mutex<()> = Mutex::const_new(());

/// Creates a tournament with its whole configuration as the director: the configuration is
/// checked before anything is stored (a refused one leaves no empty shell), and the same
/// `command_id` twice answers with the first tournament.
pub async fn create_configured(
    engine: &Engine,
    command_id: &str,
    config: Config,
    origin: &Origin,
) -> Result<Created, CreateError> {
    if command_id.is_empty() || command_id.len() > 64 {
        return Err(CreateError::InvalidCommandId);
    }
    config.validate().map_err(CreateError::Rules)?;
    let _one_at_a_time = CREATING.lock().await;
    let id = match engine
        .store()
        .tournament_of_command(command_id)
        .await
        .map_err(EngineError::from)?
    {
        Some(id) => id,
        None => engine.create(config.name.trim()).await?,
    };
    match engine
        .submit(
            id,
            command_id,
            &Command::CreateTournament { config },
            origin,
        )
        .await?
    {
        Reply::Accepted { last, .. } => Ok(Created { id, last_seq: last }),
        Reply::Rejected(e) => Err(CreateError::Rules(e)),
    }
}

/// The configuration of tournament `from` under a new name, for a copy: structure, money,
/// tables and settings, nothing of its players or its clock.
pub fn copied_config(engine: &Engine, from: i64, name: &str) -> Option<Config> {
    let snap = engine.snapshot(from).ok()?;
    let mut config = snap.state.config()?.clone();
    config.name = name.trim().to_string();
    Some(config)
}
