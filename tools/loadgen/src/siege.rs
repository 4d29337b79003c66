//! The hostile step's attacks on the door, after its random requests: what a laptop on the
//! club's WiFi tries against the sign-in and the connections, while the director keeps
//! working. The laptop speaks from other loopback addresses (127.0.0.2 …), the director
//! from 127.0.0.1. Each figure is printed; what must hold is checked and fails the step.
//!
//! 1. 1,000 sign-ins with wrong PINs at the same instant from one address: how many were
//!    checked ("wrong PIN") and how the director's commands fared meanwhile;
//! 2. a post from another site's page, and a body no page sends;
//! 3. 1,100 idle connections from one address, then the room's pages;
//! 4. 50 connections sending their headers a line a second (the head must be whole in 30 s);
//! 4b. a flood for 60 s from 40 addresses, 64 connections each (past the server's cap), half
//!    trickling a request body a byte every 20 s, half keep-alive asking every 25 s, each
//!    opened again when closed: the desk's commands and a phone's page meanwhile (p50, p99,
//!    max; p99 must stay under 2 s);
//! 5. a player named as a spreadsheet formula, in `results.csv`;
//! 6. the modes of the database, its WAL and a backup.

use crate::api::{self, Api, Reply};
use serde_json::json;
use std::net::{IpAddr, SocketAddr};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

pub async fn run(director: &Api, id: i64, db: &Path) -> Result<(), String> {
    let mut failures = Vec::new();
    pin_burst(director, id, &mut failures).await?;
    cross_site(director, id, &mut failures).await?;
    idle_connections(director, id, &mut failures).await?;
    slow_headers(director, &mut failures).await?;
    flood(director, id, &mut failures).await?;
    formula_name(director, id, &mut failures).await?;
    file_modes(director, db, &mut failures).await?;
    if failures.is_empty() {
        println!("door: every check held");
        Ok(())
    } else {
        Err(format!("door: {}", failures.join("; ")))
    }
}

fn addr_of(base: &str) -> Result<SocketAddr, String> {
    base.trim_start_matches("http://")
        .parse()
        .map_err(|e| format!("{base}: {e}"))
}

fn from(ip: &str) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(ip.parse::<IpAddr>().ok())
        .timeout(Duration::from_secs(60))
        .build()
        .unwrap_or_else(|_| reqwest::Client::new())
}

