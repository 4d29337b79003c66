//! The tournament's writer commits the commands that wait together in one transaction
//! (issue O): on a real SQLite file, many senders at once are all answered, in one gapless
//! log, in far fewer commits than commands; a retry inside a group is answered once; a commit
//! that fails answers its whole group with an error and leaves nothing behind.

mod common;

use clubtd::domain::command::{Command, CreateTournament, RegisterPlayer};
use clubtd::domain::config::templates;
use clubtd::domain::event::PaymentMethod;
use clubtd::server::engine::{Engine, EngineError, Reply};
use common::{director, open_engine};
use futures::future::join_all;

fn register(name: &str) -> Command {
    Command::RegisterPlayer(RegisterPlayer {
        name: name.into(),
        method: PaymentMethod::Cash,
        present: true,
        same_name_confirmed: false,
    })
}

async fn tournament(e: &Engine) -> i64 {
    let id = e.create("Group").await.unwrap();
    let create = Command::CreateTournament(CreateTournament {
        config: templates::club_evening("Group", 30),
    });
    e.submit(id, "create", &create, &director()).await.unwrap();
    id
}

#[tokio::test]
async fn many_senders_at_once_share_commits_and_get_a_gapless_log() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.sqlite");
    let e = open_engine(&db).await;
    let id = tournament(&e).await;
    let commits_before = e.commits(id).unwrap();
    let names: Vec<String> = (0..200).map(|i| format!("Player {i}")).collect();
    let commands: Vec<(String, Command)> = names
        .iter()
        .enumerate()
        .map(|(i, name)| (format!("r-{i}"), register(name)))
        .collect();
    let by = director();
    let replies = join_all(
        commands
            .iter()
            .map(|(command_id, command)| e.submit(id, command_id, command, &by)),
    )
    .await;
    let mut seqs: Vec<u64> = replies
        .iter()
        .map(|r| match r {
            Ok(Reply::Accepted { first, last }) => {
                assert!(first <= last);
                *first
            }
            other => panic!("not accepted: {other:?}"),
        })
        .collect();
    seqs.sort_unstable();
    seqs.dedup();
    assert_eq!(seqs.len(), 200, "every command has its own events");
    let snap = e.snapshot(id).unwrap();
    assert_eq!(snap.state.players.len(), 200);
    let commits = e.commits(id).unwrap() - commits_before;
    assert!(
        commits < 20,
        "200 commands waiting together took {commits} commits"
    );
    // The log on disk is the state: replayed after a restart, the same.
    drop(e);
    let again = open_engine(&db).await;
    let replayed = again.snapshot(id).unwrap();
    assert_eq!(replayed.last_seq, snap.last_seq);
    assert_eq!(*replayed.state, *snap.state);
}

#[tokio::test]
async fn a_retry_in_the_same_group_gets_the_first_answer_and_applies_once() {
    let dir = tempfile::tempdir().unwrap();
    let e = open_engine(&dir.path().join("club.sqlite")).await;
    let id = tournament(&e).await;
    let (ann, bob, by) = (register("Ann"), register("Bob"), director());
    let (first, retry, reused) = tokio::join!(
        e.submit(id, "same", &ann, &by),
        e.submit(id, "same", &ann, &by),
        e.submit(id, "same", &bob, &by),
    );
    let first = first.unwrap();
    assert!(matches!(first, Reply::Accepted { .. }));
    assert_eq!(retry.unwrap(), first);
    assert!(matches!(reused, Err(EngineError::CommandIdReused)));
    assert_eq!(e.snapshot(id).unwrap().state.players.len(), 1);
    // And in a later group, from the log.
    assert_eq!(
        e.submit(id, "same", &ann, &director()).await.unwrap(),
        first
    );
}

