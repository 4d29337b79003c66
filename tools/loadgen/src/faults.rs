//! `faults`: kill -9 the server at random moments during a stream of busts (from the table
//! devices) and chip counts (from the director), restart it, and check after every restart:
//!
//! 1. every command that got an `Accepted` answer, resent with the same id, gets the same
//!    answer, and the resends do not move the last event number (never applied twice);
//! 2. commands in flight at the kill (no answer) are resent with their id: whatever the
//!    server answers now is their one outcome (asked twice: the same answer);
//! 3. each of these commands makes exactly one event, so the acknowledged event numbers must
//!    be exactly `setup+1 ..= last_seq`, and the director's export must list `1..=last_seq`
//!    without a gap: nothing acknowledged is lost, nothing is applied twice or unasked;
//! 4. the replayed state agrees with the acknowledged commands: every acknowledged bust is a
//!    busted player, every other bust candidate still plays, every counted stack is the
//!    newest acknowledged count;
//! 5. at the end, the view of the running server (replay, then live commands) equals the view
//!    after one more restart (pure replay), clock readouts aside.

use crate::api::{self, Api, Reply};
use crate::server::{panics_in, Sandbox, Server, PIN};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug, Clone)]
pub struct Opts {
    /// How many times the server is killed.
    #[arg(long, default_value_t = 25)]
    pub kills: usize,
    /// Concurrent chip-count writers (plus one table device reporting busts).
    #[arg(long, default_value_t = 3)]
    pub writers: usize,
}

/// A command as sent, and what we know of its outcome.
#[derive(Clone, Debug)]
struct Sent {
    id: String,
    cmd: Value,
    key: Option<String>,
    /// `None`: no answer (in flight when the server died).
    reply: Option<Reply>,
}

/// Players 1..=150 may be busted; 151..=300 only get chip counts (so no count races a bust).
const BUSTABLE: u64 = 150;