/// The director's command latency while `during` runs: one chip count every 100 ms.
async fn director_meanwhile<F: std::future::Future>(
    director: &Api,
    id: i64,
    during: F,
) -> Result<(F::Output, Vec<Duration>), String> {
    let view = director.view(id).await?;
    let player = view["view"]["players"][0]["player"].as_u64().unwrap_or(1);
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let probe = {
        let (director, stop) = (director.clone(), stop.clone());
        tokio::spawn(async move {
            let mut times = Vec::new();
            let mut chips = 5_000;
            while !stop.load(std::sync::atomic::Ordering::SeqCst) {
                chips += 25;
                let cmd = json!({"type": "report_chips", "player": player, "chips": chips});
                let started = Instant::now();
                let ok = matches!(
                    director.send(&api::new_id(), &cmd, None, id).await,
                    Ok(Reply::Accepted(_))
                );
                if ok {
                    times.push(started.elapsed());
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            times
        })
    };
    let out = during.await;
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    let times = probe.await.map_err(|e| e.to_string())?;
    Ok((out, times))
}

/// The answer's text to a request sent with the director's session cookie.
async fn as_director(director: &Api, request: reqwest::RequestBuilder) -> Result<String, String> {
    request
        .header("cookie", director.cookie.clone().unwrap_or_default())
        .send()
        .await
        .map_err(|e| e.to_string())?
        .text()
        .await
        .map_err(|e| e.to_string())
}

fn summary(times: &[Duration]) -> String {
    let mut ms: Vec<f64> = times.iter().map(|d| d.as_secs_f64() * 1000.0).collect();
    ms.sort_by(f64::total_cmp);
    if ms.is_empty() {
        return "none accepted".into();
    }
    let p = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
    format!("n={} p50 {:.1} ms, max {:.1} ms", ms.len(), p(0.5), p(1.0))
}

async fn pin_burst(director: &Api, id: i64, failures: &mut Vec<String>) -> Result<(), String> {
    let laptop = from("127.0.0.2");
    let url = format!("{}/api/director_login", director.base);
    let burst = futures::future::join_all((0..1000).map(|i| {
        let (c, url) = (laptop.clone(), url.clone());
        async move {
            match c.post(url).form(&[("pin", format!("{i:06}"))]).send().await {
                Ok(r) => r.text().await.unwrap_or_default(),
                Err(_) => "no answer".into(),
            }
        }
    }));
    let started = Instant::now();
    let (answers, times) = director_meanwhile(director, id, burst).await?;
    let took = started.elapsed();
    let count = |s: &str| answers.iter().filter(|a| a.contains(s)).count();
    let (wrong, locked, none) = (
        count("WrongPin"),
        count("Locked") + count("Busy"),
        count("no answer"),
    );
    println!(
        "PIN burst: 1000 wrong PINs at once from one address in {:.1} s: {wrong} checked \
         (\"wrong PIN\"), {locked} refused unchecked, {none} not let in (connections past the \
         address's cap); director's commands meanwhile: {}",
        took.as_secs_f64(),
        summary(&times)
    );
    if wrong > 5 {
        failures.push(format!("{wrong} PINs checked in one burst"));
    }
    if times.is_empty() {
        failures.push("the director's commands got no answer during the burst".into());
    }
    Ok(())
}

async fn cross_site(director: &Api, id: i64, failures: &mut Vec<String>) -> Result<(), String> {
    let cookie = director.cookie.clone().unwrap_or_default();
    let command = json!({"command_id": api::new_id(), "command": {"type": "pause_clock"},
        "table_key": null, "tournament": id});
    let other_site = director
        .http
        .post(format!("{}/api/send_command", director.base))
        .header("cookie", &cookie)
        .header("origin", "http://192.168.1.66:8080")
        .json(&command)
        .send()
        .await
        .map_err(|e| e.to_string())?
        .status()
        .as_u16();
    let same_site = director
        .http
        .post(format!("{}/backup", director.base))
        .header("cookie", &cookie)
        .header("sec-fetch-site", "same-site")
        .send()
        .await
        .map_err(|e| e.to_string())?
        .status()
        .as_u16();
    let plain = director
        .http
        .post(format!("{}/api/director_login", director.base))
        .header("content-type", "text/plain")
        .body("pin=000000")
        .send()
        .await
        .map_err(|e| e.to_string())?
        .status()
        .as_u16();
    println!(
        "cross-site: another site's post with the director's cookie {other_site}, a same-site \
         page's backup {same_site}, a text/plain sign-in {plain}"
    );
    if (other_site, same_site, plain) != (403, 403, 415) {
        failures.push(format!(
            "cross-site answers {other_site}/{same_site}/{plain}, want 403/403/415"
        ));
    }
    Ok(())
}

async fn connect_from(ip: &str, to: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(format!("{ip}:0").parse().map_err(std::io::Error::other)?)?;
    socket.connect(to).await
}

/// Has the server closed this connection (within `wait`)?
async fn closed(conn: &mut TcpStream, wait: Duration) -> bool {
    let mut buf = [0u8; 1024];
    let deadline = Instant::now() + wait;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, conn.read(&mut buf)).await {
            Err(_) => return false,
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => continue,
        }
    }
}

