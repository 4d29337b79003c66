//! The room screen (a TV or a projector), `/screen`: read from across a dim room, touched by
//! nobody. The blinds, the time and the field big (`board`), a break mode with the colour-up,
//! the final results once play is over; sounds and spoken announcements on the room's events
//! (`announce`), switched from the console.
//!
//! No controls: the language comes from the address (`/screen?lang=nl`, else the device's
//! remembered or preferred one), the clock re-reads the server's view on its own. One tap
//! anywhere asks for full screen, keeps the screen awake and lets the browser play sound
//! (browsers allow neither without a gesture); a discreet hint says so until then.

mod announce;
mod board;

use super::components::{euro, lang_code, remaining_now, result_prize, FaceTitle, FieldFigures};
use super::connection::OfflineBanner;
use super::device::device_now;
use super::live::{use_face, Live};
use super::wake::{keep_screen_awake, request_fullscreen};
use crate::domain::money::Cents;
use crate::domain::read::faces::screen::ScreenView;
use crate::i18n::*;
use announce::{announce, Announcer, Cue, Moment};
use board::{Board, TapHint};
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

/// The view is read again this often even without news: the clock's countdown re-anchors on
/// the server's (a TV's clock may drift over an evening).
const RESYNC_MS: u64 = 5 * 60_000;
/// At 00:00 the next level's view is asked for, then again this often until it comes.
const LEVEL_END_RETRY_MS: f64 = 3_000.0;

/// Places per page of the final results under the winner (three columns of twelve lines at
/// 40 px or more on a 1080-line screen); more take turns.
const RESULTS_PER_PAGE: usize = 36;
/// How long each page of the final results stays.
const RESULTS_PAGE_MS: f64 = 10_000.0;

