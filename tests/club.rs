//! The club beyond one tournament (issue D) on real parts: a SQLite file on disk and the
//! real server on loopback, signed in with a real PIN. The desk's player search (case,
//! accents, prefixes), merging duplicates (links move, the ranking counts once), the
//! ranking's points, copying a tournament's configuration, archiving (the faces' default
//! moves on), the club's own points rule, and the director-only server functions refusing
//! everyone else.

mod common;

use clubtd::domain::command::{
    BustReport, CloseRegistration, Command, CreateTournament, RegisterPlayer, ReportBusts,
    StartClock,
};
use clubtd::domain::config::templates;
use clubtd::domain::event::PaymentMethod;
use clubtd::domain::ranking::points;
use clubtd::server::engine::{Engine, Reply};
use common::{director, director_client, real_server, ReadAnswer, RealServer};
use reqwest::{Client, StatusCode};
use serde_json::{json, Value};
use std::sync::Arc;

struct Server {
    base: String,
    engine: Arc<Engine>,
    /// Signed in as the director (session cookie).
    director: Client,
    _dir: tempfile::TempDir,
}

/// The real server without the demo, and the director signed in.
async fn server() -> Server {
    let RealServer {
        base, engine, dir, ..
    } = real_server(false).await;
    let director = director_client(&base).await;
    Server {
        base,
        engine,
        director,
        _dir: dir,
    }
}

impl Server {
    /// Calls a server function with form-encoded arguments (their default encoding).
    async fn call(
        &self,
        client: &Client,
        endpoint: &str,
        args: &[(&str, &str)],
    ) -> reqwest::Response {
        client
            .post(format!("{}/api/{endpoint}", self.base))
            .form(args)
            .send()
            .await
            .unwrap()
    }

    /// Calls a server function as the director and reads its JSON answer.
    async fn director_call(&self, endpoint: &str, args: &[(&str, &str)]) -> Value {
        let r = self.call(&self.director, endpoint, args).await;
        assert_eq!(r.status(), 200, "{endpoint}");
        r.json().await.unwrap()
    }

    /// Registers a player the way the desk does (the page's `send_command`), so the entry is
    /// linked to a club player when the registration is acknowledged.
    async fn register_at_desk(&self, tournament: i64, name: &str) {
        let r: Value = self
            .director
            .post(format!("{}/api/send_command", self.base))
            .json(&json!({
                "command_id": format!("reg-{tournament}-{name}"),
                "command": {"type": "register_player", "name": name, "method": "cash", "present": true},
                "table_key": null,
                "tournament": tournament,
            }))
            .json_answer()
            .await;
        assert!(r.get("Accepted").is_some(), "{name}: {r}");
    }

    async fn search(&self, query: &str) -> Vec<String> {
        let found = self
            .director_call("search_players", &[("query", query)])
            .await;
        found
            .as_array()
            .expect("a list")
            .iter()
            .map(|p| p["name"].as_str().unwrap_or_default().to_string())
            .collect()
    }
}

async fn submit(engine: &Engine, id: i64, command_id: &str, command: Command) {
    let reply = engine
        .submit(id, command_id, &command, &director())
        .await
        .unwrap();
    assert!(
        matches!(reply, Reply::Accepted { .. }),
        "{command_id}: {reply:?}"
    );
}

/// A club evening at one table, configured and empty.
async fn new_tournament(engine: &Engine, name: &str) -> i64 {
    let id = engine.create(name).await.unwrap();
    let config = templates::club_evening(name, 1);
    submit(
        engine,
        id,
        &format!("{name}-create"),
        Command::CreateTournament(CreateTournament { config }),
    )
    .await;
    id
}

