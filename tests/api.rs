//! The public JSON API (`/api/v1`) against the real server on loopback with a real SQLite
//! file: every operation, its credentials, idempotency, and problem details for bad input.

mod common;

use clubtd::domain::config::templates;
use common::{director_client, real_server, table_keys, ReadAnswer, RealServer};
use reqwest::{Client, StatusCode};
use serde_json::{json, Value};

/// A director's full-scope token, made with a real PIN sign-in.
async fn full_token(s: &RealServer) -> String {
    let made: Value = director_client(&s.base)
        .await
        .post(format!("{}/api/v1/tokens", s.base))
        .json(&json!({"label": "test", "scope": "full"}))
        .json_answer()
        .await;
    made["token"].as_str().expect("a token").to_string()
}

async fn problem(r: reqwest::Response, status: u16, code: &str) -> Value {
    assert_eq!(r.status().as_u16(), status, "status");
    assert_eq!(
        r.headers()["content-type"].to_str().unwrap(),
        "application/problem+json"
    );
    let p: Value = r.json().await.unwrap();
    assert_eq!(p["code"], code, "{p}");
    assert_eq!(p["status"], status);
    p
}

#[tokio::test]
async fn the_document_and_its_reference_page_are_served() {
    let s = real_server(true).await;
    let c = Client::new();
    let doc: Value = c
        .get(format!("{}/api/v1/openapi.json", s.base))
        .json_answer()
        .await;
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    let paths = doc["paths"].as_object().unwrap();
    for p in [
        "/api/v1/tournaments",
        "/api/v1/tournaments/{id}/commands",
        "/api/v1/tournaments/{id}/standings",
        "/api/v1/calculators/unattention-bet",
        "/api/v1/rulings/{flow}",
        "/api/v1/tokens",
        "/live/{id}",
    ] {
        assert!(paths.contains_key(p), "{p} documented");
    }
    // Every command type is in the schema, so a client can build any of them.
    let commands = doc["components"]["schemas"]["Command"].to_string();
    for t in [
        "register_player",
        "report_busts",
        "re_enter",
        "record_deal",
        "set_balancing",
    ] {
        assert!(commands.contains(t), "{t} in the Command schema");
    }
    // The document states the configuration's own limits, as the server checks them (it
    // used to allow `tables_at_start` 2147483646 for a 16-bit field).
    let config = &doc["components"]["schemas"]["Config"]["properties"];
    for (field, min, max) in [
        ("tables_at_start", 1, 500),
        ("table_size", 2, 10),
        ("balance_trigger", 1, 255),
    ] {
        assert_eq!(config[field]["minimum"], min, "{field}");
        assert_eq!(config[field]["maximum"], max, "{field}");
    }
    assert_eq!(config["name"]["maxLength"], 120);
    assert_eq!(config["levels"]["maxItems"], 200);
    let page = c.get(format!("{}/api/v1/docs", s.base)).text_answer().await;
    assert!(page.contains("/api/v1/tournaments/{id}/commands"));
    assert!(!page.contains("https://"), "no CDN");
}

