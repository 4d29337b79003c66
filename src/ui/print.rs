//! `/director/print/:sheet?t=<tournament>`: what a club prints on its ordinary printer, black
//! on white and with nothing but the sheet on paper:
//! - `cards`: seat cards (name, table, seat, the personal link's QR code), every seated player's
//!   on A4 to cut out, or one player's (`&player=<id>`, from the desk right after the draw);
//!   `&width=80` lays them out for an 80 mm receipt printer, one card per slip;
//! - `seating`: the seating list by table and by name, for the wall at the door;
//! - `payouts`: the prize pool (and the guarantee), what each place pays, and the results so
//!   far;
//! - `signup`: the door's poster, the sign-up page's QR code big (issue T);
//! - `signups`: the list of sign-ups waiting, in order, with a box to tick when each pays.
//!
//! The QR sheet of the tables (`/director/tables`) and a player's receipt
//! (`/director/receipt/:player`) are printable pages of their own.

use crate::domain::money::Cents;
use crate::domain::read::faces::pieces::{FieldView, PrizeList};
use crate::domain::state::PlayerStatus;
use crate::domain::view::{QueueState, TournamentView};
use crate::i18n::*;
use crate::server_fns::{get_view, seat_cards, sign_up_door, SeatCard};
use crate::ui::club::DirectorOnly;
use crate::ui::components::{
    date_time_of, euro, method_label, payout_lines, result_prize, zone_offset, GuaranteeFigures,
    LangSwitch, PurchaseFigures,
};
use crate::ui::live::{use_tournament_choice, with_tournament};
use leptos::prelude::*;
use leptos_router::hooks::{use_params_map, use_query_map};

/// The sheets this page prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sheet {
    Cards,
    Seating,
    Payouts,
    SignUp,
    SignUps,
}

impl Sheet {
    fn from_path(s: &str) -> Option<Sheet> {
        match s {
            "cards" => Some(Sheet::Cards),
            "seating" => Some(Sheet::Seating),
            "payouts" => Some(Sheet::Payouts),
            "signup" => Some(Sheet::SignUp),
            "signups" => Some(Sheet::SignUps),
            _ => None,
        }
    }
}

/// `/director/print/:sheet`.
#[component]
pub fn PrintPage() -> impl IntoView {
    let i18n = use_i18n();
    let params = use_params_map();
    let query = use_query_map();
    let choice = use_tournament_choice();
    // `try_*`: see `use_live` (the owner may be gone before a task runs on the server).
    let sheet = Memo::new(move |_| {
        params
            .try_with(|p| p.get("sheet").and_then(|s| Sheet::from_path(&s)))
            .flatten()
    });
    let one_player = Memo::new(move |_| {
        query
            .try_with(|q| q.get("player").and_then(|s| s.trim().parse::<u32>().ok()))
            .flatten()
    });
    let receipt_width = Memo::new(move |_| {
        query
            .try_with(|q| q.get("width").is_some_and(|w| w == "80"))
            .unwrap_or(false)
    });
    let print = move |_| {
        #[cfg(feature = "hydrate")]
        {
            let _ = window().print();
        }
    };
    let tab = move |to: &'static str, label: AnyView| {
        view! {
            <a class="face small-link" class:current=move || sheet.get() == Sheet::from_path(to)
                href=move || with_tournament(&format!("/director/print/{to}"), choice.get())
                data-testid=format!("print-tab-{to}")>{label}</a>
        }
    };
    view! {
        <main class="page print-page">
            <header class="bar no-print"><h1>{t!(i18n, print_sheets)}</h1>
                {tab("cards", t!(i18n, seat_cards).into_any())}
                {tab("seating", t!(i18n, seating_list).into_any())}
                {tab("payouts", t!(i18n, payout_sheet).into_any())}
                {tab("signup", t!(i18n, sign_up_sheet).into_any())}
                {tab("signups", t!(i18n, sign_up_list).into_any())}
                <a class="face small-link" href=move || with_tournament("/director", choice.get()) data-testid="back-to-director">{t!(i18n, face_director)}</a>
                <button class="primary" data-testid="print-sheet" on:click=print>{t!(i18n, print)}</button>
                <LangSwitch />
            </header>
            {move || match sheet.get() {
                Some(Sheet::Cards) => view! { <SeatCards choice player=one_player receipt_width /> }.into_any(),
                Some(Sheet::SignUp) => view! { <SignUpPoster choice /> }.into_any(),
                Some(s) => view! { <ViewSheet choice sheet=s /> }.into_any(),
                None => view! { <p class="answer error" role="alert">{t!(i18n, not_found)}</p> }.into_any(),
            }}
        </main>
    }
}

