//! The clock's controls: start, stop and resume, a minute more or less, the time left set to
//! what the room's own clock says, and a jump to the previous or next level or to any level
//! of the structure (a level forgotten, a clock started late, a jump by mistake). A jump asks
//! first: it changes the blinds at every table.

use super::super::components::{
    chips, format_ms, remaining_now, Answer, ClockPanel, ConfirmButton, FieldFigures,
};
use super::super::live::CommandAction;
use super::super::live::{command_action, Live};
use crate::domain::command::{AdjustClock, Command, JumpToLevel, PauseClock, StartClock};
use crate::domain::config::Level;
use crate::domain::read::faces::pieces::FieldView;
use crate::i18n::*;
use crate::server_fns::{get_config, LiveView};
use leptos::prelude::*;

/// `m:ss`, `mm:ss` or plain minutes, as typed, into seconds (`None` when not a time).
pub fn parse_time_left(text: &str) -> Option<i64> {
    let text = text.trim();
    let (m, s) = match text.split_once(':') {
        Some((m, s)) => (m.trim().parse::<i64>().ok()?, s.trim().parse::<i64>().ok()?),
        None => (text.parse::<i64>().ok()?, 0),
    };
    (m >= 0 && (0..60).contains(&s)).then_some(m * 60 + s)
}

#[component]
pub fn ClockSection(live: Live, #[prop(into)] current: Signal<Option<LiveView>>) -> impl IntoView {
    let i18n = use_i18n();
    let view = Signal::derive(move || current.get().map(|l| l.view));
    let send = command_action(RwSignal::new(None), live.shown());
    let time_left = RwSignal::new(String::new());
    // What was typed is not a time: said beside the field, nothing sent (the tap used to do
    // nothing at all, which reads as sent).
    let unreadable = RwSignal::new(false);
    let busy = Signal::derive(move || send.pending().get());
    let set_time = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let Some(target) = parse_time_left(&time_left.get_untracked()) else {
            unreadable.set(true);
            return;
        };
        unreadable.set(false);
        // The clock keeps its end time; the director says what the time left should be, and
        // the difference from what is left now is the adjustment.
        let Some(now_left) =
            view.with_untracked(|v| v.as_ref().map(|v| remaining_now(&v.clock, &live)))
        else {
            return;
        };
        let delta_seconds = target - (now_left + 999) / 1000;
        if delta_seconds != 0 && !send.pending().get_untracked() {
            send.dispatch(Command::AdjustClock(AdjustClock { delta_seconds }));
        }
        time_left.set(String::new());
    };
    // A memo: the list re-renders when the level changes, not at every event (an armed
    // confirmation would be lost).
    let level_now = Memo::new(move |_| {
        current
            .get()
            .filter(|l| !l.view.finished)
            .map(|l| l.view.clock.level_index)
    });
    view! {
        <section class="panel clock-section">
            {move || current.get().map(|l| {
                let v = &l.view;
                let clock = v.clock.clone();
                let finished = v.finished;
                let index = clock.level_index as u32;
                view! {
                    <ClockPanel live clock=clock.clone() finished />
                    // Play is over: the clock stays where it stopped, no controls.
                    {(!finished).then(|| view! {
                        <div class="clock-controls">
                            {if !clock.running {
                                view! { <button class="primary" data-testid="clock-start" disabled=busy on:click=move |_| { send.dispatch(Command::StartClock(StartClock {})); }>{if clock.started { t!(i18n, resume_clock).into_any() } else { t!(i18n, start_clock).into_any() }}</button> }.into_any()
                            } else {
                                view! { <button class="primary" data-testid="clock-pause" disabled=busy on:click=move |_| { send.dispatch(Command::PauseClock(PauseClock {})); }>{t!(i18n, pause_clock)}</button> }.into_any()
                            }}
                            <button data-testid="clock-plus" disabled=busy on:click=move |_| { send.dispatch(Command::AdjustClock(AdjustClock { delta_seconds: 60 })); }>{t!(i18n, add_minute)}</button>
                            <button data-testid="clock-minus" disabled=busy on:click=move |_| { send.dispatch(Command::AdjustClock(AdjustClock { delta_seconds: -60 })); }>{t!(i18n, remove_minute)}</button>
                        </div>
                        <div class="clock-controls">
                            {(index > 0).then(|| view! {
                                <ConfirmButton testid="level-back" busy on_confirm=move |_| { send.dispatch(Command::JumpToLevel(JumpToLevel { level_index: index - 1 })); }>{t!(i18n, level_back)}</ConfirmButton>
                            })}
                            {clock.next.is_some().then(|| view! {
                                <ConfirmButton testid="level-next" busy on_confirm=move |_| { send.dispatch(Command::JumpToLevel(JumpToLevel { level_index: index + 1 })); }>{t!(i18n, level_next)}</ConfirmButton>
                            })}
                        </div>
                    })}
                    <FieldFigures field=FieldView::of(&l.view) />
                }
            })}
            // Outside the view's re-render, so an open list stays open as events arrive.
            <LevelPicker live send current=level_now />
            <form class="time-left" on:submit=set_time>
                <label>{t!(i18n, set_time_left)}
                    <input data-testid="time-left" inputmode="numeric" autocomplete="off" placeholder="12:00"
                        prop:value=time_left on:input=move |ev| { unreadable.set(false); time_left.set(event_target_value(&ev)); } />
                </label>
                <button type="submit" data-testid="time-left-set" disabled=busy>{t!(i18n, set)}</button>
                <span class="hint">{move || view.with(|v| v.as_ref().map(|v| format_ms(remaining_now(&v.clock, &live))))}</span>
                {move || unreadable.get().then(|| view! { <p class="answer error" role="alert" data-testid="time-left-invalid">{t!(i18n, time_left_invalid)}</p> })}
            </form>
            <Answer reply=send.value().into() view />
        </section>
    }
}

