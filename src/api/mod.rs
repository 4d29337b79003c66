//! Server functions the pages call: thin by design (authorize → load → decide → commit →
//! broadcast → answer); the rules live in `domain`, persistence in `server`.

use crate::domain::command::Command;
use crate::domain::view::TournamentView;
use leptos::prelude::*;
use leptos::server_fn::codec::Json;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The answer to a command, as a page sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CommandReply {
    /// Recorded durably; the tournament is now at event `last_seq`.
    Accepted { last_seq: u64 },
    /// Refused: a stable code and its parameters, for the page to translate.
    Rejected { code: String, params: BTreeMap<String, String> },
}

/// The tournament the faces show, with its id (for the live stream).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveView {
    pub tournament: i64,
    pub last_seq: u64,
    pub view: TournamentView,
}

#[cfg(feature = "ssr")]
mod ssr {
    use crate::server::engine::Engine;
    use crate::server::state::AppState;
    use leptos::prelude::*;
    use std::sync::Arc;

    /// The engine from the request's state.
    pub fn engine() -> Result<Arc<Engine>, ServerFnError> {
        use_context::<AppState>().map(|s| s.engine).ok_or_else(|| ServerFnError::new("INTERNAL"))
    }

    /// Logs an internal failure with an id and returns only `INTERNAL` to the page.
    pub fn internal(e: impl std::fmt::Display) -> ServerFnError {
        let id = uuid::Uuid::new_v4();
        tracing::error!(error_id = %id, "{e}");
        ServerFnError::new("INTERNAL")
    }
}

/// The current tournament's view at this instant (`None` when the club has none yet).
#[server]
pub async fn get_view() -> Result<Option<LiveView>, ServerFnError> {
    let engine = ssr::engine()?;
    let Some(tournament) = engine.current() else { return Ok(None) };
    let snap = engine.snapshot(tournament).map_err(ssr::internal)?;
    let now = crate::server::engine::now();
    Ok(crate::domain::view::tournament_view(&snap.state, now).map(|view| LiveView { tournament, last_seq: snap.last_seq, view }))
}

/// Sends one command to the current tournament. `command_id` is made by the page, so a retry
/// after a lost answer is harmless.
#[server(input = Json)]
pub async fn send_command(command_id: String, command: Command, actor: String) -> Result<CommandReply, ServerFnError> {
    use crate::server::engine::{EngineError, Reply};
    use crate::server::store::Origin;
    let engine = ssr::engine()?;
    let tournament = engine.current().ok_or_else(|| ServerFnError::new("NOT_CREATED"))?;
    let actor = if actor.starts_with("table:") || actor == "director" { actor } else { "director".to_string() };
    let origin = Origin { actor, device: String::new() };
    match engine.submit(tournament, &command_id, &command, &origin).await {
        Ok(Reply::Accepted { last, .. }) => Ok(CommandReply::Accepted { last_seq: last }),
        Ok(Reply::Rejected(e)) => Ok(CommandReply::Rejected {
            code: e.code().to_string(),
            params: e.params().into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
        }),
        Err(EngineError::InvalidCommandId) => Ok(CommandReply::Rejected { code: "INVALID_AMOUNT".into(), params: BTreeMap::from([("field".to_string(), "command_id".to_string())]) }),
        Err(e) => Err(ssr::internal(e)),
    }
}

/// The server's clock in milliseconds, so a page can count down in step with it.
#[server]
pub async fn server_time() -> Result<i64, ServerFnError> {
    Ok(crate::server::engine::now().0)
}