/// Seat cards: every seated player's, by table and seat, or one player's.
#[component]
fn SeatCards(
    choice: Memo<Option<i64>>,
    player: Memo<Option<u32>>,
    receipt_width: Memo<bool>,
) -> impl IntoView {
    let i18n = use_i18n();
    let cards = Resource::new(
        move || (choice.try_get().flatten(), player.try_get().flatten()),
        |(tournament, player)| seat_cards(tournament, player),
    );
    view! {
        <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
            {move || cards.get().map(|r| match r {
                Ok(cards) if cards.is_empty() => view! { <p data-testid="no-cards">{t!(i18n, no_seat_cards)}</p> }.into_any(),
                Ok(cards) => view! {
                    <ul class="seat-cards" class:receipt-width=move || receipt_width.get() data-testid="seat-cards">
                        {cards.into_iter().map(|c| view! { <SeatCardView card=c /> }).collect_view()}
                    </ul>
                }.into_any(),
                Err(_) => view! { <DirectorOnly /> }.into_any(),
            })}
        </Transition>
    }
}

/// One card: big table and seat numbers to find the chair, the name, and the code that opens
/// the player's own page (stack, payouts, the clock) on their phone.
#[component]
fn SeatCardView(card: SeatCard) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <li class="seat-card" data-testid=format!("seat-card-{}", card.player.0)>
            <p class="seat-card-tournament">{card.tournament.clone()}</p>
            <p class="seat-card-name" data-testid="seat-card-name">{card.name.clone()}</p>
            <dl class="seat-card-seat">
                <div><dt>{t!(i18n, table)}</dt><dd data-testid="seat-card-table">{card.table}</dd></div>
                <div><dt>{t!(i18n, seat)}</dt><dd data-testid="seat-card-seat">{card.seat}</dd></div>
            </dl>
            <div class="qr" inner_html=card.qr_svg.clone()></div>
            <p class="seat-card-hint">{t!(i18n, seat_card_hint)}</p>
        </li>
    }
}

/// The door's poster: the sign-up page's QR code, big, with its address for a phone that
/// reads no QR codes.
#[component]
fn SignUpPoster(choice: Memo<Option<i64>>) -> impl IntoView {
    let i18n = use_i18n();
    let door = Resource::new(move || choice.try_get().flatten(), sign_up_door);
    view! {
        <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
            {move || door.get().map(|r| match r {
                Ok(d) => view! {
                    <article class="print-sheet sign-up-poster" data-testid="sign-up-poster">
                        <h2>{t!(i18n, sign_up_title)}</h2>
                        <div class="qr" inner_html=d.qr_svg></div>
                        <p class="poster-hint">{t!(i18n, sign_up_sheet_hint)}</p>
                        <p class="poster-url" data-testid="sign-up-url">{d.url}</p>
                    </article>
                }.into_any(),
                Err(_) => view! { <p>{t!(i18n, no_tournament)}</p> }.into_any(),
            })}
        </Transition>
    }
}

/// The sheets made from the tournament's view: the seating list and the payout sheet.
#[component]
fn ViewSheet(choice: Memo<Option<i64>>, sheet: Sheet) -> impl IntoView {
    let i18n = use_i18n();
    let view = Resource::new(move || choice.try_get().flatten(), get_view);
    view! {
        <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
            {move || view.get().map(|r| match r {
                Ok(Some(live)) if sheet == Sheet::Seating => view! { <SeatingList view=live.view /> }.into_any(),
                Ok(Some(live)) if sheet == Sheet::SignUps => view! { <SignUpList view=live.view /> }.into_any(),
                Ok(Some(live)) => view! { <PayoutSheet view=live.view /> }.into_any(),
                Ok(None) => view! { <p>{t!(i18n, no_tournament)}</p> }.into_any(),
                Err(_) => view! { <DirectorOnly /> }.into_any(),
            })}
        </Transition>
    }
}

/// The players seated, in the order of the list.
struct Seated {
    name: String,
    table: u16,
    seat: u8,
}

/// Who sits where, twice: by table and seat (for the tables) and by name (for a player at the
/// door looking for their own).
#[component]
fn SeatingList(view: TournamentView) -> impl IntoView {
    let i18n = use_i18n();
    let mut seated: Vec<Seated> = view
        .players
        .iter()
        .filter(|p| p.status == PlayerStatus::Playing)
        .filter_map(|p| {
            Some(Seated {
                name: p.name.clone(),
                table: p.table?.0,
                seat: p.seat?.0,
            })
        })
        .collect();
    seated.sort_by_key(|s| (s.table, s.seat));
    let by_table = seated
        .iter()
        .map(|s| view! { <tr><td class="num">{s.table}</td><td class="num">{s.seat}</td><td>{s.name.clone()}</td></tr> })
        .collect_view();
    // Case-blind. Not accent-blind like the club's player list: code shared by two lazy
    // chunks may be moved into the part every phone loads, and that folding carries Unicode
    // tables (not measured; the list is for the wall).
    seated.sort_by_cached_key(|s| s.name.to_lowercase());
    let by_name = seated
        .iter()
        .map(|s| view! { <tr><td>{s.name.clone()}</td><td class="num">{s.table}</td><td class="num">{s.seat}</td></tr> })
        .collect_view();
    view! {
        <article class="print-sheet" data-testid="seating-list">
            <h2>{view.name.clone()}" · "{t!(i18n, seating_list)}</h2>
            <div class="print-columns">
                <table data-testid="seating-by-table">
                    <caption>{t!(i18n, by_table)}</caption>
                    <thead><tr><th class="num">{t!(i18n, table)}</th><th class="num">{t!(i18n, seat)}</th><th>{t!(i18n, player_sheet)}</th></tr></thead>
                    <tbody>{by_table}</tbody>
                </table>
                <table data-testid="seating-by-name">
                    <caption>{t!(i18n, by_name)}</caption>
                    <thead><tr><th>{t!(i18n, player_sheet)}</th><th class="num">{t!(i18n, table)}</th><th class="num">{t!(i18n, seat)}</th></tr></thead>
                    <tbody>{by_name}</tbody>
                </table>
            </div>
        </article>
    }
}

