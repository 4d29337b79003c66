//! `evening`: a club evening on one server — 300 entries at 35 tables, 400 live pages on the
//! SSE stream (a share of them refetching the view like a page does), commands at a club's
//! pace, then as fast as the server takes them. Measures command latency, fan-out to every
//! page, sustained rate, and the server's CPU and memory.

use crate::api::{self, Api, Reply};
use crate::server::{Sandbox, Server, Usage, PIN};
use crate::stats;
use futures::StreamExt;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug, Clone)]
pub struct Opts {
    /// Live pages on the SSE stream.
    #[arg(long, default_value_t = 400)]
    pub clients: usize,
    /// Share of the pages that refetch the view after a message (1.0 = every page, as the
    /// real pages do).
    #[arg(long, default_value_t = 1.0)]
    pub viewers: f64,
    #[arg(long, default_value_t = 35)]
    pub tables: u16,
    #[arg(long, default_value_t = 300)]
    pub players: usize,
    /// Seconds of commands at a club's pace.
    #[arg(long, default_value_t = 60)]
    pub paced_secs: u64,
    /// Milliseconds between paced commands.
    #[arg(long, default_value_t = 1000)]
    pub pace_ms: u64,
    /// Seconds of each as-fast-as-possible phase (with and without view refetches).
    #[arg(long, default_value_t = 20)]
    pub burst_secs: u64,
    /// Concurrent writers in the burst phases.
    #[arg(long, default_value_t = 4)]
    pub writers: usize,
    /// The viewers fetch their own face's view, as the pages do since issue Y.4: one console
    /// (the whole view), one device per table, one room screen, then players' pages and seat
    /// searches taking turns. Without it every viewer fetches the whole view (the figures of
    /// the sessions before).
    #[arg(long)]
    pub faces: bool,
}

/// The view page `i` of the evening fetches (after `/view/{id}`): with `faces`, the room's
/// mix of faces; else the whole view.
fn face_of(i: usize, faces: bool, tables: u16, players: usize) -> String {
    let tables = usize::from(tables);
    match i {
        _ if !faces => String::new(),
        0 => String::new(),
        t if t <= tables => format!("/table/{t}"),
        t if t == tables + 1 => "/screen".into(),
        n if n % 2 == 0 => format!("/player/{}", (n - tables) % players.max(1) + 1),
        _ => "/seats".into(),
    }
}

/// What one live page saw: every SSE message, and (for viewers) every view it fetched.
#[derive(Default)]
struct PageLog {
    messages: Vec<(u64, Instant)>,
    views: Vec<(u64, Instant)>,
    view_errors: usize,
}

/// One command as sent: when, what it answered, how long the answer took.
struct Sent {
    phase: &'static str,
    at: Instant,
    latency: Duration,
    reply: Result<Reply, String>,
}

/// The seated players per table, as the writers know them (refreshed from the view).
#[derive(Default)]
struct Room {
    tables: BTreeMap<u16, Vec<u64>>,
}

impl Room {
    fn from_view(view: &Value) -> Room {
        Room {
            tables: api::seated(view),
        }
    }

    fn alive(&self) -> Vec<u64> {
        self.tables.values().flatten().copied().collect()
    }

    /// A bust at the fullest table: (table, busted, eliminator).
    fn bust(&mut self, rng: &mut impl Rng) -> Option<(u16, u64, u64)> {
        let (&table, seats) = self.tables.iter_mut().max_by_key(|(_, s)| s.len())?;
        if seats.len() < 3 {
            return None;
        }
        let i = rng.random_range(0..seats.len());
        let busted = seats.remove(i);
        let eliminator = seats[rng.random_range(0..seats.len())];
        Some((table, busted, eliminator))
    }
}

