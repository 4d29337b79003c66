//! The player's phone: find your seat, the clock, the field and the payouts, live. The name
//! searched for stays in the address and the cards come from the live view, so a move or a
//! bust shows without searching again (after a bust: the place and the prize).

use super::components::{
    prize_line, with_move, ClockPanel, FaceTitle, FieldFigures, LangSwitch, MoveBanner, Payouts,
};
use super::connection::OfflineBanner;
use super::light::LiveMark;
use super::live::{use_face, with_tournament};
use crate::domain::money::Cents;
use crate::domain::read::faces::seat_search::SeatSearchView;
use crate::i18n::*;
use leptos::prelude::*;
use leptos_router::hooks::{use_navigate, use_query_map};
use leptos_router::location::Url;
use leptos_router::NavigateOptions;

/// `/player`. The name searched for is in the address (`?name=…`): the form is a plain GET
/// form, so a tap on "Find my seat" works before the page's code has loaded (the server
/// renders the answer), and a phone reopened later shows the same seat cards again, the name
/// in the box (its `value`: the light page, `ui::light`, is only the server's rendering).
#[component]
pub fn PlayerPage() -> impl IntoView {
    let i18n = use_i18n();
    // The seat search's own view: names and seats, not the room's records (issue Y.4).
    let live = use_face::<SeatSearchView>(None, ());
    let params = use_query_map();
    let searched = Memo::new(move |_| params.with(|q| q.get("name")).unwrap_or_default());
    let query = RwSignal::new(searched.get_untracked());
    // The box follows the address: back and forward through the searches show each search's
    // name with its cards. Not on the first run: a name typed before the page's code loaded
    // stays as typed.
    Effect::new(move |before: Option<()>| {
        let name = searched.get();
        if before.is_some() {
            query.set(name);
        }
    });
    let navigate = use_navigate();
    let search = move |ev: leptos::ev::SubmitEvent| {
        // Once the page runs, the same search without reloading it; each search is a step in
        // the history, as the plain form's would be.
        ev.prevent_default();
        let path = format!("/player?name={}", Url::escape(query.get_untracked().trim()));
        navigate(
            &with_tournament(&path, live.choice.get_untracked()),
            NavigateOptions {
                scroll: false,
                ..Default::default()
            },
        );
    };
    // The one player found has a move planned: on top, big, with a chime, and in the title.
    let notice = Signal::derive(move || {
        let name = searched.try_get().unwrap_or_default();
        let view = live.view.try_get().flatten()?.ok().flatten()?.view;
        match view.seats_named(&name).as_slice() {
            [one] => one.move_to,
            _ => None,
        }
    });
    let face =
        Signal::derive(move || with_move(t_string!(i18n, face_player).to_string(), notice.get()));
    view! {
        <FaceTitle live face />
        <main class="page player">
            <MoveBanner notice />
            <header class="bar"><h1>{t!(i18n, face_player)}</h1><LangSwitch /></header>
            <OfflineBanner live />
            <form class="find" method="get" action="/player" on:submit=search>
                <label>{t!(i18n, your_name)}
                    <input type="search" name="name" data-testid="find-name" autocomplete="off" value=searched.get_untracked() prop:value=query on:input=move |ev| query.set(event_target_value(&ev)) />
                </label>
                {move || live.choice.get().map(|t| view! { <input type="hidden" name="t" value=t /> })}
                <button type="submit" data-testid="find-seat">{t!(i18n, find_my_seat)}</button>
            </form>
            <Transition fallback=|| ()>
                {move || {
                    let name = searched.get();
                    (!name.trim().is_empty()).then(|| live.view.get().map(|v| {
                        let view = v.ok().flatten().map(|l| l.view);
                        view! { <SeatCards name view /> }
                    }))
                }}
            </Transition>
            <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
                {move || live.view.get().map(|v| match v {
                    Ok(Some(l)) => view! {
                        <LiveMark tournament=l.tournament seq=l.last_seq />
                        <ClockPanel live clock=l.view.clock.clone() finished=l.view.finished />
                        <FieldFigures field=l.view.field />
                        <Payouts prizes=l.view.prizes />
                    }.into_any(),
                    _ => view! { <p>{t!(i18n, no_tournament)}</p> }.into_any(),
                })}
            </Transition>
        </main>
    }
}

/// The players whose name holds `name`, as the live view has them now: seat, or place and
/// prize once out.
#[component]
fn SeatCards(name: String, view: Option<SeatSearchView>) -> impl IntoView {
    let i18n = use_i18n();
    let ticket = view.as_ref().and_then(|v| v.prizes.ticket.clone());
    let cards: Vec<_> = view
        .map(|v| v.seats_named(&name).into_iter().cloned().collect())
        .unwrap_or_default();
    if cards.is_empty() {
        return view! { <p class="answer" role="status" data-testid="no-match">{t!(i18n, no_match)}</p> }.into_any();
    }
    view! {
        <ul class="found-seats" data-testid="seat-cards">
            {cards.into_iter().map(|p| {
                // A planned move, under the seat it leaves.
                let moving = p.move_to.map(|n| {
                    let text = match n.seat {
                        Some(seat) => t_string!(i18n, move_to_seat, table = n.to.0, seat = seat.0).to_string(),
                        None => t_string!(i18n, move_to_table, table = n.to.0).to_string(),
                    };
                    view! { <span class="move" data-testid="seat-card-move">{text}</span> }
                });
                view! {
                    <li class="found-seat" data-testid=format!("seat-card-{}", p.player.0)>
                        <span class="name">{p.name.clone()}</span>
                        {match (p.table, p.seat, p.place) {
                            (Some(t), Some(s), _) => view! {
                                <span class="where">{t!(i18n, table_n, n = t.0)}" · "{t!(i18n, seat)}" "{s.0}</span>
                            }.into_any(),
                            // The prize only where there is one (no "prize € 0.00").
                            (_, _, Some(place)) if p.prize > Cents::ZERO || p.ticket => view! {
                                <span class="where" data-testid="seat-card-out">{t!(i18n, table_my_seat_out, place = place, prize = prize_line(p.prize, ticket.as_ref().filter(|_| p.ticket)))}</span>
                            }.into_any(),
                            (_, _, Some(place)) => view! {
                                <span class="where" data-testid="seat-card-out">{t!(i18n, seat_out_no_prize, place = place)}</span>
                            }.into_any(),
                            _ => view! { <span class="where">{t!(i18n, busted)}</span> }.into_any(),
                        }}
                        {moving}
                    </li>
                }
            }).collect_view()}
        </ul>
    }
    .into_any()
}
