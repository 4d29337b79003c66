//! The guided rulings (SPEC §5) on the table's light page: the same situations, questions and
//! rulings as the app's flow (`ui/ruling.rs`), rendered whole by the server with no code in the
//! browser. The page's address is the flow's only state: the situation (`ruling`), the answers
//! so far in order (repeated `a`, each in a short code: [`encode`]) and the seats of the latest
//! per-seat answer (`h`). Every answer, "back" and "other situation" is a plain GET form that
//! opens the same page with the next address; a typed number comes as `amount` (or one `s<seat>`
//! per seat) and the server turns it into the next answer. Recording the ruling is the one
//! command, sent by `light-table.js` (`SendForm`).
//!
//! Query parameters read here:
//! - `t`, `key`: the page's own, kept on every step;
//! - `rulings`: the rulings are open (the list of situations when there is no `ruling`);
//! - `ruling=<flow id>`: the situation chosen;
//! - `a` (repeated, in order): the answers given ([`encode`] / [`decode`]);
//! - `h`: the seat labels of the latest per-seat answer, joined with `|`;
//! - `amount`, `s<seat>`: what was just typed for the current question.

use super::send::SendForm;
use crate::domain::command::{Command, RecordRuling};
use crate::domain::ids::{SeatNo, TableNo};
use crate::domain::money::Chips;
use crate::domain::rulings::{
    replay, situations, Answer, FlowState, Question, QuestionKind, Ruling, RulingError,
    SituationSummary, Step,
};
use crate::i18n::*;
use crate::messages::ruling_refusal;
use crate::ui::components::colon;
use crate::ui::components::{lang_code, whole_number};
use crate::ui::ruling::{name_seats, parse_numbers, seat_label, text_in, CATEGORIES};
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;
use leptos_router::params::ParamsMap;
use std::collections::BTreeMap;

/// The page's language context, passed to the helpers that write words.
type I18n = leptos_i18n::I18nContext<Locale>;

/// An answer as one short query value: the address carries every answer given, so it stays
/// short and readable (`y`, `n`, `c2`, `m600`, `k3`, `M600.1200.0`, `K1.2`).
pub fn encode(answer: &Answer) -> String {
    /// Numbers joined with dots: a dot never appears inside a plain integer.
    fn joined(values: impl Iterator<Item = i64>) -> String {
        values.map(|v| v.to_string()).collect::<Vec<_>>().join(".")
    }
    match answer {
        Answer::YesNo(true) => "y".to_string(),
        Answer::YesNo(false) => "n".to_string(),
        Answer::Choice(i) => format!("c{i}"),
        Answer::Amount(Chips(n)) => format!("m{n}"),
        Answer::Count(n) => format!("k{n}"),
        Answer::Amounts(v) => format!("M{}", joined(v.iter().map(|c| c.0))),
        Answer::Counts(v) => format!("K{}", joined(v.iter().copied())),
    }
}

/// An answer from its query value ([`encode`]); `None` for anything else, since the address
/// may have been typed or cut.
pub fn decode(value: &str) -> Option<Answer> {
    /// Dot-separated numbers; an empty list is written as nothing at all.
    fn numbers(s: &str) -> Option<Vec<i64>> {
        if s.is_empty() {
            return Some(Vec::new());
        }
        s.split('.').map(|p| p.parse().ok()).collect()
    }
    match value {
        "y" => return Some(Answer::YesNo(true)),
        "n" => return Some(Answer::YesNo(false)),
        _ => {}
    }
    let mut chars = value.chars();
    let tag = chars.next()?;
    let rest = chars.as_str();
    match tag {
        'c' => rest.parse().ok().map(Answer::Choice),
        'm' => rest.parse().ok().map(|n| Answer::Amount(Chips(n))),
        'k' => rest.parse().ok().map(Answer::Count),
        'M' => numbers(rest).map(|v| Answer::Amounts(v.into_iter().map(Chips).collect())),
        'K' => numbers(rest).map(Answer::Counts),
        _ => None,
    }
}

/// The page's own parameters, kept on every step so the table stays the table (its
/// tournament and its key).
#[derive(Clone, Debug, Default, PartialEq)]
struct Page {
    t: Option<String>,
    key: Option<String>,
}

