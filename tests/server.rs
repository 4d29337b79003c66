//! The server on real parts: a SQLite file on disk and an HTTP server on loopback.
//! Acknowledged commands survive a restart, retries never apply twice, the state after a
//! restart equals the state before, and the live stream and pages answer.

mod common;

use clubtd::domain::command::{
    Command, CreateTournament, JumpToLevel, PauseClock, ReEnter, RegisterPlayer, ReportBusts,
    SetButton, StartClock,
};
use clubtd::domain::config::templates;
use clubtd::domain::event::PaymentMethod;
use clubtd::domain::ids::PlayerId;
use clubtd::domain::read::faces::personal::PersonalView;
use clubtd::domain::read::faces::screen::ScreenView;
use clubtd::domain::view::TournamentView;
use clubtd::server::engine::{Engine, Reply};
use clubtd::server::store::Store;
use common::{
    director, director_client, no_redirects, open_engine, real_server, same_page_every_time,
    ReadAnswer, RealServer, PIN,
};

#[tokio::test]
async fn acknowledged_commands_survive_a_restart_and_retries_apply_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.sqlite");
    let before;
    {
        let e = open_engine(&db).await;
        let id = e.create("Test").await.unwrap();
        let create = Command::CreateTournament(CreateTournament {
            config: templates::club_evening("Test", 3),
        });
        assert!(matches!(
            e.submit(id, "c1", &create, &director()).await.unwrap(),
            Reply::Accepted { first: 1, .. }
        ));
        let register = Command::RegisterPlayer(RegisterPlayer {
            name: "Ann".into(),
            method: PaymentMethod::Cash,
            present: true,
            same_name_confirmed: false,
        });
        let first = e.submit(id, "c2", &register, &director()).await.unwrap();
        // The same id again: the first answer, nothing applied twice.
        let again = e.submit(id, "c2", &register, &director()).await.unwrap();
        assert_eq!(first, again);
        assert_eq!(e.snapshot(id).unwrap().state.players.len(), 1);
        // A refusal is remembered too and changes nothing.
        let absent = Command::RegisterPlayer(RegisterPlayer {
            name: "Bob".into(),
            method: PaymentMethod::Cash,
            present: false,
            same_name_confirmed: false,
        });
        let refused = e.submit(id, "c3", &absent, &director()).await.unwrap();
        assert!(matches!(refused, Reply::Rejected(ref err) if err.code() == "NOT_PRESENT"));
        before = e.snapshot(id).unwrap();
    }
    let e = open_engine(&db).await;
    let after = e.snapshot(*e.tournament_ids().last().unwrap()).unwrap();
    assert_eq!(after.last_seq, before.last_seq);
    assert_eq!(
        *after.state, *before.state,
        "replay after restart gives the same state"
    );
}

