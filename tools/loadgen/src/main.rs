//! Load, fault and hostile-input benchmarks for the clubtd server (issue G): drives the real
//! release binary over loopback with a fresh SQLite file and prints the figures that go to
//! BENCHMARKS.md. A measurement tool, not a test: it fails only when the server breaks a
//! promise (a lost or doubled command, a wrong replay) or cannot be driven at all.

mod api;
mod evening;
mod faces;
mod faults;
mod hostile;
mod page;
mod probe;
mod raw;
mod reconnect;
mod server;
mod siege;
mod startup;
mod stats;

use clap::{Parser, Subcommand};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(about)]
struct Cli {
    /// The release server binary (copied before use: it may be rebuilt meanwhile).
    #[arg(long, default_value = "/work/main/target/release/clubtd")]
    server: PathBuf,
    /// The site root the server serves /pkg from (copied too).
    #[arg(long, default_value = "/work/main/target/site")]
    site: PathBuf,
    /// Where the copies and the SQLite files go (the disk under test).
    #[arg(long, default_value = "/tmp/clubtd-loadgen")]
    work: PathBuf,
    /// Loopback port for the server; below Linux's ephemeral range (32768–60999), where a
    /// client connection of an earlier run could still hold it.
    #[arg(long, default_value_t = 28_080)]
    port: u16,
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// 400 live pages, commands at a club's pace, then as fast as possible.
    Evening(evening::Opts),
    /// Durable SQLite inserts on the same disk, and the server's rate for the same work.
    RawSqlite(raw::Opts),
    /// Restart time with a 10,000-event tournament.
    Startup(startup::Opts),
    /// Player page response time and bytes per face.
    Page(page::Opts),
    /// What each face's live view weighs after a bust (issue Y.4).
    Faces(faces::Opts),
    /// kill -9 during a command stream; nothing acknowledged lost, nothing applied twice.
    Faults(faults::Opts),
    /// Malformed and unauthorized requests: no 5xx, no panic, no state change.
    Hostile(hostile::Opts),
    /// Every table device reconnects at once with commands in its outbox (issue N).
    Reconnect(reconnect::Opts),
    /// The director's command latency from a process of its own, against a running server
    /// (`evening` starts one during its paced phase).
    Probe(probe::Opts),
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    if let Cmd::Probe(o) = &cli.cmd {
        return match probe::run(o).await {
            Ok(()) => std::process::ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("loadgen probe: {e}");
                std::process::ExitCode::FAILURE
            }
        };
    }
    let name = match &cli.cmd {
        Cmd::Evening(_) => "evening",
        Cmd::RawSqlite(_) => "raw-sqlite",
        Cmd::Startup(_) => "startup",
        Cmd::Page(_) => "page",
        Cmd::Faces(_) => "faces",
        Cmd::Faults(_) => "faults",
        Cmd::Hostile(_) => "hostile",
        Cmd::Reconnect(_) => "reconnect",
        Cmd::Probe(_) => "probe",
    };
    let sb = match server::Sandbox::prepare(&cli.server, &cli.site, &cli.work, name) {
        Ok(sb) => sb,
        Err(e) => {
            eprintln!("loadgen: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    println!("== {name} (server copied to {}) ==", sb.dir.display());
    let result = match &cli.cmd {
        Cmd::Evening(o) => evening::run(&sb, cli.port, o).await,
        Cmd::RawSqlite(o) => raw::run(&sb, cli.port, o).await,
        Cmd::Startup(o) => startup::run(&sb, cli.port, o).await,
        Cmd::Page(o) => page::run(&sb, cli.port, o).await,
        Cmd::Faces(o) => faces::run(&sb, cli.port, o).await,
        Cmd::Faults(o) => faults::run(&sb, cli.port, o).await,
        Cmd::Hostile(o) => hostile::run(&sb, cli.port, o).await,
        Cmd::Reconnect(o) => reconnect::run(&sb, cli.port, o).await,
        Cmd::Probe(o) => probe::run(o).await,
    };
    // The SQLite files can be large; the figures are printed, the files are not needed.
    // The server's log stays beside the sandbox, for a panic or an error to be read.
    for entry in std::fs::read_dir(&sb.dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "log") {
            let _ = std::fs::rename(&path, cli.work.join(entry.file_name()));
        }
    }
    let _ = std::fs::remove_dir_all(&sb.dir);
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("loadgen {name}: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
