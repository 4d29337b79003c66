//! Every player with status, seat, stack and entries, searchable, with what the director can
//! do for each: re-entry with option A or B (PKR4U 11 / 29), a wrong bust revived, an early
//! leave (FIDPA), a disqualification (TDA 33), rebuys and the add-on where the tournament sells
//! them (with the tables' requests for a rebuy on top), and the corrections of each.

use super::super::components::{
    chips, euro, view_part, Answer, ConfirmButton, PaymentMethodPicker,
};
use super::super::live::{with_tournament, CommandAction};
use super::corrections::{Correction, CorrectionButton, PendingCorrection};
use crate::domain::command::{AddOn, Command, LeaveEarly, ReEnter, ReEntryOption, Rebuy};
use crate::domain::event::PaymentMethod;
use crate::domain::ids::{PlayerId, SeatNo, TableNo};
use crate::domain::money::Cents;
use crate::domain::state::PlayerStatus;
use crate::domain::view::{PlayerView, TournamentView};
use crate::i18n::*;
use leptos::prelude::*;

// The desk's search is every search's (case, accents and spacing aside): "José" is found by
// "jose".
use crate::domain::names::name_contains;

/// The players list with its actions. The search box, the payment method and the presence
/// check sit outside the list; a row is drawn anew only when its player changed.
#[component]
pub fn PlayersPanel(
    #[prop(into)] view: Signal<Option<TournamentView>>,
    send: CommandAction,
    pending: PendingCorrection,
    /// The tournament shown, for the receipt links.
    shown: Signal<Option<i64>>,
    /// The player whose sheet is open (chips, name, penalty…).
    selected: RwSignal<Option<PlayerId>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let query = RwSignal::new(String::new());
    let method = RwSignal::new(PaymentMethod::Cash);
    let present = RwSignal::new(true);
    let busy = Signal::derive(move || send.pending().get());
    // Whose seat the last tap may have changed (a re-entry, a rebuy): once accepted, the seat
    // is shown big in the answer (issue U.6), not only as row text. Every tap of the panel
    // sends through `send_one`, so the seat shown is always the last command's.
    let seated_anew = RwSignal::new(None::<PlayerId>);
    // One command per tap (a second tap while the first is on its way sends nothing).
    let send_one = move |command: Command, seats: Option<PlayerId>| {
        if send.pending().get_untracked() {
            return;
        }
        seated_anew.set(seats);
        send.dispatch(command);
    };
    let re_enter = move |player, option| {
        send_one(
            Command::ReEnter(ReEnter {
                player,
                option,
                method: method.get_untracked(),
                present: present.get_untracked(),
            }),
            Some(player),
        )
    };
    // Rebuys and the add-on are money too: the second tap buys.
    let rebuy = move |player, double| {
        send_one(
            Command::Rebuy(Rebuy {
                player,
                double,
                stack: None,
                method: method.get_untracked(),
                present: present.get_untracked(),
            }),
            Some(player),
        )
    };
    let add_on = move |player| {
        send_one(
            Command::AddOn(AddOn {
                player,
                method: method.get_untracked(),
                present: present.get_untracked(),
            }),
            None,
        )
    };
    // The prices on the buttons: the desk says what to take.
    let prices = view_part(view, Prices::of);
    let purchases = move |p: &PlayerView, prices: &Prices| {
        let player = p.player;
        let Prices {
            rebuy: rebuy_price,
            double: double_price,
            add_on: add_on_price,
        } = prices.clone();
        let id = p.player.0;
        view! {
            {p.can_rebuy.then(|| view! {
                <ConfirmButton class="small buy" testid=format!("rebuy-{id}") busy on_confirm=move |_| rebuy(player, false)>{t!(i18n, rebuy)}" "{rebuy_price.clone()}</ConfirmButton>
                {double_price.clone().map(|price| view! {
                    <ConfirmButton class="small buy" testid=format!("rebuy-double-{id}") busy on_confirm=move |_| rebuy(player, true)>{t!(i18n, double_rebuy)}" "{price.clone()}</ConfirmButton>
                })}
            })}
            {p.can_add_on.then(|| view! {
                <ConfirmButton class="small buy" testid=format!("add-on-{id}") busy on_confirm=move |_| add_on(player)>{t!(i18n, add_on)}" "{add_on_price.clone()}</ConfirmButton>
            })}
            {p.can_cancel_rebuy.then(|| view! {
                <CorrectionButton correction=Correction::CancelRebuy(player) pending testid=format!("cancel-rebuy-{id}")>{t!(i18n, cancel_rebuy)}</CorrectionButton>
            })}
            {p.can_cancel_add_on.then(|| view! {
                <CorrectionButton correction=Correction::CancelAddOn(player) pending testid=format!("cancel-add-on-{id}")>{t!(i18n, cancel_add_on)}</CorrectionButton>
            })}
        }
    };
    let row = move |(p, prices): (PlayerView, Prices)| {
        let bought = purchases(&p, &prices);
        let player = p.player;
        let id = p.player.0;
        let status = match p.status {
            PlayerStatus::Playing => t!(i18n, playing).into_any(),
            PlayerStatus::Busted => t!(i18n, busted).into_any(),
            PlayerStatus::LeftEarly => t!(i18n, left_early).into_any(),
            PlayerStatus::Disqualified => t!(i18n, disqualified).into_any(),
            PlayerStatus::Unregistered => t!(i18n, unregistered).into_any(),
        };
        let seat = match (p.table, p.seat) {
            (Some(t), Some(s)) => format!("{} · {}", t.0, s.0),
            _ => "—".into(),
        };
        let actions = match p.status {
            PlayerStatus::Playing => view! {
                <ConfirmButton class="small" testid=format!("leave-early-{id}") busy on_confirm=move |_| send_one(Command::LeaveEarly(LeaveEarly { player }), None)>{t!(i18n, leave_early)}</ConfirmButton>
                <CorrectionButton correction=Correction::Disqualify(player) pending testid=format!("disqualify-{id}")>{t!(i18n, disqualify)}</CorrectionButton>
                {p.can_cancel_entry.then(|| view! {
                    <CorrectionButton correction=Correction::CancelEntry(player) pending testid=format!("cancel-entry-{id}")>{t!(i18n, cancel_entry)}</CorrectionButton>
                })}
            }.into_any(),
            PlayerStatus::Busted => view! {
                // A re-entry is money: the second tap buys it.
                <ConfirmButton class="small" testid=format!("re-enter-a-{id}") busy on_confirm=move |_| re_enter(player, ReEntryOption::SameSeat)>{t!(i18n, re_enter_same_seat)}</ConfirmButton>
                <ConfirmButton class="small" testid=format!("re-enter-b-{id}") busy on_confirm=move |_| re_enter(player, ReEntryOption::NewSeat)>{t!(i18n, re_enter_new_seat)}</ConfirmButton>
                <CorrectionButton correction=Correction::Revive(player) pending testid=format!("revive-{id}")>{t!(i18n, revive)}</CorrectionButton>
            }.into_any(),
            PlayerStatus::LeftEarly | PlayerStatus::Disqualified => view! {
                <CorrectionButton correction=Correction::Reinstate(player) pending testid=format!("reinstate-{id}")>{t!(i18n, reinstate)}</CorrectionButton>
            }.into_any(),
            PlayerStatus::Unregistered => ().into_any(),
        };
        view! {
            <li class="player-row" data-testid=format!("player-row-{id}")>
                <span class="who"><b>{p.name.clone()}</b>" "<span class="status">{status}</span></span>
                <span class="where">{seat}</span>
                <span class="stack">{chips(p.stack)}</span>
                <span class="entries">"×"{p.entries}
                    {(p.rebuys > 0).then(|| view! { " +"{p.rebuys}"R" })}
                    {(p.add_ons > 0).then_some(" +A")}
                </span>
                <span class="actions">{bought}{actions}
                    <button class="small" data-testid=format!("more-{id}") on:click=move |_| selected.set(Some(player))>{t!(i18n, more_actions)}</button>
                    <a class="face small-link" data-testid=format!("receipt-{id}")
                        href=move || with_tournament(&format!("/director/receipt/{id}"), shown.get())>{t!(i18n, receipt)}</a>
                </span>
            </li>
        }
    };
    // Each row is drawn anew only when its player (or a price) changed: a live update leaves
    // the other rows' buttons under the director's finger, an armed one armed.
    let rows = Memo::new(move |_| {
        let q = query.get();
        let prices = prices.get().unwrap_or_default();
        view.with(|v| {
            v.as_ref()
                .map(|v| {
                    v.players
                        .iter()
                        .filter(|p| p.status != PlayerStatus::Unregistered)
                        .filter(|p| q.trim().is_empty() || name_contains(&p.name, &q))
                        .map(|p| (p.clone(), prices.clone()))
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    });
    // The tables' requests for a rebuy, oldest first: the desk takes the money here.
    let rebuy_asks = view_part(view, |v| {
        asked_players(v, &v.rebuy_requests)
            .into_iter()
            .map(|p| {
                // A busted player has no seat of their own; the seat held for the rebuy
                // (`TableView::held`) says which table asks, and where the player goes back.
                let held = v.tables.iter().find_map(|t| {
                    t.held
                        .iter()
                        .find(|h| h.player == p.player)
                        .map(|h| (t.table, h.seat))
                });
                (p, held)
            })
            .collect::<Vec<_>>()
    });
    let requests = move || {
        let asks = rebuy_asks.get()?;
        let price = prices.get().unwrap_or_default().rebuy;
        let held: std::collections::BTreeMap<PlayerId, (TableNo, SeatNo)> = asks
            .iter()
            .filter_map(|(p, h)| h.map(|h| (p.player, h)))
            .collect();
        request_list(
            "rebuy",
            t!(i18n, rebuy_requests).into_any(),
            asks.into_iter().map(|(p, _)| p).collect(),
            move |p| {
                let (player, id) = (p.player, p.player.0);
                let at = match (held.get(&player), p.table) {
                    (Some((table, seat)), _) => Some(
                        t_string!(i18n, table_seat, table = table.0, seat = seat.0).to_string(),
                    ),
                    (None, Some(table)) => Some(t_string!(i18n, table_n, n = table.0).to_string()),
                    (None, None) => None,
                };
                let price = price.clone();
                view! {
                    {at.map(|at| view! { " · "<span data-testid=format!("rebuy-request-at-{id}")>{at}</span> })}" "
                    <ConfirmButton class="small buy" testid=format!("rebuy-request-buy-{id}") busy on_confirm=move |_| rebuy(player, false)>{t!(i18n, rebuy)}" "{price.clone()}</ConfirmButton>
                }
                .into_any()
            },
        )
    };
    // Re-entries busted players asked for from their phones (issue T), oldest first: A or B.
    let reentry_asks = view_part(view, |v| asked_players(v, &v.reentry_requests));
    let reentry_requests = move || {
        request_list(
            "reentry",
            t!(i18n, reentry_requests).into_any(),
            reentry_asks.get()?,
            move |p| {
                let (player, id) = (p.player, p.player.0);
                view! {
                    " "
                    <ConfirmButton class="small" testid=format!("reentry-request-a-{id}") busy on_confirm=move |_| re_enter(player, ReEntryOption::SameSeat)>{t!(i18n, re_enter_same_seat)}</ConfirmButton>
                    <ConfirmButton class="small" testid=format!("reentry-request-b-{id}") busy on_confirm=move |_| re_enter(player, ReEntryOption::NewSeat)>{t!(i18n, re_enter_new_seat)}</ConfirmButton>
                }
                .into_any()
            },
        )
    };
    view! {
        <section class="panel players" data-testid="players-panel">
            <h3>{t!(i18n, players)}</h3>
            <div class="players-tools">
                <input type="search" data-testid="players-search" autocomplete="off" prop:placeholder=move || t_string!(i18n, search_players)
                    prop:value=query on:input=move |ev| query.set(event_target_value(&ev)) />
                <PaymentMethodPicker method testid="reentry-method" />
                <label class="check">
                    <input type="checkbox" prop:checked=present on:change=move |ev| present.set(event_target_checked(&ev)) />
                    {t!(i18n, present_confirm)}
                </label>
            </div>
            <AnswerDock reply=send.value().into() view seated_anew />
            {requests}
            {reentry_requests}
            <ul class="player-list">
                <For each=move || rows.get() key=|r| r.clone() children=row />
            </ul>
        </section>
    }
}

/// What the players list's buttons ask for rebuys and the add-on, in euros.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct Prices {
    rebuy: String,
    /// Only where double rebuys are sold.
    double: Option<String>,
    add_on: String,
}

impl Prices {
    fn of(v: &TournamentView) -> Prices {
        let rebuy = v.rebuy.map(|r| r.price());
        Prices {
            rebuy: rebuy.map(euro).unwrap_or_default(),
            double: v
                .rebuy
                .filter(|r| r.double)
                .map(|r| euro(Cents(r.price().0 * 2))),
            add_on: v.add_on.map(|a| euro(a.price())).unwrap_or_default(),
        }
    }
}

/// The players a list of requests names, in its order (oldest first).
fn asked_players(v: &TournamentView, asked: &[PlayerId]) -> Vec<PlayerView> {
    asked
        .iter()
        .filter_map(|r| v.players.iter().find(|p| p.player == *r).cloned())
        .collect()
}

/// Requests waiting at the desk (rebuys from the tables, re-entries from the phones): one line
/// a player, the name then `actions`; nothing when nobody asks. Test ids `{kind}-requests` and
/// `{kind}-request-{player}`.
fn request_list(
    kind: &'static str,
    title: AnyView,
    asked: Vec<PlayerView>,
    actions: impl Fn(&PlayerView) -> AnyView,
) -> Option<AnyView> {
    (!asked.is_empty()).then(|| {
        view! {
            <div class="rebuy-requests" data-testid=format!("{kind}-requests") role="status">
                <h4>{title}</h4>
                <ul>{asked.iter().map(|p| view! {
                    <li data-testid=format!("{kind}-request-{}", p.player.0)>
                        <b>{p.name.clone()}</b>{actions(p)}
                    </li>
                }).collect_view()}</ul>
            </div>
        }
        .into_any()
    })
}

/// The players section's answer (issue U.6): the rows run far below the fold on a tablet, so
/// the answer to a row's tap shows in a box at the bottom of the screen, in view wherever the
/// tap was; after a re-entry or a rebuy it shows the seat big. It lets taps through (nothing
/// under it is hidden from a finger), and an accepted answer fades once it is old; a refusal
/// stays until the next answer.
#[component]
fn AnswerDock(
    reply: Signal<Option<Result<crate::server_fns::CommandReply, ServerFnError>>>,
    view: Signal<Option<TournamentView>>,
    seated_anew: RwSignal<Option<PlayerId>>,
) -> impl IntoView {
    use crate::server_fns::CommandReply;
    let i18n = use_i18n();
    // Old news goes: an accepted answer leaves the screen after a while (a refusal stays).
    let old = super::super::components::aged(reply, 8_000);
    move || {
        let accepted = matches!(reply.get()?, Ok(CommandReply::Accepted { .. }));
        let seat = move || {
            let player = seated_anew.get().filter(|_| accepted)?;
            let p = view.with(|v| {
                v.as_ref()?
                    .players
                    .iter()
                    .find(|p| p.player == player)
                    .cloned()
            })?;
            let (table, seat) = (p.table?, p.seat?);
            Some(view! {
                <div class="seat-drawn" data-testid="seat-changed">
                    <span class="label">{p.name}</span>
                    <span class="big">{t!(i18n, table_n, n = table.0)}" · "{t!(i18n, seat)}" "{seat.0}</span>
                </div>
            })
        };
        Some(view! {
            <div class="answer-dock" class:old=move || accepted && old.get() data-testid="players-answer">
                <Answer reply view />
                {seat}
            </div>
        })
    }
}
