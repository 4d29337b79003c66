//! The light pages (issue Z): the player's phone faces, `/player`, `/me/…` and the sign-up
//! door (`/signup`, `/signup/…`), are rendered whole by the server and carry no wasm. A phone
//! on a crowded club WiFi reads its seat at once instead of after 600 KB of app code;
//! `public/light.js` (a few kilobytes) keeps the page live by fetching the server's rendering
//! again when the live stream announces an event, ticks the clock, chimes for a move and sends
//! the page's commands (a re-entry asked for, a sign-up, leaving the queue).
//!
//! The same components render these pages as before; what `light.js` needs from them is
//! marked in the HTML (`LiveMark`, the clock's `data-count-ms`, `data-light-command` forms).
//! Reached by a link inside the app (the wasm already running), the same routes still render
//! in the browser as they always did.

use crate::i18n::*;
use leptos::prelude::*;

/// The script of the light pages, in place of the app's bundle.
pub const LIGHT_SCRIPT: &str = "/light.js";

/// A page served light: the seat search, the personal page and the sign-up door, what players
/// open on their phones. The table's device still runs the app (its taps go through the
/// outbox).
pub fn is_light_page(path: &str) -> bool {
    path == "/player"
        || path == "/signup"
        || path.starts_with("/me/")
        || path.starts_with("/signup/")
}

/// What `light.js` reads in a light page's `<main>`: the tournament's live stream, the last
/// event the page shows, the page's language and the words of its offline banner.
#[component]
pub fn LiveMark(tournament: i64, seq: u64) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <span
            hidden
            data-live-stream=format!("/live/{tournament}")
            data-seq=seq.to_string()
            data-offline=move || t_string!(i18n, offline).to_string()
            data-lang=move || super::components::lang_code(i18n.get_locale())
        ></span>
    }
}

#[cfg(test)]
mod tests {
    use super::is_light_page;

    #[test]
    fn the_players_phone_faces_are_light_and_the_others_run_the_app() {
        assert!(is_light_page("/player"));
        assert!(is_light_page("/me/1-2-abc"));
        assert!(is_light_page("/signup"));
        assert!(is_light_page("/signup/3-4-abc"));
        for app in [
            "/",
            "/players",
            "/me",
            "/table/1",
            "/signups",
            "/screen",
            "/director",
        ] {
            assert!(!is_light_page(app), "{app}");
        }
    }
}
