//! The club's pages beyond one tournament: the director's tournament list and player
//! database, the season's points rule and the club's chip set, and the public season ranking.

pub mod chip_set;
pub mod players;
pub mod points;
pub mod ranking;
pub mod tournaments;

use crate::i18n::*;
use crate::messages::error_message;
use crate::server_fns::club::Refused;
use leptos::prelude::*;

/// A day as the club writes it (YYYY-MM-DD, UTC) from ms since the epoch.
pub fn date_of(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .map(|d| d.format("%Y-%m-%d").to_string())
        .unwrap_or_default()
}

/// A refusal in the reader's language.
#[component]
pub fn RefusalMessage(refusal: Refused) -> impl IntoView {
    let i18n = use_i18n();
    move || {
        let lang = super::components::lang_code(i18n.get_locale());
        view! {
            <p class="answer error" role="alert" data-code=refusal.code.clone()>
                {error_message(lang, &refusal.code, &refusal.params)}
            </p>
        }
    }
}

/// What a director-only page shows to anyone else: say so, and where to sign in.
#[component]
pub fn DirectorOnly() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <p class="answer error" role="alert" data-testid="director-only">{t!(i18n, director_only)}</p>
        <a class="face" href="/director">{t!(i18n, sign_in)}</a>
    }
}
