//! Pieces every face shares: the language switch, the clock, the field figures, the payouts,
//! the offline banner and the answer to a command in the reader's language.

use super::live::Live;
use crate::domain::config::{TicketKind, TicketPrize};
use crate::domain::event::PaymentMethod;
use crate::domain::money::{Cents, Chips};
use crate::domain::numbers::NumberStyle;
use crate::domain::read::faces::pieces::{FieldView, PrizeList};
use crate::domain::read::faces::FaceView;
use crate::domain::view::{
    ClockView, LevelView, MoveNotice, PlayerView, ResultLine, TournamentView,
};
use crate::i18n::*;
use crate::messages::error_message;
use crate::protocol::Refused;
use crate::server_fns::CommandReply;
use leptos::prelude::*;
use leptos_meta::Title;
use std::collections::BTreeMap;

/// The two-letter code of the reader's language.
pub fn lang_code(locale: Locale) -> &'static str {
    match locale {
        Locale::en => "en",
        Locale::nl => "nl",
        Locale::fr => "fr",
    }
}

/// NL / FR / EN; the choice is remembered on the device (a cookie). The buttons are a GET
/// form's (`?lang=fr`, the address's other parameters kept as hidden fields), so a tap works
/// before the page's code has loaded: the server turns it into the cookie
/// (`server::http::language`). Once the code runs, a tap switches in place, unless `reload`:
/// the words follow the language by themselves, but numbers, amounts and colons are written
/// the language's way when drawn ([`number_style`]), and a page whose panels are drawn only
/// when their part of the view changes (the console, [`view_part`]) kept `12.000` in English
/// until then. Such a page loads again in the new language (its section is in the address).
#[component]
pub fn LangSwitch(#[prop(optional)] reload: bool) -> impl IntoView {
    let i18n = use_i18n();
    let query = leptos_router::hooks::use_query_map();
    let kept = move || {
        query.with(|q| {
            q.into_iter()
                .filter(|(k, _)| *k != "lang")
                .map(|(k, v)| view! { <input type="hidden" name=k.to_string() value=v.to_string() /> })
                .collect_view()
        })
    };
    let button = move |locale: Locale, label: &'static str| {
        view! {
            <button
                type="submit"
                name="lang"
                value=label
                class="lang"
                class:active=move || i18n.get_locale() == locale
                data-lang=label
                on:click=move |ev| {
                    if reload {
                        // The form's own GET, as before the code ran, to this address.
                        #[cfg(feature = "hydrate")]
                        submit_to_this_section(&ev);
                        return;
                    }
                    ev.prevent_default();
                    i18n.set_locale(locale)
                }
            >
                {label.to_uppercase()}
            </button>
        }
    };
    view! {
        <nav class="langs" aria-label=move || t_string!(i18n, language).to_string()>
            <form method="get">
                {kept}
                {button(Locale::nl, "nl")}
                {button(Locale::fr, "fr")}
                {button(Locale::en, "en")}
            </form>
        </nav>
    }
}

/// A page's title, as it reads now.
///
/// Why not `<Title text=closure />`: on the server leptos_meta reads a title's text when it
/// writes the page's head, after the page was rendered and outside the page's reactive arena
/// (each request has its own): a closure over the page's signals then finds nothing, and the
/// page went out with an empty title on a busy server (four requests at once, CI). So the
/// text is worked out while the page renders (and again in the browser whenever what it reads
/// changes) into an `ArcRwSignal`, which lives outside any arena, and the title reads that.
/// Inside a transition, so a text that reads the live view (a resource) waits for it.
#[component]
pub fn PageTitle(text: impl Fn() -> String + Send + Sync + 'static) -> impl IntoView {
    let shown = ArcRwSignal::new(String::new());
    let read = shown.clone();
    view! {
        <Title text=move || read.get() />
        <Transition fallback=|| ()>{move || shown.set(text())}</Transition>
    }
}

/// The page's title, the face and the tournament it shows ("Tafel 3 · Vrijdagavond"), in the
/// page's language: a phone's tabs and the browser's history tell the faces apart, and a
/// changed title is what a player sees of a page in another tab. `face` is the face's name as
/// it reads now (a closure over the language); the tournament's name comes from the live view.
#[component]
pub fn FaceTitle<V: FaceView>(live: Live<V>, face: Signal<String>) -> impl IntoView {
    let text = move || {
        let name = live
            .view
            .try_get()
            .flatten()
            .and_then(|v| v.ok().flatten())
            .map(|l| l.view.tournament_name().to_string());
        let face = face.try_get().unwrap_or_default();
        match name {
            Some(name) if !name.is_empty() => format!("{face} · {name}"),
            _ => face,
        }
    };
    view! { <PageTitle text /> }
}

