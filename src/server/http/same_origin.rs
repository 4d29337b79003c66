//! Refuses requests that another site's page makes through a browser. The director's
//! session cookie is SameSite=Strict, but a page on the same machine under another port is
//! "same site" for the browser, and a form post from anywhere can still send wrong PINs from
//! the director's own address (and lock the director out). So every request that could
//! change something (any method but GET, HEAD and OPTIONS) must come from clubtd's own pages
//! when it comes from a browser: `Sec-Fetch-Site: same-origin` (or `none`, typed by the
//! person), or, from a browser that does not send that header, an `Origin` equal to the
//! address it was sent to. A request with neither header is not a browser's (curl, an
//! integration with its API token) and passes: a browser always sends `Origin` on a
//! cross-site post. A page that made its own name point at this machine (DNS rebinding) is
//! "same origin" to the browser: `allowed_hosts` refuses its name before this check.
//!
//! The server functions (`/api/…`, not `/api/v1`) also take only the bodies clubtd's pages
//! send: form-encoded or JSON. A `text/plain` or multipart post, which another page could send
//! without asking the browser first, is refused.

use axum::extract::Request;
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The stable code of the refusal, in its body.
pub const CROSS_SITE: &str = "CROSS_SITE_REQUEST";
/// The code for a server function called with a body the pages never send.
pub const UNSUPPORTED_BODY: &str = "UNSUPPORTED_MEDIA_TYPE";

/// Why a request was stopped before any route saw it (not a `Refusal`: no rule was asked).
#[derive(Debug, PartialEq, Eq)]
pub enum Blocked {
    CrossSite,
    UnsupportedBody,
}

/// The middleware.
pub async fn same_origin_only(req: Request, next: Next) -> Response {
    match check(req.method(), req.uri().path(), req.headers()) {
        Ok(()) => next.run(req).await,
        Err(Blocked::CrossSite) => (StatusCode::FORBIDDEN, CROSS_SITE).into_response(),
        Err(Blocked::UnsupportedBody) => {
            (StatusCode::UNSUPPORTED_MEDIA_TYPE, UNSUPPORTED_BODY).into_response()
        }
    }
}

/// The rule, apart from axum (unit-tested).
pub fn check(method: &Method, path: &str, headers: &HeaderMap) -> Result<(), Blocked> {
    if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) {
        return Ok(());
    }
    let text = |name: header::HeaderName| headers.get(name).and_then(|v| v.to_str().ok());
    match text(header::HeaderName::from_static("sec-fetch-site")) {
        Some("same-origin") | Some("none") => {}
        Some(_) => return Err(Blocked::CrossSite),
        None => {
            if let Some(origin) = text(header::ORIGIN) {
                if !same_host(origin, text(header::HOST)) {
                    return Err(Blocked::CrossSite);
                }
            }
        }
    }
    let server_function = path.starts_with("/api/") && !path.starts_with("/api/v1/");
    if server_function {
        let kind = text(header::CONTENT_TYPE)
            .and_then(|c| c.split(';').next())
            .map(|c| c.trim().to_ascii_lowercase());
        let pages_send = matches!(
            kind.as_deref(),
            Some("application/x-www-form-urlencoded") | Some("application/json") | None
        );
        if !pages_send {
            return Err(Blocked::UnsupportedBody);
        }
    }
    Ok(())
}

/// Is `origin` (`http://host:port`) the address the request was sent to (its `Host`)?
fn same_host(origin: &str, host: Option<&str>) -> bool {
    let Some(host) = host else {
        return false;
    };
    let Some((_, rest)) = origin.split_once("://") else {
        return false; // "null": a sandboxed page or a file
    };
    rest.trim_end_matches('/').eq_ignore_ascii_case(host)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, v.parse().unwrap());
        }
        h
    }

    #[test]
    fn a_page_of_clubtd_passes_and_another_sites_page_is_refused() {
        let post = &Method::POST;
        let own = headers(&[("sec-fetch-site", "same-origin"), ("host", "10.0.0.2:3000")]);
        assert_eq!(check(post, "/api/send_command", &own), Ok(()));
        for site in ["same-site", "cross-site"] {
            let other = headers(&[("sec-fetch-site", site)]);
            assert_eq!(
                check(post, "/api/director_login", &other),
                Err(Blocked::CrossSite),
                "{site}"
            );
        }
        // A browser without Sec-Fetch-*: the Origin decides.
        let same = headers(&[
            ("origin", "http://10.0.0.2:3000"),
            ("host", "10.0.0.2:3000"),
        ]);
        assert_eq!(check(post, "/backup", &same), Ok(()));
        let other_port = headers(&[
            ("origin", "http://10.0.0.2:8080"),
            ("host", "10.0.0.2:3000"),
        ]);
        assert_eq!(check(post, "/backup", &other_port), Err(Blocked::CrossSite));
        let null = headers(&[("origin", "null"), ("host", "10.0.0.2:3000")]);
        assert_eq!(check(post, "/backup", &null), Err(Blocked::CrossSite));
        // Not a browser: no Origin, no Sec-Fetch-Site.
        assert_eq!(
            check(post, "/api/v1/tournaments", &HeaderMap::new()),
            Ok(())
        );
        // Reading is never refused here.
        let reading = headers(&[("sec-fetch-site", "cross-site")]);
        assert_eq!(check(&Method::GET, "/player", &reading), Ok(()));
    }

    #[test]
    fn server_functions_take_only_the_bodies_pages_send() {
        let post = &Method::POST;
        for ok in [
            "application/x-www-form-urlencoded",
            "application/json",
            "application/json; charset=utf-8",
        ] {
            let h = headers(&[("content-type", ok)]);
            assert_eq!(check(post, "/api/director_login", &h), Ok(()), "{ok}");
        }
        for refused in [
            "text/plain",
            "multipart/form-data; boundary=x",
            "text/plain;charset=UTF-8",
        ] {
            let h = headers(&[("content-type", refused)]);
            assert_eq!(
                check(post, "/api/director_login", &h),
                Err(Blocked::UnsupportedBody),
                "{refused}"
            );
        }
        // The JSON API and the import have their own readers.
        let plain = headers(&[("content-type", "text/plain")]);
        assert_eq!(check(post, "/api/v1/tournaments", &plain), Ok(()));
    }
}
