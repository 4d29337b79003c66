//! A page is rendered to its end even when its reader has gone away.
//!
//! Leptos renders a page under a reactive owner that lives as long as the page's response
//! stream: a phone that loses the WiFi, or a tab closed, drops the stream, and with it the
//! owner, while the page's resources still run in tasks of their own. Those tasks then read
//! values already disposed, and panic ("reactive value … already disposed", seen in the
//! hostile runs; `tests/pages_dropped.rs`). Here the page's rendering runs in a task of its
//! own and is read to its end, whatever the reader does: Leptos then releases the owner
//! itself, at the end of the stream, when nothing of the page still runs. A page is tens of
//! kilobytes and rendered whole before it is sent (`SsrMode::Async`), so nothing is lost by
//! reading it into memory first.

use axum::body::Body;
use axum::extract::Request;
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::time::Duration;

/// The most a page may weigh (the console of a 300-player evening is well under 1 MB).
const PAGE_LIMIT: usize = 8 * 1024 * 1024;
/// How long a page may take to render before it is given up.
const RENDER_LIMIT: Duration = Duration::from_secs(30);

/// Middleware: GETs of the app's pages are rendered in a task of their own, to the end.
pub async fn render_pages_whole(req: Request, next: Next) -> Response {
    if req.method() != Method::GET || !crate::ui::is_page(req.uri().path()) {
        return next.run(req).await;
    }
    let page = tokio::spawn(async move {
        let (parts, body) = next.run(req).await.into_parts();
        match tokio::time::timeout(RENDER_LIMIT, axum::body::to_bytes(body, PAGE_LIMIT)).await {
            Ok(Ok(bytes)) => Response::from_parts(parts, Body::from(bytes)),
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "a page could not be rendered");
                StatusCode::INTERNAL_SERVER_ERROR.into_response()
            }
            Err(_) => {
                tracing::warn!("a page took too long to render");
                StatusCode::SERVICE_UNAVAILABLE.into_response()
            }
        }
    });
    page.await
        .unwrap_or_else(|_| StatusCode::INTERNAL_SERVER_ERROR.into_response())
}
