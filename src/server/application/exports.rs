//! Getting a tournament out and back in, for the director: the results (the door writes them
//! as CSV), an exported event log imported as a new tournament, and the check that comes
//! before an import's body is read. The event log itself is `reads::open_log`; backups are
//! the club's (`club::backup_now`).

use super::{
    directors_tournament, engine_refusal, reads, require_director, Credentials, Refusal, Services,
};
use crate::domain::view::TournamentView;
use crate::domain::Event;
use crate::server::engine::EngineError;
use std::sync::Arc;

/// The view whose results the director downloads (`NOT_FOUND` before the configuration).
pub async fn results(
    app: &Services,
    credentials: &Credentials,
    id: i64,
) -> Result<Arc<TournamentView>, Refusal> {
    require_director(app, credentials).await?;
    reads::configured_view(app, id).await.map(|(view, _)| view)
}

/// May these credentials import a log? Asked from the request's head, before its body is
/// read: a stranger must not make the server hold 32 MB first.
pub async fn may_import(app: &Services, credentials: &Credentials) -> Result<(), Refusal> {
    require_director(app, credentials).await
}

/// An exported log (events numbered from 1 by the door) becomes a new tournament; answers its
/// id. A log that does not begin with a creation, does not replay, or replays to an
/// impossible tournament is `INVALID_LOG` with the reason.
pub async fn import_log(
    app: &Services,
    credentials: &Credentials,
    events: &[Event],
) -> Result<i64, Refusal> {
    may_import(app, credentials).await?;
    app.engine.import(events).await.map_err(|e| match e {
        EngineError::InvalidLog
        | EngineError::CorruptLog { .. }
        | EngineError::ImpossibleLog(_) => Refusal::InvalidLog { why: e.to_string() },
        e => engine_refusal(e),
    })
}

/// A player's receipt, with the tournament it is of and that tournament's date.
pub struct Receipted {
    pub tournament: i64,
    /// When the tournament was created (ms since the epoch), as the club's list dates it.
    pub date: i64,
    pub receipt: crate::domain::receipts::Receipt,
}

/// A player's receipt in `tournament` (the faces' default when `None`), worked out from the
/// stored log with the time each event was stored (director). `None`: no such player, or no
/// tournament.
pub async fn receipt(
    app: &Services,
    credentials: &Credentials,
    tournament: Option<i64>,
    player: crate::domain::ids::PlayerId,
) -> Result<Option<Receipted>, Refusal> {
    let Some(tournament) = directors_tournament(app, credentials, tournament).await? else {
        return Ok(None);
    };
    let store = app.engine.store();
    let Some(row) = store
        .tournament(tournament)
        .await
        .map_err(Refusal::internal)?
    else {
        return Err(Refusal::NotFound("tournament"));
    };
    let log = store
        .timed_events(tournament)
        .await
        .map_err(Refusal::internal)?;
    let now = crate::server::engine::now();
    Ok(
        crate::domain::receipts::receipt(&log, player, now).map(|receipt| Receipted {
            tournament,
            date: row.created_at,
            receipt,
        }),
    )
}
