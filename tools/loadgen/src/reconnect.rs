//! `reconnect`: the room after a WiFi drop (issue N). Every table device holds commands in its
//! outbox (a chip count of two seats, its button, a bust) and all reconnect at once: each
//! sends its own in order, as the pages' outbox does (a failed send is tried again with the
//! same id), then loads the view until it holds the final one.
//!
//! Measured per round: the time until every outbox is empty, and until every device holds the
//! final view. Checked: every command is answered `Accepted` (0 lost), sending all of them
//! again with their ids answers the same and adds no event (0 applied twice), and the
//! exported log runs `1..=last_seq` without a gap.

use crate::api::{self, Api, Reply};
use crate::server::{panics_in, Sandbox, Server, PIN};
use crate::stats;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug, Clone)]
pub struct Opts {
    /// Table devices (one per table).
    #[arg(long, default_value_t = 35)]
    pub devices: u16,
    /// How many times the whole room reconnects.
    #[arg(long, default_value_t = 3)]
    pub rounds: usize,
}

/// The commands one table's outbox holds: a count of two stacks, the button, a bust.
fn held_commands(table: &Value, round: usize) -> Vec<(String, Value)> {
    let n = table["table"].clone();
    let seats: Vec<&Value> = table["seats"].as_array().into_iter().flatten().collect();
    let (Some(first), Some(second)) = (seats.first(), seats.get(1)) else {
        return Vec::new();
    };
    let count = json!({"type": "report_table_chips", "table": n, "counts": [
        [first["player"], 10_000 + round as u64], [second["player"], 9_000 + round as u64]
    ]});
    let button = json!({"type": "set_button", "table": n, "seat": second["seat"]});
    let bust = json!({"type": "report_busts", "table": n, "busts": [
        {"player": first["player"], "eliminators": [second["player"]]}
    ]});
    [count, button, bust]
        .into_iter()
        .map(|c| (api::new_id(), c))
        .collect()
}

/// One device: its outbox sent in order, each command until answered.
async fn drain(api: Api, tournament: i64, key: String, held: Vec<(String, Value)>) -> Vec<Reply> {
    let mut replies = Vec::new();
    for (id, command) in &held {
        loop {
            match api.send(id, command, Some(&key), tournament).await {
                Ok(reply) => {
                    replies.push(reply);
                    break;
                }
                Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
            }
        }
    }
    replies
}

/// One device loads the view until it holds `last_seq` (as a page does on the live stream's
/// news).
async fn catch_up(api: Api, tournament: i64, last_seq: u64) -> Result<(), String> {
    loop {
        let text = api.view_text(tournament).await?;
        if api::last_seq_of(&text) == Some(last_seq) {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

pub async fn run(sb: &Sandbox, port: u16, o: &Opts) -> Result<(), String> {
    let db = sb.db("reconnect.sqlite");
    let log = sb.dir.join("reconnect.log");
    let mut server = Server::start(sb, &db, port, &log)?;
    server.wait_ready(Duration::from_secs(30)).await?;
    let http = api::http_client();
    let mut director = Api::new(http.clone(), &server.base);
    director.login(PIN).await?;
    let players = usize::from(o.devices) * 9;
    let id = api::club_evening_setup(&director, o.devices, players).await?;
    let keys: std::collections::BTreeMap<u16, String> =
        director.table_keys().await?.into_iter().collect();
    let (mut emptied, mut caught_up) = (Vec::new(), Vec::new());
    let mut all_sent: Vec<(String, Value, String, Reply)> = Vec::new();
    for round in 0..o.rounds {
        let view = director.view(id).await?;
        let mut held = Vec::new();
        for t in view["view"]["tables"].as_array().into_iter().flatten() {
            let table = t["table"].as_u64().unwrap_or(0) as u16;
            if let Some(key) = keys.get(&table) {
                held.push((key.clone(), held_commands(t, round)));
            }
        }
        let commands: usize = held.iter().map(|(_, h)| h.len()).sum();
        let start = Instant::now();
        let tasks: Vec<_> = held
            .iter()
            .cloned()
            .map(|(key, h)| tokio::spawn(drain(Api::new(http.clone(), &server.base), id, key, h)))
            .collect();
        let mut replies = Vec::new();
        for t in tasks {
            replies.push(t.await.map_err(|e| e.to_string())?);
        }
        emptied.push(start.elapsed());
        let last_seq = director.view(id).await?["last_seq"]
            .as_u64()
            .ok_or("view without last_seq")?;
        let views: Vec<_> = (0..held.len())
            .map(|_| tokio::spawn(catch_up(Api::new(http.clone(), &server.base), id, last_seq)))
            .collect();
        for v in views {
            v.await.map_err(|e| e.to_string())??;
        }
        caught_up.push(start.elapsed());
        for ((key, h), r) in held.into_iter().zip(replies) {
            for ((cid, cmd), reply) in h.into_iter().zip(r) {
                all_sent.push((cid, cmd, key.clone(), reply));
            }
        }
        println!(
            "round {}: {} devices, {commands} commands: outboxes empty after {:.0} ms, every device on the final view after {:.0} ms",
            round + 1,
            keys.len(),
            emptied[round].as_secs_f64() * 1000.0,
            caught_up[round].as_secs_f64() * 1000.0
        );
    }
    // 0 lost: every command accepted.
    let refused: Vec<_> = all_sent
        .iter()
        .filter(|(_, _, _, r)| !matches!(r, Reply::Accepted(_)))
        .collect();
    if !refused.is_empty() {
        return Err(format!(
            "{} commands refused, e.g. {:?}",
            refused.len(),
            refused[0]
        ));
    }
    // 0 applied twice: every command again with its id: the same answer, no new event.
    let before = director.view(id).await?["last_seq"].as_u64().unwrap_or(0);
    let device = Api::new(http.clone(), &server.base);
    for (cid, cmd, key, reply) in &all_sent {
        let again = device.send(cid, cmd, Some(key), id).await?;
        if again != *reply {
            return Err(format!(
                "{cid}: answered {again:?} the second time, {reply:?} first"
            ));
        }
    }
    let after = director.view(id).await?["last_seq"].as_u64().unwrap_or(0);
    if after != before {
        return Err(format!("resending moved the log from {before} to {after}"));
    }
    let exported = director.exported_events(id).await?;
    let gapless = exported
        .iter()
        .enumerate()
        .all(|(i, e)| e["seq"].as_u64() == Some(i as u64 + 1));
    if !gapless || exported.len() as u64 != after {
        return Err(format!(
            "the exported log has {} events for last_seq {after}, gapless: {gapless}",
            exported.len()
        ));
    }
    println!(
        "{} commands from {} devices in {} rounds: 0 lost, 0 applied twice, log 1..={after} without a gap",
        all_sent.len(),
        keys.len(),
        o.rounds
    );
    println!("{}", stats::line("outboxes empty", &emptied));
    println!(
        "{}",
        stats::line("every device on the final view", &caught_up)
    );
    server.stop().await?;
    let panics = panics_in(&log);
    if !panics.is_empty() {
        return Err(format!("server panicked: {panics:?}"));
    }
    Ok(())
}