async fn idle_connections(
    director: &Api,
    id: i64,
    failures: &mut Vec<String>,
) -> Result<(), String> {
    let to = addr_of(&director.base)?;
    let mut idle = Vec::new();
    let mut refused = 0;
    for _ in 0..1100 {
        match connect_from("127.0.0.3", to).await {
            Ok(c) => idle.push(c),
            Err(_) => refused += 1,
        }
    }
    // The room meanwhile: the player page and the view, from the director's machine.
    let started = Instant::now();
    let page = director
        .http
        .get(format!("{}/player?t={id}", director.base))
        .timeout(Duration::from_secs(10))
        .send()
        .await
        .map(|r| r.status().as_u16())
        .unwrap_or(0);
    let page_ms = started.elapsed().as_secs_f64() * 1000.0;
    let mut closed_at_once = 0;
    for c in idle.iter_mut() {
        if closed(c, Duration::from_millis(20)).await {
            closed_at_once += 1;
        }
    }
    let held = idle.len() - closed_at_once;
    let started = Instant::now();
    let mut all_closed = true;
    for c in idle.iter_mut() {
        let left = Duration::from_secs(45).saturating_sub(started.elapsed());
        if !closed(c, left).await {
            all_closed = false;
        }
    }
    println!(
        "idle connections: 1100 from one address: {held} let in, {closed_at_once} closed at \
         once, {refused} not connected; the player page meanwhile {page} in {page_ms:.1} ms; \
         the rest closed after {:.1} s",
        started.elapsed().as_secs_f64()
    );
    if page != 200 {
        failures.push(format!(
            "player page answered {page} behind 1100 idle connections"
        ));
    }
    if held > 128 || !all_closed {
        failures.push(format!(
            "{held} idle connections held, all closed: {all_closed}"
        ));
    }
    Ok(())
}

/// One flooding connection, opened again whenever the server closes it, until `stop`.
async fn flood_one(from: String, to: SocketAddr, trickle: bool, stop: Arc<AtomicBool>) -> u32 {
    let mut opened = 0;
    let mut buf = [0u8; 8192];
    while !stop.load(Ordering::Relaxed) {
        let Ok(Ok(mut c)) =
            tokio::time::timeout(Duration::from_secs(2), connect_from(&from, to)).await
        else {
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        };
        opened += 1;
        if trickle {
            let head = "POST /api/director_login HTTP/1.1\r\nHost: 127.0.0.1\r\n\
                Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n";
            if c.write_all(head.as_bytes()).await.is_err() {
                continue;
            }
            while !stop.load(Ordering::Relaxed) {
                if closed(&mut c, Duration::from_secs(20)).await || c.write_all(b"p").await.is_err()
                {
                    break;
                }
            }
        } else {
            while !stop.load(Ordering::Relaxed) {
                let ask = "GET /api/v1/tournaments HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
                if c.write_all(ask.as_bytes()).await.is_err() {
                    break;
                }
                match tokio::time::timeout(Duration::from_secs(5), c.read(&mut buf)).await {
                    Ok(Ok(0)) | Ok(Err(_)) => break,
                    _ => {}
                }
                if closed(&mut c, Duration::from_secs(25)).await {
                    break;
                }
            }
        }
    }
    opened
}

