//! `/director/receipt/:player?t=<tournament>`: one player's receipt, printable on a club's
//! ordinary printer: the tournament and its date, the player, every payment and refund at the
//! desk (time, method, split), what the player received, and the totals. The navigation
//! hides when printed; the sheet is black on white on screen too, so what the director sees
//! is what comes out of the printer.

use crate::domain::money::Cents;
use crate::domain::receipts::{LineKind, Receipt, ReceiptLine, Received, ReceivedKind};
use crate::domain::state::PlayerStatus;
use crate::i18n::*;
use crate::server_fns::{player_receipt, PrintableReceipt};
use crate::ui::club::{date_of, DirectorOnly};
use crate::ui::components::colon;
use crate::ui::components::{clock_of, euro, method_label, zone_offset, LangSwitch};
use crate::ui::live::{use_tournament_choice, with_tournament};
use leptos::prelude::*;
use leptos_router::hooks::use_params_map;

/// `/director/receipt/:player`.
#[component]
pub fn ReceiptPage() -> impl IntoView {
    let i18n = use_i18n();
    let params = use_params_map();
    let choice = use_tournament_choice();
    // `try_get`: see `use_live` (the owner may be gone before the task runs on the server).
    let player = Memo::new(move |_| {
        params
            .try_with(|p| p.get("player").and_then(|s| s.trim().parse::<u32>().ok()))
            .flatten()
    });
    let receipt = Resource::new(
        move || (player.try_get().flatten(), choice.try_get().flatten()),
        |(player, tournament)| async move {
            match player {
                Some(p) => player_receipt(p, tournament).await,
                None => Ok(None),
            }
        },
    );
    let offset = zone_offset();
    let print = move |_| {
        #[cfg(feature = "hydrate")]
        {
            let _ = window().print();
        }
    };
    view! {
        <main class="page receipt-page">
            <header class="bar no-print"><h1>{t!(i18n, receipt)}</h1>
                <a class="face small-link" href=move || with_tournament("/director", choice.get()) data-testid="back-to-director">{t!(i18n, face_director)}</a>
                <button class="primary" data-testid="print-receipt" on:click=print>{t!(i18n, print)}</button>
                <LangSwitch />
            </header>
            <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
                {move || receipt.get().map(|r| match r {
                    Ok(Some(page)) => view! { <ReceiptSheet page offset /> }.into_any(),
                    Ok(None) => view! { <p class="answer error" role="alert" data-testid="no-receipt">{t!(i18n, receipt_no_player)}</p> }.into_any(),
                    Err(_) => view! { <DirectorOnly /> }.into_any(),
                })}
            </Transition>
        </main>
    }
}

/// What a line at the desk was, in the reader's language.
fn line_label(i18n: leptos_i18n::I18nContext<Locale>, kind: LineKind) -> AnyView {
    match kind {
        LineKind::BuyIn => t!(i18n, buy_in).into_any(),
        LineKind::ReEntry => t!(i18n, re_entry).into_any(),
        LineKind::UnregistrationRefund => t!(i18n, refund_unregistered).into_any(),
        LineKind::ReEntryRefund => t!(i18n, refund_re_entry).into_any(),
        LineKind::Rebuy => t!(i18n, rebuy).into_any(),
        LineKind::AddOn => t!(i18n, add_on).into_any(),
        LineKind::RebuyRefund => t!(i18n, refund_rebuy).into_any(),
        LineKind::AddOnRefund => t!(i18n, refund_add_on).into_any(),
    }
}

