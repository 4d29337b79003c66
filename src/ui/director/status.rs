//! The status strip, always in view at the top of the console: the clock, the field, and
//! everything that waits for the director (a table calling, with the time since; stopped
//! tables; moves to carry out; bonus stacks not at their table; hand-for-hand and the bubble).
//! A call is answered from here in one tap; the rest opens its section.

use super::super::components::{format_ms, remaining_now, view_part};
use super::super::live::{CommandAction, Live};
use super::sections::Section;
use crate::domain::command::{AnswerCall, Command};
use crate::domain::view::{CallView, TournamentView};
use crate::i18n::*;
use crate::ui::components::colon;
use leptos::prelude::*;

/// What waits in each section, for the strip and the tabs' badges.
pub fn waiting(view: &TournamentView) -> Vec<(Section, usize)> {
    vec![
        // A table asking for a rebuy, a phone for a re-entry: money to take at the desk.
        (Section::Players, asked(view)),
        (
            Section::Tables,
            view.plan.stopped.len() + view.plan.moves_to_make() + view.bonus_missing.len(),
        ),
        (
            Section::Rulings,
            view.calls
                .iter()
                .filter(|c| c.answered_at.is_none())
                .count(),
        ),
    ]
}

/// Rebuys the tables ask for and re-entries the phones ask for, still open.
fn asked(view: &TournamentView) -> usize {
    view.rebuy_requests.len() + view.reentry_requests.len()
}

/// What the strip's alerts show; they are drawn anew only when it changes.
#[derive(Clone, Debug, PartialEq)]
struct Alerts {
    stopped: Vec<u16>,
    moves: usize,
    asked: usize,
    bonus: usize,
    hand_for_hand: bool,
    bubble: bool,
}

impl Alerts {
    fn of(v: &TournamentView) -> Alerts {
        Alerts {
            stopped: v.plan.stopped.iter().map(|t| t.0).collect(),
            moves: v.plan.moves_to_make(),
            asked: asked(v),
            bonus: v.bonus_missing.len(),
            hand_for_hand: v.hand_for_hand.is_some(),
            bubble: v.bubble && !v.finished,
        }
    }
}