/// Plays a tournament to the end: `players` register in order, registration closes, and
/// they bust from the last to the second, each knocked out by the first. So the first
/// registered wins and the others finish in the order given.
async fn play_out(engine: &Engine, name: &str, players: &[&str]) -> i64 {
    let id = new_tournament(engine, name).await;
    for p in players {
        let register = Command::RegisterPlayer(RegisterPlayer {
            name: (*p).to_string(),
            method: PaymentMethod::Cash,
            present: true,
            same_name_confirmed: false,
        });
        submit(engine, id, &format!("{name}-reg-{p}"), register).await;
    }
    submit(
        engine,
        id,
        &format!("{name}-start"),
        Command::StartClock(StartClock {}),
    )
    .await;
    submit(
        engine,
        id,
        &format!("{name}-close"),
        Command::CloseRegistration(CloseRegistration {}),
    )
    .await;
    let state = engine.snapshot(id).unwrap().state;
    let by_name = |n: &str| {
        state
            .players
            .values()
            .find(|p| p.name == n)
            .expect("registered")
            .clone()
    };
    let winner = by_name(players[0]).id;
    for p in players[1..].iter().rev() {
        let busted = by_name(p);
        let table = busted.seat.expect("seated").table;
        let report = Command::ReportBusts(ReportBusts {
            table,
            busts: vec![BustReport {
                player: busted.id,
                eliminators: vec![winner],
                start_stack: None,
            }],
        });
        submit(engine, id, &format!("{name}-bust-{p}"), report).await;
    }
    id
}

/// The season ranking as the public page reads it (no credential).
async fn ranking(s: &Server) -> Value {
    let r = s.call(&Client::new(), "season_ranking", &[]).await;
    assert_eq!(r.status(), 200, "the ranking is public");
    r.json().await.unwrap()
}

fn line<'a>(ranking: &'a Value, name: &str) -> &'a Value {
    ranking["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["name"] == name)
        .unwrap_or_else(|| panic!("{name} in {ranking}"))
}

#[tokio::test]
async fn the_desk_finds_club_players_whatever_the_case_or_accents() {
    let s = server().await;
    let id = new_tournament(&s.engine, "Maandag").await;
    for name in [
        "Chloé Dubois",
        "François Lefèvre",
        "Jan Peeters",
        "Johan Janssens",
    ] {
        s.register_at_desk(id, name).await;
    }
    // Case and accents do not matter, in the query or in the stored name.
    assert_eq!(s.search("chloe").await, ["Chloé Dubois"]);
    assert_eq!(s.search("LEFEVRE").await, ["François Lefèvre"]);
    assert_eq!(s.search("françois").await, ["François Lefèvre"]);
    assert_eq!(s.search("  FRANCOIS  ").await, ["François Lefèvre"]);
    // Prefixes of any word, and substrings.
    assert_eq!(s.search("dub").await, ["Chloé Dubois"]);
    assert_eq!(s.search("ohan").await, ["Johan Janssens"]);
    // Word starts first: "jan" starts "Jan" and "Janssens", and is only inside nothing else.
    let jan = s.search("jan").await;
    assert_eq!(jan.len(), 2);
    assert!(jan.contains(&"Jan Peeters".to_string()));
    assert!(s.search("xyz").await.is_empty());
    assert!(s.search("").await.is_empty());

    // The same person at the next tournament joins the same club player: one suggestion,
    // with two tournaments, and the most recently active first.
    let next = new_tournament(&s.engine, "Dinsdag").await;
    s.register_at_desk(next, "chloe  DUBOIS").await;
    let found = s
        .director_call("search_players", &[("query", "Chlo")])
        .await;
    assert_eq!(found.as_array().unwrap().len(), 1, "{found}");
    assert_eq!(found[0]["name"], "Chloé Dubois");
    assert_eq!(found[0]["tournaments"], 2);
    s.register_at_desk(next, "Jan Peeters").await;
    assert_eq!(
        s.search("jan").await[0],
        "Jan Peeters",
        "the player seen last comes first"
    );
}

