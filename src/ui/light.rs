//! The light pages (issue Z): the phone faces, `/player`, `/me/…`, the sign-up door
//! (`/signup`, `/signup/…`) and the table's device (`/table/<n>`), are rendered whole by the
//! server and carry no wasm. A phone on a crowded club WiFi reads its seat at once instead of
//! after 600 KB of app code; `public/light.js` (a few kilobytes) keeps the page live by
//! fetching the server's rendering again when the live stream announces an event, ticks the
//! clock, chimes for a move and sends the page's commands (a re-entry asked for, a sign-up,
//! leaving the queue). The table's device adds `public/light-table.js` (its outbox, its forms:
//! `ui/table/`).
//!
//! What `light.js` needs from the components is marked in the HTML (`LiveMark`, the clock's
//! `data-count-ms`, `data-light-command` forms). Reached by a link inside the app (the wasm
//! already running), the player's routes still render in the browser as they always did; the
//! table's is only ever rendered by the server.

use crate::i18n::*;
use leptos::prelude::*;

/// The script of the light pages, in place of the app's bundle.
pub const LIGHT_SCRIPT: &str = "/light.js";

/// The table's device's own script, beside `light.js`: its outbox, the bust report's and the
/// chip count's forms, the clock call, the screen kept awake.
pub const LIGHT_TABLE_SCRIPT: &str = "/light-table.js";

/// A page served light: the seat search, the personal page and the sign-up door, what players
/// open on their phones, and the table's device.
pub fn is_light_page(path: &str) -> bool {
    path == "/player"
        || path == "/signup"
        || path.starts_with("/me/")
        || path.starts_with("/signup/")
        || path.starts_with("/table/")
}

/// The script a light page needs beside `light.js`, if any.
pub fn extra_script(path: &str) -> Option<&'static str> {
    path.starts_with("/table/").then_some(LIGHT_TABLE_SCRIPT)
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
            // A page the device kept (opened again offline) says how old it is.
            data-kept=move || t_string!(i18n, view_kept, age = "{age}").to_string()
            data-rendered-at=rendered_at()
            data-lang=move || super::components::lang_code(i18n.get_locale())
        ></span>
    }
}

/// When the server rendered the page (ms since the epoch): the age of a copy the device kept.
fn rendered_at() -> String {
    #[cfg(feature = "ssr")]
    {
        chrono::Utc::now().timestamp_millis().to_string()
    }
    #[cfg(not(feature = "ssr"))]
    {
        String::new()
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
        assert!(is_light_page("/table/1"));
        for app in ["/", "/players", "/me", "/signups", "/screen", "/director"] {
            assert!(!is_light_page(app), "{app}");
        }
    }
}