impl Page {
    /// The hidden fields of a GET form that opens the rulings again: at `flow` with `answers`
    /// given and `hand` the seats of the latest per-seat answer, or the list of situations
    /// without a flow. The answers come in order: the submit button's own `a`, after them in
    /// the form, is the next one.
    fn fields(
        &self,
        flow: Option<&str>,
        answers: &[Answer],
        hand: &[String],
    ) -> Vec<(&'static str, String)> {
        let mut fields = Vec::new();
        if let Some(t) = &self.t {
            fields.push(("t", t.clone()));
        }
        if let Some(key) = &self.key {
            fields.push(("key", key.clone()));
        }
        fields.push(("rulings", "1".to_string()));
        if let Some(flow) = flow {
            fields.push(("ruling", flow.to_string()));
            fields.extend(answers.iter().map(|a| ("a", encode(a))));
            if !hand.is_empty() {
                fields.push(("h", hand.join("|")));
            }
        }
        fields
    }
}

/// What was typed for the current question, as the address brings it.
#[derive(Clone, Debug, Default, PartialEq)]
struct Typed {
    /// The one field (`amount`), when sent.
    amount: Option<String>,
    /// The per-seat fields (`s<seat>`), by seat number, when sent.
    per_seat: BTreeMap<u8, String>,
}

/// The page's address, read once: the light page has no other state.
#[derive(Clone, Debug, Default, PartialEq)]
struct Asked {
    page: Page,
    flow: Option<String>,
    answers: Vec<Answer>,
    hand: Vec<String>,
    typed: Typed,
}

