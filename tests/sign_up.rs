//! The door on the real server (issue T): phones sign up with no credential and get a token
//! for their own place; the token follows and leaves that place only, and opens the player's
//! page once the desk has admitted the entry; only the desk admits; sign-ups are counted per
//! address, through both doors (the pages' server functions and `/api/v1`).

mod common;

use clubtd::domain::command::{Command, CreateTournament, RegisterPlayer, ReportBusts, StartClock};
use clubtd::domain::config::templates;
use clubtd::server::engine::{Engine, Reply};
use common::{director, director_client, real_server, ReadAnswer};
use reqwest::Client;
use serde_json::{json, Value};

async fn new_tournament(engine: &Engine) -> i64 {
    let id = engine.create("Deur").await.unwrap();
    let config = templates::club_evening("Deur", 1);
    let reply = engine
        .submit(
            id,
            "create",
            &Command::CreateTournament(CreateTournament { config }),
            &director(),
        )
        .await
        .unwrap();
    assert!(matches!(reply, Reply::Accepted { .. }));
    id
}

async fn sign_up(base: &str, id: i64, command_id: &str, name: &str) -> Value {
    Client::new()
        .post(format!("{base}/api/sign_up"))
        .json(&json!({"tournament": id, "command_id": command_id, "name": name, "method": "card"}))
        .json_answer()
        .await
}

fn token(reply: &Value) -> String {
    reply["Queued"]["token"]
        .as_str()
        .unwrap_or_else(|| panic!("queued: {reply}"))
        .to_string()
}

async fn open(base: &str, token: &str) -> reqwest::Response {
    Client::new()
        .post(format!("{base}/api/open_sign_up"))
        .form(&[("token", token)])
        .send()
        .await
        .unwrap()
}

async fn send(client: &Client, base: &str, id: i64, command_id: &str, command: Value) -> Value {
    client
        .post(format!("{base}/api/send_command"))
        .json(&json!({"command_id": command_id, "command": command, "table_key": null, "tournament": id}))
        .json_answer()
        .await
}

#[tokio::test]
async fn a_phone_signs_up_follows_its_place_and_only_the_desk_admits_it() {
    let s = real_server(false).await;
    let base = &s.base;
    let id = new_tournament(&s.engine).await;

    let anna = sign_up(base, id, "phone-1", "  anna  ").await;
    let anna_token = token(&anna);
    // The same tap sent again after a lost answer: the same place, not a second one.
    assert_eq!(sign_up(base, id, "phone-1", "  anna  ").await, anna);
    let bram_token = token(&sign_up(base, id, "phone-2", "Bram").await);
    let view = s.engine.view(id).await.unwrap();
    let queue = &view.view.as_ref().unwrap().door.queue;
    assert_eq!(queue.len(), 2);
    assert_eq!(queue[0].name, "anna");
    assert_eq!(view.view.as_ref().unwrap().entries, 0, "nothing bought yet");

    let opened: Value = open(base, &anna_token).await.json().await.unwrap();
    assert_eq!(
        opened,
        json!({"tournament": id, "entry": 1, "player_page": null})
    );

    // A phone cannot admit itself, with or without its token.
    let admit = json!({"type": "admit", "entry": 1, "method": "card"});
    let refused = send(&Client::new(), base, id, "self-admit", admit.clone()).await;
    assert_eq!(refused["Rejected"]["code"], "UNAUTHENTICATED");
    let api = Client::new()
        .post(format!("{base}/api/v1/tournaments/{id}/commands"))
        .header("x-sign-up-token", &anna_token)
        .json(&json!({"command_id": "self-admit-2", "command": admit}))
        .send()
        .await
        .unwrap();
    assert_eq!(api.status(), 403);

    // The desk admits: a registration with its seat, and the phone's token now opens the
    // player's own page.
    let desk = director_client(base).await;
    let done = send(&desk, base, id, "admit-1", admit).await;
    assert!(done.get("Accepted").is_some(), "{done}");
    let opened: Value = open(base, &anna_token).await.json().await.unwrap();
    let page = opened["player_page"].as_str().expect("the player's page");
    let me_token = page.strip_prefix("/me/").unwrap();
    let linked: Value = Client::new()
        .post(format!("{base}/api/open_player_link"))
        .form(&[("token", me_token)])
        .json_answer()
        .await;
    assert_eq!(linked["tournament"], id);
    let view = s.engine.view(id).await.unwrap();
    let v = view.view.as_ref().unwrap();
    assert_eq!(v.entries, 1);
    assert!(v
        .players
        .iter()
        .any(|p| p.name == "anna" && p.seat.is_some()));

    // Anna's token leaves nothing of Bram's; Bram leaves with his own.
    let leave_bram = json!({"type": "leave_queue", "entry": 2});
    let api_leave = |token: &str, command_id: &str| {
        Client::new()
            .post(format!("{base}/api/v1/tournaments/{id}/commands"))
            .header("x-sign-up-token", token)
            .json(&json!({"command_id": command_id, "command": leave_bram}))
            .send()
    };
    assert_eq!(
        api_leave(&anna_token, "leave-a").await.unwrap().status(),
        403
    );
    let left: Value = Client::new()
        .post(format!("{base}/api/leave_queue"))
        .json(&json!({"token": bram_token, "command_id": "leave-b"}))
        .json_answer()
        .await;
    assert!(left.get("Accepted").is_some(), "{left}");
    let view = s.engine.view(id).await.unwrap();
    assert!(view.view.as_ref().unwrap().door.queue.is_empty());

    // Tokens are not interchangeable, nor forgeable.
    assert_eq!(
        open(base, me_token).await.status(),
        403,
        "a player's link is no place"
    );
    let forged = format!("{id}-2-{}", "0".repeat(32));
    assert_eq!(open(base, &forged).await.status(), 403);
    let left: Value = Client::new()
        .post(format!("{base}/api/leave_queue"))
        .json(&json!({"token": forged, "command_id": "leave-f"}))
        .json_answer()
        .await;
    assert_eq!(left["Rejected"]["code"], "UNAUTHORIZED");
}

