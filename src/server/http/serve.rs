//! HTTP wiring: the Leptos pages and server functions, the live stream, static files,
//! compression, and a graceful shutdown on Ctrl-C or SIGTERM.

use super::live::live;
use crate::app::{shell, App};
use crate::server::app_state::AppState;
use crate::server::auth::{Auth, PinAtStart};
use crate::server::demo::seed_if_empty;
use crate::server::engine::Engine;
use crate::server::store::Store;
use axum::routing::get;
use axum::Router;
use leptos::prelude::*;
use leptos_axum::{generate_route_list, LeptosRoutes};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use tower_http::compression::CompressionLayer;

/// The largest body a server function, a form or a JSON request may send (bytes).
pub const BODY_LIMIT: usize = 256 * 1024;

/// How the server is started.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    pub addr: SocketAddr,
    pub database: PathBuf,
    /// Create the demo tournament when the database is empty.
    pub demo: bool,
    /// Sets the director's PIN (kept hashed); without it the stored PIN stays, or one is
    /// made and printed on the first start.
    pub director_pin: Option<String>,
    /// Open the director's page in the default browser once listening (the one-file build).
    pub open_browser: bool,
    /// Anonymous sign-ups one address may make in ten minutes (the door's brake on a flood).
    pub sign_ups_per_address: usize,
    /// Names the server answers to besides its IP addresses, `localhost` and the machine's
    /// own name (a name the club gave it in its DNS, a reverse proxy's).
    pub allowed_hosts: Vec<String>,
}

/// Opens the database, replays every tournament and builds the router.
pub async fn build(
    config: &ServerConfig,
    leptos_options: LeptosOptions,
) -> Result<(Router, Arc<Engine>), Box<dyn std::error::Error>> {
    let store = Store::open(&config.database).await?;
    let auth = Arc::new(Auth::new(store.clone()));
    match auth.start_pin(config.director_pin.as_deref()).await? {
        PinAtStart::Generated(pin) => println!(
            "Director PIN (first start, keep it): {pin}   — change it with CLUBTD_DIRECTOR_PIN"
        ),
        PinAtStart::Changed { sessions, tokens } => tracing::warn!(
            sessions,
            api_tokens = tokens,
            "the director's PIN changed: every session and API token made under the old one ended"
        ),
        PinAtStart::Kept => {}
    }
    let locked = auth.restore_lockouts().await?;
    if locked > 0 {
        tracing::info!(
            addresses = locked,
            "sign-in failures and locks kept from before"
        );
    }
    spawn_pruning(auth.clone());
    let engine = Arc::new(Engine::open(store).await?);
    if config.demo {
        if let Some(id) = seed_if_empty(&engine).await? {
            tracing::info!(tournament = id, "demo tournament created");
        }
    }
    // Entries registered before the club database existed, or just before a crash.
    let linked = crate::server::club::catch_up(&engine).await?;
    if linked > 0 {
        tracing::info!(linked, "entries linked to club players");
    }
    let state = AppState {
        leptos_options: leptos_options.clone(),
        app: crate::server::application::Services::new(
            engine.clone(),
            auth,
            crate::server::api_tokens::Tokens::new(engine.store().clone()),
            crate::server::player_links::PlayerLinks::load(engine.store()).await?,
            crate::server::application::sign_up::SignUpLimiter::new(config.sign_ups_per_address),
            config.database.clone(),
        ),
        shared_views: Default::default(),
        lan: crate::server::lan::lan_address(config.addr),
    };
    crate::server::application::club::spawn_break_backups(state.app.clone());
    let routes = generate_route_list(App);
    let router = Router::new()
        .merge(super::json_api::router())
        .route("/live/{tournament}", get(live))
        .merge(super::shared_view::routes())
        .route(
            "/export/{tournament}/events.json",
            get(super::export::events_json),
        )
        .route(
            "/export/{tournament}/results.csv",
            get(super::export::results_csv),
        )
        .route("/backup", axum::routing::post(super::export::backup_now))
        .route("/manifest.webmanifest", get(super::installable::manifest))
        .route("/words/refusal/{code}", get(super::words::refusal))
        // The chimes through a file service of their own: Leptos' static-file handler passes
        // on only the path and Accept-Encoding, so a range request got the whole file with
        // 200, and Safari's media player (which asks for bytes 0–1 first) played nothing.
        .nest_service(
            "/sounds",
            tower_http::services::ServeDir::new(
                std::path::Path::new(&*leptos_options.site_root).join("sounds"),
            ),
        )
        // Reads its body itself, after the director's credentials, up to `IMPORT_LIMIT`.
        .route("/import", axum::routing::post(super::export::import_events))
        .leptos_routes(&state, routes, {
            let options = leptos_options.clone();
            move || shell(options.clone())
        })
        .fallback(leptos_axum::file_and_error_handler::<AppState, _>(shell))
        // Every other body is read by an extractor or a server function, which stop at this
        // limit (axum's default is 2 MB). The largest a page sends is a tournament's settings
        // (at most 200 levels, the payouts, the chips: tens of KB); /api/v1 has the same.
        .layer(axum::extract::DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn(
            super::pages_whole::render_pages_whole,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            super::director_guard::director_pages,
        ))
        .layer(axum::middleware::from_fn(server_fn_status))
        .layer(axum::middleware::from_fn(
            super::language::language_from_address,
        ))
        .layer(axum::middleware::from_fn(
            super::same_origin::same_origin_only,
        ))
        .layer(axum::middleware::from_fn_with_state(
            super::installable::build_hashes(
                &hash_file(&leptos_options),
                &std::path::Path::new(&*leptos_options.site_root)
                    .join(&*leptos_options.site_pkg_dir),
            ),
            super::installable::cache_headers,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            trust_the_director,
        ))
        .layer(axum::middleware::from_fn(super::connections::body_deadline))
        .layer(CompressionLayer::new())
        // Before anything reads or acts on the request (DNS rebinding).
        .layer(axum::middleware::from_fn_with_state(
            super::allowed_hosts::AllowedHosts::for_this_machine(&config.allowed_hosts),
            super::allowed_hosts::this_machine_only,
        ))
        // Outermost: every answer carries them, refusals and errors included.
        .layer(axum::middleware::from_fn_with_state(
            super::security_headers::SecurityHeaders::new(std::env::var("LEPTOS_WATCH").is_ok()),
            super::security_headers::security_headers,
        ))
        .with_state(state);
    Ok((router, engine))
}

