//! PKR4U 12: the table reports a hand's busts in three taps: who busted, who won, confirm.
//! Two or more busted in one hand also need each one's stack at the start of the hand
//! (seed 000: the larger stack finishes higher). Several winners split the bounty.
//!
//! A report is never mistaken for sent (issue U): the stacks the rules need are asked before
//! Confirm can be tapped, the answer shows under Confirm (players by name), and the taps stay
//! until the server accepted the report or the device's outbox holds it.

use super::super::components::Answer;
use super::super::live::CommandAction;
use super::super::outbox::Outbox;
use crate::domain::command::{BustReport, Command, ReportBusts};
use crate::domain::ids::{PlayerId, TableNo};
use crate::domain::money::Chips;
use crate::domain::read::faces::table::TableFaceView;
use crate::domain::view::SeatView;
use crate::i18n::*;
use crate::server_fns::CommandReply;
use leptos::prelude::*;
use std::collections::BTreeMap;

fn toggle(list: RwSignal<Vec<PlayerId>>, player: PlayerId) {
    list.update(|l| match l.iter().position(|p| *p == player) {
        Some(i) => {
            l.remove(i);
        }
        None => l.push(player),
    });
}

/// A report being filled in. Owned by the page, so a live update that redraws the form does
/// not lose the taps made so far.
#[derive(Clone, Copy)]
pub struct BustDraft {
    busted: RwSignal<Vec<PlayerId>>,
    winners: RwSignal<Vec<PlayerId>>,
    stacks: RwSignal<BTreeMap<PlayerId, String>>,
    reported: RwSignal<bool>,
    /// A report was sent and its answer has not come: the taps stay until it is accepted.
    awaiting: RwSignal<bool>,
}

impl BustDraft {
    pub fn new() -> BustDraft {
        BustDraft {
            busted: RwSignal::new(Vec::new()),
            winners: RwSignal::new(Vec::new()),
            stacks: RwSignal::new(BTreeMap::new()),
            reported: RwSignal::new(false),
            awaiting: RwSignal::new(false),
        }
    }
}

/// A start stack as typed: a whole number of chips above zero.
fn typed_stack(text: Option<&String>) -> Option<Chips> {
    text.and_then(|s| s.trim().replace(['.', ',', ' '], "").parse::<i64>().ok())
        .filter(|n| *n > 0)
        .map(Chips)
}