/// A club website signs a player up through `/api/v1` and gets the place's page, which the
/// phone then follows like one signed up on the sign-up page.
#[tokio::test]
async fn a_website_signs_up_through_the_api_and_gets_the_places_page() {
    let s = real_server(false).await;
    let base = &s.base;
    let id = new_tournament(&s.engine).await;
    let body = json!({"command_id": "web-1", "name": "Web Wim", "method": "transfer"});
    let url = format!("{base}/api/v1/tournaments/{id}/sign-ups");
    let placed: Value = Client::new().post(&url).json(&body).json_answer().await;
    assert_eq!(placed["entry"], 1);
    let token = placed["token"].as_str().unwrap();
    assert_eq!(placed["page"], format!("/signup/{token}"));
    // Sent again: the same place.
    let again: Value = Client::new().post(&url).json(&body).json_answer().await;
    assert_eq!(again, placed);
    let opened: Value = open(base, token).await.json().await.unwrap();
    assert_eq!(opened["entry"], 1);
    let page = Client::new()
        .get(format!("{base}/signup/{token}"))
        .text_answer()
        .await;
    assert!(
        page.contains("Web Wim"),
        "the place's page names the player"
    );
    // The same name again is told it waits already.
    let twice = Client::new()
        .post(&url)
        .json(&json!({"command_id": "web-2", "name": "web wim", "method": "cash"}))
        .send()
        .await
        .unwrap();
    assert_eq!(twice.status(), 422);
    let problem: Value = twice.json().await.unwrap();
    assert_eq!(problem["code"], "ALREADY_IN_QUEUE");
}

