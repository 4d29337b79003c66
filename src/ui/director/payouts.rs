//! Editing the payout table (SPEC §2: "a structure table the TD can edit"): once
//! registration closes the pool is final and the director may reshape the prizes, place by
//! place, until a paid place is out (then that prize is paid and the table is locked; a deal
//! among the players left is recorded as a deal). The total must be the pool exactly, to the
//! cent: the form shows the difference as the director types.

use super::super::components::{euro, Answer};
use super::super::live::command_action;
use crate::domain::command::{Command, SetPayouts};
use crate::domain::money::Cents;
use crate::domain::view::TournamentView;
use crate::i18n::*;
use crate::server_fns::CommandReply;
use leptos::prelude::*;

/// Can the table be edited now, and if not, why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Editable {
    Yes,
    /// Registration is open: the pool can still grow.
    NotYet,
    /// A paid place is out.
    Locked,
    /// A satellite: the pool buys seats, which are never split; there is no table to edit.
    Satellite,
}

fn editable(view: &TournamentView) -> Editable {
    let satellite = view
        .ticket
        .as_ref()
        .is_some_and(|t| t.source == crate::domain::config::TicketSource::Pool);
    if satellite {
        Editable::Satellite
    } else if view.registration_open {
        Editable::NotYet
    } else if (view.players_left as usize) < view.payouts.len() {
        Editable::Locked
    } else {
        Editable::Yes
    }
}

/// The editor: closed until the director opens it, then a draft of its own that live updates
/// leave alone.
#[component]
pub fn PayoutEditor(
    #[prop(into)] view: Signal<Option<TournamentView>>,
    #[prop(into)] tournament: Signal<Option<i64>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let send = command_action(RwSignal::new(None), tournament);
    let state = Memo::new(move |_| view.with(|v| v.as_ref().map(editable)));
    let pool = Memo::new(move |_| view.with(|v| v.as_ref().map_or(Cents::ZERO, |v| v.prize_pool)));
    // The draft: one text per paid place, `None` while the editor is closed.
    let draft = RwSignal::new(None::<Vec<RwSignal<String>>>);
    // The places' texts belong to the editor, not to the button tapped to make them: that
    // button's view is replaced as the editor opens, and would take them along.
    let owner = StoredValue::new(Owner::current());
    let text = move |value: String| {
        owner.with_value(|o| match o {
            Some(o) => o.with(|| RwSignal::new(value)),
            None => RwSignal::new(value),
        })
    };
    let invalid = RwSignal::new(None::<usize>);
    let open = move |_| {
        let amounts =
            view.with_untracked(|v| v.as_ref().map(|v| v.payouts.clone()).unwrap_or_default());
        invalid.set(None);
        draft.set(Some(amounts.iter().map(|a| text(a.to_string())).collect()));
    };
    // Saved: close the editor; the payouts table above shows the new prizes.
    Effect::new(move |_| {
        if let Some(Ok(CommandReply::Accepted { .. })) = send.value().get() {
            draft.set(None);
        }
    });
    let typed = move || -> Vec<Option<Cents>> {
        draft.with(|d| {
            d.iter()
                .flatten()
                .map(|s| s.with(|t| Cents::parse_euros(t)))
                .collect()
        })
    };
    let total = move || typed().into_iter().flatten().sum::<Cents>();
    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let amounts = typed();
        match amounts.iter().position(Option::is_none) {
            Some(bad) => invalid.set(Some(bad + 1)),
            None => {
                invalid.set(None);
                send.dispatch(Command::SetPayouts(SetPayouts {
                    amounts: amounts.into_iter().flatten().collect(),
                }));
            }
        }
    };
    view! {
        <section class="panel payout-editor" data-testid="payout-editor">
            <h3>{t!(i18n, edit_payouts)}</h3>
            <Answer reply=send.value().into() />
            {move || match state.get() {
                None => None,
                Some(Editable::NotYet) => Some(view! { <p class="hint">{t!(i18n, payouts_edit_after_close)}</p> }.into_any()),
                Some(Editable::Locked) => Some(view! { <p class="hint" data-testid="payouts-locked">{t!(i18n, payouts_locked)}</p> }.into_any()),
                Some(Editable::Satellite) => Some(view! { <p class="hint" data-testid="payouts-satellite">{t!(i18n, payouts_satellite)}</p> }.into_any()),
                Some(Editable::Yes) => Some(match draft.get() {
                    None => view! { <button data-testid="edit-payouts" on:click=open>{t!(i18n, edit_payouts)}</button> }.into_any(),
                    Some(places) => view! {
                        <form on:submit=save>
                            <ol class="payout-draft">
                                {places.into_iter().enumerate().map(|(i, amount)| view! {
                                    <li><label>{t!(i18n, place)}" "{i + 1}" (€) "
                                        <input data-testid="payout-amount" inputmode="decimal" prop:value=amount
                                            on:input=move |ev| amount.set(event_target_value(&ev)) />
                                    </label></li>
                                }).collect_view()}
                            </ol>
                            <p data-testid="payouts-total" class:error=move || total() != pool.get()>
                                {move || t!(i18n, payouts_total, total = euro(total()), pool = euro(pool.get()))}
                            </p>
                            {move || invalid.get().map(|place| view! { <p class="answer error" role="alert">{t!(i18n, payouts_amount_invalid, place = place)}</p> })}
                            <div class="table-actions">
                                <button type="button" data-testid="add-place"
                                    on:click=move |_| draft.update(|d| if let Some(d) = d { d.push(text("0".into())) })>{t!(i18n, add_place)}</button>
                                <button type="button" data-testid="remove-place"
                                    on:click=move |_| draft.update(|d| if let Some(d) = d { if d.len() > 1 { d.pop(); } })>{t!(i18n, remove_place)}</button>
                                <button type="submit" class="primary" data-testid="save-payouts">{t!(i18n, save_payouts)}</button>
                                <button type="button" on:click=move |_| draft.set(None)>{t!(i18n, discard_changes)}</button>
                            </div>
                        </form>
                    }.into_any(),
                }),
            }}
        </section>
    }
}
