//! The server under test: a private copy of the release binary and its site directory (the
//! main tree may be rebuilt while a benchmark runs), started on loopback with a fresh SQLite
//! file, probed for readiness, measured through /proc and killed on demand.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};
use tokio::process::{Child, Command};

/// The director PIN every benchmark server is started with.
pub const PIN: &str = "246813";

/// Where the copied binary, its site root and the databases live for one run.
#[derive(Clone, Debug)]
pub struct Sandbox {
    pub dir: PathBuf,
    pub bin: PathBuf,
    pub site: PathBuf,
}

impl Sandbox {
    /// Copies `bin` and `site` into a fresh directory under `work`.
    pub fn prepare(bin: &Path, site: &Path, work: &Path, name: &str) -> Result<Sandbox, String> {
        let dir = work.join(format!("{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let target = dir.join("clubtd");
        std::fs::copy(bin, &target).map_err(|e| format!("copy {}: {e}", bin.display()))?;
        let site_copy = dir.join("site");
        copy_dir(site, &site_copy).map_err(|e| format!("copy {}: {e}", site.display()))?;
        Ok(Sandbox {
            dir,
            bin: target,
            site: site_copy,
        })
    }

    /// A database path inside the sandbox (not created: the server makes it).
    pub fn db(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }
}

fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let dest = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_dir(&entry.path(), &dest)?;
        } else {
            std::fs::copy(entry.path(), dest)?;
        }
    }
    Ok(())
}

/// A running server process.
pub struct Server {
    child: Child,
    pub pid: u32,
    pub base: String,
}

impl Server {
    /// Starts the server on `127.0.0.1:port` with `db`; its output is appended to `log`.
    pub fn start(sb: &Sandbox, db: &Path, port: u16, log: &Path) -> Result<Server, String> {
        let out = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(log)
            .map_err(|e| format!("{}: {e}", log.display()))?;
        let err = out.try_clone().map_err(|e| e.to_string())?;
        let child = Command::new(&sb.bin)
            .arg("--addr")
            .arg(format!("127.0.0.1:{port}"))
            .arg("--db")
            .arg(db)
            // The PIN by the environment, as the README advises (ps shows flags).
            .env("CLUBTD_DIRECTOR_PIN", PIN)
            .arg("--no-demo")
            .arg("--log")
            .arg("warn")
            .env("LEPTOS_SITE_ROOT", &sb.site)
            .env("LEPTOS_SITE_PKG_DIR", "pkg")
            .env("LEPTOS_OUTPUT_NAME", "clubtd")
            .env("LEPTOS_WASM_OUTPUT_NAME", "clubtd")
            .current_dir(&sb.dir)
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| format!("start {}: {e}", sb.bin.display()))?;
        let pid = child.id().ok_or("server exited at once")?;
        Ok(Server {
            child,
            pid,
            base: format!("http://127.0.0.1:{port}"),
        })
    }

    /// Waits until the HTTP port answers a server function; returns the time it took.
    pub async fn wait_ready(&mut self, timeout: Duration) -> Result<Duration, String> {
        let started = Instant::now();
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(2))
            .build()
            .map_err(|e| e.to_string())?;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Err(format!("server exited during start-up: {status}"));
            }
            // The shared view answers as soon as the engine has replayed every tournament.
            let answered = http
                .get(format!("{}/view/current", self.base))
                .send()
                .await
                .is_ok_and(|r| r.status().is_success());
            if answered {
                return Ok(started.elapsed());
            }
            if started.elapsed() > timeout {
                return Err("server did not answer in time".into());
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    }

    /// Is the process still running?
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// SIGKILL, as in a crash or a pulled plug (minus the disk cache), and reaps it.
    pub async fn kill9(mut self) {
        let _ = self.child.start_kill();
        let _ = self.child.wait().await;
    }

    /// SIGTERM: the graceful stop a club's service manager would do.
    pub async fn stop(mut self) -> Result<(), String> {
        let _ = std::process::Command::new("kill")
            .arg("-TERM")
            .arg(self.pid.to_string())
            .status();
        match tokio::time::timeout(Duration::from_secs(10), self.child.wait()).await {
            Ok(_) => Ok(()),
            Err(_) => {
                self.kill9().await;
                Err("server did not stop within 10 s of SIGTERM".into())
            }
        }
    }

    /// CPU time (user + system) and resident memory of the process.
    pub fn usage(&self) -> Option<Usage> {
        proc_usage(self.pid)
    }
}

/// Lines of the server's log that report a panic.
pub fn panics_in(log: &Path) -> Vec<String> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .filter(|l| l.contains("panicked"))
        .map(str::to_string)
        .collect()
}

/// One reading of /proc for a process.
#[derive(Clone, Copy, Debug)]
pub struct Usage {
    /// User + system CPU time so far.
    pub cpu: Duration,
    /// Resident set size now, and its peak (VmHWM), in KiB.
    pub rss_kib: u64,
    pub peak_rss_kib: u64,
}

fn proc_usage(pid: u32) -> Option<Usage> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name (which may contain spaces) start after the last ')'.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the full line, i.e. 11 and 12 here (0-based).
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    let hz = clock_ticks();
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kib = |key: &str| {
        status
            .lines()
            .find(|l| l.starts_with(key))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(0)
    };
    Some(Usage {
        cpu: Duration::from_millis(ticks * 1000 / hz),
        rss_kib: kib("VmRSS:"),
        peak_rss_kib: kib("VmHWM:"),
    })
}

/// `getconf CLK_TCK` (100 on every Linux we run on; asked rather than assumed).
fn clock_ticks() -> u64 {
    std::process::Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(100)
}

/// The load generator's own CPU and memory (it shares the two cores with the server).
pub fn self_usage() -> Option<Usage> {
    proc_usage(std::process::id())
}
