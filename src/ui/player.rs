//! The player's phone: find your seat, the clock, the field and the payouts, live.

use super::components::{ClockPanel, FieldFigures, LangSwitch, OfflineBanner, Payouts};
use super::live::use_live;
use crate::i18n::*;
use leptos::prelude::*;

/// `/player`.
#[component]
pub fn PlayerPage() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    let query = RwSignal::new(String::new());
    let shown = live.shown();
    let search = Action::new(move |q: &String| {
        crate::server_fns::find_seat(q.clone(), shown.get_untracked())
    });
    view! {
        <main class="page player">
            <header class="bar"><h1>{t!(i18n, face_player)}</h1><LangSwitch /></header>
            <OfflineBanner live />
            <form class="find" on:submit=move |ev| { ev.prevent_default(); search.dispatch(query.get_untracked()); }>
                <label>{t!(i18n, your_name)}
                    <input type="search" data-testid="find-name" autocomplete="off" prop:value=query on:input=move |ev| query.set(event_target_value(&ev)) />
                </label>
                <button type="submit" data-testid="find-seat">{t!(i18n, find_my_seat)}</button>
            </form>
            {move || search.value().get().map(|r| match r {
                Ok(found) if found.is_empty() => view! { <p class="answer">{t!(i18n, no_match)}</p> }.into_any(),
                Ok(found) => view! {
                    <ul class="seat-cards" data-testid="seat-cards">
                        {found.into_iter().map(|p| view! {
                            <li class="seat-card">
                                <span class="name">{p.name.clone()}</span>
                                {match (p.table, p.seat) {
                                    (Some(t), Some(s)) => view! {
                                        <span class="where">{t!(i18n, table_n, n = t.0)}" · "{t!(i18n, seat)}" "{s.0}</span>
                                    }.into_any(),
                                    _ => view! { <span class="where">{t!(i18n, busted)}</span> }.into_any(),
                                }}
                            </li>
                        }).collect_view()}
                    </ul>
                }.into_any(),
                Err(_) => view! { <p class="answer error" role="alert">{t!(i18n, server_error)}</p> }.into_any(),
            })}
            <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
                {move || live.view.get().map(|v| match v {
                    Ok(Some(l)) => view! {
                        <ClockPanel live clock=l.view.clock.clone() finished=l.view.finished />
                        <FieldFigures live=l.clone() />
                        <Payouts payouts=l.view.payouts.clone() />
                    }.into_any(),
                    _ => view! { <p>{t!(i18n, no_tournament)}</p> }.into_any(),
                })}
            </Transition>
        </main>
    }
}