/// When play is over the room reads who won what: the winner big, then every place with its
/// prize and bounties (pages that take turns when they do not fit one screen).
#[component]
fn FinalResults(live: Live<ScreenView>, view: ScreenView) -> impl IntoView {
    let i18n = use_i18n();
    let mut lines: Vec<_> = view
        .results
        .iter()
        .filter(|r| r.place.is_some())
        .cloned()
        .collect();
    lines.sort_by_key(|r| r.place);
    let winner = lines.first().filter(|r| r.place == Some(1)).cloned();
    let rest: Vec<_> = lines
        .into_iter()
        .skip(usize::from(winner.is_some()))
        .collect();
    let pages: Vec<Vec<_>> = rest.chunks(RESULTS_PER_PAGE).map(|c| c.to_vec()).collect();
    let count = pages.len();
    let shown = move || {
        if count < 2 {
            return 0;
        }
        (live.now.get() / RESULTS_PAGE_MS) as usize % count
    };
    let ticket = view.prizes.ticket.clone();
    let winner = winner.map(|r| {
        let prize =
            (r.prize > Cents::ZERO || r.ticket).then(|| result_prize(ticket.as_ref(), &r));
        view! {
            <div class="tv-winner" data-testid="tv-winner">
                <span class="label">{t!(i18n, tv_winner)}</span>
                <span class="name">{r.name.clone()}</span>
                {prize.map(|p| view! { <span class="num">{p}</span> })}
                {(r.bounties > Cents::ZERO).then(|| view! { <span class="num bounty">" + "{euro(r.bounties)}</span> })}
            </div>
        }
    });
    let page = move || {
        let lines = pages.get(shown()).cloned().unwrap_or_default();
        lines
            .into_iter()
            .map(|r| {
                let paid = r.prize > Cents::ZERO || r.ticket;
                view! {
                    <li data-testid="final-result">
                        <span class="place">{r.place.unwrap_or_default()}"."</span>
                        <span class="name">{r.name.clone()}</span>
                        {paid.then(|| view! { <span class="num">{result_prize(ticket.as_ref(), &r)}</span> })}
                        {(r.bounties > Cents::ZERO).then(|| view! { <span class="num bounty">" + "{euro(r.bounties)}</span> })}
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <section class="final-results tv-final" data-testid="final-results" data-pages=count>
            <h2>{t!(i18n, final_results)}</h2>
            {winner}
            <ol class="tv-places">{page}</ol>
        </section>
    }
}

/// `/screen`: in the language the address names (`?lang=nl|fr|en`), else the device's.
#[component]
pub fn ScreenPage() -> impl IntoView {
    let query = use_query_map();
    let chosen = query
        .with_untracked(|q| q.get("lang"))
        .and_then(|l| l.parse::<Locale>().ok());
    match chosen {
        // A subcontext without a cookie: the TV's choice does not change the device's
        // remembered language for the other faces.
        Some(locale) => view! {
            <I18nSubContextProvider initial_locale=Signal::stored(locale)>
                <Screen />
            </I18nSubContextProvider>
        }
        .into_any(),
        None => view! { <Screen /> }.into_any(),
    }
}

/// The text of a cue in the room's language.
fn cue_text(i18n: leptos_i18n::I18nContext<Locale>, cue: &Cue) -> String {
    match cue {
        Cue::Level(l) if l.ante > crate::domain::money::Chips::ZERO => t_string!(
            i18n,
            announce_level,
            n = l.number.unwrap_or_default(),
            sb = l.small_blind.0,
            bb = l.big_blind.0,
            ante = l.ante.0
        )
        .to_string(),
        Cue::Level(l) => t_string!(
            i18n,
            announce_level_no_ante,
            n = l.number.unwrap_or_default(),
            sb = l.small_blind.0,
            bb = l.big_blind.0
        )
        .to_string(),
        Cue::Break(l) => match l.colour_up {
            Some(chip) => t_string!(
                i18n,
                announce_break_colour_up,
                minutes = l.minutes,
                chip = chip.0
            )
            .to_string(),
            None => t_string!(i18n, announce_break, minutes = l.minutes).to_string(),
        },
        Cue::OneMinute => t_string!(i18n, announce_one_minute).to_string(),
        Cue::LastHand => t_string!(i18n, announce_last_hand).to_string(),
        Cue::BreakEnds => t_string!(i18n, announce_break_ends).to_string(),
        Cue::Call(t) => t_string!(i18n, announce_call, table = t.0).to_string(),
        Cue::Stopped(t) => t_string!(i18n, announce_stopped, table = t.0).to_string(),
        Cue::Move(m) => t_string!(
            i18n,
            announce_move,
            name = m.name.clone(),
            table = m.table.0,
            seat = m.seat.0
        )
        .to_string(),
        Cue::ToDesk(name) => t_string!(i18n, announce_to_desk, name = name.clone()).to_string(),
    }
}

/// Watches the live view and says what changed (see `announce`); the last thing said is also
/// in `said`, the page's live region.
fn watch_announcements(live: Live<ScreenView>, said: RwSignal<String>) {
    let i18n = use_i18n();
    let announcer = StoredValue::new(Announcer::default());
    Effect::new(move |_| {
        // Reads the tick too: the countdown's last minute is a transition of its own.
        let moment = live.view.with(|v| match v {
            Some(Ok(Some(l))) => Some((
                Moment::of(&l.view, remaining_now(&l.view.clock, &live)),
                l.view.announcements,
            )),
            _ => None,
        });
        let Some((moment, switches)) = moment else {
            return;
        };
        let cues = announcer
            .try_update_value(|a| a.step(moment))
            .unwrap_or_default();
        let lang = lang_code(i18n.get_locale_untracked());
        for cue in cues {
            let text = cue_text(i18n, &cue);
            announce(&cue, &text, lang, switches.sounds, switches.speech);
            said.set(text);
        }
    });
}

/// Reads the view again at the end of a level (the server moves to the next level without an
/// event, so no live message comes) and every few minutes.
fn keep_clock_fresh(live: Live<ScreenView>) {
    let asked_at = StoredValue::new(0.0_f64);
    Effect::new(move |_| {
        let over = live.view.with(|v| match v {
            Some(Ok(Some(l))) => {
                let c = &l.view.clock;
                c.running && !l.view.finished && remaining_now(c, &live) == 0
            }
            _ => false,
        });
        let now = device_now();
        if over && now - asked_at.get_value() > LEVEL_END_RETRY_MS {
            asked_at.set_value(now);
            live.version.update(|v| *v += 1);
        }
    });
    Effect::new(move |_| {
        let _ = set_interval_with_handle(
            move || live.version.update(|v| *v += 1),
            std::time::Duration::from_millis(RESYNC_MS),
        );
    });
}

/// The screen in the language chosen by `ScreenPage`.
#[component]
fn Screen() -> impl IntoView {
    let i18n = use_i18n();
    // The screen's own view: no player list (a bust in a 300-player evening costs the TV
    // a few kilobytes, issue Y.4).
    let live = use_face::<ScreenView>(None, ());
    let said = RwSignal::new(String::new());
    let tapped = RwSignal::new(false);
    // Lines the side column's pages are cut shorter than the estimate, as measured (`Side`).
    let fit = RwSignal::new(0usize);
    watch_announcements(live, said);
    keep_clock_fresh(live);
    // The sign-up's QR code, made once for the screen's tournament. (`try_get`: see
    // `use_live`; a source read after the page's owner is gone must not panic.)
    let door_qr = Resource::new(
        move || live.choice.try_get().flatten(),
        crate::server_fns::sign_up_door,
    );
    // The wake lock needs no tap, only a visible page: ask at once (effects run in the
    // browser only).
    Effect::new(move |_| keep_screen_awake());
    // The measure only ever cuts shorter (`Side`). A screen that grew (the tap's full screen,
    // a window made bigger) or lost the tap hint has room again: measure afresh from the
    // estimate, or the pages stay cut for the evening's smaller screen until a reload.
    let measure_afresh = move || {
        if fit.try_get_untracked().is_some_and(|f| f > 0) {
            fit.try_set(0);
        }
    };
    #[cfg(feature = "hydrate")]
    {
        // (`try_`: a listener outlives a page left by a link; it must not touch its values.)
        let resized = window_event_listener(leptos::ev::resize, move |_| measure_afresh());
        on_cleanup(move || resized.remove());
    }
    let on_tap = move |_| {
        request_fullscreen();
        keep_screen_awake();
        // The first tap takes the hint away: room for the pages again. (Later taps change
        // nothing the pages stand on.)
        if !tapped.get_untracked() {
            tapped.set(true);
            measure_afresh();
        }
    };
    let face = Signal::derive(move || t_string!(i18n, face_screen).to_string());
    // Asked for until the first tap: in the side column during play, at the foot of the
    // final results.
    let hint = Signal::derive(move || !tapped.get());
    view! {
        <FaceTitle live face />
        <main class="page screen tv" on:click=on_tap>
            <OfflineBanner live />
            <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
                {move || live.view.get().map(|v| match v {
                    Ok(Some(l)) if l.view.finished => view! {
                        <h1 class="screen-title">{l.view.name.clone()}</h1>
                        <FinalResults live view=l.view.clone() />
                        <FieldFigures field=l.view.field.clone() />
                        <TapHint hint />
                    }.into_any(),
                    Ok(Some(l)) => {
                        let door_qr = door_qr.get().and_then(Result::ok).map(|d| d.qr_svg);
                        view! { <Board live l door_qr fit hint /> }.into_any()
                    }
                    _ => view! { <p>{t!(i18n, no_tournament)}</p> }.into_any(),
                })}
            </Transition>
            // What was last announced, for screen readers and tests (visually hidden).
            <div class="visually-hidden" aria-live="polite" role="status" data-testid="announcement">{move || said.get()}</div>
        </main>
    }
}
