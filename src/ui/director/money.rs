//! Money at a glance for the director: the prize pool and the payouts, the bounties paid,
//! the final-table deal quotes (chip-chop and ICM side by side, exact to the cent, seed 000)
//! with one tap to record the one the players agree, and the results with their exports.

use super::super::components::{
    chip_count, chips, euro, payout_lines, purchases_label, result_prize, GuaranteeFigures,
    PurchaseFigures,
};
use super::super::live::{with_tournament, CommandAction};
use crate::domain::command::{Command, RecordDeal, ReportChips};
use crate::domain::config::{BountyKind, TicketPrize};
use crate::domain::money::{Cents, Chips};
use crate::domain::read::faces::pieces::{FieldView, PrizeList};
use crate::domain::view::{DealQuotes, ResultLine, TournamentView};
use crate::i18n::*;
use leptos::prelude::*;

/// What the money panel shows; it is drawn anew only when this changes.
#[derive(Clone, Debug, PartialEq)]
pub struct MoneyPart {
    prize_pool: Cents,
    entries: u32,
    field: FieldView,
    guarantee: Option<Cents>,
    overlay: Cents,
    /// The bounties paid so far, where the tournament has bounties.
    bounties_paid: Option<Cents>,
    prizes: PrizeList,
}

impl MoneyPart {
    pub fn of(view: &TournamentView) -> MoneyPart {
        MoneyPart {
            prize_pool: view.prize_pool,
            entries: view.entries,
            field: FieldView::of(view),
            guarantee: view.guarantee,
            overlay: view.overlay,
            bounties_paid: (view.bounty_kind != BountyKind::None)
                .then(|| view.players.iter().map(|p| p.bounty_won).sum()),
            prizes: PrizeList::of(view),
        }
    }
}

/// Prize pool, payouts and bounties paid.
#[component]
pub fn MoneyPanel(money: MoneyPart) -> impl IntoView {
    let i18n = use_i18n();
    let MoneyPart {
        prize_pool,
        entries,
        field,
        guarantee,
        overlay,
        bounties_paid,
        prizes,
    } = money;
    let payouts = payout_lines(&prizes)
        .into_iter()
        .map(|l| view! { <tr><td>{l.label.clone()}</td><td class="num">{l.amount()}</td></tr> })
        .collect_view();
    view! {
        <section class="panel money" data-testid="money-panel">
            <h3>{t!(i18n, money)}</h3>
            <dl class="figures">
                <div><dt>{t!(i18n, prize_pool)}</dt><dd>{euro(prize_pool)}</dd></div>
                <div><dt>{t!(i18n, entries)}</dt><dd>{entries}</dd></div>
                <PurchaseFigures field />
                <GuaranteeFigures guarantee overlay />
                {bounties_paid.map(|paid| view! {
                    <div><dt>{t!(i18n, bounties_paid)}</dt><dd data-testid="bounties-paid">{euro(paid)}</dd></div>
                })}
            </dl>
            <table class="places" data-testid="payouts-table">
                <thead><tr><th>{t!(i18n, place)}</th><th class="num">{t!(i18n, prize)}</th></tr></thead>
                <tbody>{payouts}</tbody>
            </table>
        </section>
    }
}

/// What the deal panel shows: the quotes, the chips in play they are checked against, and
/// the quoted players' names in the quotes' order. The panel is drawn anew only when this
/// changes, so a count typed or a quote asked for outlives live updates from elsewhere.
#[derive(Clone, Debug, PartialEq)]
pub struct DealPart {
    quotes: DealQuotes,
    in_play: Chips,
    names: Vec<String>,
}

impl DealPart {
    /// While the players left may make a deal.
    pub fn of(view: &TournamentView) -> Option<DealPart> {
        let quotes = view.deal_quotes.clone()?;
        let names = quotes
            .players
            .iter()
            .map(|p| view.player_name(*p))
            .collect();
        Some(DealPart {
            quotes,
            in_play: view.chips_in_play,
            names,
        })
    }
}