#[tokio::test]
async fn the_ranking_follows_the_points_formula() {
    let s = server().await;
    play_out(&s.engine, "Vrijdag", &["An", "Bram", "Chloé", "Dirk"]).await;
    // Not finished: registration still open, nobody busted.
    let running = new_tournament(&s.engine, "Zaterdag").await;
    s.register_at_desk(running, "Eva").await;

    let r = ranking(&s).await;
    assert_eq!(
        r["tournaments"], 1,
        "only the finished tournament counts: {r}"
    );
    let expected = [
        ("An", 1, 20),
        ("Bram", 2, 14),
        ("Chloé", 3, 12),
        ("Dirk", 4, 10),
    ];
    for (name, place, pts) in expected {
        let l = line(&r, name);
        assert_eq!(l["best_place"], place, "{l}");
        assert_eq!(l["points"], pts, "{l}");
        assert_eq!(points(4, place), pts);
        assert_eq!(l["rank"], place);
        assert_eq!(l["tournaments"], 1);
    }
    // The prize pool (4 × 20 euro) went to the places paid, all of it.
    let paid: i64 = r["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["prizes"].as_i64().unwrap())
        .sum();
    assert_eq!(paid, 8000);
    assert!(line(&r, "An")["prizes"].as_i64().unwrap() > 0);
    assert!(r["lines"]
        .as_array()
        .unwrap()
        .iter()
        .all(|l| l["name"] != "Eva"));
}

/// Sends the club's points rule as the page does (JSON), with `client`'s credentials.
async fn set_points_rule(s: &Server, client: &Client, rule: Value) -> reqwest::Response {
    client
        .post(format!("{}/api/set_points_rule", s.base))
        .json(&json!({ "rule": rule }))
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn the_club_chooses_its_points_rule_and_the_season_counts_again() {
    let s = server().await;
    play_out(&s.engine, "Vrijdag", &["An", "Bram", "Chloé", "Dirk"]).await;
    let points_of = |r: &Value| -> Vec<i64> {
        ["An", "Bram", "Chloé", "Dirk"]
            .iter()
            .map(|n| line(r, n)["points"].as_i64().unwrap())
            .collect()
    };
    let before = ranking(&s).await;
    assert_eq!(
        points_of(&before),
        [20, 14, 12, 10],
        "the square root by default"
    );
    assert_eq!(
        before["rule"],
        json!({"formula": {"kind": "square_root"}, "field": "entries"})
    );

    // Only the director chooses; a stranger is refused and nothing changes.
    let per_place = json!({"formula": {"kind": "per_place", "table": [25, 18, 15], "others": 1}, "field": "entries"});
    let r = set_points_rule(&s, &Client::new(), per_place.clone()).await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    assert_eq!(points_of(&ranking(&s).await), [20, 14, 12, 10]);

    // A table where second scores more than first is a typing mistake, named by its field.
    let wrong = json!({"formula": {"kind": "per_place", "table": [18, 25], "others": 1}, "field": "entries"});
    let refused: Value = set_points_rule(&s, &s.director, wrong)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        refused,
        json!({"Err": {"code": "INVALID_POINTS_RULE", "params": {"field": "table"}}})
    );

    // A points table: the season is counted again at once, and the rule is public.
    let ok: Value = set_points_rule(&s, &s.director, per_place.clone())
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(ok, json!({"Ok": null}));
    let after = ranking(&s).await;
    assert_eq!(points_of(&after), [25, 18, 15, 1]);
    assert_eq!(after["rule"], per_place);
    let public: Value = s
        .call(&Client::new(), "points_rule", &[])
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(public, per_place);

    // Points per player beaten, on the players: the winner beat three, and won money.
    let beaten = json!({"formula": {"kind": "beaten", "per_player": 2, "money_bonus": 10}, "field": "players"});
    let ok: Value = set_points_rule(&s, &s.director, beaten)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(ok, json!({"Ok": null}));
    let r = ranking(&s).await;
    let paid = |n: &str| line(&r, n)["prizes"].as_i64().unwrap() > 0;
    let bonus = |n: &str| if paid(n) { 10 } else { 0 };
    assert!(paid("An") && !paid("Dirk"));
    assert_eq!(
        points_of(&r),
        [6 + bonus("An"), 4 + bonus("Bram"), 2 + bonus("Chloé"), 0]
    );
}

#[tokio::test]
async fn the_club_keeps_its_chip_set_and_refuses_one_it_cannot_own() {
    let s = server().await;
    let read = || async {
        s.call(&Client::new(), "chip_set", &[])
            .await
            .json::<Value>()
            .await
            .unwrap()
    };
    assert_eq!(
        read().await,
        json!({"denominations": []}),
        "none until entered"
    );
    let set = json!({"denominations": [
        {"value": 25, "count": 300, "colour": "groen"},
        {"value": 100, "count": 400, "colour": "zwart"},
        {"value": 1000, "count": 200, "colour": "geel"},
    ]});
    let send = |client: Client, set: Value| {
        let base = s.base.clone();
        async move {
            client
                .post(format!("{base}/api/set_chip_set"))
                .json(&json!({ "set": set }))
                .send()
                .await
                .unwrap()
        }
    };
    // Not the director: refused, nothing stored.
    let r = send(Client::new(), set.clone()).await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    assert_eq!(read().await, json!({"denominations": []}));
    // The same value twice: the second row is named.
    let twice = json!({"denominations": [{"value": 25, "count": 1}, {"value": 25, "count": 2}]});
    let refused: Value = send(s.director.clone(), twice).await.json().await.unwrap();
    assert_eq!(
        refused,
        json!({"Err": {"code": "INVALID_CHIP_SET", "params": {"row": "2"}}})
    );
    let ok: Value = send(s.director.clone(), set.clone())
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(ok, json!({"Ok": null}));
    assert_eq!(read().await, set);
}

#[tokio::test]
async fn a_merge_moves_the_links_and_the_ranking_counts_the_player_once() {
    let s = server().await;
    let first = play_out(&s.engine, "Week 1", &["Jan Peeters", "Bram", "Chloé"]).await;
    let second = play_out(&s.engine, "Week 2", &["Jan Peters", "Bram", "Chloé"]).await;
    let before = ranking(&s).await;
    assert_eq!(line(&before, "Jan Peeters")["tournaments"], 1);
    assert_eq!(line(&before, "Jan Peters")["tournaments"], 1);

    let ids = |found: Value| -> Vec<i64> {
        found
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["id"].as_i64().unwrap())
            .collect()
    };
    let keep = ids(s
        .director_call("search_players", &[("query", "Jan Peeters")])
        .await)[0];
    let duplicate = ids(s
        .director_call("search_players", &[("query", "Jan Peters")])
        .await)[0];
    assert_ne!(keep, duplicate);
    let (k, d) = (keep.to_string(), duplicate.to_string());
    let merged = s
        .director_call("merge_players", &[("keep", &k), ("duplicate", &d)])
        .await;
    assert_eq!(merged, json!({"Ok": null}));

    // Both tournaments' entries now lead to the kept player.
    let store = s.engine.store();
    for t in [first, second] {
        let links = store.entry_links(t).await.unwrap();
        let jan = links.values().filter(|c| c.0 == keep).count();
        assert_eq!(jan, 1, "tournament {t}: {links:?}");
        assert!(links.values().all(|c| c.0 != duplicate));
    }
    let after = ranking(&s).await;
    let jan = line(&after, "Jan Peeters");
    assert_eq!(jan["tournaments"], 2);
    assert_eq!(jan["points"], 2 * points(3, 1));
    assert_eq!(jan["rank"], 1);
    assert!(after["lines"]
        .as_array()
        .unwrap()
        .iter()
        .all(|l| l["name"] != "Jan Peters"));

    // The old spelling now leads to the kept player: no duplicate is made again.
    let third = new_tournament(&s.engine, "Week 3").await;
    s.register_at_desk(third, "Jan Peters").await;
    assert_eq!(
        ids(s
            .director_call("search_players", &[("query", "jan pe")])
            .await),
        [keep]
    );
    // Merging a player into themselves, or one already gone, is refused with a code.
    let same = s
        .director_call("merge_players", &[("keep", &k), ("duplicate", &k)])
        .await;
    assert_eq!(same["Err"]["code"], "SAME_CLUB_PLAYER");
    let gone = s
        .director_call("merge_players", &[("keep", &k), ("duplicate", &d)])
        .await;
    assert_eq!(gone["Err"]["code"], "UNKNOWN_CLUB_PLAYER");
}

