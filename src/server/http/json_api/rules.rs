//! The rule calculators of the guided flows and the flows themselves, as pure operations
//! (no tournament, no credential needed): the same functions the pages use.

use super::extract::{Body, PathParams};
use super::problem::{ApiResult, Problem};
use crate::domain::calculators::{
    self, ActionRuling, BettingContext, BettingRound, BlindPosting, CalcError, ChipRace, PutInKind,
    RoundStatus, UnattentionInput, UnattentionRuling,
};
use crate::domain::money::Chips;
use crate::domain::rulings::{self, Answer, FlowState, SituationSummary};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

fn refused(e: CalcError) -> Problem {
    Problem::input(e.code(), format!("{e:?}"))
}

/// PKR4U 16 / 17: the ante at a table of this many players and what a big blind with this
/// stack posts.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct AnteQuestion {
    /// The level's full ante.
    pub full_ante: Chips,
    pub players_at_table: u16,
    pub big_blind: Chips,
    /// The big blind's stack, to work out a short big blind (PKR4U 17).
    pub stack: Chips,
}

/// The answer to an [`AnteQuestion`].
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct AnteAnswer {
    /// PKR4U 16: full with 6+, half with 5, 4 or 3, none heads-up.
    pub ante: Chips,
    /// PKR4U 17: the big blind first, then the ante from what is left.
    pub posting: BlindPosting,
}

/// Chips put in by a player (TDA 10 50 % rule, TDA 11 / PKR4U 24 single oversized chip,
/// PKR4U 27 bet locking, TDA 38 incomplete all-in).
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct PutInQuestion {
    pub context: BettingContext,
    pub put_in: Chips,
    pub kind: PutInKind,
}

/// The chip race (TDA 2): each player's count of the chips that leave.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct ChipRaceQuestion {
    pub small_chips: Vec<u32>,
    /// The chip value that leaves play.
    pub small: Chips,
    /// The chip value raced for.
    pub big: Chips,
}

/// PKR4U 30: what each player put into a cancelled hand.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct RefundQuestion {
    pub contributions: Vec<Chips>,
}

/// The answers given so far in a guided flow.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct FlowAnswers {
    /// One per question asked, in order. A question the earlier answers settle is not asked
    /// (the state's `answers` show it given by itself), so it has no answer here.
    pub answers: Vec<Answer>,
}

const PROBLEM: &str = "application/problem+json";

/// The ante for a table's count and the short big blind split (PKR4U 16, 17).
#[utoipa::path(post, path = "/api/v1/calculators/ante", tag = "calculators", request_body = AnteQuestion,
    responses((status = 200, body = AnteAnswer),
        (status = 400, body = Problem, content_type = PROBLEM),
        (status = 422, body = Problem, content_type = PROBLEM)))]
pub async fn ante(Body(q): Body<AnteQuestion>) -> ApiResult<Json<AnteAnswer>> {
    let ante = calculators::ante_for_table(q.full_ante, usize::from(q.players_at_table));
    let posting = calculators::short_big_blind(q.stack, q.big_blind, ante).map_err(refused)?;
    Ok(Json(AnteAnswer { ante, posting }))
}

/// What chips put in mean: a call, a raise and to how much, what must be added or taken
/// back, and whether the betting reopens (TDA 10, 11, 38; PKR4U 24, 27).
#[utoipa::path(post, path = "/api/v1/calculators/put-in", tag = "calculators", request_body = PutInQuestion,
    responses((status = 200, body = ActionRuling),
        (status = 400, body = Problem, content_type = PROBLEM),
        (status = 422, body = Problem, content_type = PROBLEM)))]
pub async fn put_in(Body(q): Body<PutInQuestion>) -> ApiResult<Json<ActionRuling>> {
    calculators::interpret_action(q.context, q.put_in, q.kind)
        .map(Json)
        .map_err(refused)
}

/// Who may still raise in a betting round, and the minimum raise (TDA 38, PKR4U 27).
#[utoipa::path(post, path = "/api/v1/calculators/raise-rights", tag = "calculators", request_body = BettingRound,
    responses((status = 200, body = RoundStatus),
        (status = 400, body = Problem, content_type = PROBLEM),
        (status = 422, body = Problem, content_type = PROBLEM)))]
pub async fn raise_rights(Body(round): Body<BettingRound>) -> ApiResult<Json<RoundStatus>> {
    calculators::raise_rights(&round).map(Json).map_err(refused)
}

/// The unattention bet (PKR4U 2): what the player may give up or must pay, in every case.
#[utoipa::path(post, path = "/api/v1/calculators/unattention-bet", tag = "calculators", request_body = UnattentionInput,
    responses((status = 200, body = UnattentionRuling),
        (status = 400, body = Problem, content_type = PROBLEM),
        (status = 422, body = Problem, content_type = PROBLEM)))]
pub async fn unattention(Body(q): Body<UnattentionInput>) -> ApiResult<Json<UnattentionRuling>> {
    calculators::unattention_bet(q).map(Json).map_err(refused)
}

/// The chip race at a colour-up (TDA 2).
#[utoipa::path(post, path = "/api/v1/calculators/chip-race", tag = "calculators", request_body = ChipRaceQuestion,
    responses((status = 200, body = ChipRace),
        (status = 400, body = Problem, content_type = PROBLEM),
        (status = 422, body = Problem, content_type = PROBLEM)))]
pub async fn chip_race(Body(q): Body<ChipRaceQuestion>) -> ApiResult<Json<ChipRace>> {
    calculators::chip_race(&q.small_chips, q.small, q.big)
        .map(Json)
        .map_err(refused)
}

/// The refunds of a cancelled hand (PKR4U 30): each player's contribution back.
#[utoipa::path(post, path = "/api/v1/calculators/cancelled-hand", tag = "calculators", request_body = RefundQuestion,
    responses((status = 200, body = Vec<Chips>),
        (status = 400, body = Problem, content_type = PROBLEM),
        (status = 422, body = Problem, content_type = PROBLEM)))]
pub async fn cancelled_hand(Body(q): Body<RefundQuestion>) -> ApiResult<Json<Vec<Chips>>> {
    calculators::cancelled_hand_refunds(&q.contributions)
        .map(Json)
        .map_err(refused)
}

/// The guided flows (SPEC §5): every situation with its rule.
#[utoipa::path(get, path = "/api/v1/rulings", tag = "rulings",
    responses((status = 200, body = Vec<SituationSummary>)))]
pub async fn situations() -> Json<Vec<SituationSummary>> {
    Json(rulings::situations())
}

/// A guided flow after the answers given: the next question, or the ruling with its rule
/// number, text and actions. Start with no answers.
#[utoipa::path(post, path = "/api/v1/rulings/{flow}", tag = "rulings", request_body = FlowAnswers,
    params(("flow" = String, Path, description = "Situation id, from GET /api/v1/rulings")),
    responses((status = 200, body = FlowState),
        (status = 400, body = Problem, content_type = PROBLEM),
        (status = 404, body = Problem, content_type = PROBLEM),
        (status = 422, body = Problem, content_type = PROBLEM)))]
pub async fn flow(
    PathParams(flow): PathParams<String>,
    Body(a): Body<FlowAnswers>,
) -> ApiResult<Json<FlowState>> {
    if rulings::start(&flow).is_err() {
        return Err(Problem::not_found("situation"));
    }
    rulings::replay(&flow, &a.answers)
        .map(Json)
        .map_err(|e| Problem::input(e.code(), format!("{e:?}")))
}