/// A player's planned move, on top of their page and big: "Go to table 1, seat 6" (or to a
/// table whose seat is still to be named). When a move appears while the page is open, the
/// phone chimes and vibrates where the browser lets it (`alert::chime_and_vibrate`).
#[component]
pub fn MoveBanner(notice: Signal<Option<MoveNotice>>) -> impl IntoView {
    let i18n = use_i18n();
    Effect::new(move |before: Option<Option<MoveNotice>>| {
        let now = notice.get();
        // Not on the first reading: a page opened with a move planned shows it, big.
        if before.is_some_and(|b| b != now) && now.is_some() {
            super::alert::chime_and_vibrate();
        }
        now
    });
    // Inside a transition: the notice comes from the live view (a resource), which the server
    // waits for, so the page hydrates what it rendered.
    view! {
        <Transition fallback=|| ()>
            {move || {
                notice.get().map(|n| {
                    let text = match n.seat {
                        Some(seat) => t_string!(i18n, move_to_seat, table = n.to.0, seat = seat.0).to_string(),
                        None => t_string!(i18n, move_to_table, table = n.to.0).to_string(),
                    };
                    view! { <section class="panel big-news move-notice" role="alert" data-testid="move-notice" data-light-chime="">{text}</section> }
                })
            }}
        </Transition>
    }
}

/// `text` with the move in front, for the page's title (a phone's tab says it too).
pub fn with_move(text: String, notice: Option<MoveNotice>) -> String {
    match notice {
        Some(MoveNotice {
            to,
            seat: Some(seat),
            ..
        }) => format!("→ {}/{} · {text}", to.0, seat.0),
        Some(MoveNotice { to, .. }) => format!("→ {} · {text}", to.0),
        None => text,
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
pub fn remaining_now<V: FaceView>(clock: &ClockView, live: &Live<V>) -> i64 {
    counted_down(clock.remaining_ms, clock, live)
}

/// `ms` as the view had it, counted down on the device since the view came while the clock
/// runs (the level's time left, the time to the break: both tick between events).
fn counted_down<V: FaceView>(ms: i64, clock: &ClockView, live: &Live<V>) -> i64 {
    if !clock.running {
        return ms;
    }
    let elapsed = (live.now.get() - live.received_at.get()).max(0.0) as i64;
    (ms - elapsed).max(0)
}

fn blinds_text(level: &LevelView) -> String {
    format!("{} / {}", chips(level.small_blind), chips(level.big_blind))
}

/// The clock panel: level, time left, blinds and ante, next level, time to break.
#[component]
pub fn ClockPanel<V: FaceView>(
    live: Live<V>,
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
            // `data-count-ms`: the light pages' script counts down from the same reading
            // (`ui::light`); the app's pages count with `live`.
            <div class="clock-time" data-testid="clock-time" data-count-ms=clock.remaining_ms.to_string() data-running=clock.running.to_string()>{time}</div>
            {status.map(|s| view! { <div class="clock-status">{s}</div> })}
            {(level.number.is_some()).then(|| view! {
                <div class="clock-blinds">
                    <span>{blinds_text(&level)}</span>
                    {(level.ante.0 > 0).then(|| view! { <span class="ante">{t!(i18n, ante)}" " {chips(level.ante)}</span> })}
                </div>
            })}
            {colour_up.map(|chip| view! { <div class="colour-up">{t!(i18n, colour_up, chip = chips(chip))}</div> })}
            {next.filter(|_| !finished).map(|n| view! {
                <div class="clock-next">{t!(i18n, next_level)}{colon()}
                    {match n.number { Some(_) => blinds_text(&n), None => t_string!(i18n, break_).to_string() }}
                    // The ante named, as on the TV: "200 / 400 · Ante 400", not a bare "(400)".
                    {(n.ante.0 > 0).then(|| format!(" · {} {}", t_string!(i18n, ante), chips(n.ante)))}
                </div>
            })}
            {clock.ms_to_break.filter(|_| !finished).map(|ms| {
                let running = clock.running.to_string();
                let to_break = move || format_ms(counted_down(ms, &clock, &live));
                view! { <div class="clock-break" data-testid="clock-break">{t!(i18n, time_to_break)}" "<span data-count-ms=ms.to_string() data-running=running>{to_break}</span></div> }
            })}
        </section>
    }
}

/// Players left, entries, average stack, prize pool.
#[component]
pub fn FieldFigures(field: FieldView) -> impl IntoView {
    let i18n = use_i18n();
    let v = field;
    let avg_bb = number_style().big_blinds(v.average_bb_x10);
    view! {
        <dl class="figures">
            <div><dt>{t!(i18n, players_left)}</dt><dd data-testid="players-left">{v.players_left}</dd></div>
            <div><dt>{t!(i18n, entries)}</dt><dd data-testid="entries">{v.entries}</dd></div>
            <div><dt>{t!(i18n, average_stack)}</dt><dd>{chips(v.average_stack)}" "<small>{avg_bb}</small></dd></div>
            <div><dt>{t!(i18n, prize_pool)}</dt><dd data-testid="prize-pool">{euro(v.prize_pool)}<GuaranteedMark guarantee=v.guarantee /></dd></div>
            <PurchaseFigures field=v.clone() />
        </dl>
    }
}

/// "guaranteed" after a prize pool that is a guarantee's (the phones' figures, the TV).
#[component]
pub fn GuaranteedMark(guarantee: Option<Cents>) -> impl IntoView {
    let i18n = use_i18n();
    guarantee.map(|_| view! { <small data-testid="guaranteed">" "{t!(i18n, guaranteed)}</small> })
}

/// The guarantee and what the house adds to make it, as two more figures (the money panel,
/// the payout sheet); nothing without a guarantee, no overlay once the entries make it.
#[component]
pub fn GuaranteeFigures(guarantee: Option<Cents>, overlay: Cents) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        {guarantee.map(|g| view! {
            <div><dt>{t!(i18n, guarantee)}</dt><dd data-testid="guarantee">{euro(g)}</dd></div>
        })}
        {(overlay != Cents::ZERO).then(|| view! {
            <div><dt>{t!(i18n, overlay_house)}</dt><dd data-testid="overlay">{euro(overlay)}</dd></div>
        })}
    }
}