#[tokio::test]
async fn a_commit_that_fails_answers_its_group_with_an_error_and_keeps_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.sqlite");
    let e = open_engine(&db).await;
    let id = tournament(&e).await;
    let before = e.snapshot(id).unwrap();
    // The disk refuses one command's row (as a full disk would refuse the transaction).
    let raw = sqlx::SqlitePool::connect(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    sqlx::query(
        "CREATE TRIGGER refuse BEFORE INSERT ON commands WHEN NEW.command_id = 'boom' \
         BEGIN SELECT RAISE(ABORT, 'disk full'); END",
    )
    .execute(&raw)
    .await
    .unwrap();
    let (ann, bob, cas, by) = (
        register("Ann"),
        register("Bob"),
        register("Cas"),
        director(),
    );
    let (a, boom, b) = tokio::join!(
        e.submit(id, "a", &ann, &by),
        e.submit(id, "boom", &bob, &by),
        e.submit(id, "b", &cas, &by),
    );
    for r in [a, boom, b] {
        assert!(
            matches!(
                r,
                Err(EngineError::Unwritten {
                    disk_full: false,
                    ..
                })
            ),
            "{r:?}"
        );
    }
    let after = e.snapshot(id).unwrap();
    assert_eq!(after.last_seq, before.last_seq, "readers saw nothing");
    assert_eq!(*after.state, *before.state);
    sqlx::query("DROP TRIGGER refuse")
        .execute(&raw)
        .await
        .unwrap();
    // The same commands again: done once each, numbered right after what the log holds.
    let a = e
        .submit(id, "a", &register("Ann"), &director())
        .await
        .unwrap();
    assert!(
        matches!(a, Reply::Accepted { first, .. } if first == before.last_seq + 1),
        "{a:?}"
    );
    e.submit(id, "boom", &register("Bob"), &director())
        .await
        .unwrap();
    assert_eq!(e.snapshot(id).unwrap().state.players.len(), 2);
    drop(e);
    let again = open_engine(&db).await;
    assert_eq!(again.snapshot(id).unwrap().state.players.len(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_refetching_during_a_burst_share_views_and_never_get_an_older_one() {
    let dir = tempfile::tempdir().unwrap();
    let e = std::sync::Arc::new(open_engine(&dir.path().join("club.sqlite")).await);
    let id = tournament(&e).await;
    let writer = {
        let e = e.clone();
        tokio::spawn(async move {
            for i in 0..250 {
                let name = format!("Burst {i}");
                e.submit(id, &format!("b-{i}"), &register(&name), &director())
                    .await
                    .unwrap();
            }
        })
    };
    let started = std::time::Instant::now();
    let pages = (0..40).map(|_| {
        let e = e.clone();
        tokio::spawn(async move {
            let mut seen = Vec::new();
            loop {
                let wanted = e.snapshot(id).unwrap().last_seq;
                let view = e.view(id).await.unwrap();
                // Never older than the state when the page asked.
                assert!(view.last_seq >= wanted, "{} < {wanted}", view.last_seq);
                seen.push(view.clone());
                if view.view.as_ref().is_some_and(|v| v.players_left == 250) {
                    return seen;
                }
            }
        })
    });
    let seen: Vec<_> = join_all(pages)
        .await
        .into_iter()
        .flat_map(|r| r.unwrap())
        .collect();
    writer.await.unwrap();
    let elapsed = started.elapsed();
    let mut distinct: Vec<*const _> = seen.iter().map(std::sync::Arc::as_ptr).collect();
    distinct.sort_unstable();
    distinct.dedup();
    // At most one view per 100 ms was worked out, however many pages asked how often.
    let most = elapsed.as_millis() / 100 + 2;
    assert!(
        (distinct.len() as u128) <= most,
        "{} views in {elapsed:?} for {} requests",
        distinct.len(),
        seen.len()
    );
    assert!(seen.len() > distinct.len(), "pages shared views");
}

/// Issue X, item 6: a log that was never decided here (an imported file) can hold any
/// amount; one that replays to an impossible tournament is refused, and nothing is created.
#[tokio::test]
async fn an_imported_log_that_leads_to_an_impossible_tournament_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let e = open_engine(&dir.path().join("club.sqlite")).await;
    let demo = clubtd::server::demo::seed_if_empty(&e)
        .await
        .unwrap()
        .expect("the demo");
    let log: Vec<clubtd::domain::Event> = e
        .store()
        .audit_after(demo, 0)
        .await
        .unwrap()
        .into_iter()
        .map(|a| a.event)
        .collect();
    // The untouched log imports.
    assert!(e.import(&log).await.is_ok());
    let before = e.tournament_ids().len();
    let tampered = |event: serde_json::Value| {
        let mut log = log.clone();
        log.push(serde_json::from_value(event).expect("an event"));
        log
    };
    for (event, what) in [
        (
            serde_json::json!({"type": "payouts_set", "amounts": [i64::MAX, 100]}),
            "a prize of i64::MAX",
        ),
        (
            serde_json::json!({"type": "payouts_set", "amounts": [-500]}),
            "a negative prize",
        ),
        (
            serde_json::json!({"type": "deal_recorded", "amounts": [[1, -100_000], [2, 50]], "note": ""}),
            "a negative deal",
        ),
    ] {
        let r = e.import(&tampered(event)).await;
        assert!(
            matches!(r, Err(EngineError::ImpossibleLog(_))),
            "{what}: {r:?}"
        );
    }
    assert_eq!(e.tournament_ids().len(), before, "nothing was created");
}
