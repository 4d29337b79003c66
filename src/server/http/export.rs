//! Getting data out and back in: a tournament's full event log as JSON (and its import as a
//! new tournament), its results as CSV, and an online backup of the SQLite file (on demand
//! and at every break). Director only.

use super::from_director;
use crate::domain::view::tournament_view;
use crate::server::app_state::AppState;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};

/// `GET /export/{tournament}/events.json`: every event with its number, as stored, with
/// who sent it, from which device, when it was received and when it was tapped.
pub async fn events_json(
    State(state): State<AppState>,
    Path(tournament): Path<i64>,
    headers: HeaderMap,
) -> Response {
    if !from_director(&state, &headers).await {
        return StatusCode::FORBIDDEN.into_response();
    }
    match state.engine.store().audit_after(tournament, 0).await {
        Ok(events) => {
            let body: Vec<serde_json::Value> = events
                .into_iter()
                .map(|e| {
                    serde_json::json!({
                        "seq": e.seq,
                        "at": e.at,
                        "tapped_at": e.tapped_at,
                        "actor": e.actor,
                        "device": e.device,
                        "event": e.event,
                    })
                })
                .collect();
            (
                [
                    (header::CONTENT_TYPE, "application/json"),
                    (
                        header::CONTENT_DISPOSITION,
                        "attachment; filename=\"events.json\"",
                    ),
                ],
                serde_json::to_string_pretty(&body).unwrap_or_default(),
            )
                .into_response()
        }
        Err(e) => {
            tracing::error!("export: {e}");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

/// One event of an exported log.
#[derive(serde::Deserialize)]
pub struct LoggedEvent {
    pub seq: u64,
    pub event: crate::domain::Event,
}

/// The largest event log `POST /import` reads: an exported log of a long evening is a few MB
/// of JSON.
pub const IMPORT_LIMIT: usize = 32 * 1024 * 1024;

/// `POST /import`: an exported `events.json` becomes a new tournament with the same state;
/// answers `{"id": …}`. The events must run 1, 2, 3… from the tournament's creation.
///
/// The body is taken unread and collected only once the director's credentials (in the
/// request's head) have passed: an extractor that reads the body first let anyone make the
/// server hold 32 MB per request before being refused.
pub async fn import_events(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Response {
    if !from_director(&state, &headers).await {
        return StatusCode::FORBIDDEN.into_response();
    }
    let Ok(body) = axum::body::to_bytes(body, IMPORT_LIMIT).await else {
        // Over the limit, or the client stopped sending half-way.
        return (
            StatusCode::PAYLOAD_TOO_LARGE,
            "an event log of at most 32 MB, sent whole",
        )
            .into_response();
    };
    let Ok(log) = serde_json::from_slice::<Vec<LoggedEvent>>(&body) else {
        return (StatusCode::BAD_REQUEST, "not an exported event log").into_response();
    };
    if log.iter().enumerate().any(|(i, e)| e.seq != i as u64 + 1) {
        return (StatusCode::BAD_REQUEST, "events must be numbered 1, 2, 3…").into_response();
    }
    let events: Vec<crate::domain::Event> = log.into_iter().map(|e| e.event).collect();
    match state.engine.import(&events).await {
        Ok(id) => (
            StatusCode::CREATED,
            axum::Json(serde_json::json!({ "id": id })),
        )
            .into_response(),
        Err(crate::server::engine::EngineError::InvalidLog) => (
            StatusCode::UNPROCESSABLE_ENTITY,
            "the log must begin with the tournament's creation",
        )
            .into_response(),
        Err(e @ crate::server::engine::EngineError::CorruptLog { .. }) => {
            (StatusCode::UNPROCESSABLE_ENTITY, e.to_string()).into_response()
        }
        Err(e) => {
            tracing::error!("import: {e}");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

/// A CSV field, quoted when needed. A cell that begins with `=`, `+`, `-`, `@`, a tab or a
/// carriage return is a formula to a spreadsheet (a player named `=HYPERLINK(…)` would run
/// when the director opens the file): it is written after a `'`, which the spreadsheet shows
/// as text.
fn csv_field(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{s}")
    } else {
        s.to_string()
    };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

/// `GET /export/{tournament}/results.csv`: place, name, prize, bounties, entries, paid, the
/// rebuys and add-ons bought, and the ticket won (last, so sheets that read the first six
/// columns still do). `prize` is money and ticket value together, as the places share the pool.
pub async fn results_csv(
    State(state): State<AppState>,
    Path(tournament): Path<i64>,
    headers: HeaderMap,
) -> Response {
    if !from_director(&state, &headers).await {
        return StatusCode::FORBIDDEN.into_response();
    }
    let Ok(snap) = state.engine.snapshot(tournament) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let Some(view) = tournament_view(&snap.state, crate::server::engine::now()) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let mut out = String::from("place,name,prize,bounties,entries,paid,rebuys,add_ons,ticket\n");
    let ticket = view.ticket.as_ref().map(|t| csv_field(&t.name));
    for r in view.results {
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{},{}\n",
            r.place.map(|p| p.to_string()).unwrap_or_default(),
            csv_field(&r.name),
            r.prize,
            r.bounties,
            r.entries,
            r.paid,
            r.rebuys,
            r.add_ons,
            ticket.as_deref().filter(|_| r.ticket).unwrap_or_default()
        ));
    }
    (
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"results.csv\"",
            ),
        ],
        out,
    )
        .into_response()
}

/// `POST /backup`: an online backup the director triggers.
pub async fn backup_now(State(state): State<AppState>, headers: HeaderMap) -> Response {
    if !from_director(&state, &headers).await {
        return StatusCode::FORBIDDEN.into_response();
    }
    match state.engine.store().backup(&state.database).await {
        Ok(path) => (StatusCode::OK, path.display().to_string()).into_response(),
        Err(e) => {
            tracing::error!("backup: {e}");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

/// Backs up once at the start of every break of the default tournament (the newest not
/// archived; checked every 20 s).
pub fn spawn_break_backups(state: AppState) {
    tokio::spawn(async move {
        let mut last_break: Option<(i64, usize)> = None;
        loop {
            tokio::time::sleep(std::time::Duration::from_secs(20)).await;
            let newest = crate::server::application::default_tournament(&state);
            let Ok(Some(id)) = newest.await else {
                continue;
            };
            let Ok(snap) = state.engine.snapshot(id) else {
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
                match state.engine.store().backup(&state.database).await {
                    Ok(p) => tracing::info!(path = %p.display(), "break backup written"),
                    Err(e) => tracing::error!("break backup: {e}"),
                }
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::csv_field;

    #[test]
    fn a_cell_that_a_spreadsheet_would_run_is_written_as_text() {
        assert_eq!(csv_field("Ann"), "Ann");
        assert_eq!(
            csv_field("=HYPERLINK(\"http://x\")"),
            "\"'=HYPERLINK(\"\"http://x\"\")\""
        );
        assert_eq!(csv_field("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(csv_field("+1"), "'+1");
        assert_eq!(csv_field("-2+3"), "'-2+3");
        assert_eq!(csv_field("\tx"), "'\tx");
        assert_eq!(csv_field("\rx"), "\"'\rx\"");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("Jan-Piet"), "Jan-Piet", "a dash inside is a name");
    }
}