pub async fn run(sb: &Sandbox, port: u16, o: &Opts) -> Result<(), String> {
    let db = sb.db("faults.sqlite");
    let log = sb.dir.join("faults.log");
    let mut server = Server::start(sb, &db, port, &log)?;
    server.wait_ready(Duration::from_secs(30)).await?;
    let http = api::http_client();
    let mut director = Api::new(http.clone(), &server.base);
    director.login(PIN).await?;
    let id = api::club_evening_setup(&director, 35, 300).await?;
    let keys: BTreeMap<u16, String> = director.table_keys().await?.into_iter().collect();
    let view = director.view(id).await?;
    let setup_last = view["last_seq"].as_u64().ok_or("view without last_seq")?;
    // Where everyone sits (nobody moves: the stream sends no moves).
    let mut seat_of: BTreeMap<u64, u16> = BTreeMap::new();
    for t in view["view"]["tables"].as_array().into_iter().flatten() {
        for s in t["seats"].as_array().into_iter().flatten() {
            if let (Some(p), Some(tb)) = (s["player"].as_u64(), t["table"].as_u64()) {
                seat_of.insert(p, tb as u16);
            }
        }
    }

    let mut acked: BTreeMap<u64, Sent> = BTreeMap::new(); // by last_seq
    let mut busted: BTreeSet<u64> = BTreeSet::new();
    let mut rng = StdRng::from_os_rng();
    let mut totals = Totals::default();
    for round in 0..o.kills {
        let sent: Arc<Mutex<Vec<Sent>>> = Arc::default();
        let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let mut tasks = Vec::new();
        for _ in 0..o.writers {
            tasks.push(tokio::spawn(chip_writer(
                director.clone(),
                id,
                sent.clone(),
                stop.clone(),
            )));
        }
        tasks.push(tokio::spawn(bust_writer(
            director.clone(),
            id,
            sent.clone(),
            stop.clone(),
            seat_of.clone(),
            busted.clone(),
            keys.clone(),
        )));
        let moment = Duration::from_millis(rng.random_range(50..1500));
        tokio::time::sleep(moment).await;
        server.kill9().await;
        stop.store(true, std::sync::atomic::Ordering::SeqCst);
        for t in tasks {
            let _ = t.await;
        }
        let t0 = Instant::now();
        server = Server::start(sb, &db, port, &log)?;
        server.wait_ready(Duration::from_secs(60)).await?;
        let restart = t0.elapsed();
        director.base = server.base.clone();

        let sent = std::mem::take(&mut *sent.lock().map_err(|_| "lock")?);
        let (answered, unknown): (Vec<Sent>, Vec<Sent>) =
            sent.into_iter().partition(|s| s.reply.is_some());
        // 1. Acknowledged commands resent: same answer, no new event.
        let before = last_seq(&director, id).await?;
        for s in &answered {
            let again = director.send(&s.id, &s.cmd, s.key.as_deref(), id).await?;
            if Some(&again) != s.reply.as_ref() {
                return Err(format!(
                    "round {round}: {} answered {:?}, then {again:?}",
                    s.id, s.reply
                ));
            }
        }
        // …and a sample of earlier rounds' acknowledged commands.
        let earlier: Vec<&Sent> = acked.values().collect();
        for _ in 0..earlier.len().min(50) {
            let s = earlier[rng.random_range(0..earlier.len())];
            let again = director.send(&s.id, &s.cmd, s.key.as_deref(), id).await?;
            if Some(&again) != s.reply.as_ref() {
                return Err(format!(
                    "round {round}: earlier {} answered {:?}, then {again:?}",
                    s.id, s.reply
                ));
            }
        }
        let after = last_seq(&director, id).await?;
        if after != before {
            return Err(format!(
                "round {round}: resending acknowledged commands moved last_seq {before} -> {after}"
            ));
        }
        // 2. Commands without an answer: resend; the answer must not change when asked again.
        let mut resolved = Vec::new();
        for mut s in unknown {
            let first = director.send(&s.id, &s.cmd, s.key.as_deref(), id).await?;
            let second = director.send(&s.id, &s.cmd, s.key.as_deref(), id).await?;
            if first != second {
                return Err(format!(
                    "round {round}: retry of {} answered {first:?}, then {second:?}",
                    s.id
                ));
            }
            if matches!(first, Reply::Accepted(seq) if seq <= before) {
                totals.in_flight_committed += 1;
            }
            s.reply = Some(first);
            resolved.push(s);
        }
        totals.in_flight += resolved.len();
        for s in answered.into_iter().chain(resolved) {
            match s.reply {
                Some(Reply::Accepted(seq)) => {
                    totals.acked += 1;
                    if let Some(p) = bust_player(&s.cmd) {
                        busted.insert(p);
                    }
                    if let Some(prev) = acked.insert(seq, s) {
                        return Err(format!(
                            "round {round}: two commands answered with event {seq}: {}",
                            prev.id
                        ));
                    }
                }
                Some(Reply::Rejected(code)) => {
                    totals.rejected += 1;
                    *totals.codes.entry(code).or_default() += 1;
                }
                None => {}
            }
        }
        // 3. The log, as the director exports it, against the acknowledged commands.
        let last = last_seq(&director, id).await?;
        check_log(
            &director.exported_events(id).await?,
            &acked,
            setup_last,
            last,
        )
        .map_err(|e| format!("round {round}: {e}"))?;
        // 4. The replayed state agrees with the acknowledged commands.
        check_model(&director.view(id).await?, &acked, &busted)
            .map_err(|e| format!("round {round}: {e}"))?;
        println!(
            "kill {:>2} at {:>4} ms: restarted in {:>4} ms; last_seq {last}; {} acknowledged so far, {} in flight at the kill",
            round + 1,
            moment.as_millis(),
            restart.as_millis(),
            acked.len(),
            totals.in_flight
        );
    }
    // 5. Live state == pure replay.
    let live = strip_clock(director.view(id).await?);
    server.stop().await?;
    server = Server::start(sb, &db, port, &log)?;
    server.wait_ready(Duration::from_secs(60)).await?;
    director.base = server.base.clone();
    let replayed = strip_clock(director.view(id).await?);
    let same = live == replayed;
    if !same {
        // Both kept beside the logs, to be compared.
        for (name, v) in [("live", &live), ("replayed", &replayed)] {
            let path = sb.dir.with_file_name(format!("faults-view-{name}.json"));
            let _ = std::fs::write(&path, serde_json::to_string_pretty(v).unwrap_or_default());
            println!("view {name}: {}", path.display());
        }
    }
    server.stop().await?;
    let panics = panics_in(&log);
    println!(
        "\n{} kills; {} commands acknowledged, {} rejected by the rules {:?}; {} had no answer at the kill ({} of them had been committed before it)",
        o.kills, totals.acked, totals.rejected, totals.codes, totals.in_flight, totals.in_flight_committed
    );
    println!("acknowledged commands lost: 0; applied twice: 0 (every check above passed)");
    println!("view after the last restart equals the view before it (clock aside): {same}");
    println!("server panics in log: {}", panics.len());
    if !same || !panics.is_empty() {
        return Err("faults: state after replay differs, or the server panicked".into());
    }
    Ok(())
}