/// Where cargo-leptos left the names of the files it named by their content: beside the
/// binary (as Leptos reads it for the pages' script tags).
pub fn hash_file(options: &LeptosOptions) -> PathBuf {
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|d| d.join(options.hash_file.as_ref())))
        .unwrap_or_default()
}

/// Middleware: a connection that carries the director's valid session or a valid API token
/// is marked trusted, so the connection keeper never closes it to make room (`connections::Connections::shed_one`).
/// Checked once per connection, only for requests that carry such a credential.
async fn trust_the_director(
    axum::extract::State(state): axum::extract::State<AppState>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    if let Some(slot) = req.extensions().get::<super::connections::ConnectionSlot>() {
        let credentials = crate::server::http::credentials::from_headers(req.headers());
        if !slot.trusted()
            && (credentials.session.is_some() || credentials.bearer.is_some())
            && crate::server::application::identify(&state.app, &credentials, None).await
                == crate::server::application::Caller::Director
        {
            slot.trust();
        }
    }
    next.run(req).await
}

/// Forgets expired sessions and quiet sign-in addresses, at start-up and every hour.
fn spawn_pruning(auth: Arc<Auth>) {
    tokio::spawn(async move {
        loop {
            match auth.prune().await {
                Ok(0) => {}
                Ok(n) => tracing::info!(sessions = n, "expired director sessions removed"),
                Err(e) => tracing::warn!("pruning sessions: {e}"),
            }
            tokio::time::sleep(std::time::Duration::from_secs(3600)).await;
        }
    });
}

/// Server functions answer every failure with 500 (server_fn's default), so a malformed
/// request from a page or a stranger looked like a server fault. A request the server could
/// not read is the client's (400; 413 over the body limit), a refused role is a refusal
/// (401 without a credential, 403 with one that may not), a missing thing 404, a full disk 507; only real
/// server failures (`INTERNAL`, serialization) stay 500.
async fn server_fn_status(
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::http::StatusCode;
    use axum::response::IntoResponse;
    let res = next.run(req).await;
    if res.status() != StatusCode::INTERNAL_SERVER_ERROR
        || !res.headers().contains_key("serverfnerror")
    {
        return res;
    }
    let (mut parts, body) = res.into_parts();
    // Error bodies are one short line ("Args|missing field `pin`").
    let Ok(bytes) = axum::body::to_bytes(body, 64 * 1024).await else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    let text = String::from_utf8_lossy(&bytes);
    let client_side = ["Args|", "Deserialization|", "MissingArg|", "Request|"]
        .iter()
        .any(|p| text.starts_with(p));
    parts.status = if client_side && text.contains("length limit exceeded") {
        StatusCode::PAYLOAD_TOO_LARGE
    } else if client_side {
        StatusCode::BAD_REQUEST
    } else if text == "ServerError|UNAUTHORIZED" {
        StatusCode::FORBIDDEN
    } else if text == "ServerError|UNAUTHENTICATED" {
        StatusCode::UNAUTHORIZED
    } else if text == "ServerError|NOT_FOUND" {
        StatusCode::NOT_FOUND
    } else if text == "ServerError|DISK_FULL" {
        StatusCode::INSUFFICIENT_STORAGE
    } else {
        StatusCode::INTERNAL_SERVER_ERROR
    };
    axum::response::Response::from_parts(parts, axum::body::Body::from(bytes))
}

