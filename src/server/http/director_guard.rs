//! The director's pages are for the director: a browser without a director session asking
//! for one is sent to the PIN form, and back to the page once signed in.
//!
//! Deciding this before the page renders, rather than in the page on a "who am I" resource,
//! keeps the console out of a branch on a resource. Such a branch is rendered more than once
//! on the server, each time with new resources, so the page's data no longer lined up with
//! what the browser hydrated: hydration panicked now and then, and the console's forms were
//! built anew under the director's first taps.

use crate::server::app_state::AppState;
use crate::ui::{is_director_page, SIGN_IN_PATH};
use axum::extract::{Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Redirect, Response};

/// Middleware: a GET of a director's page without a director session is redirected (303) to
/// the PIN form, which names the page to come back to (`?next=`).
pub async fn director_pages(State(state): State<AppState>, req: Request, next: Next) -> Response {
    if req.method() == Method::GET
        && is_director_page(req.uri().path())
        && !super::from_director(&state, req.headers()).await
    {
        let back = req
            .uri()
            .path_and_query()
            .map_or("/director", |pq| pq.as_str());
        return Redirect::to(&format!("{SIGN_IN_PATH}?next={}", percent_encode(back)))
            .into_response();
    }
    next.run(req).await
}

/// Percent-encodes everything but RFC 3986's unreserved characters, so a page's own query
/// (`?t=3`) travels inside `next` whole.
fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 3);
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pin_form_is_not_guarded_but_every_other_director_page_is() {
        assert!(is_director_page("/director"));
        assert!(is_director_page("/director/tables"));
        assert!(is_director_page("/director/receipt/4"));
        assert!(!is_director_page(SIGN_IN_PATH));
        assert!(!is_director_page("/directory"));
        assert!(!is_director_page("/player"));
    }

    #[test]
    fn the_page_to_come_back_to_keeps_its_query() {
        assert_eq!(percent_encode("/director?t=3"), "/director%3Ft%3D3");
        assert_eq!(
            percent_encode("/director/tables?t=3&x=é"),
            "/director/tables%3Ft%3D3%26x%3D%C3%A9"
        );
    }
}
