//! The table's device (opened from the QR code on the table): its seats and button, its
//! blinds and the ante for its own count, the clock, move instructions, bust reports,
//! penalties and abandoned stacks, hand-for-hand, the clock call, the call for the TD and the
//! guided rulings, its own chip count, rebuys asked for its busted players, and the stop
//! screen. Without its key (or with a key
//! replaced by a new code) the page only shows, and asks for the table's QR code.

mod bust_report;
mod call;
mod chip_count;
mod clock_call;
mod duties;
mod moves;
mod rebuys;
mod seats;
mod state;

use super::components::{chips, Answer, ClockPanel, FaceTitle, LangSwitch};
use super::connection::OfflineBanner;
use super::live::{command_action, use_face_keyed};
use super::ruling::RulingFlow;
use crate::domain::ids::TableNo;
use crate::domain::read::faces::table::TableFaceView;
use crate::i18n::*;
use crate::server_fns::CommandReply;
use bust_report::{BustDraft, BustReportForm};
use call::CallPanel;
use chip_count::{ChipCount, CountDraft};
use clock_call::ClockCall;
use duties::{AbandonedStacks, BonusArrivals, HandForHand, TablePenalties};
use leptos::prelude::*;
use leptos_router::hooks::{use_params_map, use_query_map};
use moves::TableMoves;
use rebuys::RebuyAsks;
use seats::Seats;
use state::TableState;

