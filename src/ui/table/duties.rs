//! What a table keeps track of between hands: running penalties (PKR4U 4, TDA 33), abandoned
//! stacks in a bounty event (PKR4U 6), bonus stacks to confirm (PKR4U 18) and hand-for-hand
//! (seed 000, FIDPA).

use super::super::components::{chips, euro, format_ms, lang_code, ConfirmButton};
use super::super::live::{CommandAction, Live};
use super::super::ruling::reason_text;
use crate::domain::command::{
    Command, ConfirmArrival, FinishHand, ReportAbandonedStackGone, ReportPenaltyHandServed,
};
use crate::domain::event::PenaltyKind;
use crate::domain::ids::{PlayerId, TableNo};
use crate::domain::read::faces::table::TableFaceView;
use crate::domain::rulings::SituationSummary;
use crate::domain::view::TableView;
use crate::i18n::*;
use leptos::prelude::*;

/// Penalties of the players at this table, with what is left to serve. A hands penalty
/// counts down with one tap per hand played (or by itself in hand-for-hand).
#[component]
pub fn TablePenalties(
    view: TableFaceView,
    table: TableNo,
    live: Live<TableFaceView>,
    send: CommandAction,
    read_only: bool,
    /// The guided situations, to name a ruling's penalty by its situation.
    situations: Vec<SituationSummary>,
) -> impl IntoView {
    let i18n = use_i18n();
    let lang = lang_code(i18n.get_locale_untracked());
    let here: Vec<_> = view
        .penalties
        .iter()
        .filter(|p| p.table == Some(table))
        .cloned()
        .collect();
    (!here.is_empty()).then(|| {
        let lines = here
            .into_iter()
            .map(|p| {
                let player = p.player;
                let status = match (p.kind, p.hands_left, p.ms_left) {
                    (PenaltyKind::Warning, _, _) => t!(i18n, warning).into_any(),
                    (_, Some(0), _) => t!(i18n, served).into_any(),
                    // One tap per hand played; disabled while the tap is on its way, so a
                    // double tap counts one hand.
                    (_, Some(n), _) => view! {
                        <span class="hands-left" data-testid="penalty-hands-left">{t!(i18n, hands_left, n = n)}</span>
                        {(!read_only).then(|| view! {
                            <button class="primary" data-testid="penalty-hand" disabled=move || send.pending().get() on:click=move |_| {
                                if !send.pending().get_untracked() {
                                    send.dispatch(Command::ReportPenaltyHandServed(ReportPenaltyHandServed { table, player }));
                                }
                            }>{t!(i18n, hand_played)}</button>
                        })}
                    }
                    .into_any(),
                    (_, _, Some(ms)) => {
                        // Counts down on the device between updates.
                        let left = move || {
                            let elapsed = (live.now.get() - live.received_at.get()).max(0.0) as i64;
                            ms - elapsed
                        };
                        (move || {
                            if left() <= 0 {
                                t!(i18n, served).into_any()
                            } else {
                                t!(i18n, time_left, time = format_ms(left())).into_any()
                            }
                        })
                        .into_any()
                    }
                    _ => ().into_any(),
                };
                view! {
                    <li data-testid="penalty">
                        <b>{p.name.clone()}</b>" · "{reason_text(&p.reason, &situations, lang)}" · "{status}
                    </li>
                }
            })
            .collect_view();
        view! {
            <section class="panel penalties">
                <h2>{t!(i18n, penalties)}</h2>
                <ul>{lines}</ul>
            </section>
        }
    })
}

