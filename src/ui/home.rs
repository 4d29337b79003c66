//! The landing page: the four faces, the language switch, and the tournament on now.

use super::components::LangSwitch;
use super::live::{use_face, with_tournament};
use crate::domain::read::faces::door::DoorFaceView;
use crate::i18n::*;
use leptos::prelude::*;

/// `/`: links to the director console, the table pages, the player page and the room screen.
#[component]
pub fn HomePage() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_face::<DoorFaceView>(None, ());
    view! {
        <main class="page home">
            <header class="bar"><h1>{t!(i18n, app_name)}</h1><LangSwitch /></header>
            <p class="tagline">{t!(i18n, tagline)}</p>
            <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
                {move || live.view.get().map(|v| match v {
                    Ok(Some(l)) => {
                        // Links name the tournament only when the address did: without `?t=`
                        // every face follows the club's default.
                        let t = live.choice.get_untracked();
                        view! {
                            <h2 data-testid="tournament-name">{l.view.name.clone()}</h2>
                            <nav class="faces">
                                <a class="face" href=with_tournament("/director", t)>{t!(i18n, face_director)}</a>
                                {l.view.open_tables.iter().map(|tb| {
                                    let n = tb.0;
                                    view! { <a class="face" rel="external" href=with_tournament(&format!("/table/{n}"), t)>{t!(i18n, table_n, n = n)}</a> }
                                }).collect_view()}
                                // Players sign up from here too while registration is open.
                                {l.view.registration_open.then(|| view! {
                                    <a class="face" href=with_tournament("/signup", t) data-testid="sign-up-link">{t!(i18n, sign_up_title)}</a>
                                })}
                                <a class="face" href=with_tournament("/player", t)>{t!(i18n, face_player)}</a>
                                <a class="face" href=with_tournament("/screen", t)>{t!(i18n, face_screen)}</a>
                                <a class="face" href="/ranking" data-testid="ranking-link">{t!(i18n, season_ranking)}</a>
                            </nav>
                        }.into_any()
                    }
                    _ => view! {
                        <p>{t!(i18n, no_tournament)}</p>
                        <nav class="faces">
                            <a class="face" href="/director">{t!(i18n, face_director)}</a>
                            <a class="face" href="/ranking">{t!(i18n, season_ranking)}</a>
                        </nav>
                    }.into_any(),
                })}
            </Transition>
        </main>
    }
}
