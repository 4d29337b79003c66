//! Tournaments: list, create with the full configuration, read, archive and publish; every
//! command (idempotent by its client-made id) through the same engine and role checks as
//! the pages; and the parts of the view a website wants on their own.

use super::extract::{Body, PathParams, QueryParams};
use super::problem::{ApiResult, Problem};
use crate::domain::balancing::TablePlan;
use crate::domain::command::Command;
use crate::domain::config::{AnteKind, Config, Level};
use crate::domain::money::Cents;
use crate::domain::view::{
    ClockView, DealQuotes, PlaceView, PlayerView, ResultLine, TableView, TournamentView,
};
use crate::server::app_state::AppState;
use crate::server::application::{self, identify, reads, Caller, Credentials, Refusal};
use crate::server::store::TournamentFlag;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

pub use crate::protocol::TournamentSummary;

/// A new tournament: its full configuration, and a client-made id that makes a retry safe.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct NewTournament {
    /// 1 to 64 characters, unique per request (a UUID is a good choice).
    pub command_id: String,
    pub config: Config,
}

/// A tournament created (or found again, for a retried `command_id`).
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Created {
    pub id: i64,
    pub last_seq: u64,
}

/// A command for a tournament, with its client-made id (the same id twice returns the first
/// answer and never applies twice).
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct CommandRequest {
    pub command_id: String,
    pub command: Command,
    /// When the person tapped, by the sending device's clock (ms since the epoch), when it
    /// was sent later (kept in the log beside the time of receipt).
    #[serde(default)]
    pub tapped_at: Option<i64>,
    /// The sending device's clock when this try was sent (ms since the epoch). With
    /// `tapped_at`, the server puts the tap on its own clock by the time the command waited
    /// on the device, so a device whose clock is wrong still logs the right tap time.
    #[serde(default)]
    pub sent_at: Option<i64>,
}

/// A command recorded durably as events `first_seq..=last_seq`.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Accepted {
    pub first_seq: u64,
    pub last_seq: u64,
}

/// The whole view of a tournament at this instant, with its last event number.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct TournamentState {
    pub id: i64,
    pub last_seq: u64,
    pub view: TournamentView,
}

/// A yes/no setting (archived, public).
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Flag {
    pub value: bool,
}

/// The blind structure.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Structure {
    pub levels: Vec<Level>,
    pub ante_kind: AnteKind,
}

/// The prize pool and what each place pays (first place first).
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Payouts {
    /// The money the prizes share: the entries' prize parts, or the guarantee while that is
    /// more.
    pub prize_pool: Cents,
    /// The guaranteed prize pool, if any.
    pub guarantee: Option<Cents>,
    /// What the house adds to the entries' prize parts to make the guarantee.
    pub overlay: Cents,
    pub entries: u32,
    /// Rebuys (a double counts two) and add-ons bought: they add to the pool, not the field.
    pub rebuys: u32,
    pub add_ons: u32,
    pub payouts: Vec<Cents>,
    /// The ticket the first `ticket_places` places win (a satellite's is part of their
    /// payout, at its value; the house's comes beside it).
    pub ticket: Option<crate::domain::config::TicketPrize>,
    pub ticket_places: u32,
    pub in_the_money: bool,
    pub bubble: bool,
    /// The next player out's prize; none after a deal (its amounts replaced the table's).
    pub next_payout: Option<Cents>,
    /// The deal recorded: each of its players' amount and what is left to play for. Its
    /// players' prizes are these amounts, not the first places of `payouts`.
    pub deal: Option<crate::domain::view::DealView>,
}

/// Places so far and the final results.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Standings {
    pub places: Vec<PlaceView>,
    pub results: Vec<ResultLine>,
}

/// Bounties: what each player carries and has won.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct BountyLine {
    pub player: crate::domain::ids::PlayerId,
    pub name: String,
    pub bounty: Cents,
    pub bounty_won: Cents,
}

