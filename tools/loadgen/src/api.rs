//! The server's wire protocol as a page speaks it: server functions at `POST /api/<name>`
//! (form-encoded or JSON arguments, JSON answers) and the director's session cookie.

use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::time::Duration;

/// The answer to `send_command`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    Accepted(u64),
    Rejected(String),
}

/// A client of one server, optionally signed in as the director.
#[derive(Clone)]
pub struct Api {
    pub http: reqwest::Client,
    pub base: String,
    /// `clubtd_session=<token>` once signed in.
    pub cookie: Option<String>,
}

/// A client that leaves bodies compressed: the bytes on the wire are counted by the caller.
pub fn raw_client() -> Result<reqwest::Client, String> {
    reqwest::Client::builder()
        .no_gzip()
        .build()
        .map_err(|e| e.to_string())
}

/// `GET base + path` asking for `enc`, with a `raw_client`: the body as it was sent.
pub async fn body_as_sent(
    raw: reqwest::Client,
    base: &str,
    path: String,
    enc: &str,
) -> Result<Vec<u8>, String> {
    let res = raw
        .get(format!("{base}{path}"))
        .header(reqwest::header::ACCEPT_ENCODING, enc)
        .send()
        .await
        .map_err(|e| e.to_string())?;
    if !res.status().is_success() {
        return Err(format!("{path}: {}", res.status()));
    }
    res.bytes()
        .await
        .map(|b| b.to_vec())
        .map_err(|e| e.to_string())
}

/// The players seated at each table (every table listed, an empty one too), from the whole
/// view.
pub fn seated(view: &Value) -> BTreeMap<u16, Vec<u64>> {
    let mut tables = BTreeMap::new();
    for t in view["view"]["tables"].as_array().into_iter().flatten() {
        let seats: Vec<u64> = t["seats"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|s| s["player"].as_u64())
            .collect();
        if let Some(n) = t["table"].as_u64() {
            tables.insert(n as u16, seats);
        }
    }
    tables
}

/// An HTTP client for loopback: generous pool so hundreds of pages can share it.
pub fn http_client() -> reqwest::Client {
    reqwest::Client::builder()
        .pool_max_idle_per_host(1024)
        .timeout(Duration::from_secs(60))
        .build()
        .unwrap_or_else(|_| reqwest::Client::new())
}

impl Api {
    pub fn new(http: reqwest::Client, base: &str) -> Api {
        Api {
            http,
            base: base.to_string(),
            cookie: None,
        }
    }

    fn post(&self, name: &str) -> reqwest::RequestBuilder {
        let rb = self.http.post(format!("{}/api/{name}", self.base));
        match &self.cookie {
            Some(c) => rb.header(reqwest::header::COOKIE, c),
            None => rb,
        }
    }

