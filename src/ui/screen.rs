//! The room screen (TV or projector): the clock big, blinds and ante, the field, the payouts.

use super::components::{ClockPanel, FieldFigures, LangSwitch, OfflineBanner, Payouts};
use super::live::{device_now, use_live};
use crate::i18n::*;
use crate::server_fns::server_time;
use leptos::prelude::*;

/// `/screen`.
#[component]
pub fn ScreenPage() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    // Measures how far this screen's clock is from the server's (a projector PC may drift).
    let sync = Action::new(move |_: &()| async move {
        let before = device_now();
        let server = server_time().await?;
        let after = device_now();
        Ok::<i64, ServerFnError>(server - ((before + after) / 2.0) as i64)
    });
    view! {
        <main class="page screen">
            <OfflineBanner live />
            <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
                {move || live.view.get().map(|v| match v {
                    Ok(Some(l)) => view! {
                        <h1 class="screen-title">{l.view.name.clone()}</h1>
                        <ClockPanel live clock=l.view.clock.clone() finished=l.view.finished big=true />
                        <FieldFigures live=l.clone() />
                        <Payouts payouts=l.view.payouts.clone() />
                    }.into_any(),
                    _ => view! { <p>{t!(i18n, no_tournament)}</p> }.into_any(),
                })}
            </Transition>
            <footer class="bar">
                <button class="small" data-testid="sync" on:click=move |_| { sync.dispatch(()); }>{t!(i18n, sync_clock)}</button>
                {move || sync.value().get().and_then(|r| r.ok()).map(|ms| view! { <span data-testid="synced">{t!(i18n, synced, ms = ms)}</span> })}
                <LangSwitch />
            </footer>
        </main>
    }
}