#[tokio::test]
async fn sign_ups_are_counted_per_address_through_both_doors() {
    let s = real_server(false).await;
    let base = &s.base;
    let id = new_tournament(&s.engine).await;
    let per_address = clubtd::server::application::sign_up::PER_ADDRESS;
    // A sign-up the door refuses costs nothing of the allowance.
    let blank = sign_up(base, id, "blank", "   ").await;
    assert_eq!(blank["Rejected"]["code"], "INVALID_NAME", "{blank}");
    // Half through the pages' door, half through the API, all from this one address.
    for n in 0..per_address {
        if n % 2 == 0 {
            token(&sign_up(base, id, &format!("fn-{n}"), &format!("Player {n}")).await);
        } else {
            let r = Client::new()
                .post(format!("{base}/api/v1/tournaments/{id}/commands"))
                .json(&json!({"command_id": format!("api-{n}"),
                    "command": {"type": "sign_up", "name": format!("Player {n}"), "method": "cash"}}))
                .send()
                .await
                .unwrap();
            assert_eq!(r.status(), 200, "{n}");
        }
    }
    let refused = sign_up(base, id, "one-more", "One more").await;
    let api_sign_up = Client::new()
        .post(format!("{base}/api/v1/tournaments/{id}/sign-ups"))
        .json(&json!({"command_id": "api-place", "name": "Api place", "method": "cash"}))
        .send()
        .await
        .unwrap();
    assert_eq!(
        api_sign_up.status(),
        429,
        "the same allowance for the sign-up endpoint"
    );
    assert_eq!(
        refused["Rejected"]["code"], "TOO_MANY_SIGN_UPS",
        "{refused}"
    );
    assert!(refused["Rejected"]["params"]["seconds"].as_str().is_some());
    let api = Client::new()
        .post(format!("{base}/api/v1/tournaments/{id}/commands"))
        .json(&json!({"command_id": "api-more",
            "command": {"type": "sign_up", "name": "Api more", "method": "cash"}}))
        .send()
        .await
        .unwrap();
    assert_eq!(api.status(), 429);
    // The desk is not counted: it signs up whoever stands in front of it.
    let desk = director_client(base).await;
    let r = send(
        &desk,
        base,
        id,
        "desk-1",
        json!({"type": "sign_up", "name": "At the desk", "method": "cash"}),
    )
    .await;
    assert!(r.get("Accepted").is_some(), "{r}");
    let view = s.engine.view(id).await.unwrap();
    assert_eq!(
        view.view.as_ref().unwrap().door.queue.len(),
        per_address + 1
    );
}

/// Issue X, item 3: a phone's own sign-up token exempts nothing, and a burst sent at the same
/// instant gets the address's allowance and no more (counted before it is carried out).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_burst_with_a_phones_token_gets_the_allowance_and_no_more() {
    let s = real_server(false).await;
    let base = s.base.clone();
    let id = new_tournament(&s.engine).await;
    let per_address = clubtd::server::application::sign_up::PER_ADDRESS;
    let first = token(&sign_up(&base, id, "first", "First Phone").await);
    let client = Client::new();
    let answers = futures::future::join_all((0..60).map(|n| {
        client
            .post(format!("{base}/api/v1/tournaments/{id}/commands"))
            .header("x-sign-up-token", &first)
            .json(&json!({"command_id": format!("burst-{n}"),
                "command": {"type": "sign_up", "name": format!("Squatter {n}"), "method": "cash"}}))
            .send()
    }))
    .await;
    let statuses: Vec<u16> = answers
        .into_iter()
        .map(|a| a.unwrap().status().as_u16())
        .collect();
    let taken = statuses.iter().filter(|s| **s == 200).count();
    assert_eq!(
        taken,
        per_address - 1,
        "the allowance, less the first: {statuses:?}"
    );
    assert!(
        statuses.iter().all(|s| *s == 200 || *s == 429),
        "{statuses:?}"
    );
    let view = s.engine.view(id).await.unwrap();
    assert_eq!(view.view.as_ref().unwrap().door.queue.len(), per_address);
}