/// The tables, the balancing plan (moves, stopped tables, the next table to break, the final
/// table) and hand-for-hand.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Tables {
    pub tables: Vec<TableView>,
    pub plan: TablePlan,
    pub hand_for_hand: Option<u32>,
}

/// `?after=` for the event log.
#[derive(Clone, Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct After {
    /// Only events after this number (0 for all).
    #[serde(default)]
    #[param(minimum = 0)]
    pub after: i64,
}

/// One event of the log.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct LoggedEvent {
    pub seq: u64,
    /// When the server received the command that caused it (ms since the epoch).
    pub at: i64,
    /// When the person tapped, on the server's clock, if the device said (a device's outbox
    /// may deliver a tap made during a WiFi drop minutes later).
    pub tapped_at: Option<i64>,
    /// Who sent it: `director`, `table:N`, `system`.
    pub actor: String,
    pub event: crate::domain::Event,
}

/// The view of `id` now: readable by anyone, as on the pages (see the role policy); a
/// credential that was sent must be good, though (a website with a revoked or mistyped token
/// is told so, 401, rather than served as a stranger).
async fn readable(state: &AppState, headers: &HeaderMap, id: i64) -> ApiResult<TournamentState> {
    let credentials = crate::server::http::credentials::from_headers(headers);
    if credentials.bearer.is_some()
        && identify(&state.app, &credentials, Some(id)).await == Caller::Anonymous
    {
        return Err(Refusal::Unauthenticated.into());
    }
    // The one cached view every page reads (worked out at most ten times a second).
    let (view, last_seq) = reads::configured_view(&state.app, id).await?;
    Ok(TournamentState {
        id,
        last_seq,
        view: (*view).clone(),
    })
}

/// The club's tournaments, oldest first, each with the director's `public` mark (the ones a
/// club website lists; the mark hides nothing).
#[utoipa::path(get, path = "/api/v1/tournaments", tag = "tournaments",
    responses((status = 200, body = Vec<TournamentSummary>)))]
pub async fn list(State(state): State<AppState>) -> ApiResult<Json<Vec<TournamentSummary>>> {
    Ok(Json(application::club::tournaments(&state.app).await?))
}

/// Creates a tournament from its full configuration (director).
#[utoipa::path(post, path = "/api/v1/tournaments", tag = "tournaments", request_body = NewTournament,
    responses((status = 201, body = Created),
        (status = 400, body = Problem, content_type = "application/problem+json"),
        (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 403, body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "The command id already made another tournament (`COMMAND_ID_REUSED`)", body = Problem, content_type = "application/problem+json"),
        (status = 422, body = Problem, content_type = "application/problem+json")))]
pub async fn create(
    State(state): State<AppState>,
    headers: HeaderMap,
    Body(req): Body<NewTournament>,
) -> ApiResult<(StatusCode, Json<Created>)> {
    let credentials = crate::server::http::credentials::from_headers(&headers);
    let made = application::create_tournament(
        &state.app,
        &credentials,
        &req.command_id,
        req.config,
        "api",
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(Created {
            id: made.tournament,
            last_seq: made.last_seq,
        }),
    ))
}

