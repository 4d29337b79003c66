//! The player's personal page (`/me/<token>`, the link or QR code the director gives at the
//! desk): my table and seat, big; my stack, my bounty and my entries; my place and prize once
//! I am out; and the clock and the field, live. A wrong link shows only that it is not valid.

use super::components::{
    chips, euro, lang_code, prize_with_ticket, purchases_label, with_move, ClockPanel, FaceTitle,
    FieldFigures, LangSwitch, MoveBanner, Payouts,
};
use super::connection::OfflineBanner;
use super::light::LiveMark;
use super::live::use_face;
use crate::domain::config::BountyKind;
use crate::domain::ids::PlayerId;
use crate::domain::money::Cents;
use crate::domain::read::faces::personal::PersonalView;
use crate::domain::read::faces::pieces::Leader;
use crate::domain::state::PlayerStatus;
use crate::domain::view::{MoveNotice, PlayerCard};
use crate::i18n::*;
use crate::messages::error_message;
use crate::protocol::CommandReply;
use crate::server_fns::{open_player_link, request_reentry, LinkedPlayer};
use leptos::prelude::*;
use leptos_router::hooks::use_params_map;

/// `/me/:token`.
#[component]
pub fn MePage() -> impl IntoView {
    let i18n = use_i18n();
    let params = use_params_map();
    // The server checks the token once; the page then follows this player's own view of that
    // tournament (their card, not the room's list).
    // (`try_with`: see `use_live`; a source read after the page's owner is gone must not panic.)
    let linked = Resource::new(
        move || {
            params
                .try_with(|p| p.get("token").unwrap_or_default())
                .unwrap_or_default()
        },
        open_player_link,
    );
    view! {
        <main class="page player me">
            <header class="bar"><h1>{t!(i18n, my_page)}</h1><LangSwitch /></header>
            <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
                {move || linked.get().map(|r| match r {
                    Ok(linked) => view! { <MyTournament linked token=params.with_untracked(|p| p.get("token").unwrap_or_default()) /> }.into_any(),
                    Err(_) => view! {
                        <p class="answer error" role="alert" data-testid="link-refused">{t!(i18n, link_not_valid)}</p>
                    }.into_any(),
                })}
            </Transition>
        </main>
    }
}

/// The live part, once the link is known to be good.
#[component]
fn MyTournament(linked: LinkedPlayer, token: String) -> impl IntoView {
    let i18n = use_i18n();
    let live = use_face::<PersonalView>(Some(linked.tournament), linked.player);
    // Made once: the live updates re-render the card, not the request in flight.
    let token = StoredValue::new(token);
    let ask = Action::new(move |_: &()| {
        request_reentry(token.get_value(), super::outbox::new_command_id())
    });
    // A planned move of mine: on top, big, with a chime; in the tab's title too.
    let notice = Signal::derive(move || {
        live.view
            .try_get()
            .flatten()
            .and_then(|v| v.ok().flatten())
            .and_then(|l| l.view.move_to)
    });
    let face =
        Signal::derive(move || with_move(t_string!(i18n, my_page).to_string(), notice.get()));
    view! {
        <FaceTitle live face />
        <MoveBanner notice />
        <OfflineBanner live />
        <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
            {move || live.view.get().map(|v| {
                match v.ok().flatten() {
                    Some(l) => {
                        let mine = l.view;
                        let bounties = mine.bounty_kind != BountyKind::None;
                        let asked = mine.reentry_asked;
                        let can = mine.card.me.can_re_enter;
                        let alone = mine.field.players_left <= 1;
                        view! {
                            <LiveMark tournament=l.tournament seq=l.last_seq />
                            <MyCard card=mine.card bounties moving=mine.move_to alone />
                            <ReEntryAsk can asked ask token=token.get_value() />
                            <ChipLeaders leaders=mine.leaders me=linked.player />
                            <ClockPanel live clock=mine.clock finished=mine.finished />
                            <FieldFigures field=mine.field />
                            <Payouts prizes=mine.prizes />
                        }.into_any()
                    }
                    None => view! { <p>{t!(i18n, no_tournament)}</p> }.into_any(),
                }
            })}
        </Transition>
    }
}