/// The printable sheet.
#[component]
fn ReceiptSheet(page: PrintableReceipt, offset: RwSignal<Option<i64>>) -> impl IntoView {
    let i18n = use_i18n();
    let PrintableReceipt { date, receipt, .. } = page;
    let Receipt {
        tournament,
        player,
        name,
        status,
        place,
        lines,
        received,
        paid_in,
        received_total,
        net,
        by_method,
        prize_pool,
        guarantee,
        overlay,
        ticket,
    } = receipt;
    // The bounty column only in a knock-out.
    let bounties = lines.iter().any(|l| l.bounty_part != Cents::ZERO);
    let status = match status {
        PlayerStatus::Playing => t!(i18n, playing).into_any(),
        PlayerStatus::Busted => t!(i18n, busted).into_any(),
        PlayerStatus::LeftEarly => t!(i18n, left_early).into_any(),
        PlayerStatus::Disqualified => t!(i18n, disqualified).into_any(),
        PlayerStatus::Unregistered => t!(i18n, unregistered).into_any(),
    };
    let line_row = move |(i, l): (usize, ReceiptLine)| {
        let at = l.at.0;
        view! {
            <tr class:refund=l.kind.is_refund() data-testid=format!("receipt-line-{i}")>
                <td>{move || clock_of(at, offset.get())}</td>
                <td>{line_label(i18n, l.kind)}{l.note.map(|n| view! { <small class="receipt-note">" — "{n}</small> })}</td>
                <td>{method_label(i18n, l.method)}</td>
                <td class="num">{euro(l.prize_part)}</td>
                <td class="num">{euro(l.house_fee)}</td>
                {bounties.then(|| view! { <td class="num">{euro(l.bounty_part)}</td> })}
                <td class="num" data-testid=format!("receipt-amount-{i}")>{euro(l.amount)}</td>
            </tr>
        }
    };
    let received_row = move |r: Received| {
        let what = match r.kind {
            ReceivedKind::Prize { place } => t!(i18n, receipt_prize_place, n = place).into_any(),
            ReceivedKind::Deal => t!(i18n, receipt_deal).into_any(),
            ReceivedKind::Bounties => t!(i18n, bounties_won).into_any(),
            // Its value; the ticket itself is handed over, not paid.
            ReceivedKind::Ticket => {
                let name = ticket.as_ref().map(|t| t.name.clone()).unwrap_or_default();
                view! { <span data-testid="receipt-ticket">{t!(i18n, receipt_ticket, name = name)}</span> }.into_any()
            }
        };
        view! { <tr><td>{what}</td><td class="num">{euro(r.amount)}</td></tr> }
    };
    let columns = if bounties { 6 } else { 5 };
    view! {
        <article class="receipt-sheet" data-testid="receipt">
            <header class="receipt-head">
                <h2 data-testid="receipt-tournament">{tournament}</h2>
                <p>{move || date_of(date.saturating_add(offset.get().unwrap_or(0)))}</p>
                <p class="receipt-player">
                    <span class="label">{t!(i18n, receipt_player)}</span>" "
                    <b data-testid="receipt-name">{name}</b>" ("{player.to_string()}") · "{status}
                    {place.map(|p| view! { " · "{t!(i18n, place)}" "<span data-testid="receipt-place">{p}</span> })}
                </p>
            </header>
            <h3>{t!(i18n, receipt_payments)}</h3>
            <table class="receipt-lines" data-testid="receipt-lines">
                <thead><tr>
                    <th>{t!(i18n, receipt_time)}</th><th>{t!(i18n, receipt_what)}</th><th>{t!(i18n, receipt_method)}</th>
                    <th class="num">{t!(i18n, prize_pool)}</th><th class="num">{t!(i18n, receipt_house_fee)}</th>
                    {bounties.then(|| view! { <th class="num">{t!(i18n, bounty)}</th> })}
                    <th class="num">{t!(i18n, receipt_amount)}</th>
                </tr></thead>
                <tbody>{lines.into_iter().enumerate().map(line_row).collect_view()}</tbody>
                <tfoot><tr>
                    <td colspan=columns>{t!(i18n, receipt_paid_in)}</td>
                    <td class="num" data-testid="receipt-paid-in">{euro(paid_in)}</td>
                </tr></tfoot>
            </table>
            <p class="receipt-methods" data-testid="receipt-by-method">
                {t!(i18n, receipt_by_method)}{colon()}
                {by_method.into_iter().enumerate().map(|(i, (m, c))| view! {
                    {(i > 0).then_some(" · ")}{method_label(i18n, m)}" "{euro(c)}
                }).collect_view()}
            </p>
            <h3>{t!(i18n, receipt_received)}</h3>
            {if received.is_empty() {
                view! { <p data-testid="receipt-nothing">{t!(i18n, receipt_nothing_received)}</p> }.into_any()
            } else {
                view! {
                    <table class="receipt-lines" data-testid="receipt-received">
                        <tbody>{received.into_iter().map(received_row).collect_view()}</tbody>
                    </table>
                }.into_any()
            }}
            {guarantee.map(|g| view! {
                <p class="receipt-pool" data-testid="receipt-pool">
                    {t!(i18n, prize_pool)}" "{euro(prize_pool)}" · "{t!(i18n, guarantee)}" "{euro(g)}
                    {(overlay != Cents::ZERO).then(|| view! { " · "{t!(i18n, overlay_house)}" "{euro(overlay)} })}
                </p>
            })}
            <dl class="receipt-totals">
                <div><dt>{t!(i18n, receipt_paid_in)}</dt><dd data-testid="receipt-total-paid">{euro(paid_in)}</dd></div>
                <div><dt>{t!(i18n, receipt_received)}</dt><dd data-testid="receipt-total-received">{euro(received_total)}</dd></div>
                <div class="receipt-net"><dt>{t!(i18n, receipt_net)}</dt><dd data-testid="receipt-net">{euro(net)}</dd></div>
            </dl>
        </article>
    }
}