/// FIDPA / seed 000: the deal quotes for the players left, and recording the agreed one.
#[component]
pub fn DealPanel(deal: DealPart, send: CommandAction) -> impl IntoView {
    let i18n = use_i18n();
    let DealPart {
        quotes,
        in_play,
        names,
    } = deal;
    // An amount the players leave to play for (the winner takes it): the quotes are then
    // worked out on the prizes with that much less for first place, on this device.
    let to_play_for_text = RwSignal::new(String::new());
    let to_play_for = Memo::new(move |_| {
        let text = to_play_for_text.get();
        if text.trim().is_empty() {
            Some(Cents::ZERO)
        } else {
            Cents::parse_euros(&text)
        }
    });
    let base = quotes.clone();
    let amounts = Memo::new(move |_| -> Option<(Vec<Cents>, Vec<Cents>)> {
        let q = base.leaving(to_play_for.get()?)?;
        Some((q.chip_chop, q.icm))
    });
    let satellite = !quotes.tickets.is_empty();
    let players = StoredValue::new(quotes.players.clone());
    // A deal is money handed out: the first tap shows what each player gets (the quote
    // chosen), the second records it. `asked`: `Some(true)` for ICM, `Some(false)` for the
    // chip-chop.
    let asked = RwSignal::new(None::<bool>);
    let chosen = move || -> Option<(Vec<Cents>, Cents, &'static str)> {
        let icm_quote = asked.get()?;
        let (chop, icm) = amounts.get()?;
        let left = to_play_for.get()?;
        Some(if icm_quote {
            (icm, left, "ICM")
        } else {
            (chop, left, "chip-chop")
        })
    };
    let record = move |_| {
        let Some((amounts, left, note)) = chosen() else {
            return;
        };
        asked.set(None);
        send.dispatch(Command::RecordDeal(RecordDeal {
            amounts: players.with_value(|p| p.iter().copied().zip(amounts).collect()),
            note: note.to_string(),
            to_play_for: left,
        }));
    };
    // The quotes count the stacks as last known: when they do not add up to the chips in
    // play, a count is missing or stale (140,300 counted once stood against 386,000 in play).
    let counted_total = Chips(quotes.stacks.iter().map(|c| c.0).sum());
    let stale = counted_total != in_play;
    let uncounted: Vec<String> = names
        .iter()
        .zip(&quotes.counted)
        .filter(|(_, counted)| !**counted)
        .map(|(name, _)| name.clone())
        .collect();
    let names = StoredValue::new(names);
    let rows = quotes
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let player = *p;
            let counted = quotes.counted.get(i).copied().unwrap_or(true);
            // The count typed here goes in as the table's count would (ReportChips).
            let count = RwSignal::new(String::new());
            // A count that does not read is said in the row; nothing is sent.
            let unreadable = RwSignal::new(false);
            let save = move |_| match chip_count(&count.get_untracked()) {
                Some(chips) => {
                    unreadable.set(false);
                    send.dispatch(Command::ReportChips(ReportChips { player, chips }));
                    count.set(String::new());
                }
                None => unreadable.set(true),
            };
            view! {
                <tr class:uncounted=!counted>
                    <td>{names.with_value(|n| n.get(i).cloned()).unwrap_or_default()}
                        {quotes.tickets.get(i).copied().unwrap_or(false).then(|| view! {
                            <small class="ticket" data-testid="deal-ticket">" · "{t!(i18n, ticket_seat)}</small>
                        })}
                    </td>
                    <td class="num" data-testid="deal-stack">{quotes.stacks.get(i).map(|c| chips(*c))}
                        {(!counted).then(|| view! { <small class="warn">" "{t!(i18n, not_counted)}</small> })}
                    </td>
                    <td class="count-cell">
                        <input data-testid=format!("deal-count-{}", player.0) inputmode="numeric" class="count-input"
                            placeholder=move || t_string!(i18n, count_placeholder).to_string()
                            prop:value=count on:input=move |ev| { unreadable.set(false); count.set(event_target_value(&ev)); } />
                        <button data-testid=format!("deal-count-save-{}", player.0) on:click=save
                            disabled=move || send.pending().get() || count.get().trim().is_empty()>{t!(i18n, save_count)}</button>
                        {move || unreadable.get().then(|| view! { <p class="answer error" role="alert" data-testid="deal-count-invalid">{t!(i18n, table_count_invalid)}</p> })}
                    </td>
                    <td class="num" data-testid="deal-chip-chop">{move || amounts.get().and_then(|(c, _)| c.get(i).map(|c| euro(*c)))}</td>
                    <td class="num" data-testid="deal-icm">{move || amounts.get().and_then(|(_, q)| q.get(i).map(|c| euro(*c)))}</td>
                </tr>
            }
        })
        .collect_view();
    // A quote from stacks nobody counted is only right by chance: the deal waits for counts.
    let ready = uncounted.is_empty();
    view! {
        <section class="panel deal" data-testid="deal-panel">
            <h3>{t!(i18n, deal)}</h3>
            <p class="hint">{t!(i18n, deal_hint)}</p>
            // On a phone the table scrolls sideways: counts and quotes both stay reachable.
            <div class="scroll-x">
                <table class="places">
                    <thead><tr><th>{t!(i18n, player_sheet)}</th><th class="num">{t!(i18n, stack)}</th><th>{t!(i18n, count)}</th><th class="num">{t!(i18n, deal_chip_chop)}</th><th class="num">{t!(i18n, deal_icm)}</th></tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            // A satellite's tickets are not split: nothing of them is left to play for.
            {(!satellite).then(|| view! {
                <label class="deal-play-for">{t!(i18n, deal_to_play_for)}
                    <input data-testid="deal-to-play-for" inputmode="decimal" placeholder="0"
                        prop:value=to_play_for_text on:input=move |ev| to_play_for_text.set(event_target_value(&ev)) />
                </label>
            })}
            {move || amounts.get().is_none().then(|| view! {
                <p class="answer refused" data-testid="deal-play-for-invalid">{t!(i18n, deal_to_play_for_invalid)}</p>
            })}
            {(!ready).then(|| view! {
                <p class="answer refused" data-testid="deal-needs-counts">{t!(i18n, deal_needs_counts, names = uncounted.join(", "))}</p>
            })}
            {stale.then(|| view! {
                <p class="answer refused" role="alert" data-testid="deal-stacks-stale">
                    {t!(i18n, deal_stacks_stale, counted = chips(counted_total), in_play = chips(in_play))}
                </p>
            })}
            // The confirmation takes the place of the two buttons, where the tap was: every
            // player's amount, what is left to play for, then record.
            {move || match chosen() {
                None => view! {
                    <div class="table-actions">
                        <button data-testid="record-chip-chop" on:click=move |_| asked.set(Some(false)) disabled=move || !ready || amounts.get().is_none() || send.pending().get()>{t!(i18n, record_deal)}" · "{t!(i18n, deal_chip_chop)}</button>
                        <button data-testid="record-icm" on:click=move |_| asked.set(Some(true)) disabled=move || !ready || amounts.get().is_none() || send.pending().get()>{t!(i18n, record_deal)}" · "{t!(i18n, deal_icm)}</button>
                    </div>
                }.into_any(),
                Some((amounts, left, note)) => view! {
                    <div class="panel confirm-sheet" role="dialog" data-testid="deal-confirm-sheet">
                        <h4>{t!(i18n, deal_confirm_title, quote = note)}</h4>
                        <ul class="deal-amounts">
                            {names.with_value(|n| n.clone()).into_iter().zip(amounts).map(|(name, amount)| view! {
                                <li><span>{name}</span>" "<b class="num">{euro(amount)}</b></li>
                            }).collect_view()}
                        </ul>
                        {(left > Cents::ZERO).then(|| view! { <p data-testid="deal-confirm-left">{t!(i18n, deal_left_to_play_for, amount = euro(left))}</p> })}
                        {stale.then(|| view! { <p class="warn">{t!(i18n, deal_stacks_stale, counted = chips(counted_total), in_play = chips(in_play))}</p> })}
                        <div class="table-actions">
                            <button class="danger" data-testid="deal-confirm" on:click=record disabled=move || send.pending().get()>{t!(i18n, deal_confirm)}</button>
                            <button data-testid="deal-cancel" on:click=move |_| asked.set(None)>{t!(i18n, merge_cancel)}</button>
                        </div>
                    </div>
                }.into_any(),
            }}
        </section>
    }
}

