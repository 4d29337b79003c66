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
                        {links.iter().find(|l| l.plain_http).map(|l| view! { <PlainHttpNote base=l.base.clone() /> })}
                        <ul class="qr-grid">
                            {links.into_iter().map(|l| {
                                let n = l.table;
                                view! {
                                    <li class="qr-card">
                                        <h2>{t!(i18n, table_n, n = n)}</h2>
                                        <div class="qr" inner_html=l.qr_svg.clone()></div>
                                        <a rel="external" href=l.path.clone() data-testid=format!("table-link-{n}")>{l.path.clone()}</a>
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

/// What the devices lose when they reach the laptop at plain `http://<LAN address>` (issue
/// W.4), and how the club has it all on the TV and the tables' tablets. Shown only when the
/// links name another machine than the laptop itself (`TableLink::plain_http`).
#[component]
fn PlainHttpNote(base: String) -> impl IntoView {
    let i18n = use_i18n();
    // The TV page on the laptop itself, at the port the devices use.
    let port = base
        .rsplit(':')
        .next()
        .filter(|p| p.parse::<u16>().is_ok())
        .unwrap_or("80");
    let tv = format!("http://localhost:{port}/screen");
    view! {
        <aside class="hint plain-http no-print" data-testid="plain-http">
            <h2>{t!(i18n, plain_http_title, base = base.clone())}</h2>
            <p>{t!(i18n, plain_http_loses)}</p>
            <ul>
                <li>{t!(i18n, plain_http_tv, tv = tv.clone())}</li>
                <li>{t!(i18n, plain_http_tablet, base = base.clone())}</li>
            </ul>
        </aside>
    }
}
