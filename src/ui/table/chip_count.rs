//! The table counts its own chips (at a break, or when the TD asks): one field per seated
//! player, filled in with the stack the tournament knows, sent once as the table's count.

use super::super::components::chip_count;
use super::super::live::CommandAction;
use super::super::ruling::seat_label;
use crate::domain::command::{Command, ReportTableChips};
use crate::domain::ids::{PlayerId, TableNo};
use crate::domain::money::Chips;
use crate::domain::view::SeatView;
use crate::i18n::*;
use crate::server_fns::CommandReply;
use leptos::prelude::*;
use std::collections::BTreeMap;

/// Where a count stands: typed, on its way, or answered.
#[derive(Clone, Copy, PartialEq)]
enum Sent {
    No,
    Sending,
    Done,
}

/// A count being typed. Owned by the page, so a live update that redraws the form (another
/// table's bust) keeps what was typed, whether the form is open, and the answer.
#[derive(Clone, Copy)]
pub struct CountDraft {
    open: RwSignal<bool>,
    typed: RwSignal<BTreeMap<PlayerId, String>>,
    sent: RwSignal<Sent>,
    invalid: RwSignal<bool>,
}

impl CountDraft {
    pub fn new(send: CommandAction) -> CountDraft {
        let sent = RwSignal::new(Sent::No);
        // The answer belongs to this count once the page's action has finished with it.
        Effect::new(move |_| {
            if sent.get() == Sent::Sending
                && !send.pending().get()
                && send.value().with(|v| v.is_some())
            {
                sent.set(Sent::Done);
            }
        });
        CountDraft {
            open: RwSignal::new(false),
            typed: RwSignal::new(BTreeMap::new()),
            sent,
            invalid: RwSignal::new(false),
        }
    }
}

/// The chip count of one table, with its answer next to its button.
#[component]
pub fn ChipCount(
    table: TableNo,
    seats: Vec<SeatView>,
    send: CommandAction,
    draft: CountDraft,
) -> impl IntoView {
    let i18n = use_i18n();
    let CountDraft {
        open,
        typed,
        sent,
        invalid,
    } = draft;
    let players: Vec<(PlayerId, Chips)> = seats.iter().map(|s| (s.player, s.stack)).collect();
    let players = StoredValue::new(players);
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if sent.get_untracked() == Sent::Sending {
            return;
        }
        let typed_now = typed.get_untracked();
        let counts: Option<Vec<(PlayerId, Chips)>> = players.with_value(|list| {
            list.iter()
                .map(|(p, stack)| match typed_now.get(p) {
                    Some(t) => chip_count(t).map(|c| (*p, c)),
                    None => Some((*p, *stack)),
                })
                .collect()
        });
        match counts {
            Some(counts) if !counts.is_empty() => {
                invalid.set(false);
                sent.set(Sent::Sending);
                // Sent as counted; the fields then show the stacks the tournament keeps.
                typed.set(BTreeMap::new());
                send.dispatch(Command::ReportTableChips(ReportTableChips {
                    table,
                    counts,
                }));
            }
            _ => invalid.set(true),
        }
    };
    let seats = StoredValue::new(seats);
    let fields = move || {
        seats.with_value(|list| {
            list.iter()
                .map(|s| {
                    let p = s.player;
                    let stack = s.stack.0.to_string();
                    view! {
                        <label class="count-field">
                            <span>{seat_label(i18n, s.seat, &s.name)}</span>
                            <input type="text" inputmode="numeric" autocomplete="off" data-testid=format!("count-{}", p.0)
                                prop:value=move || typed.with(|t| t.get(&p).cloned()).unwrap_or_else(|| stack.clone())
                                on:input=move |ev| { sent.set(Sent::No); typed.update(|t| { t.insert(p, event_target_value(&ev)); }); } />
                        </label>
                    }
                })
                .collect_view()
        })
    };
    let answer = move || {
        match sent.get() {
        Sent::Done => send.value().get().map(|r| match r {
            Ok(CommandReply::Accepted { .. }) => view! { <span class="answer ok" role="status" data-testid="count-answer">{t!(i18n, table_count_saved)}</span> }.into_any(),
            Ok(CommandReply::Rejected(refused)) => {
                let lang = super::super::components::lang_code(i18n.get_locale_untracked());
                view! { <span class="answer error" role="alert" data-testid="count-answer" data-code=refused.code.clone()>{crate::messages::error_message(lang, &refused.code, &refused.params)}</span> }.into_any()
            }
            Ok(CommandReply::Queued { waiting }) => view! { <span class="answer queued" role="status" data-testid="count-answer">{t!(i18n, outbox_kept, n = waiting)}</span> }.into_any(),
            Err(_) => view! { <span class="answer error" role="alert" data-testid="count-answer">{t!(i18n, server_error)}</span> }.into_any(),
        }),
        _ => None,
    }
    };
    view! {
        <section class="panel chip-count" data-testid="chip-count">
            <button class="wide" data-testid="count-open" aria-expanded=move || open.get().to_string()
                on:click=move |_| open.update(|o| *o = !*o)>{t!(i18n, table_count_chips)}</button>
            <Show when=move || open.get()>
            <p class="hint">{t!(i18n, table_count_hint)}</p>
            <form on:submit=submit>
                <div class="count-fields">{fields}</div>
                {move || invalid.get().then(|| view! { <p class="answer error" role="alert">{t!(i18n, table_count_invalid)}</p> })}
                <div class="send-row">
                    <button class="primary" type="submit" data-testid="count-send" disabled=move || sent.get() == Sent::Sending>
                        {t!(i18n, table_count_send)}
                    </button>
                    {answer}
                </div>
            </form>
            </Show>
        </section>
    }
}
