//! The room screen (TV or projector): the clock big, blinds and ante, the field, the payouts.

use super::components::{euro, ClockPanel, FieldFigures, LangSwitch, OfflineBanner, Payouts};
use super::live::{device_now, use_live};
use crate::domain::money::Cents;
use crate::domain::view::TournamentView;
use crate::i18n::*;
use crate::server_fns::server_time;
use leptos::prelude::*;

/// When play is over the room reads who won what: the places with a prize (or the first
/// ten on a night without payouts), with the bounties won.
#[component]
fn FinalResults(view: TournamentView) -> impl IntoView {
    let i18n = use_i18n();
    let mut lines: Vec<_> = view
        .results
        .into_iter()
        .filter(|r| r.place.is_some())
        .collect();
    lines.sort_by_key(|r| r.place);
    let paid = match lines.iter().filter(|r| r.prize > Cents::ZERO).count() {
        0 => 10,
        n => n,
    };
    let rows = lines
        .into_iter()
        .take(paid)
        .map(|r| {
            view! {
                <li data-testid="final-result">
                    <span class="place">{r.place.unwrap_or_default()}"."</span>
                    <span class="name">{r.name}</span>
                    {(r.prize > Cents::ZERO).then(|| view! { <span class="num">{euro(r.prize)}</span> })}
                    {(r.bounties > Cents::ZERO).then(|| view! { <span class="num bounty">" + "{euro(r.bounties)}</span> })}
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="final-results" data-testid="final-results">
            <h2>{t!(i18n, final_results)}</h2>
            <ol>{rows}</ol>
        </section>
    }
}

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
                        {if l.view.finished {
                            view! { <FinalResults view=l.view.clone() /> }.into_any()
                        } else {
                            view! { <Payouts payouts=l.view.payouts.clone() /> }.into_any()
                        }}
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
