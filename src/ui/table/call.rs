//! The table's call for the TD (PKR4U 1): one tap calls; the table then reads the time since
//! and "called, waiting for the TD" (on one line: the time first, the words cut if need be), until the TD answers ("TD on the way"), until
//! the call is closed. The table may take its call back.

use super::super::components::format_ms;
use super::super::live::{CommandAction, Live};
use crate::domain::command::{CallDirector, CancelCall, Command};
use crate::domain::ids::TableNo;
use crate::domain::read::faces::FaceView;
use crate::domain::view::CallView;
use crate::i18n::*;
use leptos::prelude::*;

/// The call's state and its buttons. `server_now` is the server's time of the view (its
/// clock's reading), so the time since the call never depends on this device's clock.
#[component]
pub fn CallPanel<V: FaceView>(
    table: TableNo,
    call: Option<CallView>,
    server_now: i64,
    live: Live<V>,
    send: CommandAction,
    /// Opens the guided rulings when the table calls (what the TD will ask first).
    on_call: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    // Ms since `at` (server time), counted on between live updates.
    let since = move |at: i64| {
        let local = (live.now.get() - live.received_at.get()).max(0.0) as i64;
        format_ms((server_now - at + local).max(0))
    };
    let cancel = move || {
        view! {
            <button class="small" data-testid="call-cancel" disabled=move || send.pending().get()
                on:click=move |_| { send.dispatch(Command::CancelCall(CancelCall { table })); }>
                {t!(i18n, call_cancel)}
            </button>
        }
    };
    let body = match call {
        None => view! {
            <button class="primary wide" data-testid="call-director" disabled=move || send.pending().get()
                on:click=move |_| {
                    // One call per intent: a second tap while the first is on its way is dropped.
                    if !send.pending().get_untracked() {
                        send.dispatch(Command::CallDirector(CallDirector { table }));
                        on_call.run(());
                    }
                }>{t!(i18n, call_director)}</button>
        }
        .into_any(),
        Some(CallView { at, answered_at: None, .. }) => view! {
            <p class="called waiting" role="status" data-testid="director-called" data-state="waiting">
                <span data-testid="call-since">{move || since(at.0)}</span>" · "{t!(i18n, call_waiting)}
            </p>
            {cancel()}
        }
        .into_any(),
        Some(CallView { answered_at: Some(answered), .. }) => view! {
            <p class="called answered" role="status" data-testid="director-called" data-state="answered">
                <span data-testid="call-since">{move || since(answered.0)}</span>" · "{t!(i18n, call_on_the_way)}
            </p>
            {cancel()}
        }
        .into_any(),
    };
    view! { <div class="call">{body}</div> }
}
