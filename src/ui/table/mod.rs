//! The table's device (opened from the QR code on the table): its seats and button, its
//! blinds and the ante for its own count, the clock, move instructions, bust reports,
//! penalties and abandoned stacks, hand-for-hand, the clock call, and the stop screen.

mod bust_report;
mod clock_call;
mod duties;
mod moves;
mod seats;

use super::components::{Answer, ClockPanel, LangSwitch, OfflineBanner};
use super::live::{command_action, use_live};
use super::ruling::RulingFlow;
use crate::domain::command::Command;
use crate::domain::ids::TableNo;
use crate::i18n::*;
use bust_report::{BustDraft, BustReportForm};
use clock_call::ClockCall;
use duties::{AbandonedStacks, HandForHand, TablePenalties};
use leptos::prelude::*;
use leptos_router::hooks::{use_params_map, use_query_map};
use moves::TableMoves;
use seats::Seats;

/// `/table/:n`.
#[component]
pub fn TablePage() -> impl IntoView {
    let i18n = use_i18n();
    let params = use_params_map();
    let table =
        move || params.with(|p| p.get("n").and_then(|n| n.parse::<u16>().ok()).unwrap_or(0));
    let live = use_live();
    let query = use_query_map();
    // The table's key comes from its QR code (`?key=`) and is remembered on the device.
    let key = RwSignal::new(query.with_untracked(|q| q.get("key")));
    #[cfg(feature = "hydrate")]
    Effect::new(move |_| {
        let storage = window().local_storage().ok().flatten();
        let name = format!("clubtd.table.{}.key", table());
        match (key.get_untracked(), storage) {
            (Some(k), Some(s)) => {
                let _ = s.set_item(&name, &k);
            }
            (None, Some(s)) => key.set(s.get_item(&name).ok().flatten()),
            _ => {}
        }
    });
    let send = command_action(key, live.shown());
    let show_flow = RwSignal::new(false);
    let draft = BustDraft::new();
    view! {
        <main class="page table-page">
            <header class="bar"><h1>{move || t!(i18n, table_n, n = table())}</h1><LangSwitch /></header>
            <OfflineBanner live />
            <Show when=move || key.get().is_none()>
                <p class="answer" data-testid="not-paired">{t!(i18n, scan_qr)}</p>
            </Show>
            <Answer reply=send.value().into() />
            <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
                {move || live.view.get().map(|v| match v {
                    Ok(Some(l)) => {
                        let n = TableNo(table());
                        let Some(tv) = l.view.tables.iter().find(|t| t.table == n).cloned() else {
                            return view! { <p class="answer error">{t!(i18n, no_such_table)}</p> }.into_any();
                        };
                        let called = l.view.calls.iter().any(|(t, _)| *t == n);
                        // A table a player waits to come to is told so in its moves, with the
                        // same request for its button (TDA 25); the plain request is for the rest.
                        let arrival_waits = l.view.balancing.automatic
                            && l.view.plan.waiting.iter().any(|w| w.to_table == n);
                        let need_button = l.view.plan.need_button.contains(&n) && !arrival_waits;
                        view! {
                            {tv.stopped.then(|| view! { <div class="stopped" role="alert" data-testid="stopped">{t!(i18n, stopped)}</div> })}
                            {need_button.then(|| view! { <div class="answer" role="alert" data-testid="need-button">{t!(i18n, need_button)}</div> })}
                            <TableMoves view=l.view.clone() table=n send />
                            <ClockPanel live clock=l.view.clock.clone() finished=l.view.finished />
                            <p class="table-ante" data-testid="table-ante">{t!(i18n, ante)}": "{tv.ante.to_string()}</p>
                            <HandForHand view=l.view.clone() tv=tv.clone() send />
                            <Seats tv=tv.clone() send />
                            <AbandonedStacks tv=tv.clone() send />
                            <TablePenalties view=l.view.clone() table=n live send />
                            <BustReportForm table=n seats=tv.seats.clone() registration_open=l.view.registration_open draft send />
                            <section class="call">
                                {if called {
                                    view! { <p class="called" data-testid="director-called">{t!(i18n, director_called)}</p> }.into_any()
                                } else {
                                    view! {
                                        <button class="primary wide" data-testid="call-director" on:click=move |_| {
                                            send.dispatch(Command::CallDirector { table: n });
                                            show_flow.set(true);
                                        }>{t!(i18n, call_director)}</button>
                                    }.into_any()
                                }}
                            </section>
                        }.into_any()
                    }
                    _ => view! { <p>{t!(i18n, no_tournament)}</p> }.into_any(),
                })}
            </Transition>
            <ClockCall live />
            <Show when=move || show_flow.get()>
                <RulingFlow table=Some(table()) send />
            </Show>
        </main>
    }
}