/// Everything about a tournament now: clock, field, tables, plan, payouts, places, bounties,
/// penalties, incidents.
#[utoipa::path(get, path = "/api/v1/tournaments/{id}", tag = "tournaments",
    params(("id" = i64, Path, description = "Tournament id")),
    responses((status = 200, body = TournamentState),
        (status = 400, body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "A Bearer token was sent and is not valid", body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json")))]
pub async fn read(
    State(state): State<AppState>,
    headers: HeaderMap,
    PathParams(id): PathParams<i64>,
) -> ApiResult<Json<TournamentState>> {
    readable(&state, &headers, id).await.map(Json)
}

async fn set_flag(
    state: &AppState,
    headers: &HeaderMap,
    id: i64,
    flag: TournamentFlag,
    value: bool,
) -> ApiResult<StatusCode> {
    let credentials = crate::server::http::credentials::from_headers(headers);
    application::club::set_tournament_flag(&state.app, &credentials, id, flag, value).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Archives (or restores) a tournament (director).
#[utoipa::path(put, path = "/api/v1/tournaments/{id}/archived", tag = "tournaments", request_body = Flag,
    params(("id" = i64, Path, description = "Tournament id")),
    responses((status = 204),
        (status = 400, body = Problem, content_type = "application/problem+json"),
        (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 403, body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json")))]
pub async fn archive(
    State(state): State<AppState>,
    headers: HeaderMap,
    PathParams(id): PathParams<i64>,
    Body(flag): Body<Flag>,
) -> ApiResult<StatusCode> {
    set_flag(&state, &headers, id, TournamentFlag::Archived, flag.value).await
}

/// Publishes a tournament: its reads need no token (director).
#[utoipa::path(put, path = "/api/v1/tournaments/{id}/public", tag = "tournaments", request_body = Flag,
    params(("id" = i64, Path, description = "Tournament id")),
    responses((status = 204),
        (status = 400, body = Problem, content_type = "application/problem+json"),
        (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 403, body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json")))]
pub async fn publish(
    State(state): State<AppState>,
    headers: HeaderMap,
    PathParams(id): PathParams<i64>,
    Body(flag): Body<Flag>,
) -> ApiResult<StatusCode> {
    set_flag(&state, &headers, id, TournamentFlag::Public, flag.value).await
}

/// Sends any command: registrations, payments, re-entries (A/B), busts (several per hand,
/// eliminators, starting stacks), chip counts, early leavers, penalties, corrections, the
/// clock, buttons, moves, breaking, the final table, hand-for-hand, deals, rulings. The
/// director may send all; a table key only its own table's.
#[utoipa::path(post, path = "/api/v1/tournaments/{id}/commands", tag = "commands", request_body = CommandRequest,
    params(("id" = i64, Path, description = "Tournament id")),
    responses((status = 200, body = Accepted),
        (status = 400, body = Problem, content_type = "application/problem+json"),
        (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 403, body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "The command id already answered another command (`COMMAND_ID_REUSED`)", body = Problem, content_type = "application/problem+json"),
        (status = 422, body = Problem, content_type = "application/problem+json")))]
pub async fn command(
    State(state): State<AppState>,
    headers: HeaderMap,
    PathParams(id): PathParams<i64>,
    peer: Peer,
    Body(req): Body<CommandRequest>,
) -> ApiResult<Json<Accepted>> {
    let credentials = with_peer(&headers, peer);
    let done = application::execute(
        &state.app,
        &credentials,
        Some(id),
        &req.command_id,
        &req.command,
        "api",
        application::TapTimes {
            tapped_at: req.tapped_at,
            sent_at: req.sent_at,
        },
    )
    .await?;
    Ok(Json(Accepted {
        first_seq: done.first_seq,
        last_seq: done.last_seq,
    }))
}

/// The peer's address as axum's `ConnectInfo` gives it (the front door inserts it).
type Peer = Option<axum::Extension<axum::extract::ConnectInfo<std::net::SocketAddr>>>;

/// The request's credentials with the address it came from (the sign-up's rate limit counts
/// by it).
fn with_peer(headers: &HeaderMap, peer: Peer) -> Credentials {
    Credentials {
        address: peer.map(|p| p.0 .0.ip()),
        ..crate::server::http::credentials::from_headers(headers)
    }
}

/// A player signing up at the door (issue T), e.g. from the club's website.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct SignUpRequest {
    /// Client-made: the same id again returns the same place.
    pub command_id: String,
    pub name: String,
    /// How the player will pay at the desk.
    pub method: crate::domain::event::PaymentMethod,
}

/// The place in the queue, and the page that follows it.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct QueuePlace {
    pub entry: u32,
    /// The place's token: it follows and leaves this place (`X-Sign-Up-Token` with a
    /// `leave_queue` command), nothing else.
    pub token: String,
    /// The page a phone opens to follow the place live, e.g. `/signup/3-7-…`.
    pub page: String,
}

/// Signs a player up for the door's queue (no credential needed; counted per address). The
/// desk admits the entry when the money is taken; until then nothing in the tournament
/// changes. A name already waiting or playing is refused (`ALREADY_IN_QUEUE`,
/// `NAME_ALREADY_REGISTERED`), as is one after registration closed.
#[utoipa::path(post, path = "/api/v1/tournaments/{id}/sign-ups", tag = "commands", request_body = SignUpRequest,
    params(("id" = i64, Path, description = "Tournament id")),
    security(()),
    responses((status = 200, body = QueuePlace),
        (status = 400, body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json"),
        (status = 409, body = Problem, content_type = "application/problem+json"),
        (status = 422, body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "Too many sign-ups from this address (`TOO_MANY_SIGN_UPS`)", body = Problem, content_type = "application/problem+json")))]
pub async fn sign_up(
    State(state): State<AppState>,
    headers: HeaderMap,
    PathParams(id): PathParams<i64>,
    peer: Peer,
    Body(req): Body<SignUpRequest>,
) -> ApiResult<Json<QueuePlace>> {
    let credentials = with_peer(&headers, peer);
    let place = application::sign_up::sign_up(
        &state.app,
        &credentials,
        Some(id),
        &req.command_id,
        &req.name,
        req.method,
        "api",
    )
    .await?;
    Ok(Json(QueuePlace {
        entry: place.entry.0,
        page: format!("/signup/{}", place.token),
        token: place.token,
    }))
}

macro_rules! part {
    ($name:ident, $path:literal, $ty:ty, $doc:literal, |$v:ident| $body:expr) => {
        #[doc = $doc]
        #[utoipa::path(get, path = $path, tag = "tournaments",
                    params(("id" = i64, Path, description = "Tournament id")),
                    responses((status = 200, body = $ty),
                        (status = 400, body = Problem, content_type = "application/problem+json"),
                        (status = 401, description = "A Bearer token was sent and is not valid", body = Problem, content_type = "application/problem+json"),
                        (status = 404, body = Problem, content_type = "application/problem+json")))]
        pub async fn $name(
            State(state): State<AppState>,
            headers: HeaderMap,
            PathParams(id): PathParams<i64>,
        ) -> ApiResult<Json<$ty>> {
            let $v = readable(&state, &headers, id).await?.view;
            Ok(Json($body))
        }
    };
}