#[tokio::test]
async fn a_rename_keeps_both_spellings_findable_and_refuses_another_players_name() {
    let s = server().await;
    let week = new_tournament(&s.engine, "Week 1").await;
    for name in ["Jan Peters", "Bram Claes"] {
        s.register_at_desk(week, name).await;
    }
    let id_of = |found: Value| found[0]["id"].as_i64().expect("found");
    let jan = id_of(
        s.director_call("search_players", &[("query", "Jan Peters")])
            .await,
    );
    let rename = |id: i64, name: &'static str| {
        let id = id.to_string();
        let s = &s;
        async move {
            s.director_call("rename_club_player", &[("id", &id), ("name", name)])
                .await
        }
    };
    assert_eq!(rename(jan, "  Jan   Peeters ").await, json!({"Ok": null}));
    // Shown under the new name, found by the new and the old spelling.
    assert_eq!(s.search("peeters").await, ["Jan Peeters"]);
    assert_eq!(s.search("jan peters").await, ["Jan Peeters"]);
    // A later entry under the new spelling joins the same club player.
    let week2 = new_tournament(&s.engine, "Week 2").await;
    s.register_at_desk(week2, "Jan Peeters").await;
    let found = s
        .director_call("search_players", &[("query", "peeters")])
        .await;
    assert_eq!(found.as_array().map(Vec::len), Some(1));
    assert_eq!(found[0]["id"], jan);
    assert_eq!(found[0]["tournaments"], 2);
    // Refused with a code, and nothing changes: another player's name (that is a merge),
    // an empty or overlong name, an unknown player.
    assert_eq!(
        rename(jan, "bram claes").await["Err"]["code"],
        "CLUB_NAME_TAKEN"
    );
    assert_eq!(rename(jan, "   ").await["Err"]["code"], "INVALID_NAME");
    let long = "x".repeat(61);
    let r = s
        .director_call(
            "rename_club_player",
            &[("id", &jan.to_string()), ("name", &long)],
        )
        .await;
    assert_eq!(r["Err"]["code"], "INVALID_NAME");
    assert_eq!(
        rename(9_999, "Nobody").await["Err"]["code"],
        "UNKNOWN_CLUB_PLAYER"
    );
    assert_eq!(s.search("jan").await, ["Jan Peeters"]);
    assert_eq!(s.search("bram").await, ["Bram Claes"]);
}

