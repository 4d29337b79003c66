//! The club's tournaments: creating a configured tournament (from a template, a copy, or the
//! API) safely against retries, and copying one's configuration.

use crate::domain::command::Command;
use crate::domain::config::Config;
use crate::domain::DomainError;
use crate::server::application::Executed;
use crate::server::engine::{check_command_id, Engine, EngineError, Reply};
use crate::server::store::Origin;
use tokio::sync::Mutex;

/// Why a tournament was not created.
#[derive(Debug, thiserror::Error)]
pub enum CreateError {
    #[error("the configuration is refused: {}", .0.code())]
    Rules(DomainError),
    #[error(transparent)]
    Engine(#[from] EngineError),
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
) -> Result<Executed, CreateError> {
    check_command_id(command_id)?;
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
        Reply::Accepted { first, last } => Ok(Executed {
            tournament: id,
            first_seq: first,
            last_seq: last,
        }),
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
