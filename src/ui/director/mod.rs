//! The director's console (tablet first): clock control, the registration desk with the seat
//! drawn shown big and the player's personal link, the tables at a glance with stopped tables
//! standing out, the balancing plan with one-tap confirm, and the bust feed with places and
//! prizes.

mod corrections;
mod incidents;
mod links;
mod money;
mod payouts;
mod players;
pub mod receipt;
mod session;
mod settings;
mod suggest;
mod tables;

use super::components::{
    euro, lang_code, Answer, ClockPanel, FieldFigures, LangSwitch, OfflineBanner,
    PaymentMethodPicker,
};
use super::live::{command_action, use_live, with_tournament};
use super::ruling::RulingFlow;
use crate::domain::command::Command;
use crate::domain::event::PaymentMethod;
use crate::i18n::*;
use crate::messages::error_message;
use crate::server_fns::club::list_tournaments;
use crate::server_fns::{director_login, CommandReply, LoginReply};
use corrections::{Correction, CorrectionButton, ReasonSheet};
use incidents::IncidentLog;
use leptos::prelude::*;
use links::{PersonalLinks, PlayerLinkCard};
use money::{DealPanel, MoneyPanel, ResultsPanel};
use payouts::PayoutEditor;
use players::PlayersPanel;
use session::SessionPanel;
use settings::{ClockPosition, SettingsPanel};
use suggest::NameWithSuggestions;
use tables::{BonusMissing, TablesPanel};

/// `/director/sign-in`: the PIN form. The server sends a browser without a director session
/// here from any director's page (`?next=` names it), and the form goes back there once
/// signed in, as a new page load so the console renders whole on the server.
#[component]
pub fn SignInPage() -> impl IntoView {
    let i18n = use_i18n();
    let query = leptos_router::hooks::use_query_map();
    let pin = RwSignal::new(String::new());
    let login = Action::new(|pin: &String| director_login(pin.clone()));
    Effect::new(move |_| {
        if let Some(Ok(LoginReply::SignedIn)) = login.value().get() {
            let next = query.with_untracked(|q| q.get("next"));
            go_to(&back_to(next.as_deref()));
        }
    });
    view! {
        <main class="page director">
            <header class="bar"><h1>{t!(i18n, face_director)}</h1><LangSwitch /></header>
            <form class="panel signin" on:submit=move |ev| { ev.prevent_default(); login.dispatch(pin.get_untracked()); }>
                <label>{t!(i18n, director_pin)}
                    <input type="password" inputmode="numeric" autocomplete="current-password" data-testid="pin"
                        prop:value=pin on:input=move |ev| pin.set(event_target_value(&ev)) />
                </label>
                <button class="primary" type="submit" data-testid="sign-in">{t!(i18n, sign_in)}</button>
                {move || login.value().get().map(|r| match r {
                    Ok(LoginReply::WrongPin) => view! { <p class="answer error" role="alert" data-testid="pin-error">{t!(i18n, wrong_pin)}</p> }.into_any(),
                    Ok(LoginReply::Locked { seconds }) => view! { <p class="answer error" role="alert" data-testid="pin-error">{t!(i18n, locked_out, seconds = seconds)}</p> }.into_any(),
                    Ok(LoginReply::Busy) => view! { <p class="answer error" role="alert" data-testid="pin-error">{t!(i18n, sign_in_busy)}</p> }.into_any(),
                    _ => view! { <span></span> }.into_any(),
                })}
            </form>
        </main>
    }
}

/// Where the PIN form goes once signed in: the director's page it was sent from, never
/// another site (`//elsewhere`) or a page outside the director's.
fn back_to(next: Option<&str>) -> String {
    match next {
        Some(n) if crate::ui::is_director_page(n.split('?').next().unwrap_or_default()) => {
            n.to_string()
        }
        _ => "/director".to_string(),
    }
}

/// A new page load of `path` (in the browser; nothing on the server).
fn go_to(path: &str) {
    #[cfg(feature = "hydrate")]
    if let Some(window) = web_sys::window() {
        let _ = window.location().set_href(path);
    }
    #[cfg(not(feature = "hydrate"))]
    let _ = path;
}

