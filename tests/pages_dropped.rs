//! Pages whose reader goes away: a phone that loses the WiFi mid-page, a tab closed while the
//! page renders, a client that drops every answer unread. The server renders every page whole
//! (`SsrMode::Async`): the page's resources run as tasks of their own, and when the reader
//! has gone the page's owner is disposed under them. Nothing of that may panic (a panic in
//! those tasks was seen in the hostile runs: "reactive value … already disposed", and once on
//! `/director/tournaments`).
//!
//! One test in this file: the panic hook it installs counts for the whole process.

mod common;

use common::{director_client, real_server};
use serde_json::Value;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// How long a request is given before its reader goes away, and how much it reads first.
#[derive(Clone, Copy, Debug)]
enum Leave {
    /// Closed as soon as the request is written.
    AtOnce,
    /// Closed after this many milliseconds, nothing read.
    After(u64),
    /// Closed after the first bytes of the answer.
    AfterFirstBytes,
}

async fn request_and_leave(addr: std::net::SocketAddr, path: &str, cookie: &str, leave: Leave) {
    let Ok(mut conn) = TcpStream::connect(addr).await else {
        return;
    };
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept: text/html\r\nCookie: {cookie}\r\n\r\n"
    );
    if conn.write_all(request.as_bytes()).await.is_err() {
        return;
    }
    match leave {
        Leave::AtOnce => {}
        Leave::After(ms) => tokio::time::sleep(Duration::from_millis(ms)).await,
        Leave::AfterFirstBytes => {
            let mut first = [0u8; 64];
            let _ = tokio::time::timeout(Duration::from_secs(5), conn.read(&mut first)).await;
        }
    }
    // Dropped without reading the rest: the server sees its reader gone.
    drop(conn);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_left_half_way_by_their_reader_cause_no_panic() {
    let panics = Arc::new(AtomicUsize::new(0));
    let seen = Arc::new(Mutex::new(Vec::<String>::new()));
    {
        let panics = panics.clone();
        let seen = seen.clone();
        let before = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            panics.fetch_add(1, Ordering::SeqCst);
            if let Ok(mut seen) = seen.lock() {
                seen.push(info.to_string());
            }
            before(info);
        }));
    }

    let s = real_server(true).await;
    let base = &s.base;
    let director = director_client(base).await;
    // The director's session cookie, for the director's pages.
    let login = reqwest::Client::new()
        .post(format!("{base}/api/director_login"))
        .form(&[("pin", common::PIN)])
        .send()
        .await
        .unwrap();
    let cookie = login.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string();
    let link: Value = director
        .post(format!("{base}/api/player_link"))
        .form(&[("player", "1"), ("tournament", "1")])
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let me = link["path"].as_str().expect("a personal link").to_string();
    let made: Value = director
        .post(format!("{base}/api/v1/tokens"))
        .json(&serde_json::json!({"label": "test", "scope": "full"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let auth = format!("Bearer {}", made["token"].as_str().expect("a token"));

    let pages = [
        "/".to_string(),
        "/player".into(),
        "/player?name=Jan".into(),
        "/player?t=1&name=de".into(),
        "/screen".into(),
        "/screen?t=1".into(),
        "/table/1".into(),
        "/table/2?key=wrong".into(),
        me,
        "/me/not-a-link".into(),
        "/signup".into(),
        "/ranking".into(),
        "/director".into(),
        "/director/tournaments".into(),
        "/director/players".into(),
        "/director/tables".into(),
        "/director/print/cards".into(),
        "/director/print/door".into(),
    ];
    let leaves = [
        Leave::AtOnce,
        Leave::After(1),
        Leave::After(3),
        Leave::After(8),
        Leave::After(20),
        Leave::AfterFirstBytes,
    ];
    let mut requests = 0;
    for round in 0..3 {
        let mut batch = Vec::new();
        for page in &pages {
            for leave in leaves {
                let (addr, page, cookie) = (s.addr, page.clone(), cookie.clone());
                batch.push(tokio::spawn(async move {
                    request_and_leave(addr, &page, &cookie, leave).await
                }));
                requests += 1;
            }
        }
        for task in batch {
            task.await.unwrap();
        }
        // A command between rounds: the live pages' resources have news to fetch.
        let answer = director
            .post(format!("{base}/api/v1/tournaments/1/commands"))
            .header("authorization", &auth)
            .json(&serde_json::json!({
                "command_id": format!("dropped-{round}"),
                "command": {"type": "register_player", "name": format!("Late {round}"),
                            "method": "cash", "present": true}
            }))
            .send()
            .await
            .unwrap();
        assert!(answer.status().is_success(), "{}", answer.status());
    }
    // The tasks of pages whose readers went away finish on their own time.
    tokio::time::sleep(Duration::from_secs(2)).await;

    // The server still serves every page whole.
    for page in ["/player?name=Jan", "/director/tournaments", "/table/1"] {
        let answer = director.get(format!("{base}{page}")).send().await.unwrap();
        assert_eq!(answer.status(), 200, "{page}");
        assert!(answer.text().await.unwrap().contains("</html>"), "{page}");
    }
    let seen = seen.lock().unwrap().clone();
    assert_eq!(
        panics.load(Ordering::SeqCst),
        0,
        "{requests} pages left half way; panics: {seen:#?}"
    );
}