/// Serves until Ctrl-C or SIGTERM, then lets open requests finish.
pub async fn run(
    config: ServerConfig,
    leptos_options: LeptosOptions,
) -> Result<(), Box<dyn std::error::Error>> {
    let (before, open_files) = super::connections::raise_open_files();
    let keeper = super::connections::Connections::new(
        super::connections::ConnectionLimits::for_open_files(open_files),
    );
    tracing::info!(
        before,
        open_files,
        connections = keeper.limits().connections,
        live_streams = keeper.limits().streams,
        "open-file limit and connection caps"
    );
    let listener = match tokio::net::TcpListener::bind(config.addr).await {
        Ok(l) => l,
        Err(e) if e.kind() == std::io::ErrorKind::AddrInUse => {
            return Err(port_taken(config.addr).into());
        }
        Err(e) => return Err(e.into()),
    };
    let (router, engine) = build(&config, leptos_options).await?;
    let addr = listener.local_addr()?;
    println!("Database: {}", config.database.display());
    print_faces(addr);
    if config.open_browser {
        open_director_page(addr);
    }
    keeper.serve(listener, router, shutdown_signal()).await;
    // Every acknowledged command is already on disk; closing folds the WAL into the database
    // file, so a copy of that one file taken now is the whole evening.
    engine.store().close().await;
    tracing::info!("stopped");
    println!("clubtd stopped.");
    Ok(())
}

/// What to say when the address is taken: most often clubtd itself, started twice.
fn port_taken(addr: SocketAddr) -> String {
    format!(
        "port {port} is already in use: is clubtd already running? Its director page is \
         http://localhost:{port}/director. To run a second one, start it with \
         --addr 0.0.0.0:{other}",
        port = addr.port(),
        other = addr.port().wrapping_add(100),
    )
}

/// The director's page in the default browser, on this machine's own address (the laptop
/// running clubtd is the director's, most evenings). A machine without a desktop says so in
/// the log and goes on.
fn open_director_page(addr: SocketAddr) {
    let url = format!("http://localhost:{}/director", addr.port());
    if let Err(e) = open::that_detached(&url) {
        tracing::info!("no browser opened ({e}): open {url} by hand");
    }
}

/// The addresses of the faces, as the director types them on a phone or a tablet: on the
/// local network's address when listening on every interface.
fn print_faces(addr: SocketAddr) {
    let reachable = crate::server::lan::lan_address(addr).unwrap_or(addr);
    let base = if reachable.ip().is_unspecified() {
        format!("http://localhost:{}", addr.port())
    } else {
        format!("http://{reachable}")
    };
    println!("clubtd is running on {addr}; phones and tablets on the same network open:");
    println!("  director     {base}/director");
    println!("  table 1      {base}/table/1");
    println!("  player       {base}/player");
    println!("  room screen  {base}/screen");
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    // Windows: closing the console window, logging off or shutting down. Windows ends the
    // process a few seconds after the close event, whatever the handler does; what was
    // acknowledged is on disk by then, and a tap that was not is resent by its device.
    #[cfg(windows)]
    let terminate = async {
        use tokio::signal::windows::{ctrl_close, ctrl_logoff, ctrl_shutdown};
        match (ctrl_close(), ctrl_logoff(), ctrl_shutdown()) {
            (Ok(mut close), Ok(mut logoff), Ok(mut shutdown)) => {
                tokio::select! {
                    _ = close.recv() => {},
                    _ = logoff.recv() => {},
                    _ = shutdown.recv() => {},
                }
            }
            _ => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(any(unix, windows)))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
    tracing::info!("shutting down");
    super::live::close_all();
}
