//! `raw-sqlite`: the physical limit of the disk for the server's durability setting — one
//! transaction per command with the server's own two rows (an event and the command's
//! answer), WAL journal, `synchronous = FULL`, the same SQLite library — and, for the ratio,
//! the same work through the server (HTTP, auth, engine) with no pages attached.

use crate::api::{self, Api, Reply};
use crate::server::{Sandbox, Server, PIN};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::json;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqliteSynchronous};
use sqlx::{ConnectOptions, Connection};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug, Clone)]
pub struct Opts {
    /// Seconds of each measurement.
    #[arg(long, default_value_t = 15)]
    pub secs: u64,
    /// Concurrent writers against the server.
    #[arg(long, default_value_t = 4)]
    pub writers: usize,
    /// Also print the ratio for this server rate (commands/s), e.g. the evening's burst.
    #[arg(long)]
    pub compare: Option<f64>,
}

/// The server's schema for the two tables a command writes (migrations/…_event_log.sql).
const SCHEMA: &str = "
CREATE TABLE tournaments (id INTEGER PRIMARY KEY, name TEXT NOT NULL, created_at INTEGER NOT NULL, archived INTEGER NOT NULL DEFAULT 0);
CREATE TABLE events (tournament_id INTEGER NOT NULL REFERENCES tournaments(id), seq INTEGER NOT NULL, command_id TEXT NOT NULL, actor TEXT NOT NULL, device TEXT NOT NULL DEFAULT '', at INTEGER NOT NULL, payload TEXT NOT NULL, PRIMARY KEY (tournament_id, seq)) WITHOUT ROWID;
CREATE TABLE commands (tournament_id INTEGER NOT NULL REFERENCES tournaments(id), command_id TEXT NOT NULL, outcome TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (tournament_id, command_id)) WITHOUT ROWID;
INSERT INTO tournaments (id, name, created_at) VALUES (1, 'raw', 0);
";

pub async fn run(sb: &Sandbox, port: u16, o: &Opts) -> Result<(), String> {
    let raw = raw_rate(sb, Duration::from_secs(o.secs)).await?;
    println!("raw SQLite (WAL, synchronous=FULL, one transaction per command, event + answer rows): {raw:.0} commits/s");
    let server = server_rate(sb, port, o).await?;
    println!(
        "server, {} writers, report_chips, no live pages: {server:.0} accepted commands/s",
        o.writers
    );
    println!("ratio server / raw: {:.0} %", server / raw * 100.0);
    if let Some(rate) = o.compare {
        println!(
            "ratio given rate {rate:.0}/s / raw: {:.0} %",
            rate / raw * 100.0
        );
    }
    Ok(())
}

async fn raw_rate(sb: &Sandbox, secs: Duration) -> Result<f64, String> {
    let path = sb.db("raw.sqlite");
    let _ = std::fs::remove_file(&path);
    let mut conn = SqliteConnectOptions::new()
        .filename(&path)
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Full)
        .foreign_keys(true)
        .connect()
        .await
        .map_err(|e| e.to_string())?;
    sqlx::raw_sql(SCHEMA)
        .execute(&mut conn)
        .await
        .map_err(|e| e.to_string())?;
    let start = Instant::now();
    let mut seq = 0i64;
    while start.elapsed() < secs {
        seq += 1;
        let id = api::new_id();
        let now = start.elapsed().as_millis() as i64;
        // The size of a ChipsCounted event and its stored answer.
        let payload = format!(
            r#"{{"type":"chips_counted","player":{},"chips":{},"at":{}}}"#,
            seq % 300,
            10_000 + seq,
            1_764_000_000_000i64 + now
        );
        let outcome = format!(r#"{{"accepted":{{"first":{seq},"last":{seq}}}}}"#);
        let mut tx = conn.begin().await.map_err(|e| e.to_string())?;
        sqlx::query("INSERT INTO events (tournament_id, seq, command_id, actor, device, at, payload) VALUES (1, ?, ?, 'director', '', ?, ?)")
            .bind(seq)
            .bind(&id)
            .bind(now)
            .bind(&payload)
            .execute(&mut *tx)
            .await
            .map_err(|e| e.to_string())?;
        sqlx::query(
            "INSERT INTO commands (tournament_id, command_id, outcome, at) VALUES (1, ?, ?, ?)",
        )
        .bind(&id)
        .bind(&outcome)
        .bind(now)
        .execute(&mut *tx)
        .await
        .map_err(|e| e.to_string())?;
        tx.commit().await.map_err(|e| e.to_string())?;
    }
    Ok(seq as f64 / start.elapsed().as_secs_f64())
}

async fn server_rate(sb: &Sandbox, port: u16, o: &Opts) -> Result<f64, String> {
    let db = sb.db("raw-server.sqlite");
    let log = sb.dir.join("raw-server.log");
    let mut server = Server::start(sb, &db, port, &log)?;
    server.wait_ready(Duration::from_secs(30)).await?;
    let mut director = Api::new(api::http_client(), &server.base);
    director.login(PIN).await?;
    let id = api::club_evening_setup(&director, 35, 300).await?;
    let accepted = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    let until = start + Duration::from_secs(o.secs);
    let mut tasks = Vec::new();
    for _ in 0..o.writers {
        let director = director.clone();
        let accepted = accepted.clone();
        tasks.push(tokio::spawn(async move {
            let mut rng = StdRng::from_os_rng();
            while Instant::now() < until {
                let player: u64 = rng.random_range(1..=300);
                let chips: i64 = rng.random_range(1_000..=20_000);
                let cmd = json!({"type": "report_chips", "player": player, "chips": chips});
                if let Ok(Reply::Accepted(_)) = director.send(&api::new_id(), &cmd, None, id).await
                {
                    accepted.fetch_add(1, Ordering::Relaxed);
                }
            }
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    let rate = accepted.load(Ordering::Relaxed) as f64 / start.elapsed().as_secs_f64();
    server.stop().await?;
    Ok(rate)
}
