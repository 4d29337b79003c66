//! Server functions the pages call: thin by design (authorize → load → decide → commit →
//! broadcast → answer); the rules live in `domain`, persistence and roles in `server`.

pub mod club;

use crate::domain::command::Command;
use crate::domain::view::TournamentView;
use leptos::prelude::*;
use leptos::server_fn::codec::Json;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

mod player_link;
pub use player_link::*;
mod receipts;
pub use receipts::*;

/// The answer to a command, as a page sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CommandReply {
    /// Recorded durably; the tournament is now at event `last_seq`.
    Accepted { last_seq: u64 },
    /// Refused: a stable code and its parameters, for the page to translate.
    Rejected {
        code: String,
        params: BTreeMap<String, String>,
    },
}

impl CommandReply {
    #[cfg(feature = "ssr")]
    fn refused(code: &str) -> CommandReply {
        CommandReply::Rejected {
            code: code.to_string(),
            params: BTreeMap::new(),
        }
    }
}

/// The tournament the faces show, with its id (for the live stream).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveView {
    pub tournament: i64,
    pub last_seq: u64,
    pub view: TournamentView,
}

/// A table's pairing link and QR code, for the director's QR sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableLink {
    pub table: u16,
    /// Path with the tournament and the table's key, e.g. `/table/3?t=1&key=…` (the key comes
    /// last: it is what a person copies).
    pub path: String,
    /// The QR code of the full address, as SVG markup made on the server.
    pub qr_svg: String,
}

/// The answer to a sign-in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LoginReply {
    SignedIn,
    WrongPin,
    Locked { seconds: u64 },
}

#[cfg(feature = "ssr")]
pub(crate) mod ssr {
    use crate::server::auth::{Auth, Role};
    use crate::server::engine::Engine;
    use crate::server::state::AppState;
    use axum::http::HeaderMap;
    use leptos::prelude::*;
    use std::sync::Arc;

    /// The application state from the request's context.
    pub fn state() -> Result<AppState, ServerFnError> {
        use_context::<AppState>().ok_or_else(|| ServerFnError::new("INTERNAL"))
    }

    /// The engine from the request's state.
    pub fn engine() -> Result<Arc<Engine>, ServerFnError> {
        state().map(|s| s.engine)
    }

    /// The auth authority from the request's state.
    pub fn auth() -> Result<Arc<Auth>, ServerFnError> {
        state().map(|s| s.auth)
    }

    /// Logs an internal failure with an id and returns only `INTERNAL` to the page.
    pub fn internal(e: impl std::fmt::Display) -> ServerFnError {
        let id = uuid::Uuid::new_v4();
        tracing::error!(error_id = %id, "{e}");
        ServerFnError::new("INTERNAL")
    }

    /// The director's session token from the request's cookies.
    pub async fn session_token() -> Option<String> {
        let headers: HeaderMap = leptos_axum::extract().await.ok()?;
        crate::server::auth::session_token(&headers)
    }

    /// The tournament a request is about: the one the page chose (`?t=`), else the club's
    /// default, the newest one not archived.
    pub async fn chosen(tournament: Option<i64>) -> Result<Option<i64>, ServerFnError> {
        match tournament {
            Some(t) => Ok(Some(t)),
            None => crate::server::club::tournaments::newest_active(engine()?.store().pool())
                .await
                .map_err(internal),
        }
    }

    /// The address (`host:port`) for links a phone will open: the one this request came to,
    /// or the local network's when the director is on the server machine itself.
    pub async fn host() -> String {
        let headers: HeaderMap = leptos_axum::extract().await.unwrap_or_default();
        let lan = state().ok().and_then(|s| s.lan);
        crate::server::lan::host_for_phones(
            headers
                .get(axum::http::header::HOST)
                .and_then(|h| h.to_str().ok()),
            lan,
        )
    }

    /// The QR code of an address, as SVG markup (empty if the address is too long for one).
    pub fn qr_svg(url: &str) -> String {
        qrcode::QrCode::new(url.as_bytes())
            .map(|code| {
                code.render::<qrcode::render::svg::Color>()
                    .min_dimensions(180, 180)
                    .build()
            })
            .unwrap_or_default()
    }

    /// Is the request signed in as the director?
    pub async fn is_director() -> Result<bool, ServerFnError> {
        Ok(match session_token().await {
            Some(token) => auth()?.session_valid(&token).await,
            None => false,
        })
    }

    /// Refuses anyone but the director (answered as 403 by `serve::server_fn_status`).
    pub async fn require_director() -> Result<(), ServerFnError> {
        if is_director().await? {
            Ok(())
        } else {
            Err(ServerFnError::new("UNAUTHORIZED"))
        }
    }