#[derive(Default)]
struct Totals {
    acked: usize,
    rejected: usize,
    in_flight: usize,
    in_flight_committed: usize,
    codes: BTreeMap<String, usize>,
}

async fn last_seq(api: &Api, id: i64) -> Result<u64, String> {
    api::last_seq_of(&api.view_text(id).await?).ok_or_else(|| "view without last_seq".into())
}

fn bust_player(cmd: &Value) -> Option<u64> {
    (cmd["type"] == "report_busts").then(|| cmd["busts"][0]["player"].as_u64())?
}

/// The export lists events 1..=last without a gap; the event at each acknowledged number is
/// that command's (nothing acknowledged lost); there are exactly as many chip counts and bust
/// reports after the setup as acknowledged ones (nothing applied twice, nothing unasked).
fn check_log(
    events: &[Value],
    acked: &BTreeMap<u64, Sent>,
    setup_last: u64,
    last: u64,
) -> Result<(), String> {
    let seqs: Vec<u64> = events.iter().filter_map(|e| e["seq"].as_u64()).collect();
    if seqs != (1..=last).collect::<Vec<u64>>() {
        return Err(format!(
            "export has {} events for last_seq {last}, or a gap",
            seqs.len()
        ));
    }
    for (seq, s) in acked {
        let e = &events[(*seq - 1) as usize]["event"];
        let same = match s.cmd["type"].as_str() {
            Some("report_chips") => {
                e["type"] == "chips_counted"
                    && e["player"] == s.cmd["player"]
                    && e["chips"] == s.cmd["chips"]
            }
            Some("report_busts") => {
                e["type"] == "busts_recorded"
                    && e["busts"][0]["player"] == s.cmd["busts"][0]["player"]
            }
            _ => false,
        };
        if !same {
            return Err(format!(
                "acknowledged event {seq} ({}) is {e} in the log",
                s.cmd
            ));
        }
    }
    let after_setup = &events[setup_last as usize..];
    for (event, command) in [
        ("chips_counted", "report_chips"),
        ("busts_recorded", "report_busts"),
    ] {
        let logged = after_setup
            .iter()
            .filter(|e| e["event"]["type"] == event)
            .count();
        let answered = acked.values().filter(|s| s.cmd["type"] == command).count();
        if logged != answered {
            return Err(format!(
                "{logged} {event} events in the log, {answered} acknowledged {command}"
            ));
        }
    }
    Ok(())
}