/// `/table/:n`.
#[component]
pub fn TablePage() -> impl IntoView {
    let i18n = use_i18n();
    let params = use_params_map();
    let table =
        // (`try_with`: see `use_live`; read after the page's owner is gone, it must not panic.)
        move || {
            params
                .try_with(|p| p.get("n").and_then(|n| n.parse::<u16>().ok()))
                .flatten()
                .unwrap_or(0)
        };
    // The table's own view: its seats, moves, calls and penalties, not the room's (issue Y.4).
    let live = use_face_keyed::<TableFaceView>(None, Signal::derive(move || TableNo(table())));
    let query = use_query_map();
    // The table's key comes from its QR code (`?key=`) and is remembered on the device.
    let key = RwSignal::new(query.with_untracked(|q| q.get("key")));
    // The server does not know the key (a new code replaced it, or it was never this
    // table's): the page turns read-only instead of failing at every tap.
    let key_refused = RwSignal::new(false);
    let read_only = Memo::new(move |_| key.get().is_none() || key_refused.get());
    #[cfg(feature = "hydrate")]
    Effect::new(move |_| {
        let storage = crate::ui::device::device_storage();
        let name = format!("clubtd.table.{}.key", table());
        match (key.get_untracked(), storage) {
            (Some(k), Some(s)) => {
                let _ = s.set_item(&name, &k);
            }
            (None, Some(s)) => key.set(s.get_item(&name).ok().flatten()),
            _ => {}
        }
    });
    let shown = Memo::new(move |_| live.shown().get());
    // Checked once per key (and tournament), before any tap.
    #[cfg(feature = "hydrate")]
    Effect::new(move |_| {
        let (Some(k), tournament, n) = (key.get(), shown.get(), table()) else {
            return;
        };
        leptos::task::spawn_local(async move {
            if let Ok(false) = crate::server_fns::table_key_valid(tournament, n, k).await {
                key_refused.set(true);
            }
        });
    });
    let send = command_action(key, shown.into());
    // The bust reports have an action of their own: their answer shows under their Confirm.
    let report = command_action(key, shown.into());
    // The table's phone lies on the felt all evening: its screen stays on.
    Effect::new(move |_| crate::ui::wake::keep_screen_awake());
    // A command refused for want of a valid key says the same.
    Effect::new(move |_| {
        for action in [send, report] {
            if let Some(Ok(CommandReply::Rejected(r))) = action.value().get() {
                if r.code == "UNAUTHENTICATED" {
                    key_refused.set(true);
                }
            }
        }
    });
    let show_flow = RwSignal::new(false);
    let draft = BustDraft::new();
    let count = CountDraft::new(send);
    let situations = Resource::new(|| (), |_| crate::server_fns::ruling_situations());
    // The seats for the guided rulings' amounts, one field per seat.
    let hand_seats = Signal::derive(move || {
        live.view
            .try_get()
            .flatten()
            .and_then(|r| r.ok())
            .flatten()
            .and_then(|l| l.view.table)
            .map(|tv| tv.seats.into_iter().map(|s| (s.seat, s.name)).collect())
            .unwrap_or_default()
    });
    let face = Signal::derive(move || t_string!(i18n, table_n, n = table()).to_string());
    view! {
        <FaceTitle live face />
        <main class="page table-page">
            <header class="bar"><h1>{move || t!(i18n, table_n, n = table())}</h1><LangSwitch /></header>
            <OfflineBanner live />
            <Show when=move || read_only.get()>
                <div class="answer read-only" role="alert" data-testid="not-paired">
                    <p>{t!(i18n, scan_qr)}</p>
                    <p class="hint">{move || if key_refused.get() { t!(i18n, table_key_replaced).into_any() } else { t!(i18n, table_read_only).into_any() }}</p>
                </div>
            </Show>
            <Answer reply=send.value().into() />
            // The table's state on top, one line each (issue U.1), then its moves.
            <Transition fallback=|| ()>
                {move || live.view.get().map(|v| v.ok().flatten().and_then(|l| {
                    let n = TableNo(table());
                    let tv = l.view.table.clone()?;
                    let ro = read_only.get();
                    Some(view! {
                        <TableState view=l.view.clone() tv=tv.clone() live read_only=ro />
                        <TableMoves view=l.view.clone() table=n send read_only=ro />
                        <HandForHand view=l.view.clone() tv send read_only=ro />
                    })
                }))}
            </Transition>
            <Show when=move || !read_only.get()>
                <section class="table-actions" data-testid="table-actions">
                    <Transition fallback=|| ()>
                        {move || live.view.get().map(|v| v.ok().flatten().map(|l| {
                            let n = TableNo(table());
                            view! {
                                <CallPanel table=n call=l.view.call.clone() server_now=l.view.clock.read_at.0
                                    live send on_call=Callback::new(move |_| show_flow.set(true)) />
                            }
                        }))}
                    </Transition>
                    <button class="wide rulings-open" data-testid="table-rulings" aria-expanded=move || show_flow.get().to_string()
                        on:click=move |_| show_flow.update(|s| *s = !*s)>{t!(i18n, table_rulings)}</button>
                </section>
                <Show when=move || show_flow.get()>
                    // A recorded ruling's sheet closes by itself; the answer stays on top.
                    <RulingFlow table=Some(table()) send seats=hand_seats on_done=Callback::new(move |_| show_flow.set(false)) />
                </Show>
            </Show>
            <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
                {move || live.view.get().map(|v| match v {
                    Ok(Some(l)) => {
                        let n = TableNo(table());
                        let Some(tv) = l.view.table.clone() else {
                            return view! { <p class="answer error">{t!(i18n, no_such_table)}</p> }.into_any();
                        };
                        let ro = read_only.get();
                        let situations = situations.get().and_then(|r| r.ok()).unwrap_or_default();
                        view! {
                            // The bust report first: the dealer's job all evening (U.1).
                            {(!ro).then(|| view! {
                                <BustReportForm table=n seats=tv.seats.clone() registration_open=l.view.registration_open draft send=report view=l.view.clone() />
                                <RebuyAsks view=l.view.clone() table=n send />
                            })}
                            // PKR4U 18 is due early in the evening: right under the bust report.
                            {(!ro).then(|| view! { <BonusArrivals view=l.view.clone() table=n send /> })}
                            <ClockPanel live clock=l.view.clock.clone() finished=l.view.finished />
                            <p class="table-ante" data-testid="table-ante">{t!(i18n, ante)}": "{chips(tv.ante)}</p>
                            <Seats tv=tv.clone() send read_only=ro />
                            <TablePenalties view=l.view.clone() table=n live send read_only=ro situations />
                            {(!ro).then(|| view! {
                                <AbandonedStacks tv=tv.clone() send />
                                <ChipCount table=n seats=tv.seats.clone() send draft=count />
                            })}
                        }.into_any()
                    }
                    _ => view! { <p>{t!(i18n, no_tournament)}</p> }.into_any(),
                })}
            </Transition>
            <Show when=move || !read_only.get()>
                <ClockCall live />
            </Show>
        </main>
    }
}