/// The player's own figures, where they sit first and biggest. While a move is planned, the
/// big digits are where to go (the seat left is written under them): a player glancing at
/// the phone on the way must not read the old seat, biggest, beside a banner naming the new.
#[component]
fn MyCard(
    card: PlayerCard,
    bounties: bool,
    moving: Option<MoveNotice>,
    /// The player is the last one left: their stack is every chip in play.
    alone: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    let me = card.me;
    // Until the table counts, the stack is what was bought: said so under it, or a player who
    // knocked out three others reads "12.000" beside an average of 56.000.
    let uncounted = me.status == PlayerStatus::Playing && !me.stack_counted && !alone;
    let place = card.standing.map(|s| {
        let shared = (s.shared_by > 1).then(|| view! { " "{t!(i18n, place_shared, n = s.shared_by)} });
        let provisional = s.provisional.then(|| view! { <small>" "{t!(i18n, provisional)}</small> });
        view! {
            <div class="my-place" data-testid="me-place">
                <span class="label">{t!(i18n, place)}</span>
                <span class="big">{s.place}</span>
                {shared}{provisional}
            </div>
            // A prize line only for a prize: "Prize € 0.00" read as a slip to a player out of
            // the money.
            {(card.prize > Cents::ZERO || card.ticket.is_some()).then(|| view! {
                <div class="my-prize"><span class="label">{t!(i18n, prize)}</span>" "<span data-testid="me-prize">{prize_with_ticket(card.prize, card.ticket.as_ref())}</span></div>
            })}
        }
    });
    let status = match me.status {
        PlayerStatus::Busted => Some(t!(i18n, busted).into_any()),
        PlayerStatus::LeftEarly => Some(t!(i18n, left_early).into_any()),
        PlayerStatus::Disqualified => Some(t!(i18n, disqualified).into_any()),
        PlayerStatus::Playing | PlayerStatus::Unregistered => None,
    };
    view! {
        <section class="my-card" data-testid="me-card">
            <h2 class="my-name" data-testid="me-name">{me.name.clone()}</h2>
            {match (me.table, me.seat) {
                (Some(t), Some(s)) => {
                    // Where to go while a move is planned (its seat is named once the
                    // receiving table has set its button), else where the player sits.
                    let (table, seat) = match moving {
                        Some(to) => (to.to.0, to.seat.map_or_else(|| "…".to_string(), |s| s.0.to_string())),
                        None => (t.0, s.0.to_string()),
                    };
                    view! {
                        <div class="my-seat" class:moving=moving.is_some() data-testid="me-seat">
                            <div><span class="label">{t!(i18n, table)}</span><span class="big" data-testid="me-table">{table}</span></div>
                            <div><span class="label">{t!(i18n, seat)}</span><span class="big" data-testid="me-seat-no">{seat}</span></div>
                        </div>
                        {moving.is_some().then(|| view! {
                            <p class="my-seat-left" data-testid="me-seat-left">{t!(i18n, seat_left, table = t.0, seat = s.0)}</p>
                        })}
                    }.into_any()
                }
                _ => view! { <p class="my-status" data-testid="me-status">{status}</p> }.into_any(),
            }}
            {place}
            <dl class="figures">
                <div>
                    <dt>{t!(i18n, stack)}</dt><dd data-testid="me-stack">{chips(me.stack)}</dd>
                    {uncounted.then(|| view! { <dd class="figure-note" data-testid="me-stack-uncounted">{t!(i18n, not_counted)}</dd> })}
                </div>
                {bounties.then(|| view! {
                    <div><dt>{t!(i18n, bounty)}</dt><dd data-testid="me-bounty">{euro(me.bounty)}</dd></div>
                    <div><dt>{t!(i18n, bounties_won)}</dt><dd data-testid="me-bounties-won">{euro(card.bounties)}</dd></div>
                })}
                <div><dt>{t!(i18n, my_entries)}</dt><dd data-testid="me-entries">{purchases_label(me.entries, me.rebuys, me.add_ons)}</dd></div>
            </dl>
        </section>
    }
}

/// Busted with a re-entry for sale: one tap asks the desk (nothing is bought until the desk
/// takes the money); once asked, where to go.
#[component]
fn ReEntryAsk(
    can: bool,
    asked: bool,
    ask: Action<(), Result<CommandReply, ServerFnError>>,
    /// The link's token, for the light page's form (`ui::light`).
    token: String,
) -> impl IntoView {
    let i18n = use_i18n();
    let answer = move || {
        match ask.value().get() {
        Some(Ok(CommandReply::Rejected(r))) => Some(view! {
            <p class="answer error" role="alert" data-testid="reentry-answer">{error_message(lang_code(i18n.get_locale()), &r.code, &r.params)}</p>
        }.into_any()),
        Some(Err(_)) => Some(view! {
            <p class="answer error" role="alert" data-testid="reentry-answer">{error_message(lang_code(i18n.get_locale()), "INTERNAL", &Default::default())}</p>
        }.into_any()),
        _ => None,
    }
    };
    if asked {
        return view! { <p class="panel big-news" role="status" data-testid="reentry-asked">{t!(i18n, reentry_asked)}</p> }.into_any();
    }
    can.then(|| view! {
        <section class="panel" data-testid="reentry-ask">
            // A form, for the light page's script (`ui::light`: it adds the command id and
            // shows the answer here); the app's page sends it with its action.
            <form data-light-action="/api/request_reentry" data-light-command="reentry" data-answer-testid="reentry-answer"
                on:submit=move |ev| { ev.prevent_default(); ask.dispatch(()); }>
                <input type="hidden" name="token" value=token />
                <button type="submit" class="primary big" data-testid="ask-reentry" disabled=move || ask.pending().get()>{t!(i18n, ask_reentry)}</button>
                {answer}
            </form>
        </section>
    })
    .into_any()
}

/// The five biggest stacks, the player's own marked when among them.
#[component]
fn ChipLeaders(leaders: Vec<Leader>, me: PlayerId) -> impl IntoView {
    let i18n = use_i18n();
    (!leaders.is_empty()).then(|| {
        view! {
            <section class="panel chip-leaders" data-testid="me-leaders">
                <h2>{t!(i18n, chip_leaders)}</h2>
                <ol>
                    {leaders.into_iter().map(|l| view! {
                        <li class:mine=l.player == me><span class="name">{l.name}</span>" "<b>{chips(l.stack)}</b></li>
                    }).collect_view()}
                </ol>
            </section>
        }
    })
}