#[tokio::test]
async fn a_copy_keeps_the_configuration_and_archiving_moves_the_default() {
    let s = server().await;
    let made = s
        .director_call(
            "create_from_template",
            &[
                ("command_id", "new-pko"),
                ("name", "PKO vrijdag"),
                ("template", "ClubPko"),
                ("tables", "4"),
            ],
        )
        .await;
    let original = made["Ok"].as_i64().expect("created");
    // A retry of the same form makes no second tournament.
    let again = s
        .director_call(
            "create_from_template",
            &[
                ("command_id", "new-pko"),
                ("name", "PKO vrijdag"),
                ("template", "ClubPko"),
                ("tables", "4"),
            ],
        )
        .await;
    assert_eq!(again["Ok"].as_i64(), Some(original));
    // No tables, or more than a club has: refused with the field named, nothing made.
    for tables in ["0", "101"] {
        let refused = s
            .director_call(
                "create_from_template",
                &[
                    ("command_id", &format!("tables-{tables}")),
                    ("name", "Te veel"),
                    ("template", "ClubEvening"),
                    ("tables", tables),
                ],
            )
            .await;
        assert_eq!(
            refused["Err"]["code"], "INVALID_CONFIG",
            "{tables}: {refused}"
        );
        assert_eq!(refused["Err"]["params"]["field"], "tables", "{refused}");
    }
    let config = |id: i64| s.engine.snapshot(id).unwrap().state.config.clone().unwrap();
    assert_eq!(config(original), templates::club_pko("PKO vrijdag", 4));

    let copied = s
        .director_call(
            "copy_tournament",
            &[
                ("command_id", "copy-1"),
                ("from", &original.to_string()),
                ("name", "PKO zaterdag"),
            ],
        )
        .await;
    let copy = copied["Ok"].as_i64().expect("copied");
    assert_ne!(copy, original);
    let mut expected = config(original);
    expected.name = "PKO zaterdag".into();
    assert_eq!(
        config(copy),
        expected,
        "everything but the name is the same"
    );
    assert!(s.engine.snapshot(copy).unwrap().state.players.is_empty());
    // A refused name comes back as a code; nothing is created.
    let refused = s
        .director_call(
            "copy_tournament",
            &[
                ("command_id", "copy-2"),
                ("from", &original.to_string()),
                ("name", " "),
            ],
        )
        .await;
    assert_eq!(refused["Err"]["code"], "INVALID_CONFIG");
    assert_eq!(s.engine.tournament_ids().len(), 2);

    // The faces show the room's tournament: none is being played, so the next to start, the
    // oldest registering (`application::room_default`).
    let shown = |v: Value| v["tournament"].as_i64();
    let view = s
        .call(&Client::new(), "get_view", &[])
        .await
        .json::<Value>()
        .await
        .unwrap();
    assert_eq!(shown(view), Some(original));
    let archived = s
        .director_call(
            "archive_tournament",
            &[("id", &copy.to_string()), ("archived", "true")],
        )
        .await;
    assert_eq!(archived, json!({"Ok": null}));
    let view = s
        .call(&Client::new(), "get_view", &[])
        .await
        .json::<Value>()
        .await
        .unwrap();
    assert_eq!(
        shown(view),
        Some(original),
        "archived: no longer the default"
    );
    // Still readable by its id, and the room screen follows `?t=`.
    let t = copy.to_string();
    let view = s
        .call(&Client::new(), "get_view", &[("tournament", &t)])
        .await
        .json::<Value>()
        .await
        .unwrap();
    assert_eq!(shown(view), Some(copy));
    let screen = Client::new()
        .get(format!("{}/screen?t={copy}", s.base))
        .text_answer()
        .await;
    assert!(
        screen.contains("PKO zaterdag"),
        "the screen shows the chosen tournament"
    );
    let list = s.director_call("list_tournaments", &[]).await;
    let listed: Vec<(i64, bool, bool)> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["id"].as_i64().unwrap(),
                t["archived"] == true,
                t["default"] == true,
            )
        })
        .collect();
    assert_eq!(
        listed,
        [(copy, true, false), (original, false, true)],
        "newest first"
    );
}

