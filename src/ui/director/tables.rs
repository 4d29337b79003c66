//! The director's tables overview: every open table with its count, button and state;
//! stopped tables stand out (PKR4U 13); the balancing plan with one-tap confirm and its
//! settings (TDA 25); breaking a table, the final table and hand-for-hand (seed 000).
//!
//! Each part is drawn anew only when what it shows changes (`view_part`): a bust at another
//! table must not swap the button under the director's finger (session 35: Leptos rebuilt
//! the plain elements in place, but a component such as the break table's `ConfirmButton`
//! was made anew at every live update, and a tap at that moment was lost).

use super::super::components::{view_part, ConfirmButton};
use super::super::live::CommandAction;
use super::corrections::{Correction, CorrectionButton, PendingCorrection};
use crate::domain::command::{
    BreakTable, Command, ConfirmArrival, DrawFinalTable, MovePlayer, SetBalancing, SetHandForHand,
};
use crate::domain::event::MoveReason;
use crate::domain::ids::{PlayerId, TableNo};
use crate::domain::view::TournamentView;
use crate::i18n::*;
use crate::ui::components::colon;
use leptos::prelude::*;

/// One table's tile, as far as the tile shows it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Tile {
    table: u16,
    seated: usize,
    size: u8,
    button: Option<u8>,
    stopped: bool,
    hand_done: bool,
    needs_button: bool,
}

fn tiles(v: &TournamentView) -> Vec<Tile> {
    v.tables
        .iter()
        .filter(|t| t.open)
        .map(|t| Tile {
            table: t.table.0,
            seated: t.seats.len(),
            size: t.size,
            button: t.button.map(|b| b.0),
            stopped: t.stopped,
            hand_done: v.hand_for_hand.is_some() && t.hand_done,
            needs_button: v.plan.need_button.contains(&t.table),
        })
        .collect()
}

/// A balancing move as the plan lists it: the named ones carry their command.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct PlanLine {
    name: String,
    from: (u16, u8),
    to_table: u16,
    /// The seat and its command; `None` while the receiving table's button is not set.
    to_seat: Option<(u8, MovePlayer)>,
}

fn plan_lines(v: &TournamentView) -> Vec<PlanLine> {
    let named = v.plan.moves.iter().map(|m| PlanLine {
        name: v.player_name(m.player),
        from: (m.from.table.0, m.from.seat.0),
        to_table: m.to.table.0,
        to_seat: Some((
            m.to.seat.0,
            MovePlayer {
                player: m.player,
                to: m.to,
                reason: MoveReason::Balance,
            },
        )),
    });
    // TDA 25: moves whose seat waits for the receiving table's button; nothing to confirm yet.
    let waiting = v.plan.waiting.iter().map(|w| PlanLine {
        name: v.player_name(w.player),
        from: (w.from.table.0, w.from.seat.0),
        to_table: w.to_table.0,
        to_seat: None,
    });
    named.chain(waiting).collect()
}

/// The table broken last, while it can be reopened (it was broken too early).
fn reopenable(v: &TournamentView) -> Option<TableNo> {
    v.last_redraw
        .as_ref()
        .and_then(|r| r.broken)
        .filter(|b| v.tables.iter().any(|t| t.table == *b && !t.open))
}

