//! Pieces every face shares: the language switch, the clock, the field figures, the payouts,
//! the offline banner and the answer to a command in the reader's language.

use super::live::Live;
use crate::domain::event::PaymentMethod;
use crate::domain::money::{Cents, Chips};
use crate::domain::view::{ClockView, LevelView};
use crate::i18n::*;
use crate::messages::error_message;
use crate::server_fns::{CommandReply, LiveView};
use leptos::prelude::*;

/// The two-letter code of the reader's language.
pub fn lang_code(locale: Locale) -> &'static str {
    match locale {
        Locale::en => "en",
        Locale::nl => "nl",
        Locale::fr => "fr",
    }
}

/// NL / FR / EN; the choice is remembered on the device (a cookie).
#[component]
pub fn LangSwitch() -> impl IntoView {
    let i18n = use_i18n();
    let button = move |locale: Locale, label: &'static str| {
        view! {
            <button
                class="lang"
                class:active=move || i18n.get_locale() == locale
                data-lang=label
                on:click=move |_| i18n.set_locale(locale)
            >
                {label.to_uppercase()}
            </button>
        }
    };
    view! {
        <nav class="langs" aria-label=move || t_string!(i18n, language).to_string()>
            {button(Locale::nl, "nl")}
            {button(Locale::fr, "fr")}
            {button(Locale::en, "en")}
        </nav>
    }
}

/// A banner while the live stream is down.
#[component]
pub fn OfflineBanner(live: Live) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <Show when=move || !live.online.get()>
            <div class="offline" role="status">{t!(i18n, offline)}</div>
        </Show>
    }
}

/// `mm:ss` (or `h:mm:ss`) for a number of milliseconds.
pub fn format_ms(ms: i64) -> String {
    let s = (ms.max(0) + 999) / 1000;
    let (h, m, s) = (s / 3600, (s / 60) % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m:02}:{s:02}")
    }
}

/// The clock's time left now, counted down on the device from the last reading.
pub fn remaining_now(clock: &ClockView, live: &Live) -> i64 {
    if !clock.running {
        return clock.remaining_ms;
    }
    let elapsed = (live.now.get() - live.received_at.get()).max(0.0) as i64;
    (clock.remaining_ms - elapsed).max(0)
}

fn blinds_text(level: &LevelView) -> String {
    format!("{} / {}", level.small_blind, level.big_blind)
}

/// The clock panel: level, time left, blinds and ante, next level, time to break.
#[component]
pub fn ClockPanel(
    live: Live,
    clock: ClockView,
    #[prop(optional)] big: bool,
    /// Play is over: the clock stands where it stopped, and says so.
    #[prop(optional)]
    finished: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    let level = clock.level.clone();
    let next = clock.next.clone();
    let c = clock.clone();
    let time = move || format_ms(remaining_now(&c, &live));
    let status = if finished {
        Some(t_string!(i18n, tournament_over).to_string())
    } else if !clock.started {
        Some(t_string!(i18n, not_started).to_string())
    } else if !clock.running {
        Some(t_string!(i18n, paused).to_string())
    } else {
        None
    };
    let title = match level.number {
        Some(n) => format!("{} {n}", t_string!(i18n, level)),
        None => t_string!(i18n, break_).to_string(),
    };
    let colour_up = level.colour_up;
    view! {
        <section class="clock" class:big=big>
            <div class="clock-level">{title}</div>
            <div class="clock-time" data-testid="clock-time">{time}</div>
            {status.map(|s| view! { <div class="clock-status">{s}</div> })}
            {(level.number.is_some()).then(|| view! {
                <div class="clock-blinds">
                    <span>{blinds_text(&level)}</span>
                    {(level.ante.0 > 0).then(|| view! { <span class="ante">{t!(i18n, ante)}" " {level.ante.to_string()}</span> })}
                </div>
            })}
            {colour_up.map(|chip| view! { <div class="colour-up">{t!(i18n, colour_up, chip = chip.to_string())}</div> })}
            {next.filter(|_| !finished).map(|n| view! {
                <div class="clock-next">{t!(i18n, next_level)}": "
                    {match n.number { Some(_) => blinds_text(&n), None => t_string!(i18n, break_).to_string() }}
                    {(n.ante.0 > 0).then(|| format!(" ({})", n.ante))}
                </div>
            })}
            {clock.ms_to_break.filter(|_| !finished).map(|ms| view! { <div class="clock-break">{t!(i18n, time_to_break)}" "{format_ms(ms)}</div> })}
        </section>
    }
}