/// What a place wins, as every face writes it: the money, and the ticket where the place wins
/// one ("Ticket Main Event (€ 100.00)", "€ 120.00 + Voucher Poker Café (€ 25.00)"). `cash` is
/// the money beside the ticket; `ticket` only when this place wins it.
pub fn prize_with_ticket(cash: Cents, ticket: Option<&TicketPrize>) -> AnyView {
    let i18n = use_i18n();
    let Some(t) = ticket else {
        return euro(cash).into_any();
    };
    let kind = match t.kind {
        TicketKind::Seat => t!(i18n, ticket_seat).into_any(),
        TicketKind::Voucher => t!(i18n, ticket_voucher).into_any(),
    };
    let label = view! {
        <span class="ticket" data-testid="ticket-prize">{kind}" "{t.name.clone()}
            <small>" ("{euro(t.value)}")"</small></span>
    };
    if cash == Cents::ZERO {
        label.into_any()
    } else {
        view! { {euro(cash)}" + "{label} }.into_any()
    }
}

/// The same as one line of text, for sentences ("Out: place 2 · prize …").
pub fn prize_line(cash: Cents, ticket: Option<&TicketPrize>) -> String {
    let i18n = use_i18n();
    let Some(t) = ticket else {
        return euro(cash);
    };
    let kind = match t.kind {
        TicketKind::Seat => t_string!(i18n, ticket_seat).to_string(),
        TicketKind::Voucher => t_string!(i18n, ticket_voucher).to_string(),
    };
    let label = format!("{kind} {} ({})", t.name, euro(t.value));
    if cash == Cents::ZERO {
        label
    } else {
        format!("{} + {label}", euro(cash))
    }
}

/// One line of the payouts as every money face lists them.
#[derive(Clone, Debug, PartialEq)]
pub struct PayoutLine {
    /// The place ("3"), or after a deal "Deal · Ann", or what is left to play for.
    pub label: String,
    pub cash: Cents,
    /// The ticket this line wins (a satellite's place).
    pub ticket: Option<TicketPrize>,
}

impl PayoutLine {
    /// The amount as the faces write it (the money, and the ticket where there is one).
    pub fn amount(&self) -> AnyView {
        prize_with_ticket(self.cash, self.ticket.as_ref())
    }
}