/// Tables, balancing, breaking, final table, hand-for-hand.
#[component]
pub fn TablesPanel(
    #[prop(into)] view: Signal<Option<TournamentView>>,
    send: CommandAction,
    pending: PendingCorrection,
) -> impl IntoView {
    let i18n = use_i18n();
    let busy = Signal::derive(move || send.pending().get());
    let tiles = view_part(view, tiles);
    let plan = view_part(view, plan_lines);
    let settings = view_part(view, |v| v.balancing);
    let largest = view_part(view, |v| v.tables.first().map_or(10, |t| t.size));
    let tile = move |t: Tile| {
        let n = t.table;
        view! {
            <li class="table-tile" class:stopped=t.stopped class:done=t.hand_done data-testid=format!("table-tile-{n}")>
                <a rel="external" href=format!("/table/{n}")>{t!(i18n, table_n, n = n)}</a>
                <span class="count">{t.seated}"/"{t.size}</span>
                <span class="button-at">{t!(i18n, button)}{colon()}{t.button.map(|b| b.to_string()).unwrap_or_else(|| "?".into())}</span>
                {t.stopped.then(|| view! { <span class="alarm">{t!(i18n, stopped)}</span> })}
                {t.needs_button.then(|| view! { <span class="alarm" data-testid=format!("needs-button-{n}")>{t!(i18n, button_needed)}</span> })}
                {t.hand_done.then(|| view! { <span class="ok">{t!(i18n, hand_finished)}</span> })}
            </li>
        }
    };
    let plan_line = move |m: PlanLine| {
        let (from_table, from_seat) = m.from;
        match m.to_seat {
            Some((seat, command)) => view! {
                <li>
                    {m.name}" ("{from_table}"·"{from_seat}") "{t!(i18n, move_to)}" "{m.to_table}"·"{seat}
                    <button data-testid="plan-confirm" disabled=busy on:click=move |_| { send.dispatch(Command::MovePlayer(command.clone())); }>{t!(i18n, confirm)}</button>
                </li>
            }
            .into_any(),
            None => view! {
                <li data-testid="plan-waiting">
                    {m.name}" ("{from_table}"·"{from_seat}") "{t!(i18n, move_to)}" "{m.to_table}{colon()}
                    <span class="alarm">{t!(i18n, waits_for_button, table = m.to_table)}</span>
                </li>
            }
            .into_any(),
        }
    };
    let balancing = move || {
        let settings = settings.get()?;
        let options = (2..=largest.get().unwrap_or(10))
            .map(|n| view! { <option value=n.to_string() selected=n == settings.trigger>{n}</option> })
            .collect_view();
        Some(view! {
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
                    }>{options}</select>
                </label>
            </div>
        })
    };
    // Each table action on its own part: one changing leaves the others' buttons in place.
    let break_next = view_part(view, |v| v.plan.break_next);
    let reopenable = view_part(view, reopenable);
    let final_ready = view_part(view, |v| {
        v.plan.final_table_ready && v.tables.iter().filter(|t| t.open).count() > 1
    });
    let h4h = view_part(view, |v| v.hand_for_hand.is_some());
    view! {
        <section class="panel">
            <h3>{t!(i18n, tables)}</h3>
            <ul class="table-grid">
                <For each=move || tiles.get().unwrap_or_default() key=|t| t.clone() children=tile />
            </ul>
            <h3>{t!(i18n, balancing)}</h3>
            {balancing}
            <Show when=move || plan.with(|p| p.as_ref().is_some_and(|p| !p.is_empty()))
                fallback=move || view! { <p>{t!(i18n, nothing_to_balance)}</p> }>
                <ul class="moves" data-testid="plan-moves">
                    <For each=move || plan.get().unwrap_or_default() key=|m| m.clone() children=plan_line />
                </ul>
            </Show>
            <div class="table-actions">
                {move || break_next.get().flatten().map(|table| view! {
                    // Sends every player of the table to a new seat: asked first.
                    <ConfirmButton testid="break-table" busy on_confirm=move |_| { send.dispatch(Command::BreakTable(BreakTable { table })); }>
                        {t!(i18n, break_table, table = table.0)}
                    </ConfirmButton>
                })}
                {move || reopenable.get().flatten().map(|table| view! {
                    <CorrectionButton correction=Correction::ReopenTable(table) pending testid="reopen-table">
                        {t!(i18n, reopen_table, table = table.0)}
                    </CorrectionButton>
                })}
                {move || final_ready.get().unwrap_or(false).then(|| view! {
                    <ConfirmButton class="primary" testid="draw-final-table" busy on_confirm=move |_| { send.dispatch(Command::DrawFinalTable(DrawFinalTable {})); }>
                        {t!(i18n, draw_final_table)}
                    </ConfirmButton>
                })}
                <button data-testid="hand-for-hand-toggle" disabled=busy on:click=move |_| { send.dispatch(Command::SetHandForHand(SetHandForHand { on: !h4h.get_untracked().unwrap_or(false) })); }>
                    {t!(i18n, hand_for_hand)}{colon()}{move || if h4h.get().unwrap_or(false) { t!(i18n, on).into_any() } else { t!(i18n, off).into_any() }}
                </button>
            </div>
        </section>
    }
}

/// A player whose bonus stack waits to be confirmed: the name and where they sit.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct BonusLine {
    player: PlayerId,
    name: String,
    seat: String,
}

fn bonus_lines(v: &TournamentView) -> (Vec<BonusLine>, bool) {
    let lines = v
        .bonus_missing
        .iter()
        .map(|&player| BonusLine {
            player,
            name: v.player_name(player),
            seat: v
                .players
                .iter()
                .find(|x| x.player == player)
                .map(|x| {
                    format!(
                        "{} · {}",
                        x.table.map_or(0, |t| t.0),
                        x.seat.map_or(0, |s| s.0)
                    )
                })
                .unwrap_or_default(),
        })
        .collect();
    (lines, v.bonus_blinds_taken)
}

/// PKR4U 18: players who got bonus chips and whose stack is not confirmed at a table yet;
/// once the level after the bonus has begun, their blinds are taken.
#[component]
pub fn BonusMissing(
    #[prop(into)] view: Signal<Option<TournamentView>>,
    send: CommandAction,
) -> impl IntoView {
    let i18n = use_i18n();
    let missing = view_part(view, bonus_lines);
    let line = move |b: BonusLine| {
        let player = b.player;
        view! {
            <li>
                <button class="small" data-testid="confirm-arrival" disabled=move || send.pending().get() on:click=move |_| { send.dispatch(Command::ConfirmArrival(ConfirmArrival { player })); }>{b.name}" ("{b.seat}") · "{t!(i18n, arrived)}</button>
            </li>
        }
    };
    let shown = move || missing.with(|m| m.as_ref().is_some_and(|(lines, _)| !lines.is_empty()));
    let taken = move || missing.with(|m| m.as_ref().is_some_and(|(_, taken)| *taken));
    view! {
        <Show when=shown>
            <section class="panel bonus-missing" data-testid="bonus-missing">
                <h3>{t!(i18n, bonus_missing)}{move || taken().then(|| view! { <span class="alarm">" — "{t!(i18n, bonus_blinds_taken)}</span> })}</h3>
                <ul class="bonus-list">
                    <For each=move || missing.get().map(|(lines, _)| lines).unwrap_or_default() key=|b| b.clone() children=line />
                </ul>
            </section>
        </Show>
    }
}
