//! Server functions the pages call: thin adapters over the application layer
//! (`server::application`), which resolves the tournament and the caller, asks the role
//! policy and submits; here only the page's arguments are read and the refusal is put in
//! the page's shape. The rules live in `domain`, persistence and roles in `server`.

pub mod club;

use crate::domain::command::Command;
use leptos::prelude::*;
use leptos::server_fn::codec::Json;
use serde::{Deserialize, Serialize};

mod player_link;
pub use player_link::*;
mod receipts;
pub use receipts::*;
mod seat_cards;
pub use seat_cards::*;
mod sign_up;
pub use sign_up::*;

pub use crate::protocol::{CommandReply, LiveView, Refused};

/// A table's pairing link and QR code, for the director's QR sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableLink {
    pub table: u16,
    /// Path with the tournament and the table's key, e.g. `/table/3?t=1&key=…` (the key comes
    /// last: it is what a person copies).
    pub path: String,
    /// Where the table's device reaches the server, e.g. `http://192.168.1.20:3000`.
    pub base: String,
    /// `base` is plain http to another machine: not a secure context for the device's browser
    /// (only this machine's own names are).
    pub plain_http: bool,
    /// The QR code of the full address, as SVG markup made on the server.
    pub qr_svg: String,
}

/// The answer to a sign-in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LoginReply {
    SignedIn,
    WrongPin,
    Locked {
        seconds: u64,
    },
    /// Too many sign-ins are being checked at this moment (a flood): this one was not.
    Busy,
}

#[cfg(feature = "ssr")]
pub(crate) mod ssr {
    use crate::server::app_state::AppState;
    use crate::server::application::{self, Credentials, Refusal};
    use axum::http::HeaderMap;
    use leptos::prelude::*;

    /// The application state from the request's context.
    pub fn state() -> Result<AppState, ServerFnError> {
        use_context::<AppState>().ok_or_else(|| ServerFnError::new("INTERNAL"))
    }

    /// A refusal as a server function's error: its stable code (`serve::server_fn_status`
    /// gives it its HTTP status).
    pub fn refused(r: Refusal) -> ServerFnError {
        ServerFnError::new(r.code())
    }

    /// An application answer as a form's server function gives it: a refusal the person can
    /// act on (a name taken, a field out of range) is the form's answer, next to its control;
    /// a missing or wrong credential and the server's own failures are errors (the page
    /// leads to the PIN form, or says the server failed).
    pub fn answer<T>(
        result: Result<T, Refusal>,
    ) -> Result<Result<T, crate::protocol::Refused>, ServerFnError> {
        match result.map_err(Refusal::for_pages) {
            Ok(value) => Ok(Ok(value)),
            Err(
                refusal @ (Refusal::Internal(_)
                | Refusal::DiskFull
                | Refusal::Unauthenticated
                | Refusal::Forbidden),
            ) => Err(refused(refusal)),
            Err(refusal) => Ok(Err(crate::protocol::Refused::from(&refusal))),
        }
    }

    /// An application answer for a server function with no refusal of its own (a list, a
    /// read): every refusal is the function's error, by its code.
    pub fn plain<T>(result: Result<T, Refusal>) -> Result<T, ServerFnError> {
        result.map_err(|r| refused(r.for_pages()))
    }

    /// An executed command's answer as a page gets it: accepted, or refused with its code
    /// next to the control; a failure of the server itself is an error, never a refusal, so
    /// the device's outbox keeps the tap and sends it again (a full disk says why in its code).
    pub fn command_reply(
        result: Result<crate::server::application::Executed, Refusal>,
    ) -> Result<crate::protocol::CommandReply, ServerFnError> {
        use crate::protocol::{CommandReply, Refused};
        match result {
            Ok(done) => Ok(CommandReply::Accepted {
                last_seq: done.last_seq,
            }),
            Err(refusal @ (Refusal::Internal(_) | Refusal::DiskFull)) => Err(refused(refusal)),
            Err(refusal) => Ok(CommandReply::Rejected(Refused::from(&refusal))),
        }
    }

    /// A phone's command whose token is its credential (a sign-up place, a personal link):
    /// `credentials` carry the token over the request's own; no tap times; the page's answer.
    pub async fn execute_for_phone(
        state: &AppState,
        token: Credentials,
        tournament: i64,
        command_id: &str,
        command: &crate::domain::command::Command,
        origin: &str,
    ) -> Result<crate::protocol::CommandReply, ServerFnError> {
        let credentials = Credentials {
            sign_up_token: token.sign_up_token,
            player_token: token.player_token,
            ..credentials(None).await
        };
        command_reply(
            application::execute(
                &state.app,
                &credentials,
                Some(tournament),
                command_id,
                command,
                origin,
                application::TapTimes::default(),
            )
            .await,
        )
    }

