//! Walking a flow (`engine` in the server is the tournament engine; this is not it): `start` opens a situation, `answer` validates one answer and
//! moves on, and the resulting [`FlowState`] carries either the next question or the ruling.
//! The state is plain serde data that a page may send back, so the walk trusts none of it:
//! every call replays the recorded answers from the flow's root, re-validating each, and
//! rebuilds the question or ruling itself. A refused answer returns a typed error and leaves
//! the caller's state as it was. No clock, no randomness, no I/O: the same answers always give
//! the same ruling.

use super::error::RulingError;
use super::flows as registry;
use super::model::{
    Answer, Answers, Ask, ChoiceOption, Flow, GivenAnswer, Node, NodeId, Question, QuestionKind,
    QuestionNode, Ruling, Text, MAX_AMOUNT, MAX_PLAYERS, MIN_PLAYERS,
};
use super::render;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// A situation a table or the TD can open, as the list of situations shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SituationSummary {
    /// The flow's id, for [`start`].
    pub id: String,
    /// The situation group of SPEC §5 (1 to 15).
    pub group: u8,
    /// What the situation is called.
    pub title: Text,
    /// The rule(s) it rests on.
    pub rule: String,
}

/// Where a flow stands: the answers so far and the next question or the ruling. Stored with
/// each incident; serde both ways.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FlowState {
    /// The flow's id.
    pub flow: String,
    /// The situation group of SPEC §5 (1 to 15).
    pub group: u8,
    /// The flow's title.
    pub title: Text,
    /// The rule(s) the flow rests on.
    pub rule: String,
    /// The answers given so far, in order.
    pub answers: Vec<GivenAnswer>,
    /// The next question, or the ruling.
    pub step: Step,
}

impl FlowState {
    /// The question to answer next, if the ruling is not reached yet.
    pub fn question(&self) -> Option<&Question> {
        match &self.step {
            Step::Question(q) => Some(q),
            Step::Ruling(_) => None,
        }
    }

    /// The ruling, once reached.
    pub fn ruling(&self) -> Option<&Ruling> {
        match &self.step {
            Step::Question(_) => None,
            Step::Ruling(r) => Some(r),
        }
    }
}

/// The next step of a flow.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "step")]
pub enum Step {
    /// A question to answer.
    #[serde(rename = "question")]
    Question(Question),
    /// The final ruling.
    #[serde(rename = "ruling")]
    Ruling(Ruling),
}

static REGISTRY: OnceLock<Vec<Flow>> = OnceLock::new();

/// Every flow, built once.
pub fn flows() -> &'static [Flow] {
    REGISTRY.get_or_init(registry::all)
}

/// The flow with id `id`.
pub fn flow(id: &str) -> Option<&'static Flow> {
    flows().iter().find(|f| f.id == id)
}

/// Every situation, in the order of SPEC §5.
pub fn situations() -> Vec<SituationSummary> {
    flows()
        .iter()
        .map(|f| SituationSummary {
            id: f.id.to_string(),
            group: f.group,
            title: f.title.clone(),
            rule: f.rule.to_string(),
        })
        .collect()
}

/// Opens the flow `id` at its first question.
pub fn start(id: &str) -> Result<FlowState, RulingError> {
    let flow = find(id)?;
    let (at, given) = give_implied(flow, flow.root, Vec::new(), Checks::Run)?;
    state_at(flow, at, given)
}

/// Answers the current question of `state` and returns the new state (the next question or
/// the ruling). `state` is not changed; on error nothing moves.
pub fn answer(state: &FlowState, answer: Answer) -> Result<FlowState, RulingError> {
    answer_with(state, answer, Checks::Run)
}

/// Whether the questions' own checks of an answer against the earlier ones run. They always do,
/// but for a test that compares them with the calculators' word on the whole.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Checks {
    Run,
    #[cfg(test)]
    Skip,
}

pub(crate) fn answer_with(
    state: &FlowState,
    answer: Answer,
    checks: Checks,
) -> Result<FlowState, RulingError> {
    let flow = find(&state.flow)?;
    let (at, mut given) = replay_given(flow, &state.answers, checks)?;
    let question = match flow.node(at) {
        Some(Node::Question(q)) => q,
        Some(_) => return Err(RulingError::AlreadyDecided),
        None => return Err(missing_node(at)),
    };
    let next = give(at, question, answer, &mut given, checks)?;
    let (at, given) = give_implied(flow, next, given, checks)?;
    state_at(flow, at, given)
}