part!(
    clock,
    "/api/v1/tournaments/{id}/clock",
    ClockView,
    "The clock: level, time left, blinds and ante, next level, time to break.",
    |v| v.clock
);
part!(
    payouts,
    "/api/v1/tournaments/{id}/payouts",
    Payouts,
    "The prize pool and the payouts.",
    |v| Payouts {
        prize_pool: v.prize_pool,
        guarantee: v.guarantee,
        overlay: v.overlay,
        entries: v.entries,
        rebuys: v.rebuys,
        add_ons: v.add_ons,
        payouts: v.payouts,
        ticket: v.ticket,
        ticket_places: v.ticket_places,
        in_the_money: v.in_the_money,
        bubble: v.bubble,
        next_payout: v.next_payout,
        deal: v.deal,
    }
);
part!(
    standings,
    "/api/v1/tournaments/{id}/standings",
    Standings,
    "Places so far and results (places, prizes, bounties, entries).",
    |v| Standings {
        places: v.places,
        results: v.results
    }
);
part!(
    players,
    "/api/v1/tournaments/{id}/players",
    Vec<PlayerView>,
    "The field: every player with status, seat, stack, entries and bounty.",
    |v| v.players
);
part!(
    bounties,
    "/api/v1/tournaments/{id}/bounties",
    Vec<BountyLine>,
    "Bounties on heads and bounties won.",
    |v| v
        .players
        .into_iter()
        .map(|p| BountyLine {
            player: p.player,
            name: p.name,
            bounty: p.bounty,
            bounty_won: p.bounty_won
        })
        .collect()
);
part!(tables, "/api/v1/tournaments/{id}/tables", Tables, "Tables, seats, buttons, the balancing plan, stopped tables, breaking, the final table, hand-for-hand.", |v| Tables { tables: v.tables, plan: v.plan, hand_for_hand: v.hand_for_hand });
/// `?to_play_for=` for the deal quotes.
#[derive(Clone, Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ToPlayFor {
    /// Cents the players leave to play on for (the winner takes them on top of the deal);
    /// the quotes share the rest. 0 (the default): the whole prize money left.
    #[serde(default)]
    #[param(minimum = 0)]
    pub to_play_for: i64,
}