/// The payout lines as every money face lists them: after a deal, each of its players with
/// the amount agreed (and what is left to play for), then the table's places after the
/// deal's; before one, the table's places.
pub fn payout_lines(view: &PrizeList) -> Vec<PayoutLine> {
    let i18n = use_i18n();
    let mut lines = Vec::new();
    let mut dealt = 0;
    if let Some(deal) = &view.deal {
        dealt = deal.amounts.len();
        for a in &deal.amounts {
            lines.push(PayoutLine {
                label: format!("{} · {}", t_string!(i18n, deal), a.name),
                cash: a.amount,
                ticket: None,
            });
        }
        if deal.to_play_for > Cents::ZERO {
            lines.push(PayoutLine {
                label: t_string!(i18n, deal_to_play_for_short).to_string(),
                cash: deal.to_play_for,
                ticket: None,
            });
        }
    }
    for i in dealt..view.payouts.len() {
        lines.push(PayoutLine {
            label: (i + 1).to_string(),
            cash: view.cash_of_place(i),
            ticket: view.ticket_of_place(i).cloned(),
        });
    }
    lines
}

/// A result line's prize, with its ticket (`ticket`: the tournament's, `PrizeList::ticket`).
pub fn result_prize(ticket: Option<&TicketPrize>, line: &ResultLine) -> AnyView {
    prize_or_none(line.cash(ticket), ticket.filter(|_| line.ticket))
}

/// A place's prize in a list of places (the desk's busts, the money panel, the results
/// sheet): "—" where the place won nothing, not "€ 0,00", which reads as a slip.
pub fn prize_or_none(cash: Cents, ticket: Option<&TicketPrize>) -> AnyView {
    if cash == Cents::ZERO && ticket.is_none() {
        view! { <span class="no-prize">"—"</span> }.into_any()
    } else {
        prize_with_ticket(cash, ticket)
    }
}

/// The rebuys and add-ons bought, as two more figures, where the tournament sells them (the
/// phones, the TV, the money panel, the payout sheet).
#[component]
pub fn PurchaseFigures(field: FieldView) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        {field.rebuys.map(|n| view! {
            <div><dt>{t!(i18n, rebuys_count)}</dt><dd data-testid="rebuys">{n}</dd></div>
        })}
        {field.add_ons.map(|n| view! {
            <div><dt>{t!(i18n, add_ons_count)}</dt><dd data-testid="add-ons">{n}</dd></div>
        })}
    }
}

/// A player's purchases in one short cell: entries, then rebuys and the add-on when bought
/// ("2 +3R +A").
pub fn purchases_label(entries: u16, rebuys: u16, add_ons: u16) -> String {
    let mut s = entries.to_string();
    if rebuys > 0 {
        s.push_str(&format!(" +{rebuys}R"));
    }
    if add_ons > 0 {
        s.push_str(" +A");
    }
    s
}

/// One whole number as people type it: a space or a dot groups thousands ("1 200", "1.200",
/// the French narrow no-break space too), so "1 200" is one number, never two. No negatives.
pub fn whole_number(text: &str) -> Option<i64> {
    let digits: String = text
        .chars()
        .filter(|c| !matches!(c, ' ' | '.' | '\u{a0}' | '\u{202f}'))
        .collect();
    digits.parse::<i64>().ok().filter(|n| *n >= 0)
}

/// A chip count as typed: a whole number where a comma groups thousands too ("12,500").
pub fn chip_count(text: &str) -> Option<Chips> {
    whole_number(&text.replace(',', "")).map(Chips)
}

/// `HH:MM` of an instant, in the device's time zone once the page runs in the browser
/// (`offset_ms`); the server does not know the reader's zone, so its first rendering says
/// UTC rather than show a wrong local time.
pub fn clock_of(ms: i64, offset_ms: Option<i64>) -> String {
    let time = chrono::DateTime::from_timestamp_millis(ms.saturating_add(offset_ms.unwrap_or(0)))
        .map(|d| d.format("%H:%M").to_string())
        .unwrap_or_default();
    match offset_ms {
        Some(_) => time,
        None => format!("{time} UTC"),
    }
}

/// An instant as a `datetime-local` input shows it (`2026-12-04T19:30`), in the device's
/// time zone in the browser (the zone of that date, summer time included); UTC elsewhere.
pub fn local_input_value(ms: i64) -> String {
    #[cfg(feature = "hydrate")]
    {
        let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
        format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}",
            d.get_full_year(),
            d.get_month() + 1,
            d.get_date(),
            d.get_hours(),
            d.get_minutes()
        )
    }
    #[cfg(not(feature = "hydrate"))]
    {
        chrono::DateTime::from_timestamp_millis(ms)
            .map(|d| d.format("%Y-%m-%dT%H:%M").to_string())
            .unwrap_or_default()
    }
}