/// Every item of the strip is a button the director taps all evening (a call answered in one
/// tap): each stays in place while the clock ticks and live updates come, and only what it
/// says changes. A button drawn anew under the finger loses the tap; the calls' buttons were,
/// every second (session 35).
#[component]
pub fn StatusStrip(
    live: Live,
    #[prop(into)] view: Signal<Option<TournamentView>>,
    section: RwSignal<Section>,
    send: CommandAction,
) -> impl IntoView {
    let i18n = use_i18n();
    let clock = view_part(view, |v| v.clock.clone());
    let finished = view_part(view, |v| v.finished);
    let field = view_part(view, |v| (v.players_left, v.entries));
    let level = move || {
        clock.with(|c| match c.as_ref()?.level.number {
            Some(n) => Some(format!("{} {n}", t_string!(i18n, level))),
            None => Some(t_string!(i18n, break_).to_string()),
        })
    };
    let state = move || {
        let c = clock.get()?;
        let said = if finished.get().unwrap_or(false) {
            t_string!(i18n, tournament_over)
        } else if !c.started {
            t_string!(i18n, not_started)
        } else if !c.running {
            t_string!(i18n, paused)
        } else {
            return None;
        };
        Some(view! { " "<span class="warn">{said}</span> })
    };
    let remaining = move || clock.with(|c| c.as_ref().map(|c| format_ms(remaining_now(c, &live))));
    let field_title = move || {
        field
            .get()
            .map(|(left, entries)| format!("{}: {left} / {entries}", t_string!(i18n, players_left)))
    };
    let calls = view_part(view, |v| v.calls.clone());
    let call = move |c: CallView| {
        let table = c.table;
        let at = c.at.0 as f64;
        // Minutes since the call by this device's clock (close enough for "how long").
        let minutes = move || ((live.now.get() - at) / 60_000.0).max(0.0) as i64;
        // Answered: the TD is on the way, and the next tap closes the call.
        let answered = c.answered_at.is_some();
        // Short in the strip (the table and how long), the sentence in the title: the
        // strip is one row on the tablet, and a long call pushed the next alert out of it.
        let said = move || {
            if answered {
                t_string!(i18n, call_on_the_way).to_string()
            } else {
                t_string!(i18n, called_minutes_ago, m = minutes()).to_string()
            }
        };
        view! {
            <span class="strip-item call" class:alarm=!answered class:warn=answered data-testid=format!("strip-call-{}", table.0)
                title=said>
                {t!(i18n, table_n, n = table.0)}
                {(!answered).then(|| view! { " · "<span class="num">{move || t!(i18n, minutes_short, m = minutes())}</span> })}
                <button class:primary=!answered data-testid=format!("answer-call-{}", table.0) disabled=move || send.pending().get()
                    on:click=move |_| { send.dispatch(Command::AnswerCall(AnswerCall { table })); }>
                    {if answered { t!(i18n, call_done).into_any() } else { t!(i18n, answer_call).into_any() }}
                </button>
            </span>
        }
    };
    let alerts = view_part(view, Alerts::of);
    let alerts = move || {
        let Alerts {
            stopped,
            moves,
            asked,
            bonus,
            hand_for_hand,
            bubble,
        } = alerts.get()?;
        Some(view! {
            {(!stopped.is_empty()).then(|| view! {
                <button class="strip-item alarm" data-testid="strip-stopped" on:click=move |_| section.set(Section::Tables)>
                    {t!(i18n, stopped)}{colon()}{stopped.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ")}
                </button>
            })}
            {(moves > 0).then(|| view! {
                <WaitingItem testid="strip-moves" word=t_string!(i18n, strip_moves).to_string() n=moves
                    title=t_string!(i18n, moves_waiting, n = moves).to_string() opens=Section::Tables section />
            })}
            {(asked > 0).then(|| view! {
                <WaitingItem testid="strip-requests" word=t_string!(i18n, strip_purchases).to_string() n=asked
                    title=t_string!(i18n, purchases_asked, n = asked).to_string() opens=Section::Players section />
            })}
            {(bonus > 0).then(|| view! {
                <WaitingItem testid="strip-bonus" word=t_string!(i18n, strip_bonus).to_string() n=bonus
                    title=t_string!(i18n, bonus_waiting, n = bonus).to_string() opens=Section::Tables section />
            })}
            {hand_for_hand.then(|| view! { <span class="strip-item warn" data-testid="strip-h4h">{t!(i18n, hand_for_hand)}</span> })}
            {bubble.then(|| view! { <span class="strip-item warn" data-testid="strip-bubble">{t!(i18n, bubble)}</span> })}
        })
    };
    view! {
        <div class="status-strip" data-testid="status-strip" role="status">
            <Show when=move || clock.with(Option::is_some)>
                <button class="strip-item clock-item" data-testid="strip-clock" on:click=move |_| section.set(Section::Clock)>
                    <b>{level}</b>" "
                    <span class="num">{remaining}</span>
                    {state}
                </button>
                // The figures last: on a crowded strip this item gives way, a part at a time
                // (style: the label goes first, then the entries; what stays is the count left).
                <span class="strip-item" data-testid="strip-field" title=field_title>
                    <span class="figures"><b>{move || field.get().map(|(left, _)| left)}</b><span class="of">" / "{move || field.get().map(|(_, entries)| entries)}</span>" "<span class="muted">{t!(i18n, players_left)}</span></span>
                </span>
            </Show>
            <For each=move || calls.get().unwrap_or_default() key=|c| c.clone() children=call />
            {alerts}
        </div>
    }
}

/// Something waiting, short in the strip (a word and a count, the sentence in its title: the
/// strip is one row on the tablet); a tap opens the section where it is done.
#[component]
fn WaitingItem(
    testid: &'static str,
    word: String,
    title: String,
    n: usize,
    opens: Section,
    section: RwSignal<Section>,
) -> impl IntoView {
    view! {
        <button class="strip-item warn" data-testid=testid title=title on:click=move |_| section.set(opens)>
            {word}" "<b class="num">{n}</b>
        </button>
    }
}
