//! The door at the desk (issue T): who signed up from a phone and waits, in the order they
//! came, with how they said they would pay and since when. One tap when the money is taken
//! draws the seat (the desk's usual seat card and personal link follow); a no-show or a
//! double is taken out after a confirmation. Past the free seats the queue is a waiting
//! list: its entries wait for a bust to free a seat, in order. A player who signed up twice
//! (two phones, two spellings) is merged: "Same player…" on one entry, then "keep this one"
//! on the other; the player keeps the earlier of the two places.
//!
//! Junk (issue X): entries that came from one machine say so when there are three or more
//! ("7 from one device"), and one confirmed tap takes them all out; a squatted name goes with
//! them and its owner signs up again. Ticked entries go out together the same way.

use super::super::components::{
    besides_same_name, clock_of, method_label, zone_offset, Answer, ConfirmButton, SameNameQuestion,
};
use super::super::live::{command_action, with_tournament, Live};
use crate::domain::command::{Admit, ClearQueueEntries, Command, LeaveQueue, MergeQueueEntries};
use crate::domain::ids::EntryNo;
use crate::domain::view::{QueueLine, QueueState, TournamentView};
use crate::i18n::*;
use leptos::prelude::*;

/// From this many entries of one machine waiting, the desk is told and offered to take them
/// out together (a phone signing up its owner and a friend is two).
const SAME_SENDER_SHOWN: u32 = 3;