    /// The role of the request: a director session, else the table whose key was sent.
    pub async fn role(tournament: i64, table_key: Option<&str>) -> Result<Role, ServerFnError> {
        if is_director().await? {
            return Ok(Role::Director);
        }
        if let Some(key) = table_key {
            if let Some(table) = auth()?.table_of_key(tournament, key).await {
                return Ok(Role::Table(table));
            }
        }
        Ok(Role::Public)
    }
}

/// A tournament's view at this instant: the chosen one, else the club's default (the newest
/// not archived); `None` when there is none.
#[server(endpoint = "get_view")]
pub async fn get_view(tournament: Option<i64>) -> Result<Option<LiveView>, ServerFnError> {
    use crate::server::engine::EngineError;
    let engine = ssr::engine()?;
    let Some(tournament) = ssr::chosen(tournament).await? else {
        return Ok(None);
    };
    let cached = match engine.view(tournament) {
        Ok(v) => v,
        Err(EngineError::UnknownTournament(_)) => return Ok(None),
        Err(e) => return Err(ssr::internal(e)),
    };
    Ok(cached.view.as_ref().map(|view| LiveView {
        tournament,
        last_seq: cached.last_seq,
        view: (**view).clone(),
    }))
}

/// The configuration of a tournament (the default one when `None`): what the director's
/// settings and structure editor start from. Director only, like every setting.
#[server(endpoint = "get_config")]
pub async fn get_config(
    tournament: Option<i64>,
) -> Result<Option<crate::domain::config::Config>, ServerFnError> {
    let engine = ssr::engine()?;
    if !ssr::is_director().await? {
        return Err(ServerFnError::new("UNAUTHORIZED"));
    }
    let Some(tournament) = ssr::chosen(tournament).await? else {
        return Ok(None);
    };
    Ok(engine
        .snapshot(tournament)
        .ok()
        .and_then(|s| s.state.config.clone()))
}

/// Sends one command to a tournament (the default one when `tournament` is `None`), as the
/// director (session cookie) or as a table (its key). `command_id` is made by the page, so a
/// retry after a lost answer is harmless: the server returns the first answer and never
/// applies twice.
#[server(endpoint = "send_command", input = Json)]
pub async fn send_command(
    command_id: String,
    command: Command,
    table_key: Option<String>,
    tournament: Option<i64>,
) -> Result<CommandReply, ServerFnError> {
    use crate::server::engine::{EngineError, Reply};
    use crate::server::store::Origin;
    let engine = ssr::engine()?;
    let Some(tournament) = ssr::chosen(tournament).await? else {
        return Ok(CommandReply::refused("NOT_CREATED"));
    };
    if !engine.tournament_ids().contains(&tournament) {
        return Ok(CommandReply::refused("NOT_CREATED"));
    }
    let role = ssr::role(tournament, table_key.as_deref()).await?;
    if !role.may(&command) {
        return Ok(CommandReply::refused("UNAUTHORIZED"));
    }
    let origin = Origin {
        actor: role.actor(),
        device: String::new(),
    };
    let may_now = |state: &crate::domain::Tournament| role.may_now(&command, state);
    match engine
        .submit_if(tournament, &command_id, &command, &origin, may_now)
        .await
    {
        Ok(Reply::Accepted { last, .. }) => {
            crate::server::club::link_after(&engine, tournament, &command).await;
            Ok(CommandReply::Accepted { last_seq: last })
        }
        Ok(Reply::Rejected(e)) => Ok(CommandReply::Rejected {
            code: e.code().to_string(),
            params: e
                .params()
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
        }),
        Err(EngineError::Forbidden) => Ok(CommandReply::refused("UNAUTHORIZED")),
        Err(EngineError::InvalidCommandId) => Ok(CommandReply::Rejected {
            code: "INVALID_AMOUNT".into(),
            params: BTreeMap::from([("field".to_string(), "command_id".to_string())]),
        }),
        Err(e) => Err(ssr::internal(e)),
    }
}

/// Opens a new, empty tournament (director only; anyone else is refused with
/// `UNAUTHORIZED`) and returns its id (`None` for an empty or overlong name); its configuration
/// follows as a `CreateTournament` command sent to that id. The newest tournament not
/// archived is the one the faces show without `?t=`.
#[server(endpoint = "create_tournament")]
pub async fn create_tournament(name: String) -> Result<Option<i64>, ServerFnError> {
    let engine = ssr::engine()?;
    if !ssr::is_director().await? {
        return Err(ServerFnError::new("UNAUTHORIZED"));
    }
    if name.trim().is_empty() || name.len() > 200 {
        return Ok(None);
    }
    engine
        .create(name.trim())
        .await
        .map(Some)
        .map_err(ssr::internal)
}

