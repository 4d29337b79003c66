//! The door on a player's phone (issue T). `/signup?t=<tournament>` (the QR code at the door
//! and on the screen): the player types their name, says how they will pay and joins the
//! queue; nothing in the tournament changes until the desk takes the money. The phone then
//! follows its place at `/signup/<token>`: to the desk, a place on the waiting list, the
//! close of registration, and once admitted the table and seat, with the player's own page.

use super::components::{
    date_time_of, method_label, zone_offset, ConfirmButton, FaceTitle, LangSwitch,
};
use super::connection::OfflineBanner;
use super::light::LiveMark;
use super::live::{use_face, with_tournament};
use super::outbox::new_command_id;
use crate::domain::event::PaymentMethod;
use crate::domain::read::faces::door::{DoorFaceView, PlaceFaceView};
use crate::domain::view::QueueState;
use crate::i18n::*;
use crate::messages::error_message;
use crate::protocol::CommandReply;
use crate::server_fns::{leave_queue, open_sign_up, sign_up, SignUpEntry, SignUpReply};
use leptos::prelude::*;
use leptos_router::hooks::use_params_map;

/// Where a phone keeps its place in a tournament's queue, so the sign-up page sends it back
/// there instead of signing up twice.
fn kept_place_key(tournament: i64) -> String {
    format!("clubtd.signup.{tournament}")
}

fn kept_place(tournament: i64) -> Option<String> {
    #[cfg(feature = "hydrate")]
    {
        super::device::device_storage()?
            .get_item(&kept_place_key(tournament))
            .ok()
            .flatten()
    }
    #[cfg(not(feature = "hydrate"))]
    {
        let _ = kept_place_key(tournament);
        None
    }
}

fn keep_place(tournament: i64, token: &str) {
    #[cfg(feature = "hydrate")]
    if let Some(storage) = super::device::device_storage() {
        let _ = storage.set_item(&kept_place_key(tournament), token);
    }
    #[cfg(not(feature = "hydrate"))]
    let _ = (kept_place_key(tournament), token);
}

/// A place left (or taken out by the desk) is not kept: the sign-up page then offers a new
/// sign-up only.
fn forget_place(tournament: i64) {
    #[cfg(feature = "hydrate")]
    if let Some(storage) = super::device::device_storage() {
        let _ = storage.remove_item(&kept_place_key(tournament));
    }
    #[cfg(not(feature = "hydrate"))]
    let _ = kept_place_key(tournament);
}

fn go_to(path: &str) {
    #[cfg(feature = "hydrate")]
    {
        let _ = window().location().set_href(path);
    }
    #[cfg(not(feature = "hydrate"))]
    let _ = path;
}

