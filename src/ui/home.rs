//! The landing page: the four faces, the language switch, and the tournament on now.

use super::components::LangSwitch;
use super::live::use_live;
use crate::i18n::*;
use leptos::prelude::*;

/// `/`: links to the director console, the table pages, the player page and the room screen.
#[component]
pub fn HomePage() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    view! {
        <main class="page home">
            <header class="bar"><h1>{t!(i18n, app_name)}</h1><LangSwitch /></header>
            <p class="tagline">{t!(i18n, tagline)}</p>
            <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
                {move || live.view.get().map(|v| match v {
                    Ok(Some(l)) => view! {
                        <h2 data-testid="tournament-name">{l.view.name.clone()}</h2>
                        <nav class="faces">
                            <a class="face" href="/director">{t!(i18n, face_director)}</a>
                            {l.view.tables.iter().filter(|t| t.open).map(|t| {
                                let n = t.table.0;
                                view! { <a class="face" href=format!("/table/{n}")>{t!(i18n, table_n, n = n)}</a> }
                            }).collect_view()}
                            <a class="face" href="/player">{t!(i18n, face_player)}</a>
                            <a class="face" href="/screen">{t!(i18n, face_screen)}</a>
                        </nav>
                    }.into_any(),
                    _ => view! { <p>{t!(i18n, no_tournament)}</p> }.into_any(),
                })}
            </Transition>
        </main>
    }
}
