//! `page`: how long the server takes to render the player page, and what each face weighs —
//! its HTML and the bundle it loads (/pkg), raw, gzip -9 and brotli q11 (as
//! scripts/bundle-size.sh counts them), and what the server actually sends when the browser
//! asks for gzip or brotli.

use crate::api::{self, Api};
use crate::server::{Sandbox, Server, PIN};
use crate::stats;
use std::io::Write;
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug, Clone)]
pub struct Opts {
    /// Requests for the response-time figure.
    #[arg(long, default_value_t = 1000)]
    pub requests: usize,
}

pub async fn run(sb: &Sandbox, port: u16, o: &Opts) -> Result<(), String> {
    let db = sb.db("page.sqlite");
    let log = sb.dir.join("page.log");
    let mut server = Server::start(sb, &db, port, &log)?;
    server.wait_ready(Duration::from_secs(30)).await?;
    let mut director = Api::new(api::http_client(), &server.base);
    director.login(PIN).await?;
    // A full room, so the pages render 300 players at 35 tables.
    let id = api::club_evening_setup(&director, 35, 300).await?;

    // Without automatic decompression: we count the bytes on the wire ourselves.
    let raw = api::raw_client()?;
    let base = server.base.clone();
    let get = |path: String, enc: &'static str| api::body_as_sent(raw.clone(), &base, path, enc);

    for _ in 0..20 {
        get("/player".into(), "gzip, deflate, br").await?; // warm-up
    }
    for (label, enc) in [("identity", "identity"), ("gzip, br", "gzip, deflate, br")] {
        let mut times = Vec::new();
        for _ in 0..o.requests {
            let t = Instant::now();
            get("/player".into(), enc).await?;
            times.push(t.elapsed());
        }
        println!(
            "{}",
            stats::line(
                &format!("GET /player (Accept-Encoding: {label}), whole body"),
                &times
            )
        );
    }

    // What each live page pays after every event: one get_view (the view of the whole room).
    for (label, enc) in [("identity", "identity"), ("gzip", "gzip"), ("br", "br")] {
        let mut times = Vec::new();
        let mut bytes = 0;
        for _ in 0..o.requests {
            let t = Instant::now();
            let res = raw
                .post(format!("{}/api/get_view", server.base))
                .header(reqwest::header::ACCEPT_ENCODING, enc)
                .form(&[("tournament", id.to_string())])
                .send()
                .await
                .map_err(|e| e.to_string())?;
            bytes = res.bytes().await.map_err(|e| e.to_string())?.len();
            times.push(t.elapsed());
        }
        println!(
            "{}  ({bytes} B on the wire)",
            stats::line(
                &format!("POST /api/get_view, 300 players (Accept-Encoding: {label})"),
                &times
            )
        );
    }
    let cpu0 = server.usage().map(|u| u.cpu);
    let t0 = Instant::now();
    for _ in 0..o.requests {
        raw.post(format!("{}/api/get_view", server.base))
            .header(reqwest::header::ACCEPT_ENCODING, "gzip, deflate, br")
            .form(&[("tournament", id.to_string())])
            .send()
            .await
            .map_err(|e| e.to_string())?
            .bytes()
            .await
            .map_err(|e| e.to_string())?;
    }
    if let (Some(a), Some(b)) = (cpu0, server.usage().map(|u| u.cpu)) {
        println!(
            "server CPU per get_view (as a browser asks: gzip, deflate, br): {:.2} ms ({} requests in {:.1} s)",
            (b - a).as_secs_f64() * 1000.0 / o.requests as f64,
            o.requests,
            t0.elapsed().as_secs_f64()
        );
    }

    // The same view as the pages fetch it since issue G's fix: `GET /view/{id}`, worked out
    // and gzip-compressed once per event number and second, the same bytes for every page.
    let cpu0 = server.usage().map(|u| u.cpu);
    let t0 = Instant::now();
    let mut times = Vec::new();
    let mut bytes = 0;
    for _ in 0..o.requests {
        let t = Instant::now();
        let res = raw
            .get(format!("{}/view/{id}", server.base))
            .header(reqwest::header::ACCEPT_ENCODING, "gzip, deflate, br")
            .send()
            .await
            .map_err(|e| e.to_string())?;
        bytes = res.bytes().await.map_err(|e| e.to_string())?.len();
        times.push(t.elapsed());
    }
    let elapsed = t0.elapsed();
    println!(
        "{}  ({bytes} B on the wire)",
        stats::line(
            "GET /view/{id}, 300 players (Accept-Encoding: gzip, deflate, br)",
            &times
        )
    );
    if let (Some(a), Some(b)) = (cpu0, server.usage().map(|u| u.cpu)) {
        println!(
            "server CPU per GET /view/{{id}}: {:.2} ms ({} requests in {:.1} s)",
            (b - a).as_secs_f64() * 1000.0 / o.requests as f64,
            o.requests,
            elapsed.as_secs_f64()
        );
    }

    println!("\n| file | raw | gzip -9 | brotli q11 | server sends (gzip) | server sends (br) |");
    println!("|---|---|---|---|---|---|");
    let html = get("/player".into(), "identity").await?;
    let mut assets: Vec<String> = Vec::new();
    let text = String::from_utf8_lossy(&html);
    for part in text.split(['"', '\'']) {
        if part.starts_with("/pkg/") && !assets.iter().any(|a| a == part) {
            assets.push(part.to_string());
        }
    }
    let mut total_player = [0usize; 5];
    for face in ["/player", "/screen", "/director", "/table/1"] {
        let row = sizes(&get, face).await?;
        print_row(face, row);
        if face == "/player" {
            add(&mut total_player, row);
        }
    }
    for asset in &assets {
        let row = sizes(&get, asset).await?;
        print_row(asset, row);
        add(&mut total_player, row);
    }
    print_row("player page total", total_player);
    server.stop().await?;
    Ok(())
}

fn add(total: &mut [usize; 5], row: [usize; 5]) {
    for (t, r) in total.iter_mut().zip(row) {
        *t += r;
    }
}

fn print_row(name: &str, r: [usize; 5]) {
    println!(
        "| {name} | {} B | {} B | {} B | {} B | {} B |",
        r[0], r[1], r[2], r[3], r[4]
    );
}

async fn sizes<F, Fut>(get: &F, path: &str) -> Result<[usize; 5], String>
where
    F: Fn(String, &'static str) -> Fut,
    Fut: std::future::Future<Output = Result<Vec<u8>, String>>,
{
    let body = get(path.to_string(), "identity").await?;
    let wire_gzip = get(path.to_string(), "gzip").await?.len();
    let wire_br = get(path.to_string(), "br").await?.len();
    Ok([
        body.len(),
        gzip9(&body),
        brotli11(&body),
        wire_gzip,
        wire_br,
    ])
}

fn gzip9(b: &[u8]) -> usize {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(9));
    let _ = e.write_all(b);
    e.finish().map(|v| v.len()).unwrap_or(0)
}

fn brotli11(b: &[u8]) -> usize {
    let mut out = Vec::new();
    let params = brotli::enc::BrotliEncoderParams {
        quality: 11,
        lgwin: 22,
        ..Default::default()
    };
    let _ = brotli::BrotliCompress(&mut &b[..], &mut out, &params);
    out.len()
}