/// The instant a `datetime-local` input's text stands for: read in the device's time zone in
/// the browser (as [`local_input_value`] writes it), as UTC elsewhere. `None` when it is not
/// a date and time.
pub fn instant_of_local_input(text: &str) -> Option<i64> {
    let text = text.trim();
    // Both readings accept exactly the input's own shape, so a typed "tomorrow" is refused
    // alike in the browser and in tests.
    let naive = chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M").ok()?;
    #[cfg(feature = "hydrate")]
    {
        let _ = naive;
        let ms = js_sys::Date::new(&wasm_bindgen::JsValue::from_str(text)).get_time();
        (!ms.is_nan()).then_some(ms as i64)
    }
    #[cfg(not(feature = "hydrate"))]
    {
        Some(naive.and_utc().timestamp_millis())
    }
}

/// A date and time for people: `Fri 4 Dec 19:30` in the device's zone once the page runs in the
/// browser (`offset_ms`), with "UTC" before (the server does not know the reader's zone).
pub fn date_time_of(ms: i64, offset_ms: Option<i64>) -> String {
    let day = chrono::DateTime::from_timestamp_millis(ms.saturating_add(offset_ms.unwrap_or(0)))
        .map(|d| d.format("%d/%m").to_string())
        .unwrap_or_default();
    format!("{day} {}", clock_of(ms, offset_ms))
}

/// The device's time zone (ms east of UTC), known only in the browser: set after hydration,
/// so the first rendering matches the server's.
pub fn zone_offset() -> RwSignal<Option<i64>> {
    let offset = RwSignal::new(None::<i64>);
    Effect::new(move |_| {
        #[cfg(feature = "hydrate")]
        offset.set(Some(
            -(js_sys::Date::new_0().get_timezone_offset() as i64) * 60_000,
        ));
    });
    offset
}

/// Points the language form of the button clicked at this page's path and `#section`: a GET
/// form's fields (the `lang` tapped, the address's other parameters) replace the action's
/// query, and without an action the browser would drop the section.
#[cfg(feature = "hydrate")]
fn submit_to_this_section(ev: &leptos::ev::MouseEvent) {
    use wasm_bindgen::JsCast;
    let form = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|button| button.closest("form").ok().flatten());
    if let Some(form) = form {
        let location = window().location();
        let here = format!(
            "{}{}",
            location.pathname().unwrap_or_default(),
            location.hash().unwrap_or_default()
        );
        let _ = form.set_attribute("action", &here);
    }
}

/// How the reader writes numbers (issue U.13): the page's language; Dutch, the club's, where
/// a page has no language (a test outside any page).
pub fn number_style() -> NumberStyle {
    use_context::<leptos_i18n::I18nContext<Locale>>()
        .map(|i18n| NumberStyle::of_language(lang_code(i18n.get_locale_untracked())))
        .unwrap_or(NumberStyle::Dutch)
}

/// What joins a label to its value in the reader's language (`: `; in French a no-break space
/// before the colon).
pub fn colon() -> &'static str {
    number_style().colon()
}

/// An amount as the reader writes it: `€ 12,50`, `12,50 €`, `€12.50`; the sign and the
/// amount never on two lines.
pub fn euro(c: Cents) -> String {
    number_style().euro(c)
}

/// A chip count as the reader writes it: `12.000`, `12 000`, `12,000`.
pub fn chips(c: Chips) -> String {
    number_style().chips(c)
}

/// The payouts table (tickets named where places win them).
#[component]
pub fn Payouts(prizes: PrizeList) -> impl IntoView {
    let i18n = use_i18n();
    let dealt = prizes.deal.is_some();
    view! {
        <section class="payouts" data-testid="payouts" class:dealt=dealt>
            <h2>{t!(i18n, payouts)}</h2>
            <ul class="payout-lines">
                {payout_lines(&prizes).into_iter().map(|l| view! {
                    <li><span class="label">{l.label.clone()}</span>" "<span class="num">{l.amount()}</span></li>
                }).collect_view()}
            </ul>
        </section>
    }
}