/// Chip-chop and ICM quotes for the players left (exact to the cent), optionally with an
/// amount left to play for (`?to_play_for=` in cents, at most the first prize left).
#[utoipa::path(get, path = "/api/v1/tournaments/{id}/deal-quotes", tag = "tournaments",
    params(("id" = i64, Path, description = "Tournament id"), ToPlayFor),
    responses((status = 200, body = Option<DealQuotes>),
        (status = 400, body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "A Bearer token was sent and is not valid", body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json")))]
pub async fn deal_quotes(
    State(state): State<AppState>,
    headers: HeaderMap,
    PathParams(id): PathParams<i64>,
    QueryParams(q): QueryParams<ToPlayFor>,
) -> ApiResult<Json<Option<DealQuotes>>> {
    let refused = || {
        Problem::bad_request(
            "INVALID_QUERY",
            "to_play_for must be 0 or more and at most the first prize left (no amount is left to play for in a satellite)",
        )
    };
    // Checked before anything is read: a negative amount is refused even when there is no
    // deal to quote yet.
    if q.to_play_for < 0 {
        return Err(refused());
    }
    let quotes = readable(&state, &headers, id).await?.view.deal_quotes;
    let Some(quotes) = quotes else {
        return Ok(Json(None));
    };
    match quotes.leaving(Cents(q.to_play_for)) {
        Some(q) => Ok(Json(Some(q))),
        None => Err(refused()),
    }
}

/// The blind structure.
#[utoipa::path(get, path = "/api/v1/tournaments/{id}/structure", tag = "tournaments",
    params(("id" = i64, Path, description = "Tournament id")),
    responses((status = 200, body = Structure),
        (status = 400, body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "A Bearer token was sent and is not valid", body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json")))]
pub async fn structure(
    State(state): State<AppState>,
    headers: HeaderMap,
    PathParams(id): PathParams<i64>,
) -> ApiResult<Json<Structure>> {
    readable(&state, &headers, id).await?;
    let snap = reads::snapshot(&state.app, id)?;
    let cfg = snap
        .state
        .config()
        .ok_or_else(|| Problem::not_found("configured tournament"))?;
    Ok(Json(Structure {
        levels: cfg.levels.clone(),
        ante_kind: cfg.ante_kind,
    }))
}

/// The event log (director or read token): every outcome, in order.
#[utoipa::path(get, path = "/api/v1/tournaments/{id}/events", tag = "tournaments",
    params(("id" = i64, Path, description = "Tournament id"), After),
    responses((status = 200, body = Vec<LoggedEvent>),
        (status = 400, body = Problem, content_type = "application/problem+json"),
        (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 403, body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json")))]
pub async fn events(
    State(state): State<AppState>,
    headers: HeaderMap,
    PathParams(id): PathParams<i64>,
    QueryParams(q): QueryParams<After>,
) -> ApiResult<Json<Vec<LoggedEvent>>> {
    let credentials = crate::server::http::credentials::from_headers(&headers);
    // Who asks, and whether the tournament exists, before what is wrong with the question.
    let log = reads::open_log(&state.app, &credentials, id).await?;
    let after = u64::try_from(q.after)
        .map_err(|_| Problem::bad_request("INVALID_QUERY", "after must be 0 or more"))?;
    let events = log.after(after).await?;
    Ok(Json(
        events
            .into_iter()
            .map(|e| LoggedEvent {
                seq: e.seq,
                at: e.at,
                tapped_at: e.tapped_at,
                actor: e.actor,
                event: e.event,
            })
            .collect(),
    ))
}