/// `/director`: the console (the server lets only a signed-in director's browser in).
#[component]
pub fn DirectorPage() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    let send = command_action(RwSignal::new(None), live.shown());
    let name = RwSignal::new(String::new());
    let method = RwSignal::new(PaymentMethod::Cash);
    let present = RwSignal::new(true);
    let last_registered = RwSignal::new(None::<String>);
    // One registration per tap: the button waits for the answer (a double tap bought two
    // entries), and a name already in the tournament asks before a second person is added.
    let register_as = move |same_name_confirmed: bool| {
        if send.pending().get_untracked() {
            return;
        }
        last_registered.set(Some(name.get_untracked().trim().to_string()));
        send.dispatch(Command::RegisterPlayer {
            name: name.get_untracked(),
            method: method.get_untracked(),
            present: present.get_untracked(),
            same_name_confirmed,
        });
    };
    let register = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        register_as(false);
    };
    let same_name = move || match send.value().get() {
        Some(Ok(CommandReply::Rejected(r))) if r.code == "NAME_ALREADY_REGISTERED" => Some(r),
        _ => None,
    };
    // Clear the name once the desk's registration is accepted.
    Effect::new(move |_| {
        if let Some(Ok(CommandReply::Accepted { .. })) = send.value().get() {
            name.set(String::new());
        }
    });
    // What is shown now; only the parts that depend on it re-render on a live update, so the
    // desk's form and the guided flow keep their input and focus while busts come in.
    let current = move || live.view.get().and_then(|r| r.ok()).flatten();
    // The player just registered, by id: the personal link below re-renders only when it
    // changes, not on every live update.
    let registered = Memo::new(move |_| {
        let n = last_registered.get()?;
        let view = current()?.view;
        view.players
            .iter()
            .rev()
            .find(|p| p.name == n)
            .map(|p| p.player)
    });
    let tournament = Signal::derive(move || current().map(|l| l.view));
    let pending = RwSignal::new(None::<Correction>);
    alert_on_stopped_tables(tournament);
    // Changes once a level, not on every live update: the settings keep their drafts.
    let clock_position = Memo::new(move |_| {
        tournament.with(|v| {
            v.as_ref().map(|v| ClockPosition {
                started: v.clock.started,
                level_index: v.clock.level_index,
            })
        })
    });
    let players = Signal::derive(move || {
        current()
            .map(|l| {
                l.view
                    .players
                    .iter()
                    .filter(|p| p.status == crate::domain::state::PlayerStatus::Playing)
                    .map(|p| (p.player, p.name.clone()))
                    .collect()
            })
            .unwrap_or_default()
    });
    // One transition around the whole page: everything in it reads the live view, and it is
    // created once (a branch on a resource would be rendered anew, resources and all).
    view! {
        <Transition fallback=move || view! { <p class="page">{t!(i18n, loading)}</p> }>
        <main class="page director">
            <header class="bar"><h1>{t!(i18n, face_director)}</h1>
                <a class="face small-link" href=move || with_tournament("/director/tables", live.choice.get()) data-testid="qr-sheet-link">{t!(i18n, qr_sheet)}</a>
                <a class="face small-link" href="/director/tournaments" data-testid="tournaments-link">{t!(i18n, tournaments)}</a>
                <a class="face small-link" href="/director/players" data-testid="players-link">{t!(i18n, club_players)}</a>
                <TournamentSwitch shown=live.shown() />
                <LangSwitch />
            </header>
            <OfflineBanner live />
            <Answer reply=send.value().into() />
                {move || match current() {
                    Some(l) => view! { <h2 data-testid="tournament-name">{l.view.name.clone()}</h2> }.into_any(),
                    None => view! { <p>{t!(i18n, no_tournament)}</p> }.into_any(),
                }}
                <div class="grid">
                    <section class="panel">
                        {move || current().map(|l| {
                            let clock = l.view.clock.clone();
                            let finished = l.view.finished;
                            view! {
                                <ClockPanel live clock=clock.clone() finished />
                                // Play is over: the clock stays where it stopped, no controls.
                                {(!finished).then(|| view! {
                                <div class="clock-controls">
                                    {if !clock.running {
                                        view! { <button class="primary" data-testid="clock-start" on:click=move |_| { send.dispatch(Command::StartClock); }>{if clock.started { t!(i18n, resume_clock).into_any() } else { t!(i18n, start_clock).into_any() }}</button> }.into_any()
                                    } else {
                                        view! { <button class="primary" data-testid="clock-pause" on:click=move |_| { send.dispatch(Command::PauseClock); }>{t!(i18n, pause_clock)}</button> }.into_any()
                                    }}
                                    <button on:click=move |_| { send.dispatch(Command::AdjustClock { delta_seconds: 60 }); }>{t!(i18n, add_minute)}</button>
                                    <button on:click=move |_| { send.dispatch(Command::AdjustClock { delta_seconds: -60 }); }>{t!(i18n, remove_minute)}</button>
                                </div>
                                })}
                                <FieldFigures live=l.clone() />
                            }
                        })}
                    </section>
                    <section class="panel desk">
                        <h3>{t!(i18n, registration)}" · "
                            {move || if current().is_some_and(|l| l.view.registration_open) { t!(i18n, registration_open).into_any() } else { t!(i18n, registration_closed).into_any() }}
                        </h3>
                        // The director closes late registration early (or opens it again);
                        // before the start it is always open.
                        {move || current().filter(|l| l.view.clock.started && !l.view.finished).map(|l| if l.view.registration_open {
                            view! { <button class="small" data-testid="close-registration" on:click=move |_| { send.dispatch(Command::CloseRegistration); }>{t!(i18n, close_registration)}</button> }.into_any()
                        } else {
                            view! { <CorrectionButton correction=Correction::ReopenRegistration pending testid="reopen-registration">{t!(i18n, reopen_registration)}</CorrectionButton> }.into_any()
                        })}
                        <form on:submit=register>
                            <NameWithSuggestions name />
                            <PaymentMethodPicker method testid="reg-method" />
                            <label class="check">
                                <input type="checkbox" prop:checked=present on:change=move |ev| present.set(event_target_checked(&ev)) />
                                {t!(i18n, present_confirm)}
                            </label>
                            <button class="primary" type="submit" data-testid="reg-submit" disabled=move || send.pending().get()>{t!(i18n, register)}</button>
                        </form>
                        {move || same_name().map(|r| {
                            let lang = lang_code(i18n.get_locale());
                            view! {
                                <div class="answer error same-name" role="alert" data-testid="same-name">
                                    <p>{error_message(lang, &r.code, &r.params)}</p>
                                    <button data-testid="reg-same-name-confirm" disabled=move || send.pending().get()
                                        on:click=move |_| register_as(true)>{t!(i18n, register_same_name)}</button>
                                </div>
                            }
                        })}
                        {move || {
                            let view = current()?.view;
                            let n = last_registered.get()?;
                            let p = view.players.iter().rev().find(|p| p.name == n).cloned()?;
                            Some(view! {
                                <div class="seat-drawn" data-testid="seat-drawn">
                                    <span class="label">{t!(i18n, seat_drawn)}": "{p.name.clone()}</span>
                                    <span class="big">{p.table.map(|t| t.0).unwrap_or(0)}" · "{p.seat.map(|s| s.0).unwrap_or(0)}</span>
                                </div>
                            })
                        }}
                        {move || registered.get().map(|player| view! { <PlayerLinkCard player tournament=live.shown().get_untracked() /> })}
                    </section>
                </div>
                {move || current().map(|l| {
                    let view = l.view;
                    view! {
                        <BonusMissing view=view.clone() send />
                        <TablesPanel view=view.clone() send pending />
                        {(!view.calls.is_empty()).then(|| view! {
                            <section class="panel calls" data-testid="calls">
                                <h3>{t!(i18n, calls)}</h3>
                                <ul>
                                    {view.calls.iter().map(|c| {
                                        let (table, answered) = (c.table, c.answered_at.is_some());
                                        view! {
                                            <li class="call-item">
                                                <span class="alarm">{t!(i18n, table_n, n = table.0)}</span>
                                                // Answered: the TD is on the way; the second tap closes the call.
                                                <button data-testid=format!("answer-call-{}", table.0) on:click=move |_| { send.dispatch(Command::AnswerCall { table }); }>
                                                    {if answered { t!(i18n, call_done).into_any() } else { t!(i18n, answer_call).into_any() }}
                                                </button>
                                            </li>
                                        }
                                    }).collect_view()}
                                </ul>
                            </section>
                        })}
                        <IncidentLog view=view.clone() pending />
                        <MoneyPanel view=view.clone() />
                        {view.deal_quotes.clone().map(|quotes| view! { <DealPanel view=view.clone() quotes send /> })}
                        <ResultsPanel view=view.clone() tournament=l.tournament />
                    }
                })}
                <PersonalLinks live />
                <details class="panel">
                    <summary>{t!(i18n, guided_rulings)}</summary>
                    <RulingFlow table=None send players />
                </details>
                <PayoutEditor view=tournament tournament=live.shown() />
                <SettingsPanel live clock=clock_position />
                <PlayersPanel view=tournament send pending shown=live.shown() />
                {move || current().map(|l| view! {
                    <section class="panel" data-testid="bust-feed">
                        <h3>{t!(i18n, busts)}
                            {l.view.can_undo.then(|| view! {
                                " "<CorrectionButton correction=Correction::Undo pending testid="undo-last">{t!(i18n, undo_last)}</CorrectionButton>
                            })}
                        </h3>
                        <table class="places">
                            <thead><tr><th>{t!(i18n, place)}</th><th></th><th>{t!(i18n, prize)}</th><th></th></tr></thead>
                            <tbody>
                                {l.view.places.iter().map(|p| {
                                    let player = p.standing.player;
                                    // Only a bust can be revived (not an early leave or a
                                    // disqualification, which are reinstated from the list).
                                    let busted = l.view.players.iter().any(|x| x.player == player && x.status == crate::domain::state::PlayerStatus::Busted);
                                    view! {
                                        <tr>
                                            <td>{p.standing.place}</td><td>{p.name.clone()}</td><td>{euro(p.standing.prize)}</td>
                                            <td>{busted.then(|| view! {
                                                <CorrectionButton correction=Correction::Revive(player) pending testid=format!("feed-revive-{}", player.0)>{t!(i18n, revive)}</CorrectionButton>
                                            })}</td>
                                        </tr>
                                    }
                                }).collect_view()}
                            </tbody>
                        </table>
                    </section>
                })}
                <SessionPanel />
            <ReasonSheet pending send view=tournament />
        </main>
        </Transition>
    }
}