/// Issue T, item 4: a busted player asks for a re-entry from the personal page; the link is
/// the credential, for that player only; the desk then sells it.
#[tokio::test]
async fn a_busted_player_asks_for_a_re_entry_with_the_personal_link_only() {
    use clubtd::domain::command::BustReport;
    use clubtd::domain::ids::{PlayerId, TableNo};
    let s = real_server(false).await;
    let base = &s.base;
    let id = new_tournament(&s.engine).await;
    let director_says = |n: &str, c: Command| {
        let engine = s.engine.clone();
        let n = n.to_string();
        async move {
            let r = engine.submit(id, &n, &c, &director()).await.unwrap();
            assert!(matches!(r, Reply::Accepted { .. }), "{n}: {r:?}");
        }
    };
    for name in ["Ann", "Bob", "Cas"] {
        director_says(
            name,
            Command::RegisterPlayer(RegisterPlayer {
                name: name.into(),
                method: clubtd::domain::event::PaymentMethod::Cash,
                present: true,
                same_name_confirmed: false,
            }),
        )
        .await;
    }
    director_says("start", Command::StartClock(StartClock {})).await;
    let state = s.engine.snapshot(id).unwrap().state;
    let ann = &state.players[&PlayerId(1)];
    let table = ann.seat.map_or(TableNo(1), |p| p.table);
    let winner = state.tables[&table]
        .seats
        .values()
        .copied()
        .find(|p| *p != PlayerId(1))
        .expect("a tablemate");
    director_says(
        "bust",
        Command::ReportBusts(ReportBusts {
            table,
            busts: vec![BustReport {
                player: PlayerId(1),
                eliminators: vec![winner],
                start_stack: None,
            }],
        }),
    )
    .await;
    let desk = director_client(base).await;
    let token_of = |player: u32| {
        let desk = desk.clone();
        async move {
            let v: Value = desk
                .post(format!("{base}/api/player_link"))
                .form(&[
                    ("player", player.to_string()),
                    ("tournament", id.to_string()),
                ])
                .json_answer()
                .await;
            v["path"]
                .as_str()
                .unwrap()
                .trim_start_matches("/me/")
                .to_string()
        }
    };
    let (ann_token, bob_token) = (token_of(1).await, token_of(2).await);
    let ask = |token: String, command_id: &str| {
        Client::new()
            .post(format!("{base}/api/request_reentry"))
            .json(&json!({"token": token, "command_id": command_id}))
            .json_answer()
    };
    // Bob's link asks for Bob, who is playing: refused by the rules, nothing for Ann.
    let bob = ask(bob_token.clone(), "bob").await;
    assert_eq!(bob["Rejected"]["code"], "PLAYER_NOT_BUSTED", "{bob}");
    // Through the API, Bob's link cannot ask for Ann.
    let forged = Client::new()
        .post(format!("{base}/api/v1/tournaments/{id}/commands"))
        .header("x-player-token", &bob_token)
        .json(&json!({"command_id": "bob-for-ann", "command": {"type": "request_re_entry", "player": 1}}))
        .send()
        .await
        .unwrap();
    assert_eq!(forged.status(), 403);
    let asked = ask(ann_token, "ann").await;
    assert!(asked.get("Accepted").is_some(), "{asked}");
    let view = s.engine.view(id).await.unwrap();
    assert_eq!(view.view.as_ref().unwrap().reentry_requests, [PlayerId(1)]);
    assert_eq!(
        view.view.as_ref().unwrap().entries,
        3,
        "nothing bought by asking"
    );
}

