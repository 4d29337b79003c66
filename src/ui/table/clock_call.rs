//! TDA 5: when a player calls the clock on another, that player has one minute to act, then a
//! final ten-second countdown; with no action by then the hand is dead. The countdown runs on
//! the table's device only: it decides nothing in the tournament.

use super::super::components::format_ms;
use super::super::device::device_now;
use super::super::live::Live;
use crate::domain::read::faces::FaceView;
use crate::i18n::*;
use leptos::prelude::*;

const MINUTE_MS: f64 = 60_000.0;
const FINAL_MS: f64 = 10_000.0;

/// The clock-call button and its countdown.
#[component]
pub fn ClockCall<V: FaceView>(live: Live<V>) -> impl IntoView {
    let i18n = use_i18n();
    let started = RwSignal::new(None::<f64>);
    let elapsed = move || started.get().map(|s| (live.now.get() - s).max(0.0));
    view! {
        <section class="clock-call panel">
            {move || match elapsed() {
                None => view! {
                    <button class="wide" data-testid="clock-call" on:click=move |_| {
                        live.now.set(device_now());
                        started.set(Some(device_now()));
                    }>{t!(i18n, clock_call)}</button>
                }.into_any(),
                Some(e) => {
                    let (phase, left) = if e < MINUTE_MS {
                        (t!(i18n, clock_call_minute).into_any(), MINUTE_MS - e)
                    } else if e < MINUTE_MS + FINAL_MS {
                        (t!(i18n, clock_call_final).into_any(), MINUTE_MS + FINAL_MS - e)
                    } else {
                        (t!(i18n, clock_call_over).into_any(), 0.0)
                    };
                    view! {
                        <div class="clock-call-running" role="timer" data-testid="clock-call-running"
                            class:final=move || elapsed().is_some_and(|e| e >= MINUTE_MS)>
                            <p class="phase">{phase}</p>
                            <p class="countdown" data-testid="clock-call-left">{format_ms(left as i64)}</p>
                            <button on:click=move |_| started.set(None)>{t!(i18n, stop)}</button>
                        </div>
                    }.into_any()
                }
            }}
        </section>
    }
}
