//! The table's device (opened from the QR code on the table): its seats and button, its
//! blinds and the ante for its own count, the clock, bust reports, and the stop screen.

use super::components::{Answer, ClockPanel, LangSwitch, OfflineBanner};
use super::live::{command_action, use_live};
use super::ruling::RulingFlow;
use crate::domain::command::{BustReport, Command};
use crate::domain::ids::{PlayerId, SeatNo, TableNo};
use crate::i18n::*;
use leptos::prelude::*;
use leptos_router::hooks::{use_params_map, use_query_map};

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
    let send = command_action(key);
    let show_flow = RwSignal::new(false);
    let busted = RwSignal::new(None::<PlayerId>);
    let winner = RwSignal::new(None::<PlayerId>);
    let report = move |_| {
        if let Some(player) = busted.get_untracked() {
            let eliminators = winner.get_untracked().into_iter().collect();
            send.dispatch(Command::ReportBusts {
                table: TableNo(table()),
                busts: vec![BustReport {
                    player,
                    eliminators,
                    start_stack: None,
                }],
            });
            busted.set(None);
            winner.set(None);
        }
    };
    view! {
        <main class="page table-page">
            <header class="bar"><h1>{move || t!(i18n, table_n, n = table())}</h1><LangSwitch /></header>
            <OfflineBanner live />
            <Show when=move || key.get().is_none()>
                <p class="answer" data-testid="not-paired">{t!(i18n, scan_qr)}</p>
            </Show>
            <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
                {move || live.view.get().map(|v| match v {
                    Ok(Some(l)) => {
                        let Some(tv) = l.view.tables.iter().find(|t| t.table.0 == table()).cloned() else {
                            return view! { <p class="answer error">{t!(i18n, no_such_table)}</p> }.into_any();
                        };
                        let size = tv.size;
                        let seats = tv.seats.clone();
                        let seats_for_bust = seats.clone();
                        view! {
                            {tv.stopped.then(|| view! { <div class="stopped" role="alert" data-testid="stopped">{t!(i18n, stopped)}</div> })}
                            <ClockPanel live clock=l.view.clock.clone() />
                            <p class="table-ante" data-testid="table-ante">{t!(i18n, ante)}": "{tv.ante.to_string()}</p>
                            <p class="hint">{t!(i18n, tap_seat_for_button)}</p>
                            <ol class="seats">
                                {(1..=size).map(|s| {
                                    let seat = SeatNo(s);
                                    let occupant = seats.iter().find(|x| x.seat == seat).cloned();
                                    let is_button = tv.button == Some(seat);
                                    let is_sb = tv.small_blind_seat == Some(seat);
                                    let is_bb = tv.big_blind_seat == Some(seat);
                                    view! {
                                        <li>
                                            <button
                                                class="seat"
                                                class:button=is_button
                                                class:empty=occupant.is_none()
                                                data-testid=format!("seat-{s}")
                                                on:click=move |_| { send.dispatch(Command::SetButton { table: TableNo(table()), seat }); }
                                            >
                                                <span class="seat-no">{s}</span>
                                                <span class="seat-name">{occupant.as_ref().map(|o| o.name.clone()).unwrap_or_default()}</span>
                                                <span class="marks">
                                                    {is_button.then(|| view! { <b class="mark-btn" data-testid="button-mark">"D"</b> })}
                                                    {is_sb.then(|| view! { <b class="mark">"SB"</b> })}
                                                    {is_bb.then(|| view! { <b class="mark">"BB"</b> })}
                                                </span>
                                            </button>
                                        </li>
                                    }
                                }).collect_view()}
                            </ol>
                            <section class="call">
                                {if l.view.calls.iter().any(|(t, _)| t.0 == table()) {
                                    view! { <p class="called" data-testid="director-called">{t!(i18n, director_called)}</p> }.into_any()
                                } else {
                                    view! {
                                        <button class="primary wide" data-testid="call-director" on:click=move |_| {
                                            send.dispatch(Command::CallDirector { table: TableNo(table()) });
                                            show_flow.set(true);
                                        }>{t!(i18n, call_director)}</button>
                                    }.into_any()
                                }}
                            </section>
                            <section class="bust-report">
                                <h2>{t!(i18n, report_bust)}</h2>
                                <label>{t!(i18n, who_busted)}
                                    <select data-testid="bust-player" on:change=move |ev| busted.set(event_target_value(&ev).parse().ok().map(PlayerId))>
                                        <option value="">"—"</option>
                                        {seats_for_bust.iter().map(|s| view! { <option value=s.player.0.to_string()>{format!("{} · {}", s.seat.0, s.name)}</option> }).collect_view()}
                                    </select>
                                </label>
                                <label>{t!(i18n, who_won)}
                                    <select data-testid="bust-winner" on:change=move |ev| winner.set(event_target_value(&ev).parse().ok().map(PlayerId))>
                                        <option value="">"—"</option>
                                        {seats_for_bust.iter().map(|s| view! { <option value=s.player.0.to_string()>{format!("{} · {}", s.seat.0, s.name)}</option> }).collect_view()}
                                    </select>
                                </label>
                                <button class="primary" data-testid="bust-confirm" on:click=report>{t!(i18n, confirm)}</button>
                            </section>
                        }.into_any()
                    }
                    _ => view! { <p>{t!(i18n, no_tournament)}</p> }.into_any(),
                })}
            </Transition>
            <Show when=move || show_flow.get()>
                <RulingFlow table=Some(table()) send />
            </Show>
            <Answer reply=send.value().into() />
        </main>
    }
}
