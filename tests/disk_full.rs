//! A full disk, for real (issue X, item 2): the database on a small file system that fills
//! up (a tmpfs mounted by the test, where the machine lets it: root), and on any machine the
//! same with SQLite's own page limit. What must hold: a command is acknowledged only once it
//! is durable, a failed commit leaves the memory exactly as the database, the refusal has a
//! code of its own (`DISK_FULL`, HTTP 507), and writing works again by itself once space
//! returns, with no restart. Every acknowledged command is then found in the file, once.

mod common;

use clubtd::domain::Command;
use clubtd::server::engine::{Engine, EngineError, Reply};
use clubtd::server::store::Store;
use common::{director, director_client, open_engine, real_server_at};
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};

/// A ruling recorded at table 1 (any number of them is accepted: each accepted one is one
/// line of the incident log to count later).
fn ruling() -> Command {
    serde_json::from_value(json!({
        "type": "record_ruling", "table": 1, "flow": "talking",
        "answers": [{"type": "yes_no", "value": false}, {"type": "choice", "value": 1}, {"type": "count", "value": 3}]
    }))
    .expect("a ruling")
}

/// The tournament's lines in the incident log, as `engine` holds it.
fn incidents(engine: &Engine, id: i64) -> usize {
    engine
        .snapshot(id)
        .expect("the tournament")
        .state
        .incidents
        .len()
}

/// `engine`'s tournament is exactly what the file holds (as read by a restart).
async fn same_as_file(engine: &Engine, db: &Path, id: i64) {
    let fresh = open_engine(db).await;
    let (mine, file) = (engine.snapshot(id).unwrap(), fresh.snapshot(id).unwrap());
    assert_eq!(mine.last_seq, file.last_seq, "the same last event");
    assert!(*mine.state == *file.state, "the same state");
    fresh.store().close().await;
}

/// Fills the file system holding `dir` to the last byte with a file of its own.
fn fill(dir: &Path) -> PathBuf {
    let filler = dir.join("filler.bin");
    let mut f = std::fs::File::create(&filler).expect("the filler file");
    let block = vec![0xA5u8; 4096];
    loop {
        match f.write(&block) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::StorageFull => break,
            Err(e) => panic!("filling: {e}"),
        }
    }
    let _ = f.sync_all();
    filler
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_the_page_limit_nothing_acknowledged_is_lost_and_writing_comes_back() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.sqlite");
    // A tournament to write to, then the file held to what it has plus a little.
    let id = {
        let engine = open_engine(&db).await;
        let id = clubtd::server::demo::seed_if_empty(&engine)
            .await
            .unwrap()
            .expect("the demo tournament");
        engine.store().close().await;
        id
    };
    // The file's pages now, from a connection of the test's own (no limit on it).
    let test_conn = common::inspect(&db).await;
    let pages: i64 = sqlx::query_scalar("PRAGMA page_count")
        .fetch_one(&test_conn)
        .await
        .unwrap();
    // A filler table takes the room up to the limit; deleting it later gives the room back
    // (its pages go to the free list, which the limit does not count against).
    let limit = u32::try_from(pages + 40).unwrap();
    sqlx::query("CREATE TABLE filler (b BLOB)")
        .execute(&test_conn)
        .await
        .unwrap();
    let engine = Engine::open(Store::open_limited(&db, Some(limit)).await.unwrap())
        .await
        .unwrap();
    loop {
        let filled = sqlx::query("INSERT INTO filler VALUES (zeroblob(3000))")
            .execute(&test_conn)
            .await;
        let now: i64 = sqlx::query_scalar("PRAGMA page_count")
            .fetch_one(&test_conn)
            .await
            .unwrap();
        if filled.is_err() || now >= i64::from(limit) {
            break;
        }
    }
    let at_start = incidents(&engine, id);
    let mut accepted = BTreeSet::new();
    let mut full = 0;
    for i in 0..60 {
        match engine
            .submit(id, &format!("disk-{i}"), &ruling(), &director())
            .await
        {
            Ok(Reply::Accepted { .. }) => {
                accepted.insert(i);
            }
            Err(e @ EngineError::Unwritten { .. }) => {
                assert!(e.is_disk_full(), "a full disk says so: {e}");
                full += 1;
            }
            other => panic!("command {i}: {other:?}"),
        }
        // The memory is the database after every answer: what readers see is the log.
        same_as_file(&engine, &db, id).await;
    }
    assert!(
        full > 0,
        "the limit was reached ({} accepted)",
        accepted.len()
    );
    // Room again, no restart: the same taps sent again are carried out, once each.
    sqlx::query("DELETE FROM filler")
        .execute(&test_conn)
        .await
        .unwrap();
    for i in 0..60 {
        let reply = engine
            .submit(id, &format!("disk-{i}"), &ruling(), &director())
            .await;
        assert!(
            matches!(reply, Ok(Reply::Accepted { .. })),
            "command {i} once there is room: {reply:?}"
        );
    }
    assert_eq!(
        incidents(&engine, id),
        at_start + 60,
        "each command once: the acknowledged ones not again, the refused ones now"
    );
    same_as_file(&engine, &db, id).await;
}

