//! `probe`: the director's command latency timed from a process of its own, against a server
//! another process is loading. The load generator's own loop shares its runtime with 400
//! simulated pages, so its timings include its own queueing; this one's do not.

use crate::api::{self, Api, Reply};
use crate::server::PIN;
use crate::stats;
use serde_json::json;
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug, Clone)]
pub struct Opts {
    /// The running server, e.g. `http://127.0.0.1:28080`.
    #[arg(long)]
    pub base: String,
    #[arg(long)]
    pub tournament: i64,
    /// How long to probe.
    #[arg(long, default_value_t = 60)]
    pub secs: u64,
    /// Milliseconds between two commands.
    #[arg(long, default_value_t = 500)]
    pub every_ms: u64,
}

/// Sends a chip count for the first player every `every_ms` and prints the latency line.
pub async fn run(o: &Opts) -> Result<(), String> {
    let mut director = Api::new(api::http_client(), &o.base);
    director.login(PIN).await?;
    let mut player = playing(&director, o.tournament).await?;
    let mut times = Vec::new();
    let mut refused = 0;
    let mut tick = tokio::time::interval(Duration::from_millis(o.every_ms));
    let started = Instant::now();
    let mut chips = 10_000;
    while started.elapsed() < Duration::from_secs(o.secs) {
        tick.tick().await;
        chips += 25;
        let cmd = json!({"type": "report_chips", "player": player, "chips": chips});
        let sent = Instant::now();
        match director
            .send(&api::new_id(), &cmd, None, o.tournament)
            .await
        {
            Ok(Reply::Accepted(_)) => times.push(sent.elapsed()),
            // The other process's busts may have taken this player out: count another.
            _ => {
                refused += 1;
                player = playing(&director, o.tournament).await?;
            }
        }
    }
    println!(
        "{}  (not accepted: {refused})",
        stats::line("command latency from a separate process", &times)
    );
    Ok(())
}

/// A player still in, to count.
async fn playing(director: &Api, tournament: i64) -> Result<u64, String> {
    let view = director.view(tournament).await?;
    view["view"]["players"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| p["status"] == "playing")
        .find_map(|p| p["player"].as_u64())
        .ok_or_else(|| "no player still in".to_string())
}
