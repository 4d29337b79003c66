//! `hostile`: malformed and unauthorized requests against every server function and route —
//! random and truncated JSON and forms, wrong and expired session cookies, a table's key used
//! for another table, oversized bodies, unknown routes, huge numbers, wrong content types and
//! methods. Every request is one that must change nothing. Asserts: no 5xx, the process never
//! dies, no panic in its log, and the tournament's last event number does not move. Then
//! the attacks on the door (`siege`): a PIN burst, cross-site posts, idle and slow
//! connections, a formula name, the files' modes.

use crate::api::{self, Api};
use crate::server::{panics_in, Sandbox, Server, PIN};
use rand::seq::IndexedRandom;
use rand::Rng;
use serde_json::json;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[derive(clap::Args, Debug, Clone)]
pub struct Opts {
    #[arg(long, default_value_t = 10_000)]
    pub requests: usize,
    /// Requests in flight at once.
    #[arg(long, default_value_t = 8)]
    pub concurrency: usize,
}

const FUNCTIONS: [&str; 10] = [
    "get_view",
    "send_command",
    "create_tournament",
    "director_login",
    "director_logout",
    "table_links",
    "who_am_i",
    "ruling_situations",
    "ruling_step",
    "unknown_function",
];

/// One request: method, path, content type, cookie, body; and its kind for the report.
struct Req {
    kind: &'static str,
    method: reqwest::Method,
    path: String,
    content_type: Option<&'static str>,
    cookie: Option<String>,
    body: Vec<u8>,
}

