//! The table's call for the TD (PKR4U 1) and the clock call (TDA 5) on its light page.
//!
//! One tap calls the TD and opens the guided rulings (what the TD will ask first); the table
//! then reads the time since and "called, waiting for the TD", then "TD on the way", until the
//! call is closed. The table may take its call back. The time since ticks on the device from
//! the server's reading (`data-count-up-ms`), so it never depends on the device's clock.

use super::send::SendForm;
use crate::domain::command::{CallDirector, CancelCall, Command};
use crate::domain::ids::TableNo;
use crate::domain::view::CallView;
use crate::i18n::*;
use crate::ui::components::format_ms;
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

/// The parameters of this page's address that stay on every address it opens: its
/// tournament, its key and its language.
pub fn kept_query() -> Vec<(String, String)> {
    use_query_map().with_untracked(|q| {
        q.into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .filter(|(k, _)| matches!(k.as_str(), "t" | "key" | "lang"))
            .collect()
    })
}

/// This page's address with only the given extra parameter besides those kept
/// ([`kept_query`]).
pub fn table_address(n: u16, extra: Option<(&str, &str)>) -> String {
    let mut pairs = kept_query();
    if let Some((k, v)) = extra {
        pairs.push((k.to_string(), v.to_string()));
    }
    let query: Vec<String> = pairs
        .iter()
        .map(|(k, v)| format!("{k}={}", leptos_router::location::Url::escape(v)))
        .collect();
    if query.is_empty() {
        format!("/table/{n}")
    } else {
        format!("/table/{n}?{}", query.join("&"))
    }
}

/// The call's state and its buttons. `server_now` is the server's time of the view.
#[component]
pub fn CallPanel(table: TableNo, call: Option<CallView>, server_now: i64) -> impl IntoView {
    let i18n = use_i18n();
    let label = t_string!(i18n, call_director).to_string();
    let since = move |at: i64| {
        let ms = (server_now - at).max(0);
        view! { <span data-testid="call-since" data-count-up-ms=ms.to_string()>{format_ms(ms)}</span> }
    };
    let cancel = {
        let label = label.clone();
        move || {
            view! {
                <SendForm command=Command::CancelCall(CancelCall { table }) label=label.clone()>
                    <button class="small" data-testid="call-cancel">{t!(i18n, call_cancel)}</button>
                </SendForm>
            }
        }
    };
    let body = match call {
        None => view! {
            <SendForm command=Command::CallDirector(CallDirector { table }) label=label.clone()
                then=table_address(table.0, Some(("rulings", "1")))>
                <button class="primary wide" data-testid="call-director">{t!(i18n, call_director)}</button>
            </SendForm>
        }
        .into_any(),
        Some(CallView { at, answered_at: None, .. }) => view! {
            <p class="called waiting" role="status" data-testid="director-called" data-state="waiting">
                {since(at.0)}" · "{t!(i18n, call_waiting)}
            </p>
            {cancel()}
        }
        .into_any(),
        Some(CallView { answered_at: Some(answered), .. }) => view! {
            <p class="called answered" role="status" data-testid="director-called" data-state="answered">
                {since(answered.0)}" · "{t!(i18n, call_on_the_way)}
            </p>
            {cancel()}
        }
        .into_any(),
    };
    view! { <div class="call">{body}</div> }
}

/// TDA 5: when a player calls the clock on another, that player has one minute to act, then a
/// final ten-second countdown; with no action by then the hand is dead. The countdown runs on
/// the table's device only (the script): it decides nothing in the tournament.
#[component]
pub fn ClockCall() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <section class="clock-call panel" data-light-clock-call=""
            data-minute=t_string!(i18n, clock_call_minute).to_string()
            data-final=t_string!(i18n, clock_call_final).to_string()
            data-over=t_string!(i18n, clock_call_over).to_string()
            data-stop=t_string!(i18n, stop).to_string()>
            <button type="button" class="wide" data-testid="clock-call">{t!(i18n, clock_call)}</button>
        </section>
    }
}