/// The bust report of one table.
#[component]
pub fn BustReportForm(
    table: TableNo,
    seats: Vec<SeatView>,
    registration_open: bool,
    draft: BustDraft,
    /// The bust reports' own action: its answer is shown here, under Confirm.
    send: CommandAction,
    /// For the answer: players by name and seat, not by number.
    view: TableFaceView,
) -> impl IntoView {
    let i18n = use_i18n();
    let BustDraft {
        busted,
        winners,
        stacks,
        reported,
        awaiting,
    } = draft;
    // The answer to the report sent: accepted (or kept by the outbox for a WiFi drop), the
    // taps are done; refused, they stay for the table to put right and confirm again.
    Effect::new(move |_| {
        let reply = send.value().get();
        if !awaiting.get_untracked() || send.pending().get() {
            return;
        }
        match reply {
            Some(Ok(CommandReply::Accepted { .. } | CommandReply::Queued { .. })) => {
                awaiting.set(false);
                busted.set(Vec::new());
                winners.set(Vec::new());
                stacks.set(BTreeMap::new());
                reported.set(true);
            }
            Some(_) => awaiting.set(false),
            None => {}
        }
    });
    // Players who left the table since the taps were made are dropped from the draft.
    let here: Vec<PlayerId> = seats.iter().map(|s| s.player).collect();
    busted.update_untracked(|b| b.retain(|p| here.contains(p)));
    winners.update_untracked(|w| w.retain(|p| here.contains(p)));
    let names: BTreeMap<PlayerId, String> =
        seats.iter().map(|s| (s.player, s.name.clone())).collect();
    let names = StoredValue::new(names);
    // Busts this device reported that wait in its outbox (a WiFi drop): shown as reported, so
    // nobody reports them twice while the page cannot learn the outcome yet.
    let outbox = Outbox::get();
    let waiting_out = Memo::new(move |_| {
        outbox.waiting.with(|w| {
            w.iter()
                .filter_map(|w| match &w.command {
                    Command::ReportBusts(ReportBusts { table: t, busts }) if *t == table => {
                        Some(busts.clone())
                    }
                    _ => None,
                })
                .flatten()
                .map(|b| b.player)
                .collect::<Vec<PlayerId>>()
        })
    });
    // Two or more out in one hand: whose start stack is still missing (by name).
    let missing_stacks = Memo::new(move |_| {
        let out = busted.get();
        if out.len() < 2 {
            return Vec::new();
        }
        stacks.with(|s| {
            out.iter()
                .filter(|p| typed_stack(s.get(p)).is_none())
                .map(|p| names.with_value(|n| n.get(p).cloned().unwrap_or_default()))
                .collect::<Vec<String>>()
        })
    });
    let confirm = move |_| {
        let out = busted.get_untracked();
        if out.is_empty()
            || send.pending().get_untracked()
            || !missing_stacks.with_untracked(Vec::is_empty)
        {
            return;
        }
        let several = out.len() > 1;
        let eliminators = winners.get_untracked();
        let stacks = stacks.get_untracked();
        let busts = out
            .iter()
            .map(|p| BustReport {
                player: *p,
                eliminators: eliminators.clone(),
                // Only asked for (and only needed) when two or more bust in the hand.
                start_stack: several.then(|| typed_stack(stacks.get(p))).flatten(),
            })
            .collect();
        awaiting.set(true);
        reported.set(false);
        send.dispatch(Command::ReportBusts(ReportBusts { table, busts }));
    };
    let players = Signal::stored(view.players);
    let seat_buttons = move |who: RwSignal<Vec<PlayerId>>,
                             other: RwSignal<Vec<PlayerId>>,
                             id: &'static str| {
        seats
                .iter()
                .map(|s| {
                    let player = s.player;
                    let (seat, name, title) = (s.seat.0, s.name.clone(), s.name.clone());
                    view! {
                        <button
                            class="chip-toggle"
                            title=title
                            class:on=move || who.with(|l| l.contains(&player))
                            class:reported=move || waiting_out.with(|w| w.contains(&player))
                            aria-pressed=move || who.with(|l| l.contains(&player)).to_string()
                            disabled=move || other.with(|l| l.contains(&player)) || waiting_out.with(|w| w.contains(&player))
                            data-testid=format!("{id}-{}", player.0)
                            on:click=move |_| { toggle(who, player); reported.set(false); }
                        ><b class="seat-no">{seat}</b><span class="sep">" · "</span><span class="seat-name">{name}</span></button>
                    }
                })
                .collect_view()
    };
    let out_buttons = seat_buttons(busted, winners, "bust-out");
    let win_buttons = seat_buttons(winners, busted, "bust-win");
    view! {
        <section class="bust-report panel" data-testid="bust-report">
            // Named for screen readers; on the screen the two questions say it (one screen, U.1).
            <h2 class="visually-hidden">{t!(i18n, report_bust)}</h2>
            <h3>{t!(i18n, busted_in_hand)}</h3>
            // A compact seat grid (issue U.1): ten seats in four rows, so who is out, who won
            // and Confirm fit one phone screen.
            <div class="toggles seat-grid">{out_buttons}</div>
            // Two or more out: each start stack asked by name, side by side, so the winners'
            // grid and Confirm stay on the first screen (U.1).
            {move || {
                let out = busted.get();
                (out.len() > 1).then(|| view! {
                    <div class="bust-stacks">
                        {out.into_iter().map(|p| {
                            let name = names.with_value(|n| n.get(&p).cloned().unwrap_or_default());
                            view! {
                                <label>
                                    <span class="stack-of" title=name.clone()>{t!(i18n, start_stack_of, name = name.clone())}</span>
                                    <input type="number" inputmode="numeric" min="1" data-testid=format!("bust-stack-{}", p.0)
                                        prop:value=move || stacks.with_untracked(|s| s.get(&p).cloned().unwrap_or_default())
                                        on:input=move |ev| stacks.update(|s| { s.insert(p, event_target_value(&ev)); }) />
                                </label>
                            }
                        }).collect_view()}
                    </div>
                })
            }}
            <h3>{t!(i18n, winners_of_pot)}</h3>
            <div class="toggles seat-grid">{win_buttons}</div>
            // What the confirm button will send, in words, right above it.
            {move || {
                let name = |p: &PlayerId| names.with_value(|n| n.get(p).cloned().unwrap_or_default());
                let out: Vec<String> = busted.with(|b| b.iter().map(name).collect());
                let won: Vec<String> = winners.with(|w| w.iter().map(name).collect());
                (!out.is_empty()).then(|| view! {
                    <p class="bust-summary" data-testid="bust-summary" role="status">
                        {t!(i18n, bust_summary_out, names = out.join(", "))}
                        {(!won.is_empty()).then(|| view! { " · "{t!(i18n, bust_summary_won, names = won.join(", "))} })}
                    </p>
                })
            }}
            {move || {
                let missing = missing_stacks.get();
                (!missing.is_empty()).then(|| view! {
                    <p class="answer hint" data-testid="bust-stacks-needed" role="status">{t!(i18n, start_stacks_needed, names = missing.join(", "))}</p>
                })
            }}
            <button class="primary wide" data-testid="bust-confirm"
                disabled=move || busted.with(|b| b.is_empty()) || send.pending().get() || !missing_stacks.with(Vec::is_empty)
                on:click=confirm>
                {t!(i18n, confirm)}
            </button>
            <div class="bust-answer" data-testid="bust-answer"><Answer reply=send.value().into() players /></div>
            {move || (reported.get() && registration_open).then(|| view! {
                <p class="hint" data-testid="re-entry-open">{t!(i18n, re_entry_open)}</p>
            })}
        </section>
    }
}

impl Default for BustDraft {
    fn default() -> Self {
        Self::new()
    }
}