/// The desk merges a player's two sign-ups: the merged phone follows the kept place, may
/// leave it (it is the same player), opens the player's page once admitted; and still may
/// not touch anyone else's place.
#[tokio::test]
async fn a_merged_phone_follows_the_kept_place() {
    let s = real_server(false).await;
    let base = &s.base;
    let id = new_tournament(&s.engine).await;
    let first = token(&sign_up(base, id, "m-1", "Jan Peeters").await);
    let other = token(&sign_up(base, id, "m-2", "Lien").await);
    let second = token(&sign_up(base, id, "m-3", "Jan Peters").await);
    let desk = director_client(base).await;
    let merge = json!({"type": "merge_queue_entries", "keep": 3, "merged": 1});
    let merged = send(&desk, base, id, "merge-1", merge).await;
    assert!(merged.get("Accepted").is_some(), "{merged}");
    let v = s.engine.view(id).await.unwrap();
    let door = &v.view.as_ref().unwrap().door;
    let order: Vec<u32> = door.queue.iter().map(|l| l.entry.0).collect();
    assert_eq!(order, [3, 2], "the player keeps the earlier place");

    // The first phone may not leave Lien's place, nor its own number (gone): only the kept one.
    let leave = |token: &str, entry: u32, command_id: &str| {
        Client::new()
            .post(format!("{base}/api/v1/tournaments/{id}/commands"))
            .header("x-sign-up-token", token)
            .json(&json!({"command_id": command_id, "command": {"type": "leave_queue", "entry": entry}}))
            .send()
    };
    assert_eq!(leave(&first, 2, "l-1").await.unwrap().status(), 403);
    assert_eq!(leave(&first, 1, "l-2").await.unwrap().status(), 403);
    assert_eq!(leave(&other, 3, "l-3").await.unwrap().status(), 403);

    // Admitted, both phones open the player's page.
    let admit = json!({"type": "admit", "entry": 3, "method": "cash"});
    let done = send(&desk, base, id, "admit-3", admit).await;
    assert!(done.get("Accepted").is_some(), "{done}");
    let pages: Vec<Value> = opened_pages(base, &[&first, &second]).await;
    assert!(pages[0]["player_page"].is_string(), "{}", pages[0]);
    assert_eq!(pages[0]["player_page"], pages[1]["player_page"]);

    // A merged phone may take the player out of the queue: the kept place is theirs.
    let mo = token(&sign_up(base, id, "m-4", "Mo").await);
    token(&sign_up(base, id, "m-5", "Mo B").await);
    let merge = json!({"type": "merge_queue_entries", "keep": 5, "merged": 4});
    assert!(send(&desk, base, id, "merge-2", merge)
        .await
        .get("Accepted")
        .is_some());
    assert_eq!(leave(&mo, 5, "l-4").await.unwrap().status(), 200);
    let v = s.engine.view(id).await.unwrap();
    let order: Vec<u32> = v
        .view
        .as_ref()
        .unwrap()
        .door
        .queue
        .iter()
        .map(|l| l.entry.0)
        .collect();
    assert_eq!(order, [2]);
}

async fn opened_pages(base: &str, tokens: &[&str]) -> Vec<Value> {
    let mut pages = Vec::new();
    for t in tokens {
        pages.push(open(base, t).await.json().await.unwrap());
    }
    pages
}

/// The evening at the door: thirty phones, each from its own address on the club's network
/// (127.0.0.2 … 127.0.0.31), sign up at once; every one gets a place and a number of its own,
/// the tournament has no entry yet, and the desk admits them in the order of the queue with
/// one command each.
#[tokio::test]
async fn thirty_phones_sign_up_at_once_and_the_desk_admits_them_in_order() {
    let s = real_server(false).await;
    let base = s.base.clone();
    let id = s.engine.create("Deur 30").await.unwrap();
    let config = templates::club_evening("Deur 30", 4);
    let created = s
        .engine
        .submit(
            id,
            "create-30",
            &Command::CreateTournament(CreateTournament { config }),
            &director(),
        )
        .await
        .unwrap();
    assert!(matches!(created, Reply::Accepted { .. }));
    let phones = (2..32u8).map(|n| {
        let base = base.clone();
        async move {
            let phone = Client::builder()
                .local_address(std::net::IpAddr::from([127, 0, 0, n]))
                .build()
                .unwrap();
            phone
                .post(format!("{base}/api/sign_up"))
                .json(&json!({"tournament": id, "command_id": format!("phone-{n}"), "name": format!("Speler {n}"), "method": "cash"}))
                .json_answer()
                .await
        }
    });
    let replies = futures::future::join_all(phones).await;
    let tokens: std::collections::BTreeSet<String> = replies.iter().map(token).collect();
    assert_eq!(tokens.len(), 30, "thirty places, each its own");

    let v = s.engine.view(id).await.unwrap();
    let v = v.view.as_ref().unwrap();
    assert_eq!(
        v.entries, 0,
        "nothing in the tournament until the desk admits"
    );
    let order: Vec<u32> = v.door.queue.iter().map(|l| l.entry.0).collect();
    assert_eq!(order, (1..=30).collect::<Vec<u32>>());

    let desk = director_client(&base).await;
    for entry in order {
        let admit = json!({"type": "admit", "entry": entry, "method": "cash"});
        let done = send(&desk, &base, id, &format!("admit-{entry}"), admit).await;
        assert!(done.get("Accepted").is_some(), "entry {entry}: {done}");
    }
    let v = s.engine.view(id).await.unwrap();
    let v = v.view.as_ref().unwrap();
    assert_eq!(v.entries, 30);
    assert!(v.door.queue.is_empty());
    assert!(
        v.players.iter().all(|p| p.seat.is_some()),
        "every one seated"
    );
}

