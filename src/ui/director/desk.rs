//! The registration desk: a name, the payment, register; the seat drawn shown big with the
//! player's personal link. One registration per tap: the button waits for the answer (a double
//! tap once bought two entries), and a name already in the tournament asks before a second
//! person of that name is added.

use super::super::club::chip_set::{ClubChipSet, StackChips};
use super::super::components::{
    besides_same_name, view_part, Answer, PaymentMethodPicker, SameNameQuestion,
};
use super::super::live::{command_action, with_tournament, Live};
use super::corrections::{Correction, CorrectionButton, PendingCorrection};
use super::links::PlayerLinkCard;
use super::queue::QueuePanel;
use super::suggest::NameWithSuggestions;
use crate::domain::command::{CloseRegistration, Command, RegisterPlayer};
use crate::domain::event::PaymentMethod;
use crate::domain::view::TournamentView;
use crate::i18n::*;
use crate::server_fns::CommandReply;
use crate::ui::components::colon;
use leptos::prelude::*;

#[component]
pub fn Desk(
    live: Live,
    #[prop(into)] view: Signal<Option<TournamentView>>,
    pending: PendingCorrection,
) -> impl IntoView {
    let i18n = use_i18n();
    let send = command_action(RwSignal::new(None), live.shown());
    let name = RwSignal::new(String::new());
    let method = RwSignal::new(PaymentMethod::Cash);
    let present = RwSignal::new(true);
    let last_registered = RwSignal::new(None::<String>);
    // The last seat was drawn for someone admitted from the queue (issue U.6): it shows on
    // top of the queue, where the tap was, not under the form further down.
    let from_queue = RwSignal::new(false);
    let suggesting = RwSignal::new(false);
    let register_as = move |same_name_confirmed: bool| {
        if send.pending().get_untracked() {
            return;
        }
        suggesting.set(false);
        from_queue.set(false);
        last_registered.set(Some(name.get_untracked().trim().to_string()));
        send.dispatch(Command::RegisterPlayer(RegisterPlayer {
            name: name.get_untracked(),
            method: method.get_untracked(),
            present: present.get_untracked(),
            same_name_confirmed,
        }));
    };
    let register = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        register_as(false);
    };
    // Any other answer shows under the button (the same-name question has its own).
    let answer = besides_same_name(send.value().into());
    // Clear the name once the desk's registration is accepted, unless the next name is being
    // typed already (the live update can show the seat before the answer arrives).
    Effect::new(move |_| {
        if let Some(Ok(CommandReply::Accepted { .. })) = send.value().get() {
            let sent = last_registered.get_untracked().unwrap_or_default();
            if name.get_untracked().trim() == sent {
                name.set(String::new());
            }
        }
    });
    // The player just registered, by id: the personal link below re-renders only when it
    // changes, not on every live update.
    let registered = Memo::new(move |_| {
        let n = last_registered.get()?;
        view.with(|v| {
            v.as_ref()?
                .players
                .iter()
                .rev()
                .find(|p| p.name == n)
                .map(|p| p.player)
        })
    });
    let open = move || view.with(|v| v.as_ref().is_some_and(|v| v.registration_open));
    // Whether late registration is open, once play has started and until it ends: the button
    // that closes or reopens it is drawn anew only when that changes, not under the finger.
    let registration = view_part(view, |v| {
        (v.clock.started && !v.finished).then_some(v.registration_open)
    });
    // The club's chip set, for the chips to hand over with the seat.
    let chips = ClubChipSet::use_or_read();
    // The seat drawn, big, with the chips to hand over and the seat card.
    let seat_drawn = move || {
        let n = last_registered.get()?;
        let p = view.with(|v| {
            v.as_ref()?
                .players
                .iter()
                .rev()
                .find(|p| p.name == n)
                .cloned()
        })?;
        let stack = p.stack;
        Some(view! {
            <div class="seat-drawn" data-testid="seat-drawn">
                <span class="label">{t!(i18n, seat_drawn)}{colon()}{p.name.clone()}</span>
                <span class="big">{p.table.map(|t| t.0).unwrap_or(0)}" · "{p.seat.map(|s| s.0).unwrap_or(0)}</span>
                // The card to hand over: opens beside the console, which stays as it is.
                {move || chips.get().and_then(Result::ok).map(|set| view! { <StackChips stack set /> })}
                <a class="face small-link no-print" target="_blank" data-testid="print-seat-card"
                    href=with_tournament(&format!("/director/print/cards?player={}", p.player.0), live.shown().get_untracked())>
                    {t!(i18n, print_seat_card)}
                </a>
            </div>
        })
    };
    view! {
        <section class="panel desk">
            <h3>{t!(i18n, registration)}" · "
                {move || if open() { t!(i18n, registration_open).into_any() } else { t!(i18n, registration_closed).into_any() }}
            </h3>
            // The director closes late registration early (or opens it again); before the
            // start it is always open.
            {move || registration.get().flatten().map(|open| if open {
                view! { <button class="small" data-testid="close-registration" disabled=move || send.pending().get() on:click=move |_| { send.dispatch(Command::CloseRegistration(CloseRegistration {})); }>{t!(i18n, close_registration)}</button> }.into_any()
            } else {
                view! { <CorrectionButton correction=Correction::ReopenRegistration pending testid="reopen-registration">{t!(i18n, reopen_registration)}</CorrectionButton> }.into_any()
            })}
            {move || from_queue.get().then(seat_drawn)}
            <QueuePanel live view last_registered from_queue />
            <form on:submit=register>
                <NameWithSuggestions name open=suggesting />
                <PaymentMethodPicker method testid="reg-method" />
                <label class="check">
                    <input type="checkbox" prop:checked=present on:change=move |ev| present.set(event_target_checked(&ev)) />
                    {t!(i18n, present_confirm)}
                </label>
                <button class="primary" type="submit" data-testid="reg-submit" disabled=move || send.pending().get()>{t!(i18n, register)}</button>
            </form>
            <Answer reply=answer view />
            // Asked about the name as it was sent: a name changed or cleared since takes the
            // question away (it once stayed over an empty field).
            <SameNameQuestion reply=Signal::derive(move || {
                    let sent = last_registered.get().unwrap_or_default();
                    send.value().get().filter(|_| name.with(|n| n.trim() == sent))
                }) testid="same-name" confirm_testid="reg-same-name-confirm"
                busy=send.pending().into() on_confirm=Callback::new(move |_| register_as(true)) />
            {move || (!from_queue.get()).then(seat_drawn)}
            {move || registered.get().map(|player| view! { <PlayerLinkCard player tournament=live.shown().get_untracked() /> })}
        </section>
    }
}
