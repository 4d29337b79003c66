//! Words a light page asks for (`ui::light`): a refusal's text in the reader's language, as
//! the app's pages write it (`messages::error_message`). The light pages carry no translations
//! of their own; the server has them all.

use crate::i18n::Locale;
use crate::messages::error_message;
use crate::ui::components::lang_code;
use axum::extract::{Path, Query};
use axum::http::header::CONTENT_TYPE;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use std::collections::BTreeMap;

/// `GET /words/refusal/<CODE>?language=nl&<param>=<value>…`: the refusal's sentence as plain text
/// (the page puts it in as text). A code is capitals and underscores, as every refusal's is.
/// `language`, not `lang`: an address with `?lang=` is the pages' language switch, which sends
/// the browser to the same address without it (`http::language`).
pub async fn refusal(
    Path(code): Path<String>,
    Query(mut params): Query<BTreeMap<String, String>>,
) -> Response {
    let well_formed = !code.is_empty()
        && code.len() <= 64
        && code.bytes().all(|b| b.is_ascii_uppercase() || b == b'_');
    if !well_formed {
        return StatusCode::BAD_REQUEST.into_response();
    }
    // The pages' own languages, read as the language switch reads them (`http::language`);
    // any other, or none, is the default (English).
    let lang = lang_code(
        params
            .remove("language")
            .and_then(|l| l.parse::<Locale>().ok())
            .unwrap_or_default(),
    );
    (
        [(CONTENT_TYPE, "text/plain; charset=utf-8")],
        error_message(lang, &code, &params),
    )
        .into_response()
}