/// Players left, entries, average stack, prize pool.
#[component]
pub fn FieldFigures(live: LiveView) -> impl IntoView {
    let i18n = use_i18n();
    let v = live.view;
    let avg_bb = format!("{}.{} BB", v.average_bb_x10 / 10, v.average_bb_x10 % 10);
    view! {
        <dl class="figures">
            <div><dt>{t!(i18n, players_left)}</dt><dd data-testid="players-left">{v.players_left}</dd></div>
            <div><dt>{t!(i18n, entries)}</dt><dd data-testid="entries">{v.entries}</dd></div>
            <div><dt>{t!(i18n, average_stack)}</dt><dd>{v.average_stack.to_string()}<small>" "{avg_bb}</small></dd></div>
            <div><dt>{t!(i18n, prize_pool)}</dt><dd data-testid="prize-pool">{euro(v.prize_pool)}</dd></div>
        </dl>
    }
}

/// `€ 12.50`.
pub fn euro(c: Cents) -> String {
    format!("€ {c}")
}

/// Stack in chips, readable.
pub fn chips(c: Chips) -> String {
    c.to_string()
}

/// The payouts table.
#[component]
pub fn Payouts(payouts: Vec<Cents>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <section class="payouts">
            <h2>{t!(i18n, payouts)}</h2>
            <ol>
                {payouts.into_iter().map(|p| view! { <li>{euro(p)}</li> }).collect_view()}
            </ol>
        </section>
    }
}

/// The answer to the last command: nothing when accepted, the reason in the reader's language
/// when refused.
#[component]
pub fn Answer(reply: Signal<Option<Result<CommandReply, ServerFnError>>>) -> impl IntoView {
    let i18n = use_i18n();
    move || {
        let lang = lang_code(i18n.get_locale());
        match reply.get() {
            Some(Ok(CommandReply::Rejected(refused))) => {
                Some(view! { <p class="answer error" role="alert" data-code=refused.code.clone()>{error_message(lang, &refused.code, &refused.params)}</p> }.into_any())
            }
            // Transport and server failures carry no domain code: the page only says so.
            Some(Err(_)) => Some(view! { <p class="answer error" role="alert">{error_message(lang, "INTERNAL", &Default::default())}</p> }.into_any()),
            Some(Ok(CommandReply::Accepted { .. })) => Some(view! { <p class="answer ok" role="status">{t!(i18n, saved)}</p> }.into_any()),
            None => None,
        }
    }
}

/// A payment method in the reader's language.
pub fn method_label(i18n: leptos_i18n::I18nContext<Locale>, method: PaymentMethod) -> AnyView {
    match method {
        PaymentMethod::Cash => t!(i18n, cash).into_any(),
        PaymentMethod::Card => t!(i18n, card).into_any(),
        PaymentMethod::Transfer => t!(i18n, transfer).into_any(),
        PaymentMethod::Voucher => t!(i18n, voucher).into_any(),
    }
}

/// The desk's choice of payment method: every method the club takes (a bank transfer for a
/// player who paid ahead, a voucher from a season prize), shown on the receipt as chosen.
#[component]
pub fn PaymentMethodPicker(method: RwSignal<PaymentMethod>, testid: &'static str) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <label>{t!(i18n, payment_method)}
            <select data-testid=testid
                on:change=move |ev| {
                    if let Some(m) = PaymentMethod::from_code(&event_target_value(&ev)) {
                        method.set(m);
                    }
                }>
                {PaymentMethod::ALL.into_iter().map(|m| view! {
                    <option value=m.code() selected=move || method.get() == m>{method_label(i18n, m)}</option>
                }).collect_view()}
            </select>
        </label>
    }
}
