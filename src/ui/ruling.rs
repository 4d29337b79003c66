//! The guided ruling flow (SPEC §5) as a page shows it: pick the situation, answer the
//! questions one by one, read the ruling with its rule and amounts, and record it as an
//! incident. The decision trees live in `domain::rulings`; each step is asked of the server.

use super::components::lang_code;
use crate::domain::command::Command;
use crate::domain::ids::{PlayerId, TableNo};
use crate::domain::money::Chips;
use crate::domain::rulings::{Answer, QuestionKind, RulingAction, Step, Text};
use crate::i18n::*;
use crate::server_fns::{ruling_situations, ruling_step};
use leptos::prelude::*;

/// A text in the reader's language.
pub fn text_in(text: &Text, lang: &str) -> String {
    match lang {
        "nl" => text.nl.clone(),
        "fr" => text.fr.clone(),
        _ => text.en.clone(),
    }
}

/// Numbers separated by commas, spaces or semicolons ("600, 1200, 0").
fn parse_numbers(s: &str) -> Option<Vec<i64>> {
    s.split([',', ';', ' '])
        .filter(|p| !p.trim().is_empty())
        .map(|p| p.trim().replace('.', "").parse().ok())
        .collect()
}

/// The whole flow, from the list of situations to the recorded ruling. Given `players` (the
/// director's console), a ruling with a sanction asks who is at fault and gives it with the
/// ruling; a table records the ruling and the director sanctions.
#[component]
pub fn RulingFlow(
    table: Option<u16>,
    send: super::live::CommandAction,
    #[prop(optional)] players: Option<Signal<Vec<(PlayerId, String)>>>,
) -> impl IntoView {
    let i18n = use_i18n();
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
    let push = move |a: Answer| {
        input.set(String::new());
        answers.update(|v| v.push(a));
    };
    let restart = move |_| {
        flow.set(None);
        answers.set(Vec::new());
    };
    view! {
        <section class="ruling panel" data-testid="ruling-flow">
            <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
                {move || match flow.get() {
                    None => situations.get().map(|r| {
                        let list = r.unwrap_or_default();
                        view! {
                            <h2>{t!(i18n, situations)}</h2>
                            <ul class="situations">
                                {list.into_iter().map(|s| {
                                    let id = s.id.clone();
                                    let title = text_in(&s.title, lang());
                                    view! {
                                        <li><button class="situation" data-testid=format!("situation-{}", s.id)
                                            on:click=move |_| { answers.set(Vec::new()); flow.set(Some(id.clone())); }>
                                            <span>{title}</span><small>{s.rule.clone()}</small>
                                        </button></li>
                                    }
                                }).collect_view()}
                            </ul>
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
                                        kind => {
                                            let many = matches!(kind, QuestionKind::Amounts { .. } | QuestionKind::Counts { .. });
                                            let submit = move |ev: leptos::ev::SubmitEvent| {
                                                ev.prevent_default();
                                                let text = input.get_untracked();
                                                let answer = match &kind {
                                                    QuestionKind::Amount { .. } => text.trim().replace('.', "").parse().ok().map(|n| Answer::Amount(Chips(n))),
                                                    QuestionKind::Count { .. } => text.trim().parse().ok().map(Answer::Count),
                                                    QuestionKind::Amounts { .. } => parse_numbers(&text).map(|v| Answer::Amounts(v.into_iter().map(Chips).collect())),
                                                    QuestionKind::Counts { .. } => parse_numbers(&text).map(Answer::Counts),
                                                    _ => None,
                                                };
                                                if let Some(a) = answer {
                                                    push(a);
                                                }
                                            };
                                            view! {
                                                <form class="answers" on:submit=submit>
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
                                    let record = move |_| {
                                        send.dispatch(Command::RecordRuling {
                                            table: table.map(TableNo),
                                            flow: flow_id.clone(),
                                            answers: given.clone(),
                                            player: if sanction { at_fault.get_untracked() } else { None },
                                        });
                                    };
                                    view! {
                                        <div class="verdict" data-testid="ruling">
                                            <p class="verdict-text" data-testid="ruling-text">{text_in(&ruling.text, lang())}</p>
                                            <p class="verdict-rule" data-testid="ruling-rule">{t!(i18n, rule)}": "{ruling.rule.clone()}</p>
                                        </div>
                                        {pick}
                                        <button class="primary" data-testid="record-ruling" on:click=record>{t!(i18n, record_ruling)}</button>
                                    }.into_any()
                                }
                            };
                            view! {
                                <h2>{title}" · "<small>{state.rule.clone()}</small></h2>
                                {body}
                            }.into_any()
                        }
                        Ok(Some(Err(refused))) => view! {
                            <p class="answer error" role="alert" data-code=refused.code.clone()>{t!(i18n, answer_refused)}" ("{refused.code.clone()}")"</p>
                            <button data-testid="answer-back" on:click=move |_| answers.update(|v| { v.pop(); })>{t!(i18n, back)}</button>
                        }.into_any(),
                        _ => view! { <p>{t!(i18n, loading)}</p> }.into_any(),
                    }),
                }}
            </Transition>
            <div class="flow-nav">
                <Show when=move || !answers.get().is_empty()>
                    <button class="small" on:click=move |_| answers.update(|v| { v.pop(); })>{t!(i18n, back)}</button>
                </Show>
                <Show when=move || flow.get().is_some()>
                    <button class="small" data-testid="flow-restart" on:click=restart>{t!(i18n, other_situation)}</button>
                </Show>
            </div>
        </section>
    }
}
