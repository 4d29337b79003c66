//! The player's phone: find your seat, the clock, the field and the payouts, live. The seat
//! search remembers who was found and shows them from the live view, so a move or a bust
//! shows without searching again (after a bust: the place and the prize).

use super::components::{prize_line, ClockPanel, FieldFigures, LangSwitch, Payouts};
use super::connection::OfflineBanner;
use super::live::use_live;
use crate::domain::ids::PlayerId;
use crate::domain::view::TournamentView;
use crate::i18n::*;
use leptos::prelude::*;

/// `/player`.
#[component]
pub fn PlayerPage() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    let query = RwSignal::new(String::new());
    let shown = live.shown();
    let search = Action::new(move |q: &String| {
        crate::server_fns::find_seat(q.clone(), shown.get_untracked())
    });
    view! {
        <main class="page player">
            <header class="bar"><h1>{t!(i18n, face_player)}</h1><LangSwitch /></header>
            <OfflineBanner live />
            <form class="find" on:submit=move |ev| { ev.prevent_default(); search.dispatch(query.get_untracked()); }>
                <label>{t!(i18n, your_name)}
                    <input type="search" data-testid="find-name" autocomplete="off" prop:value=query on:input=move |ev| query.set(event_target_value(&ev)) />
                </label>
                <button type="submit" data-testid="find-seat">{t!(i18n, find_my_seat)}</button>
            </form>
            {move || search.value().get().map(|r| match r {
                Ok(found) if found.is_empty() => view! { <p class="answer">{t!(i18n, no_match)}</p> }.into_any(),
                Ok(found) => {
                    let ids: Vec<PlayerId> = found.iter().map(|p| p.player).collect();
                    view! {
                        <Transition fallback=|| ()>
                            {
                                let ids = ids.clone();
                                move || live.view.get().map(|v| {
                                    let view = v.ok().flatten().map(|l| l.view);
                                    view! { <SeatCards ids=ids.clone() view /> }
                                })
                            }
                        </Transition>
                    }.into_any()
                }
                Err(_) => view! { <p class="answer error" role="alert">{t!(i18n, server_error)}</p> }.into_any(),
            })}
            <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
                {move || live.view.get().map(|v| match v {
                    Ok(Some(l)) => view! {
                        <ClockPanel live clock=l.view.clock.clone() finished=l.view.finished />
                        <FieldFigures live=l.clone() />
                        <Payouts view=l.view.clone() />
                    }.into_any(),
                    _ => view! { <p>{t!(i18n, no_tournament)}</p> }.into_any(),
                })}
            </Transition>
        </main>
    }
}

/// The players found, as the live view has them now: seat, or place and prize once out.
#[component]
fn SeatCards(ids: Vec<PlayerId>, view: Option<TournamentView>) -> impl IntoView {
    let i18n = use_i18n();
    let cards: Vec<_> = view
        .map(|v| ids.iter().filter_map(|id| v.player_card(*id)).collect())
        .unwrap_or_default();
    view! {
        <ul class="seat-cards" data-testid="seat-cards">
            {cards.into_iter().map(|c| {
                let p = c.me;
                view! {
                    <li class="seat-card" data-testid=format!("seat-card-{}", p.player.0)>
                        <span class="name">{p.name.clone()}</span>
                        {match (p.table, p.seat, c.standing) {
                            (Some(t), Some(s), _) => view! {
                                <span class="where">{t!(i18n, table_n, n = t.0)}" · "{t!(i18n, seat)}" "{s.0}</span>
                            }.into_any(),
                            (_, _, Some(st)) => view! {
                                <span class="where" data-testid="seat-card-out">{t!(i18n, table_my_seat_out, place = st.place, prize = prize_line(c.prize, c.ticket.as_ref()))}</span>
                            }.into_any(),
                            _ => view! { <span class="where">{t!(i18n, busted)}</span> }.into_any(),
                        }}
                    </li>
                }
            }).collect_view()}
        </ul>
    }
}