#[tokio::test]
async fn only_the_director_manages_tournaments_and_players() {
    let s = server().await;
    let id = new_tournament(&s.engine, "Maandag").await.to_string();
    let stranger = Client::new();
    // A table's device is no director either.
    let table_key = clubtd::server::auth::Auth::new(s.engine.store().clone())
        .table_key(id.parse().unwrap(), clubtd::domain::ids::TableNo(1))
        .await
        .unwrap();
    let table = Client::builder()
        .default_headers(reqwest::header::HeaderMap::from_iter([(
            reqwest::header::HeaderName::from_static("x-table-key"),
            table_key.parse().unwrap(),
        )]))
        .build()
        .unwrap();
    let calls: [(&str, Vec<(&str, &str)>); 8] = [
        ("list_tournaments", vec![]),
        (
            "create_from_template",
            vec![
                ("command_id", "x"),
                ("name", "X"),
                ("template", "ClubEvening"),
                ("tables", "2"),
            ],
        ),
        (
            "copy_tournament",
            vec![("command_id", "y"), ("from", &id), ("name", "Y")],
        ),
        (
            "archive_tournament",
            vec![("id", &id), ("archived", "true")],
        ),
        ("merge_players", vec![("keep", "1"), ("duplicate", "2")]),
        ("rename_club_player", vec![("id", "1"), ("name", "X")]),
        ("search_players", vec![("query", "a")]),
        ("get_config", vec![]),
    ];
    for client in [&stranger, &table] {
        for (endpoint, args) in &calls {
            let r = s.call(client, endpoint, args).await;
            assert_eq!(r.status(), StatusCode::FORBIDDEN, "{endpoint}");
        }
    }
    // Nothing changed.
    assert_eq!(s.engine.tournament_ids().len(), 1);
    let store = s.engine.store();
    assert!(
        !store
            .tournament(id.parse().unwrap())
            .await
            .unwrap()
            .unwrap()
            .archived
    );
}

