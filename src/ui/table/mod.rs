//! The table's device as a light page (issue Z): `/table/<n>`, opened from the QR code on the
//! table. The server renders the whole page (its seats and button, the clock with the ante for
//! the table's own count, moves, bust reports, penalties and abandoned stacks, hand-for-hand,
//! the call for the TD and the guided rulings, its chip count, rebuys asked for its busted
//! players, the stop screen) and the phone runs no wasm: `public/light.js` keeps it live and
//! `public/light-table.js` sends its taps through the device's outbox, builds the bust report
//! and the chip count from their fields, counts the clock call and keeps the screen awake.
//!
//! It is only ever rendered by the server: the app's own links to it load it whole
//! (`rel="external"`), so the router never renders it in the browser.
//!
//! Without its key (or with a key replaced by a new code) the page only shows, and asks for
//! the table's QR code. The key comes from the QR code's link (`?key=`); the script keeps it
//! on the device and opens the page with it when the link had none.

mod bust_report;
mod call;
mod chip_count;
mod duties;
mod moves;
pub mod rulings;
pub mod send;

use super::components::{chips, format_ms, ClockPanel, FaceTitle, LangSwitch};
use super::light::LiveMark;
use super::live::use_face_keyed;
use crate::domain::ids::TableNo;
use crate::domain::read::faces::table::TableFaceView;
use crate::i18n::*;
use crate::ui::components::colon;
use bust_report::BustReportForm;
use call::{CallPanel, ClockCall};
use chip_count::ChipCount;
use duties::{AbandonedStacks, BonusArrivals, HandForHand, RebuyAsks, TablePenalties};
use leptos::prelude::*;
use leptos_router::hooks::{use_params_map, use_query_map};
use moves::{Seats, TableMoves};
use rulings::LightRulings;

/// `/table/:n`.
#[component]
pub fn TablePage() -> impl IntoView {
    let i18n = use_i18n();
    let params = use_params_map();
    let n = params
        .with_untracked(|p| p.get("n").and_then(|n| n.parse::<u16>().ok()))
        .unwrap_or(0);
    let table = TableNo(n);
    let live = use_face_keyed::<TableFaceView>(None, Signal::stored(table));
    let query = use_query_map();
    let key = query.with_untracked(|q| q.get("key"));
    let rulings_open =
        query.with_untracked(|q| q.get("rulings").is_some() || q.get("ruling").is_some());
    // The key is checked before the page is sent: a page without a valid key shows, and asks
    // for the QR code, instead of failing at every tap.
    let key_valid = Resource::new(
        {
            let key = key.clone();
            move || (live.choice.get(), key.clone())
        },
        move |(tournament, key)| async move {
            match key {
                Some(k) => crate::server_fns::table_key_valid(tournament, n, k)
                    .await
                    .unwrap_or(false),
                None => false,
            }
        },
    );
    let face = Signal::derive(move || t_string!(i18n, table_n, n = n).to_string());
    view! {
        <FaceTitle live face />
        <main class="page table-page">
            <header class="bar"><h1>{t!(i18n, table_n, n = n)}</h1><LangSwitch /></header>
            <Suspense fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
                {move || {
                    let valid = key_valid.get()?;
                    let l = live.view.get()?.ok().flatten();
                    let Some(l) = l else {
                        return Some(view! { <p>{t!(i18n, no_tournament)}</p> }.into_any());
                    };
                    let ro = !valid;
                    let Some(tv) = l.view.table.clone() else {
                        return Some(view! {
                            <LiveMark tournament=l.tournament seq=l.last_seq />
                            <p class="answer error">{t!(i18n, no_such_table)}</p>
                        }.into_any());
                    };
                    let view = l.view.clone();
                    let hand_seats: Vec<_> = tv.seats.iter().map(|s| (s.seat, s.name.clone())).collect();
                    Some(view! {
                        <LiveMark tournament=l.tournament seq=l.last_seq />
                        <TableMark table n tournament=l.tournament key=key.clone().filter(|_| valid) view=view.clone() />
                        // What the outbox holds and the answers that came late (the script).
                        <div data-light-outbox-ui></div>
                        {ro.then(|| view! {
                            <div class="answer read-only" role="alert" data-testid="not-paired">
                                <p>{t!(i18n, scan_qr)}</p>
                                <p class="hint">{if key.is_some() { t!(i18n, table_key_replaced).into_any() } else { t!(i18n, table_read_only).into_any() }}</p>
                            </div>
                        })}
                        // Answers whose control is gone by the time they come (a move confirmed).
                        <div data-light-answers-top></div>
                        // The table's state on top, one line each (issue U.1), then its moves.
                        <TableState view=view.clone() read_only=ro />
                        <TableMoves view=view.clone() table read_only=ro />
                        <HandForHand view=view.clone() table read_only=ro />
                        {(!ro).then(|| view! {
                            <section class="table-actions" data-testid="table-actions">
                                <CallPanel table call=view.call.clone() server_now=view.clock.read_at.0 />
                                <RulingsToggle open=rulings_open />
                            </section>
                            {rulings_open.then(|| view! { <LightRulings table seats=hand_seats.clone() /> })}
                        })}
                        {(!ro).then(|| view! {
                            // The bust report first: the dealer's job all evening (U.1).
                            <BustReportForm table seats=tv.seats.clone() registration_open=view.registration_open />
                            <RebuyAsks view=view.clone() table />
                            // PKR4U 18 is due early in the evening: right under the bust report.
                            <BonusArrivals view=view.clone() table />
                        })}
                        <ClockPanel live clock=view.clock.clone() finished=view.finished />
                        <p class="table-ante" data-testid="table-ante">{t!(i18n, ante)}{colon()}{chips(tv.ante)}</p>
                        <Seats tv=tv.clone() read_only=ro />
                        <TablePenalties view=view.clone() table read_only=ro />
                        {(!ro).then(|| view! {
                            <AbandonedStacks tv=tv.clone() />
                            <ChipCount table seats=tv.seats.clone() />
                            <ClockCall />
                        })}
                    }.into_any())
                }}
            </Suspense>
        </main>
    }
}

