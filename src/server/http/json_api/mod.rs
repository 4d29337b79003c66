//! `/api/v1`: a versioned JSON API for club websites and integrations (issue H), on the same
//! application layer as the pages (engine, roles, rules; no second copy of any check). The
//! OpenAPI 3 document is generated from this code and served at `/api/v1/openapi.json`, with
//! a readable reference at `/api/v1/docs` made by the server itself (no CDN).

// A `Problem` is the body of a refused request, built at most once per request: boxing it
// would only add an allocation to every refusal.
#![allow(clippy::result_large_err)]

mod club;
mod extract;
pub(crate) mod problem;
mod reference;
mod rules;
mod tokens;
mod tournaments;

pub use problem::Problem;

use crate::server::app_state::AppState;
use axum::extract::DefaultBodyLimit;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::Router;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

/// The API's description, generated from the handlers and the domain types.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "clubtd API",
        version = "1",
        description = "Live tournaments of a self-dealing poker club: tournaments, registrations, busts, the clock, tables and balancing, payouts and bounties, deals, the rule calculators and the guided rulings. Every refusal is an RFC 9457 problem (application/problem+json) with a stable `code` and its `params`. Commands carry a client-made `command_id`: the same id twice returns the first answer and never applies twice."
    ),
    paths(
        tournaments::list, tournaments::create, tournaments::read, tournaments::archive,
        tournaments::publish, tournaments::command, tournaments::sign_up, tournaments::clock, tournaments::payouts,
        tournaments::standings, tournaments::players, tournaments::bounties, tournaments::tables,
        tournaments::deal_quotes, tournaments::structure, tournaments::events, crate::server::http::live::live,
        rules::ante, rules::put_in, rules::raise_rights, rules::unattention, rules::chip_race,
        rules::cancelled_hand, rules::situations, rules::flow,
        tokens::create, tokens::list, tokens::revoke, club::ranking,
    ),
    components(schemas(Problem)),
    modifiers(&Security, &BodyRefusals),
    tags(
        (name = "tournaments", description = "Tournaments and what they show"),
        (name = "commands", description = "Everything that changes a tournament"),
        (name = "calculators", description = "The rule calculators, as pure operations"),
        (name = "rulings", description = "The guided flows for self-deal mistakes"),
        (name = "tokens", description = "API tokens for websites and integrations"),
        (name = "club", description = "The club beyond one tournament: the season ranking"),
        (name = "live", description = "The live stream of changes"),
    )
)]
pub struct ApiDoc;

/// The three credentials, as the document declares them.
struct Security;

impl Modify for Security {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "token",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
        components.add_security_scheme(
            "table_key",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new("X-Table-Key"))),
        );
        components.add_security_scheme(
            "director_session",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new(
                crate::server::auth::SESSION_COOKIE,
            ))),
        );
        let any: Vec<utoipa::openapi::security::SecurityRequirement> = vec![
            Default::default(),
            utoipa::openapi::security::SecurityRequirement::new("token", Vec::<String>::new()),
            utoipa::openapi::security::SecurityRequirement::new("table_key", Vec::<String>::new()),
            utoipa::openapi::security::SecurityRequirement::new(
                "director_session",
                Vec::<String>::new(),
            ),
        ];
        openapi.security = Some(any);
    }
}

/// Every operation with a body may also answer 413 (too large) and 415 (not JSON): added
/// here once rather than on each handler.
struct BodyRefusals;

impl Modify for BodyRefusals {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::{ContentBuilder, RefOr, ResponseBuilder};
        let problem = || {
            ContentBuilder::new()
                .schema(Some(utoipa::openapi::Ref::from_schema_name("Problem")))
                .build()
        };
        for item in openapi.paths.paths.values_mut() {
            for op in [item.post.as_mut(), item.put.as_mut(), item.patch.as_mut()]
                .into_iter()
                .flatten()
            {
                if op.request_body.is_none() {
                    continue;
                }
                for (status, text) in [
                    ("413", "The body is larger than 256 KiB"),
                    ("415", "The body is not declared as application/json"),
                ] {
                    op.responses.responses.insert(
                        status.to_string(),
                        RefOr::T(
                            ResponseBuilder::new()
                                .description(text)
                                .content("application/problem+json", problem())
                                .build(),
                        ),
                    );
                }
            }
        }
    }
}

/// The document as JSON.
pub fn document() -> String {
    ApiDoc::openapi().to_json().unwrap_or_default()
}

async fn openapi_json() -> Response {
    (
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        document(),
    )
        .into_response()
}

async fn docs() -> Html<String> {
    Html(reference::page(&ApiDoc::openapi()))
}

async fn unknown() -> Problem {
    Problem::not_found("operation")
}

/// The API's routes (mounted at the root: every path starts with `/api/v1`).
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/v1/openapi.json", get(openapi_json))
        .route("/api/v1/docs", get(docs))
        .route(
            "/api/v1/tournaments",
            get(tournaments::list).post(tournaments::create),
        )
        .route("/api/v1/tournaments/{id}", get(tournaments::read))
        .route(
            "/api/v1/tournaments/{id}/archived",
            put(tournaments::archive),
        )
        .route("/api/v1/tournaments/{id}/public", put(tournaments::publish))
        .route(
            "/api/v1/tournaments/{id}/commands",
            post(tournaments::command),
        )
        .route(
            "/api/v1/tournaments/{id}/sign-ups",
            post(tournaments::sign_up),
        )
        .route("/api/v1/tournaments/{id}/clock", get(tournaments::clock))
        .route(
            "/api/v1/tournaments/{id}/payouts",
            get(tournaments::payouts),
        )
        .route(
            "/api/v1/tournaments/{id}/standings",
            get(tournaments::standings),
        )
        .route(
            "/api/v1/tournaments/{id}/players",
            get(tournaments::players),
        )
        .route(
            "/api/v1/tournaments/{id}/bounties",
            get(tournaments::bounties),
        )
        .route("/api/v1/tournaments/{id}/tables", get(tournaments::tables))
        .route(
            "/api/v1/tournaments/{id}/deal-quotes",
            get(tournaments::deal_quotes),
        )
        .route(
            "/api/v1/tournaments/{id}/structure",
            get(tournaments::structure),
        )
        .route("/api/v1/tournaments/{id}/events", get(tournaments::events))
        .route("/api/v1/calculators/ante", post(rules::ante))
        .route("/api/v1/calculators/put-in", post(rules::put_in))
        .route(
            "/api/v1/calculators/raise-rights",
            post(rules::raise_rights),
        )
        .route(
            "/api/v1/calculators/unattention-bet",
            post(rules::unattention),
        )
        .route("/api/v1/calculators/chip-race", post(rules::chip_race))
        .route(
            "/api/v1/calculators/cancelled-hand",
            post(rules::cancelled_hand),
        )
        .route("/api/v1/rulings", get(rules::situations))
        .route("/api/v1/rulings/{flow}", post(rules::flow))
        .route("/api/v1/ranking", get(club::ranking))
        .route("/api/v1/tokens", get(tokens::list).post(tokens::create))
        .route("/api/v1/tokens/{id}", axum::routing::delete(tokens::revoke))
        .route("/api/v1/{*rest}", axum::routing::any(unknown))
        // Bodies are small (a configuration is a few KB): refuse anything bigger early.
        .layer(DefaultBodyLimit::max(256 * 1024))
}