/// A registration refused because a player of that name is in already
/// (`NAME_ALREADY_REGISTERED`): a question, with the one tap that registers another person of
/// the same name. Nothing when the last answer is anything else (that one shows in [`Answer`]:
/// see [`besides_same_name`]).
#[component]
pub fn SameNameQuestion(
    reply: Signal<Option<Result<CommandReply, ServerFnError>>>,
    testid: &'static str,
    confirm_testid: &'static str,
    busy: Signal<bool>,
    on_confirm: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    move || {
        reply.get()?.as_ref().ok().and_then(same_name_refusal).cloned().map(|r| {
            let lang = lang_code(i18n.get_locale());
            view! {
                <div class="answer error same-name" role="alert" data-testid=testid>
                    <p>{error_message(lang, &r.code, &r.params)}</p>
                    <button data-testid=confirm_testid disabled=move || busy.get()
                        on:click=move |_| on_confirm.run(())>{t!(i18n, register_same_name)}</button>
                </div>
            }
        })
    }
}

fn same_name_refusal(reply: &CommandReply) -> Option<&Refused> {
    match reply {
        CommandReply::Rejected(r) if r.code == "NAME_ALREADY_REGISTERED" => Some(r),
        _ => None,
    }
}

/// The last answer unless it is the same-name question ([`SameNameQuestion`] asks that one).
pub fn besides_same_name(
    reply: Signal<Option<Result<CommandReply, ServerFnError>>>,
) -> Signal<Option<Result<CommandReply, ServerFnError>>> {
    Signal::derive(move || {
        reply
            .get()
            .filter(|r| r.as_ref().ok().and_then(same_name_refusal).is_none())
    })
}

/// After this long an accepted answer is old news: it fades.
pub const ANSWER_AGES_MS: u64 = 6_000;

/// True once the reply shown has been there `after_ms`, false again at each new reply. A class
/// set from it fades the element (a CSS animation would not start again: a new answer of the
/// same kind updates the element in place).
pub fn aged(
    reply: Signal<Option<Result<CommandReply, ServerFnError>>>,
    after_ms: u64,
) -> Signal<bool> {
    let old = RwSignal::new(false);
    let generation = StoredValue::new(0u64);
    Effect::new(move |_| {
        reply.track();
        old.set(false);
        let this = generation.get_value() + 1;
        generation.set_value(this);
        set_timeout(
            move || {
                if generation.try_get_value() == Some(this) {
                    old.try_set(true);
                }
            },
            std::time::Duration::from_millis(after_ms),
        );
    });
    old.into()
}

/// The answer to the last command, where the tap was: "Saved" when accepted, the reason in
/// the reader's language when refused. Given the view, a refusal names players by name and
/// seat ("Anna (3·5)") instead of by id.
#[component]
pub fn Answer(
    reply: Signal<Option<Result<CommandReply, ServerFnError>>>,
    #[prop(optional, into)] view: Option<Signal<Option<TournamentView>>>,
    /// The players to name, where the page has a face's own list rather than the whole view.
    #[prop(optional, into)]
    players: Option<Signal<Vec<PlayerView>>>,
) -> impl IntoView {
    let i18n = use_i18n();
    // "Saved" fades once old (issue U.6); a refusal stays until the next answer.
    let old = aged(reply, ANSWER_AGES_MS);
    move || {
        let lang = lang_code(i18n.get_locale());
        match reply.get() {
            Some(Ok(CommandReply::Rejected(refused))) => {
                let params = match (players, view) {
                    (Some(p), _) => p.with(|p| named_params(Some(p), &refused.params)),
                    (None, Some(v)) => v.with(|v| {
                        named_params(v.as_ref().map(|v| v.players.as_slice()), &refused.params)
                    }),
                    (None, None) => refused.params.clone(),
                };
                let sign_in = sign_in_link(&refused.code);
                Some(view! { <p class="answer error" role="alert" data-testid="answer" data-code=refused.code.clone()>{error_message(lang, &refused.code, &params)}{sign_in}</p> }.into_any())
            }
            // A server failure with a code of its own (a full disk) says so in words;
            // transport failures carry no code: the page only says it failed.
            Some(Err(e)) => {
                let code = server_error_code(&e);
                let sign_in = sign_in_link(code);
                Some(view! { <p class="answer error" role="alert" data-testid="answer" data-code=code>{error_message(lang, code, &Default::default())}{sign_in}</p> }.into_any())
            }
            Some(Ok(CommandReply::Accepted { .. })) => Some(view! { <p class="answer ok" class:old=move || old.get() role="status" data-testid="answer">{t!(i18n, saved)}</p> }.into_any()),
            // Not lost: the device keeps it and sends it when the server can be reached.
            Some(Ok(CommandReply::Queued { waiting })) => Some(view! { <p class="answer queued" role="status" data-testid="answer" data-queued="1">{t!(i18n, outbox_kept, n = waiting)}</p> }.into_any()),
            None => None,
        }
    }
}