/// "Back up now": a copy of the whole database beside it; the answer names the file, to copy
/// to a USB stick. One tap, one copy: the button waits while the copy is made. It lives outside
/// the results panel, which is drawn again on every live update: the answer stays.
#[component]
pub fn BackupButton() -> impl IntoView {
    let i18n = use_i18n();
    let backup = ServerAction::<crate::server_fns::club::BackupNow>::new();
    view! {
        <div class="table-actions backup">
        <button type="button" class="face small-link" data-testid="backup-now"
            disabled=move || backup.pending().get()
            on:click=move |_| { backup.dispatch(crate::server_fns::club::BackupNow {}); }>
            {t!(i18n, backup_now)}
        </button>
        {move || backup.value().get().map(|answer| match answer {
            Ok(path) => view! {
                <p class="answer ok" role="status" data-testid="backup-answer">{t!(i18n, backup_written)} " " <code>{path}</code></p>
            }.into_any(),
            Err(_) => view! {
                <p class="answer error" role="alert" data-testid="backup-answer">{t!(i18n, backup_failed)}</p>
            }.into_any(),
        })}
        </div>
    }
}

/// What the results panel shows; it is drawn anew only when this changes (a results list as
/// long as the field, not on every event of the room).
#[derive(Clone, Debug, PartialEq)]
pub struct ResultsPart {
    finished: bool,
    ticket: Option<TicketPrize>,
    results: Vec<ResultLine>,
}