/// Signs the director in with the PIN; sets an HttpOnly, SameSite=Strict session cookie.
#[server(endpoint = "director_login")]
pub async fn director_login(pin: String) -> Result<LoginReply, ServerFnError> {
    use crate::server::auth::{LoginError, SESSION_COOKIE, SESSION_HOURS};
    use axum::extract::ConnectInfo;
    use std::net::{IpAddr, Ipv4Addr, SocketAddr};
    let auth = ssr::auth()?;
    let ip = leptos_axum::extract::<ConnectInfo<SocketAddr>>()
        .await
        .map(|c| c.0.ip())
        .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
    match auth.login(ip, pin.trim()).await {
        Ok(token) => {
            let response = expect_context::<leptos_axum::ResponseOptions>();
            let cookie = format!(
                "{SESSION_COOKIE}={token}; Path=/; HttpOnly; SameSite=Strict; Max-Age={}",
                SESSION_HOURS * 3600
            );
            if let Ok(value) = axum::http::HeaderValue::from_str(&cookie) {
                response.insert_header(axum::http::header::SET_COOKIE, value);
            }
            Ok(LoginReply::SignedIn)
        }
        Err(LoginError::WrongPin) => Ok(LoginReply::WrongPin),
        Err(LoginError::Locked { seconds }) => Ok(LoginReply::Locked { seconds }),
        Err(LoginError::Storage) => Err(ssr::internal("login storage")),
    }
}

/// Ends the director's session on this device.
#[server(endpoint = "director_logout")]
pub async fn director_logout() -> Result<(), ServerFnError> {
    if let Some(token) = ssr::session_token().await {
        ssr::auth()?.logout(&token).await;
    }
    let response = expect_context::<leptos_axum::ResponseOptions>();
    let cookie = format!(
        "{}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0",
        crate::server::auth::SESSION_COOKIE
    );
    if let Ok(value) = axum::http::HeaderValue::from_str(&cookie) {
        response.insert_header(axum::http::header::SET_COOKIE, value);
    }
    Ok(())
}

/// The pairing links and QR codes of every open table of a tournament (the default one when
/// `None`; director only). `reissue` makes a new key for that table first: its old QR code
/// stops working. Each link names its tournament (`&t=`), since a key is only good there.
#[server(endpoint = "table_links")]
pub async fn table_links(
    reissue: Option<u16>,
    tournament: Option<i64>,
) -> Result<Vec<TableLink>, ServerFnError> {
    use crate::domain::ids::TableNo;
    use crate::server::auth::Role;
    let engine = ssr::engine()?;
    let auth = ssr::auth()?;
    let Some(tournament) = ssr::chosen(tournament).await? else {
        return Ok(Vec::new());
    };
    if ssr::role(tournament, None).await? != Role::Director {
        return Err(ServerFnError::new("UNAUTHORIZED"));
    }
    if !engine.tournament_ids().contains(&tournament) {
        return Ok(Vec::new());
    }
    if let Some(t) = reissue {
        auth.reissue_table_key(tournament, TableNo(t))
            .await
            .map_err(ssr::internal)?;
    }
    let host = ssr::host().await;
    let snap = engine.snapshot(tournament).map_err(ssr::internal)?;
    let mut links = Vec::new();
    for (table, tb) in &snap.state.tables {
        if !tb.open {
            continue;
        }
        let key = auth
            .table_key(tournament, *table)
            .await
            .map_err(ssr::internal)?;
        let path = format!("/table/{}?t={tournament}&key={key}", table.0);
        let qr_svg = ssr::qr_svg(&format!("http://{host}{path}"));
        links.push(TableLink {
            table: table.0,
            path,
            qr_svg,
        });
    }
    Ok(links)
}

/// The guided flows for self-deal mistakes (SPEC §5), for the "call the director" menu.
#[server(endpoint = "ruling_situations")]
pub async fn ruling_situations(
) -> Result<Vec<crate::domain::rulings::SituationSummary>, ServerFnError> {
    Ok(crate::domain::rulings::situations())
}

/// One step of a guided flow: the answers so far give the next question or the ruling.
/// A refused answer comes back as its stable code (e.g. `RULING_OUT_OF_RANGE`).
#[server(endpoint = "ruling_step", input = Json)]
pub async fn ruling_step(
    flow: String,
    answers: Vec<crate::domain::rulings::Answer>,
) -> Result<Result<crate::domain::rulings::FlowState, String>, ServerFnError> {
    Ok(crate::domain::rulings::replay(&flow, &answers).map_err(|e| e.code().to_string()))
}

/// The server's clock in milliseconds, so a page can count down in step with it.
#[server(endpoint = "server_time")]
pub async fn server_time() -> Result<i64, ServerFnError> {
    Ok(crate::server::engine::now().0)
}