/// For a tap refused because this device is not signed in (a session ended, a console opened
/// without one): the way to the PIN form, back to this page afterwards. Loaded whole, not
/// routed in the browser.
fn sign_in_link(code: &str) -> Option<AnyView> {
    if code != "UNAUTHENTICATED" {
        return None;
    }
    let i18n = use_i18n();
    let here = leptos_router::hooks::use_location();
    let back = format!("{}{}", here.pathname.get_untracked(), {
        let q = here.search.get_untracked();
        if q.is_empty() {
            String::new()
        } else {
            format!("?{q}")
        }
    });
    let href = format!(
        "{}?next={}",
        super::SIGN_IN_PATH,
        leptos_router::location::Url::escape(&back)
    );
    Some(view! { " " <a class="button" rel="external" href=href data-testid="sign-in-again">{t!(i18n, sign_in)}</a> }.into_any())
}

/// The code a server function's error carries when the server named one it has words for
/// (`DISK_FULL`, `UNAUTHENTICATED`…), else `INTERNAL`.
pub fn server_error_code(e: &ServerFnError) -> &str {
    match e {
        ServerFnError::ServerError(code) if crate::domain::texts::error(code).is_some() => code,
        _ => "INTERNAL",
    }
}

/// A refusal's parameters with every player id (`player`, `winner`) replaced by the player's
/// name and seat, as the room knows them.
pub fn named_params(
    players: Option<&[PlayerView]>,
    params: &BTreeMap<String, String>,
) -> BTreeMap<String, String> {
    let mut named = params.clone();
    let Some(players) = players else {
        return named;
    };
    for key in ["player", "winner"] {
        let Some(id) = params.get(key).and_then(|v| v.parse::<u32>().ok()) else {
            continue;
        };
        if let Some(p) = players.iter().find(|p| p.player.0 == id) {
            let text = match (p.table, p.seat) {
                (Some(t), Some(s)) => format!("{} ({}·{})", p.name, t.0, s.0),
                _ => p.name.clone(),
            };
            named.insert(key.to_string(), text);
        }
    }
    named
}

/// The part of the live view a panel shows: worked out again on every live update, passed
/// on only when it changed. A panel drawn from it keeps its buttons, fields and open lists as
/// they are while the room plays on elsewhere; a button redrawn under the director's finger
/// loses the tap (the press lands on the old one, the release on the new one).
pub fn view_part<T>(
    view: Signal<Option<TournamentView>>,
    part: impl Fn(&TournamentView) -> T + Send + Sync + 'static,
) -> Memo<Option<T>>
where
    T: Clone + PartialEq + Send + Sync + 'static,
{
    Memo::new(move |_| view.with(|v| v.as_ref().map(&part)))
}

/// Which confirmation is armed on this page, by its button's test id, with a count so a
/// timer only forgets its own arming. One per page: arming another one lets the first go, and
/// a button re-rendered by a live update (a new view every event) finds itself still armed.
#[derive(Clone, Copy)]
pub struct ArmedConfirm(RwSignal<Option<(String, u64)>>);

impl ArmedConfirm {
    /// Provided once at the root of the app.
    pub fn provide() {
        provide_context(ArmedConfirm(RwSignal::new(None)));
    }

    fn get() -> Self {
        use_context::<ArmedConfirm>().unwrap_or_else(|| ArmedConfirm(RwSignal::new(None)))
    }
}

