//! The language buttons work before a page's code has loaded: each is a GET form's button
//! (`?lang=fr`). This turns such an address into the language cookie the pages read
//! (leptos_i18n's), and sends the browser back to the same address without `lang`.

use axum::extract::Request;
use axum::http::header::{LOCATION, SET_COOKIE};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::i18n::{I18nLocaleTrait, Locale};

/// leptos_i18n's cookie (its default name), which the pages read on the server and the device.
const COOKIE: &str = "i18n_pref_locale";

/// `GET <path>?lang=fr&…`: 303 to `<path>?…` with the cookie set as the page's own switch sets
/// it (the whole site's, for the browser's session). Any other request, or a language the
/// pages do not have, goes on untouched.
pub async fn language_from_address(req: Request, next: Next) -> Response {
    match (req.method() == Method::GET)
        .then(|| chosen(req.uri().path(), req.uri().query()?))
        .flatten()
    {
        Some((lang, back)) => (
            StatusCode::SEE_OTHER,
            [
                (LOCATION, back),
                (SET_COOKIE, format!("{COOKIE}={lang}; Path=/; SameSite=Lax")),
            ],
        )
            .into_response(),
        None => next.run(req).await,
    }
}

/// The language chosen in `query`, and where to go back to: the same path (never one that a
/// browser would read as another host) with the rest of the query.
fn chosen(path: &str, query: &str) -> Option<(&'static str, String)> {
    let mut lang = None;
    let rest: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes())
        .filter_map(|(k, v)| {
            if k == "lang" {
                // The pages' own languages, spelled as the cookie spells them.
                lang = v.parse::<Locale>().ok().map(Locale::as_str);
                None
            } else {
                Some((k.into_owned(), v.into_owned()))
            }
        })
        .collect();
    let lang = lang?;
    let mut back = format!("/{}", path.trim_start_matches('/'));
    if !rest.is_empty() {
        back.push('?');
        back.push_str(
            &form_urlencoded::Serializer::new(String::new())
                .extend_pairs(rest)
                .finish(),
        );
    }
    Some((lang, back))
}

#[cfg(test)]
mod tests {
    use super::chosen;

    #[test]
    fn the_language_leaves_the_address_and_the_rest_stays() {
        assert_eq!(chosen("/player", "lang=fr"), Some(("fr", "/player".into())));
        assert_eq!(
            chosen("/player", "t=3&lang=nl&name=Jan+de+V"),
            Some(("nl", "/player?t=3&name=Jan+de+V".into()))
        );
        assert_eq!(
            chosen("/table/2", "key=a%2Fb&lang=en"),
            Some(("en", "/table/2?key=a%2Fb".into()))
        );
    }

    #[test]
    fn an_unknown_language_or_none_changes_nothing() {
        assert_eq!(chosen("/player", "lang=de"), None);
        assert_eq!(chosen("/player", "t=3"), None);
        assert_eq!(chosen("/player", ""), None);
    }

    #[test]
    fn the_way_back_stays_on_this_server() {
        // `//evil.example` in a Location header would be another host.
        assert_eq!(
            chosen("//evil.example/x", "lang=fr"),
            Some(("fr", "/evil.example/x".into()))
        );
    }
}
