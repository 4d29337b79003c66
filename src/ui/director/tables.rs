//! The director's tables overview: every open table with its count, button and state;
//! stopped tables stand out (PKR4U 13); the balancing plan with one-tap confirm and its
//! settings (TDA 25); breaking a table, the final table and hand-for-hand (seed 000).

use super::super::components::ConfirmButton;
use super::super::live::CommandAction;
use super::corrections::{Correction, CorrectionButton, PendingCorrection};
use crate::domain::command::{
    BreakTable, Command, ConfirmArrival, DrawFinalTable, MovePlayer, SetBalancing, SetHandForHand,
};
use crate::domain::event::MoveReason;
use crate::domain::view::TournamentView;
use crate::i18n::*;
use crate::ui::components::colon;
use leptos::prelude::*;

/// Tables, balancing, breaking, final table, hand-for-hand.
#[component]
pub fn TablesPanel(
    view: TournamentView,
    send: CommandAction,
    pending: PendingCorrection,
) -> impl IntoView {
    let i18n = use_i18n();
    let busy = Signal::derive(move || send.pending().get());
    let settings = view.balancing;
    let h4h = view.hand_for_hand;
    let tiles = view
        .tables
        .iter()
        .filter(|t| t.open)
        .map(|t| {
            let n = t.table.0;
            let done = h4h.is_some() && t.hand_done;
            let needs_button = view.plan.need_button.contains(&t.table);
            view! {
                <li class="table-tile" class:stopped=t.stopped class:done=done data-testid=format!("table-tile-{n}")>
                    <a rel="external" href=format!("/table/{n}")>{t!(i18n, table_n, n = n)}</a>
                    <span class="count">{t.seats.len()}"/"{t.size}</span>
                    <span class="button-at">{t!(i18n, button)}{colon()}{t.button.map(|b| b.0.to_string()).unwrap_or_else(|| "?".into())}</span>
                    {t.stopped.then(|| view! { <span class="alarm">{t!(i18n, stopped)}</span> })}
                    {needs_button.then(|| view! { <span class="alarm" data-testid=format!("needs-button-{n}")>{t!(i18n, button_needed)}</span> })}
                    {done.then(|| view! { <span class="ok">{t!(i18n, hand_finished)}</span> })}
                </li>
            }
        })
        .collect_view();
    let moves = view
        .plan
        .moves
        .iter()
        .map(|m| {
            let name = view.player_name(m.player);
            let command = Command::MovePlayer(MovePlayer {
                player: m.player,
                to: m.to,
                reason: MoveReason::Balance,
            });
            view! {
                <li>
                    {name}" ("{m.from.table.0}"·"{m.from.seat.0}") "{t!(i18n, move_to)}" "{m.to.table.0}"·"{m.to.seat.0}
                    <button data-testid="plan-confirm" disabled=move || send.pending().get() on:click=move |_| { send.dispatch(command.clone()); }>{t!(i18n, confirm)}</button>
                </li>
            }
        })
        .collect_view();
    // TDA 25: moves whose seat waits for the receiving table's button; nothing to confirm yet.
    let waiting = view
        .plan
        .waiting
        .iter()
        .map(|w| {
            let name = view.player_name(w.player);
            view! {
                <li data-testid="plan-waiting">
                    {name}" ("{w.from.table.0}"·"{w.from.seat.0}") "{t!(i18n, move_to)}" "{w.to_table.0}{colon()}
                    <span class="alarm">{t!(i18n, waits_for_button, table = w.to_table.0)}</span>
                </li>
            }
        })
        .collect_view();
    let no_moves = view.plan.moves.is_empty() && view.plan.waiting.is_empty();
    let break_next = view.plan.break_next;
    // The table broken last can be reopened when it was broken too early.
    let reopenable = view
        .last_redraw
        .as_ref()
        .and_then(|r| r.broken)
        .filter(|b| view.tables.iter().any(|t| t.table == *b && !t.open));
    let final_ready =
        view.plan.final_table_ready && view.tables.iter().filter(|t| t.open).count() > 1;
    let trigger_options = (2..=view.tables.first().map_or(10, |t| t.size))
        .map(|n| view! { <option value=n.to_string() selected=n == settings.trigger>{n}</option> })
        .collect_view();
    view! {
        <section class="panel">
            <h3>{t!(i18n, tables)}</h3>
            <ul class="table-grid">{tiles}</ul>
            <h3>{t!(i18n, balancing)}</h3>
            <div class="balancing-settings">
                <label class="check">
                    <input type="checkbox" data-testid="balancing-automatic" prop:checked=settings.automatic
                        on:change=move |ev| { send.dispatch(Command::SetBalancing(SetBalancing { automatic: event_target_checked(&ev), trigger: settings.trigger })); } />
                    {if settings.automatic { t!(i18n, balancing_automatic).into_any() } else { t!(i18n, balancing_confirm_first).into_any() }}
                </label>
                <label>{t!(i18n, balance_trigger)}
                    <select data-testid="balance-trigger" on:change=move |ev| {
                        if let Ok(trigger) = event_target_value(&ev).parse() {
                            send.dispatch(Command::SetBalancing(SetBalancing { automatic: settings.automatic, trigger }));
                        }
                    }>{trigger_options}</select>
                </label>
            </div>
            {if no_moves {
                view! { <p>{t!(i18n, nothing_to_balance)}</p> }.into_any()
            } else {
                view! { <ul class="moves" data-testid="plan-moves">{moves}{waiting}</ul> }.into_any()
            }}
            <div class="table-actions">
                {break_next.map(|table| view! {
                    // Sends every player of the table to a new seat: asked first.
                    <ConfirmButton testid="break-table" busy on_confirm=move |_| { send.dispatch(Command::BreakTable(BreakTable { table })); }>
                        {t!(i18n, break_table, table = table.0)}
                    </ConfirmButton>
                })}
                {reopenable.map(|table| view! {
                    <CorrectionButton correction=Correction::ReopenTable(table) pending testid="reopen-table">
                        {t!(i18n, reopen_table, table = table.0)}
                    </CorrectionButton>
                })}
                {final_ready.then(|| view! {
                    <ConfirmButton class="primary" testid="draw-final-table" busy on_confirm=move |_| { send.dispatch(Command::DrawFinalTable(DrawFinalTable {})); }>
                        {t!(i18n, draw_final_table)}
                    </ConfirmButton>
                })}
                <button data-testid="hand-for-hand-toggle" disabled=busy on:click=move |_| { send.dispatch(Command::SetHandForHand(SetHandForHand { on: h4h.is_none() })); }>
                    {t!(i18n, hand_for_hand)}{colon()}{if h4h.is_some() { t!(i18n, on).into_any() } else { t!(i18n, off).into_any() }}
                </button>
            </div>
        </section>
    }
}