/// Y.1: the club's lists and actions are the application layer's, so both doors say the same:
/// an unknown tournament is `NOT_FOUND` for the pages and the API alike (the pages once said
/// `NOT_CREATED`), and the director's list and the API's list are one list.
#[tokio::test]
async fn both_doors_read_one_list_and_say_not_found_alike() {
    let s = server().await;
    let copy = new_tournament(&s.engine, "Copy me").await;
    let unknown = "987654";
    for (endpoint, args) in [
        (
            "archive_tournament",
            vec![("id", unknown), ("archived", "true")],
        ),
        (
            "copy_tournament",
            vec![("command_id", "copy-x"), ("from", unknown), ("name", "X")],
        ),
    ] {
        let answer = s.director_call(endpoint, &args).await;
        assert_eq!(
            answer,
            json!({"Err": {"code": "NOT_FOUND", "params": {"what": "tournament"}}}),
            "{endpoint}"
        );
    }
    let api = s
        .director
        .put(format!("{}/api/v1/tournaments/{unknown}/archived", s.base))
        .json(&json!({"value": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(api.status(), 404);
    let problem: Value = api.json().await.unwrap();
    assert_eq!(problem["code"], "NOT_FOUND");
    assert_eq!(problem["params"]["what"], "tournament");

    // One list: the director's page (newest first) and the API (oldest first) hold the same
    // tournaments with the same fields.
    let mut pages = s.director_call("list_tournaments", &[]).await;
    let api: Value = s
        .director
        .get(format!("{}/api/v1/tournaments", s.base))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    pages.as_array_mut().expect("a list").reverse();
    assert_eq!(pages, api);
    let listed = api.as_array().expect("a list");
    assert!(listed
        .iter()
        .any(|t| t["id"] == copy && t["status"] == "Registering"));
    assert!(listed
        .iter()
        .all(|t| t.get("default").is_some() && t.get("public").is_some()));
}

/// Y.8: a club website reads the season ranking from the API, with no token: the same lines,
/// points rule and totals as the `/ranking` page, any season by `?year=`.
#[tokio::test]
async fn the_api_serves_the_season_ranking_a_club_website_shows() {
    let s = server().await;
    play_out(&s.engine, "Vrijdag", &["An", "Bram", "Chloé", "Dirk"]).await;
    let page = ranking(&s).await;
    let get = |query: &str| {
        Client::new()
            .get(format!("{}/api/v1/ranking{query}", s.base))
            .send()
    };
    let api = get("").await.unwrap();
    assert_eq!(api.status(), 200, "public");
    let api: Value = api.json().await.unwrap();
    for field in [
        "year",
        "seasons",
        "tournaments",
        "lines",
        "rule",
        "total_prizes",
    ] {
        assert_eq!(api[field], page[field], "{field}: {api}");
    }
    assert_eq!(line(&api, "An")["points"], 20, "{api}");
    let year = api["year"].as_i64().expect("a year");
    let same: Value = get(&format!("?year={year}"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(same, api);
    let empty: Value = get("?year=1999").await.unwrap().json().await.unwrap();
    assert_eq!(empty["tournaments"], 0);
    assert_eq!(empty["lines"], json!([]));
    let refused = get("?year=12").await.unwrap();
    assert_eq!(refused.status(), 400);
}
