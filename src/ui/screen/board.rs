//! The room screen's board during play: the clock side (level, time, blinds and ante, next
//! level, the countdowns), or the break (its time, the colour-up, the blinds after it); and the
//! side column (what the room must act on, the chip leaders, the payouts, the moves).
//!
//! Sized for a 1920×1080 TV read from 8 m: the blinds and the time in viewport units, nothing
//! below 3 % of the screen's height. Every countdown counts down on the device between views.

use super::super::components::{
    chips, euro, format_ms, payout_lines, remaining_now, GuaranteedMark, PayoutLine,
    PurchaseFigures,
};
use super::super::live::Live;
use crate::domain::money::Chips;
use crate::domain::read::faces::screen::ScreenView;
use crate::domain::view::{ClockView, LevelView};
use crate::i18n::*;
use crate::server_fns::LiveView;
use crate::ui::components::colon;
use leptos::prelude::*;

/// Names the door shows as awaited at the desk.
const DESK_NAMES: usize = 6;

/// `ms` as counted down from the view's reading while the clock runs.
fn counted(ms: i64, clock: &ClockView, live: &Live<ScreenView>) -> i64 {
    if clock.running {
        ms - (clock.remaining_ms - remaining_now(clock, live))
    } else {
        ms
    }
}

fn blinds(level: &LevelView) -> String {
    format!("{} / {}", chips(level.small_blind), chips(level.big_blind))
}

/// The top strip: the tournament's name, the field's figures, the bubble.
#[component]
pub fn Head(view: ScreenView) -> impl IntoView {
    let i18n = use_i18n();
    let field = view.field.clone();
    let avg_bb = super::super::components::number_style().big_blinds(field.average_bb_x10);
    let badge = if view.hand_for_hand {
        Some(t_string!(i18n, tv_hand_for_hand).to_string())
    } else if view.bubble {
        Some(t_string!(i18n, tv_bubble).to_string())
    } else if view.in_the_money && !view.finished {
        Some(t_string!(i18n, tv_in_the_money).to_string())
    } else {
        None
    };
    view! {
        <header class="tv-head">
            // The name with the badge under it: beside it, the badge took the name's room and
            // "Slotavond" broke mid-word.
            <div class="tv-title">
                <h1 class="tv-name">{view.name.clone()}</h1>
                {badge.map(|b| view! { <span class="tv-badge" data-testid="tv-badge">{b}</span> })}
            </div>
            <dl class="tv-figures">
                <div><dt>{t!(i18n, players_left)}</dt><dd data-testid="players-left">{field.players_left}</dd></div>
                <div><dt>{t!(i18n, tv_entries)}</dt><dd data-testid="entries">{field.entries}</dd></div>
                <div><dt>{t!(i18n, average_stack)}</dt><dd>{chips(field.average_stack)}<small>{avg_bb}</small></dd></div>
                <div><dt>{t!(i18n, prize_pool)}</dt><dd data-testid="prize-pool">{euro(field.prize_pool)}<GuaranteedMark guarantee=field.guarantee /></dd></div>
                <PurchaseFigures field=field.clone() />
            </dl>
        </header>
    }
}