impl Asked {
    /// Reads the query. The answers stop at the first one that does not read: what follows
    /// an unreadable answer answered questions that may not be asked any more.
    fn read(q: &ParamsMap) -> Asked {
        let answers = q
            .get_all("a")
            .unwrap_or_default()
            .iter()
            .map_while(|a| decode(a))
            .collect();
        let hand = q
            .get_str("h")
            .map(|h| {
                h.split('|')
                    .filter(|l| !l.is_empty())
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default();
        let per_seat = q
            .into_iter()
            .filter_map(|(k, v)| {
                let seat = k.strip_prefix('s')?.parse::<u8>().ok()?;
                Some((seat, v.to_string()))
            })
            .collect();
        Asked {
            page: Page {
                t: q.get("t"),
                key: q.get("key"),
            },
            flow: q.get("ruling").filter(|f| !f.is_empty()),
            answers,
            hand,
            typed: Typed {
                amount: q.get("amount"),
                per_seat,
            },
        }
    }
}

/// What the typed field(s) give the current question.
#[derive(Clone, Debug, PartialEq)]
enum Read {
    /// Nothing was typed for it (or it takes no typed answer).
    Nothing,
    /// Its answer, with the seats of the hand when typed one field per seat.
    Answer(Answer, Option<Vec<String>>),
    /// What was typed is not a number: the question is asked again, saying so.
    Invalid,
}

/// Reads what was typed as the question of kind `kind` takes it. `seats` are the table's
/// seats with their labels, in seat order: the seats filled in are the players in the hand
/// ("player 1" is the lowest seat filled in), as `RulingFlow` reads them.
fn read_typed(kind: &QuestionKind, typed: &Typed, seats: &[(SeatNo, String)]) -> Read {
    let many = matches!(
        kind,
        QuestionKind::Amounts { .. } | QuestionKind::Counts { .. }
    );
    let chips = matches!(
        kind,
        QuestionKind::Amount { .. } | QuestionKind::Amounts { .. }
    );
    if many && !seats.is_empty() && !typed.per_seat.is_empty() {
        let mut values = Vec::new();
        let mut labels = Vec::new();
        for (seat, label) in seats {
            let Some(text) = typed.per_seat.get(&seat.0).filter(|t| !t.trim().is_empty()) else {
                continue;
            };
            match whole_number(text) {
                Some(n) => {
                    values.push(n);
                    labels.push(label.clone());
                }
                None => return Read::Invalid,
            }
        }
        let answer = if chips {
            Answer::Amounts(values.into_iter().map(Chips).collect())
        } else {
            Answer::Counts(values)
        };
        return Read::Answer(answer, Some(labels));
    }
    let Some(text) = typed.amount.as_deref() else {
        return Read::Nothing;
    };
    let answer = match kind {
        QuestionKind::Amount { .. } => whole_number(text).map(|n| Answer::Amount(Chips(n))),
        QuestionKind::Count { .. } => whole_number(text).map(Answer::Count),
        QuestionKind::Amounts { .. } => {
            parse_numbers(text).map(|v| Answer::Amounts(v.into_iter().map(Chips).collect()))
        }
        QuestionKind::Counts { .. } => parse_numbers(text).map(Answer::Counts),
        QuestionKind::YesNo | QuestionKind::Choice { .. } => return Read::Nothing,
    };
    answer.map_or(Read::Invalid, |a| Read::Answer(a, None))
}

/// Where the flow stands once the address is read.
struct Walk {
    /// The answers accepted: the typed one included once it reads and the flow takes it.
    answers: Vec<Answer>,
    /// The seats of the latest per-seat answer, for the ruling's "player 1, 2, …".
    hand: Vec<String>,
    /// The next question or the ruling, or why the answers are refused.
    state: Result<FlowState, RulingError>,
    /// Why the last answer was not taken: the question is asked again, saying so.
    problem: Option<Problem>,
}

/// Why the question is asked again.
enum Problem {
    /// What was typed is not a number.
    Unreadable,
    /// The flow refused the answer (out of range, or a calculator's check such as "put in
    /// more than the stack").
    Refused(RulingError),
}

/// Replays the answers of the address (the walk trusts nothing but them) and adds what was
/// typed for the question they lead to. The decision trees are pure data in the core crate,
/// so this runs right here while the page is rendered, with no server function. A refused
/// last answer is taken back: the page asks its question again with the refusal in words
/// (a table typed 200 players and saw "does not fit (RULING_OUT_OF_RANGE)" and two "Back"s).
fn walk(
    flow: &str,
    mut answers: Vec<Answer>,
    mut hand: Vec<String>,
    typed: &Typed,
    seats: &[(SeatNo, String)],
) -> Walk {
    let mut state = replay(flow, &answers);
    let mut problem = None;
    // The address's own last answer refused (a choice whose amounts a calculator refuses).
    if let (Err(refused), Some((_, before))) = (&state, answers.split_last()) {
        if let Ok(earlier) = replay(flow, before) {
            problem = Some(Problem::Refused(refused.clone()));
            answers.pop();
            state = Ok(earlier);
        }
    }
    let read = match &state {
        Ok(FlowState {
            step: Step::Question(q),
            ..
        }) if problem.is_none() => read_typed(&q.kind, typed, seats),
        _ => Read::Nothing,
    };
    match read {
        Read::Nothing => {}
        Read::Invalid => problem = Some(Problem::Unreadable),
        Read::Answer(answer, labels) => {
            answers.push(answer);
            match replay(flow, &answers) {
                Ok(next) => {
                    if let Some(labels) = labels {
                        hand = labels;
                    }
                    state = Ok(next);
                }
                Err(refused) => {
                    answers.pop();
                    problem = Some(Problem::Refused(refused));
                }
            }
        }
    }
    Walk {
        answers,
        hand,
        state,
        problem,
    }
}

/// The situation groups as the table sees them (`CATEGORIES`, then any group not listed
/// there), empty ones left out: the same grouping as `RulingFlow`.
fn grouped(list: &[SituationSummary]) -> Vec<(&'static str, Vec<SituationSummary>)> {
    let listed: Vec<u8> = CATEGORIES
        .iter()
        .flat_map(|(_, g)| g.iter().copied())
        .collect();
    let mut sections: Vec<(&'static str, Vec<SituationSummary>)> = CATEGORIES
        .iter()
        .map(|(key, groups)| {
            let here = list
                .iter()
                .filter(|s| groups.contains(&s.group))
                .cloned()
                .collect();
            (*key, here)
        })
        .collect();
    sections.push((
        "other",
        list.iter()
            .filter(|s| !listed.contains(&s.group))
            .cloned()
            .collect(),
    ));
    sections.retain(|(_, here)| !here.is_empty());
    sections
}

/// A GET form's hidden fields.
fn hidden(fields: Vec<(&'static str, String)>) -> impl IntoView {
    fields
        .into_iter()
        .map(|(name, value)| view! { <input type="hidden" name=name value=value /> })
        .collect_view()
}

/// A situation group's heading in the reader's words.
fn category_heading(i18n: I18n, key: &str) -> AnyView {
    match key {
        "betting" => t!(i18n, ruling_cat_betting).into_any(),
        "cards" => t!(i18n, ruling_cat_cards).into_any(),
        "players" => t!(i18n, ruling_cat_players).into_any(),
        "showdown" => t!(i18n, ruling_cat_showdown).into_any(),
        _ => t!(i18n, ruling_cat_other).into_any(),
    }
}

/// The situations, grouped, as one GET form: each situation's button opens it (`ruling`).
fn situation_list(i18n: I18n, lang: &'static str, page: &Page) -> AnyView {
    let sections = grouped(&situations())
        .into_iter()
        .map(|(key, here)| {
            view! {
                <h3 class="situation-group">{category_heading(i18n, key)}</h3>
                <ul class="situations" data-testid=format!("situations-{key}")>
                    {here.into_iter().map(|s| view! {
                        <li><button type="submit" name="ruling" value=s.id.clone() class="situation"
                            data-testid=format!("situation-{}", s.id)>
                            <span>{text_in(&s.title, lang)}</span><small>{s.rule.clone()}</small>
                        </button></li>
                    }).collect_view()}
                </ul>
            }
        })
        .collect_view();
    view! {
        <h2>{t!(i18n, situations)}</h2>
        <form method="get">
            {hidden(page.fields(None, &[], &[]))}
            {sections}
        </form>
    }
    .into_any()
}

/// The question and its answer controls. `carry` are the fields that keep the answers so
/// far; `seats` the table's seats with their labels, in seat order; `typed`, when the last
/// answer was not taken (`problem`), is shown again in its field(s) with the reason.
fn question_view(
    i18n: I18n,
    lang: &'static str,
    q: Question,
    carry: Vec<(&'static str, String)>,
    seats: &[(SeatNo, String)],
    typed: Option<&Typed>,
    problem: Option<&Problem>,
) -> AnyView {
    let question = text_in(&q.text, lang);
    let help = q.help.as_ref().map(|h| text_in(h, lang));
    let refused = match problem {
        Some(Problem::Refused(e)) => {
            let (key, params) = e.message();
            Some((key, ruling_refusal(lang, key, &params)))
        }
        _ => None,
    };
    let unreadable = matches!(problem, Some(Problem::Unreadable));
    // A refusal carries its key (`data-code`, and the test id tests look for); a number that
    // does not read is the table's usual line.
    let error = move || {
        let (key, words) = match (&refused, unreadable) {
            (Some((key, words)), _) => (Some(*key), words.clone()),
            (None, true) => (None, t_string!(i18n, table_count_invalid).to_string()),
            (None, false) => return None,
        };
        let testid = key.map(|_| "answer-refused");
        Some(
            view! { <p class="answer error" role="alert" data-testid=testid data-code=key>{words}</p> },
        )
    };
    let controls = match q.kind {
        QuestionKind::YesNo => view! {
            <form method="get">
                {hidden(carry)}
                <div class="answers">
                    <button type="submit" name="a" value=encode(&Answer::YesNo(true)) class="primary"
                        data-testid="answer-yes">{t!(i18n, yes)}</button>
                    <button type="submit" name="a" value=encode(&Answer::YesNo(false))
                        data-testid="answer-no">{t!(i18n, no)}</button>
                </div>
            </form>
        }
        .into_any(),
        QuestionKind::Choice { options } => view! {
            <form method="get">
                {hidden(carry)}
                <div class="answers column">
                    {options.into_iter().enumerate().map(|(i, o)| view! {
                        <button type="submit" name="a" value=encode(&Answer::Choice(i))
                            data-testid=format!("answer-{}", o.id)>{text_in(&o.text, lang)}</button>
                    }).collect_view()}
                </div>
            </form>
        }
        .into_any(),
        QuestionKind::Amounts { .. } | QuestionKind::Counts { .. } if !seats.is_empty() => {
            let fields = seats
                .iter()
                .map(|(seat, label)| {
                    let value = typed
                        .and_then(|t| t.per_seat.get(&seat.0).cloned())
                        .unwrap_or_default();
                    view! {
                        <label class="count-field">
                            <span>{label.clone()}</span>
                            <input type="text" name=format!("s{}", seat.0) inputmode="numeric" autocomplete="off"
                                data-testid=format!("answer-seat-{}", seat.0) value=value />
                        </label>
                    }
                })
                .collect_view();
            view! {
                <form method="get" class="answers per-seat">
                    {hidden(carry)}
                    <p class="hint">{t!(i18n, ruling_per_seat_hint)}</p>
                    <div class="count-fields">{fields}</div>
                    {error()}
                    <button class="primary" type="submit" data-testid="answer-ok">{t!(i18n, ok)}</button>
                </form>
            }
            .into_any()
        }
        kind => {
            let many = matches!(
                kind,
                QuestionKind::Amounts { .. } | QuestionKind::Counts { .. }
            );
            let value = typed.and_then(|t| t.amount.clone()).unwrap_or_default();
            view! {
                {error()}
                <form method="get" class="answers">
                    {hidden(carry)}
                    {many.then(|| view! { <p class="hint">{t!(i18n, ruling_amounts_hint)}</p> })}
                    <input type="text" name="amount" data-testid="answer-amount"
                        inputmode=if many { "text" } else { "numeric" } autocomplete="off"
                        placeholder=if many { "600, 1200, 0" } else { "" } value=value />
                    <button class="primary" type="submit" data-testid="answer-ok">{t!(i18n, ok)}</button>
                </form>
            }
            .into_any()
        }
    };
    view! {
        <p class="question" data-testid="question">{question}</p>
        {help.map(|h| view! { <p class="hint">{h}</p> })}
        {controls}
    }
    .into_any()
}

/// The ruling, its rule, and the button that records it. The table records the ruling
/// only: who is at fault and any sanction are the director's (`player: None`). Once
/// recorded, `then` opens: the table's page without the rulings.
fn ruling_view(
    i18n: I18n,
    lang: &'static str,
    ruling: Ruling,
    record: RecordRuling,
    hand: &[String],
    then: String,
) -> AnyView {
    let text = name_seats(&text_in(&ruling.text, lang), lang, hand);
    view! {
        <div class="verdict" data-testid="ruling">
            <p class="verdict-text" data-testid="ruling-text">{text}</p>
            <p class="verdict-rule" data-testid="ruling-rule">{t!(i18n, rule)}{colon()}{ruling.rule.clone()}</p>
        </div>
        <SendForm command=Command::RecordRuling(record) label=t_string!(i18n, cmd_ruling).to_string()
            then=then done=t_string!(i18n, ruling_recorded).to_string()>
            <button type="submit" class="primary wide" data-testid="record-ruling">{t!(i18n, record_ruling)}</button>
        </SendForm>
    }
    .into_any()
}

/// The guided rulings on the table's light page (SPEC §5): the situations, then the chosen
/// situation's questions one page at a time, then the ruling with the button that records it.
/// Rendered on the server from the page's address alone (see the module's documentation);
/// `seats` are the table's seats with their players' names, for one field per seat.
#[component]
pub fn LightRulings(table: TableNo, seats: Vec<(SeatNo, String)>) -> impl IntoView {
    let i18n = use_i18n();
    let lang = lang_code(i18n.get_locale_untracked());
    let asked = use_query_map().with_untracked(Asked::read);
    let Some(flow) = asked.flow.clone() else {
        return view! {
            <section class="ruling panel" data-testid="ruling-flow">
                {situation_list(i18n, lang, &asked.page)}
            </section>
        }
        .into_any();
    };
    // The seats in seat order, labelled as the ruling names them ("Seat 3 (Anna)").
    let mut seats = seats;
    seats.sort_by_key(|(seat, _)| seat.0);
    let labelled: Vec<(SeatNo, String)> = seats
        .into_iter()
        .map(|(seat, name)| (seat, seat_label(i18n, seat, &name)))
        .collect();
    let Walk {
        answers,
        hand,
        state,
        problem,
    } = walk(
        &flow,
        asked.answers.clone(),
        asked.hand.clone(),
        &asked.typed,
        &labelled,
    );
    let page = &asked.page;
    let earlier = &answers[..answers.len().saturating_sub(1)];
    let back_fields = page.fields(Some(flow.as_str()), earlier, &hand);
    let restart_fields = page.fields(None, &[], &[]);
    let body = match state {
        Ok(state) => {
            let title = text_in(&state.title, lang);
            let rule = state.rule.clone();
            let step = match state.step {
                Step::Question(q) => question_view(
                    i18n,
                    lang,
                    q,
                    page.fields(Some(flow.as_str()), &answers, &hand),
                    &labelled,
                    problem.is_some().then_some(&asked.typed),
                    problem.as_ref(),
                ),
                Step::Ruling(ruling) => {
                    let record = RecordRuling {
                        table: Some(table),
                        flow: flow.clone(),
                        answers: answers.clone(),
                        player: None,
                    };
                    // The table's page as it was opened, the rulings closed.
                    let then = super::call::table_address(table.0, None);
                    ruling_view(i18n, lang, ruling, record, &hand, then)
                }
            };
            view! {
                <h2>{title}" · "<small>{rule}</small></h2>
                {step}
            }
            .into_any()
        }
        // Refused with nothing to take back that would help (an unknown situation, an
        // address edited by hand): the words, and "back" / "other situation" below.
        Err(refused) => {
            let (key, params) = refused.message();
            view! {
                <p class="answer error" role="alert" data-testid="answer-refused" data-code=key>{ruling_refusal(lang, key, &params)}</p>
            }
            .into_any()
        }
    };
    let back_nav = (!answers.is_empty()).then(|| {
        view! {
            <form method="get">
                {hidden(back_fields)}
                <button type="submit" class="small">{t!(i18n, back)}</button>
            </form>
        }
    });
    view! {
        <section class="ruling panel" data-testid="ruling-flow">
            {body}
            <div class="flow-nav">
                {back_nav}
                <form method="get">
                    {hidden(restart_fields)}
                    <button type="submit" class="small" data-testid="flow-restart">{t!(i18n, other_situation)}</button>
                </form>
            </div>
        </section>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::{decode, encode, grouped, read_typed, walk, Page, Problem, Read, Typed, Walk};
    use crate::domain::ids::SeatNo;
    use crate::domain::money::Chips;
    use crate::domain::rulings::{replay, situations, Answer, FlowState, QuestionKind, Step};
    use std::collections::BTreeMap;

    #[test]
    fn every_answer_reads_back_from_its_short_form() {
        let answers = [
            Answer::YesNo(true),
            Answer::YesNo(false),
            Answer::Choice(0),
            Answer::Choice(12),
            Answer::Amount(Chips(0)),
            Answer::Amount(Chips(1_250_000)),
            Answer::Count(3),
            Answer::Count(-2),
            Answer::Amounts(vec![Chips(600), Chips(1200), Chips(0)]),
            Answer::Amounts(vec![]),
            Answer::Counts(vec![1, 2]),
            Answer::Counts(vec![]),
        ];
        for a in answers {
            assert_eq!(
                decode(&encode(&a)),
                Some(a.clone()),
                "{a:?} as {}",
                encode(&a)
            );
        }
        assert_eq!(encode(&Answer::YesNo(true)), "y");
        assert_eq!(encode(&Answer::Choice(2)), "c2");
        assert_eq!(encode(&Answer::Amount(Chips(600))), "m600");
        assert_eq!(encode(&Answer::Count(3)), "k3");
        assert_eq!(
            encode(&Answer::Amounts(vec![Chips(600), Chips(1200), Chips(0)])),
            "M600.1200.0"
        );
        assert_eq!(encode(&Answer::Counts(vec![1, 2])), "K1.2");
    }

    #[test]
    fn anything_else_is_not_an_answer() {
        for junk in [
            "", "yes", "x", "c", "c-1", "cx", "m", "m1.5", "k", "M1..2", "K1,2", "é",
        ] {
            assert_eq!(decode(junk), None, "{junk:?}");
        }
    }

    #[test]
    fn the_address_keeps_the_page_and_the_answers_in_order() {
        let page = Page {
            t: Some("7".into()),
            key: Some("k3y".into()),
        };
        assert_eq!(
            page.fields(None, &[Answer::YesNo(true)], &["x".into()]),
            vec![
                ("t", "7".to_string()),
                ("key", "k3y".to_string()),
                ("rulings", "1".to_string())
            ]
        );
        assert_eq!(
            page.fields(
                Some("exposed"),
                &[Answer::YesNo(true), Answer::Choice(1)],
                &["Seat 1 (A)".into(), "Seat 4 (B)".into()]
            ),
            vec![
                ("t", "7".to_string()),
                ("key", "k3y".to_string()),
                ("rulings", "1".to_string()),
                ("ruling", "exposed".to_string()),
                ("a", "y".to_string()),
                ("a", "c1".to_string()),
                ("h", "Seat 1 (A)|Seat 4 (B)".to_string()),
            ]
        );
        assert_eq!(
            Page::default().fields(Some("f"), &[], &[]),
            vec![("rulings", "1".to_string()), ("ruling", "f".to_string())]
        );
    }

    // A query map decodes its values with the browser's functions unless built for the
    // server: the tests run with `ssr` (scripts/test.sh).
    #[cfg(feature = "ssr")]
    #[test]
    fn the_query_is_read_without_trusting_it() {
        use super::Asked;
        use leptos_router::params::ParamsMap;

        let q: ParamsMap = [
            ("t", "7"),
            ("key", "abc"),
            ("rulings", "1"),
            ("ruling", "exposed"),
            ("a", "y"),
            ("a", "c1"),
            ("a", "bogus"),
            ("a", "n"),
            ("h", "Seat 1 (A)|Seat 4 (B)"),
            ("amount", "600"),
            ("s4", "100"),
            ("s1", ""),
            ("sx", "9"),
        ]
        .into_iter()
        .collect();
        let asked = Asked::read(&q);
        assert_eq!(
            asked.page,
            Page {
                t: Some("7".into()),
                key: Some("abc".into())
            }
        );
        assert_eq!(asked.flow.as_deref(), Some("exposed"));
        assert_eq!(asked.answers, vec![Answer::YesNo(true), Answer::Choice(1)]);
        assert_eq!(
            asked.hand,
            vec!["Seat 1 (A)".to_string(), "Seat 4 (B)".to_string()]
        );
        assert_eq!(asked.typed.amount.as_deref(), Some("600"));
        assert_eq!(
            asked.typed.per_seat,
            BTreeMap::from([(1, String::new()), (4, "100".to_string())])
        );
        let empty = Asked::read(&ParamsMap::new());
        assert_eq!(empty, Asked::default());
    }

    #[test]
    fn per_seat_fields_give_the_hand_in_seat_order() {
        let seats = vec![
            (SeatNo(2), "Seat 2 (A)".to_string()),
            (SeatNo(5), "Seat 5 (B)".to_string()),
            (SeatNo(7), "Seat 7 (C)".to_string()),
        ];
        let typed = Typed {
            amount: None,
            per_seat: BTreeMap::from([
                (2, "1 200".to_string()),
                (5, " ".to_string()),
                (7, "300".to_string()),
                (9, "5".to_string()),
            ]),
        };
        let amounts = QuestionKind::Amounts {
            min_players: 2,
            max_players: 10,
            max: Chips(1_000_000),
        };
        assert_eq!(
            read_typed(&amounts, &typed, &seats),
            Read::Answer(
                Answer::Amounts(vec![Chips(1200), Chips(300)]),
                Some(vec!["Seat 2 (A)".to_string(), "Seat 7 (C)".to_string()])
            )
        );
        let counts = QuestionKind::Counts {
            min_players: 2,
            max_players: 10,
            max: 100,
        };
        assert_eq!(
            read_typed(&counts, &typed, &seats),
            Read::Answer(
                Answer::Counts(vec![1200, 300]),
                Some(vec!["Seat 2 (A)".to_string(), "Seat 7 (C)".to_string()])
            )
        );
        let bad = Typed {
            amount: None,
            per_seat: BTreeMap::from([(5, "abc".to_string())]),
        };
        assert_eq!(read_typed(&amounts, &bad, &seats), Read::Invalid);
        // Without seats (or without per-seat fields) the one field is read.
        let one = Typed {
            amount: Some("600, 1 200; 0".to_string()),
            per_seat: BTreeMap::new(),
        };
        assert_eq!(
            read_typed(&amounts, &one, &[]),
            Read::Answer(
                Answer::Amounts(vec![Chips(600), Chips(1200), Chips(0)]),
                None
            )
        );
    }

    #[test]
    fn one_field_reads_as_its_question_takes_it() {
        let typed = |s: &str| Typed {
            amount: Some(s.to_string()),
            per_seat: BTreeMap::new(),
        };
        let amount = QuestionKind::Amount {
            min: Chips(0),
            max: Chips(1_000_000),
        };
        let count = QuestionKind::Count { min: 0, max: 10 };
        assert_eq!(
            read_typed(&amount, &typed("1.500"), &[]),
            Read::Answer(Answer::Amount(Chips(1500)), None)
        );
        assert_eq!(
            read_typed(&count, &typed("3"), &[]),
            Read::Answer(Answer::Count(3), None)
        );
        assert_eq!(read_typed(&count, &typed("three"), &[]), Read::Invalid);
        assert_eq!(read_typed(&count, &typed(""), &[]), Read::Invalid);
        assert_eq!(read_typed(&count, &Typed::default(), &[]), Read::Nothing);
        assert_eq!(
            read_typed(&QuestionKind::YesNo, &typed("3"), &[]),
            Read::Nothing
        );
    }

    #[test]
    fn every_situation_is_listed_once() {
        let list = situations();
        let sections = grouped(&list);
        let listed: usize = sections.iter().map(|(_, s)| s.len()).sum();
        assert_eq!(listed, list.len());
        assert!(sections.iter().all(|(_, s)| !s.is_empty()));
    }

    /// A flow and the answers that lead to a question of the kind `wanted`, found by walking
    /// every yes/no and choice branch.
    fn find_question(
        wanted: fn(&QuestionKind) -> bool,
    ) -> Option<(String, Vec<Answer>, QuestionKind)> {
        fn go(
            flow: &str,
            given: Vec<Answer>,
            depth: usize,
            wanted: fn(&QuestionKind) -> bool,
        ) -> Option<(Vec<Answer>, QuestionKind)> {
            let state = replay(flow, &given).ok()?;
            let Step::Question(q) = state.step else {
                return None;
            };
            if wanted(&q.kind) {
                return Some((given, q.kind));
            }
            if depth == 0 {
                return None;
            }
            let next: Vec<Answer> = match &q.kind {
                QuestionKind::YesNo => vec![Answer::YesNo(true), Answer::YesNo(false)],
                QuestionKind::Choice { options } => {
                    (0..options.len()).map(Answer::Choice).collect()
                }
                _ => Vec::new(),
            };
            next.into_iter().find_map(|a| {
                let mut given = given.clone();
                given.push(a);
                go(flow, given, depth - 1, wanted)
            })
        }
        situations()
            .into_iter()
            .find_map(|s| go(&s.id, Vec::new(), 8, wanted).map(|(g, k)| (s.id, g, k)))
    }

    #[test]
    fn a_typed_number_is_the_next_answer_and_a_bad_one_asks_again() {
        let (flow, given, kind) = find_question(|k| {
            matches!(k, QuestionKind::Amount { .. } | QuestionKind::Count { .. })
        })
        .expect("some flow asks for a number");
        let min = match kind {
            QuestionKind::Amount { min, .. } => min.0,
            QuestionKind::Count { min, .. } => min,
            _ => 0,
        };
        let typed = |s: &str| Typed {
            amount: Some(s.to_string()),
            per_seat: BTreeMap::new(),
        };
        let bad = walk(&flow, given.clone(), Vec::new(), &typed("abc"), &[]);
        assert!(matches!(bad.problem, Some(Problem::Unreadable)));
        assert_eq!(bad.answers, given);
        assert!(bad.state.is_ok());
        let good = walk(
            &flow,
            given.clone(),
            Vec::new(),
            &typed(&min.to_string()),
            &[],
        );
        assert!(good.problem.is_none());
        assert_eq!(good.answers.len(), given.len() + 1);
        assert!(good.state.is_ok());
    }

    /// A number the flow refuses (200 players at a table) is taken back: the question is
    /// asked again with the refusal, and the address's answers stay as they were. So is an
    /// answer the address carries that the flow refuses.
    #[test]
    fn a_refused_number_asks_the_question_again_with_the_reason() {
        let typed = |s: &str| Typed {
            amount: Some(s.to_string()),
            per_seat: BTreeMap::new(),
        };
        let w = walk(
            "short_big_blind",
            Vec::new(),
            Vec::new(),
            &typed("200"),
            &[],
        );
        assert_eq!(w.answers, Vec::<Answer>::new());
        let Some(Problem::Refused(refused)) = &w.problem else {
            panic!("not refused: {:?}", w.state)
        };
        assert_eq!(refused.code(), "RULING_OUT_OF_RANGE");
        assert_eq!(refused.message().0, "RULING_ABOVE_MAXIMUM");
        let asked = |w: &Walk| match &w.state {
            Ok(FlowState {
                step: Step::Question(q),
                ..
            }) => q.id.clone(),
            other => panic!("no question: {other:?}"),
        };
        let first = asked(&walk(
            "short_big_blind",
            Vec::new(),
            Vec::new(),
            &Typed::default(),
            &[],
        ));
        assert_eq!(asked(&w), first);

        // The same answer carried by the address (edited, or from a refused tap): taken back.
        let carried = walk(
            "short_big_blind",
            vec![Answer::Count(200)],
            Vec::new(),
            &Typed::default(),
            &[],
        );
        assert!(carried.answers.is_empty());
        assert!(matches!(carried.problem, Some(Problem::Refused(_))));
        assert_eq!(asked(&carried), first);
    }

    #[test]
    fn an_unknown_situation_is_refused() {
        let w = walk(
            "no-such-flow",
            Vec::new(),
            Vec::new(),
            &Typed::default(),
            &[],
        );
        assert_eq!(
            w.state.err().map(|e| e.code()),
            Some("RULING_UNKNOWN_SITUATION")
        );
        let list = situations();
        let w = walk(&list[0].id, Vec::new(), Vec::new(), &Typed::default(), &[]);
        assert!(matches!(w.state.map(|s| s.step), Ok(Step::Question(_))));
    }
}