/// PKR4U 18: players who got bonus chips and whose stack is not confirmed at a table yet;
/// once the level after the bonus has begun, their blinds are taken.
#[component]
pub fn BonusMissing(view: TournamentView, send: CommandAction) -> impl IntoView {
    let i18n = use_i18n();
    let taken = view.bonus_blinds_taken;
    let lines = view
        .bonus_missing
        .iter()
        .map(|p| {
            let player = *p;
            let seat = view
                .players
                .iter()
                .find(|x| x.player == player)
                .map(|x| format!("{} · {}", x.table.map_or(0, |t| t.0), x.seat.map_or(0, |s| s.0)))
                .unwrap_or_default();
            view! {
                <li>
                    <button class="small" data-testid="confirm-arrival" disabled=move || send.pending().get() on:click=move |_| { send.dispatch(Command::ConfirmArrival(ConfirmArrival { player })); }>{view.player_name(player)}" ("{seat}") · "{t!(i18n, arrived)}</button>
                </li>
            }
        })
        .collect_view();
    (!view.bonus_missing.is_empty()).then(|| view! {
        <section class="panel bonus-missing" data-testid="bonus-missing">
            <h3>{t!(i18n, bonus_missing)}{taken.then(|| view! { <span class="alarm">" — "{t!(i18n, bonus_blinds_taken)}</span> })}</h3>
            <ul class="bonus-list">{lines}</ul>
        </section>
    })
}