/// The clock side: a play level, or the break mode.
#[component]
pub fn ClockSide(live: Live<ScreenView>, view: ScreenView) -> impl IntoView {
    let i18n = use_i18n();
    let clock = view.clock.clone();
    let level = clock.level.clone();
    let c = clock.clone();
    let time = move || format_ms(remaining_now(&c, &live));
    let status = if !clock.started {
        Some(t_string!(i18n, tv_not_started).to_string())
    } else if !clock.running {
        Some(t_string!(i18n, tv_clock_stopped).to_string())
    } else {
        None
    };
    let c = clock.clone();
    // During a break the next break is far off and would read as this one's end.
    let to_break = clock
        .ms_to_break
        .filter(|_| level.number.is_some())
        .map(move |ms| move || format_ms(counted(ms, &c, &live)));
    let c = clock.clone();
    let late_reg = view
        .ms_to_registration_close
        .map(move |ms| move || format_ms(counted(ms, &c, &live)));
    let late_open = late_reg.is_none() && view.registration_open && clock.started;
    let countdowns = view! {
        <div class="tv-countdowns">
            {to_break.map(|t| view! { <div data-testid="tv-break-in"><span>{t!(i18n, tv_break_in)}</span>" "<strong>{t}</strong></div> })}
            {late_reg.map(|t| view! { <div data-testid="tv-late-reg"><span>{t!(i18n, tv_late_reg_closes)}</span>" "<strong>{t}</strong></div> })}
            {late_open.then(|| view! { <div data-testid="tv-late-reg"><span>{t!(i18n, tv_late_reg_open)}</span></div> })}
            {view.rebuy_open.then(|| view! { <div data-testid="tv-rebuys-open"><span>{t!(i18n, rebuys_open)}</span></div> })}
            {view.add_on_open.then(|| view! { <div data-testid="tv-add-on"><strong>{t!(i18n, add_on_now)}</strong></div> })}
        </div>
    };
    if level.number.is_none() {
        // The break: its countdown, the chips leaving play, the blinds after it.
        let after = clock.next.clone().filter(|n| n.number.is_some());
        return view! {
            <section class="tv-clock tv-break" data-testid="tv-break">
                <div class="tv-level">{t!(i18n, break_)}</div>
                <div class="tv-time" data-testid="clock-time">{time}</div>
                {status.map(|s| view! { <div class="tv-status">{s}</div> })}
                {level.colour_up.map(|chip| view! {
                    <div class="tv-colour-up" data-testid="tv-colour-up">{t!(i18n, tv_colour_up, chip = chips(chip))}</div>
                })}
                {after.map(|n| view! {
                    <div class="tv-next">{t!(i18n, tv_after_break)}{colon()}
                        {t!(i18n, tv_level_n, n = n.number.unwrap_or_default())}" · "{blinds(&n)}
                        {(n.ante > Chips::ZERO).then(|| format!(" · {} {}", t_string!(i18n, ante), chips(n.ante)))}
                    </div>
                })}
                {countdowns}
            </section>
        }
        .into_any();
    }
    // Short tables post a smaller ante (club rule): say so under the level's ante.
    let short_antes = view.short_table_antes.clone();
    let next = clock.next.clone();
    // The last minute of the level shows (the announcer says it too).
    let c = clock.clone();
    let last_minute = Signal::derive(move || {
        let left = remaining_now(&c, &live);
        c.running && left > 0 && left <= 60_000
    });
    view! {
        <section class="tv-clock" class:last-minute=last_minute>
            <div class="tv-level" data-testid="tv-level">{t!(i18n, tv_level_n, n = level.number.unwrap_or_default())}</div>
            <div class="tv-time" data-testid="clock-time">{time}</div>
            {move || last_minute.get().then(|| view! { <div class="tv-last-minute" data-testid="tv-last-minute">{t!(i18n, tv_last_minute)}</div> })}
            {status.map(|s| view! { <div class="tv-status">{s}</div> })}
            <div class="tv-blinds" data-testid="tv-blinds">{blinds(&level)}</div>
            {(level.ante > Chips::ZERO).then(|| view! {
                <div class="tv-ante" data-testid="tv-ante">{t!(i18n, ante)}" "{chips(level.ante)}</div>
            })}
            {short_antes.into_iter().map(|a| view! {
                <div class="tv-short-ante">{t!(i18n, tv_short_table_ante, ante = chips(a))}</div>
            }).collect_view()}
            {next.map(|n| view! {
                <div class="tv-next" data-testid="tv-next">{t!(i18n, next_level)}{colon()}
                    {match n.number {
                        Some(_) if n.ante > Chips::ZERO => format!("{} · {} {}", blinds(&n), t_string!(i18n, ante), chips(n.ante)),
                        Some(_) => blinds(&n),
                        None => format!("{} ({} min)", t_string!(i18n, break_), n.minutes),
                    }}
                </div>
            })}
            {countdowns}
        </section>
    }
    .into_any()
}

/// The side column's lines on a 1920×1080 screen with every text at least 40 px (a line is
/// about 52 px): what one page of it holds beside the clock, headings counted as lines.
const PAGE_LINES: usize = 14;
/// The characters of a move's line that one line of the side column holds (about 640 px of
/// text at 40 px on a 1920 px screen, counted with wide characters): "Wout Visser: tafel 2 →
/// tafel 1, stoel 6" takes two lines, and counted as one the payouts under it ran off the
/// screen (session 30).
const CHARS_PER_LINE: usize = 26;
/// How long each page of the side column stays before the next (when it has several).
const PAGE_MS: f64 = 8_000.0;

