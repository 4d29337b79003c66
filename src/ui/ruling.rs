//! The guided ruling flow (SPEC §5) as a page shows it: pick the situation, answer the
//! questions one by one, read the ruling with its rule and amounts, and record it as an
//! incident. The decision trees live in `domain::rulings`; each step is asked of the server.
//! At a table the situations come grouped as large buttons, amounts are typed one field per
//! seat, and the ruling names seats and players instead of "player 1, 2, 3".

use super::components::{lang_code, whole_number};
use crate::domain::command::{Command, RecordRuling};
use crate::domain::ids::{PlayerId, SeatNo, TableNo};
use crate::domain::money::Chips;
use crate::domain::rulings::{Answer, QuestionKind, RulingAction, SituationSummary, Step, Text};
use crate::i18n::*;
use crate::messages::ruling_refusal;
use crate::protocol::Refused;
use crate::server_fns::{ruling_situations, ruling_step, CommandReply};
use crate::ui::components::colon;
use leptos::prelude::*;
use std::collections::BTreeMap;

/// A text in the reader's language.
pub fn text_in(text: &Text, lang: &str) -> String {
    match lang {
        "nl" => text.nl.clone(),
        "fr" => text.fr.clone(),
        _ => text.en.clone(),
    }
}

/// Numbers separated by commas or semicolons ("600, 1 200, 0"); a space or a dot inside a
/// number groups its thousands (the French "1 200" is one number).
pub(crate) fn parse_numbers(s: &str) -> Option<Vec<i64>> {
    s.split([',', ';'])
        .filter(|p| !p.trim().is_empty())
        .map(whole_number)
        .collect()
}

/// A penalty's reason as the guided ruling wrote it ("talking: PKR4U 10") in the reader's
/// words ("Talking about a hand (PKR4U 10)"); any other reason as typed.
pub fn reason_text(reason: &str, situations: &[SituationSummary], lang: &str) -> String {
    reason
        .split_once(": ")
        .and_then(|(flow, rule)| {
            let s = situations.iter().find(|s| s.id == flow)?;
            Some(format!("{} ({rule})", text_in(&s.title, lang)))
        })
        .unwrap_or_else(|| reason.to_string())
}

/// The ruling's "player 1, 2, …" (the order the amounts were given in) as the seats they
/// were typed for ("seat 3 (Anna)"); the highest first, so "player 1" never eats "player 10".
pub(crate) fn name_seats(text: &str, lang: &str, labels: &[String]) -> String {
    let word = match lang {
        "nl" => "speler",
        "fr" => "joueur",
        _ => "player",
    };
    let capital: String = word
        .chars()
        .take(1)
        .flat_map(char::to_uppercase)
        .chain(word.chars().skip(1))
        .collect();
    let mut out = text.to_string();
    for (i, label) in labels.iter().enumerate().rev() {
        for w in [word, capital.as_str()] {
            out = out.replace(&format!("{w} {}", i + 1), label);
        }
    }
    out
}

/// "Seat 3 (Anna)" in the reader's language: how a table names a player.
pub fn seat_label(i18n: leptos_i18n::I18nContext<Locale>, seat: SeatNo, name: &str) -> String {
    format!("{} {} ({name})", t_string!(i18n, seat), seat.0)
}

/// The situation groups of SPEC §5 as a table looks for them: a heading key and its groups.
pub(crate) const CATEGORIES: [(&str, &[u8]); 4] = [
    ("betting", &[1, 10, 12]),
    ("cards", &[2, 3, 4, 5, 6, 7, 15]),
    ("players", &[8, 9, 14]),
    ("showdown", &[11, 13]),
];

/// Where recording a ruling stands: once recorded, the button stays done.
#[derive(Clone, Copy, PartialEq)]
enum Recording {
    Idle,
    Sending,
    Done,
}

