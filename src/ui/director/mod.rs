//! The director's console (tablet first): clock control, the registration desk with the seat
//! drawn shown big and the player's personal link, the tables at a glance with stopped tables
//! standing out, the balancing plan with one-tap confirm, and the bust feed with places and
//! prizes.

mod clock;
mod corrections;
mod desk;
mod incidents;
mod links;
mod money;
mod payouts;
mod player_sheet;
mod players;
mod queue;
pub mod receipt;
mod sections;
mod session;
mod settings;
mod status;
mod suggest;
mod tables;

use super::components::{
    chips, prize_or_none, result_prize, view_part, Answer, FaceTitle, LangSwitch, PageTitle,
};
use super::connection::OfflineBanner;
use super::live::{command_action, use_live, with_tournament, CommandAction};
use super::ruling::RulingFlow;
use crate::domain::command::{AnswerCall, Command};
use crate::domain::config::TicketPrize;
use crate::domain::ids::PlayerId;
use crate::domain::money::Cents;
use crate::domain::view::{CallView, PlayerView, ResultLine, TournamentView, UndoView};
use crate::i18n::*;
use crate::server_fns::club::list_tournaments;
use crate::server_fns::{director_login, LoginReply};
use clock::ClockSection;
use corrections::{Correction, CorrectionButton, PendingCorrection, ReasonSheet};
use desk::Desk;
use incidents::IncidentLog;
use leptos::prelude::*;
use links::PersonalLinks;
use money::{BackupButton, DealPanel, DealPart, MoneyPanel, MoneyPart, ResultsPanel, ResultsPart};
use payouts::PayoutEditor;
use player_sheet::PlayerSheet;
use players::PlayersPanel;
use sections::{use_section, Section, SectionPane, SectionTabs};
use session::SessionPanel;
use settings::{ClockPosition, SettingsPanel};
use status::StatusStrip;
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
        <PageTitle text=move || format!("{} · {}", t_string!(i18n, face_director), t_string!(i18n, sign_in)) />
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