/// Mounts a tmpfs of `size` on `at`; false where the machine does not let the test do it.
fn mount_tmpfs(at: &Path, size: &str) -> bool {
    std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
        .arg(at)
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Unmounts the tmpfs when the test ends, even when it fails.
struct Mounted(PathBuf);

impl Drop for Mounted {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg("-l")
            .arg(&self.0)
            .status();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_full_file_system_loses_no_acknowledged_command_and_the_server_recovers_by_itself() {
    let dir = tempfile::tempdir().unwrap();
    let mnt = dir.path().join("small-disk");
    std::fs::create_dir(&mnt).unwrap();
    if !mount_tmpfs(&mnt, "6m") {
        // The page-limit test above runs the same story on any machine.
        eprintln!("no tmpfs could be mounted here (not root): the page-limit test stands in");
        return;
    }
    let _mounted = Mounted(mnt.clone());
    let db = mnt.join("club.sqlite");
    let server = real_server_at(db.clone(), true).await;
    let id = server.engine.tournament_ids()[0];
    let director = director_client(&server.base).await;
    let send = |i: usize| {
        let body = json!({"command_id": format!("tap-{i}"), "command": serde_json::to_value(ruling()).unwrap()});
        director
            .post(format!("{}/api/v1/tournaments/{id}/commands", server.base))
            .json(&body)
            .send()
    };
    let at_start = incidents(&server.engine, id);
    let filler = fill(&mnt);
    let mut acknowledged = BTreeSet::new();
    let mut refused = 0;
    for i in 0..80 {
        let r = send(i).await.unwrap();
        let status = r.status().as_u16();
        let body: Value = r.json().await.unwrap_or(Value::Null);
        match status {
            200 => {
                acknowledged.insert(i);
            }
            507 => {
                assert_eq!(body["code"], "DISK_FULL", "{body}");
                refused += 1;
            }
            _ => panic!("tap {i}: {status} {body}"),
        }
    }
    assert!(
        refused > 0,
        "the disk filled up ({} acknowledged)",
        acknowledged.len()
    );
    // The pages' door: a server failure, not a refusal (the tablet's outbox keeps the tap
    // and sends it again), with the code that says why.
    let page = director
        .post(format!("{}/api/send_command", server.base))
        .json(
            &json!({"command_id": "page-tap", "command": serde_json::to_value(ruling()).unwrap(),
            "table_key": null, "tournament": id}),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 507);
    assert!(page.text().await.unwrap().contains("DISK_FULL"));
    // What the server shows is what the file holds, while the disk is full.
    same_as_file(&server.engine, &db, id).await;
    assert_eq!(incidents(&server.engine, id), at_start + acknowledged.len());
    // Space comes back; no restart: every tap, sent again by its device, is carried out.
    std::fs::remove_file(&filler).unwrap();
    for i in 0..80 {
        let r = send(i).await.unwrap();
        let status = r.status();
        assert_eq!(
            status,
            200,
            "tap {i} once there is room: {}",
            r.text().await.unwrap()
        );
    }
    // A restart reads all of them, each once.
    assert_eq!(
        incidents(&server.engine, id),
        at_start + 80,
        "each tap once"
    );
    same_as_file(&server.engine, &db, id).await;
}