/// PKR4U 6: the abandoned stacks at this table; when one pays its last chip the table says
/// who won that pot, and the bounty (anted with the last chip) goes to them.
#[component]
pub fn AbandonedStacks(tv: TableView, send: CommandAction) -> impl IntoView {
    let i18n = use_i18n();
    let table = tv.table;
    let players = tv.seats.clone();
    tv.abandoned
        .into_iter()
        .map(|a| {
            let winner = RwSignal::new(None::<PlayerId>);
            let seat = a.seat;
            let options = players
                .iter()
                .map(|s| view! { <option value=s.player.0.to_string()>{format!("{} · {}", s.seat.0, s.name)}</option> })
                .collect_view();
            view! {
                <section class="panel abandoned" data-testid="abandoned">
                    <p>{t!(i18n, abandoned_stack, name = a.owner_name.clone(), chips = chips(a.chips), bounty = euro(a.bounty))}</p>
                    <label>{t!(i18n, stack_gone)}
                        <select on:change=move |ev| winner.set(event_target_value(&ev).parse().ok().map(PlayerId))>
                            <option value="">"—"</option>
                            {options}
                        </select>
                    </label>
                    <button class="primary" disabled=move || send.pending().get() on:click=move |_| {
                        if let Some(w) = winner.get_untracked() {
                            send.dispatch(Command::ReportAbandonedStackGone(ReportAbandonedStackGone { table, seat, winners: vec![w] }));
                        }
                    }>{t!(i18n, confirm)}</button>
                </section>
            }
        })
        .collect_view()
}

/// PKR4U 18: the players of this table who got bonus chips and whose stack the table has not
/// confirmed yet. The table sees them sit down, so it says so itself; once the level after
/// the bonus has begun, the blinds of a stack still missing are taken.
#[component]
pub fn BonusArrivals(view: TableFaceView, table: TableNo, send: CommandAction) -> impl IntoView {
    let i18n = use_i18n();
    let mut here: Vec<_> = view
        .players
        .iter()
        .filter(|p| p.table == Some(table) && view.bonus_missing.contains(&p.player))
        .map(|p| (p.player, p.name.clone(), p.seat.map_or(0, |s| s.0)))
        .collect();
    here.sort_by_key(|(_, _, seat)| *seat);
    let taken = view.bonus_blinds_taken;
    // At the start every stack of the table may be waiting: one tap confirms them all (each
    // still its own command, so one refused does not hold back the others).
    let everyone: Vec<PlayerId> = here.iter().map(|(p, _, _)| *p).collect();
    let all = (everyone.len() > 1).then(|| {
        let n = everyone.len();
        view! {
            <ConfirmButton testid="bonus-all-here" busy=send.pending() class="primary wide"
                on_confirm=move |_| { for player in everyone.iter().copied() { send.dispatch(Command::ConfirmArrival(ConfirmArrival { player })); } }>
                {t!(i18n, bonus_all_here, n = n)}
            </ConfirmButton>
        }
    });
    (!here.is_empty()).then(|| {
        let lines = here
            .into_iter()
            .map(|(player, name, seat)| {
                view! {
                    <li>
                        <span>{t!(i18n, seat)}" "{seat}" · "<b>{name}</b></span>
                        <button data-testid=format!("bonus-here-{}", player.0)
                            disabled=move || send.pending().get()
                            on:click=move |_| { send.dispatch(Command::ConfirmArrival(ConfirmArrival { player })); }>
                            {t!(i18n, bonus_stack_here)}
                        </button>
                    </li>
                }
            })
            .collect_view();
        view! {
            <section class="panel bonus-arrivals" data-testid="table-bonus">
                <h2>{t!(i18n, bonus_missing)}</h2>
                {taken.then(|| view! { <p class="alarm">{t!(i18n, bonus_blinds_taken)}</p> })}
                <ul class="bonus-list">{lines}</ul>
                {all}
            </section>
        }
    })
}

/// Seed 000 / FIDPA: in hand-for-hand the table says when its hand is over; the next hand
/// starts everywhere once every table has.
#[component]
pub fn HandForHand(
    view: TableFaceView,
    tv: TableView,
    send: CommandAction,
    read_only: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    let table = tv.table;
    view.hand_for_hand.map(|hand| {
        view! {
            <section class="panel hand-for-hand" data-testid="hand-for-hand">
                <h2>{t!(i18n, hand_for_hand)}" · "{t!(i18n, hand_n, n = hand)}</h2>
                {if read_only {
                    ().into_any()
                } else if tv.hand_done {
                    view! { <p data-testid="hand-waiting">{t!(i18n, waiting_other_tables)}</p> }.into_any()
                } else {
                    view! {
                        <button class="primary wide" data-testid="hand-finished" on:click=move |_| {
                            send.dispatch(Command::FinishHand(FinishHand { table }));
                        }>{t!(i18n, hand_finished)}</button>
                    }.into_any()
                }}
            </section>
        }
    })
}
