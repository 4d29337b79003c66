//! The headers every answer carries, whoever made it (a page, the JSON API, a static file, a
//! refusal): the browser sniffs no type (`nosniff`), sends no `Referer` (a player's personal
//! link `/me/<token>` and a table's key in its address must not reach another site when a
//! page links out), shows no clubtd page inside another site's frame (a click through an
//! invisible frame onto the director's console), and runs only what clubtd itself serves
//! (the Content-Security-Policy).
//!
//! The policy fits what the pages are: Leptos' inline hydration scripts (and the inline
//! service-worker registration in `app.rs`), the app's wasm module (compiled by the browser,
//! hence `'wasm-unsafe-eval'`), inline `style` attributes from the view macro, icons and sounds
//! from this server, the live stream and views fetched from it, the manifest and the service
//! worker (`/sw.js`). QR codes are inline SVG in the page, no image load; `data:` images are
//! allowed for what a browser makes of them. Nothing is loaded from another site, so nothing
//! else is allowed.

use axum::extract::{Request, State};
use axum::http::{header, HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use std::sync::Arc;

/// The policy of every answer.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; \
    script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self'; \
    connect-src 'self'; font-src 'self'; manifest-src 'self'; worker-src 'self'; \
    object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// The headers, built once at start.
#[derive(Clone, Debug)]
pub struct SecurityHeaders(Arc<Vec<(HeaderName, HeaderValue)>>);

impl SecurityHeaders {
    /// The headers; `dev_reload` (cargo-leptos' watch mode, `LEPTOS_WATCH`) also lets the
    /// pages reach its reload socket on another port (`ws:`), which `'self'` does not cover.
    pub fn new(dev_reload: bool) -> SecurityHeaders {
        let policy = if dev_reload {
            CONTENT_SECURITY_POLICY.replace("connect-src 'self'", "connect-src 'self' ws: wss:")
        } else {
            CONTENT_SECURITY_POLICY.to_string()
        };
        let mut headers = vec![
            (
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ),
            (
                header::REFERRER_POLICY,
                HeaderValue::from_static("no-referrer"),
            ),
            (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
        ];
        // The policy is ASCII (the constant above, and `ws: wss:`): it always makes a header.
        if let Ok(value) = HeaderValue::from_str(&policy) {
            headers.push((header::CONTENT_SECURITY_POLICY, value));
        }
        SecurityHeaders(Arc::new(headers))
    }
}

/// The middleware: adds each header the answer does not set itself.
pub async fn security_headers(
    State(headers): State<SecurityHeaders>,
    req: Request,
    next: Next,
) -> Response {
    let mut res = next.run(req).await;
    let have = res.headers_mut();
    for (name, value) in headers.0.iter() {
        if !have.contains_key(name) {
            have.insert(name.clone(), value.clone());
        }
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_is_one_header_and_the_watch_mode_reaches_its_socket() {
        let plain = SecurityHeaders::new(false);
        assert_eq!(plain.0.len(), 4, "the policy made a header");
        let csp = |h: &SecurityHeaders| {
            h.0.iter()
                .find(|(n, _)| n == header::CONTENT_SECURITY_POLICY)
                .map(|(_, v)| v.to_str().unwrap().to_string())
                .unwrap()
        };
        assert!(csp(&plain).contains("connect-src 'self';"));
        assert!(csp(&SecurityHeaders::new(true)).contains("connect-src 'self' ws: wss:;"));
    }
}