/// The queue, on top of the desk; nothing when nobody waits.
#[component]
pub fn QueuePanel(
    live: Live,
    #[prop(into)] view: Signal<Option<TournamentView>>,
    /// The desk's "seat drawn" shows the player admitted here, as for a name typed.
    last_registered: RwSignal<Option<String>>,
    /// Set when the seat is drawn here: the desk shows it on top of the queue, at the tap.
    from_queue: RwSignal<bool>,
) -> impl IntoView {
    let i18n = use_i18n();
    let send = command_action(RwSignal::new(None), live.shown());
    let offset = zone_offset();
    // The entry the desk is merging (tapped "Same player…"), waiting for the other one.
    let merging = RwSignal::new(None::<EntryNo>);
    // Entries ticked to be taken out together; forgotten as they leave the queue.
    let ticked = RwSignal::new(Vec::<EntryNo>::new());
    // Re-rendered only when the queue changes, not on every live update.
    let queue = Memo::new(move |_| {
        view.with(|v| v.as_ref().map(|v| v.door.queue.clone()).unwrap_or_default())
    });
    // The entry last admitted: when a player of that name is in already, the desk is asked
    // whether this is another person, and admits the entry as such with one more tap.
    let admitting = StoredValue::new(None::<QueueLine>);
    let admit_as = move |line: &QueueLine, same_name_confirmed: bool| {
        if send.pending().get_untracked() {
            return;
        }
        admitting.set_value(Some(line.clone()));
        from_queue.set(true);
        last_registered.set(Some(line.name.clone()));
        send.dispatch(Command::Admit(Admit {
            entry: line.entry,
            method: line.method,
            same_name_confirmed,
        }));
    };
    let admit = move |line: &QueueLine| admit_as(line, false);
    let admit_other_person = Callback::new(move |_| {
        if let Some(line) = admitting.get_value() {
            admit_as(&line, true);
        }
    });
    Effect::new(move |_| {
        let waiting: Vec<EntryNo> = queue.with(|q| q.iter().map(|l| l.entry).collect());
        if ticked.with_untracked(|t| t.iter().any(|e| !waiting.contains(e))) {
            ticked.update(|t| t.retain(|e| waiting.contains(e)));
        }
    });
    let clear = move |entries: Vec<EntryNo>, same_sender: bool| {
        if !send.pending().get_untracked() && !entries.is_empty() {
            send.dispatch(Command::ClearQueueEntries(ClearQueueEntries {
                entries,
                same_sender,
            }));
        }
    };
    let merge_into = move |keep: EntryNo| {
        if let Some(merged) = merging.get_untracked() {
            if !send.pending().get_untracked() {
                merging.set(None);
                send.dispatch(Command::MergeQueueEntries(MergeQueueEntries {
                    keep,
                    merged,
                }));
            }
        }
    };
    view! {
        <Show when=move || !queue.with(Vec::is_empty)>
            <div class="door-queue" data-testid="door-queue">
                <h4>{t!(i18n, at_the_door)}" ("{move || queue.with(Vec::len)}")"
                    " "<a class="small-link" data-testid="print-sign-ups" href=move || with_tournament("/director/print/signups", live.shown().get())>{t!(i18n, sign_up_list)}</a></h4>
                <ol>
                    <For each=move || queue.get() key=|l| (l.entry, l.state) let:line>
                        {
                            let entry = line.entry.0;
                            let waiting = matches!(line.state, QueueState::Waiting { .. });
                            let stored = StoredValue::new(line.clone());
                            view! {
                                <li class="queue-line" class:waiting=waiting data-testid=format!("queue-{entry}") data-state=format!("{:?}", line.state)>
                                    <label class="tick">
                                        <input type="checkbox" data-testid=format!("tick-{entry}")
                                            prop:checked=move || ticked.with(|t| t.contains(&EntryNo(entry)))
                                            on:change=move |ev| {
                                                let on = event_target_checked(&ev);
                                                ticked.update(|t| {
                                                    t.retain(|e| e.0 != entry);
                                                    if on { t.push(EntryNo(entry)); }
                                                });
                                            } />
                                    </label>
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
                                    {move || match merging.get() {
                                        Some(m) if m.0 == entry => view! {
                                            <button class="small" data-testid=format!("merge-cancel-{entry}") on:click=move |_| merging.set(None)>{t!(i18n, merge_cancel)}</button>
                                        }.into_any(),
                                        Some(_) => view! {
                                            <button class="small primary" data-testid=format!("merge-into-{entry}") disabled=move || send.pending().get()
                                                on:click=move |_| merge_into(EntryNo(entry))>{t!(i18n, merge_keep_this)}</button>
                                        }.into_any(),
                                        None => view! {
                                            <button class="small" data-testid=format!("merge-{entry}") hidden=move || queue.with(|q| q.len() < 2)
                                                on:click=move |_| merging.set(Some(EntryNo(entry)))>{t!(i18n, merge_same_player)}</button>
                                        }.into_any(),
                                    }}
                                    {(line.from_same_sender >= SAME_SENDER_SHOWN).then(|| {
                                        let n = line.from_same_sender;
                                        view! {
                                            <span class="badge warn" data-testid="queue-same-sender">{t!(i18n, from_one_device, count = n)}</span>
                                            <ConfirmButton testid=format!("clear-sender-{entry}") class="small danger" busy=send.pending()
                                                on_confirm=move |_| clear(vec![EntryNo(entry)], true)>
                                                {t!(i18n, remove_all_from_device, count = n)}
                                            </ConfirmButton>
                                        }
                                    })}
                                    <ConfirmButton testid=format!("remove-queue-{entry}") class="small" busy=send.pending()
                                        on_confirm=move |_| { send.dispatch(Command::LeaveQueue(LeaveQueue { entry: stored.with_value(|l| l.entry) })); }>
                                        {t!(i18n, remove)}
                                    </ConfirmButton>
                                </li>
                            }
                        }
                    </For>
                </ol>
                <Show when=move || !ticked.with(Vec::is_empty)>
                    <div class="queue-ticked">
                        <ConfirmButton testid="clear-ticked" class="danger" busy=send.pending()
                            on_confirm=move |_| clear(ticked.get_untracked(), false)>
                            {move || t!(i18n, remove_ticked, count = ticked.with(Vec::len))}
                        </ConfirmButton>
                        <button class="small" data-testid="untick-all" on:click=move |_| ticked.set(Vec::new())>{t!(i18n, merge_cancel)}</button>
                    </div>
                </Show>
                <Show when=move || merging.get().is_some()>
                    <p class="hint" data-testid="merge-hint">{move || t!(i18n, merge_hint, entry = merging.get().map_or(0, |e| e.0))}</p>
                </Show>
                <Answer reply=besides_same_name(send.value().into()) view />
                <SameNameQuestion reply=send.value().into() testid="queue-same-name" confirm_testid="queue-same-name-confirm"
                    busy=send.pending().into() on_confirm=admit_other_person />
            </div>
        </Show>
    }
}