#[tokio::test]
async fn the_real_server_serves_pages_and_the_live_stream_on_loopback() {
    let s = real_server(true).await;
    let (base, engine) = (&s.base, &s.engine);

    let id = engine
        .tournament_ids()
        .last()
        .copied()
        .expect("demo created");
    let snap = engine.snapshot(id).unwrap();
    assert_eq!(snap.state.players_left(), 24, "the demo seats 24 players");
    assert_eq!(snap.state.open_tables().count(), 3, "at 3 tables");
    assert!(snap.state.clock.is_started(), "with the clock running");

    let client = reqwest::Client::new();
    let page = client.get(format!("{base}/screen")).send().await.unwrap();
    assert_eq!(page.status(), 200);
    let html = page.text().await.unwrap();
    assert!(
        html.contains("Maandagavond"),
        "server-rendered tournament name"
    );

    let mut live = client
        .get(format!("{base}/live/{id}"))
        .send()
        .await
        .unwrap();
    assert_eq!(live.status(), 200);
    let first = live.chunk().await.unwrap().expect("a first message");
    let text = String::from_utf8_lossy(&first);
    assert!(
        text.contains(&format!("data: {}", snap.last_seq)),
        "catch-up message: {text}"
    );

    // A command by another client arrives on the open stream.
    engine
        .submit(
            id,
            "live-1",
            &Command::PauseClock(PauseClock {}),
            &director(),
        )
        .await
        .unwrap();
    let next = live.chunk().await.unwrap().expect("a live message");
    assert!(String::from_utf8_lossy(&next).contains(&format!("data: {}", snap.last_seq + 1)));

    let missing = client.get(format!("{base}/live/999")).send().await.unwrap();
    assert_eq!(missing.status(), 404);

    // Exports are for the director only.
    let export = format!("{base}/export/{id}/events.json");
    assert_eq!(client.get(&export).send().await.unwrap().status(), 403);
    let auth = clubtd::server::auth::Auth::new(engine.store().clone());
    let token = auth.login("127.0.0.1".parse().unwrap(), PIN).await.unwrap();
    let cookie = format!("clubtd_session={token}");
    let events = client
        .get(&export)
        .header("cookie", &cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(events.status(), 200);
    let body: serde_json::Value = events.json().await.unwrap();
    assert_eq!(body[0]["event"]["type"], "tournament_created");
    assert_eq!(body.as_array().unwrap().len() as u64, snap.last_seq + 1);
    let csv = client
        .get(format!("{base}/export/{id}/results.csv"))
        .header("cookie", &cookie)
        .send()
        .await
        .unwrap();
    assert!(csv
        .text()
        .await
        .unwrap()
        .starts_with("place,name,prize,bounties,entries,paid,rebuys,add_ons,ticket\n"));
    let backup = client
        .post(format!("{base}/backup"))
        .header("cookie", &cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(backup.status(), 200);
    let path = backup.text().await.unwrap();
    assert!(
        std::path::Path::new(&path).exists(),
        "backup written at {path}"
    );
}

#[tokio::test]
async fn the_director_pin_is_hashed_slowed_down_and_locked_out_and_table_keys_are_scoped() {
    use clubtd::domain::ids::TableNo;
    use clubtd::server::application::Caller;
    use clubtd::server::auth::{Auth, LoginError};
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("a.sqlite")).await.unwrap();
    let auth = Auth::new(store.clone());
    assert_eq!(auth.init_pin(Some(common::PIN)).await.unwrap(), None);
    let stored: String =
        sqlx::query_scalar("SELECT value FROM settings WHERE key = 'director_pin'")
            .fetch_one(&common::inspect(&dir.path().join("a.sqlite")).await)
            .await
            .unwrap();
    assert!(
        stored.starts_with("$argon2") && !stored.contains(common::PIN),
        "only a hash is stored"
    );

    let ip = "10.0.0.7".parse().unwrap();
    for _ in 0..4 {
        assert_eq!(auth.login(ip, "111111").await, Err(LoginError::WrongPin));
    }
    assert!(matches!(
        auth.login(ip, "111111").await,
        Err(LoginError::Locked { .. })
    ));
    assert!(
        matches!(
            auth.login(ip, common::PIN).await,
            Err(LoginError::Locked { .. })
        ),
        "locked even with the right PIN"
    );
    let other = "10.0.0.8".parse().unwrap();
    let token = auth.login(other, common::PIN).await.unwrap();
    assert!(auth.session_valid(&token).await);
    auth.logout(&token).await;
    assert!(!auth.session_valid(&token).await);

    let e = Engine::open(store.clone()).await.unwrap();
    let id = e.create("T").await.unwrap();
    let key2 = auth.table_key(id, TableNo(2)).await.unwrap();
    assert_eq!(
        auth.table_key(id, TableNo(2)).await.unwrap(),
        key2,
        "stable until reissued"
    );
    assert_eq!(auth.table_of_key(id, &key2).await, Some(TableNo(2)));
    assert_eq!(auth.table_of_key(id, "forged").await, None);
    let role = Caller::Table {
        tournament: id,
        table: TableNo(2),
    };
    assert!(role
        .may_send(
            id,
            &Command::SetButton(SetButton {
                table: TableNo(3),
                seat: clubtd::domain::ids::SeatNo(1)
            })
        )
        .is_err());
    let new_key = auth.reissue_table_key(id, TableNo(2)).await.unwrap();
    assert_ne!(new_key, key2);
    assert_eq!(
        auth.table_of_key(id, &key2).await,
        None,
        "the old QR code stops working"
    );
}

#[tokio::test]
async fn pages_asking_at_once_share_one_view_until_the_next_event() {
    let dir = tempfile::tempdir().unwrap();
    let e = open_engine(&dir.path().join("v.sqlite")).await;
    let id = e.create("View").await.unwrap();
    assert!(
        e.view(id).await.unwrap().view.is_none(),
        "no view before the configuration"
    );
    let create = Command::CreateTournament(CreateTournament {
        config: templates::club_evening("View", 2),
    });
    e.submit(id, "v1", &create, &director()).await.unwrap();
    let first = e.view(id).await.unwrap();
    let seq = first.last_seq;
    let (first, again) = (
        first.view.clone().unwrap(),
        e.view(id).await.unwrap().view.clone().unwrap(),
    );
    // Within the same second the same view is served; a second later it is worked out anew
    // (equal, as nothing happened), so this only checks sharing when no second boundary fell
    // between the two calls.
    if std::sync::Arc::ptr_eq(&first, &again) {
        assert_eq!(first.players_left, 0);
    } else {
        assert_eq!(*first, *again);
    }
    let register = Command::RegisterPlayer(RegisterPlayer {
        name: "Ann".into(),
        method: PaymentMethod::Cash,
        present: true,
        same_name_confirmed: false,
    });
    e.submit(id, "v2", &register, &director()).await.unwrap();
    let next = e.view(id).await.unwrap();
    let seq_after = next.last_seq;
    assert!(next.last_seq > seq);
    assert_eq!(
        next.view.as_ref().unwrap().players_left,
        1,
        "a new event gives a new view at once"
    );
    // The shared bytes are the page's LiveView, and the gzip bytes unpack to the same JSON.
    let shared = clubtd::server::http::view_bytes::SharedViews::default();
    // Each face's own view of the same event: the screen's without the player list, Ann's
    // with her card, nobody's for a player the tournament does not have.
    let screen: Option<clubtd::protocol::LiveView<ScreenView>> =
        serde_json::from_slice(&shared.encode::<ScreenView>(next.clone(), ()).json()).unwrap();
    let screen = screen.expect("the screen's view");
    assert_eq!(
        (screen.last_seq, screen.view.field.players_left),
        (seq_after, 1)
    );
    let ann: Option<clubtd::protocol::LiveView<PersonalView>> = serde_json::from_slice(
        &shared
            .encode::<PersonalView>(next.clone(), PlayerId(1))
            .json(),
    )
    .unwrap();
    assert_eq!(ann.expect("Ann's view").view.card.me.name, "Ann");
    let nobody = shared.encode::<PersonalView>(next.clone(), PlayerId(99));
    assert_eq!(nobody.json().as_ref(), b"null");
    let next = shared.encode::<TournamentView>(next, ());
    let live: clubtd::server_fns::LiveView = serde_json::from_slice(&next.json()).unwrap();
    assert_eq!((live.tournament, live.last_seq), (id, seq_after));
    let mut unpacked = Vec::new();
    std::io::Read::read_to_end(
        &mut flate2::read::GzDecoder::new(&next.gzip()[..]),
        &mut unpacked,
    )
    .unwrap();
    assert_eq!(unpacked, next.json());
}

#[tokio::test]
async fn a_damaged_database_is_refused_untouched_with_where_the_backups_are() {
    // A damaged file once gave only SQLite's words at start, after the migrations had written
    // into it.
    let dir = tempfile::tempdir().unwrap();
    let backups = dir.path().join("backups");

    // Not a database at all.
    let garbage = dir.path().join("garbage.sqlite");
    let bytes: Vec<u8> = (0..20_000u32).map(|i| (i * 7919 % 251) as u8).collect();
    std::fs::write(&garbage, &bytes).unwrap();
    let e = Store::open(&garbage).await.expect_err("garbage is refused");
    let text = e.to_string();
    assert!(text.contains(&backups.display().to_string()), "{text}");
    assert!(text.contains("damaged"), "{text}");
    assert!(
        std::fs::read(&garbage).unwrap() == bytes,
        "the file is unchanged"
    );

    // A real database, with a backup, then one page overwritten.
    let club = dir.path().join("club.sqlite");
    let store = Store::open(&club).await.unwrap();
    for i in 0..50 {
        store
            .create_tournament(&format!("Maandag {i}"), 0)
            .await
            .unwrap();
    }
    let backup = store.backup(&club).await.unwrap();
    store.close().await;
    // The damaged file is a copy of that backup beside the club's file: a whole database
    // with no WAL of its own. (Damaging the live file itself had to wait for its closed pool
    // to fold the WAL into it, which now and then had not happened 20 s later under the whole
    // suite's load: a test of the timing of SQLite's close, not of the refusal.)
    let club = dir.path().join("damaged.sqlite");
    std::fs::copy(&backup, &club).unwrap();
    let mut damaged = std::fs::read(&club).unwrap();
    assert!(damaged.len() >= 3 * 4096, "{} bytes", damaged.len());
    damaged[4096..8192].fill(0xA5);
    std::fs::write(&club, &damaged).unwrap();
    let e = Store::open(&club)
        .await
        .expect_err("a damaged page is found");
    let text = e.to_string();
    assert!(text.contains(&backups.display().to_string()), "{text}");
    let name = backup.file_name().unwrap().to_string_lossy().to_string();
    assert!(text.contains(&name), "names the newest backup: {text}");
    let after = std::fs::read(&club).unwrap();
    let changed: Vec<usize> = (0..after.len().max(damaged.len()))
        .filter(|i| after.get(*i) != damaged.get(*i))
        .collect();
    assert!(
        changed.is_empty(),
        "the file is unchanged: {} bytes changed, from {:?} to {:?}; {} then {} bytes",
        changed.len(),
        changed.first(),
        changed.last(),
        damaged.len(),
        after.len()
    );

    // The backup it names opens.
    let restored = Store::open(&backup).await.unwrap();
    assert_eq!(restored.tournament_ids().await.unwrap().len(), 50);

    // A file left by a crash (its WAL not folded in) is whole: it opens, with every write.
    let live = dir.path().join("live.sqlite");
    let store = Store::open(&live).await.unwrap();
    for i in 0..5 {
        store
            .create_tournament(&format!("Dinsdag {i}"), 0)
            .await
            .unwrap();
    }
    let crashed = dir.path().join("crashed.sqlite");
    std::fs::copy(&live, &crashed).unwrap();
    std::fs::copy(
        dir.path().join("live.sqlite-wal"),
        dir.path().join("crashed.sqlite-wal"),
    )
    .unwrap();
    let reopened = Store::open(&crashed).await.expect("a crash is no damage");
    assert_eq!(reopened.tournament_ids().await.unwrap().len(), 5);
}

#[tokio::test]
async fn every_answer_carries_the_browsers_security_headers() {
    let s = real_server(true).await;
    let director = director_client(&s.base).await;
    let anyone = reqwest::Client::new();
    let id = s.engine.tournament_ids()[0];
    let answers = [
        ("a page", anyone.get(format!("{}/player", s.base))),
        (
            "a personal link",
            anyone.get(format!("{}/me/nothing", s.base)),
        ),
        (
            "the JSON API",
            anyone.get(format!("{}/api/v1/tournaments", s.base)),
        ),
        (
            "a refusal of the JSON API",
            anyone.post(format!("{}/api/v1/tournaments", s.base)),
        ),
        (
            "the manifest",
            anyone.get(format!("{}/manifest.webmanifest", s.base)),
        ),
        (
            "a static file",
            anyone.get(format!("{}/favicon.svg", s.base)),
        ),
        ("a view", anyone.get(format!("{}/view/{id}", s.base))),
        (
            "a server function",
            director
                .post(format!("{}/api/get_view", s.base))
                .form(&[("tournament", id.to_string())]),
        ),
        (
            "an export",
            director.get(format!("{}/export/{id}/results.csv", s.base)),
        ),
    ];
    for (what, request) in answers {
        let r = request.send().await.unwrap();
        let h = r.headers();
        let value = |name: &str| {
            h.get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_string()
        };
        assert_eq!(value("x-content-type-options"), "nosniff", "{what}");
        assert_eq!(value("referrer-policy"), "no-referrer", "{what}");
        assert_eq!(value("x-frame-options"), "DENY", "{what}");
        let csp = value("content-security-policy");
        for part in [
            "default-src 'self'",
            "script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'",
            "object-src 'none'",
            "frame-ancestors 'none'",
        ] {
            assert!(csp.contains(part), "{what}: {part} in {csp:?}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backups_asked_for_at_once_each_get_a_file_of_their_own() {
    // Two backups in the same second once shared a name: the second answered 500.
    let s = real_server(true).await;
    let director = director_client(&s.base).await;
    let answers = futures::future::join_all((0..4).map(|_| async {
        let r = director
            .post(format!("{}/backup", s.base))
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), r.text().await.unwrap())
    }))
    .await;
    let mut paths = std::collections::BTreeSet::new();
    for (status, path) in &answers {
        assert_eq!(*status, 200, "{path}");
        paths.insert(path.clone());
    }
    assert_eq!(paths.len(), answers.len(), "{paths:?}");
    for path in &paths {
        // Each is a whole database: it opens and holds the demo tournament.
        let copy = Store::open(std::path::Path::new(path)).await.unwrap();
        let rows = copy.tournament_ids().await.unwrap();
        assert!(!rows.is_empty(), "{path}");
        copy.close().await;
    }
}

#[tokio::test]
async fn an_exported_event_log_imports_as_a_new_tournament_with_the_same_state() {
    let RealServer {
        base,
        engine,
        db,
        dir: _dir,
        ..
    } = real_server(true).await;
    let demo = engine
        .tournament_ids()
        .last()
        .copied()
        .expect("demo created");

    let director = director_client(&base).await;
    let log = director
        .get(format!("{base}/export/{demo}/events.json"))
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();

    // Only the director imports; a broken or renumbered log is refused.
    let anonymous = reqwest::Client::new()
        .post(format!("{base}/import"))
        .body(log.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(anonymous.status(), 403);
    let problem: serde_json::Value = anonymous.json().await.unwrap();
    assert_eq!(problem["code"], "UNAUTHORIZED", "{problem}");
    for (bad, status) in [
        ("{\"not\": \"a log\"}".to_string(), 400),
        (
            "[{\"seq\": 2, \"event\": {\"type\": \"clock_changed\"}}]".to_string(),
            400,
        ),
        (
            "[{\"seq\": 1, \"event\": {\"type\": \"table_opened\", \"table\": 1}}]".to_string(),
            422,
        ),
    ] {
        let r = director
            .post(format!("{base}/import"))
            .body(bad.clone())
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), status, "{bad}");
    }
    // A log that replays to an impossible tournament (a negative prize) is refused too.
    let mut tampered: Vec<serde_json::Value> = serde_json::from_slice(&log).unwrap();
    let next = tampered.len() + 1;
    tampered.push(
        serde_json::json!({"seq": next, "event": {"type": "payouts_set", "amounts": [-500]}}),
    );
    let r = director
        .post(format!("{base}/import"))
        .json(&tampered)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 422, "an impossible tournament");
    // Said in problem details, as the API says it: the code and the reason.
    let problem: serde_json::Value = r.json().await.unwrap();
    assert_eq!(problem["code"], "INVALID_LOG", "{problem}");
    assert!(
        problem["params"]["why"]
            .as_str()
            .is_some_and(|why| why.contains("impossible")),
        "{problem}"
    );
    let before = engine.tournament_ids().len();
    let imported = director
        .post(format!("{base}/import"))
        .body(log)
        .send()
        .await
        .unwrap();
    assert_eq!(imported.status(), 201);
    let id = imported.json::<serde_json::Value>().await.unwrap()["id"]
        .as_i64()
        .unwrap();
    assert_eq!(engine.tournament_ids().len(), before + 1);
    let (copy, original) = (engine.snapshot(id).unwrap(), engine.snapshot(demo).unwrap());
    assert_eq!(copy.last_seq, original.last_seq);
    assert_eq!(
        *copy.state, *original.state,
        "the same state, event for event"
    );
    // And it survives a restart like any tournament.
    drop(engine);
    let reopened = open_engine(&db).await;
    assert_eq!(*reopened.snapshot(id).unwrap().state, *original.state);
}

