//! What the integration tests on real parts share: the real server on loopback with a
//! SQLite file on disk, the director signed in with the PIN, the tables' keys from the QR
//! sheet, and reading a JSON answer.

// Each test file uses its own part of this module.
#![allow(dead_code)]

use clubtd::server::engine::Engine;
use clubtd::server::http::connections::{ConnectionLimits, Connections};
use clubtd::server::http::serve::{build, ServerConfig};
use clubtd::server::store::{Origin, Store};
use reqwest::{Client, RequestBuilder};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A connection of the test's own to a SQLite file, for looking inside it the way a person
/// with `sqlite3` would (the server's store keeps its pool to itself).
pub async fn inspect(db: &Path) -> sqlx::SqlitePool {
    sqlx::SqlitePool::connect(&format!("sqlite://{}", db.display()))
        .await
        .expect("the test opens the database file")
}

/// The director's PIN the real server is started with.
pub const PIN: &str = "246813";

/// The real server, listening on a loopback port, and its SQLite file in a folder of its own
/// (removed when this is dropped).
pub struct RealServer {
    /// `http://127.0.0.1:<port>`
    pub base: String,
    /// The port on 127.0.0.1.
    pub addr: std::net::SocketAddr,
    pub engine: Arc<Engine>,
    /// The SQLite file (its folder also takes the backups).
    pub db: PathBuf,
    pub dir: tempfile::TempDir,
}

/// A client that reports redirects instead of following them (to read `Location`).
pub fn no_redirects() -> Client {
    Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// The real server on a new SQLite file, with the demo tournament or empty, listening on a
/// loopback port behind the same front door as `clubtd::server::http::serve::run`.
pub async fn real_server(demo: bool) -> RealServer {
    real_server_with(demo, ConnectionLimits::for_open_files(4096)).await
}

/// The real server behind a door with these limits (short timeouts, small caps).
pub async fn real_server_with(demo: bool, limits: ConnectionLimits) -> RealServer {
    real_server_allowing(demo, limits, &[]).await
}

/// The real server answering to these names too (`--allowed-hosts`).
pub async fn real_server_allowing(
    demo: bool,
    limits: ConnectionLimits,
    allowed_hosts: &[&str],
) -> RealServer {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.sqlite");
    real_server_on(db, dir, demo, limits, allowed_hosts).await
}

/// The real server with its SQLite file at `db` (a folder the test chose: a small file
/// system, say), behind the usual door.
pub async fn real_server_at(db: PathBuf, demo: bool) -> RealServer {
    let dir = tempfile::tempdir().unwrap();
    real_server_on(db, dir, demo, ConnectionLimits::for_open_files(4096), &[]).await
}

async fn real_server_on(
    db: PathBuf,
    dir: tempfile::TempDir,
    demo: bool,
    limits: ConnectionLimits,
    allowed_hosts: &[&str],
) -> RealServer {
    let config = ServerConfig {
        addr: "127.0.0.1:0".parse().unwrap(),
        database: db.clone(),
        demo,
        director_pin: Some(PIN.into()),
        open_browser: false,
        sign_ups_per_address: clubtd::server::application::sign_up::PER_ADDRESS,
        allowed_hosts: allowed_hosts.iter().map(|h| h.to_string()).collect(),
    };
    let options = leptos::prelude::LeptosOptions::builder()
        .output_name("clubtd")
        .build();
    let (router, engine) = build(&config, options).await.expect("build");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(Connections::new(limits).serve(listener, router, std::future::pending()));
    RealServer {
        base: format!("http://{addr}"),
        addr,
        engine,
        db,
        dir,
    }
}

/// The engine on a SQLite file, without a server (as after a restart).
pub async fn open_engine(path: &Path) -> Engine {
    Engine::open(Store::open(path).await.expect("open store"))
        .await
        .expect("open engine")
}

/// Who sends the commands the tests give the engine directly.
pub fn director() -> Origin {
    Origin {
        actor: "director".into(),
        device: "test".into(),
        tapped_at: None,
        sender: None,
    }
}

/// A client signed in as the director with the PIN (the session cookie), like the
/// director's tablet.
pub async fn director_client(base: &str) -> Client {
    let director = Client::builder().cookie_store(true).build().unwrap();
    let login = director
        .post(format!("{base}/api/director_login"))
        .form(&[("pin", PIN)])
        .send()
        .await
        .unwrap();
    assert_eq!(login.status(), 200);
    assert_eq!(login.text().await.unwrap(), "\"SignedIn\"");
    director
}

/// The tables' keys from the director's QR sheet (`table_links`), optionally after a new
/// code for one table: (table, key) in the sheet's order.
pub async fn table_keys(base: &str, director: &Client, reissue: Option<u16>) -> Vec<(u64, String)> {
    let form: Vec<(&str, String)> = reissue
        .map(|t| vec![("reissue", t.to_string())])
        .unwrap_or_default();
    let links: Value = director
        .post(format!("{base}/api/table_links"))
        .form(&form)
        .json_answer()
        .await;
    links
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            let key = l["path"].as_str().unwrap().split("key=").nth(1).unwrap();
            (l["table"].as_u64().unwrap(), key.to_string())
        })
        .collect()
}

/// Sends a request and reads its answer, whatever the status.
pub trait ReadAnswer {
    /// The answer as JSON.
    async fn json_answer(self) -> Value;
    /// The answer as text.
    async fn text_answer(self) -> String;
}

impl ReadAnswer for RequestBuilder {
    async fn json_answer(self) -> Value {
        self.send().await.unwrap().json().await.unwrap()
    }

    async fn text_answer(self) -> String {
        self.send().await.unwrap().text().await.unwrap()
    }
}

/// Asks for a page `times` times at once and checks every answer is the same page, but for
/// each page's own script nonce and the figures a running clock moves on between requests
/// (digits are masked), read without the cuts between its streamed scripts. A page whose data or HTML varies from request to request does not
/// hydrate reliably in the browser. Returns the page (masked).
pub async fn same_page_every_time(client: &Client, url: &str, times: usize) -> String {
    let pages: Vec<String> = futures::future::join_all((0..times).map(|_| async {
        let html = client.get(url).text_answer().await;
        let nonce = html
            .split("nonce=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap_or_default()
            .to_string();
        // Where the stream cut its scripts depends on when each answer came, not on what
        // the page holds: the scripts are read as one.
        html.replace(&nonce, "")
            .replace("</script><script nonce=\"\">", "")
            .chars()
            .map(|c| if c.is_ascii_digit() { '#' } else { c })
            .collect::<String>()
    }))
    .await;
    if let Some(other) = pages.iter().find(|p| **p != pages[0]) {
        // Name where the pages part, so a failure says what varied.
        let at = pages[0]
            .chars()
            .zip(other.chars())
            .take_while(|(a, b)| a == b)
            .count();
        let around = |page: &str| -> String {
            page.chars()
                .skip(at.saturating_sub(200))
                .take(400)
                .collect()
        };
        panic!(
            "{url}: the same page on every request; they part at character {at}:\n{}\n---\n{}",
            around(&pages[0]),
            around(other)
        );
    }
    pages[0].clone()
}