fn check_model(
    view: &Value,
    acked: &BTreeMap<u64, Sent>,
    busted: &BTreeSet<u64>,
) -> Result<(), String> {
    let mut count: BTreeMap<u64, i64> = BTreeMap::new();
    for s in acked.values() {
        if s.cmd["type"] == "report_chips" {
            if let (Some(p), Some(c)) = (s.cmd["player"].as_u64(), s.cmd["chips"].as_i64()) {
                count.insert(p, c); // ascending seq: the newest count wins
            }
        }
    }
    for p in view["view"]["players"]
        .as_array()
        .ok_or("view without players")?
    {
        let player = p["player"].as_u64().unwrap_or(0);
        let status = p["status"].as_str().unwrap_or("");
        let out = status.eq_ignore_ascii_case("busted");
        if player <= BUSTABLE && out != busted.contains(&player) {
            return Err(format!(
                "player {player} is {status}, acknowledged bust: {}",
                busted.contains(&player)
            ));
        }
        if let Some(c) = count.get(&player) {
            if p["stack"].as_i64() != Some(*c) {
                return Err(format!(
                    "player {player} stack {} but last acknowledged count {c}",
                    p["stack"]
                ));
            }
        }
    }
    Ok(())
}

/// The view without what moves with the wall clock.
fn strip_clock(mut v: Value) -> Value {
    if let Some(view) = v.get_mut("view").and_then(Value::as_object_mut) {
        view.remove("clock");
        // Counts down with the wall clock like the clock itself.
        view.remove("ms_to_registration_close");
        if let Some(ps) = view.get_mut("penalties").and_then(Value::as_array_mut) {
            for p in ps {
                if let Some(o) = p.as_object_mut() {
                    o.remove("ms_left");
                }
            }
        }
    }
    v
}

async fn chip_writer(
    api: Api,
    id: i64,
    sent: Arc<Mutex<Vec<Sent>>>,
    stop: Arc<std::sync::atomic::AtomicBool>,
) {
    let mut rng = StdRng::from_os_rng();
    while !stop.load(std::sync::atomic::Ordering::SeqCst) {
        let player: u64 = rng.random_range(BUSTABLE + 1..=300);
        let chips: i64 = rng.random_range(1_000..=20_000);
        let cmd = json!({"type": "report_chips", "player": player, "chips": chips});
        let cid = api::new_id();
        let reply = api.send(&cid, &cmd, None, id).await.ok();
        let dead = reply.is_none();
        if let Ok(mut v) = sent.lock() {
            v.push(Sent {
                id: cid,
                cmd,
                key: None,
                reply,
            });
        }
        if dead {
            return;
        }
    }
}

/// One table device after another reports a bust, with its own table key.
async fn bust_writer(
    api: Api,
    id: i64,
    sent: Arc<Mutex<Vec<Sent>>>,
    stop: Arc<std::sync::atomic::AtomicBool>,
    seat_of: BTreeMap<u64, u16>,
    mut busted: BTreeSet<u64>,
    keys: BTreeMap<u16, String>,
) {
    let mut rng = StdRng::from_os_rng();
    while !stop.load(std::sync::atomic::Ordering::SeqCst) {
        let candidates: Vec<u64> = (1..=BUSTABLE).filter(|p| !busted.contains(p)).collect();
        if candidates.is_empty() {
            return;
        }
        let player = candidates[rng.random_range(0..candidates.len())];
        let Some(&table) = seat_of.get(&player) else {
            return;
        };
        let Some(winner) = seat_of
            .iter()
            .find(|(p, t)| **t == table && **p != player && !busted.contains(p))
            .map(|(p, _)| *p)
        else {
            busted.insert(player); // alone at the table: leave them be
            continue;
        };
        let cmd = json!({"type": "report_busts", "table": table,
            "busts": [{"player": player, "eliminators": [winner]}]});
        let key = keys.get(&table).cloned();
        let cid = api::new_id();
        let reply = api.send(&cid, &cmd, key.as_deref(), id).await.ok();
        let dead = reply.is_none();
        busted.insert(player);
        if let Ok(mut v) = sent.lock() {
            v.push(Sent {
                id: cid,
                cmd,
                key,
                reply,
            });
        }
        if dead {
            return;
        }
        // A table reports a hand every few seconds; here a bust every 200 ms keeps the
        // stream busy without using up the 150 bust candidates in the first rounds.
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}
