//! Creating a configured tournament (from a template, a copy, or the API) as the director,
//! safely against retries: the configuration is checked before anything is stored (a refused
//! one leaves no empty shell), and the same `command_id` twice answers with the first
//! tournament.

use super::Services;
use super::{engine_refusal, identify, Credentials, Executed, Refusal};
use crate::domain::command::{Command, CreateTournament};
use crate::domain::config::Config;
use crate::server::engine::{check_command_id, Reply};
use crate::server::store::Origin;

/// Creates a tournament with its whole configuration, for whoever sent these credentials
/// (the director only).
pub async fn create_tournament(
    app: &Services,
    credentials: &Credentials,
    command_id: &str,
    config: Config,
    device: &str,
) -> Result<Executed, Refusal> {
    let caller = identify(app, credentials, None).await;
    caller.require_director()?;
    check_command_id(command_id).map_err(engine_refusal)?;
    config.validate()?;
    let origin = Origin {
        actor: caller.actor(),
        device: device.to_string(),
        tapped_at: None,
        sender: None,
    };
    let engine = &app.engine;
    let _one_at_a_time = app.creating.lock().await;
    let known = engine
        .store()
        .tournament_of_command(command_id)
        .await
        .map_err(Refusal::internal)?;
    let id = match known {
        Some(id) => id,
        None => engine
            .create(config.name.trim())
            .await
            .map_err(engine_refusal)?,
    };
    let command = Command::CreateTournament(CreateTournament { config });
    match engine
        .submit(id, command_id, &command, &origin)
        .await
        .map_err(engine_refusal)?
    {
        Reply::Accepted { first, last } => Ok(Executed {
            tournament: id,
            first_seq: first,
            last_seq: last,
        }),
        Reply::Rejected(e) => Err(Refusal::Rules(e)),
    }
}

/// Opens a new, empty tournament for the director (its configuration follows as a
/// `CreateTournament` command); `None` for an empty or overlong name.
pub async fn create_empty(
    app: &Services,
    credentials: &Credentials,
    name: &str,
) -> Result<Option<i64>, Refusal> {
    use crate::domain::model::names::{clean_name, MAX_TOURNAMENT_NAME_CHARS};
    identify(app, credentials, None).await.require_director()?;
    let Some(name) = clean_name(name, MAX_TOURNAMENT_NAME_CHARS) else {
        return Ok(None);
    };
    app.engine
        .create(&name)
        .await
        .map(Some)
        .map_err(engine_refusal)
}
