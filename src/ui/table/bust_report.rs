//! PKR4U 12 on the table's light page: the table reports a hand's busts in three taps: who
//! busted, who won, confirm. Two or more busted in one hand also need each one's stack at the
//! start of the hand (seed 000: the larger stack finishes higher). Several winners split the
//! bounty.
//!
//! The server renders every seat's two buttons and a start-stack field per player (hidden);
//! `light-table.js` keeps the taps (through live updates too), shows the stack fields when two
//! or more are out, says above Confirm what it will send, keeps Confirm disabled until the
//! rules have what they need, builds the `ReportBusts` command and shows the answer under
//! Confirm (players by name). A bust waiting in the device's outbox shows as reported.

use super::send::BuildForm;
use crate::domain::ids::TableNo;
use crate::domain::view::SeatView;
use crate::i18n::*;
use leptos::prelude::*;

/// The bust report of one table.
#[component]
pub fn BustReportForm(
    table: TableNo,
    seats: Vec<SeatView>,
    /// A busted player may re-enter: said once the report is accepted.
    registration_open: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    let (out_grid, win_grid) = (grid(&seats, "out"), grid(&seats, "win"));
    let stacks = seats
        .iter()
        .map(|s| {
            let (id, name) = (s.player.0, s.name.clone());
            view! {
                <label hidden data-stack-of=id.to_string()>
                    <span class="stack-of" title=name.clone()>{t!(i18n, start_stack_of, name = name.clone())}</span>
                    <input type="number" inputmode="numeric" min="1" name=format!("stack-{id}") data-testid=format!("bust-stack-{id}") />
                </label>
            }
        })
        .collect_view();
    view! {
        <section class="bust-report panel" data-testid="bust-report">
            <BuildForm builder="busts" table=table.0 label=t_string!(i18n, cmd_bust).to_string()>
                // Named for screen readers; on the screen the two questions say it (one screen, U.1).
                <h2 class="visually-hidden">{t!(i18n, report_bust)}</h2>
                <h3>{t!(i18n, busted_in_hand)}</h3>
                // A compact seat grid (issue U.1): ten seats in four rows, so who is out, who
                // won and Confirm fit one phone screen.
                <div class="toggles seat-grid">{out_grid}</div>
                // Two or more out: each start stack asked by name, side by side (U.1).
                <div class="bust-stacks" hidden data-bust-stacks="">{stacks}</div>
                <h3>{t!(i18n, winners_of_pot)}</h3>
                <div class="toggles seat-grid">{win_grid}</div>
                // What Confirm will send, in words, right above it.
                <p class="bust-summary" data-testid="bust-summary" role="status" hidden data-bust-summary=""></p>
                <p class="answer hint" data-testid="bust-stacks-needed" role="status" hidden data-bust-needed=""></p>
                <button type="submit" class="primary wide" data-testid="bust-confirm" disabled>{t!(i18n, confirm)}</button>
                <div class="bust-answer" data-testid="bust-answer" data-light-answer-here=""></div>
                {registration_open.then(|| view! {
                    <p class="hint" data-testid="re-entry-open" hidden data-light-after-accept="">{t!(i18n, re_entry_open)}</p>
                })}
            </BuildForm>
        </section>
    }
}

/// One button per seated player, for who is out (`kind` "out") or who won ("win").
fn grid(seats: &[SeatView], kind: &'static str) -> impl IntoView {
    seats
        .iter()
        .map(|s| {
            let (id, seat, name) = (s.player.0, s.seat.0, s.name.clone());
            // The first name on a line of its own, the rest on the next: each cut short with
            // "…" where it does not fit a third of a phone, never broken mid-word ("Yasmin" /
            // "e El…" in a wide font). The title holds the whole name.
            let (first, rest) = match name.split_once(' ') {
                Some((first, rest)) => (first.to_string(), rest.to_string()),
                None => (name.clone(), String::new()),
            };
            view! {
                <button type="button" class="chip-toggle" title=name aria-pressed="false"
                    data-testid=format!("bust-{kind}-{id}") data-bust=kind data-player=id.to_string()>
                    <b class="seat-no">{seat}</b><span class="sep">" · "</span>
                    <span class="seat-name"><span>{first}</span>" "<span>{rest}</span></span>
                </button>
            }
        })
        .collect_view()
}