/// The director's other tournaments (not archived), one tap away: the whole console follows
/// the choice (`?t=`), its live stream included, so the page loads anew.
#[component]
fn TournamentSwitch(shown: Signal<Option<i64>>) -> impl IntoView {
    let i18n = use_i18n();
    let list = Resource::new(|| (), |_| list_tournaments());
    let go = move |ev: leptos::ev::Event| {
        go_to(&with_tournament(
            "/director",
            event_target_value(&ev).parse().ok(),
        ));
    };
    view! {
        <Transition fallback=|| ()>
            {move || list.get().and_then(Result::ok).map(|items| {
                let items: Vec<_> = items
                    .into_iter()
                    .filter(|t| !t.archived || shown.get_untracked() == Some(t.id))
                    .collect();
                (items.len() > 1).then(|| view! {
                    <label class="switch">{t!(i18n, switch_tournament)}" "
                        <select data-testid="tournament-switch" on:change=go>
                            {items.into_iter().map(|t| {
                                let id = t.id;
                                view! { <option value=id.to_string() selected=move || shown.get() == Some(id)>{t.name}</option> }
                            }).collect_view()}
                        </select>
                    </label>
                })
            })}
        </Transition>
    }
}

/// PKR4U 13: a table that stops (or calls the director) sounds a chime on the console, so the
/// director hears it across the room. Browsers allow it: the director has tapped the page.
fn alert_on_stopped_tables(view: Signal<Option<crate::domain::view::TournamentView>>) {
    let waiting = Memo::new(move |_| {
        view.with(|v| {
            v.as_ref()
                .map_or(0, |v| v.plan.stopped.len() + v.calls.len())
        })
    });
    Effect::new(move |before: Option<usize>| {
        let now = waiting.get();
        if before.is_some_and(|b| now > b) {
            chime();
        }
        now
    });
}

/// Plays the chime in the browser (nothing on the server).
fn chime() {
    #[cfg(feature = "hydrate")]
    if let Ok(audio) = web_sys::HtmlAudioElement::new_with_src("/sounds/table-stopped.wav") {
        // A refused play (no user gesture yet) is not an error worth showing.
        let _ = audio.play();
    }
}

#[cfg(test)]
mod tests {
    use super::back_to;

    #[test]
    fn signing_in_goes_back_to_a_director_page_only() {
        assert_eq!(back_to(Some("/director?t=3")), "/director?t=3");
        assert_eq!(
            back_to(Some("/director/receipt/4?t=3")),
            "/director/receipt/4?t=3"
        );
        assert_eq!(back_to(None), "/director");
        assert_eq!(back_to(Some("//evil.example/director")), "/director");
        assert_eq!(back_to(Some("https://evil.example")), "/director");
        assert_eq!(back_to(Some("/directory")), "/director");
        assert_eq!(back_to(Some("/director/sign-in?next=/x")), "/director");
    }
}
