//! The director's printable QR sheet: one code per open table, each opening that table's
//! page with its key; a new code can be issued for a table (the old one stops working).

use super::components::{ConfirmButton, LangSwitch};
use super::live::{use_tournament_choice, with_tournament};
use crate::i18n::*;
use crate::server_fns::table_links;
use leptos::prelude::*;

/// `/director/tables`.
#[component]
pub fn QrSheetPage() -> impl IntoView {
    let i18n = use_i18n();
    let reissue = RwSignal::new(None::<u16>);
    // `try_get`: see `use_live` (the owner may be disposed before the task runs on the server).
    let choice = use_tournament_choice();
    let links = Resource::new(
        move || (reissue.try_get().flatten(), choice.try_get().flatten()),
        |(reissue, tournament)| table_links(reissue, tournament),
    );
    view! {
        <main class="page qr-sheet">
            <header class="bar no-print"><h1>{t!(i18n, qr_sheet)}</h1><a class="face small-link" href=move || with_tournament("/director", choice.get())>{t!(i18n, face_director)}</a><LangSwitch /></header>
            <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
                {move || links.get().map(|r| match r {
                    Ok(links) => view! {
                        <ul class="qr-grid">
                            {links.into_iter().map(|l| {
                                let n = l.table;
                                view! {
                                    <li class="qr-card">
                                        <h2>{t!(i18n, table_n, n = n)}</h2>
                                        <div class="qr" inner_html=l.qr_svg.clone()></div>
                                        <a href=l.path.clone() data-testid=format!("table-link-{n}")>{l.path.clone()}</a>
                                        // Un-pairs the table's device mid-evening: asked first.
                                        <span class="no-print">
                                            <ConfirmButton testid=format!("new-code-{n}") on_confirm=move |_| reissue.set(Some(n))>{t!(i18n, new_code)}</ConfirmButton>
                                        </span>
                                    </li>
                                }
                            }).collect_view()}
                        </ul>
                    }.into_any(),
                    Err(_) => view! { <p class="answer error">{t!(i18n, director_only)}</p> }.into_any(),
                })}
            </Transition>
        </main>
    }
}