/// The director's receipt on the real server: players registered, re-entered by card and
/// busted through the pages' API; the receipt's lines, split and totals come back from the
/// server function, and the server-rendered page shows them. Anyone else is refused.
#[tokio::test]
async fn a_players_receipt_lists_every_payment_with_its_method_and_the_bounties_won() {
    use clubtd::domain::command::{BustReport, ReEntryOption};
    use clubtd::domain::ids::PlayerId;
    use serde_json::{json, Value};
    let RealServer {
        base, engine, dir, ..
    } = real_server(false).await;
    let _dir = dir;
    let director = director_client(&base).await;
    let id: i64 = director
        .post(format!("{base}/api/create_tournament"))
        .form(&[("name", "Bounty Friday")])
        .send()
        .await
        .unwrap()
        .json::<Option<i64>>()
        .await
        .unwrap()
        .expect("a new tournament");
    let mut n = 0;
    let mut send = async |command: Command| {
        n += 1;
        let reply: Value = director
            .post(format!("{base}/api/send_command"))
            .json(&json!({
                "command_id": format!("receipt-{n}"),
                "command": command,
                "table_key": null,
                "tournament": id,
            }))
            .json_answer()
            .await;
        assert!(reply.get("Accepted").is_some(), "{command:?}: {reply}");
    };
    // A knock-out: 15.00 prize part, 2.00 house fee, 10.00 bounty (half cash, half onto the
    // eliminator's head).
    send(Command::CreateTournament(CreateTournament {
        config: templates::club_pko("Bounty Friday", 1),
    }))
    .await;
    for (name, method) in [
        ("Ann", PaymentMethod::Cash),
        ("Bob", PaymentMethod::Card),
        ("Cas", PaymentMethod::Cash),
    ] {
        send(Command::RegisterPlayer(RegisterPlayer {
            name: name.into(),
            method,
            present: true,
            same_name_confirmed: false,
        }))
        .await;
    }
    let (ann, bob, cas) = (PlayerId(1), PlayerId(2), PlayerId(3));
    let table = || {
        let snap = engine.snapshot(id).unwrap();
        snap.state.players[&ann].seat.unwrap().table
    };
    let bust = |player, by| {
        Command::ReportBusts(ReportBusts {
            table: table(),
            busts: vec![BustReport {
                player,
                eliminators: vec![by],
                start_stack: None,
            }],
        })
    };
    send(Command::StartClock(StartClock {})).await;
    send(bust(ann, bob)).await;
    send(Command::ReEnter(ReEnter {
        player: ann,
        option: ReEntryOption::NewSeat,
        method: PaymentMethod::Card,
        present: true,
    }))
    .await;
    send(bust(cas, ann)).await;

    let receipt_of = |client: &reqwest::Client, player: PlayerId| {
        client
            .post(format!("{base}/api/player_receipt"))
            .form(&[
                ("player", player.0.to_string()),
                ("tournament", id.to_string()),
            ])
            .send()
    };
    let r: Value = receipt_of(&director, ann)
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(r["tournament"], id);
    let receipt = &r["receipt"];
    assert_eq!(receipt["name"], "Ann");
    assert_eq!(receipt["tournament"], "Bounty Friday");
    let lines = receipt["lines"].as_array().unwrap();
    let summary: Vec<(String, String, i64, i64, i64, i64)> = lines
        .iter()
        .map(|l| {
            (
                l["kind"].as_str().unwrap().to_string(),
                l["method"].as_str().unwrap().to_string(),
                l["amount"].as_i64().unwrap(),
                l["prize_part"].as_i64().unwrap(),
                l["house_fee"].as_i64().unwrap(),
                l["bounty_part"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        vec![
            ("buy_in".into(), "cash".into(), 2700, 1500, 200, 1000),
            ("re_entry".into(), "card".into(), 2700, 1500, 200, 1000),
        ]
    );
    assert_eq!(receipt["paid_in"], 5400);
    assert_eq!(
        receipt["received"],
        json!([{"kind": {"kind": "bounties"}, "amount": 500}])
    );
    assert_eq!(receipt["net"], -4900);
    // Bob paid by card and won Ann's first bounty in cash.
    let bob_receipt: Value = receipt_of(&director, bob)
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(bob_receipt["receipt"]["by_method"], json!([["card", 2700]]));
    assert_eq!(bob_receipt["receipt"]["received_total"], 500);
    // An unknown player has no receipt.
    let none: Value = receipt_of(&director, PlayerId(42))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(none.is_null());

    // Only the director: anyone else is refused before anything is looked up.
    let anonymous = reqwest::Client::new();
    let refused = receipt_of(&anonymous, ann).await.unwrap();
    assert_eq!(refused.status(), 403);
    assert_eq!(refused.text().await.unwrap(), "ServerError|UNAUTHORIZED");

    // The printable page, rendered on the server with the receipt in it.
    let page = format!("{base}/director/receipt/1?t={id}");
    let html = director.get(&page).text_answer().await;
    for expected in [
        "data-testid=\"receipt\"",
        "Bounty Friday",
        "Ann",
        // In the reader's format (issue U.13): English here, the page's language for a
        // client that asks for none (Dutch would be "€ 27,00").
        "€27.00",
        "€54.00",
        "€5.00",
        "-€49.00",
        "data-testid=\"print-receipt\"",
    ] {
        assert!(html.contains(expected), "{expected} in the receipt page");
    }
    // The console's players list links every player to their receipt, in this tournament.
    let console = director
        .get(format!("{base}/director?t={id}"))
        .text_answer()
        .await;
    assert!(console.contains("data-testid=\"receipt-1\""));
    assert!(console.contains(&format!("href=\"/director/receipt/1?t={id}\"")));
    // Anyone else is sent to the PIN form first, which comes back to the receipt.
    let html = anonymous.get(&page).text_answer().await;
    assert!(html.contains("data-testid=\"pin\""));
    assert!(!html.contains("€54.00"), "no amounts for anyone else");
}

/// The director's pages: a stranger is sent to the PIN form (which names the page to come
/// back to); the director gets the console rendered whole, the same page on every request.
/// The console once sat in a branch on a "who am I" resource, which the server rendered more
/// than once with new resources each time: the page's data and its HTML varied from request
/// to request, and hydration in the browser panicked now and then.
#[tokio::test]
async fn the_directors_pages_are_behind_the_pin_and_render_the_same_every_time() {
    let s = real_server(true).await;
    let base = &s.base;
    let stranger = no_redirects();
    for (page, back) in [
        ("/director", "/director"),
        ("/director?t=1", "/director%3Ft%3D1"),
        ("/director/players", "/director/players"),
        ("/director/receipt/3?t=1", "/director/receipt/3%3Ft%3D1"),
    ] {
        let answer = stranger.get(format!("{base}{page}")).send().await.unwrap();
        assert_eq!(answer.status(), 303, "{page}");
        assert_eq!(
            answer.headers()["location"],
            format!("/director/sign-in?next={back}").as_str()
        );
    }
    let form = stranger
        .get(format!("{base}/director/sign-in?next=/director"))
        .text_answer()
        .await;
    assert!(form.contains("data-testid=\"pin\""));
    assert!(!form.contains("Maandagavond"), "nothing of the tournament");

    let director = director_client(base).await;
    // 16 at once: the title is written into the head outside the page's own arena, where a
    // title read from the page's signals came out empty on a busy server (PageTitle).
    let first = same_page_every_time(&director, &format!("{base}/director"), 16).await;
    for expected in [
        "<title>TD · Demo — Maandagavond</title>",
        "data-testid=\"tournament-name\"",
        "Maandagavond",
        "data-testid=\"structure-row\"",
        "data-testid=\"bust-feed\"",
    ] {
        assert!(first.contains(expected), "{expected} in the console");
    }
}

/// A club database with one damaged tournament (an event that no longer reads) still opens:
/// that tournament is left out, with an error naming it and the event, and every other one
/// is served as it was.
#[tokio::test]
async fn a_damaged_log_leaves_out_its_tournament_and_the_others_are_served() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.sqlite");
    let (good, bad) = {
        let e = Engine::open(Store::open(&path).await.unwrap())
            .await
            .unwrap();
        let mut ids = Vec::new();
        for name in ["Good", "Bad"] {
            let id = e.create(name).await.unwrap();
            let create = Command::CreateTournament(CreateTournament {
                config: templates::club_evening(name, 2),
            });
            e.submit(id, &format!("c-{name}"), &create, &director())
                .await
                .unwrap();
            e.submit(
                id,
                &format!("r-{name}"),
                &Command::StartClock(StartClock {}),
                &director(),
            )
            .await
            .unwrap();
            ids.push(id);
        }
        (ids[0], ids[1])
    };
    let raw = common::inspect(&path).await;
    sqlx::query("UPDATE events SET payload = '{\"type\":\"no_such_event\"}' WHERE tournament_id = ? AND seq = 2")
        .bind(bad)
        .execute(&raw)
        .await
        .unwrap();
    raw.close().await;

    let e = Engine::open(Store::open(&path).await.unwrap())
        .await
        .unwrap();
    assert_eq!(
        e.tournament_ids(),
        vec![good],
        "only the damaged one is left out"
    );
    assert!(e.snapshot(good).unwrap().state.clock.is_started());
    assert_eq!(e.snapshot(good).unwrap().last_seq, 2);
    assert!(e.snapshot(bad).is_err());
}

/// The language buttons work with no script: `?lang=fr` on any page is sent back to the same
/// address without it, with the language cookie; the page then comes in French, and so does
/// the next page the cookie goes with.
#[tokio::test]
async fn a_language_button_works_without_the_pages_code() {
    let s = real_server(true).await;
    let base = &s.base;
    let no_follow = no_redirects();
    let answer = no_follow
        .get(format!("{base}/player?t=1&lang=fr&name=Jan+de"))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 303);
    assert_eq!(answer.headers()["location"], "/player?t=1&name=Jan+de");
    let cookie = answer.headers()["set-cookie"].to_str().unwrap().to_string();
    assert!(cookie.starts_with("i18n_pref_locale=fr;"), "{cookie}");

    // A browser follows with the cookie.
    let browser = reqwest::Client::builder()
        .cookie_store(true)
        .build()
        .unwrap();
    let page = browser
        .get(format!("{base}/player?lang=fr"))
        .text_answer()
        .await;
    assert!(page.contains("<h1>Joueur<"), "the page in French");
    assert!(
        page.contains("name=\"lang\" value=\"nl\""),
        "the buttons are a form's"
    );
    let next = browser
        .get(format!("{base}/player?t=1"))
        .text_answer()
        .await;
    assert!(next.contains("<h1>Joueur<"), "remembered for the next page");
    let english = browser
        .get(format!("{base}/player?lang=en"))
        .text_answer()
        .await;
    assert!(english.contains("<h1>Player<"));

    // A language the pages do not have is not touched.
    let other = no_follow
        .get(format!("{base}/player?lang=de"))
        .send()
        .await
        .unwrap();
    assert_eq!(other.status(), 200);
}

/// A page the server renders reads the language cookie and never writes it: the language is
/// the reader's choice (the app's switch, or `?lang=` above). Pages asked at once in Dutch and
/// in English each come in their own reader's language, and none answers with the cookie.
/// (Session 30: on a busy server an English phone's refresh once came in Dutch, and stayed
/// Dutch, beside a Dutch phone; every render wrote the cookie back from an effect of its own.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rendered_page_reads_the_language_cookie_and_never_sets_it() {
    let s = real_server(true).await;
    let client = reqwest::Client::new();
    // (page, its title's first words in Dutch, in English)
    let pages = [
        ("/player?t=1", "Speler", "Player"),
        ("/signup?t=1", "Inschrijven", "Sign up"),
        ("/table/1", "Tafel 1", "Table 1"),
        ("/screen?t=1", "Zaalscherm", "Room screen"),
    ];
    let asks = (0..48).map(|i| {
        let (path, dutch, english) = pages[i % pages.len()];
        let in_dutch = (i / pages.len()).is_multiple_of(2);
        let mut ask = client
            .get(format!("{}{path}", s.base))
            .header("accept-language", "en-GB,en;q=0.9");
        if in_dutch {
            ask = ask.header("cookie", "i18n_pref_locale=nl");
        }
        async move {
            let answer = ask.send().await.unwrap();
            let cookies: Vec<String> = answer
                .headers()
                .get_all("set-cookie")
                .iter()
                .map(|c| c.to_str().unwrap_or_default().to_string())
                .collect();
            let html = answer.text().await.unwrap();
            // The page's first tag names its language once, the reader's (it carried a second
            // `lang="en"` of the shell's own after the reader's).
            let html_tag = html
                .split_once("<html")
                .and_then(|(_, rest)| rest.split_once('>'))
                .map(|(tag, _)| tag.to_string())
                .unwrap_or_default();
            let title = html
                .split_once("<title>")
                .and_then(|(_, rest)| rest.split_once("</title>"))
                .map(|(title, _)| title.to_string())
                .unwrap_or_default();
            (
                path,
                in_dutch,
                if in_dutch { dutch } else { english },
                title,
                cookies,
                html_tag,
            )
        }
    });
    for (path, in_dutch, expected, title, cookies, html_tag) in
        futures::future::join_all(asks).await
    {
        let lang = if in_dutch { "nl" } else { "en" };
        assert_eq!(
            html_tag.matches("lang=").count(),
            1,
            "{path}: <html{html_tag}>"
        );
        assert!(
            html_tag.contains(&format!("lang=\"{lang}\"")),
            "{path} (in Dutch: {in_dutch}): <html{html_tag}>"
        );
        assert!(
            title.starts_with(expected),
            "{path} (in Dutch: {in_dutch}) came as {title:?}"
        );
        assert!(
            !cookies.iter().any(|c| c.starts_with("i18n_pref_locale")),
            "{path} (in Dutch: {in_dutch}) set the language cookie: {cookies:?}"
        );
    }
}