    /// The director's session token from the request's cookies.
    pub async fn session_token() -> Option<String> {
        let headers: HeaderMap = leptos_axum::extract().await.ok()?;
        crate::server::auth::session_token(&headers)
    }

    /// The page's credentials: the director's session cookie, and the table's key when the
    /// page is a paired table's (pages send no API token).
    pub async fn credentials(table_key: Option<String>) -> Credentials {
        Credentials {
            bearer: None,
            session: session_token().await,
            table_key,
            sign_up_token: None,
            player_token: None,
            address: address().await,
        }
    }

    /// The address this request came from (the sign-up's rate limit counts by it).
    pub async fn address() -> Option<std::net::IpAddr> {
        leptos_axum::extract::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
            .await
            .ok()
            .map(|c| c.0.ip())
    }

    /// The tournament a request is about: the one the page chose (`?t=`), else the club's
    /// default (`application::default_tournament`).
    pub async fn chosen(tournament: Option<i64>) -> Result<Option<i64>, ServerFnError> {
        application::chosen_tournament(&state()?.app, tournament)
            .await
            .map_err(refused)
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

    /// Refuses anyone but the director: the application layer's one director-only check,
    /// on the page's session. A page has no credential to send but the director's session,
    /// so whoever else calls is refused as forbidden (403 `UNAUTHORIZED`), like the director's
    /// exports and backups.
    pub async fn require_director() -> Result<(), ServerFnError> {
        application::require_director(&state()?.app, &credentials(None).await)
            .await
            .map_err(|r| refused(r.for_pages()))
    }
}

/// A tournament's view at this instant: the chosen one, else the club's default (the newest
/// not archived); `None` when there is none.
#[server(endpoint = "get_view")]
pub async fn get_view(tournament: Option<i64>) -> Result<Option<LiveView>, ServerFnError> {
    face_view(tournament, ()).await
}

/// One face's view of a tournament at this instant (the chosen one, else the club's
/// default), as a page renders it on the server; `None` when there is none, or when `key`
/// names nobody in it. The browser fetches the same from `GET /view/…`.
#[cfg(feature = "ssr")]
pub async fn face_view<V: crate::domain::read::faces::FaceView>(
    tournament: Option<i64>,
    key: V::Key,
) -> Result<Option<LiveView<V>>, ServerFnError> {
    use crate::server::application::{reads, Refusal};
    let Some(tournament) = ssr::chosen(tournament).await? else {
        return Ok(None);
    };
    let cached = match reads::view(&ssr::state()?.app, tournament).await {
        Ok(v) => v,
        Err(Refusal::NotFound(_)) => return Ok(None),
        Err(refusal) => return Err(ssr::refused(refusal)),
    };
    Ok(reads::face::<V>(&cached, key))
}

/// Whether `key` is table `table`'s key in the tournament (the default one when `None`): a
/// table page opened without it, or with a key replaced by a new code, shows itself
/// read-only and asks for the table's QR code instead of failing at every tap.
#[server(endpoint = "table_key_valid")]
pub async fn table_key_valid(
    tournament: Option<i64>,
    table: u16,
    key: String,
) -> Result<bool, ServerFnError> {
    use crate::server::application::access::is_table_key;
    let state = ssr::state()?;
    let Some(tournament) = ssr::chosen(tournament).await? else {
        return Ok(false);
    };
    Ok(is_table_key(
        &state.app,
        tournament,
        crate::domain::ids::TableNo(table),
        &key,
    )
    .await)
}

/// The configuration of a tournament (the default one when `None`): what the director's
/// settings and structure editor start from. Director only, like every setting.
#[server(endpoint = "get_config")]
pub async fn get_config(
    tournament: Option<i64>,
) -> Result<Option<crate::domain::config::Config>, ServerFnError> {
    use crate::server::application::reads;
    let credentials = ssr::credentials(None).await;
    ssr::plain(reads::config(&ssr::state()?.app, &credentials, tournament).await)
}

/// Sends one command to a tournament (the default one when `tournament` is `None`), as the
/// director (session cookie) or as a table (its key). `command_id` is made by the page, so a
/// retry after a lost answer is harmless: the server returns the first answer and never
/// applies twice. `tapped_at` is when the person tapped (the device's outbox may deliver it
/// later) and `sent_at` when this try left, both by the device's clock: the log keeps the tap
/// time on the server's clock.
#[server(endpoint = "send_command", input = Json)]
pub async fn send_command(
    command_id: String,
    command: Command,
    table_key: Option<String>,
    tournament: Option<i64>,
    #[server(default)] tapped_at: Option<i64>,
    #[server(default)] sent_at: Option<i64>,
) -> Result<CommandReply, ServerFnError> {
    use crate::server::application::{execute, TapTimes};
    let state = ssr::state()?;
    let credentials = ssr::credentials(table_key).await;
    ssr::command_reply(
        execute(
            &state.app,
            &credentials,
            tournament,
            &command_id,
            &command,
            "",
            TapTimes { tapped_at, sent_at },
        )
        .await,
    )
}

/// Opens a new, empty tournament (director only; anyone else is refused with
/// `UNAUTHENTICATED`) and returns its id (`None` for an empty or overlong name); its configuration
/// follows as a `CreateTournament` command sent to that id. The newest tournament not
/// archived is the one the faces show without `?t=`.
#[server(endpoint = "create_tournament")]
pub async fn create_tournament(name: String) -> Result<Option<i64>, ServerFnError> {
    use crate::server::application::create_empty;
    let credentials = ssr::credentials(None).await;
    ssr::plain(create_empty(&ssr::state()?.app, &credentials, &name).await)
}

/// Signs the director in with the PIN; sets an HttpOnly, SameSite=Strict session cookie.
#[server(endpoint = "director_login")]
pub async fn director_login(pin: String) -> Result<LoginReply, ServerFnError> {
    use crate::server::application::access::{sign_in, SignIn};
    use crate::server::auth::{SESSION_COOKIE, SESSION_HOURS};
    use std::net::{IpAddr, Ipv4Addr};
    let address = ssr::address()
        .await
        .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
    match ssr::plain(sign_in(&ssr::state()?.app, address, &pin).await)? {
        SignIn::SignedIn { session } => {
            let response = expect_context::<leptos_axum::ResponseOptions>();
            let cookie = format!(
                "{SESSION_COOKIE}={session}; Path=/; HttpOnly; SameSite=Strict; Max-Age={}",
                SESSION_HOURS * 3600
            );
            if let Ok(value) = axum::http::HeaderValue::from_str(&cookie) {
                response.insert_header(axum::http::header::SET_COOKIE, value);
            }
            Ok(LoginReply::SignedIn)
        }
        SignIn::WrongPin => Ok(LoginReply::WrongPin),
        SignIn::Locked { seconds } => Ok(LoginReply::Locked { seconds }),
        SignIn::Busy => Ok(LoginReply::Busy),
    }
}

/// Ends the director's session on this device.
#[server(endpoint = "director_logout")]
pub async fn director_logout() -> Result<(), ServerFnError> {
    use crate::server::application::access::sign_out;
    sign_out(&ssr::state()?.app, &ssr::credentials(None).await).await;
    clear_session_cookie();
    Ok(())
}

/// Ends every director session, on every device (a tablet left signed in, a PIN seen over a
/// shoulder); director only. Returns how many sessions ended, this one included.
#[server(endpoint = "director_logout_everywhere")]
pub async fn director_logout_everywhere() -> Result<u64, ServerFnError> {
    use crate::server::application::access::sign_out_everywhere;
    let credentials = ssr::credentials(None).await;
    let ended = ssr::plain(sign_out_everywhere(&ssr::state()?.app, &credentials).await)?;
    clear_session_cookie();
    Ok(ended)
}

#[cfg(feature = "ssr")]
fn clear_session_cookie() {
    let response = expect_context::<leptos_axum::ResponseOptions>();
    let cookie = format!(
        "{}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0",
        crate::server::auth::SESSION_COOKIE
    );
    if let Ok(value) = axum::http::HeaderValue::from_str(&cookie) {
        response.insert_header(axum::http::header::SET_COOKIE, value);
    }
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
    use crate::server::application::links::table_keys;
    let app = ssr::state()?.app;
    let credentials = ssr::credentials(None).await;
    let keys = table_keys(&app, &credentials, tournament, reissue.map(TableNo)).await;
    let Some((tournament, keys)) = ssr::plain(keys)? else {
        return Ok(Vec::new());
    };
    let host = ssr::host().await;
    let mut links = Vec::new();
    for (table, key) in keys {
        let table = &table;
        let path = format!("/table/{}?t={tournament}&key={key}", table.0);
        let base = format!("http://{host}");
        let plain_http = !crate::server::lan::is_loopback_host(&host);
        let qr_svg = ssr::qr_svg(&format!("{base}{path}"));
        links.push(TableLink {
            table: table.0,
            path,
            base,
            plain_http,
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
/// A refused answer comes back as what a page says of it (`RulingError::message`: the key of
/// its words, e.g. `RULING_ABOVE_MAXIMUM`, with the numbers).
#[server(endpoint = "ruling_step", input = Json)]
pub async fn ruling_step(
    flow: String,
    answers: Vec<crate::domain::rulings::Answer>,
) -> Result<Result<crate::domain::rulings::FlowState, Refused>, ServerFnError> {
    Ok(
        crate::domain::rulings::replay(&flow, &answers).map_err(|e| {
            let (key, params) = e.message();
            Refused {
                code: key.to_string(),
                params,
            }
        }),
    )
}