/// `/director`: the console (the server lets only a signed-in director's browser in). A
/// status strip stays in view with what waits for the director; the work is split in
/// sections switched in one tap, so nothing is screens away on a tablet.
#[component]
pub fn DirectorPage() -> impl IntoView {
    let i18n = use_i18n();
    let live = use_live();
    // Each section sends with its own action, so its answer shows in that section, where
    // the tap was.
    let action = move || command_action(RwSignal::new(None), live.shown());
    let (send_strip, send_tables, send_players, send_money, send_rulings, send_results) =
        (action(), action(), action(), action(), action(), action());
    let send_correction = action();
    let section = use_section();
    // What is shown now; only the parts that depend on it re-render on a live update, so the
    // desk's form and the guided flow keep their input and focus while busts come in.
    let current = Signal::derive(move || live.view.get().and_then(|r| r.ok()).flatten());
    let tournament = Signal::derive(move || current.get().map(|l| l.view));
    let pending = RwSignal::new(None::<Correction>);
    let selected = RwSignal::new(None::<PlayerId>);
    let situations = Resource::new(|| (), |_| crate::server_fns::ruling_situations());
    super::club::chip_set::ClubChipSet::provide();
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
        current
            .get()
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
    // The panels with buttons are drawn from their own part of the view (`view_part`): a
    // live update leaves them alone unless it changed what they show.
    let deal = view_part(tournament, DealPart::of);
    let calls = view_part(tournament, |v| v.calls.clone());
    let log = view_part(tournament, |v| (v.incidents.clone(), v.penalties.clone()));
    let feed = view_part(tournament, FeedPart::of);
    let money = view_part(tournament, MoneyPart::of);
    let results = view_part(tournament, ResultsPart::of);
    // The tournament's id, passed on only when it changes (`shown` reads the whole view).
    let shown_id = Memo::new({
        let shown = live.shown();
        move |_| shown.get()
    });
    let leaders = view_part(tournament, |v| {
        v.chip_leaders(5).into_iter().cloned().collect::<Vec<_>>()
    });
    let waiting_now = Signal::derive(move || {
        tournament.with(|v| v.as_ref().map(status::waiting).unwrap_or_default())
    });
    // One transition around the whole page: everything in it reads the live view, and it is
    // created once (a branch on a resource would be rendered anew, resources and all).
    let face = Signal::derive(move || t_string!(i18n, face_director).to_string());
    view! {
        <FaceTitle live face />
        <Transition fallback=move || view! { <p class="page">{t!(i18n, loading)}</p> }>
        <main class="page director console">
            // One row on a tablet (issue U.6): the face and the tournament, the status strip,
            // and a menu for what is used once an evening (the QR sheet, prints, other
            // tournaments, the language); the section tabs right under it. All of it stays in
            // view, about 120 px of the tablet's 768.
            <div class="console-top">
                <header class="bar console-bar">
                    <h1>{t!(i18n, face_director)}</h1>
                    {move || current.get().map(|l| view! { <h2 class="tournament-name" data-testid="tournament-name">{l.view.name.clone()}</h2> })}
                    <StatusStrip live view=tournament section send=send_strip />
                    <ConsoleMenu choice=live.choice shown=live.shown() />
                </header>
                <OfflineBanner live />
                <Answer reply=send_strip.value().into() view=tournament />
                <SectionTabs section waiting=waiting_now />
            </div>
            {move || current.get().is_none().then(|| view! { <p>{t!(i18n, no_tournament)}</p> })}
            <SectionPane section this=Section::Desk>
                <Desk live view=tournament pending />
            </SectionPane>
            <SectionPane section this=Section::Tables>
                <Answer reply=send_tables.value().into() view=tournament />
                // The tables and their moves first: a table short of players waits on them. The
                // bonus stacks (a list as long as the field at the start) come after, where they
                // no longer push the moves under the tablet's fold (session 30).
                <TablesPanel view=tournament send=send_tables pending />
                <BonusMissing view=tournament send=send_tables />
            </SectionPane>
            <SectionPane section this=Section::Players>
                {move || leaders.get().map(|leaders| view! { <ChipLeaders leaders /> })}
                <PlayersPanel view=tournament send=send_players pending shown=live.shown() selected />
                <PersonalLinks live />
            </SectionPane>
            <SectionPane section this=Section::Clock>
                <ClockSection live current />
                <SettingsPanel live clock=clock_position />
                <SessionPanel />
            </SectionPane>
            <SectionPane section this=Section::Money>
                <Answer reply=send_money.value().into() view=tournament />
                {move || money.get().map(|money| view! { <MoneyPanel money /> })}
                {move || deal.get().flatten().map(|deal| view! { <DealPanel deal send=send_money /> })}
                <PayoutEditor view=tournament tournament=live.shown() />
            </SectionPane>
            <SectionPane section this=Section::Rulings>
                <Answer reply=send_rulings.value().into() view=tournament />
                {move || calls.get().map(|calls| view! { <Calls calls send=send_rulings /> })}
                <section class="panel">
                    <h3>{t!(i18n, guided_rulings)}</h3>
                    <RulingFlow table=None send=send_rulings players />
                </section>
                {move || log.get().map(|(incidents, penalties)| {
                    let situations = situations.get().and_then(|r| r.ok()).unwrap_or_default();
                    view! { <IncidentLog incidents penalties pending situations /> }
                })}
            </SectionPane>
            <SectionPane section this=Section::Results>
                <Answer reply=send_results.value().into() view=tournament />
                {move || feed.get().map(|feed| view! { <BustFeed feed pending /> })}
                {move || results.get().zip(shown_id.get()).map(|(results, tournament)| view! { <ResultsPanel results tournament /> })}
                <BackupButton />
            </SectionPane>
            <PlayerSheet live selected view=tournament />
            <ReasonSheet pending send=send_correction view=tournament />
        </main>
        </Transition>
    }
}

/// Tables waiting for the director, oldest first; the status strip answers them too.
#[component]
fn Calls(calls: Vec<CallView>, send: CommandAction) -> impl IntoView {
    let i18n = use_i18n();
    (!calls.is_empty()).then(|| view! {
        <section class="panel calls" data-testid="calls">
            <h3>{t!(i18n, calls)}</h3>
            <ul>
                {calls.iter().map(|c| {
                    let (table, answered) = (c.table, c.answered_at.is_some());
                    view! {
                        <li class="call-item">
                            <span class="alarm">{t!(i18n, table_n, n = table.0)}</span>
                            // Answered: the TD is on the way; the second tap closes the call.
                            <button data-testid=format!("calls-answer-{}", table.0) disabled=move || send.pending().get()
                                on:click=move |_| { send.dispatch(Command::AnswerCall(AnswerCall { table })); }>
                                {if answered { t!(i18n, call_done).into_any() } else { t!(i18n, answer_call).into_any() }}
                            </button>
                        </li>
                    }
                }).collect_view()}
            </ul>
        </section>
    })
}

/// The players with the most chips, from the latest counts.
#[component]
fn ChipLeaders(leaders: Vec<PlayerView>) -> impl IntoView {
    let i18n = use_i18n();
    (!leaders.is_empty()).then(|| view! {
        <section class="panel leaders" data-testid="chip-leaders">
            <h3>{t!(i18n, chip_leaders)}</h3>
            <ol>
                {leaders.into_iter().map(|p| view! {
                    <li><span class="name">{p.name}</span>" "<span class="num">{chips(p.stack)}</span></li>
                }).collect_view()}
            </ol>
        </section>
    })
}