/// Every level of the structure, each a jump that asks first. The structure is read when the
/// list is opened, so it is the one stored now (the editor may have changed it since the page
/// opened).
#[component]
fn LevelPicker(live: Live, send: CommandAction, current: Memo<Option<usize>>) -> impl IntoView {
    let i18n = use_i18n();
    let load = Action::new(|tournament: &Option<i64>| get_config(*tournament));
    let busy = Signal::derive(move || send.pending().get());
    let shown = RwSignal::new(false);
    let toggle = move |_| {
        let opening = !shown.get_untracked();
        shown.set(opening);
        if opening {
            load.dispatch(live.choice.get_untracked());
        }
    };
    let levels = move || {
        let current = current.get()?;
        let levels = load.value().get()?.ok()??.levels;
        let mut play = 0u32;
        Some(
            levels
                .into_iter()
                .enumerate()
                .map(|(i, level)| {
                    let label = match level {
                        Level::Play { small_blind, big_blind, ante, .. } => {
                            play += 1;
                            let ante = if ante.0 > 0 {
                                format!(" · {} {}", t_string!(i18n, ante), chips(ante))
                            } else {
                                String::new()
                            };
                            format!("{} {play} · {} / {}{ante}", t_string!(i18n, level), chips(small_blind), chips(big_blind))
                        }
                        Level::Break { minutes, .. } => {
                            format!("{} · {minutes} min", t_string!(i18n, break_))
                        }
                    };
                    let here = i == current;
                    view! {
                        <li class:current=here>
                            {if here {
                                view! { <span class="level-now" aria-current="step">{label}</span> }.into_any()
                            } else {
                                view! {
                                    <ConfirmButton testid=format!("go-level-{i}") busy class="small"
                                        on_confirm=move |_| { send.dispatch(Command::JumpToLevel(JumpToLevel { level_index: u32::try_from(i).unwrap_or(u32::MAX) })); }>
                                        {label.clone()}
                                    </ConfirmButton>
                                }.into_any()
                            }}
                        </li>
                    }
                })
                .collect_view(),
        )
    };
    let available = move || current.get().is_some();
    view! {
        <div class="level-picker" hidden=move || !available()>
            <button data-testid="level-picker" aria-expanded=move || shown.get().to_string() on:click=toggle>{t!(i18n, level_go_to)}</button>
            <Show when=move || shown.get()>
                {move || load.pending().get().then(|| view! { <p>{t!(i18n, loading)}</p> })}
                <ol class="level-list">{levels}</ol>
            </Show>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::parse_time_left;

    #[test]
    fn the_time_left_reads_as_typed() {
        assert_eq!(parse_time_left("12:00"), Some(720));
        assert_eq!(parse_time_left(" 7:05 "), Some(425));
        assert_eq!(parse_time_left("15"), Some(900));
        assert_eq!(parse_time_left("0:59"), Some(59));
        assert_eq!(parse_time_left("1:60"), None);
        assert_eq!(parse_time_left("-1"), None);
        assert_eq!(parse_time_left("abc"), None);
        assert_eq!(parse_time_left(""), None);
    }
}