    /// Signs in with the PIN and keeps the session cookie.
    pub async fn login(&mut self, pin: &str) -> Result<(), String> {
        let res = self
            .post("director_login")
            .form(&[("pin", pin)])
            .send()
            .await
            .map_err(|e| format!("director_login: {e}"))?;
        let cookie = res
            .headers()
            .get_all(reqwest::header::SET_COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find(|v| v.starts_with("clubtd_session="))
            .and_then(|v| v.split(';').next())
            .map(str::to_string);
        let body = res.text().await.map_err(|e| e.to_string())?;
        self.cookie = Some(cookie.ok_or_else(|| format!("director_login refused: {body}"))?);
        Ok(())
    }

    /// Opens a new tournament (director) and sends its configuration; returns its id.
    pub async fn new_tournament(&self, config: Value) -> Result<i64, String> {
        let name = config["name"].as_str().unwrap_or("load").to_string();
        let body: Value = self
            .post("create_tournament")
            .form(&[("name", name.as_str())])
            .send()
            .await
            .map_err(|e| format!("create_tournament: {e}"))?
            .json()
            .await
            .map_err(|e| format!("create_tournament answer: {e}"))?;
        let id = body
            .as_i64()
            .ok_or_else(|| format!("create_tournament refused: {body}"))?;
        let cmd = json!({"type": "create_tournament", "config": config});
        match self.send(&new_id(), &cmd, None, id).await? {
            Reply::Accepted(_) => Ok(id),
            Reply::Rejected(code) => Err(format!("configuration refused: {code}")),
        }
    }

    /// Sends one command; an error is a transport failure or a non-2xx status.
    pub async fn send(
        &self,
        command_id: &str,
        command: &Value,
        table_key: Option<&str>,
        tournament: i64,
    ) -> Result<Reply, String> {
        let res = self
            .post("send_command")
            .json(&json!({
                "command_id": command_id,
                "command": command,
                "table_key": table_key,
                "tournament": tournament,
            }))
            .send()
            .await
            .map_err(|e| format!("send_command: {e}"))?;
        let status = res.status();
        let text = res.text().await.map_err(|e| e.to_string())?;
        if !status.is_success() {
            return Err(format!("send_command: {status}: {text}"));
        }
        parse_reply(&text)
    }

    /// The view as JSON text (what the console downloads: `GET /view/{id}`, the bytes the
    /// server shares between all pages, gzip-compressed once per event number).
    pub async fn view_text(&self, tournament: i64) -> Result<String, String> {
        self.face_text(tournament, "").await
    }

    /// One face's view as JSON text (`face`: `""` for the whole view, `/screen`, `/table/3`,
    /// `/player/7`…, as the pages fetch them since issue Y.4).
    pub async fn face_text(&self, tournament: i64, face: &str) -> Result<String, String> {
        let res = self
            .http
            .get(format!("{}/view/{tournament}{face}", self.base))
            .send()
            .await
            .map_err(|e| format!("view{face}: {e}"))?;
        let status = res.status();
        let text = res.text().await.map_err(|e| e.to_string())?;
        if !status.is_success() {
            return Err(format!("view{face}: {status}: {text}"));
        }
        Ok(text)
    }

    /// The view, parsed.
    pub async fn view(&self, tournament: i64) -> Result<Value, String> {
        let text = self.view_text(tournament).await?;
        serde_json::from_str(&text).map_err(|e| format!("get_view answer: {e}"))
    }

    /// Each open table's key (director), from the pairing links `/table/<n>?t=<id>&key=<key>`.
    pub async fn table_keys(&self) -> Result<Vec<(u16, String)>, String> {
        let links: Value = self
            .post("table_links")
            .form::<[(&str, &str); 0]>(&[])
            .send()
            .await
            .map_err(|e| format!("table_links: {e}"))?
            .json()
            .await
            .map_err(|e| format!("table_links answer: {e}"))?;
        let mut keys = Vec::new();
        for l in links.as_array().ok_or("table_links: not a list")? {
            let table = l["table"].as_u64().unwrap_or(0) as u16;
            let key = l["path"]
                .as_str()
                .and_then(|p| p.split("key=").nth(1))
                .ok_or("table_links: no key in path")?;
            keys.push((table, key.to_string()));
        }
        Ok(keys)
    }

    /// The director's export of the log (`/export/{id}/events.json`): `{seq, event}` items.
    pub async fn exported_events(&self, tournament: i64) -> Result<Vec<Value>, String> {
        let mut rb = self
            .http
            .get(format!("{}/export/{tournament}/events.json", self.base));
        if let Some(c) = &self.cookie {
            rb = rb.header(reqwest::header::COOKIE, c);
        }
        let v: Value = rb
            .send()
            .await
            .map_err(|e| format!("export: {e}"))?
            .json()
            .await
            .map_err(|e| format!("export answer: {e}"))?;
        match v {
            Value::Array(items) => Ok(items),
            _ => Err("export: no event list".to_string()),
        }
    }
}

/// Reads `{"Accepted":{"last_seq":N}}` or `{"Rejected":{"code":..}}`.
pub fn parse_reply(text: &str) -> Result<Reply, String> {
    let v: Value = serde_json::from_str(text).map_err(|e| format!("reply {text}: {e}"))?;
    if let Some(seq) = v["Accepted"]["last_seq"].as_u64() {
        return Ok(Reply::Accepted(seq));
    }
    if let Some(code) = v["Rejected"]["code"].as_str() {
        return Ok(Reply::Rejected(code.to_string()));
    }
    Err(format!("unexpected reply {text}"))
}

/// A fresh command id, as a page makes one.
pub fn new_id() -> String {
    format!("{:032x}", rand::random::<u128>())
}

/// `last_seq` of a view's JSON text without parsing the whole view (the load generator
/// must not become the bottleneck when 400 pages refetch).
pub fn last_seq_of(view: &str) -> Option<u64> {
    let at = view.find("\"last_seq\":")? + "\"last_seq\":".len();
    let digits: String = view[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// The club-evening configuration (`templates::club_evening`) as the server reads it, with
/// every table open from the start so 300 entries spread over all 35.
pub fn club_evening(name: &str, tables: u16) -> Value {
    let list: Vec<u16> = (1..=tables).collect();
    let order: Vec<u16> = list.iter().rev().copied().collect();
    let blinds: [(i64, i64, i64); 16] = [
        (25, 50, 0),
        (50, 100, 0),
        (75, 150, 150),
        (100, 200, 200),
        (150, 300, 300),
        (200, 400, 400),
        (300, 600, 600),
        (400, 800, 800),
        (500, 1000, 1000),
        (700, 1400, 1400),
        (1000, 2000, 2000),
        (1500, 3000, 3000),
        (2000, 4000, 4000),
        (3000, 6000, 6000),
        (4000, 8000, 8000),
        (5000, 10000, 10000),
    ];
    let mut levels = Vec::new();
    for (i, (sb, bb, ante)) in blinds.into_iter().enumerate() {
        levels.push(json!({"kind": "play", "small_blind": sb, "big_blind": bb, "ante": ante, "minutes": 20}));
        match i {
            3 => levels.push(json!({"kind": "break", "minutes": 10, "colour_up": 25})),
            7 => levels.push(json!({"kind": "break", "minutes": 15, "colour_up": 100})),
            11 => levels.push(json!({"kind": "break", "minutes": 10, "colour_up": null})),
            _ => {}
        }
    }
    json!({
        "name": name,
        "prize_part": 2000, "house_fee": 200, "bounty_part": 0, "bounty_kind": "none",
        "max_entries": 2,
        "late_registration": {"kind": "until_level", "level": 4, "through_break": true},
        "starting_stack": 10000,
        "bonus": {"chips": 2000, "until_level": 1},
        "table_size": 9,
        "tables": list,
        "tables_at_start": tables,
        "break_order": order,
        "levels": levels,
        "ante_kind": "big_blind_ante",
        "payouts": {"brackets": [
            {"max_entries": 10, "shares_bp": [6500, 3500]},
            {"max_entries": 20, "shares_bp": [5000, 3000, 2000]},
            {"max_entries": 30, "shares_bp": [4500, 2700, 1700, 1100]},
            {"max_entries": 45, "shares_bp": [4000, 2500, 1600, 1100, 800]},
            {"max_entries": 60, "shares_bp": [3700, 2300, 1500, 1050, 800, 650]},
            {"max_entries": 100, "shares_bp": [3300, 2100, 1400, 1000, 750, 550, 400, 300, 200]},
            {"max_entries": 100000, "shares_bp": [2900, 1850, 1250, 950, 750, 600, 500, 400, 320, 280, 200]}
        ], "rounding": 500},
        "stop_table_at": 4,
        "balance_trigger": 2
    })
}

/// A `register_player` command for player number `n`.
pub fn register(n: usize) -> Value {
    json!({"type": "register_player", "name": format!("Player {n}"), "method": "cash", "present": true})
}

/// Signs in, opens a 35-table tournament, registers `players`, sets every button and starts
/// the clock. Returns the tournament id and the number of accepted commands.
pub async fn club_evening_setup(api: &Api, tables: u16, players: usize) -> Result<i64, String> {
    let id = api
        .new_tournament(club_evening("Load evening", tables))
        .await?;
    for n in 0..players {
        expect_accepted(
            api.send(&new_id(), &register(n), None, id).await?,
            "register",
        )?;
    }
    let view = api.view(id).await?;
    for t in view["view"]["tables"].as_array().ok_or("view: no tables")? {
        let Some(seat) = t["seats"].as_array().and_then(|s| s.first()) else {
            continue;
        };
        let cmd = json!({"type": "set_button", "table": t["table"], "seat": seat["seat"]});
        expect_accepted(api.send(&new_id(), &cmd, None, id).await?, "set_button")?;
    }
    let start = json!({"type": "start_clock"});
    expect_accepted(api.send(&new_id(), &start, None, id).await?, "start_clock")?;
    Ok(id)
}

fn expect_accepted(reply: Reply, what: &str) -> Result<u64, String> {
    match reply {
        Reply::Accepted(seq) => Ok(seq),
        Reply::Rejected(code) => Err(format!("{what} rejected: {code}")),
    }
}
