//! `startup`: a tournament of 10,000 events built through the server, then restarts timed
//! from the process start until the HTTP port answers and `get_view` returns the replayed
//! tournament at the same last event number.

use crate::api::{self, Api, Reply};
use crate::server::{Sandbox, Server, PIN};
use crate::stats;
use rand::Rng;
use serde_json::json;
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug, Clone)]
pub struct Opts {
    #[arg(long, default_value_t = 10_000)]
    pub events: u64,
    /// Restarts after a graceful stop, and as many after a kill -9.
    #[arg(long, default_value_t = 5)]
    pub restarts: usize,
}

pub async fn run(sb: &Sandbox, port: u16, o: &Opts) -> Result<(), String> {
    let db = sb.db("startup.sqlite");
    let log = sb.dir.join("startup.log");
    let mut server = Server::start(sb, &db, port, &log)?;
    server.wait_ready(Duration::from_secs(30)).await?;
    let mut director = Api::new(api::http_client(), &server.base);
    director.login(PIN).await?;
    let id = api::club_evening_setup(&director, 35, 300).await?;
    let build = Instant::now();
    let mut last = 0;
    let mut rng = rand::rng();
    while last < o.events {
        let player: u64 = rng.random_range(1..=300);
        let chips: i64 = rng.random_range(1_000..=20_000);
        let cmd = json!({"type": "report_chips", "player": player, "chips": chips});
        if let Reply::Accepted(seq) = director.send(&api::new_id(), &cmd, None, id).await? {
            last = seq;
        }
    }
    println!(
        "built tournament {id} with {last} events in {:.1} s; database {} KiB",
        build.elapsed().as_secs_f64(),
        file_kib(&db) + file_kib(&db.with_extension("sqlite-wal"))
    );
    let mut kill = false;
    let mut graceful = Vec::new();
    let mut killed = Vec::new();
    for round in 0..o.restarts * 2 {
        if kill {
            server.kill9().await;
        } else {
            server.stop().await?;
        }
        let t0 = Instant::now();
        server = Server::start(sb, &db, port, &log)?;
        server.wait_ready(Duration::from_secs(60)).await?;
        let port_up = t0.elapsed();
        let api = Api::new(api::http_client(), &server.base);
        let view = api.view_text(id).await?;
        let ready = t0.elapsed();
        let seq = api::last_seq_of(&view).unwrap_or(0);
        if seq != last {
            return Err(format!(
                "after restart {round}: last_seq {seq}, expected {last}"
            ));
        }
        println!(
            "restart {round} after {}: port answers {:.0} ms, get_view at seq {seq} {:.0} ms",
            if kill { "kill -9" } else { "SIGTERM" },
            port_up.as_secs_f64() * 1000.0,
            ready.as_secs_f64() * 1000.0
        );
        if kill { &mut killed } else { &mut graceful }.push(ready);
        kill = round + 1 >= o.restarts;
    }
    println!(
        "{}",
        stats::line("start to replayed view, after SIGTERM", &graceful)
    );
    println!(
        "{}",
        stats::line("start to replayed view, after kill -9", &killed)
    );
    server.stop().await?;
    Ok(())
}

fn file_kib(p: &std::path::Path) -> u64 {
    std::fs::metadata(p).map(|m| m.len() / 1024).unwrap_or(0)
}