pub async fn run(sb: &Sandbox, port: u16, o: &Opts) -> Result<(), String> {
    let db = sb.db("evening.sqlite");
    let log = sb.dir.join("evening.log");
    let mut server = Server::start(sb, &db, port, &log)?;
    server.wait_ready(Duration::from_secs(30)).await?;
    let http = api::http_client();
    let mut director = Api::new(http.clone(), &server.base);
    director.login(PIN).await?;

    // Setup: registrations and buttons, timed like any other command but reported apart.
    let setup_started = Instant::now();
    let id = api::club_evening_setup(&director, o.tables, o.players).await?;
    let setup = setup_started.elapsed();
    let keys: BTreeMap<u16, String> = director.table_keys().await?.into_iter().collect();
    println!(
        "setup: tournament {id}, {} entries at {} tables, buttons, clock: {:.1} s",
        o.players,
        o.tables,
        setup.as_secs_f64()
    );

    // The live pages.
    let fetching = Arc::new(AtomicBool::new(true));
    let connected = Arc::new(AtomicUsize::new(0));
    let viewers = ((o.clients as f64) * o.viewers).round() as usize;
    let mut pages = Vec::new();
    for i in 0..o.clients {
        let page = Arc::new(Mutex::new(PageLog::default()));
        pages.push(page.clone());
        tokio::spawn(live_page(
            Api::new(http.clone(), &server.base),
            id,
            face_of(i, o.faces, o.tables, o.players),
            page,
            i < viewers,
            fetching.clone(),
            connected.clone(),
        ));
    }
    let wait = Instant::now();
    while connected.load(Ordering::SeqCst) < o.clients {
        if wait.elapsed() > Duration::from_secs(60) {
            return Err(format!(
                "only {} of {} pages connected",
                connected.load(Ordering::SeqCst),
                o.clients
            ));
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    println!(
        "{} live pages connected in {:.2} s ({} refetch the view after each message)",
        o.clients,
        wait.elapsed().as_secs_f64(),
        viewers
    );
    tokio::time::sleep(Duration::from_secs(2)).await;

    let sent: Arc<Mutex<Vec<Sent>>> = Arc::default();
    let room = Arc::new(Mutex::new(Room::from_view(&director.view(id).await?)));

    // Phase 1: a club's pace, from the table devices (busts, with their keys) and the director.
    // Meanwhile a process of its own times the director's commands, free of this one's
    // queueing behind 400 pages.
    let probe = tokio::process::Command::new(std::env::current_exe().map_err(|e| e.to_string())?)
        .args([
            "probe",
            "--base",
            &server.base,
            "--tournament",
            &id.to_string(),
        ])
        .args(["--secs", &o.paced_secs.to_string(), "--every-ms", "500"])
        .stdout(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| format!("probe: {e}"))?;
    let u0 = usage(&server)?;
    let t0 = Instant::now();
    let mut tick = tokio::time::interval(Duration::from_millis(o.pace_ms));
    let mut n = 0u64;
    while t0.elapsed() < Duration::from_secs(o.paced_secs) {
        tick.tick().await;
        n += 1;
        let (cmd, key) = paced_command(n, &room, &keys);
        let s = timed_send(&director, &cmd, key.as_deref(), id, "paced").await;
        sent.lock().map_err(|_| "lock")?.push(s);
        if n.is_multiple_of(10) {
            if let Ok(v) = director.view(id).await {
                *room.lock().map_err(|_| "lock")? = Room::from_view(&v);
            }
        }
    }
    let paced_wall = t0.elapsed();
    let u1 = usage(&server)?;
    let probed = probe
        .wait_with_output()
        .await
        .map_err(|e| format!("probe: {e}"))?;
    let probed = String::from_utf8_lossy(&probed.stdout).trim().to_string();

    // Phases 2 and 3: as fast as it goes, with the pages refetching, then with SSE only.
    let mut bursts = Vec::new();
    for (phase, fetch) in [("burst+views", true), ("burst-sse-only", false)] {
        fetching.store(fetch, Ordering::SeqCst);
        tokio::time::sleep(Duration::from_secs(2)).await;
        let before = usage(&server)?;
        let start = Instant::now();
        let until = start + Duration::from_secs(o.burst_secs);
        let mut tasks = Vec::new();
        for w in 0..o.writers {
            let director = director.clone();
            let sent = sent.clone();
            let alive = room.lock().map_err(|_| "lock")?.alive();
            tasks.push(tokio::spawn(async move {
                let mut rng = StdRng::seed_from_u64(w as u64);
                while Instant::now() < until {
                    let player = alive[rng.random_range(0..alive.len())];
                    let chips: i64 = rng.random_range(1_000..=20_000);
                    let cmd = json!({"type": "report_chips", "player": player, "chips": chips});
                    let s = timed_send(&director, &cmd, None, id, phase).await;
                    if let Ok(mut v) = sent.lock() {
                        v.push(s);
                    }
                }
            }));
        }
        for t in tasks {
            let _ = t.await;
        }
        let wall = start.elapsed();
        let after = usage(&server)?;
        bursts.push((phase, wall, before, after));
    }
    fetching.store(true, Ordering::SeqCst);
    // Let the last messages and views arrive before reading the page logs.
    tokio::time::sleep(Duration::from_secs(3)).await;

    // Report.
    let sent = std::mem::take(&mut *sent.lock().map_err(|_| "lock")?);
    let logs: Vec<PageLog> = pages
        .iter()
        .map(|p| std::mem::take(&mut *p.lock().unwrap_or_else(|e| e.into_inner())))
        .collect();
    let errors = sent.iter().filter(|s| s.reply.is_err()).count();
    let rejected = sent
        .iter()
        .filter(|s| matches!(s.reply, Ok(Reply::Rejected(_))))
        .count();
    println!(
        "\ncommands: {} sent, {} errors, {} rejected by the rules",
        sent.len(),
        errors,
        rejected
    );
    for (i, s) in sent.iter().filter(|s| s.reply.is_err()).take(5).enumerate() {
        println!("  error {i}: {:?}", s.reply);
    }
    let mut codes: BTreeMap<String, usize> = BTreeMap::new();
    for s in &sent {
        if let Ok(Reply::Rejected(c)) = &s.reply {
            *codes.entry(c.clone()).or_default() += 1;
        }
    }
    if !codes.is_empty() {
        println!("  rejections: {codes:?}");
    }
    for phase in ["paced", "burst+views", "burst-sse-only"] {
        let of: Vec<&Sent> = sent.iter().filter(|s| s.phase == phase).collect();
        let lat: Vec<Duration> = of.iter().map(|s| s.latency).collect();
        println!(
            "{}",
            stats::line(&format!("[{phase}] command latency"), &lat)
        );
        if phase == "paced" {
            println!("[paced] {probed}");
        }
        let (fan, missing) = fan_out(&of, &logs, |p| &p.messages);
        println!(
            "{}  (not delivered to every page: {missing})",
            stats::line(
                &format!("[{phase}] fan-out to all {} pages", o.clients),
                &fan
            )
        );
        if phase != "burst-sse-only" && viewers > 0 {
            let (fresh, missing) = fan_out(&of, &logs, |p| &p.views);
            println!(
                "{}  (never seen: {missing})",
                stats::line(
                    &format!("[{phase}] until all {viewers} viewers hold the new view"),
                    &fresh
                )
            );
        }
    }
    let cpu = |a: Usage, b: Usage, wall: Duration| {
        (b.cpu.saturating_sub(a.cpu)).as_secs_f64() / wall.as_secs_f64() * 100.0
    };
    println!(
        "[paced] {} commands in {:.1} s; server CPU {:.0} % of one core",
        sent.iter().filter(|s| s.phase == "paced").count(),
        paced_wall.as_secs_f64(),
        cpu(u0, u1, paced_wall)
    );
    for (phase, wall, before, after) in &bursts {
        let accepted = sent
            .iter()
            .filter(|s| s.phase == *phase && matches!(s.reply, Ok(Reply::Accepted(_))))
            .count();
        println!(
            "[{phase}] sustained {:.0} accepted commands/s ({accepted} in {:.1} s, {} writers); server CPU {:.0} % of one core",
            accepted as f64 / wall.as_secs_f64(),
            wall.as_secs_f64(),
            o.writers,
            cpu(*before, *after, *wall)
        );
    }
    let views: usize = logs.iter().map(|l| l.views.len()).sum();
    let view_errors: usize = logs.iter().map(|l| l.view_errors).sum();
    let view_bytes = director.view_text(id).await?.len();
    println!("views fetched by pages: {views} ({view_errors} failed); one view is {view_bytes} B of JSON before compression");
    let end = usage(&server)?;
    println!(
        "server memory: RSS now {:.1} MiB, peak {:.1} MiB",
        end.rss_kib as f64 / 1024.0,
        end.peak_rss_kib as f64 / 1024.0
    );
    if let Some(me) = crate::server::self_usage() {
        println!(
            "load generator (same 2 cores): CPU {:.1} s, peak RSS {:.1} MiB",
            me.cpu.as_secs_f64(),
            me.peak_rss_kib as f64 / 1024.0
        );
    }
    let panics = crate::server::panics_in(&log);
    println!("server panics in log: {}", panics.len());
    server.stop().await?;
    Ok(())
}

fn usage(server: &Server) -> Result<Usage, String> {
    server
        .usage()
        .ok_or_else(|| "server process gone".to_string())
}

/// The paced mix: every other command a bust from the table's own device, else a chip count
/// or (every tenth) a clock adjustment from the director.
fn paced_command(
    n: u64,
    room: &Mutex<Room>,
    keys: &BTreeMap<u16, String>,
) -> (Value, Option<String>) {
    let mut rng = rand::rng();
    let mut room = room.lock().unwrap_or_else(|e| e.into_inner());
    if n.is_multiple_of(2) {
        if let Some((table, player, winner)) = room.bust(&mut rng) {
            let cmd = json!({"type": "report_busts", "table": table,
                "busts": [{"player": player, "eliminators": [winner]}]});
            return (cmd, keys.get(&table).cloned());
        }
    }
    if n % 10 == 5 {
        return (json!({"type": "adjust_clock", "delta_seconds": 1}), None);
    }
    let alive = room.alive();
    let player = alive
        .get(rng.random_range(0..alive.len().max(1)))
        .copied()
        .unwrap_or(1);
    let chips: i64 = rng.random_range(1_000..=20_000);
    (
        json!({"type": "report_chips", "player": player, "chips": chips}),
        None,
    )
}

async fn timed_send(
    api: &Api,
    cmd: &Value,
    key: Option<&str>,
    id: i64,
    phase: &'static str,
) -> Sent {
    let at = Instant::now();
    let reply = api.send(&api::new_id(), cmd, key, id).await;
    Sent {
        phase,
        at,
        latency: at.elapsed(),
        reply,
    }
}

/// For each accepted command: from its send to the moment the last page saw a number at
/// least its `last_seq` (a page that lags may skip numbers: the newest one covers them).
fn fan_out(
    sent: &[&Sent],
    logs: &[PageLog],
    pick: impl Fn(&PageLog) -> &Vec<(u64, Instant)>,
) -> (Vec<Duration>, usize) {
    let mut out = Vec::new();
    let mut missing = 0;
    for s in sent {
        let Ok(Reply::Accepted(seq)) = s.reply else {
            continue;
        };
        let mut last = s.at;
        let mut complete = true;
        let mut any = false;
        for log in logs {
            let seen = pick(log);
            if seen.is_empty() {
                continue; // not a viewer
            }
            any = true;
            let i = seen.partition_point(|(q, _)| *q < seq);
            match seen.get(i) {
                Some((_, t)) => last = last.max(*t),
                None => complete = false,
            }
        }
        if !any {
            continue;
        }
        if complete {
            out.push(last.duration_since(s.at));
        } else {
            missing += 1;
        }
    }
    (out, missing)
}

/// One live page: reads the SSE stream, and (a viewer) refetches the view when the number
/// moves. Refetches are one at a time per page; messages that arrive during a fetch are
/// covered by one more fetch (the newest view covers them all).
async fn live_page(
    api: Api,
    id: i64,
    face: String,
    log: Arc<Mutex<PageLog>>,
    viewer: bool,
    fetching: Arc<AtomicBool>,
    connected: Arc<AtomicUsize>,
) {
    let (tx, mut rx) = tokio::sync::watch::channel(0u64);
    if viewer {
        let log = log.clone();
        let api = api.clone();
        tokio::spawn(async move {
            while rx.changed().await.is_ok() {
                rx.borrow_and_update();
                if !fetching.load(Ordering::Relaxed) {
                    continue;
                }
                let got = api.face_text(id, &face).await;
                let now = Instant::now();
                let mut l = log.lock().unwrap_or_else(|e| e.into_inner());
                match got.ok().and_then(|v| api::last_seq_of(&v)) {
                    Some(seq) => l.views.push((seq, now)),
                    None => l.view_errors += 1,
                }
            }
        });
    }
    let res = match api
        .http
        .get(format!("{}/live/{id}", api.base))
        .timeout(Duration::from_secs(24 * 3600))
        .send()
        .await
    {
        Ok(r) if r.status().is_success() => r,
        _ => return,
    };
    connected.fetch_add(1, Ordering::SeqCst);
    let mut stream = res.bytes_stream();
    let mut buf = Vec::new();
    while let Some(Ok(chunk)) = stream.next().await {
        let now = Instant::now();
        buf.extend_from_slice(&chunk);
        while let Some(nl) = buf.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = buf.drain(..=nl).collect();
            let Some(rest) = line.strip_prefix(b"data:") else {
                continue;
            };
            let Some(seq) = std::str::from_utf8(rest)
                .ok()
                .and_then(|s| s.trim().parse::<u64>().ok())
            else {
                continue;
            };
            log.lock()
                .unwrap_or_else(|e| e.into_inner())
                .messages
                .push((seq, now));
            let _ = tx.send(seq);
        }
    }
}