/// Issue Z: the phone faces (`/player`, `/me/…`, `/signup`, the table's `/table/<n>`) come
/// without the app's bundle, with the light pages' script and what it reads (the live stream,
/// the event shown, the clock's reading); the console, the TV and home still load the app. A light page's refusal comes in words from
/// `/words/refusal/<code>`.
#[tokio::test]
async fn the_phone_faces_come_light_and_the_others_with_the_apps_code() {
    let s = real_server(true).await;
    let base = &s.base;
    let desk = director_client(base).await;
    let link: serde_json::Value = desk
        .post(format!("{base}/api/player_link"))
        .form(&[("player", "1"), ("tournament", "1")])
        .json_answer()
        .await;
    let me = link["path"].as_str().expect("a personal link").to_string();
    let browser = reqwest::Client::new();
    for path in [
        "/player?t=1&name=an".to_string(),
        me,
        "/signup".to_string(),
        "/table/1?t=1".to_string(),
    ] {
        let page = browser.get(format!("{base}{path}")).text_answer().await;
        assert!(
            page.contains(r#"<script type="module" src="/light.js"></script>"#),
            "{path}: the light script"
        );
        // The table's device has a script of its own (its outbox, its forms); no other page.
        assert_eq!(
            page.contains(r#"<script type="module" src="/light-table.js"></script>"#),
            path.starts_with("/table/"),
            "{path}: the table's script"
        );
        assert!(!page.contains("mod.hydrate"), "{path}: no app bundle");
        assert!(page.contains(r#"data-live-stream="/live/1""#), "{path}");
        assert!(page.contains("data-seq=\""), "{path}");
        if !path.starts_with("/signup") {
            assert!(
                page.contains("data-count-ms=\""),
                "{path}: the clock's reading"
            );
        }
    }
    // The next level's ante is named ("Ante 150"), as on the TV, not a bare "(150)".
    let reply: serde_json::Value = desk
        .post(format!("{base}/api/send_command"))
        .json(&serde_json::json!({
            "command_id": "light-jump",
            "command": Command::JumpToLevel(JumpToLevel { level_index: 1 }),
            "table_key": null,
            "tournament": 1,
        }))
        .json_answer()
        .await;
    assert!(reply.get("Accepted").is_some(), "{reply}");
    let player = browser
        .get(format!("{base}/player?t=1"))
        .header("cookie", "i18n_pref_locale=en")
        .text_answer()
        .await;
    let next = player
        .split_once("class=\"clock-next\"")
        .and_then(|(_, rest)| rest.split_once("</div>"))
        .map(|(next, _)| next.to_string())
        .expect("the next level on the player's page");
    assert!(next.contains("75 / 150"), "{next}");
    assert!(next.contains(" · Ante 150"), "{next}");
    assert!(!next.contains("(150)"), "{next}");

    for path in ["/", "/screen", "/director/sign-in"] {
        let page = browser.get(format!("{base}{path}")).text_answer().await;
        assert!(page.contains("mod.hydrate"), "{path}: the app's bundle");
        assert!(!page.contains("/light.js"), "{path}");
    }

    let words = browser
        .get(format!(
            "{base}/words/refusal/PLAYER_NOT_BUSTED?language=nl&player=Jan"
        ))
        .text_answer()
        .await;
    let expected = clubtd::messages::error_message(
        "nl",
        "PLAYER_NOT_BUSTED",
        &[("player".to_string(), "Jan".to_string())].into(),
    );
    assert_eq!(words, expected);
    assert_ne!(words, "PLAYER_NOT_BUSTED", "a sentence, not the code");
    for bad in ["lower", "A%3Cb%3E", "X".repeat(65).as_str()] {
        let answer = browser
            .get(format!("{base}/words/refusal/{bad}"))
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), 400, "{bad}");
    }
}