/// `/signup`: the form.
#[component]
pub fn SignUpPage() -> impl IntoView {
    let i18n = use_i18n();
    // The door's own view: counts, not the queue's names (issue Y.4).
    let live = use_face::<DoorFaceView>(None, ());
    let name = RwSignal::new(String::new());
    let method = RwSignal::new(PaymentMethod::Cash);
    // Made when the name changes and kept for taps of the same sign-up: a second tap after a
    // lost answer is the same sign-up, and the server gives back the same place.
    let command_id = StoredValue::new(new_command_id());
    let send = Action::new(
        move |(tournament, name, method): &(Option<i64>, String, PaymentMethod)| {
            sign_up(*tournament, command_id.get_value(), name.clone(), *method)
        },
    );
    let shown = live.shown();
    Effect::new(move |_| match send.value().get() {
        Some(Ok(SignUpReply::Queued { token })) => {
            if let Some(t) = shown.get_untracked() {
                keep_place(t, &token);
            }
            go_to(&format!("/signup/{token}"));
        }
        // A refusal changed nothing: the next tap is a new try (the list may have a place
        // again, the door may be open by then), not the same sign-up answered again.
        Some(Ok(SignUpReply::Rejected(_))) => command_id.set_value(new_command_id()),
        _ => {}
    });
    // Read after hydration only (local storage is the device's): the server renders none.
    let already = RwSignal::new(None::<String>);
    Effect::new(move |_| {
        if let Some(t) = shown.get() {
            already.set(kept_place(t));
        }
    });
    // This phone holds a place already: a second sign-up from it is asked about first (the
    // phone keeps one place per tournament; a friend's sign-up from it is fine once said).
    let second_asked = RwSignal::new(false);
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if send.pending().get_untracked() {
            return;
        }
        if already.get_untracked().is_some() && !second_asked.get_untracked() {
            second_asked.set(true);
            return;
        }
        send.dispatch((
            shown.get_untracked(),
            name.get_untracked(),
            method.get_untracked(),
        ));
    };
    let answer = move || {
        let lang = lang_code_now(i18n);
        match send.value().get() {
            // Already playing: the phone cannot confirm a second person of that name (the desk
            // can): say what the player can do.
            Some(Ok(SignUpReply::Rejected(r))) if r.code == "NAME_ALREADY_REGISTERED" => Some(view! {
                <p class="answer error" role="alert" data-testid="sign-up-answer" data-code=r.code.clone()>
                    {t!(i18n, sign_up_name_playing, name = r.params.get("name").cloned().unwrap_or_default())}
                </p>
            }.into_any()),
            Some(Ok(SignUpReply::Rejected(r))) => Some(view! {
                <p class="answer error" role="alert" data-testid="sign-up-answer" data-code=r.code.clone()>{error_message(lang, &r.code, &r.params)}</p>
            }.into_any()),
            Some(Err(_)) => Some(view! {
                <p class="answer error" role="alert" data-testid="sign-up-answer">{error_message(lang, "INTERNAL", &Default::default())}</p>
            }.into_any()),
            _ => None,
        }
    };
    let face = Signal::derive(move || t_string!(i18n, sign_up_title).to_string());
    view! {
        <FaceTitle live face />
        <main class="page player sign-up">
            <header class="bar"><h1>{t!(i18n, sign_up_title)}</h1><LangSwitch /></header>
            <OfflineBanner live />
            <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
                {move || live.view.get().map(|v| match v.ok().flatten() {
                    None => view! { <p>{t!(i18n, no_tournament)}</p> }.into_any(),
                    Some(l) => view! {
                        <LiveMark tournament=l.tournament seq=l.last_seq />
                        <h2 class="tournament-name" data-testid="sign-up-tournament">{l.view.name.clone()}</h2>
                        <DoorState view=l.view.clone() now=live.now />
                    }.into_any(),
                })}
            </Transition>
            // The place this phone keeps: the app reads it after hydration; a light page
            // (`ui::light`) has it shown by its script (`data-light-kept`: the storage key).
            <p class="panel hint" data-testid="signed-up-already" hidden=move || already.with(Option::is_none)
                data-light-kept=move || shown.get().map(kept_place_key)>
                {t!(i18n, signed_up_already)}" "
                <a href=move || already.get().map(|token| format!("/signup/{token}")) data-testid="my-place-link"
                    data-light-href="/signup/{token}">{t!(i18n, see_my_place)}</a>
            </p>
            // On a light page its script sends the form (`data-light-command`): the tournament,
            // name and method as the server function takes them, the place kept and opened.
            <form class="panel sign-up-form" on:submit=submit data-light-action="/api/sign_up"
                data-light-command="sign-up" data-answer-testid="sign-up-answer" data-light-answer-above=""
                data-light-ask-if-kept=move || shown.get().map(kept_place_key)
                data-light-keep=move || shown.get().map(kept_place_key) data-light-go="/signup/{token}"
                data-light-words=move || name_playing_words(i18n)>
                <input type="hidden" name="tournament" data-number="" value=move || shown.get().map(|t| t.to_string()) />
                <label>{t!(i18n, your_name)}
                    <input type="text" name="name" autocomplete="name" maxlength="60" required data-testid="sign-up-name"
                        prop:value=name on:input=move |ev| { name.set(event_target_value(&ev)); command_id.set_value(new_command_id()); second_asked.set(false); } />
                </label>
                // The field keeps 60 characters: a longer name pasted in is cut, and says so.
                <p class="hint" data-testid="sign-up-name-cut" data-light-full-of="name"
                    hidden=move || name.with(|n| n.chars().count()) < 60>{t!(i18n, name_at_most_60)}</p>
                <fieldset class="methods" data-testid="sign-up-method">
                    <legend>{t!(i18n, how_will_you_pay)}</legend>
                    {PaymentMethod::ALL.into_iter().map(|m| view! {
                        <label class="choice">
                            <input type="radio" name="method" value=m.code() checked=m == PaymentMethod::Cash prop:checked=move || method.get() == m
                                data-testid=format!("sign-up-method-{}", m.code())
                                on:change=move |_| { method.set(m); command_id.set_value(new_command_id()); } />
                            {method_label(i18n, m)}
                        </label>
                    }).collect_view()}
                </fieldset>
                // Refusals and questions at the button, where the tap was (not below the fold).
                {answer}
                // Asked once when this phone holds a place already; a light page's script shows
                // it (`data-light-ask`) and writes in the name typed (`data-light-echo`).
                <div class="answer queued" role="alert" data-testid="sign-up-second" data-light-ask="" hidden=move || !second_asked.get()>
                    <p>{t!(i18n, sign_up_second_place, name = move || view! { <b data-light-echo="name">{name.get()}</b> })}</p>
                    <button type="submit" class="primary" data-testid="sign-up-second-confirm" disabled=move || send.pending().get()>{t!(i18n, sign_up_second_yes)}</button>
                </div>
                <button class="primary big" type="submit" data-testid="sign-up-submit" disabled=move || send.pending().get()>{t!(i18n, join_queue)}</button>
            </form>
        </main>
    }
}