/// What `light-table.js` reads in the page: the table, its tournament and key, where the
/// device keeps the key, the players' names (a refusal names players, not numbers) and the
/// words the script writes itself (the outbox, the clock call, the bust report's lines).
#[component]
fn TableMark(
    table: TableNo,
    n: u16,
    tournament: i64,
    key: Option<String>,
    view: TableFaceView,
) -> impl IntoView {
    let i18n = use_i18n();
    let names: std::collections::BTreeMap<String, String> = view
        .players
        .iter()
        .map(|p| (p.player.0.to_string(), p.name.clone()))
        .collect();
    // Placeholders stay as `{n}`, `{age}`… for the script to fill in.
    let words = serde_json::json!({
        "saved": t_string!(i18n, saved).to_string(),
        "kept": t_string!(i18n, outbox_kept, n = "{n}").to_string(),
        "waiting": t_string!(i18n, outbox_waiting, n = "{n}").to_string(),
        "forget": t_string!(i18n, outbox_forget).to_string(),
        "late": t_string!(i18n, outbox_late).to_string(),
        "read": t_string!(i18n, outbox_read).to_string(),
        "confirm": t_string!(i18n, confirm).to_string(),
        "viewKept": t_string!(i18n, view_kept, age = "{age}").to_string(),
        "countSaved": t_string!(i18n, table_count_saved).to_string(),
        "countInvalid": t_string!(i18n, table_count_invalid).to_string(),
        "stacksNeeded": t_string!(i18n, start_stacks_needed, names = "{names}").to_string(),
        "summaryOut": t_string!(i18n, bust_summary_out, names = "{names}").to_string(),
        "summaryWon": t_string!(i18n, bust_summary_won, names = "{names}").to_string(),
        "serverError": t_string!(i18n, server_error).to_string(),
    });
    view! {
        <span hidden data-light-table=n.to_string() data-tournament=tournament.to_string()
            data-table-key=key data-key-name=format!("clubtd.table.{}.key", table.0)
            data-names=serde_json::to_string(&names).unwrap_or_default()
            data-words=words.to_string()></span>
    }
}

/// The table's state on top of its page, one line each (issue U.1): stopped and the TD
/// called, closed, its button asked for, a break with its colour-up.
#[component]
fn TableState(view: TableFaceView, read_only: bool) -> impl IntoView {
    let i18n = use_i18n();
    let Some(tv) = view.table.clone() else {
        return ().into_any();
    };
    // A table a player waits to come to is told so in its moves, with the same request for
    // its button (TDA 25); the plain request is for the rest.
    let need_button = view.need_button && !view.arrival_waits() && !read_only;
    let clock = view.clock.clone();
    // A break (a level without a number) once the clock has started: its time left ticks
    // (`data-count-ms`), and the colour-up it brings is said on the same line.
    let on_break = (clock.started && clock.level.number.is_none() && !view.finished).then(|| {
        let colour_up = clock.level.colour_up;
        view! {
            <p class="state-line break" role="status" data-testid="table-break">
                {t!(i18n, break_)}" · "
                <span data-count-ms=clock.remaining_ms.to_string() data-running=clock.running.to_string()>{format_ms(clock.remaining_ms)}</span>
                {colour_up.map(|chip| view! { " · "{t!(i18n, colour_up, chip = chips(chip))} })}
            </p>
        }
    });
    view! {
        {tv.stopped.then(|| view! { <div class="stopped state-line" role="alert" data-testid="stopped">{t!(i18n, stopped)}</div> })}
        // Closed (broken, or by the final-table draw): where its players went is listed right
        // below, in the moves.
        {(!tv.open).then(|| view! { <div class="big-news" role="status" data-testid="table-closed">{t!(i18n, table_closed_here)}</div> })}
        {need_button.then(|| view! { <div class="state-line" role="alert" data-testid="need-button">{t!(i18n, need_button)}</div> })}
        {on_break}
    }
    .into_any()
}

/// Opens or closes the guided rulings: the same page with or without `rulings` in its
/// address (a plain link: it works before any script).
#[component]
fn RulingsToggle(open: bool) -> impl IntoView {
    let i18n = use_i18n();
    let kept = call::kept_query();
    view! {
        <form method="get" class="light-link">
            {kept.into_iter().map(|(k, v)| view! { <input type="hidden" name=k value=v /> }).collect_view()}
            {(!open).then(|| view! { <input type="hidden" name="rulings" value="1" /> })}
            <button class="wide rulings-open" data-testid="table-rulings" aria-expanded=open.to_string()>{t!(i18n, table_rulings)}</button>
        </form>
    }
}