/// Issue X, item 3: a laptop on the club's WiFi signs up its allowance of junk, a real name
/// first. The real Jan is told his name waits already; the desk sees which entries came from
/// one machine and takes them all out with one command; Jan then signs up. The room's own
/// sign-ups stay in their places, and the screen names nobody while seats are to spare.
#[tokio::test]
async fn the_desk_clears_a_laptops_junk_in_one_action_and_the_squatted_name_is_released() {
    let s = real_server(false).await;
    let base = s.base.clone();
    let id = s.engine.create("Deur").await.unwrap();
    let config = templates::club_evening("Deur", 4);
    let created = s
        .engine
        .submit(
            id,
            "create",
            &Command::CreateTournament(CreateTournament { config }),
            &director(),
        )
        .await
        .unwrap();
    assert!(matches!(created, Reply::Accepted { .. }));
    let from = |n: u8| {
        Client::builder()
            .local_address(std::net::IpAddr::from([127, 0, 0, n]))
            .build()
            .unwrap()
    };
    let sign_up_from = |client: Client, command_id: String, name: String| {
        let base = base.clone();
        async move {
            client
                .post(format!("{base}/api/v1/tournaments/{id}/sign-ups"))
                .json(&json!({"command_id": command_id, "name": name, "method": "cash"}))
                .send()
                .await
                .unwrap()
        }
    };
    let phone = from(41);
    let r = sign_up_from(phone.clone(), "lien".into(), "Lien Claes".into()).await;
    assert_eq!(r.status(), 200);
    let laptop = from(40);
    let per_address = clubtd::server::application::sign_up::PER_ADDRESS;
    for n in 0..per_address {
        let name = if n == 0 {
            "Jan Janssens".to_string()
        } else {
            format!("xx junk {n}")
        };
        let r = sign_up_from(laptop.clone(), format!("junk-{n}"), name).await;
        assert_eq!(r.status(), 200, "{n}");
    }
    let r = sign_up_from(phone, "mo".into(), "Mo Peeters".into()).await;
    assert_eq!(r.status(), 200);
    let real_jan = from(42);
    let r = sign_up_from(real_jan.clone(), "jan".into(), "jan janssens".into()).await;
    assert_eq!(r.status(), 422);
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["code"], "ALREADY_IN_QUEUE", "{body}");

    let view = s.engine.view(id).await.unwrap();
    let door = &view.view.as_ref().unwrap().door;
    let same: Vec<(String, u32)> = door
        .queue
        .iter()
        .map(|l| (l.name.clone(), l.from_same_sender))
        .collect();
    assert_eq!(same[0], ("Lien Claes".to_string(), 2), "two from the phone");
    assert!(same[1..=per_address]
        .iter()
        .all(|(_, n)| *n == per_address as u32));
    assert!(
        !door.names_called(),
        "seats to spare: no names on the screen"
    );
    let squatted = door.queue[1].entry.0;

    // One command of the desk, naming one entry of the flood.
    let desk = director_client(&base).await;
    let r = send(
        &desk,
        &base,
        id,
        "clear-laptop",
        json!({"type": "clear_queue_entries", "entries": [squatted], "same_sender": true}),
    )
    .await;
    assert!(r.get("Accepted").is_some(), "{r}");
    let view = s.engine.view(id).await.unwrap();
    let names: Vec<String> = view
        .view
        .as_ref()
        .unwrap()
        .door
        .queue
        .iter()
        .map(|l| l.name.clone())
        .collect();
    assert_eq!(names, ["Lien Claes", "Mo Peeters"]);

    let r = sign_up_from(real_jan, "jan-again".into(), "jan janssens".into()).await;
    assert_eq!(r.status(), 200, "the name is free again");
    // The laptop's allowance is spent: clearing its junk gives it none back.
    let r = sign_up_from(laptop, "junk-more".into(), "xx more".into()).await;
    assert_eq!(r.status(), 429);
    // Only the desk clears.
    let r = Client::new()
        .post(format!("{base}/api/v1/tournaments/{id}/commands"))
        .json(&json!({"command_id": "clear-anon",
            "command": {"type": "clear_queue_entries", "entries": [1], "same_sender": true}}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 401);
}