/// The one refusal the door words itself (the others in `locales/errors`), for a light page's
/// script: `{"CODE": "sentence with {param}"}`.
fn name_playing_words(i18n: leptos_i18n::I18nContext<Locale>) -> String {
    let sentence = t_string!(i18n, sign_up_name_playing, name = "{name}").to_string();
    serde_json::json!({ "NAME_ALREADY_REGISTERED": sentence }).to_string()
}

fn lang_code_now(i18n: leptos_i18n::I18nContext<Locale>) -> &'static str {
    super::components::lang_code(i18n.get_locale())
}

/// Whether a phone can sign up now, and what it will find: the queue and the free seats.
#[component]
fn DoorState(
    view: DoorFaceView,
    /// The device's clock (0 until the page runs in the browser).
    now: RwSignal<f64>,
) -> impl IntoView {
    let i18n = use_i18n();
    let waiting = view.waiting as usize;
    let free = view.free_seats as usize;
    if !view.registration_open {
        return view! { <p class="answer error" role="status" data-testid="door-closed">{t!(i18n, queue_closed)}</p> }.into_any();
    }
    if let Some(cap) = view.full_at {
        return view! { <p class="answer error" role="status" data-testid="sign-ups-full">{t!(i18n, sign_ups_full, cap = cap)}</p> }.into_any();
    }
    let full = waiting >= free;
    // Before the director's time the page says when (the device's clock decides, the view
    // is not redrawn at that moment); the form stays, and the server refuses an early tap.
    let opens_at = view.opens_at;
    let offset = zone_offset();
    let read_at = view.read_at.0;
    let not_yet = move || {
        // Before hydration the view's own time stands in for the device's.
        let now = match now.get() as i64 {
            0 => read_at,
            device => device,
        };
        // `data-light-refresh-in-ms`: a light page asks again when the door opens.
        opens_at.filter(|at| now < at.0).map(|at| view! {
            <p class="big-news" role="status" data-testid="sign-ups-not-open" data-light-refresh-in-ms=(at.0 - now).to_string()>{t!(i18n, sign_ups_open_on, when = date_time_of(at.0, offset.get()))}</p>
        })
    };
    view! {
        {not_yet}
        <p class="door-counts" data-testid="door-counts">{t!(i18n, door_counts, waiting = waiting, free = free)}</p>
        {full.then(|| view! { <p class="hint" data-testid="door-full">{t!(i18n, door_full)}</p> })}
    }
    .into_any()
}

