//! The door at the desk (issue T): who signed up from a phone and waits, in the order they
//! came, with how they said they would pay and since when. One tap when the money is taken
//! draws the seat (the desk's usual seat card and personal link follow); a no-show or a
//! double is taken out after a confirmation. Past the free seats the queue is a waiting
//! list: its entries wait for a bust to free a seat, in order.

use super::super::components::{clock_of, method_label, zone_offset, Answer, ConfirmButton};
use super::super::live::{command_action, Live};
use crate::domain::command::Command;
use crate::domain::view::{QueueLine, QueueState, TournamentView};
use crate::i18n::*;
use leptos::prelude::*;

/// The queue, on top of the desk; nothing when nobody waits.
#[component]
pub fn QueuePanel(
    live: Live,
    #[prop(into)] view: Signal<Option<TournamentView>>,
    /// The desk's "seat drawn" shows the player admitted here, as for a name typed.
    last_registered: RwSignal<Option<String>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let send = command_action(RwSignal::new(None), live.shown());
    let offset = zone_offset();
    // Re-rendered only when the queue changes, not on every live update.
    let queue = Memo::new(move |_| {
        view.with(|v| v.as_ref().map(|v| v.door.queue.clone()).unwrap_or_default())
    });
    let admit = move |line: &QueueLine| {
        if send.pending().get_untracked() {
            return;
        }
        last_registered.set(Some(line.name.clone()));
        send.dispatch(Command::Admit {
            entry: line.entry,
            method: line.method,
            same_name_confirmed: false,
        });
    };
    view! {
        <Show when=move || !queue.with(Vec::is_empty)>
            <div class="door-queue" data-testid="door-queue">
                <h4>{t!(i18n, at_the_door)}" ("{move || queue.with(Vec::len)}")"</h4>
                <ol>
                    <For each=move || queue.get() key=|l| (l.entry, l.state) let:line>
                        {
                            let entry = line.entry.0;
                            let waiting = matches!(line.state, QueueState::Waiting { .. });
                            let stored = StoredValue::new(line.clone());
                            view! {
                                <li class="queue-line" class:waiting=waiting data-testid=format!("queue-{entry}") data-state=format!("{:?}", line.state)>
                                    <span class="num">"#"{entry}</span>
                                    <b class="name" data-testid="queue-name">{line.name.clone()}</b>
                                    <span class="method">{method_label(i18n, line.method)}</span>
                                    <span class="since">{move || clock_of(line.since.0, offset.get())}</span>
                                    {match line.state {
                                        QueueState::ToTheDesk => view! {
                                            <button class="primary" data-testid=format!("admit-{entry}") disabled=move || send.pending().get()
                                                on:click=move |_| stored.with_value(|l| admit(l))>{t!(i18n, admit_paid)}</button>
                                        }.into_any(),
                                        QueueState::Waiting { place } => view! {
                                            <span class="badge" data-testid="queue-waiting">{t!(i18n, on_waiting_list, place = place)}</span>
                                        }.into_any(),
                                        QueueState::Closed => view! {
                                            <span class="badge">{t!(i18n, registration_closed)}</span>
                                        }.into_any(),
                                    }}
                                    <ConfirmButton testid=format!("remove-queue-{entry}") class="small" busy=send.pending()
                                        on_confirm=move |_| { send.dispatch(Command::LeaveQueue { entry: stored.with_value(|l| l.entry) }); }>
                                        {t!(i18n, remove)}
                                    </ConfirmButton>
                                </li>
                            }
                        }
                    </For>
                </ol>
                <Answer reply=send.value().into() view />
            </div>
        </Show>
    }
}
