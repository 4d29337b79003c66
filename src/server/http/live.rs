//! Live updates by server-sent events: each message carries the tournament's last event
//! number; pages refetch their view when it moves. A (re)connecting page gets the current
//! number at once, so it catches up whatever it missed; keep-alives reveal dead connections.

use super::connections::ConnectionSlot;
use crate::server::app_state::AppState;
use axum::extract::{Extension, Path, State};
use axum::http::StatusCode;
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures::stream::{self, Stream, StreamExt};
use std::convert::Infallible;
use std::sync::OnceLock;
use std::time::Duration;
use tokio::sync::watch;
use tokio::time::Instant;

/// The shortest time between two messages of one live stream. In a burst the last of 400
/// pages hears of a command about one gap after the first. 25 ms was tried (session 18): twice
/// the messages, so twice the refetches, and two of four bursts with 400 refetching pages
/// fell to about 115 commands/s with a fan-out p99 of 650–800 ms (BENCHMARKS.md).
const MESSAGE_GAP: Duration = Duration::from_millis(50);

/// One message of the live stream, as an event-stream parser sees it.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct LiveMessage {
    /// The tournament's last event number, as text.
    pub data: String,
    /// The same number (send it back as `Last-Event-ID`).
    pub id: String,
    /// Always `message`.
    #[serde(default)]
    pub event: Option<String>,
}

/// Set once the server is shutting down. Graceful shutdown waits for every open connection,
/// and a live stream never ends by itself: without this, SIGTERM or Ctrl-C with one page
/// open would never stop the server.
fn closing() -> &'static watch::Sender<bool> {
    static CLOSING: OnceLock<watch::Sender<bool>> = OnceLock::new();
    CLOSING.get_or_init(|| watch::channel(false).0)
}

/// Ends every live stream (the pages' EventSource reconnects to the next server).
pub fn close_all() {
    closing().send_replace(true);
}

/// The live stream of changes (server-sent events): each message's data (and id) is the
/// tournament's last event number; read the tournament again when it changes. The first
/// message gives the current number, so a reconnecting client catches up at once; a comment
/// line every 10 s is the heartbeat. The same stream the pages use.
#[utoipa::path(get, path = "/live/{id}", tag = "live",
    params(("id" = i64, Path, description = "Tournament id")),
    responses((status = 200, description = "Server-sent events: `id` and `data` are the last event number", content_type = "text/event-stream", body = LiveMessage),
        (status = 400, description = "The id is not a number"),
        (status = 404, description = "No such tournament")))]
pub async fn live(
    State(state): State<AppState>,
    Path(tournament): Path<i64>,
    slot: Option<Extension<ConnectionSlot>>,
) -> Response {
    let Ok(mut rx) = crate::server::application::reads::changes(&state.app, tournament) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    // Read from the receiver itself: no change can fall between the first number and the
    // ones after it.
    let now = *rx.borrow_and_update();
    // The stream takes its place among the door's live streams. With none left, the page
    // still gets the current number and is told to come back in a few seconds: a browser's
    // EventSource gives up for good on an error status, but reconnects after a stream ends.
    if let Some(Extension(slot)) = slot {
        if slot.become_stream().is_err() {
            let once = SseEvent::default()
                .id(now.to_string())
                .data(now.to_string())
                .retry(Duration::from_secs(5));
            return Sse::new(stream::iter([Ok::<_, Infallible>(once)])).into_response();
        }
    }
    let first = stream::once(async move { now });
    // Then each new number, but not two within `MESSAGE_GAP`: in a burst of commands a page
    // gets the newest number twenty times a second at most, not every one (400 pages times
    // every commit was most of the server's work, issue O). At a club's pace nothing waits.
    let rest = stream::unfold((rx, None::<Instant>), |(mut rx, sent)| async move {
        if let Some(sent) = sent {
            tokio::time::sleep_until(sent + MESSAGE_GAP).await;
        }
        rx.changed().await.ok()?;
        let seq = *rx.borrow_and_update();
        Some((seq, (rx, Some(Instant::now()))))
    });
    let events: std::pin::Pin<Box<dyn Stream<Item = Result<SseEvent, Infallible>> + Send>> =
        Box::pin(first.chain(rest).map(|seq| {
            Ok(SseEvent::default()
                .id(seq.to_string())
                .data(seq.to_string()))
        }));
    let mut closed = closing().subscribe();
    let events = events.take_until(async move {
        let _ = closed.wait_for(|c| *c).await;
    });
    Sse::new(events)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(10)))
        .into_response()
}