/// One place in the bust feed.
#[derive(Clone, Debug, PartialEq)]
struct FeedRow {
    place: u32,
    name: String,
    player: PlayerId,
    prize: Cents,
    /// The final result, once there is one (a ticket, a deal's amount).
    result: Option<ResultLine>,
    /// Only a bust can be revived (not an early leave or a disqualification, which are
    /// reinstated from the list).
    busted: bool,
}

/// What the bust feed shows; it is drawn anew only when this changes.
#[derive(Clone, Debug, PartialEq)]
struct FeedPart {
    /// "Undo" and what it would take back, while something can be.
    undo: Option<Option<UndoView>>,
    ticket: Option<TicketPrize>,
    rows: Vec<FeedRow>,
}

impl FeedPart {
    fn of(view: &TournamentView) -> FeedPart {
        let rows = view
            .places
            .iter()
            .map(|p| {
                let player = p.standing.player;
                FeedRow {
                    place: p.standing.place,
                    name: p.name.clone(),
                    player,
                    prize: p.standing.prize,
                    result: view.results.iter().find(|r| r.player == player).cloned(),
                    busted: view.players.iter().any(|x| {
                        x.player == player && x.status == crate::domain::state::PlayerStatus::Busted
                    }),
                }
            })
            .collect();
        FeedPart {
            undo: view.can_undo.then(|| view.undo_last.clone()),
            ticket: view.ticket.clone(),
            rows,
        }
    }
}

/// The busts in order with their places and prizes; a wrong one is revived from here.
#[component]
fn BustFeed(feed: FeedPart, pending: PendingCorrection) -> impl IntoView {
    let i18n = use_i18n();
    let FeedPart { undo, ticket, rows } = feed;
    view! {
        <section class="panel" data-testid="bust-feed">
            <h3>{t!(i18n, busts)}
                {undo.map(|what| {
                    // The button says what it takes back (the sheet asks the reason next).
                    let what = what.as_ref().map(|w| corrections::undo_words(i18n, w));
                    view! {
                        " "<CorrectionButton correction=Correction::Undo pending testid="undo-last">{t!(i18n, undo_last)}{what.map(|w| format!(": {w}"))}</CorrectionButton>
                    }
                })}
            </h3>
            // On a phone the table scrolls sideways inside its panel.
            <div class="scroll-x">
                <table class="places">
                    <thead><tr><th>{t!(i18n, place)}</th><th>{t!(i18n, player_sheet)}</th><th>{t!(i18n, prize)}</th><th><span class="visually-hidden">{t!(i18n, correction)}</span></th></tr></thead>
                    <tbody>
                        {rows.into_iter().map(|r| {
                            let player = r.player;
                            view! {
                                <tr>
                                    <td>{r.place}</td><td>{r.name}</td>
                                    <td>{match &r.result {
                                        Some(result) => result_prize(ticket.as_ref(), result),
                                        None => prize_or_none(r.prize, None),
                                    }}</td>
                                    <td>{r.busted.then(|| view! {
                                        <CorrectionButton correction=Correction::Revive(player) pending testid=format!("feed-revive-{}", player.0)>{t!(i18n, revive)}</CorrectionButton>
                                    })}</td>
                                </tr>
                            }
                        }).collect_view()}
                    </tbody>
                </table>
            </div>
        </section>
    }
}

/// The director's other tournaments (not archived), one tap away: the whole console follows
/// the choice (`?t=`), its live stream included, so the page loads anew.
/// The console's menu: what a director opens once an evening, kept out of the way of the
/// status strip. A `<details>`, so it opens before the code has loaded too.
#[component]
fn ConsoleMenu(choice: Memo<Option<i64>>, shown: Signal<Option<i64>>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <details class="console-menu" data-testid="console-menu">
            <summary data-testid="console-menu-open">{t!(i18n, menu)}</summary>
            <div class="menu-items">
                <a class="face small-link" href=move || with_tournament("/director/tables", choice.get()) data-testid="qr-sheet-link">{t!(i18n, qr_sheet)}</a>
                <a class="face small-link" href=move || with_tournament("/director/print/seating", choice.get()) data-testid="print-link">{t!(i18n, print_sheets)}</a>
                <a class="face small-link" href="/director/tournaments" data-testid="tournaments-link">{t!(i18n, tournaments)}</a>
                <a class="face small-link" href="/director/players" data-testid="players-link">{t!(i18n, club_players)}</a>
                <TournamentSwitch shown />
                // Loads the console again in the new language (see `LangSwitch`).
                <LangSwitch reload=true />
            </div>
        </details>
    }
}

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
    crate::ui::sound::play("/sounds/table-stopped.wav");
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