/// `/signup/:token`: this phone's place in the queue, live.
#[component]
pub fn SignUpPlacePage() -> impl IntoView {
    let i18n = use_i18n();
    let params = use_params_map();
    let token = Memo::new(move |_| params.with(|p| p.get("token").unwrap_or_default()));
    let opened = Resource::new(move || token.get(), open_sign_up);
    view! {
        <main class="page player sign-up">
            <header class="bar"><h1>{t!(i18n, sign_up_title)}</h1><LangSwitch /></header>
            <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
                {move || opened.get().map(|r| match r {
                    Ok(entry) => view! { <MyPlace entry token=token.get_untracked() /> }.into_any(),
                    Err(_) => view! {
                        <p class="answer error" role="alert" data-testid="link-refused">{t!(i18n, link_not_valid)}</p>
                    }.into_any(),
                })}
            </Transition>
        </main>
    }
}

/// The place, followed on its own view (this entry only, issue Y.4).
#[component]
fn MyPlace(entry: SignUpEntry, token: String) -> impl IntoView {
    let i18n = use_i18n();
    let live = use_face::<PlaceFaceView>(Some(entry.tournament), entry.entry);
    let number = entry.entry;
    let tournament = entry.tournament;
    // Admitted since the page opened: the player's page is asked for again.
    let admitted = Memo::new(move |_| {
        live.view.with(|v| {
            v.as_ref()
                .and_then(|r| r.as_ref().ok())
                .and_then(|l| l.as_ref())
                .is_some_and(|l| l.view.admitted.is_some())
        })
    });
    let token = StoredValue::new(token);
    // (`try_get`: see `use_live`; a source read after the page's owner is gone must not panic.)
    let player_page = Resource::new(
        move || admitted.try_get().unwrap_or(false),
        move |_| open_sign_up(token.get_value()),
    );
    let leave = Action::new(move |_: &()| leave_queue(token.get_value(), new_command_id()));
    Effect::new(move |_| {
        let gone = live.view.with(|v| match v {
            Some(Ok(Some(l))) => l.view.gone(),
            _ => false,
        });
        if gone {
            forget_place(tournament);
        }
    });
    // Called to the desk since the page opened: a chime and a vibration (issue V.2), and the
    // tab's title says it.
    let called = Memo::new(move |_| {
        live.view
            .try_with(|v| match v {
                Some(Ok(Some(l))) => l
                    .view
                    .line
                    .as_ref()
                    .is_some_and(|line| line.state == QueueState::ToTheDesk),
                _ => false,
            })
            .unwrap_or(false)
    });
    Effect::new(move |before: Option<bool>| {
        let now = called.get();
        if before == Some(false) && now {
            crate::ui::alert::chime_and_vibrate();
        }
        now
    });
    let face = Signal::derive(move || {
        let title = t_string!(i18n, sign_up_title).to_string();
        if called.get() {
            format!("→ {} · {title}", t_string!(i18n, to_the_desk_short))
        } else {
            title
        }
    });
    view! {
        <FaceTitle live face />
        <OfflineBanner live />
        <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
            {move || live.view.get().map(|v| match v.ok().flatten() {
                None => view! { <p>{t!(i18n, no_tournament)}</p> }.into_any(),
                Some(l) => {
                    let mark = view! { <LiveMark tournament=l.tournament seq=l.last_seq /> };
                    let view = l.view;
                    let name = view.name.clone();
                    // The desk may have merged this place into another of the same player.
                    let current = view.current;
                    let merged = (current != number).then(|| view! {
                        <p class="hint" data-testid="merged-into">{t!(i18n, merged_into, entry = current.0)}</p>
                    });
                    let body = if let Some(seat) = view.admitted {
                        view! {
                            <section class="panel queue-admitted" data-testid="admitted">
                                <h2>{t!(i18n, admitted_title)}</h2>
                                <p class="seat-big" data-testid="admitted-seat">
                                    <span>{t!(i18n, table)}" "<b>{seat.table.map_or(0, |t| t.0)}</b></span>
                                    <span>{t!(i18n, seat)}" "<b>{seat.seat.map_or(0, |s| s.0)}</b></span>
                                </p>
                                {move || player_page.get().and_then(Result::ok).and_then(|e| e.player_page).map(|href| view! {
                                    <a class="button primary big" href=href data-testid="open-my-page">{t!(i18n, open_my_page)}</a>
                                })}
                            </section>
                        }.into_any()
                    } else if let Some(line) = view.line.clone() {
                        view! {
                            <section class="panel queue-place" data-testid="my-place" data-state=state_code(line.state)>
                                <p class="queue-number">{t!(i18n, queue_number)}" "<b data-testid="queue-number">{current.0}</b>" · "{line.name.clone()}</p>
                                <PlaceState state=line.state method=line.method />
                                // A form for a light page's script: two taps (`data-light-arm`), then
                                // sent with the token; the app's button does the same itself.
                                <form data-light-action="/api/leave_queue" data-light-command="leave" data-answer-testid="leave-answer"
                                    data-light-arm=move || t_string!(i18n, confirm).to_string() on:submit=|ev| ev.prevent_default()>
                                    <input type="hidden" name="token" value=token.get_value() />
                                    <ConfirmButton testid="leave-queue" class="small" busy=leave.pending()
                                        on_confirm=move |_| { leave.dispatch(()); }>{t!(i18n, leave_queue)}</ConfirmButton>
                                </form>
                                {move || match leave.value().get() {
                                    Some(Ok(CommandReply::Rejected(r))) => Some(view! {
                                        <p class="answer error" role="alert" data-testid="leave-answer">{error_message(lang_code_now(i18n), &r.code, &r.params)}</p>
                                    }.into_any()),
                                    Some(Err(_)) => Some(view! {
                                        <p class="answer error" role="alert" data-testid="leave-answer">{error_message(lang_code_now(i18n), "INTERNAL", &Default::default())}</p>
                                    }.into_any()),
                                    _ => None,
                                }}
                            </section>
                        }.into_any()
                    } else {
                        view! {
                            <section class="panel" data-testid="not-in-queue" data-light-forget=kept_place_key(tournament)>
                                <p>{t!(i18n, not_in_queue_any_more)}</p>
                                <a class="button" href=with_tournament("/signup", Some(tournament))>{t!(i18n, sign_up_again)}</a>
                            </section>
                        }.into_any()
                    };
                    view! { {mark} <h2 class="tournament-name">{name}</h2> {merged} {body} }.into_any()
                }
            })}
        </Transition>
    }
}

fn state_code(state: QueueState) -> &'static str {
    match state {
        QueueState::ToTheDesk => "to_the_desk",
        QueueState::Waiting { .. } => "waiting",
        QueueState::Closed => "closed",
    }
}

/// What the player does now.
#[component]
fn PlaceState(state: QueueState, method: PaymentMethod) -> impl IntoView {
    let i18n = use_i18n();
    match state {
        QueueState::ToTheDesk => view! {
            <p class="big-news" role="status" data-testid="to-the-desk" data-light-chime="">{t!(i18n, to_the_desk)}" ("{method_label(i18n, method)}")"</p>
        }.into_any(),
        QueueState::Waiting { place } => view! {
            <p class="big-news" role="status" data-testid="waiting-place">{t!(i18n, waiting_place, place = place)}</p>
        }.into_any(),
        QueueState::Closed => view! {
            <p class="answer error" role="status" data-testid="queue-closed">{t!(i18n, queue_closed)}</p>
        }.into_any(),
    }
}