/// The whole flow, from the list of situations to the recorded ruling. Given `players` (the
/// director's console), a ruling with a sanction asks who is at fault and gives it with the
/// ruling; a table records the ruling and the director sanctions.
#[component]
pub fn RulingFlow(
    table: Option<u16>,
    send: super::live::CommandAction,
    #[prop(optional)] players: Option<Signal<Vec<(PlayerId, String)>>>,
    /// At a table: its seats, for one amount field per seat.
    #[prop(optional)]
    seats: Option<Signal<Vec<(SeatNo, String)>>>,
    /// Called a moment after the ruling is recorded: a table's sheet closes by itself.
    #[prop(optional)]
    on_done: Option<Callback<()>>,
) -> impl IntoView {
    let i18n = use_i18n();
    // Per-seat amounts being typed (by the seat's index in `seats`), and the seats of the
    // latest per-seat answer, whose "player 1, 2, …" the ruling names.
    let per_seat = RwSignal::new(BTreeMap::<usize, String>::new());
    let hand = RwSignal::new(Vec::<String>::new());
    let recording = RwSignal::new(Recording::Idle);
    // The answer to the recording: accepted, the ruling is done; refused, it may be sent again.
    Effect::new(move |_| {
        if recording.get() == Recording::Sending && !send.pending().get() {
            match send.value().get() {
                // Kept on the device counts as recorded: the outbox delivers it once, and a
                // second tap would record the ruling twice.
                Some(Ok(CommandReply::Accepted { .. } | CommandReply::Queued { .. })) => {
                    recording.set(Recording::Done);
                    // "Recorded" shows on the button for a moment, then the sheet is done.
                    if let Some(done) = on_done {
                        set_timeout(move || done.run(()), std::time::Duration::from_millis(1500));
                    }
                }
                Some(_) => recording.set(Recording::Idle),
                None => {}
            }
        }
    });
    let seat_label = move |seat: SeatNo, name: &str| seat_label(i18n, seat, name);
    let at_fault = RwSignal::new(None::<PlayerId>);
    let lang = move || lang_code(i18n.get_locale());
    let flow = RwSignal::new(None::<String>);
    let answers = RwSignal::new(Vec::<Answer>::new());
    let input = RwSignal::new(String::new());
    let situations = Resource::new(|| (), |_| ruling_situations());
    // `try_get`: see `use_live` (the owner may be disposed before the task runs on the server).
    let step = Resource::new(
        move || {
            (
                flow.try_get().flatten(),
                answers.try_get().unwrap_or_default(),
            )
        },
        |(f, a)| async move {
            match f {
                Some(f) => ruling_step(f, a).await.map(Some),
                None => Ok(None),
            }
        },
    );
    // A refused answer is taken back at once and said in words beside the question asked
    // again, with what was typed still in its field: it never looks accepted, and the flow
    // never ends on a page with nothing to do but "back".
    let refusal = RwSignal::new(None::<Refused>);
    let typed_before = StoredValue::new(String::new());
    Effect::new(move |_| {
        if let Some(Ok(Some(Err(refused)))) = step.get() {
            if !answers.with_untracked(Vec::is_empty) {
                refusal.set(Some(refused));
                input.set(typed_before.get_value());
                answers.update(|v| {
                    v.pop();
                });
            }
        }
    });
    let push = move |a: Answer| {
        typed_before.set_value(input.get_untracked());
        input.set(String::new());
        per_seat.set(BTreeMap::new());
        recording.set(Recording::Idle);
        refusal.set(None);
        answers.update(|v| v.push(a));
    };
    let refusal_words = move || {
        refusal.get().map(|r| {
            view! { <p class="answer error" role="alert" data-testid="answer-refused" data-code=r.code.clone()>{ruling_refusal(lang(), &r.code, &r.params)}</p> }
        })
    };
    let restart = move |_| {
        refusal.set(None);
        flow.set(None);
        hand.set(Vec::new());
        recording.set(Recording::Idle);
        answers.set(Vec::new());
    };
    view! {
        <section class="ruling panel" data-testid="ruling-flow">
            <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
                {move || match flow.get() {
                    None => situations.get().map(|r| {
                        let list = r.unwrap_or_default();
                        let listed: Vec<u8> = CATEGORIES.iter().flat_map(|(_, g)| g.iter().copied()).collect();
                        let others: Vec<u8> = list.iter().map(|s| s.group).filter(|g| !listed.contains(g)).collect();
                        let groups = CATEGORIES.iter().map(|(k, g)| (*k, g.to_vec())).chain(std::iter::once(("other", others)));
                        let sections = groups.filter_map(|(key, groups)| {
                            let here: Vec<_> = list.iter().filter(|s| groups.contains(&s.group)).cloned().collect();
                            (!here.is_empty()).then(|| {
                                let heading = match key {
                                    "betting" => t!(i18n, ruling_cat_betting).into_any(),
                                    "cards" => t!(i18n, ruling_cat_cards).into_any(),
                                    "players" => t!(i18n, ruling_cat_players).into_any(),
                                    "showdown" => t!(i18n, ruling_cat_showdown).into_any(),
                                    _ => t!(i18n, ruling_cat_other).into_any(),
                                };
                                view! {
                                    <h3 class="situation-group">{heading}</h3>
                                    <ul class="situations" data-testid=format!("situations-{key}")>
                                        {here.into_iter().map(|s| {
                                            let id = s.id.clone();
                                            let title = text_in(&s.title, lang());
                                            view! {
                                                <li><button class="situation" data-testid=format!("situation-{}", s.id)
                                                    on:click=move |_| { answers.set(Vec::new()); hand.set(Vec::new()); recording.set(Recording::Idle); flow.set(Some(id.clone())); }>
                                                    <span>{title}</span><small>{s.rule.clone()}</small>
                                                </button></li>
                                            }
                                        }).collect_view()}
                                    </ul>
                                }
                            })
                        }).collect_view();
                        view! {
                            <h2>{t!(i18n, situations)}</h2>
                            {sections}
                        }.into_any()
                    }),
                    Some(_) => step.get().map(|r| match r {
                        Ok(Some(Ok(state))) => {
                            let title = text_in(&state.title, lang());
                            let body = match state.step.clone() {
                                Step::Question(q) => {
                                    let question = text_in(&q.text, lang());
                                    let help = q.help.as_ref().map(|h| text_in(h, lang()));
                                    let controls = match q.kind.clone() {
                                        QuestionKind::YesNo => view! {
                                            <div class="answers">
                                                <button class="primary" data-testid="answer-yes" on:click=move |_| push(Answer::YesNo(true))>{t!(i18n, yes)}</button>
                                                <button data-testid="answer-no" on:click=move |_| push(Answer::YesNo(false))>{t!(i18n, no)}</button>
                                            </div>
                                        }.into_any(),
                                        QuestionKind::Choice { options } => view! {
                                            <div class="answers column">
                                                {options.into_iter().enumerate().map(|(i, o)| view! {
                                                    <button data-testid=format!("answer-{}", o.id) on:click=move |_| push(Answer::Choice(i))>{text_in(&o.text, lang())}</button>
                                                }).collect_view()}
                                            </div>
                                        }.into_any(),
                                        kind @ (QuestionKind::Amounts { .. } | QuestionKind::Counts { .. })
                                            if seats.is_some_and(|s| !s.get_untracked().is_empty()) =>
                                        {
                                            let list = seats.map(|s| s.get_untracked()).unwrap_or_default();
                                            let chips = matches!(kind, QuestionKind::Amounts { .. });
                                            let invalid = RwSignal::new(false);
                                            let order = StoredValue::new(list.clone());
                                            // The seats filled in are the players in the hand, in seat order.
                                            let submit = move |ev: leptos::ev::SubmitEvent| {
                                                ev.prevent_default();
                                                let typed = per_seat.get_untracked();
                                                let mut values = Vec::new();
                                                let mut labels = Vec::new();
                                                for (i, (seat, name)) in order.get_value().into_iter().enumerate() {
                                                    let Some(text) = typed.get(&i).filter(|t| !t.trim().is_empty()) else { continue };
                                                    match whole_number(text) {
                                                        Some(n) => {
                                                            values.push(n);
                                                            labels.push(seat_label(seat, &name));
                                                        }
                                                        None => {
                                                            invalid.set(true);
                                                            return;
                                                        }
                                                    }
                                                }
                                                invalid.set(false);
                                                hand.set(labels);
                                                push(if chips { Answer::Amounts(values.into_iter().map(Chips).collect()) } else { Answer::Counts(values) });
                                            };
                                            view! {
                                                <form class="answers per-seat" on:submit=submit>
                                                    <p class="hint">{t!(i18n, ruling_per_seat_hint)}</p>
                                                    <div class="count-fields">
                                                        {list.into_iter().enumerate().map(|(i, (seat, name))| view! {
                                                            <label class="count-field">
                                                                <span>{seat_label(seat, &name)}</span>
                                                                <input type="text" inputmode="numeric" autocomplete="off" data-testid=format!("answer-seat-{}", seat.0)
                                                                    prop:value=move || per_seat.with(|a| a.get(&i).cloned().unwrap_or_default())
                                                                    on:input=move |ev| per_seat.update(|a| { a.insert(i, event_target_value(&ev)); }) />
                                                            </label>
                                                        }).collect_view()}
                                                    </div>
                                                    {move || invalid.get().then(|| view! { <p class="answer error" role="alert">{t!(i18n, table_count_invalid)}</p> })}
                                                    <button class="primary" type="submit" data-testid="answer-ok">{t!(i18n, ok)}</button>
                                                </form>
                                            }.into_any()
                                        }
                                        kind => {
                                            let many = matches!(kind, QuestionKind::Amounts { .. } | QuestionKind::Counts { .. });
                                            let unreadable = RwSignal::new(false);
                                            let submit = move |ev: leptos::ev::SubmitEvent| {
                                                ev.prevent_default();
                                                let text = input.get_untracked();
                                                let answer = match &kind {
                                                    QuestionKind::Amount { .. } => whole_number(&text).map(|n| Answer::Amount(Chips(n))),
                                                    QuestionKind::Count { .. } => whole_number(&text).map(Answer::Count),
                                                    QuestionKind::Amounts { .. } => parse_numbers(&text).map(|v| Answer::Amounts(v.into_iter().map(Chips).collect())),
                                                    QuestionKind::Counts { .. } => parse_numbers(&text).map(Answer::Counts),
                                                    _ => None,
                                                };
                                                match answer {
                                                    Some(a) => { unreadable.set(false); push(a) }
                                                    // Nothing sent: say why beside the field.
                                                    None => unreadable.set(true),
                                                }
                                            };
                                            view! {
                                                {move || unreadable.get().then(|| view! { <p class="answer error" role="alert">{t!(i18n, table_count_invalid)}</p> })}
                                                <form class="answers" on:submit=submit>
                                                    {many.then(|| view! { <p class="hint">{t!(i18n, ruling_amounts_hint)}</p> })}
                                                    <input data-testid="answer-amount" inputmode=if many { "text" } else { "numeric" } autocomplete="off"
                                                        placeholder=if many { "600, 1200, 0" } else { "" }
                                                        prop:value=input on:input=move |ev| input.set(event_target_value(&ev)) />
                                                    <button class="primary" type="submit" data-testid="answer-ok">{t!(i18n, ok)}</button>
                                                </form>
                                            }.into_any()
                                        }
                                    };
                                    view! {
                                        <p class="question" data-testid="question">{question}</p>
                                        {help.map(|h| view! { <p class="hint">{h}</p> })}
                                        {refusal_words}
                                        {controls}
                                    }.into_any()
                                }
                                Step::Ruling(ruling) => {
                                    let flow_id = state.flow.clone();
                                    let given = answers.get_untracked();
                                    let sanction = ruling.actions.iter().any(|a| matches!(a, RulingAction::Penalty { .. } | RulingAction::Disqualify));
                                    let pick = players.filter(|_| sanction).map(|list| view! {
                                        <label>{t!(i18n, player_at_fault)}
                                            <select data-testid="ruling-player" on:change=move |ev| at_fault.set(event_target_value(&ev).parse().ok().map(PlayerId))>
                                                <option value="">"—"</option>
                                                {list.get_untracked().into_iter().map(|(id, name)| view! { <option value=id.0.to_string()>{name}</option> }).collect_view()}
                                            </select>
                                        </label>
                                    });
                                    // Recorded once: a second tap while the first is on its way, or after
                                    // it was recorded, sends nothing.
                                    let record = move |_| {
                                        if recording.get_untracked() != Recording::Idle {
                                            return;
                                        }
                                        recording.set(Recording::Sending);
                                        send.dispatch(Command::RecordRuling(RecordRuling {
                                            table: table.map(TableNo),
                                            flow: flow_id.clone(),
                                            answers: given.clone(),
                                            player: if sanction { at_fault.get_untracked() } else { None },
                                        }));
                                    };
                                    view! {
                                        <div class="verdict" data-testid="ruling">
                                            <p class="verdict-text" data-testid="ruling-text">{name_seats(&text_in(&ruling.text, lang()), lang(), &hand.get_untracked())}</p>
                                            <p class="verdict-rule" data-testid="ruling-rule">{t!(i18n, rule)}{colon()}{ruling.rule.clone()}</p>
                                        </div>
                                        {pick}
                                        <button class="primary wide" data-testid="record-ruling" disabled=move || recording.get() != Recording::Idle on:click=record>
                                            {move || match recording.get() {
                                                Recording::Idle => t!(i18n, record_ruling).into_any(),
                                                Recording::Sending => t!(i18n, ruling_recording).into_any(),
                                                Recording::Done => t!(i18n, ruling_recorded).into_any(),
                                            }}
                                        </button>
                                    }.into_any()
                                }
                            };
                            view! {
                                <h2>{title}" · "<small>{state.rule.clone()}</small></h2>
                                {body}
                            }.into_any()
                        }
                        // Refused with no answer to take back (an unknown situation): the
                        // words, and "other situation" below.
                        Ok(Some(Err(refused))) => view! {
                            <p class="answer error" role="alert" data-testid="answer-refused" data-code=refused.code.clone()>{ruling_refusal(lang(), &refused.code, &refused.params)}</p>
                        }.into_any(),
                        _ => view! { <p>{t!(i18n, loading)}</p> }.into_any(),
                    }),
                }}
            </Transition>
            <div class="flow-nav">
                <Show when=move || !answers.get().is_empty()>
                    <button class="small" on:click=move |_| { recording.set(Recording::Idle); refusal.set(None); answers.update(|v| { v.pop(); }); }>{t!(i18n, back)}</button>
                </Show>
                <Show when=move || flow.get().is_some()>
                    <button class="small" data-testid="flow-restart" on:click=restart>{t!(i18n, other_situation)}</button>
                </Show>
            </div>
        </section>
    }
}