/// One panel of the side column. Every line of every panel is shown: a panel longer than a
/// page is split over pages, and the pages take turns.
#[derive(Clone, Debug, PartialEq)]
enum Panel {
    /// The sign-up's QR code and the desk's calls (while registration is open).
    Door,
    /// The balancing moves, one line each.
    Moves(Vec<String>),
    Leaders(Vec<(String, Chips)>),
    /// Payout lines (two columns), from the `first` of the whole list.
    Payouts {
        first: usize,
        lines: Vec<PayoutLine>,
    },
}

impl Panel {
    /// The lines the panel takes, its heading included.
    fn lines(&self) -> usize {
        1 + match self {
            Panel::Door => 7,
            Panel::Moves(m) => move_lines(m),
            // A name too long for its line is cut short (style), never wrapped.
            Panel::Leaders(l) => l.len(),
            Panel::Payouts { lines, .. } => payout_rows(lines),
        }
    }
}

/// The lines a text takes in the side column, wrapped at about `CHARS_PER_LINE`.
fn wrapped(text: &str) -> usize {
    text.chars().count().div_ceil(CHARS_PER_LINE).max(1)
}

/// The lines moves take, each wrapped.
fn move_lines(moves: &[String]) -> usize {
    moves.iter().map(|line| wrapped(line)).sum()
}

/// The rows payout lines take: two places a row, but a place that wins a ticket has a row of
/// its own (style: it spans both columns, and may wrap).
fn payout_rows(lines: &[PayoutLine]) -> usize {
    let (mut rows, mut half) = (0, false);
    for line in lines {
        match &line.ticket {
            Some(ticket) => {
                rows += usize::from(half) + wrapped(&format!("{} {}", line.label, ticket.name));
                half = false;
            }
            None if half => half = false,
            None => {
                rows += 1;
                half = true;
            }
        }
    }
    rows
}

/// Moves cut into pieces of at most `room` lines each (a move is never split).
fn move_pieces(moves: Vec<String>, room: usize) -> Vec<Panel> {
    let mut pieces: Vec<Vec<String>> = Vec::new();
    let mut used = room;
    for line in moves {
        let cost = wrapped(&line);
        if used + cost > room {
            pieces.push(Vec::new());
            used = 0;
        }
        used += cost;
        if let Some(piece) = pieces.last_mut() {
            piece.push(line);
        }
    }
    pieces.into_iter().map(Panel::Moves).collect()
}

/// Payout lines (from place `first` on) cut into pieces of at most `room` rows each.
fn payout_pieces(first: usize, lines: Vec<PayoutLine>, room: usize) -> Vec<Panel> {
    let mut pieces: Vec<Panel> = Vec::new();
    let mut start = first;
    let mut piece: Vec<PayoutLine> = Vec::new();
    for line in lines {
        piece.push(line);
        if piece.len() > 1 && payout_rows(&piece) > room {
            let next = piece.pop().into_iter().collect::<Vec<_>>();
            let done = std::mem::replace(&mut piece, next);
            let taken = done.len();
            pieces.push(Panel::Payouts {
                first: start,
                lines: done,
            });
            start += taken;
        }
    }
    if !piece.is_empty() {
        pieces.push(Panel::Payouts {
            first: start,
            lines: piece,
        });
    }
    pieces
}

/// The panels packed into pages of at most `budget` lines, in order: a panel that does not
/// fit a page of its own is cut into pieces that do (moves by the lines each wraps to, payouts
/// by rows).
fn pages(panels: Vec<Panel>, budget: usize) -> Vec<Vec<Panel>> {
    let room = budget.max(3) - 1;
    let mut pieces = Vec::new();
    for panel in panels {
        match panel {
            Panel::Moves(m) if move_lines(&m) > room => pieces.extend(move_pieces(m, room)),
            Panel::Payouts { first, lines } if payout_rows(&lines) > room => {
                pieces.extend(payout_pieces(first, lines, room))
            }
            other => pieces.push(other),
        }
    }
    let mut out: Vec<Vec<Panel>> = Vec::new();
    let mut used = budget;
    for piece in pieces {
        let cost = piece.lines();
        if used + cost > budget || out.is_empty() {
            out.push(Vec::new());
            used = 0;
        }
        used += cost;
        if let Some(page) = out.last_mut() {
            page.push(piece);
        }
    }
    out
}