/// A button for an action that costs money or disturbs the room (break a table, draw the
/// final table, a re-entry, an early leave…): the first tap asks, the second within a few
/// seconds acts, anything else lets it go. Disabled while `busy` (the command in flight).
#[component]
pub fn ConfirmButton(
    #[prop(into)] testid: String,
    #[prop(into)] on_confirm: Callback<()>,
    #[prop(optional, into)] busy: Signal<bool>,
    #[prop(optional, into)] class: String,
    children: ChildrenFn,
) -> impl IntoView {
    let i18n = use_i18n();
    let store = ArmedConfirm::get().0;
    let id = StoredValue::new(testid.clone());
    let armed = move || store.with(|a| a.as_ref().is_some_and(|(t, _)| id.with_value(|i| t == i)));
    let disarm = move || {
        if armed() {
            store.set(None);
        }
    };
    let arm = move |_| {
        let n = store.with_untracked(|a| a.as_ref().map_or(0, |(_, n)| n + 1));
        store.set(Some((id.get_value(), n)));
        // Forgotten after a while, so a later stray tap never acts.
        #[cfg(feature = "hydrate")]
        set_timeout(
            move || {
                if store.with_untracked(|a| a.as_ref().is_some_and(|(_, m)| *m == n)) {
                    store.set(None);
                }
            },
            std::time::Duration::from_secs(6),
        );
    };
    let children = StoredValue::new(children);
    let confirm_id = format!("{testid}-confirm");
    let cancel_id = format!("{testid}-cancel");
    let class = StoredValue::new(class);
    view! {
        <Show when=armed fallback=move || view! {
            <button class=class.get_value() data-testid=testid.clone() disabled=move || busy.get() on:click=arm>{children.with_value(|c| c())}</button>
        }>
            <span class="confirm-ask" role="group">
                <button class="danger" data-testid=confirm_id.clone() disabled=move || busy.get()
                    on:click=move |_| { disarm(); on_confirm.run(()); }>
                    {t!(i18n, confirm)}{colon()}{children.with_value(|c| c())}
                </button>
                <button class="small" data-testid=cancel_id.clone() on:click=move |_| disarm()>{t!(i18n, back)}</button>
            </span>
        </Show>
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

#[cfg(test)]
mod tests {
    use super::{chip_count, clock_of, named_params, whole_number};
    use crate::domain::command::{Command, CreateTournament, Ctx, RegisterPlayer};
    use crate::domain::money::Chips;

    #[test]
    fn times_are_local_in_the_browser_and_say_utc_before() {
        // 2025-03-03 19:05 UTC.
        let ms = 1_741_028_700_000;
        assert_eq!(clock_of(ms, None), "19:05 UTC");
        assert_eq!(clock_of(ms, Some(3_600_000)), "20:05");
    }

    #[test]
    fn numbers_read_with_the_separators_people_type() {
        assert_eq!(chip_count("12500"), Some(Chips(12_500)));
        assert_eq!(chip_count("12 500"), Some(Chips(12_500)));
        assert_eq!(chip_count("12.500"), Some(Chips(12_500)));
        assert_eq!(chip_count("12,500"), Some(Chips(12_500)));
        assert_eq!(chip_count("12\u{202f}500"), Some(Chips(12_500)));
        assert_eq!(whole_number("1 200"), Some(1_200));
        assert_eq!(
            whole_number("1,200"),
            None,
            "a comma separates amounts in a list"
        );
        for bad in ["-5", "abc", ""] {
            assert_eq!(chip_count(bad), None);
            assert_eq!(whole_number(bad), None);
        }
    }
    use crate::domain::config::templates;
    use crate::domain::event::PaymentMethod;
    use crate::domain::ids::Timestamp;
    use crate::domain::view::tournament_view;
    use crate::domain::{decide, Tournament};
    use std::collections::BTreeMap;

    #[test]
    fn a_refusal_names_the_player_by_name_and_seat() {
        let mut t = Tournament::default();
        let ctx = Ctx {
            now: Timestamp(0),
            seed: 7,
            tapped_at: None,
            sender: None,
        };
        for c in [
            Command::CreateTournament(CreateTournament {
                config: templates::club_evening("names", 1),
            }),
            Command::RegisterPlayer(RegisterPlayer {
                name: "Anna Peeters".into(),
                method: PaymentMethod::Cash,
                present: true,
                same_name_confirmed: false,
            }),
        ] {
            for e in decide(&t, &c, ctx).expect("accepted") {
                t.apply(&e).expect("applies");
            }
        }
        let view = tournament_view(&t, Timestamp(0)).expect("a view");
        let anna = &view.players[0];
        let params = BTreeMap::from([
            ("player".to_string(), anna.player.0.to_string()),
            ("table".to_string(), "3".to_string()),
            ("winner".to_string(), "999".to_string()),
        ]);
        let named = named_params(Some(&view.players), &params);
        let seat = format!(
            "Anna Peeters ({}·{})",
            anna.table.expect("seated").0,
            anna.seat.expect("seated").0
        );
        assert_eq!(named["player"], seat);
        // Not a player's id: left as it was; an unknown player stays a number.
        assert_eq!(named["table"], "3");
        assert_eq!(named["winner"], "999");
        assert_eq!(named_params(None, &params), params);
    }
}