async fn flood(director: &Api, id: i64, failures: &mut Vec<String>) -> Result<(), String> {
    let to = addr_of(&director.base)?;
    let stop = Arc::new(AtomicBool::new(false));
    let mut attackers = Vec::new();
    for a in 0..40 {
        for c in 0..64 {
            attackers.push(tokio::spawn(flood_one(
                format!("127.0.1.{}", a + 1),
                to,
                c % 2 == 0,
                stop.clone(),
            )));
        }
    }
    tokio::time::sleep(Duration::from_secs(5)).await;
    // A phone on the club's WiFi (an address of its own), a fresh connection each time.
    let phone_probe = {
        let (base, stop) = (director.base.clone(), stop.clone());
        tokio::spawn(async move {
            let mut times = Vec::new();
            let mut failed = 0;
            while !stop.load(Ordering::Relaxed) {
                let started = Instant::now();
                let ok = from("127.0.2.1")
                    .get(format!("{base}/player?t={id}"))
                    .send()
                    .await
                    .is_ok_and(|r| r.status() == 200);
                if ok {
                    times.push(started.elapsed());
                } else {
                    failed += 1;
                }
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            (times, failed)
        })
    };
    let ((), desk) =
        director_meanwhile(director, id, tokio::time::sleep(Duration::from_secs(55))).await?;
    stop.store(true, Ordering::Relaxed);
    let (phone, phone_failed) = phone_probe.await.map_err(|e| e.to_string())?;
    let mut opened = 0;
    for a in attackers {
        opened += a.await.unwrap_or(0);
    }
    let p99 = |t: &[Duration]| {
        let mut t = t.to_vec();
        t.sort();
        t.get(((t.len().max(1) - 1) as f64 * 0.99).round() as usize)
            .copied()
            .unwrap_or(Duration::MAX)
    };
    println!(
        "flood: 40 addresses x 64 connections (trickling bodies, keep-alive), {opened} opened \
         in 60 s; desk commands {} p99 {:.1} ms; phone page {} p99 {:.1} ms, {phone_failed} failed",
        summary(&desk),
        p99(&desk).as_secs_f64() * 1000.0,
        summary(&phone),
        p99(&phone).as_secs_f64() * 1000.0,
    );
    if p99(&desk) >= Duration::from_secs(2)
        || p99(&phone) >= Duration::from_secs(2)
        || phone_failed > 0
    {
        failures.push("the desk or a phone waited 2 s or more behind the flood".into());
    }
    Ok(())
}

async fn slow_headers(director: &Api, failures: &mut Vec<String>) -> Result<(), String> {
    let to = addr_of(&director.base)?;
    let mut conns = Vec::new();
    for _ in 0..50 {
        let mut c = connect_from("127.0.0.4", to)
            .await
            .map_err(|e| e.to_string())?;
        c.write_all(b"GET /player HTTP/1.1\r\nHost: x\r\n")
            .await
            .map_err(|e| e.to_string())?;
        conns.push(c);
    }
    let started = Instant::now();
    let mut open: Vec<bool> = vec![true; conns.len()];
    let mut last_closed = Duration::ZERO;
    for line in 0..45 {
        tokio::time::sleep(Duration::from_secs(1)).await;
        for (c, still) in conns.iter_mut().zip(open.iter_mut()) {
            if !*still {
                continue;
            }
            let wrote = c
                .write_all(format!("X-{line}: y\r\n").as_bytes())
                .await
                .is_ok();
            if !wrote || closed(c, Duration::from_millis(1)).await {
                *still = false;
                last_closed = started.elapsed();
            }
        }
        if open.iter().all(|o| !o) {
            break;
        }
    }
    let left = open.iter().filter(|o| **o).count();
    println!(
        "slow headers: 50 connections sending a header line a second: {} closed, the last \
         after {:.1} s; {left} still open after 45 s",
        50 - left,
        last_closed.as_secs_f64()
    );
    if left > 0 {
        failures.push(format!("{left} slow-header connections still open"));
    }
    Ok(())
}

async fn formula_name(director: &Api, id: i64, failures: &mut Vec<String>) -> Result<(), String> {
    let name = "=HYPERLINK(\"http://x.example\",\"prize\")";
    let cmd = json!({"type": "register_player", "name": name, "method": "cash", "present": true});
    let accepted = matches!(
        director.send(&api::new_id(), &cmd, None, id).await?,
        Reply::Accepted(_)
    );
    let csv = as_director(
        director,
        director
            .http
            .get(format!("{}/export/{id}/results.csv", director.base)),
    )
    .await?;
    let runs = csv.lines().any(|l| {
        l.split(',')
            .any(|cell| cell.trim_start_matches('"').starts_with(['=', '+', '@']))
    });
    println!(
        "CSV: a player named {name:?} registered: {accepted}; a cell a spreadsheet would run: {runs}"
    );
    if runs {
        failures.push("results.csv has a formula cell".into());
    }
    Ok(())
}

async fn file_modes(director: &Api, db: &Path, failures: &mut Vec<String>) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    let backup = as_director(
        director,
        director.http.post(format!("{}/backup", director.base)),
    )
    .await?;
    let mut wal = db.as_os_str().to_owned();
    wal.push("-wal");
    let mut line = Vec::new();
    for (what, path) in [
        ("database", db.to_path_buf()),
        ("WAL", wal.into()),
        ("backup", backup.into()),
    ] {
        let mode = std::fs::metadata(&path)
            .map(|m| m.permissions().mode() & 0o777)
            .unwrap_or(0);
        line.push(format!("{what} {mode:o}"));
        if mode & 0o077 != 0 || mode == 0 {
            failures.push(format!("{what} has mode {mode:o}"));
        }
    }
    println!("file modes: {}", line.join(", "));
    Ok(())
}
