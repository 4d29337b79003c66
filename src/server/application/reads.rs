//! Reading a tournament, for every door: its view (the one cached view every page, the API
//! and the exports read, worked out at most ten times a second), its state for a check, the
//! live numbers of its log, and the log itself. The doors adapt these; none reaches the
//! engine or the store.

use super::{engine_refusal, identify, Credentials, Refusal, Services};
use crate::domain::read::faces::FaceView;
use crate::domain::view::TournamentView;
use crate::protocol::LiveView;
use crate::server::engine::{CachedView, Snapshot};
use crate::server::store::AuditEntry;
use std::sync::Arc;

/// The tournament's view now, as every page gets it (`None` inside: not configured yet).
pub async fn view(app: &Services, id: i64) -> Result<Arc<CachedView>, Refusal> {
    app.engine.view(id).await.map_err(engine_refusal)
}

/// One face's view of a view the engine handed out (`None`: not configured yet, or `key`
/// names nobody): what the page of that face renders and fetches, and nothing more.
pub fn face<V: FaceView>(cached: &CachedView, key: V::Key) -> Option<LiveView<V>> {
    let whole = cached.view.as_ref()?;
    Some(LiveView {
        tournament: cached.tournament,
        last_seq: cached.last_seq,
        view: V::of(whole, key)?,
    })
}

/// The view of a configured tournament, with the number of the last event it shows; a
/// tournament without its configuration yet is `NOT_FOUND` ("configured tournament").
pub async fn configured_view(
    app: &Services,
    id: i64,
) -> Result<(Arc<TournamentView>, u64), Refusal> {
    let cached = view(app, id).await?;
    let shown = cached
        .view
        .clone()
        .ok_or(Refusal::NotFound("configured tournament"))?;
    Ok((shown, cached.last_seq))
}

/// The tournament's state now, for a door that answers from one of its parts.
pub fn snapshot(app: &Services, id: i64) -> Result<Snapshot, Refusal> {
    app.engine.snapshot(id).map_err(engine_refusal)
}

/// The configuration of the tournament named (the faces' default when `None`), for the
/// director's settings and structure editor; `None` without a tournament, or before it is
/// configured.
pub async fn config(
    app: &Services,
    credentials: &Credentials,
    tournament: Option<i64>,
) -> Result<Option<crate::domain::config::Config>, Refusal> {
    let Some(tournament) = super::directors_tournament(app, credentials, tournament).await? else {
        return Ok(None);
    };
    Ok(snapshot(app, tournament)
        .ok()
        .and_then(|s| s.state.config.clone()))
}

/// Whether the club has this tournament.
pub fn exists(app: &Services, id: i64) -> bool {
    app.engine.contains(id)
}

/// The newest event number of the tournament, live: the receiver sees each new number (the
/// live push to the pages).
pub fn changes(app: &Services, id: i64) -> Result<tokio::sync::watch::Receiver<u64>, Refusal> {
    app.engine.subscribe(id).map_err(engine_refusal)
}

/// A tournament's event log, opened for credentials that may read it (the director or a
/// read token): holding one is the proof that access was checked, once.
pub struct OpenLog<'a> {
    app: &'a Services,
    id: i64,
}

/// Opens the tournament's event log for these credentials. Who asks is checked before
/// whether it exists: a stranger learns nothing of the club's tournaments. A door checks its
/// own question (a malformed `after`) only once this has answered, for the same reason.
pub async fn open_log<'a>(
    app: &'a Services,
    credentials: &Credentials,
    id: i64,
) -> Result<OpenLog<'a>, Refusal> {
    identify(app, credentials, Some(id)).await.may_read_log()?;
    if exists(app, id) {
        Ok(OpenLog { app, id })
    } else {
        Err(Refusal::NotFound("tournament"))
    }
}

impl OpenLog<'_> {
    /// The log after event `after` (0: all of it), with who sent each command, from which
    /// device and when (the export and the API's log).
    pub async fn after(&self, after: u64) -> Result<Vec<AuditEntry>, Refusal> {
        self.app
            .engine
            .store()
            .audit_after(self.id, after)
            .await
            .map_err(Refusal::internal)
    }
}