#[derive(Default)]
struct Tally {
    by_status: BTreeMap<u16, usize>,
    by_kind: BTreeMap<(&'static str, u16), usize>,
    transport_errors: usize,
    transport_examples: Vec<String>,
    five_xx: Vec<String>,
}

pub async fn run(sb: &Sandbox, port: u16, o: &Opts) -> Result<(), String> {
    let db = sb.db("hostile.sqlite");
    let log = sb.dir.join("hostile.log");
    let mut server = Server::start(sb, &db, port, &log)?;
    server.wait_ready(Duration::from_secs(30)).await?;
    let mut director = Api::new(api::http_client(), &server.base);
    director.login(PIN).await?;
    let id = api::club_evening_setup(&director, 35, 300).await?;
    let keys: Vec<(u16, String)> = director.table_keys().await?;
    let view = director.view(id).await?;
    let before = view["last_seq"].as_u64().ok_or("no last_seq")?;
    let ctx = Arc::new(Ctx {
        id,
        keys,
        players: view["view"]["players"]
            .as_array()
            .map(|a| a.iter().filter_map(|p| p["player"].as_u64()).collect())
            .unwrap_or_default(),
        seat_of: view["view"]["tables"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|t| {
                let table = t["table"].as_u64().unwrap_or(0) as u16;
                t["seats"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(move |s| s["player"].as_u64().map(|p| (p, table)))
            })
            .collect(),
    });

    let tally = Arc::new(Mutex::new(Tally::default()));
    let next = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    // Hostile clients do not wait long: a slow answer counts as a transport error.
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .no_gzip()
        .build()
        .map_err(|e| e.to_string())?;
    let mut tasks = Vec::new();
    for _ in 0..o.concurrency {
        let (tally, next, ctx, http) = (tally.clone(), next.clone(), ctx.clone(), http.clone());
        let base = server.base.clone();
        let total = o.requests;
        tasks.push(tokio::spawn(async move {
            loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                if i >= total {
                    return;
                }
                let req = make(i, &ctx);
                let mut rb = http.request(req.method.clone(), format!("{base}{}", req.path));
                if let Some(ct) = req.content_type {
                    rb = rb.header(reqwest::header::CONTENT_TYPE, ct);
                }
                if let Some(c) = &req.cookie {
                    rb = rb.header(reqwest::header::COOKIE, c);
                }
                let res = rb.body(req.body.clone()).send().await;
                let r = match res {
                    Ok(r) => r,
                    Err(e) => {
                        // Counted as status 0 by kind; the server's side shows in its log.
                        let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
                        t.transport_errors += 1;
                        *t.by_kind.entry((req.kind, 0)).or_default() += 1;
                        if t.transport_examples.len() < 5 {
                            t.transport_examples.push(format!(
                                "{} {} {}: {e}",
                                req.method,
                                req.path.chars().take(60).collect::<String>(),
                                req.body.len()
                            ));
                        }
                        continue;
                    }
                };
                let status = r.status().as_u16();
                {
                    let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
                    *t.by_status.entry(status).or_default() += 1;
                    *t.by_kind.entry((req.kind, status)).or_default() += 1;
                }
                if status >= 500 {
                    let text = r.text().await.unwrap_or_default();
                    let body =
                        String::from_utf8_lossy(&req.body[..req.body.len().min(80)]).to_string();
                    let line = format!(
                        "{status} {} {} [{}] body {:?} -> {:?}",
                        req.kind,
                        req.path,
                        req.content_type.unwrap_or("-"),
                        body,
                        text.chars().take(120).collect::<String>()
                    );
                    tally
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .five_xx
                        .push(line);
                }
            }
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    let alive = server.alive();
    let after = if alive {
        api::last_seq_of(&director.view_text(id).await?).unwrap_or(0)
    } else {
        0
    };
    let t = std::mem::take(&mut *tally.lock().map_err(|_| "lock")?);
    println!(
        "{} hostile requests; answers by status: {:?}; transport errors: {}",
        o.requests, t.by_status, t.transport_errors
    );
    for e in &t.transport_examples {
        println!("  transport error: {e}");
    }
    println!("by kind and status (0 = no HTTP answer):");
    for ((kind, status), n) in &t.by_kind {
        println!("  {kind:<28} {status} x {n}");
    }
    let mut seen = BTreeMap::new();
    for line in &t.five_xx {
        // Group the 5xx by kind and path so the report stays short.
        let key: String = line.split(" body ").next().unwrap_or("").to_string();
        seen.entry(key).or_insert_with(|| line.clone());
    }
    println!(
        "5xx answers: {} (one example per kind and path below)",
        t.by_status
            .iter()
            .filter(|(s, _)| **s >= 500)
            .map(|(_, n)| n)
            .sum::<usize>()
    );
    for example in seen.values() {
        println!("  {example}");
    }
    let panics = panics_in(&log);
    println!(
        "server alive after all of it: {alive}; panics in its log: {}",
        panics.len()
    );
    for p in panics.iter().take(3) {
        println!("  {p}");
    }
    println!(
        "last_seq before {before}, after {after}: {}",
        if before == after {
            "unchanged"
        } else {
            "CHANGED"
        }
    );
    // Then the attacks on the door, while the director keeps working.
    let door = if alive {
        crate::siege::run(&director, id, &db).await
    } else {
        Ok(())
    };
    if server.alive() {
        server.stop().await?;
    }
    door
}

struct Ctx {
    id: i64,
    keys: Vec<(u16, String)>,
    players: Vec<u64>,
    seat_of: Vec<(u64, u16)>,
}

const HUGE: [&str; 8] = [
    "18446744073709551616",
    "-9223372036854775809",
    "1e308",
    "-1",
    "4294967296",
    "65536",
    "1.5",
    "99999999999999999999999999999999999999",
];

fn make(i: usize, c: &Ctx) -> Req {
    let mut rng = rand::rng();
    let f = *FUNCTIONS.choose(&mut rng).unwrap_or(&"get_view");
    let api = |name: &str| format!("/api/{name}");
    let post = reqwest::Method::POST;
    let form = Some("application/x-www-form-urlencoded");
    let jsonct = Some("application/json");
    let id = c.id;
    let valid_cmd = || {
        let p = c.players.choose(&mut rand::rng()).copied().unwrap_or(1);
        let all = [
            json!({"type": "start_clock"}),
            json!({"type": "pause_clock"}),
            json!({"type": "report_chips", "player": p, "chips": 5000}),
            json!({"type": "register_player", "name": "Mallory", "method": "cash", "present": true}),
            json!({"type": "undo_last", "reason": "x"}),
            json!({"type": "disqualify", "player": p, "reason": "x"}),
            json!({"type": "report_busts", "table": 1, "busts": [{"player": p, "eliminators": []}]}),
        ];
        all[rand::rng().random_range(0..all.len())].clone()
    };
    match i % 12 {
        // Random bytes to any function, with a random content type.
        0 => {
            let n = rng.random_range(0..512);
            let body: Vec<u8> = (0..n).map(|_| rng.random()).collect();
            let ct = *[
                form,
                jsonct,
                Some("text/plain"),
                None,
                Some("multipart/form-data; boundary=x"),
            ]
            .choose(&mut rng)
            .unwrap_or(&None);
            Req {
                kind: "random bytes",
                method: post,
                path: api(f),
                content_type: ct,
                cookie: None,
                body,
            }
        }
        // A valid-looking command body, truncated at a random point.
        1 => {
            let full = json!({"command_id": api::new_id(), "command": valid_cmd(), "table_key": null, "tournament": id}).to_string();
            let cut = rng.random_range(0..full.len());
            Req {
                kind: "truncated json",
                method: post,
                path: api("send_command"),
                content_type: jsonct,
                cookie: None,
                body: full.as_bytes()[..cut].to_vec(),
            }
        }
        // Well-formed commands with no session: must be UNAUTHORIZED (200 + Rejected).
        2 => {
            let body = json!({"command_id": api::new_id(), "command": valid_cmd(), "table_key": null, "tournament": id}).to_string();
            Req {
                kind: "no session",
                method: post,
                path: api("send_command"),
                content_type: jsonct,
                cookie: None,
                body: body.into_bytes(),
            }
        }
        // Wrong, expired-looking and malformed session cookies.
        3 => {
            let cookies = [
                format!("clubtd_session={}", hex64(&mut rng)),
                "clubtd_session=".to_string(),
                "clubtd_session=../../etc/passwd".to_string(),
                format!("clubtd_session={}", "a".repeat(4096)),
                format!(
                    "clubtd_session={}; clubtd_session={}",
                    hex64(&mut rng),
                    hex64(&mut rng)
                ),
                "=;;;=;clubtd_session".to_string(),
            ];
            let cookie = cookies.choose(&mut rng).cloned();
            let (path, ct, body) = if rng.random_bool(0.5) {
                (api("send_command"), jsonct, json!({"command_id": api::new_id(), "command": valid_cmd(), "table_key": null, "tournament": id}).to_string())
            } else {
                let target = ["table_links", "create_tournament", "who_am_i"]
                    .choose(&mut rng)
                    .copied()
                    .unwrap_or("who_am_i");
                (api(target), form, "name=Hostile".to_string())
            };
            Req {
                kind: "bad session cookie",
                method: post,
                path,
                content_type: ct,
                cookie,
                body: body.into_bytes(),
            }
        }
        // A table's key acting for another table, or for the director.
        4 => {
            let (own, key) = c
                .keys
                .choose(&mut rng)
                .cloned()
                .unwrap_or((1, String::new()));
            let other: Vec<&(u64, u16)> = c.seat_of.iter().filter(|(_, t)| *t != own).collect();
            let &(p, t) = other.choose(&mut rng).copied().unwrap_or(&(1, 2));
            let cmd = match rng.random_range(0..4) {
                0 => {
                    json!({"type": "report_busts", "table": t, "busts": [{"player": p, "eliminators": []}]})
                }
                1 => json!({"type": "set_button", "table": t, "seat": 1}),
                2 => json!({"type": "report_table_chips", "table": t, "counts": [[p, 100]]}),
                _ => json!({"type": "start_clock"}),
            };
            let body = json!({"command_id": api::new_id(), "command": cmd, "table_key": key, "tournament": id}).to_string();
            Req {
                kind: "table key, other table",
                method: post,
                path: api("send_command"),
                content_type: jsonct,
                cookie: None,
                body: body.into_bytes(),
            }
        }
        // Oversized bodies (3 MB and 12 MB).
        5 if i % 120 == 5 => {
            let n = if i % 240 == 5 { 3 << 20 } else { 12 << 20 };
            let mut body =
                br#"{"command_id":"x","command":{"type":"register_player","name":""#.to_vec();
            body.extend(std::iter::repeat_n(b'A', n));
            body.extend_from_slice(
                br#"","method":"cash","present":true},"table_key":null,"tournament":1}"#,
            );
            Req {
                kind: "oversized body",
                method: post,
                path: api(f),
                content_type: jsonct,
                cookie: None,
                body,
            }
        }
        // Unknown routes, odd methods, path tricks.
        5 | 6 => {
            let paths = [
                format!("/{}", hex64(&mut rng)),
                "/api/".to_string(),
                "/api/send_command/extra".to_string(),
                "/live/abc".to_string(),
                "/live/99999999999999999999".to_string(),
                format!("/live/{}", id + 1000),
                "/export/1/events.json".to_string(),
                "/export/x/results.csv".to_string(),
                "/pkg/../../../etc/passwd".to_string(),
                "/pkg/%2e%2e/%2e%2e/etc/passwd".to_string(),
                "/table/99999".to_string(),
                "/table/abc?key=zzz".to_string(),
                "/backup".to_string(),
                format!("/player?{}", "x=1&".repeat(2000)),
            ];
            let methods = [
                reqwest::Method::GET,
                reqwest::Method::POST,
                reqwest::Method::PUT,
                reqwest::Method::DELETE,
                reqwest::Method::PATCH,
            ];
            let path = paths.choose(&mut rng).cloned().unwrap_or_default();
            let method = methods
                .choose(&mut rng)
                .cloned()
                .unwrap_or(reqwest::Method::GET);
            Req {
                kind: "unknown route / method",
                method,
                path,
                content_type: None,
                cookie: None,
                body: Vec::new(),
            }
        }
        // Huge and negative numbers in every numeric place.
        7 => {
            let h = HUGE.choose(&mut rng).copied().unwrap_or("-1");
            let (path, ct, body) = match rng.random_range(0..4) {
                0 => (api("get_view"), form, format!("tournament={h}")),
                1 => (api("table_links"), form, format!("reissue={h}")),
                2 => (
                    api("send_command"),
                    jsonct,
                    format!(
                        r#"{{"command_id":"{}","command":{{"type":"report_chips","player":{h},"chips":{h}}},"table_key":null,"tournament":{h}}}"#,
                        api::new_id()
                    ),
                ),
                _ => (
                    api("send_command"),
                    jsonct,
                    format!(
                        r#"{{"command_id":"{}","command":{{"type":"adjust_clock","delta_seconds":{h}}},"table_key":null,"tournament":{id}}}"#,
                        api::new_id()
                    ),
                ),
            };
            Req {
                kind: "huge numbers",
                method: post,
                path,
                content_type: ct,
                cookie: None,
                body: body.into_bytes(),
            }
        }
        // Wrong content type: JSON to form functions, forms to JSON ones.
        8 => {
            let (path, ct, body) = if rng.random_bool(0.5) {
                (
                    api(f),
                    jsonct,
                    json!({"tournament": id, "pin": "0000", "name": "x"}).to_string(),
                )
            } else {
                (
                    api(["send_command", "ruling_step"][rng.random_range(0..2)]),
                    form,
                    format!("command_id=x&command=start_clock&tournament={id}"),
                )
            };
            Req {
                kind: "wrong content type",
                method: post,
                path,
                content_type: ct,
                cookie: None,
                body: body.into_bytes(),
            }
        }
        // Random form fields to the form functions (wrong PINs included: they lock out).
        9 => {
            let fields = [
                "tournament",
                "pin",
                "name",
                "reissue",
                "flow",
                "answers",
                "x",
            ];
            let mut body = String::new();
            for _ in 0..rng.random_range(0..5) {
                let k = fields.choose(&mut rng).copied().unwrap_or("x");
                let v: String = (0..rng.random_range(0..40))
                    .map(|_| rng.random_range(b' '..=b'~') as char)
                    .collect();
                body.push_str(&format!("{k}={}&", urlish(&v)));
            }
            Req {
                kind: "random form",
                method: post,
                path: api(f),
                content_type: form,
                cookie: None,
                body: body.into_bytes(),
            }
        }
        // Structurally wrong JSON for the JSON functions.
        10 => {
            let bodies = [
                r#"{"command_id": 5, "command": "start", "table_key": 1, "tournament": "a"}"#.to_string(),
                r#"{"command_id": "", "command": {"type": "start_clock"}, "table_key": null, "tournament": null}"#.to_string(),
                format!(r#"{{"command_id": "{}", "command": {{"type": "start_clock"}}, "table_key": null, "tournament": {id}}}"#, "x".repeat(100)),
                r#"{"command_id": "a", "command": {"type": "no_such_command"}}"#.to_string(),
                format!("{}{}", "[".repeat(5000), "]".repeat(5000)),
                r#"{"flow": "missed_blind", "answers": [1, 2, {"x": null}]}"#.to_string(),
                format!(r#"{{"flow": "{}", "answers": []}}"#, "z".repeat(10_000)),
                "null".to_string(),
                "\"\\ud800\"".to_string(),
            ];
            let path = api(["send_command", "ruling_step"][rng.random_range(0..2)]);
            let body = bodies.choose(&mut rng).cloned().unwrap_or_default();
            Req {
                kind: "wrong json shape",
                method: post,
                path,
                content_type: jsonct,
                cookie: None,
                body: body.into_bytes(),
            }
        }
        // GET and other methods on the server functions.
        _ => {
            let method = [
                reqwest::Method::GET,
                reqwest::Method::PUT,
                reqwest::Method::DELETE,
            ]
            .choose(&mut rng)
            .cloned()
            .unwrap_or(reqwest::Method::GET);
            Req {
                kind: "wrong method",
                method,
                path: format!("{}?tournament={id}", api(f)),
                content_type: None,
                cookie: None,
                body: Vec::new(),
            }
        }
    }
}

fn hex64(rng: &mut impl Rng) -> String {
    (0..64)
        .map(|_| char::from_digit(rng.random_range(0..16), 16).unwrap_or('0'))
        .collect()
}

/// Percent-encodes the few characters that would split a form field.
fn urlish(s: &str) -> String {
    s.replace('%', "%25")
        .replace('&', "%26")
        .replace('=', "%3D")
        .replace('+', "%2B")
}