/// Gives `answer` to the question at `at`: accepted for its type and range, kept with the
/// others, then checked against the earlier ones. Returns the node it leads to.
fn give(
    at: NodeId,
    question: &QuestionNode,
    answer: Answer,
    given: &mut Vec<GivenAnswer>,
    checks: Checks,
) -> Result<NodeId, RulingError> {
    let (next, option) = accept(at, question, &answer)?;
    given.push(GivenAnswer {
        question: at.to_string(),
        answer,
        option,
    });
    if checks == Checks::Run {
        check_against_earlier(question, given)?;
    }
    Ok(next)
}

/// From node `at`, gives every question the answers so far leave one answer (see
/// [`ImpliedFn`](super::model::ImpliedFn)), and returns the node where someone must answer, or
/// the ruling.
fn give_implied(
    flow: &'static Flow,
    mut at: NodeId,
    mut given: Vec<GivenAnswer>,
    checks: Checks,
) -> Result<(NodeId, Vec<GivenAnswer>), RulingError> {
    while let Some(Node::Question(question)) = flow.node(at) {
        let Some(answer) = question
            .implied
            .and_then(|implied| implied(&Answers::new(&given)))
        else {
            break;
        };
        at = give(at, question, answer, &mut given, checks)?;
    }
    Ok((at, given))
}

/// The question's own check of its answer (the last of `given`) against the earlier ones.
fn check_against_earlier(
    question: &QuestionNode,
    given: &[GivenAnswer],
) -> Result<(), RulingError> {
    question
        .check
        .map_or(Ok(()), |check| check(&Answers::new(given)))
}

/// Opens the flow `id` and gives it `answers` in order: how a stored incident is rebuilt.
///
/// The answers of questions the walk gives by itself are not among `answers`; where an older
/// incident's answers hold one (asked before it was implied), it is skipped. Nothing else can
/// be taken for it: a flow's tests hold that the question after an implied one takes another
/// type of answer.
pub fn replay(id: &str, answers: &[Answer]) -> Result<FlowState, RulingError> {
    let mut state = start(id)?;
    let mut rest = without_implied(&state.answers, answers);
    while let Some((next, after)) = rest.split_first() {
        let before = state.answers.len();
        state = answer(&state, next.clone())?;
        rest = without_implied(&state.answers[before + 1..], after);
    }
    Ok(state)
}

/// `rest` without the copies an older incident holds at its head of `implied`, the answers
/// the walk has just given by itself (in order).
fn without_implied<'a>(implied: &[GivenAnswer], mut rest: &'a [Answer]) -> &'a [Answer] {
    for given_by_walk in implied {
        match rest.split_first() {
            Some((given, after)) if *given == given_by_walk.answer => rest = after,
            _ => break,
        }
    }
    rest
}

fn find(id: &str) -> Result<&'static Flow, RulingError> {
    flow(id).ok_or_else(|| RulingError::UnknownSituation { id: id.to_string() })
}

fn missing_node(id: &str) -> RulingError {
    RulingError::BadState {
        reason: format!("the flow has no node `{id}`"),
    }
}

/// Replays recorded answers from the root; any mismatch is a [`RulingError::BadState`].
fn replay_given(
    flow: &'static Flow,
    answers: &[GivenAnswer],
    checks: Checks,
) -> Result<(NodeId, Vec<GivenAnswer>), RulingError> {
    let mut at = flow.root;
    let mut given = Vec::with_capacity(answers.len() + 1);
    for past in answers {
        let question = match flow.node(at) {
            Some(Node::Question(q)) if past.question == at => q,
            Some(_) => {
                return Err(RulingError::BadState {
                    reason: format!("answer to `{}` where `{at}` was asked", past.question),
                })
            }
            None => return Err(missing_node(at)),
        };
        let (next, option) =
            accept(at, question, &past.answer).map_err(|e| RulingError::BadState {
                reason: format!("recorded answer to `{at}` is refused: {e}"),
            })?;
        if let Some(implied) = question.implied.and_then(|f| f(&Answers::new(&given))) {
            if implied != past.answer {
                return Err(RulingError::BadState {
                    reason: format!("recorded answer to `{at}` differs from what it must be"),
                });
            }
        }
        given.push(GivenAnswer {
            question: at.to_string(),
            answer: past.answer.clone(),
            option,
        });
        if checks == Checks::Run {
            check_against_earlier(question, &given).map_err(|e| RulingError::BadState {
                reason: format!("recorded answer to `{at}` is refused: {e}"),
            })?;
        }
        at = next;
    }
    Ok((at, given))
}

fn check_number(question: &str, got: i64, min: i64, max: i64) -> Result<(), RulingError> {
    if got < 0 {
        return Err(RulingError::NegativeAmount {
            question: question.to_string(),
        });
    }
    if got < min || got > max {
        return Err(RulingError::OutOfRange {
            question: question.to_string(),
            min,
            max,
            got,
        });
    }
    Ok(())
}

