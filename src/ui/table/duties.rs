//! What a table keeps track of between hands, on its light page: running penalties (PKR4U 4,
//! TDA 33), abandoned stacks in a bounty event (PKR4U 6), bonus stacks to confirm (PKR4U 18),
//! rebuys asked for its busted players and hand-for-hand (seed 000, FIDPA).

use super::send::{BuildForm, SendForm};
use crate::domain::command::{
    Command, ConfirmArrival, FinishHand, ReportPenaltyHandServed, RequestRebuy,
};
use crate::domain::event::PenaltyKind;
use crate::domain::ids::{PlayerId, TableNo};
use crate::domain::read::faces::table::TableFaceView;
use crate::domain::state::PlayerStatus;
use crate::domain::view::TableView;
use crate::i18n::*;
use crate::ui::components::{chips, euro, format_ms, lang_code};
use crate::ui::ruling::reason_text;
use leptos::prelude::*;

/// Where a penalty's time goes in its words ("{time} left", "nog {time}").
const TIME_MARK: &str = "\u{1}";

/// Penalties of the players at this table, with what is left to serve. A hands penalty
/// counts down with one tap per hand played (or by itself in hand-for-hand); a timed one
/// ticks on the device (`data-count-ms`).
#[component]
pub fn TablePenalties(view: TableFaceView, table: TableNo, read_only: bool) -> impl IntoView {
    let i18n = use_i18n();
    let lang = lang_code(i18n.get_locale_untracked());
    let situations = crate::domain::rulings::situations();
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
                    (_, Some(n), _) => view! {
                        <span class="hands-left" data-testid="penalty-hands-left">{t!(i18n, hands_left, n = n)}</span>
                        {(!read_only).then(|| view! {
                            <SendForm command=Command::ReportPenaltyHandServed(ReportPenaltyHandServed { table, player })
                                label=t_string!(i18n, penalty).to_string()>
                                <button class="primary" data-testid="penalty-hand">{t!(i18n, hand_played)}</button>
                            </SendForm>
                        })}
                    }
                    .into_any(),
                    (_, _, Some(ms)) if ms > 0 => {
                        // The words around the time, which ticks on the device.
                        let words = t_string!(i18n, time_left, time = TIME_MARK).to_string();
                        let (before, after) = words.split_once(TIME_MARK).unwrap_or(("", ""));
                        let (before, after) = (before.to_string(), after.to_string());
                        view! {
                            {before}
                            <span data-count-ms=ms.to_string() data-running="true">{format_ms(ms)}</span>
                            {after}
                        }
                        .into_any()
                    }
                    (_, _, Some(_)) => t!(i18n, served).into_any(),
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
pub fn AbandonedStacks(tv: TableView) -> impl IntoView {
    let i18n = use_i18n();
    let table = tv.table;
    let players = tv.seats.clone();
    tv.abandoned
        .into_iter()
        .map(|a| {
            let options = players
                .iter()
                .map(|s| view! { <option value=s.player.0.to_string()>{format!("{} · {}", s.seat.0, s.name)}</option> })
                .collect_view();
            view! {
                <section class="panel abandoned" data-testid="abandoned">
                    <BuildForm builder="abandoned" table=table.0 key=format!("abandoned-{}", a.seat.0)
                        label=t_string!(i18n, cmd_other).to_string()>
                        <p>{t!(i18n, abandoned_stack, name = a.owner_name.clone(), chips = chips(a.chips), bounty = euro(a.bounty))}</p>
                        <input type="hidden" name="seat" value=a.seat.0.to_string() />
                        <label>{t!(i18n, stack_gone)}
                            <select name="winner">
                                <option value="">"—"</option>
                                {options}
                            </select>
                        </label>
                        <button class="primary">{t!(i18n, confirm)}</button>
                    </BuildForm>
                </section>
            }
        })
        .collect_view()
}

/// PKR4U 18: the players of this table who got bonus chips and whose stack the table has not
/// confirmed yet. Once the level after the bonus has begun, the blinds of a stack still
/// missing are taken.
#[component]
pub fn BonusArrivals(view: TableFaceView, table: TableNo) -> impl IntoView {
    let i18n = use_i18n();
    let mut here: Vec<_> = view
        .players
        .iter()
        .filter(|p| p.table == Some(table) && view.bonus_missing.contains(&p.player))
        .map(|p| (p.player, p.name.clone(), p.seat.map_or(0, |s| s.0)))
        .collect();
    here.sort_by_key(|(_, _, seat)| *seat);
    let taken = view.bonus_blinds_taken;
    let label = t_string!(i18n, bonus_stack_here).to_string();
    // At the start every stack of the table may be waiting: one tap (confirmed) says they are
    // all here, each still its own command, so one refused does not hold back the others.
    let everyone: Vec<PlayerId> = here.iter().map(|(p, _, _)| *p).collect();
    let all = (everyone.len() > 1).then(|| {
        let n = everyone.len();
        let ids = everyone.iter().map(|p| p.0.to_string()).collect::<Vec<_>>().join(",");
        view! {
            <BuildForm builder="arrivals" table=table.0 label=label.clone() arm=t_string!(i18n, confirm).to_string()>
                <input type="hidden" name="players" value=ids />
                <button class="primary wide" data-testid="bonus-all-here">{t!(i18n, bonus_all_here, n = n)}</button>
            </BuildForm>
        }
    });
    (!here.is_empty()).then(|| {
        let lines = here
            .into_iter()
            .map(|(player, name, seat)| {
                view! {
                    <li>
                        <span>{t!(i18n, seat)}" "{seat}" · "<b>{name}</b></span>
                        <SendForm command=Command::ConfirmArrival(ConfirmArrival { player }) label=label.clone()>
                            <button data-testid=format!("bonus-here-{}", player.0)>{t!(i18n, bonus_stack_here)}</button>
                        </SendForm>
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
pub fn HandForHand(view: TableFaceView, table: TableNo, read_only: bool) -> impl IntoView {
    let i18n = use_i18n();
    let done = view.table.as_ref().is_some_and(|tv| tv.hand_done);
    view.hand_for_hand.map(|hand| {
        view! {
            <section class="panel hand-for-hand" data-testid="hand-for-hand">
                <h2>{t!(i18n, hand_for_hand)}" · "{t!(i18n, hand_n, n = hand)}</h2>
                {if read_only {
                    ().into_any()
                } else if done {
                    view! { <p data-testid="hand-waiting">{t!(i18n, waiting_other_tables)}</p> }.into_any()
                } else {
                    view! {
                        <SendForm command=Command::FinishHand(FinishHand { table }) label=t_string!(i18n, hand_finished).to_string()>
                            <button class="primary wide" data-testid="hand-finished">{t!(i18n, hand_finished)}</button>
                        </SendForm>
                    }.into_any()
                }}
            </section>
        }
    })
}

/// Rebuys from the table: a player busted here who may still rebuy is listed with one tap
/// that asks the desk for the rebuy. Once asked, the line says so until the desk has sold it.
#[component]
pub fn RebuyAsks(view: TableFaceView, table: TableNo) -> impl IntoView {
    let i18n = use_i18n();
    let here: Vec<_> = view
        .players
        .iter()
        .filter(|p| p.status == PlayerStatus::Busted && p.can_rebuy && p.rebuy_table == Some(table))
        .map(|p| {
            (
                p.player,
                p.name.clone(),
                view.rebuy_requests.contains(&p.player),
            )
        })
        .collect();
    (!here.is_empty()).then(|| {
        let lines = here
            .into_iter()
            .map(|(player, name, asked)| {
                let id = player.0;
                view! {
                    <li data-testid=format!("table-rebuy-{id}")>
                        <b>{name}</b>
                        {if asked {
                            view! { <span class="hint" data-testid=format!("rebuy-asked-{id}")>{t!(i18n, rebuy_asked)}</span> }.into_any()
                        } else {
                            view! {
                                <SendForm command=Command::RequestRebuy(RequestRebuy { player }) label=t_string!(i18n, ask_rebuy).to_string()>
                                    <button data-testid=format!("ask-rebuy-{id}")>{t!(i18n, ask_rebuy)}</button>
                                </SendForm>
                            }.into_any()
                        }}
                    </li>
                }
            })
            .collect_view();
        view! {
            <section class="panel table-rebuys" data-testid="table-rebuys">
                <h2>{t!(i18n, rebuy_open_here)}</h2>
                <ul class="bonus-list">{lines}</ul>
            </section>
        }
    })
}