impl ResultsPart {
    pub fn of(view: &TournamentView) -> ResultsPart {
        ResultsPart {
            finished: view.finished,
            ticket: view.ticket.clone(),
            results: view.results.clone(),
        }
    }
}

/// The results so far (players still in first), with the exports.
#[component]
pub fn ResultsPanel(results: ResultsPart, tournament: i64) -> impl IntoView {
    let i18n = use_i18n();
    let ResultsPart {
        finished,
        ticket,
        results,
    } = results;
    let rows = results
        .iter()
        .map(|r| {
            view! {
                <tr>
                    <td>{r.place.map(|p| p.to_string()).unwrap_or_else(|| "—".into())}</td>
                    <td><a data-testid=format!("result-receipt-{}", r.player.0) href=with_tournament(&format!("/director/receipt/{}", r.player.0), Some(tournament))>{r.name.clone()}</a></td>
                    <td class="num">{result_prize(ticket.as_ref(), r)}</td>
                    <td class="num">{euro(r.bounties)}</td>
                    <td class="num">{purchases_label(r.entries, r.rebuys, r.add_ons)}</td>
                    <td class="num">{euro(r.paid)}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <details class="panel results" data-testid="results-panel">
            <summary>{t!(i18n, results)}
                {finished.then(|| view! { " · " <strong data-testid="results-final">{t!(i18n, results_final)}</strong> })}
            </summary>
            <div class="table-actions">
                <a class="face small-link" data-testid="export-csv" href=format!("/export/{tournament}/results.csv") download>{t!(i18n, export_results)}</a>
                <a class="face small-link" data-testid="export-events" href=format!("/export/{tournament}/events.json") download>{t!(i18n, export_events)}</a>
            </div>
            // On a phone the table scrolls sideways inside its panel.
            <div class="scroll-x">
                <table class="places">
                    <thead><tr>
                        <th>{t!(i18n, place)}</th><th>{t!(i18n, player_sheet)}</th><th class="num">{t!(i18n, prize)}</th>
                        <th class="num">{t!(i18n, bounty)}</th><th class="num">{t!(i18n, entries)}</th><th class="num">{t!(i18n, paid)}</th>
                    </tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </details>
    }
}
