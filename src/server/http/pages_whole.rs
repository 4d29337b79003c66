//! A page is rendered to its end even when its reader has gone away, and the reactive owner
//! it was rendered under outlives the tasks it started.
//!
//! Leptos renders a page under a reactive owner that lives as long as the page's response
//! stream and is released when the stream ends. Two ways that went wrong (the panic
//! "reactive value … already disposed" in the hostile runs; `tests/pages_dropped.rs`):
//! - a phone that loses the WiFi, or a tab closed, drops the stream, and with it the owner,
//!   while the page's resources still run in tasks of their own;
//! - on a busy machine a page can be rendered and sent before a task it started has run even
//!   once (leptos_i18n's isomorphic effect that writes the language cookie): the stream's end
//!   then releases the owner under that task.
//!
//! So the page is rendered in a task of its own and read until the document is whole (its
//! `</html>`), whatever the reader does; the answer goes out at once, and the stream's end,
//! which releases the owner, is read a moment later. A page is tens of kilobytes, rendered
//! whole before it is sent (`SsrMode::Async`), so reading it into memory costs nothing.

use axum::body::{Body, BodyDataStream};
use axum::extract::Request;
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures::StreamExt;
use std::time::Duration;

/// The most a page may weigh (the console of a 300-player evening is well under 1 MB).
const PAGE_LIMIT: usize = 8 * 1024 * 1024;
/// How long a page may take to render before it is given up.
const RENDER_LIMIT: Duration = Duration::from_secs(30);
/// How long after a page was sent its owner is kept, for the tasks it started to run.
const LINGER: Duration = Duration::from_secs(2);

/// Middleware: GETs of the app's pages are rendered in a task of their own, to the end.
pub async fn render_pages_whole(req: Request, next: Next) -> Response {
    if req.method() != Method::GET || !crate::ui::is_page(req.uri().path()) {
        return next.run(req).await;
    }
    let page = tokio::spawn(async move {
        let (parts, body) = next.run(req).await.into_parts();
        let mut stream = body.into_data_stream();
        match tokio::time::timeout(RENDER_LIMIT, read_document(&mut stream)).await {
            Ok(Ok(html)) => {
                // The rest is the stream's end: read later, it releases the page's owner.
                tokio::spawn(async move {
                    tokio::time::sleep(LINGER).await;
                    while stream.next().await.is_some() {}
                });
                Response::from_parts(parts, Body::from(html))
            }
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

/// The page's bytes up to the end of the document (`</html>`), or to the stream's end for an
/// answer that is no document.
async fn read_document(stream: &mut BodyDataStream) -> Result<Vec<u8>, String> {
    let mut html = Vec::new();
    while let Some(chunk) = stream.next().await {
        html.extend_from_slice(&chunk.map_err(|e| e.to_string())?);
        if html.len() > PAGE_LIMIT {
            return Err("the page is too large".into());
        }
        if ends_the_document(&html) {
            break;
        }
    }
    Ok(html)
}

fn ends_the_document(html: &[u8]) -> bool {
    let end = html
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(&html[..0], |i| &html[..=i]);
    end.ends_with(b"</html>")
}

#[cfg(test)]
mod tests {
    use super::ends_the_document;

    #[test]
    fn the_document_ends_with_its_closing_tag_whatever_follows_in_white_space() {
        assert!(ends_the_document(b"<html><body></body></html>"));
        assert!(ends_the_document(b"<html></html>\n  "));
        assert!(!ends_the_document(b"<html><body>"));
        assert!(!ends_the_document(b""));
    }
}