fn check_players(question: &str, got: usize) -> Result<(), RulingError> {
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&got) {
        return Err(RulingError::WrongPlayerCount {
            question: question.to_string(),
            min: MIN_PLAYERS,
            max: MAX_PLAYERS,
            got,
        });
    }
    Ok(())
}

/// Validates `answer` against question `id`; gives the node it leads to and, for a choice,
/// the option's id.
fn accept(
    id: NodeId,
    question: &QuestionNode,
    answer: &Answer,
) -> Result<(NodeId, Option<String>), RulingError> {
    match (&question.ask, answer) {
        (Ask::YesNo { yes, no }, Answer::YesNo(b)) => Ok((if *b { yes } else { no }, None)),
        (Ask::Choice { options }, Answer::Choice(index)) => options
            .get(*index)
            .map(|o| (o.next, Some(o.id.to_string())))
            .ok_or(RulingError::OptionOutOfRange {
                question: id.to_string(),
                index: *index,
                options: options.len(),
            }),
        (Ask::Amount { min, next }, Answer::Amount(amount)) => {
            check_number(id, amount.0, min.0, MAX_AMOUNT.0)?;
            Ok((next, None))
        }
        (Ask::Amounts { next }, Answer::Amounts(list)) => {
            check_players(id, list.len())?;
            for amount in list {
                check_number(id, amount.0, 0, MAX_AMOUNT.0)?;
            }
            Ok((next, None))
        }
        (Ask::Count { min, max, next }, Answer::Count(n)) => {
            check_number(id, *n, *min, *max)?;
            Ok((next, None))
        }
        (Ask::Counts { max, next }, Answer::Counts(list)) => {
            check_players(id, list.len())?;
            for n in list {
                check_number(id, *n, 0, *max)?;
            }
            Ok((next, None))
        }
        (ask, other) => Err(RulingError::BadAnswer {
            question: id.to_string(),
            expected: ask.answer_type(),
            got: other.answer_type(),
        }),
    }
}

fn question_view(id: NodeId, q: &QuestionNode) -> Question {
    let kind = match &q.ask {
        Ask::YesNo { .. } => QuestionKind::YesNo,
        Ask::Choice { options } => QuestionKind::Choice {
            options: options
                .iter()
                .map(|o| ChoiceOption {
                    id: o.id.to_string(),
                    text: o.text.clone(),
                })
                .collect(),
        },
        Ask::Amount { min, .. } => QuestionKind::Amount {
            min: *min,
            max: MAX_AMOUNT,
        },
        Ask::Amounts { .. } => QuestionKind::Amounts {
            min_players: MIN_PLAYERS,
            max_players: MAX_PLAYERS,
            max: MAX_AMOUNT,
        },
        Ask::Count { min, max, .. } => QuestionKind::Count {
            min: *min,
            max: *max,
        },
        Ask::Counts { max, .. } => QuestionKind::Counts {
            min_players: MIN_PLAYERS,
            max_players: MAX_PLAYERS,
            max: *max,
        },
    };
    Question {
        id: id.to_string(),
        text: q.text.clone(),
        help: q.help.clone(),
        kind,
    }
}

/// The state at node `at` with `answers` given: the question there, or the ruling (computed
/// now for a calculated leaf).
fn state_at(
    flow: &'static Flow,
    at: NodeId,
    answers: Vec<GivenAnswer>,
) -> Result<FlowState, RulingError> {
    let step = match flow.node(at) {
        None => return Err(missing_node(at)),
        Some(Node::Question(q)) => Step::Question(question_view(at, q)),
        Some(Node::Ruling(leaf)) => Step::Ruling(Ruling {
            leaf: at.to_string(),
            rule: leaf.rule.to_string(),
            text: leaf.text.clone(),
            actions: leaf.actions.clone(),
            amounts: BTreeMap::new(),
        }),
        Some(Node::Calculated(calc)) => {
            let computed = (calc.calc)(&Answers::new(&answers))?;
            let outcome = calc
                .outcomes
                .iter()
                .find(|o| o.id == computed.outcome)
                .ok_or_else(|| RulingError::BadState {
                    reason: format!("`{at}` has no outcome `{}`", computed.outcome),
                })?;
            Step::Ruling(Ruling {
                leaf: outcome.id.to_string(),
                rule: computed
                    .rule
                    .clone()
                    .unwrap_or_else(|| outcome.rule.to_string()),
                text: render::fill(&outcome.text, &computed.values),
                actions: computed.actions,
                amounts: computed
                    .values
                    .into_iter()
                    .map(|(k, v)| (k.to_string(), v))
                    .collect(),
            })
        }
    };
    Ok(FlowState {
        flow: flow.id.to_string(),
        group: flow.group,
        title: flow.title.clone(),
        rule: flow.rule.to_string(),
        answers,
        step,
    })
}