#[tokio::test]
async fn a_director_runs_a_tournament_through_the_api() {
    let s = real_server(true).await;
    let token = full_token(&s).await;
    let c = Client::new();
    let auth = format!("Bearer {token}");
    let url = |p: &str| format!("{}/api/v1{p}", s.base);
    let get = |p: &str| c.get(url(p)).header("authorization", &auth);

    // Create with the full configuration; a retry with the same id finds the same one.
    let config = serde_json::to_value(templates::club_pko("API Cup", 2)).unwrap();
    let create = json!({"command_id": "create-1", "config": config});
    let r = c
        .post(url("/tournaments"))
        .header("authorization", &auth)
        .json(&create)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CREATED);
    let created: Value = r.json().await.unwrap();
    let id = created["id"].as_i64().unwrap();
    let again: Value = c
        .post(url("/tournaments"))
        .header("authorization", &auth)
        .json(&create)
        .json_answer()
        .await;
    assert_eq!(again["id"], id, "idempotent creation");

    // Register, start, bust: each command once, retries harmless.
    let send = |command_id: &str, command: Value| {
        c.post(url(&format!("/tournaments/{id}/commands")))
            .header("authorization", &auth)
            .json(&json!({"command_id": command_id, "command": command}))
            .send()
    };
    for i in 1..=6 {
        let r = send(&format!("reg-{i}"), json!({"type": "register_player", "name": format!("P{i}"), "method": "cash", "present": true})).await.unwrap();
        assert_eq!(r.status(), 200);
    }
    let first: Value = send(
        "reg-1",
        json!({"type": "register_player", "name": "P1", "method": "cash", "present": true}),
    )
    .await
    .unwrap()
    .json()
    .await
    .unwrap();
    let players: Value = get(&format!("/tournaments/{id}/players"))
        .json_answer()
        .await;
    assert_eq!(
        players.as_array().unwrap().len(),
        6,
        "the retry of reg-1 did not register twice"
    );
    assert_eq!(
        first["last_seq"].as_u64().unwrap(),
        first["first_seq"].as_u64().unwrap() + 1,
        "first answer returned again"
    );
    assert_eq!(
        send("start", json!({"type": "start_clock"}))
            .await
            .unwrap()
            .status(),
        200
    );
    let tables: Value = get(&format!("/tournaments/{id}/tables"))
        .json_answer()
        .await;
    let table = tables["tables"][0]["table"].as_u64().unwrap();
    let seats = tables["tables"][0]["seats"].as_array().unwrap();
    let (out, winner) = (seats[0]["player"].clone(), seats[1]["player"].clone());
    let r = send("bust-1", json!({"type": "report_busts", "table": table, "busts": [{"player": out, "eliminators": [winner]}]})).await.unwrap();
    assert_eq!(r.status(), 200);

    // The rules refuse with a stable code: the same player cannot bust twice.
    let refused = send("bust-2", json!({"type": "report_busts", "table": table, "busts": [{"player": out, "eliminators": [winner]}]})).await.unwrap();
    problem(refused, 422, "NOT_AT_TABLE").await;

    // Every read.
    let standings: Value = get(&format!("/tournaments/{id}/standings"))
        .json_answer()
        .await;
    assert_eq!(standings["places"][0]["place"], 6);
    let bounties: Value = get(&format!("/tournaments/{id}/bounties"))
        .json_answer()
        .await;
    let won = bounties
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["player"] == winner)
        .unwrap();
    assert_eq!(won["bounty_won"], 500, "progressive: half of 10 € in cash");
    let payouts: Value = get(&format!("/tournaments/{id}/payouts"))
        .json_answer()
        .await;
    assert_eq!(payouts["prize_pool"], 6 * 1500);
    assert_eq!(
        payouts["payouts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_i64().unwrap())
            .sum::<i64>(),
        6 * 1500
    );
    for part in ["", "/clock", "/structure", "/deal-quotes", "/events"] {
        let r = get(&format!("/tournaments/{id}{part}"))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200, "GET {part}");
    }
    let events: Value = get(&format!("/tournaments/{id}/events?after=0"))
        .json_answer()
        .await;
    assert!(events.as_array().unwrap().len() > 8);
    // Each logged event says who sent it and when it was received; a command sent late by a
    // device's outbox also says when it was tapped (issue N), and only it.
    let before = events.as_array().unwrap().len();
    let tapped = 1_700_000_000_123_i64;
    let r = c
        .post(url(&format!("/tournaments/{id}/commands")))
        .header("authorization", &auth)
        .json(&json!({"command_id": "late-tap", "command": {"type": "call_director", "table": 1}, "tapped_at": tapped}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    let events: Value = get(&format!("/tournaments/{id}/events?after=0"))
        .json_answer()
        .await;
    let events = events.as_array().unwrap();
    let late = &events[before];
    assert_eq!(late["event"]["type"], "director_called");
    assert_eq!(late["tapped_at"], tapped);
    assert!(late["at"].as_i64().unwrap() > tapped);
    assert_eq!(late["actor"], "director");
    assert!(events[..before].iter().all(|e| e["tapped_at"].is_null()));
    // A tablet whose clock runs ten minutes slow sends a ruling that waited 90 s in its
    // outbox: the log puts the tap 90 s before the receipt on the server's clock, and the
    // ruling itself keeps it (the incident log shows both times).
    let server_now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    let device_now = server_now - 600_000;
    let ruling = json!({"type": "record_ruling", "table": 1, "flow": "talking",
        "answers": [{"type": "yes_no", "value": false}, {"type": "choice", "value": 1}, {"type": "count", "value": 3}]});
    let r = c
        .post(url(&format!("/tournaments/{id}/commands")))
        .header("authorization", &auth)
        .json(&json!({"command_id": "late-ruling", "command": ruling,
            "tapped_at": device_now - 90_000, "sent_at": device_now}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    let events: Value = get(&format!("/tournaments/{id}/events?after={}", before + 1))
        .json_answer()
        .await;
    let ruled = &events.as_array().unwrap()[0];
    assert_eq!(ruled["event"]["type"], "ruling_recorded");
    let (at, tapped) = (
        ruled["at"].as_i64().unwrap(),
        ruled["tapped_at"].as_i64().unwrap(),
    );
    // The request's own time on the wire is the only slack.
    assert!(
        (at - 92_000..=at - 90_000).contains(&tapped),
        "at {at}, tapped {tapped}"
    );
    assert_eq!(ruled["event"]["tapped_at"], tapped);

    // Anonymous readers read every tournament, as the room's pages do; `public` is the mark
    // of the ones a club website lists, and hides nothing.
    let anon = c
        .get(url(&format!("/tournaments/{id}/standings")))
        .send()
        .await
        .unwrap();
    assert_eq!(anon.status(), 200);
    let list: Value = c.get(url("/tournaments")).json_answer().await;
    let listed = |list: &Value| {
        list.as_array()
            .unwrap()
            .iter()
            .find(|t| t["id"] == id)
            .map(|t| t["public"].clone())
    };
    assert_eq!(listed(&list), Some(json!(false)), "{list}");
    let r = c
        .put(url(&format!("/tournaments/{id}/public")))
        .header("authorization", &auth)
        .json(&json!({"value": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::NO_CONTENT);
    let list: Value = c.get(url("/tournaments")).json_answer().await;
    assert_eq!(listed(&list), Some(json!(true)), "{list}");
    // The event log stays the director's and read tokens', and a stranger is told to sign in
    // before being told whether a tournament exists.
    for t in [id, 999_999] {
        let r = c
            .get(url(&format!("/tournaments/{t}/events")))
            .send()
            .await
            .unwrap();
        problem(r, 401, "UNAUTHENTICATED").await;
        let r = c
            .post(url(&format!("/tournaments/{t}/commands")))
            .json(&json!({"command_id": "x", "command": {"type": "pause_clock"}}))
            .send()
            .await
            .unwrap();
        problem(r, 401, "UNAUTHENTICATED").await;
    }
    // Public does not mean writable.
    let r = c
        .post(url(&format!("/tournaments/{id}/commands")))
        .json(&json!({"command_id": "x", "command": {"type": "pause_clock"}}))
        .send()
        .await
        .unwrap();
    problem(r, 401, "UNAUTHENTICATED").await;

    // A read-only token reads but cannot change anything; revoked, it is nobody.
    let made: Value = c
        .post(url("/tokens"))
        .header("authorization", &auth)
        .json(&json!({"label": "website", "scope": "read"}))
        .json_answer()
        .await;
    let read = format!("Bearer {}", made["token"].as_str().unwrap());
    assert_eq!(
        c.get(url(&format!("/tournaments/{id}/events")))
            .header("authorization", &read)
            .send()
            .await
            .unwrap()
            .status(),
        200
    );
    // A malformed question is answered only to whoever may ask it: the stranger is told to
    // sign in, the reader what is wrong (the access is checked once, before the question).
    let r = c
        .get(url(&format!("/tournaments/{id}/events?after=-1")))
        .send()
        .await
        .unwrap();
    problem(r, 401, "UNAUTHENTICATED").await;
    let r = c
        .get(url(&format!("/tournaments/{id}/events?after=-1")))
        .header("authorization", &read)
        .send()
        .await
        .unwrap();
    problem(r, 400, "INVALID_QUERY").await;
    let r = c
        .post(url(&format!("/tournaments/{id}/commands")))
        .header("authorization", &read)
        .json(&json!({"command_id": "y", "command": {"type": "pause_clock"}}))
        .send()
        .await
        .unwrap();
    problem(r, 403, "UNAUTHORIZED").await;
    let tokens: Value = get("/tokens").json_answer().await;
    assert_eq!(tokens.as_array().unwrap().len(), 2);
    let r = c
        .delete(url(&format!("/tokens/{}", made["info"]["id"])))
        .header("authorization", &auth)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::NO_CONTENT);
    let r = c
        .post(url(&format!("/tournaments/{id}/commands")))
        .header("authorization", &read)
        .json(&json!({"command_id": "z", "command": {"type": "pause_clock"}}))
        .send()
        .await
        .unwrap();
    problem(r, 401, "UNAUTHENTICATED").await;

    // Archived, it stays readable and says so in the list.
    let r = c
        .put(url(&format!("/tournaments/{id}/archived")))
        .header("authorization", &auth)
        .json(&json!({"value": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::NO_CONTENT);
    let list: Value = get("/tournaments").json_answer().await;
    assert!(list
        .as_array()
        .unwrap()
        .iter()
        .any(|t| t["id"] == id && t["archived"] == true));
}

#[tokio::test]
async fn a_table_key_acts_for_its_own_table_only() {
    let s = real_server(true).await;
    let director = director_client(&s.base).await;
    let (table, key) = table_keys(&s.base, &director, None).await[0].clone();
    let key = key.as_str();
    let list: Value = director
        .get(format!("{}/api/v1/tournaments", s.base))
        .json_answer()
        .await;
    let id = list.as_array().unwrap().last().unwrap()["id"]
        .as_i64()
        .unwrap();
    let c = Client::new();
    let send = |command: Value| {
        c.post(format!("{}/api/v1/tournaments/{id}/commands", s.base))
            .header("x-table-key", key)
            .json(&json!({"command_id": uuid::Uuid::new_v4().to_string(), "command": command}))
            .send()
    };
    assert_eq!(
        send(json!({"type": "set_button", "table": table, "seat": 2}))
            .await
            .unwrap()
            .status(),
        200
    );
    problem(
        send(json!({"type": "set_button", "table": table + 1, "seat": 2}))
            .await
            .unwrap(),
        403,
        "UNAUTHORIZED",
    )
    .await;
    problem(
        send(json!({"type": "pause_clock"})).await.unwrap(),
        403,
        "UNAUTHORIZED",
    )
    .await;
    // The table reads its own tournament.
    let r = c
        .get(format!("{}/api/v1/tournaments/{id}/tables", s.base))
        .header("x-table-key", key)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
}

#[tokio::test]
async fn bad_input_is_a_problem_never_a_server_error() {
    let s = real_server(true).await;
    let token = full_token(&s).await;
    let c = Client::new();
    let auth = format!("Bearer {token}");
    let url = |p: &str| format!("{}/api/v1{p}", s.base);
    let truncated = c
        .post(url("/tournaments/1/commands"))
        .header("authorization", &auth)
        .header("content-type", "application/json")
        .body("{\"command_id\": \"a\", \"comm")
        .send()
        .await
        .unwrap();
    problem(truncated, 400, "INVALID_JSON").await;
    let unknown_type = c
        .post(url("/tournaments/1/commands"))
        .header("authorization", &auth)
        .json(&json!({"command_id": "a", "command": {"type": "fly"}}))
        .send()
        .await
        .unwrap();
    problem(unknown_type, 400, "INVALID_JSON").await;
    let no_type = c
        .post(url("/calculators/ante"))
        .body("{}")
        .send()
        .await
        .unwrap();
    problem(no_type, 415, "UNSUPPORTED_MEDIA_TYPE").await;
    problem(
        c.get(url("/tournaments/abc")).send().await.unwrap(),
        400,
        "INVALID_PATH",
    )
    .await;
    problem(
        c.get(url("/tournaments/999999")).send().await.unwrap(),
        404,
        "NOT_FOUND",
    )
    .await;
    problem(
        c.get(url("/no/such/thing")).send().await.unwrap(),
        404,
        "NOT_FOUND",
    )
    .await;
    let huge = "x".repeat(300 * 1024);
    let r = c.post(url("/tournaments/1/commands")).header("authorization", &auth).json(&json!({"command_id": "a", "command": {"type": "register_player", "name": huge, "method": "cash", "present": true}})).send().await.unwrap();
    problem(r, 413, "BODY_TOO_LARGE").await;
    let long_id = "i".repeat(65);
    let r = c
        .post(url("/tournaments/1/commands"))
        .header("authorization", &auth)
        .json(&json!({"command_id": long_id, "command": {"type": "pause_clock"}}))
        .send()
        .await
        .unwrap();
    problem(r, 400, "INVALID_COMMAND_ID").await;
    let r = c
        .get(url("/tournaments/1/standings"))
        .header("authorization", "Bearer forged")
        .send()
        .await
        .unwrap();
    problem(r, 401, "UNAUTHENTICATED").await;

    // An API token's label: 1 to 100 characters, the limit in the problem's parameters (the
    // application layer's rule, `access::make_token`); a token unknown to revoke is 404.
    for label in ["", "   ", &"L".repeat(101)] {
        let r = c
            .post(url("/tokens"))
            .header("authorization", &auth)
            .json(&json!({"label": label, "scope": "read"}))
            .send()
            .await
            .unwrap();
        let p = problem(r, 400, "INVALID_LABEL").await;
        assert_eq!(p["params"]["max"], "100", "{p}");
    }
    let r = c
        .post(url("/tokens"))
        .header("authorization", &auth)
        .json(&json!({"label": "é".repeat(100), "scope": "read"}))
        .send()
        .await
        .unwrap();
    assert_eq!(
        r.status(),
        StatusCode::CREATED,
        "100 characters are a label"
    );
    let r = c
        .delete(url("/tokens/987654"))
        .header("authorization", &auth)
        .send()
        .await
        .unwrap();
    problem(r, 404, "NOT_FOUND").await;
}

#[tokio::test]
async fn the_calculators_and_guided_flows_answer_the_seeds_examples() {
    let s = real_server(true).await;
    let c = Client::new();
    let post = |p: &str, body: Value| c.post(format!("{}/api/v1{p}", s.base)).json(&body);
    // PKR4U 16 / 17: half the ante at four players; a short big blind pays the blind first.
    let a: Value = post(
        "/calculators/ante",
        json!({"full_ante": 100, "players_at_table": 4, "big_blind": 200, "stack": 230}),
    )
    .json_answer()
    .await;
    assert_eq!(a["ante"], 50);
    assert_eq!(
        (
            a["posting"]["big_blind_paid"].clone(),
            a["posting"]["ante_paid"].clone()
        ),
        (json!(200), json!(30))
    );
    // TDA 10: a bet of 500 and 800 put in silently is a raise to 1,000.
    let r: Value = post("/calculators/put-in", json!({"context": {"current_bet": 500, "last_full_raise": 500, "already_in": 0, "stack": 5000}, "put_in": 800, "kind": "multiple_chips"})).json_answer().await;
    assert_eq!(r["action"], json!({"action": "raise", "to": 1000}));
    // TDA 38 / PKR4U 27: a bet of 500 and an all-in of 600 do not reopen the betting for the
    // bettor; the player behind may still raise.
    let round: Value = post(
        "/calculators/raise-rights",
        json!({
            "big_blind": 100,
            "seats": [{"in_front": 0}, {"in_front": 0, "all_in": false}, {"in_front": 0}],
            "actions": [
                {"seat": 0, "act": {"act": "bet_or_raise_to", "to": 500}},
                {"seat": 1, "act": {"act": "all_in", "to": 600}},
            ],
        }),
    )
    .json_answer()
    .await;
    assert_eq!(round["current_bet"], 600, "{round}");
    assert_eq!(round["seats"][2]["right"]["right"], "may_raise", "{round}");
    let after_call: Value = post(
        "/calculators/raise-rights",
        json!({
            "big_blind": 100,
            "seats": [{"in_front": 0}, {"in_front": 0}, {"in_front": 0}],
            "actions": [
                {"seat": 0, "act": {"act": "bet_or_raise_to", "to": 500}},
                {"seat": 1, "act": {"act": "all_in", "to": 600}},
                {"seat": 2, "act": {"act": "call"}},
            ],
        }),
    )
    .json_answer()
    .await;
    assert_eq!(
        after_call["seats"][0]["right"]["right"], "call_or_fold_only",
        "{after_call}"
    );
    // PKR4U 2: a player calls 500 without seeing the raise to 1,000: pay it, or give up.
    let unattention: Value = post(
        "/calculators/unattention-bet",
        json!({
            "missed_bet": 1000, "previous_bet": 500, "last_full_raise": 500, "already_in": 0,
            "put_in": 500, "stack": 5000, "meant": "call",
        }),
    )
    .json_answer()
    .await;
    assert_eq!(unattention["ruling"], "choice", "{unattention}");
    // TDA 2: ten 25-chips race for three 100-chips.
    let race: Value = post(
        "/calculators/chip-race",
        json!({"small_chips": [3, 3, 2, 2], "small": 25, "big": 100}),
    )
    .json_answer()
    .await;
    assert_eq!(race["chips_to_race"], 3, "{race}");
    assert_eq!(race["odd_value"], 250, "{race}");
    // PKR4U 30: everyone gets back what they put in.
    let refunds: Value = post(
        "/calculators/cancelled-hand",
        json!({"contributions": [100, 200, 0]}),
    )
    .json_answer()
    .await;
    assert_eq!(refunds, json!([100, 200, 0]));
    let bad = post(
        "/calculators/cancelled-hand",
        json!({"contributions": [-5]}),
    )
    .send()
    .await
    .unwrap();
    assert_eq!(bad.status(), 422);
    // The guided flows: list, start, answer to the ruling.
    let list: Value = c
        .get(format!("{}/api/v1/rulings", s.base))
        .json_answer()
        .await;
    assert!(list.as_array().unwrap().len() >= 15);
    let start: Value = post("/rulings/talking", json!({"answers": []}))
        .json_answer()
        .await;
    assert_eq!(start["step"]["step"], "question", "{start}");
    let done: Value = post("/rulings/talking", json!({"answers": [{"type": "yes_no", "value": false}, {"type": "choice", "value": 1}, {"type": "count", "value": 3}]})).json_answer().await;
    assert!(done.to_string().contains("PKR4U"), "{done}");
    problem(
        post("/rulings/nothing", json!({"answers": []}))
            .send()
            .await
            .unwrap(),
        404,
        "NOT_FOUND",
    )
    .await;
}

/// The same bad input gets the same code through both front doors: the pages' server
/// function and `/api/v1` go through one application layer. Only the envelope differs (a
/// page's `Rejected` answer, the API's problem details with its HTTP status).
#[tokio::test]
async fn both_doors_answer_the_same_input_with_the_same_code() {
    let s = real_server(true).await;
    let director = director_client(&s.base).await;
    let anyone = Client::new();
    let page = |client: &Client, command_id: &str, command: Value, tournament: i64| {
        client
            .post(format!("{}/api/send_command", s.base))
            .json(&json!({
                "command_id": command_id, "command": command,
                "table_key": null, "tournament": tournament,
            }))
            .send()
    };
    let api = |client: &Client, command_id: &str, command: Value, tournament: i64| {
        client
            .post(format!(
                "{}/api/v1/tournaments/{tournament}/commands",
                s.base
            ))
            .json(&json!({"command_id": command_id, "command": command}))
            .send()
    };
    let long_id = "i".repeat(65);
    let pause = json!({"type": "pause_clock"});
    let absent = json!({"type": "set_button", "table": 99, "seat": 1});
    let cases: [(&Client, &str, Value, i64, u16, &str); 4] = [
        (
            &director,
            &long_id,
            pause.clone(),
            1,
            400,
            "INVALID_COMMAND_ID",
        ),
        // A rule's refusal: whichever code the rules give, both doors give it.
        (&director, "same-1", absent, 1, 422, ""),
        (&anyone, "same-2", pause.clone(), 1, 401, "UNAUTHENTICATED"),
        (&director, "same-3", pause, 999, 404, "NOT_FOUND"),
    ];
    for (client, id, command, tournament, status, code) in cases {
        let from_page: Value = page(client, id, command.clone(), tournament)
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        // Another command id, so the API's answer is worked out anew, not the stored one.
        let r = api(client, &format!("{id}-api"), command, tournament)
            .await
            .unwrap();
        assert_eq!(r.status().as_u16(), status, "API door, {code}");
        let from_api: Value = r.json().await.unwrap();
        if !code.is_empty() {
            assert_eq!(from_api["code"], code, "API door: {from_api}");
        }
        assert!(from_api["code"].as_str().is_some_and(|c| !c.is_empty()));
        assert_eq!(
            from_page["Rejected"],
            json!({"code": from_api["code"], "params": from_api["params"]}),
            "page door, {code}: {from_page} against {from_api}"
        );
    }
}

/// Issue V.4: a phone or the TV opened without `?t=` shows the tournament being played, not a
/// newer one that has already finished or is still registering; a finished one only by its id
/// (or once nothing is being played or to come).
#[tokio::test]
async fn the_faces_show_the_tournament_being_played_before_a_newer_finished_or_registering_one() {
    let s = real_server(true).await; // the demo, id 1, its clock running
    let token = full_token(&s).await;
    let c = Client::new();
    let auth = format!("Bearer {token}");
    let url = |p: &str| format!("{}/api/v1{p}", s.base);
    let current = || async {
        let live: Value = c
            .get(format!("{}/view/current", s.base))
            .json_answer()
            .await;
        live["tournament"].as_i64().expect("a tournament")
    };
    assert_eq!(current().await, 1);

    // A newer tournament, played to its end the same evening.
    let config = serde_json::to_value(templates::club_evening("Side event", 1)).unwrap();
    let made: Value = c
        .post(url("/tournaments"))
        .header("authorization", &auth)
        .json(&json!({"command_id": "side", "config": config}))
        .json_answer()
        .await;
    let side = made["id"].as_i64().unwrap();
    assert_eq!(current().await, 1, "a newer tournament still registering");
    let send = |id: String, command: Value| {
        c.post(url(&format!("/tournaments/{side}/commands")))
            .header("authorization", &auth)
            .json(&json!({"command_id": id, "command": command}))
            .send()
    };
    for name in ["Ann", "Bob"] {
        let r = send(
            format!("reg-{name}"),
            json!({"type": "register_player", "name": name, "method": "cash", "present": true}),
        )
        .await
        .unwrap();
        assert_eq!(r.status(), 200);
    }
    assert_eq!(
        send("start".into(), json!({"type": "start_clock"}))
            .await
            .unwrap()
            .status(),
        200
    );
    let tables: Value = c
        .get(url(&format!("/tournaments/{side}/tables")))
        .header("authorization", &auth)
        .json_answer()
        .await;
    let seats = tables["tables"][0]["seats"].as_array().unwrap();
    let (out, winner) = (seats[0]["player"].clone(), seats[1]["player"].clone());
    let r = send("bust".into(), json!({"type": "report_busts", "table": tables["tables"][0]["table"], "busts": [{"player": out, "eliminators": [winner]}]})).await.unwrap();
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    let r = send("close".into(), json!({"type": "close_registration"}))
        .await
        .unwrap();
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    // The room still sees the demo; the side event by its id.
    assert_eq!(
        current().await,
        1,
        "a newer finished tournament hid the one being played"
    );
    let by_id: Value = c.get(format!("{}/view/{side}", s.base)).json_answer().await;
    assert_eq!(by_id["tournament"], side);
    assert_eq!(by_id["view"]["finished"], true, "the side event is over");
    let page = c
        .get(format!("{}/screen", s.base))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        page.contains("Demo") && !page.contains("Side event"),
        "the TV's page is the demo's"
    );
}

/// Issue U.4: the deal quotes through the API take an amount left to play for, and once a deal
/// is recorded the payouts say it (each player's amount, what is left) with no next payout
/// from the table it replaced.
#[tokio::test]
async fn deal_quotes_take_an_amount_to_play_for_and_the_payouts_show_the_deal() {
    let s = real_server(false).await;
    let token = full_token(&s).await;
    let c = Client::new();
    let auth = format!("Bearer {token}");
    let url = |p: &str| format!("{}/api/v1{p}", s.base);
    let config = serde_json::to_value(templates::club_evening("Deal night", 1)).unwrap();
    let made: Value = c
        .post(url("/tournaments"))
        .header("authorization", &auth)
        .json(&json!({"command_id": "deal-night", "config": config}))
        .json_answer()
        .await;
    let id = made["id"].as_i64().unwrap();
    let send = |cid: String, command: Value| {
        c.post(url(&format!("/tournaments/{id}/commands")))
            .header("authorization", &auth)
            .json(&json!({"command_id": cid, "command": command}))
            .send()
    };
    for name in ["Ann", "Bob", "Cas", "Dirk", "Els", "Fien", "Gert", "Hilde"] {
        let r = send(
            format!("reg-{name}"),
            json!({"type": "register_player", "name": name, "method": "cash", "present": true}),
        )
        .await
        .unwrap();
        assert_eq!(r.status(), 200);
    }
    let get = |p: String| c.get(url(&p)).header("authorization", &auth);
    // A negative amount is refused whether or not there is a deal to quote yet (before the
    // start there is none: schemathesis found -1 answered 200 with `null`).
    let negative = get(format!("/tournaments/{id}/deal-quotes?to_play_for=-1"))
        .send()
        .await
        .unwrap();
    assert_eq!(negative.status(), 400, "before the start");
    for (cid, command) in [
        ("start", json!({"type": "start_clock"})),
        ("close", json!({"type": "close_registration"})),
    ] {
        let r = send(cid.into(), command).await.unwrap();
        assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    }
    let negative = get(format!("/tournaments/{id}/deal-quotes?to_play_for=-1"))
        .send()
        .await
        .unwrap();
    assert_eq!(negative.status(), 400, "with quotes");
    let quotes: Value = get(format!("/tournaments/{id}/deal-quotes"))
        .json_answer()
        .await;
    let prizes_left: i64 = quotes["prizes_left"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_i64().unwrap())
        .sum();
    let sum = |v: &Value| {
        v.as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_i64().unwrap())
            .sum::<i64>()
    };
    assert_eq!(sum(&quotes["icm"]), prizes_left);

    // 10 euro left to play for: the quotes share the rest.
    let left: Value = get(format!("/tournaments/{id}/deal-quotes?to_play_for=1000"))
        .json_answer()
        .await;
    assert_eq!(sum(&left["icm"]), prizes_left - 1000);
    assert_eq!(sum(&left["chip_chop"]), prizes_left - 1000);
    let first = quotes["prizes_left"][0].as_i64().unwrap();
    let too_much = get(format!(
        "/tournaments/{id}/deal-quotes?to_play_for={}",
        first + 1
    ))
    .send()
    .await
    .unwrap();
    assert_eq!(too_much.status(), 400);

    // The deal recorded with the 10 euro left: the payouts show it, and no next payout.
    let amounts: Vec<Value> = left["players"]
        .as_array()
        .unwrap()
        .iter()
        .zip(left["icm"].as_array().unwrap())
        .map(|(p, a)| json!([p, a]))
        .collect();
    let r = send(
        "deal".into(),
        json!({"type": "record_deal", "amounts": amounts, "note": "ICM", "to_play_for": 1000}),
    )
    .await
    .unwrap();
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    let payouts: Value = get(format!("/tournaments/{id}/payouts"))
        .json_answer()
        .await;
    assert_eq!(payouts["deal"]["to_play_for"], 1000);
    assert_eq!(payouts["deal"]["amounts"].as_array().unwrap().len(), 8);
    assert_eq!(
        payouts["deal"]["amounts"][0]["name"]
            .as_str()
            .map(|n| !n.is_empty()),
        Some(true)
    );
    assert!(
        payouts["next_payout"].is_null(),
        "no next payout from the replaced table: {payouts}"
    );
}

/// Issue Y.4: every face's view at its address, for anyone, the default tournament's and by
/// id alike; a number no face can have is a bad request; a tournament that does not exist is
/// `null`, as for the whole view.
#[tokio::test]
async fn every_face_reads_its_own_view_at_its_address() {
    let s = real_server(true).await; // the demo, id 1: 24 players at 3 tables
    let c = Client::new();
    let get = |path: String| {
        let c = c.clone();
        let url = format!("{}{path}", s.base);
        async move { c.get(url).send().await.expect("an answer") }
    };
    let whole: Value = get("/view/1".into()).await.json().await.unwrap();
    let player = whole["view"]["players"][0]["player"].as_u64().unwrap();
    let table = whole["view"]["tables"][0]["table"].as_u64().unwrap();
    for (path, check) in [
        ("/screen".to_string(), "field"),
        ("/seats".to_string(), "seats"),
        ("/door".to_string(), "free_seats"),
        (format!("/table/{table}"), "table"),
        (format!("/player/{player}"), "card"),
        ("/place/1".to_string(), "current"),
    ] {
        for which in ["1", "current"] {
            let answer = get(format!("/view/{which}{path}")).await;
            assert_eq!(answer.status(), StatusCode::OK, "{path}");
            let live: Value = answer.json().await.unwrap();
            assert_eq!(live["tournament"], 1, "{which}{path}");
            assert_eq!(live["last_seq"], whole["last_seq"], "{which}{path}");
            assert!(live["view"].get(check).is_some(), "{which}{path}: {live}");
            assert!(live["view"].get("players").is_none() || path.starts_with("/table"));
        }
    }
    // Nobody by that number: null inside; not a number a table can have: 400.
    let nobody: Value = get("/view/1/player/9999".into())
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(nobody, Value::Null);
    let too_big = get("/view/1/table/70000".into()).await;
    assert_eq!(too_big.status(), StatusCode::BAD_REQUEST);
    let unknown: Value = get("/view/77/screen".into()).await.json().await.unwrap();
    assert_eq!(unknown, Value::Null);
}
