//! `faces`: what each face downloads to follow one bust in a 300-player evening (issue Y.4):
//! the console's whole view, the room screen's and a player's own, after each of a few busts,
//! in bytes on the wire (gzip, as a browser asks) and as JSON; then the server's time and CPU
//! per request of each. A live page also gets one server-sent message per change (`id: <n>`
//! and `data: <n>`, about 30 bytes) before it fetches its view.

use crate::api::{self, Api, Reply};
use crate::server::{Sandbox, Server, PIN};
use crate::stats;
use serde_json::json;
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug, Clone)]
pub struct Opts {
    /// Busts reported, each followed by every face's fetch.
    #[arg(long, default_value_t = 10)]
    pub busts: usize,
    /// Requests per face for the time and CPU figures.
    #[arg(long, default_value_t = 500)]
    pub requests: usize,
}

pub async fn run(sb: &Sandbox, port: u16, o: &Opts) -> Result<(), String> {
    let db = sb.db("faces.sqlite");
    let log = sb.dir.join("faces.log");
    let mut server = Server::start(sb, &db, port, &log)?;
    server.wait_ready(Duration::from_secs(30)).await?;
    let mut director = Api::new(api::http_client(), &server.base);
    director.login(PIN).await?;
    let id = api::club_evening_setup(&director, 35, 300).await?;
    // Every stack counted once, so the chip leaders are named (as in a real evening).
    let mut tables = api::seated(&director.view(id).await?);
    tables.retain(|_, seats| !seats.is_empty());
    for (n, player) in tables.values().flatten().enumerate() {
        let cmd = json!({"type": "report_chips", "player": player, "chips": 20_000 + n * 37});
        accepted(director.send(&api::new_id(), &cmd, None, id).await?)?;
    }
    // The player whose page is followed, never busted here.
    let me = *tables.values().flatten().next().ok_or("nobody seated")?;
    for seats in tables.values_mut() {
        seats.retain(|p| *p != me);
    }
    // The table device of the table the busts are reported at first (the fullest).
    let busy = tables
        .iter()
        .max_by_key(|(_, s)| s.len())
        .map(|(t, _)| *t)
        .ok_or("no table")?;
    let faces = [
        ("console (whole view)", format!("/view/{id}")),
        ("table device", format!("/view/{id}/table/{busy}")),
        ("seat search", format!("/view/{id}/seats")),
        ("door (landing, sign-up form)", format!("/view/{id}/door")),
        ("room screen", format!("/view/{id}/screen")),
        ("personal page", format!("/view/{id}/player/{me}")),
    ];

    // Without automatic decompression: the bytes on the wire are counted here.
    let raw = api::raw_client()?;
    let base = server.base.clone();
    let get = |path: String, enc: &'static str| api::body_as_sent(raw.clone(), &base, path, enc);

    let mut wire: Vec<Vec<usize>> = vec![Vec::new(); faces.len()];
    let mut json_bytes: Vec<Vec<usize>> = vec![Vec::new(); faces.len()];
    for i in 0..o.busts {
        // A bust at the fullest table, by the next player there.
        let (&table, seats) = tables
            .iter_mut()
            .max_by_key(|(_, s)| s.len())
            .ok_or("no table")?;
        if seats.len() < 3 {
            break;
        }
        let busted = seats.remove(i % seats.len());
        let winner = seats[0];
        let cmd = json!({"type": "report_busts", "table": table,
            "busts": [{"player": busted, "eliminators": [winner]}]});
        accepted(director.send(&api::new_id(), &cmd, None, id).await?)?;
        for (f, (_, path)) in faces.iter().enumerate() {
            wire[f].push(get(path.clone(), "gzip, deflate, br").await?.len());
            let body = get(path.clone(), "identity").await?;
            if body == b"null" {
                return Err(format!("{path} answered null"));
            }
            json_bytes[f].push(body.len());
        }
    }
    println!(
        "\nAfter each of {} busts (300 players at 35 tables, every stack counted):\n",
        wire[0].len()
    );
    println!("| face | address | on the wire (gzip), median / max | JSON, median / max |");
    println!("|---|---|---|---|");
    for (f, (name, path)) in faces.iter().enumerate() {
        let (w, j) = (median_max(&mut wire[f]), median_max(&mut json_bytes[f]));
        let path = path
            .replace(&format!("/player/{me}"), "/player/{p}")
            .replace(&format!("/table/{busy}"), "/table/{n}")
            .replace(&format!("/view/{id}"), "/view/{id}");
        println!(
            "| {name} | `{path}` | {} B / {} B | {} B / {} B |",
            w.0, w.1, j.0, j.1
        );
    }

    println!();
    for (name, path) in &faces {
        let cpu0 = server.usage().map(|u| u.cpu);
        let t0 = Instant::now();
        let mut times = Vec::new();
        for _ in 0..o.requests {
            let t = Instant::now();
            get(path.clone(), "gzip, deflate, br").await?;
            times.push(t.elapsed());
        }
        let elapsed = t0.elapsed();
        println!("{}", stats::line(&format!("GET {name}"), &times));
        if let (Some(a), Some(b)) = (cpu0, server.usage().map(|u| u.cpu)) {
            println!(
                "  server CPU per request: {:.3} ms ({} requests in {:.1} s)",
                (b - a).as_secs_f64() * 1000.0 / o.requests as f64,
                o.requests,
                elapsed.as_secs_f64()
            );
        }
    }
    server.stop().await?;
    Ok(())
}

fn accepted(reply: Reply) -> Result<(), String> {
    match reply {
        Reply::Accepted(_) => Ok(()),
        Reply::Rejected(code) => Err(format!("refused: {code}")),
    }
}

fn median_max(v: &mut [usize]) -> (usize, usize) {
    v.sort_unstable();
    (
        v.get(v.len() / 2).copied().unwrap_or(0),
        v.last().copied().unwrap_or(0),
    )
}