/// Whether the side column's lines run past its end (the TV's layout bounds it; on a tall
/// screen the column grows with its lines and never overflows).
#[cfg(feature = "hydrate")]
fn side_overflows() -> bool {
    document()
        .query_selector(".tv-side")
        .ok()
        .flatten()
        .is_some_and(|side| side.scroll_height() > side.client_height() + 1)
}

/// The side column: calls and stopped tables first, on every page (the room must act); then
/// the door, the moves, the chip leaders and the payouts, in pages that take turns every few
/// seconds when they do not all fit.
#[component]
pub fn Side(
    live: Live<ScreenView>,
    view: ScreenView,
    door_qr: Option<String>,
    /// Lines the screen, measuring what it drew, takes off the estimate of a page.
    fit: RwSignal<usize>,
    /// Whether to ask for the tap, at the column's foot.
    hint: Signal<bool>,
) -> impl IntoView {
    let i18n = use_i18n();
    // The door (issue T): while registration is open, the sign-up's QR code, and those the
    // desk waits for: by name when the seats are short (the first of the waiting list is
    // called here when a seat frees), else only how many (issue X: anyone on the WiFi can
    // type a name; the room reads it only when calling it helps).
    let door = view.registration_open.then(|| {
        let count = view.door.to_desk;
        let to_desk: Vec<String> = view
            .door
            .to_desk_names
            .iter()
            .take(DESK_NAMES)
            .cloned()
            .collect();
        let waiting = view.door.waiting;
        let count_only = to_desk.is_empty() && count > 0;
        let door_qr = door_qr.clone();
        move || view! {
            <section class="tv-panel tv-door" data-testid="tv-door">
                {door_qr.clone().map(|svg| view! {
                    <div class="tv-door-qr">
                        <div class="qr" inner_html=svg></div>
                        <p>{t!(i18n, scan_to_sign_up)}</p>
                    </div>
                })}
                <div class="tv-door-calls">
                    {(!to_desk.is_empty()).then(|| view! {
                        <div data-testid="tv-to-desk">
                            <h2>{t!(i18n, called_to_desk)}</h2>
                            <ul>{to_desk.clone().into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}</ul>
                        </div>
                    })}
                    {count_only.then(|| view! {
                        <p class="tv-waiting" data-testid="tv-to-desk-count">{t!(i18n, called_to_desk)}{colon()}{count}</p>
                    })}
                    {(waiting > 0).then(|| view! {
                        <p class="tv-waiting" data-testid="tv-waiting">{t!(i18n, on_waiting_list, place = waiting)}</p>
                    })}
                </div>
            </section>
        }
    });
    let alerts: Vec<String> = view
        .calls
        .iter()
        .map(|c| t_string!(i18n, tv_table_calls, table = c.table.to_string()).to_string())
        .chain(
            view.stopped
                .iter()
                .map(|t| t_string!(i18n, tv_table_stopped, table = t.to_string()).to_string()),
        )
        .collect();
    let leaders: Vec<(String, Chips)> = view
        .leaders
        .iter()
        .map(|p| (p.name.clone(), p.stack))
        .collect();
    let moves: Vec<String> = view
        .moves
        .iter()
        .map(|m| match m.seat {
            Some(seat) => t_string!(
                i18n,
                tv_move,
                name = m.name.clone(),
                from = m.from.to_string(),
                to = m.to.to_string(),
                seat = seat.to_string()
            )
            .to_string(),
            None => t_string!(
                i18n,
                tv_move_waiting,
                name = m.name.clone(),
                from = m.from.to_string(),
                to = m.to.to_string()
            )
            .to_string(),
        })
        .collect();
    let mut panels = Vec::new();
    if door.is_some() {
        panels.push(Panel::Door);
    }
    if !moves.is_empty() {
        panels.push(Panel::Moves(moves));
    }
    if !leaders.is_empty() {
        panels.push(Panel::Leaders(leaders));
    }
    let lines = payout_lines(&view.prizes);
    if !lines.is_empty() {
        panels.push(Panel::Payouts { first: 0, lines });
    }
    let budget = PAGE_LINES
        .saturating_sub(alerts.len())
        .saturating_sub(fit.get_untracked());
    let pages = pages(panels, budget);
    let count = pages.len();
    // The page shown now: they take turns on the device's clock (the server renders the first).
    let shown = move || {
        if count < 2 {
            return 0;
        }
        (live.now.get() / PAGE_MS) as usize % count
    };
    // The estimate counts characters; the screen measures. A page whose lines run past the
    // column's end (wide letters, another typeface) makes every page a line shorter, until
    // each fits: the pages are cut again, never a line is lost. Only ever shorter, so the
    // pages do not flicker between two cuts; a screen that grows or loses the
    // tap hint starts from the estimate again (`Screen`).
    // (A frame asked for by a column already drawn again acts no more: `cut_by` is what this
    // column was cut by, and a newer measure has moved on from it.)
    #[cfg(feature = "hydrate")]
    {
        let cut_by = fit.get_untracked();
        Effect::new(move |_| {
            let _ = shown();
            request_animation_frame(move || {
                if budget > 3 && fit.try_get_untracked() == Some(cut_by) && side_overflows() {
                    fit.try_update(|f| *f += 1);
                }
            });
        });
    }
    let render = move |panel: Panel| -> AnyView {
        match panel {
            Panel::Door => door.clone().map(|d| d().into_any()).unwrap_or_else(|| ().into_any()),
            Panel::Moves(moves) => view! {
                <section class="tv-panel tv-moves" data-testid="tv-moves">
                    <h2>{t!(i18n, tv_moves)}</h2>
                    <ul>{moves.into_iter().map(|m| view! { <li>{m}</li> }).collect_view()}</ul>
                </section>
            }.into_any(),
            Panel::Leaders(leaders) => view! {
                <section class="tv-panel tv-leaders" data-testid="tv-leaders">
                    <h2>{t!(i18n, chip_leaders)}</h2>
                    <ol>
                        {leaders.into_iter().map(|(name, stack)| view! {
                            <li data-testid="tv-leader"><span class="name">{name}</span><span class="num">{chips(stack)}</span></li>
                        }).collect_view()}
                    </ol>
                </section>
            }.into_any(),
            Panel::Payouts { lines, .. } => view! {
                <section class="tv-panel tv-payouts" data-testid="tv-payouts">
                    <h2>{t!(i18n, payouts)}</h2>
                    <ol>
                        {lines.into_iter().map(|l| view! {
                            <li><span class="place">{l.label.clone()}</span><span class="num">{l.amount()}</span></li>
                        }).collect_view()}
                    </ol>
                </section>
            }.into_any(),
        }
    };
    view! {
        // How many lines the measure cut each page by (0: the estimate fits), for a look.
        <aside class="tv-side" data-pages=count data-cut=fit.get_untracked()>
            {(!alerts.is_empty()).then(|| view! {
                <ul class="tv-alerts" data-testid="tv-alerts">
                    {alerts.into_iter().map(|a| view! { <li>{a}</li> }).collect_view()}
                </ul>
            })}
            {move || {
                let page = pages.get(shown()).cloned().unwrap_or_default();
                page.into_iter().map(render.clone()).collect_view()
            }}
            {(count > 1).then(|| view! {
                <p class="tv-pages" aria-hidden="true">
                    {(0..count).map(|i| view! { <span class:on=move || shown() == i>"●"</span> }).collect_view()}
                </p>
            })}
            <TapHint hint />
        </aside>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(n: usize) -> Panel {
        Panel::Moves((0..n).map(|i| format!("move {i}")).collect())
    }

    fn payouts(n: usize) -> Panel {
        Panel::Payouts {
            first: 0,
            lines: (0..n)
                .map(|i| PayoutLine {
                    label: (i + 1).to_string(),
                    cash: crate::domain::money::Cents(100),
                    ticket: None,
                })
                .collect(),
        }
    }

    /// Session 30: the door, two moves that each wrap to two lines and four places took 16
    /// lines of the screen, counted as 14: the payouts' second row was under the screen's edge.
    #[test]
    fn a_move_that_wraps_counts_its_lines() {
        let two_moves = Panel::Moves(vec![
            "Wout Visser: tafel 2 → tafel 1, stoel 6".into(),
            "Ilse Goossens: tafel 3 → tafel 1, stoel 1".into(),
        ]);
        assert_eq!(two_moves.lines(), 1 + 4);
        let p = pages(vec![Panel::Door, two_moves, payouts(4)], PAGE_LINES);
        assert_eq!(p.len(), 2, "the payouts on a page of their own: {p:?}");
    }

    #[test]
    fn a_place_that_wins_a_ticket_has_a_row_of_its_own() {
        let mut lines = match payouts(5) {
            Panel::Payouts { lines, .. } => lines,
            _ => unreachable!(),
        };
        lines[0].ticket = Some(crate::domain::config::TicketPrize {
            name: "Main Event".into(),
            value: crate::domain::money::Cents(10_000),
            kind: crate::domain::config::TicketKind::Seat,
            source: crate::domain::config::TicketSource::Pool,
        });
        // The ticket's row, then 2+3, then 4+5.
        assert_eq!(payout_rows(&lines), 3);
        let pieces = payout_pieces(0, lines, 2);
        let firsts: Vec<usize> = pieces
            .iter()
            .map(|p| match p {
                Panel::Payouts { first, .. } => *first,
                _ => usize::MAX,
            })
            .collect();
        assert_eq!(firsts, vec![0, 3]);
    }

    #[test]
    fn panels_that_fit_share_a_page() {
        let p = pages(
            vec![
                moves(2),
                Panel::Leaders(vec![("a".into(), Chips(1)); 5]),
                payouts(6),
            ],
            14,
        );
        // 3 + 6 + 4 lines.
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].len(), 3);
    }

    #[test]
    fn every_line_of_a_long_panel_is_on_some_page_and_no_page_is_over_budget() {
        for (n_moves, n_payouts, budget) in [
            (30, 45, 14),
            (1, 120, 14),
            (13, 0, 14),
            (40, 40, 10),
            (0, 1, 8),
        ] {
            let p = pages(
                vec![Panel::Door, moves(n_moves), payouts(n_payouts)],
                budget,
            );
            for page in &p {
                let used: usize = page.iter().map(Panel::lines).sum();
                assert!(used <= budget, "{used} > {budget}: {page:?}");
            }
            let shown_moves: usize = p
                .iter()
                .flatten()
                .map(|x| match x {
                    Panel::Moves(m) => m.len(),
                    _ => 0,
                })
                .sum();
            let shown_payouts: usize = p
                .iter()
                .flatten()
                .map(|x| match x {
                    Panel::Payouts { lines, .. } => lines.len(),
                    _ => 0,
                })
                .sum();
            assert_eq!((shown_moves, shown_payouts), (n_moves, n_payouts));
        }
    }
}

/// "Tap for full screen and sound", until the first tap. In the page's flow, never over it:
/// in the side column, whose measure counts it, it hides no line (a TV nobody taps, a smart
/// TV's browser with a remote, keeps it all evening; laid over the column, it hid the last
/// payout).
#[component]
pub fn TapHint(hint: Signal<bool>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <Show when=move || hint.get()>
            <p class="tv-hint" data-testid="tv-hint">{t!(i18n, tv_tap_hint)}</p>
        </Show>
    }
}

/// The whole board during play.
#[component]
pub fn Board(
    live: Live<ScreenView>,
    l: LiveView<ScreenView>,
    door_qr: Option<String>,
    /// What the screen measured (`Side`): kept by the page, across views.
    fit: RwSignal<usize>,
    /// Whether to ask for the tap (full screen and sound): not tapped yet.
    hint: Signal<bool>,
) -> impl IntoView {
    let view = l.view;
    view! {
        <Head view=view.clone() />
        <div class="tv-main">
            <ClockSide live view=view.clone() />
            // Drawn again when a measure cuts the pages smaller.
            {move || {
                fit.track();
                view! { <Side live view=view.clone() door_qr=door_qr.clone() fit hint /> }
            }}
        </div>
    }
}