/// The sign-ups waiting, in the order they came (the desk's order), with how each said they
/// would pay and an empty box to tick at the desk: for an evening with many sign-ups made
/// beforehand, or a desk without its tablet.
#[component]
fn SignUpList(view: TournamentView) -> impl IntoView {
    let i18n = use_i18n();
    let offset = zone_offset();
    let rows = view
        .door
        .queue
        .iter()
        .map(|l| {
            let since = l.since.0;
            let state = match l.state {
                QueueState::ToTheDesk => t!(i18n, called_to_desk).into_any(),
                QueueState::Waiting { place } => t!(i18n, on_waiting_list, place = place).into_any(),
                QueueState::Closed => t!(i18n, registration_closed).into_any(),
            };
            view! {
                <tr data-testid=format!("list-{}", l.entry.0)>
                    <td class="num">{l.entry.0}</td><td>{l.name.clone()}</td><td>{method_label(i18n, l.method)}</td>
                    <td class="num">{move || date_time_of(since, offset.get())}</td><td>{state}</td><td class="tick">"☐"</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <article class="print-sheet" data-testid="sign-up-list">
            <h2>{view.name.clone()}" · "{t!(i18n, sign_up_list)}</h2>
            <p>{t!(i18n, signed_up_count, count = view.door.signed_up)}" · "{t!(i18n, door_counts, waiting = view.door.queue.len(), free = view.door.free_seats)}</p>
            {view.door.queue.is_empty().then(|| view! { <p>{t!(i18n, door_empty)}</p> })}
            <table>
                <thead><tr><th class="num">"#"</th><th>{t!(i18n, player_sheet)}</th><th>{t!(i18n, payment_method)}</th><th class="num">{t!(i18n, signed_up_at)}</th><th>{t!(i18n, status)}</th><th>{t!(i18n, paid_column)}</th></tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </article>
    }
}

/// The prize pool, each place's prize and the places decided so far.
#[component]
fn PayoutSheet(view: TournamentView) -> impl IntoView {
    let i18n = use_i18n();
    let places = payout_lines(&PrizeList::of(&view))
        .into_iter()
        .map(|l| view! { <tr><td class="num">{l.label.clone()}</td><td class="num">{l.amount()}</td></tr> })
        .collect_view();
    let mut decided: Vec<_> = view
        .results
        .iter()
        .filter_map(|r| {
            Some((
                r.place?,
                r.name.clone(),
                result_prize(view.ticket.as_ref(), r),
                r.bounties,
            ))
        })
        .collect();
    decided.sort_by_key(|(place, ..)| *place);
    let results = (!decided.is_empty()).then(|| {
        let rows = decided
            .into_iter()
            .map(|(place, name, prize, bounties)| view! {
                <tr><td class="num">{place}</td><td>{name}</td><td class="num">{prize}</td>
                    <td class="num">{(bounties != Cents::ZERO).then(|| euro(bounties))}</td></tr>
            })
            .collect_view();
        view! {
            <table data-testid="print-results">
                <caption>{t!(i18n, results)}</caption>
                <thead><tr><th class="num">{t!(i18n, place)}</th><th>{t!(i18n, player_sheet)}</th><th class="num">{t!(i18n, prize)}</th><th class="num">{t!(i18n, bounties_won)}</th></tr></thead>
                <tbody>{rows}</tbody>
            </table>
        }
    });
    view! {
        <article class="print-sheet" data-testid="payout-sheet">
            <h2>{view.name.clone()}" · "{t!(i18n, payout_sheet)}</h2>
            <dl class="figures">
                <div><dt>{t!(i18n, entries)}</dt><dd>{view.entries}</dd></div>
                <PurchaseFigures field=FieldView::of(&view) />
                <div><dt>{t!(i18n, prize_pool)}</dt><dd data-testid="print-pool">{euro(view.prize_pool)}</dd></div>
                <GuaranteeFigures guarantee=view.guarantee overlay=view.overlay />
            </dl>
            <div class="print-columns">
                <table data-testid="print-payouts">
                    <caption>{t!(i18n, payouts)}</caption>
                    <thead><tr><th class="num">{t!(i18n, place)}</th><th class="num">{t!(i18n, prize)}</th></tr></thead>
                    <tbody>{places}</tbody>
                </table>
                {results}
            </div>
        </article>
    }
}
