//! Who may change what, on the real server (loopback, a real SQLite file): every command of
//! `Command` and every other operation that changes something (server functions, `/backup`,
//! `/api/v1`), and the director's private reads (a player's receipt with the money paid),
//! tried by every role through the pages' server function and through the API.
//! The expected answers come from one table, `MATRIX`, written as data: a table device acts
//! only for its own table, everything else is the director's, and a refused call changes
//! nothing. Then the engine under concurrent table devices and racing retries, and the
//! players' personal links.

mod common;

use clubtd::domain::command::{
    AddOn, AdjustClock, Admit, AnswerCall, BreakTable, BustReport, CallDirector, CancelAddOn,
    CancelCall, CancelEntry, CancelRebuy, ChangeConfig, ChangeStructure, ClearQueueEntries,
    CloseRegistration, Command, ConfirmArrival, CreateTournament, Disqualify, DrawFinalTable,
    FinishHand, GivePenalty, JumpToLevel, LeaveEarly, LeaveQueue, MergeQueueEntries, MovePlayer,
    OverruleRuling, PauseClock, ReEnter, Rebuy, RecordDeal, RecordRuling, RegisterPlayer,
    ReinstatePlayer, RenamePlayer, ReopenRegistration, ReopenTable, ReportAbandonedStackGone,
    ReportBusts, ReportChips, ReportPenaltyHandServed, ReportTableChips, RequestReEntry,
    RequestRebuy, RescindPenalty, ResumeClock, RevivePlayer, SetBalancing, SetButton,
    SetHandForHand, SetPayouts, SignUp, StartClock, SurrenderStack, UndoLast, UnregisterPlayer,
};
use clubtd::domain::config::templates;
use clubtd::domain::event::{MoveReason, PaymentMethod, PenaltyKind, Place};
use clubtd::domain::ids::{EntryNo, PlayerId, SeatNo, TableNo};
use clubtd::domain::money::{Cents, Chips};
use clubtd::domain::state::PlayerStatus;
use clubtd::domain::view::{tournament_view, TournamentView};
use clubtd::server::engine::{now, Engine, Reply};
use clubtd::server::store::Store;
use common::{
    director, director_client, open_engine, real_server, same_page_every_time, table_keys,
    ReadAnswer, RealServer,
};
use reqwest::Client;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::sync::Arc;

// ---------------------------------------------------------------------------------------
// The matrix
// ---------------------------------------------------------------------------------------

/// Who calls. The table roles hold keys of the tournament's table 1 (`OwnTable`, the table
/// every table command below is about) and table 2 (`OtherTable`, acting for table 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Director,
    OwnTable,
    OtherTable,
    /// A player's phone: no credential at all.
    Player,
    /// A key that never was one.
    WrongKey,
    /// Table 3's key from before the director issued a new QR code.
    RevokedKey,
    /// A player's personal link token offered as a key: it reads one player, nothing more.
    PlayerLink,
}

const ROLES: [Role; 7] = [
    Role::Director,
    Role::OwnTable,
    Role::OtherTable,
    Role::Player,
    Role::WrongKey,
    Role::RevokedKey,
    Role::PlayerLink,
];

const Y: bool = true;
const N: bool = false;

/// action → allowed for [director, own table, other table, player, wrong key, revoked key,
/// a player's link as a key].
/// The order is the order of the run: rows that need a prepared state come before the rows
/// that change much (closing registration, breaking a table, new tournaments).
#[rustfmt::skip]
const MATRIX: &[(&str, [bool; 7])] = &[
    //  action                              D  own other player wrong revoked link
    // A table device, for its own table: its busts, button, moves in, hand, call, chips.
    ("report_busts",                       [Y, Y, N, N, N, N, N]),
    ("set_button",                         [Y, Y, N, N, N, N, N]),
    ("move_player: shown move into table", [Y, Y, N, N, N, N, N]),
    ("finish_hand",                        [Y, Y, N, N, N, N, N]),
    ("call_director",                      [Y, Y, N, N, N, N, N]),
    ("cancel_call",                        [Y, Y, N, N, N, N, N]),
    ("report_table_chips",                 [Y, Y, N, N, N, N, N]),
    ("record_ruling: no sanction",         [Y, Y, N, N, N, N, N]),
    ("penalty_hand_served",                [Y, Y, N, N, N, N, N]),
    ("abandoned_stack_gone",               [Y, Y, N, N, N, N, N]),
    ("confirm_arrival: player at the table", [Y, Y, N, N, N, N, N]),
    ("request_rebuy: player at the table", [Y, Y, N, N, N, N, N]),
    // ... and nothing more, even about its own table.
    ("move_player: any player into table", [Y, N, N, N, N, N, N]),
    ("move_player: director's move",       [Y, N, N, N, N, N, N]),
    ("record_ruling: with a sanction",     [Y, N, N, N, N, N, N]),
    ("answer_call",                        [Y, N, N, N, N, N, N]),
    ("confirm_arrival: player elsewhere",  [Y, N, N, N, N, N, N]),
    ("request_rebuy: player elsewhere",    [Y, N, N, N, N, N, N]),
    ("report_chips",                       [Y, N, N, N, N, N, N]),
    ("break_table",                        [Y, N, N, N, N, N, N]),
    // Everything else is the director's.
    ("create_tournament",                  [Y, N, N, N, N, N, N]),
    ("change_config",                      [Y, N, N, N, N, N, N]),
    ("change_structure",                   [Y, N, N, N, N, N, N]),
    ("register_player",                    [Y, N, N, N, N, N, N]),
    // The door (issue T): anyone may join the queue (nothing changes until the desk admits,
    // and sign-ups are counted per address); leaving is the phone's own token's (tested in
    // tests/sign_up.rs) or the desk's, admitting the desk's.
    ("sign_up",                            [Y, Y, Y, Y, Y, Y, Y]),
    // A busted player's own phone asks with its personal link (tests/sign_up.rs).
    ("request_re_entry",                   [Y, N, N, N, N, N, N]),
    ("leave_queue",                        [Y, N, N, N, N, N, N]),
    ("admit",                              [Y, N, N, N, N, N, N]),
    ("merge_queue_entries",                [Y, N, N, N, N, N, N]),
    ("clear_queue_entries",                [Y, N, N, N, N, N, N]),
    ("unregister_player",                  [Y, N, N, N, N, N, N]),
    ("revive_player",                      [Y, N, N, N, N, N, N]),
    ("re_enter",                           [Y, N, N, N, N, N, N]),
    ("start_clock",                        [Y, N, N, N, N, N, N]),
    ("pause_clock",                        [Y, N, N, N, N, N, N]),
    ("resume_clock",                       [Y, N, N, N, N, N, N]),
    ("adjust_clock",                       [Y, N, N, N, N, N, N]),
    ("jump_to_level",                      [Y, N, N, N, N, N, N]),
    ("leave_early",                        [Y, N, N, N, N, N, N]),
    ("disqualify",                         [Y, N, N, N, N, N, N]),
    ("give_penalty",                       [Y, N, N, N, N, N, N]),
    ("rescind_penalty",                    [Y, N, N, N, N, N, N]),
    ("overrule_ruling",                    [Y, N, N, N, N, N, N]),
    ("cancel_entry",                       [Y, N, N, N, N, N, N]),
    // The desk takes the money of rebuys and add-ons, and takes back one bought by mistake.
    ("rebuy",                              [Y, N, N, N, N, N, N]),
    ("add_on",                             [Y, N, N, N, N, N, N]),
    ("cancel_rebuy",                       [Y, N, N, N, N, N, N]),
    ("cancel_add_on",                      [Y, N, N, N, N, N, N]),
    ("reinstate_player",                   [Y, N, N, N, N, N, N]),
    ("reopen_table",                       [Y, N, N, N, N, N, N]),
    ("set_hand_for_hand",                  [Y, N, N, N, N, N, N]),
    ("surrender_stack",                    [Y, N, N, N, N, N, N]),
    ("set_balancing",                      [Y, N, N, N, N, N, N]),
    ("set_payouts",                        [Y, N, N, N, N, N, N]),
    ("undo_last",                          [Y, N, N, N, N, N, N]),
    ("rename_player",                      [Y, N, N, N, N, N, N]),
    ("record_deal",                        [Y, N, N, N, N, N, N]),
    ("close_registration",                 [Y, N, N, N, N, N, N]),
    ("reopen_registration",                [Y, N, N, N, N, N, N]),
    ("draw_final_table",                   [Y, N, N, N, N, N, N]),
    // The other operations that change something.
    ("fn player_link",                     [Y, N, N, N, N, N, N]),
    ("fn player_link: new link",           [Y, N, N, N, N, N, N]),
    ("fn player_receipt",                  [Y, N, N, N, N, N, N]),
    // Every seated player's personal link, as QR codes: credentials of the players.
    ("fn seat_cards",                      [Y, N, N, N, N, N, N]),
    ("fn backup_now",                      [Y, N, N, N, N, N, N]),
    ("fn table_links",                     [Y, N, N, N, N, N, N]),
    ("fn table_links: new code",           [Y, N, N, N, N, N, N]),
    ("POST /backup",                       [Y, N, N, N, N, N, N]),
    ("PUT /api/v1/…/archived",             [Y, N, N, N, N, N, N]),
    ("PUT /api/v1/…/public",               [Y, N, N, N, N, N, N]),
    ("POST /api/v1/tokens",                [Y, N, N, N, N, N, N]),
    ("DELETE /api/v1/tokens/{id}",         [Y, N, N, N, N, N, N]),
    ("POST /api/v1/tournaments",           [Y, N, N, N, N, N, N]),
    ("fn create_tournament",               [Y, N, N, N, N, N, N]),
    // The club's season points: the ranking is public, choosing how it counts is not.
    ("fn set_points_rule",                 [Y, N, N, N, N, N, N]),
    ("fn set_chip_set",                    [Y, N, N, N, N, N, N]),
];

/// Rows whose command is valid in the state prepared for it: some allowed sender must get
/// it accepted, not only past the role check.
const VALID: &[&str] = &[
    "report_busts",
    "set_button",
    "move_player: shown move into table",
    "finish_hand",
    "call_director",
    "cancel_call",
    "report_table_chips",
    "record_ruling: no sanction",
    "penalty_hand_served",
    "confirm_arrival: player at the table",
    "move_player: any player into table",
    "answer_call",
    "register_player",
    "sign_up",
    "leave_queue",
    "pause_clock",
    "adjust_clock",
    "give_penalty",
    "rename_player",
    "close_registration",
];

/// How a call travels, which decides what a refusal looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Via {
    /// `send_command`, the pages' server function: 200 with `Rejected`, with the same code as
    /// the API for the same caller (`UNAUTHENTICATED` without a credential, `UNAUTHORIZED`
    /// with a table's key that may not).
    PageCommand,
    /// Another server function: 403 `UNAUTHORIZED`.
    ServerFn,
    /// `POST /backup`: 403 `UNAUTHORIZED`, in problem details.
    Backup,
    /// `/api/v1` scoped to the tournament (a table key counts there): 401 or 403.
    ApiScoped,
    /// `/api/v1` not scoped to a tournament (a table key is no credential there): 401.
    ApiUnscoped,
}

/// The refusal a role gets through a channel: HTTP status and error code.
fn refusal(role: Role, via: Via) -> (u16, Option<&'static str>) {
    let keyed = matches!(role, Role::OwnTable | Role::OtherTable);
    match via {
        Via::PageCommand if keyed => (200, Some("UNAUTHORIZED")),
        Via::PageCommand => (200, Some("UNAUTHENTICATED")),
        Via::ServerFn => (403, Some("UNAUTHORIZED")),
        Via::Backup => (403, Some("UNAUTHORIZED")),
        Via::ApiScoped if keyed => (403, Some("UNAUTHORIZED")),
        Via::ApiScoped | Via::ApiUnscoped => (401, Some("UNAUTHENTICATED")),
    }
}

// ---------------------------------------------------------------------------------------
// The server and its clients
// ---------------------------------------------------------------------------------------

struct Fixture {
    base: String,
    engine: Arc<Engine>,
    db: std::path::PathBuf,
    id: i64,
    director: Client,
    anyone: Client,
    own_key: String,
    other_key: String,
    revoked_key: String,
    link_token: String,
    /// The test's own connection to the database file.
    inspect: sqlx::SqlitePool,
    /// A read token for the director to revoke in its row.
    token_id: i64,
    _dir: tempfile::TempDir,
}

async fn fixture() -> Fixture {
    let RealServer {
        base,
        engine,
        db,
        dir,
        ..
    } = real_server(true).await;
    let id = engine
        .tournament_ids()
        .last()
        .copied()
        .expect("the demo tournament");
    let director = director_client(&base).await;
    let keys = table_keys(&base, &director, None).await;
    let key_of = |t: u64| keys.iter().find(|(n, _)| *n == t).unwrap().1.clone();
    let revoked_key = key_of(3);
    let fresh = table_keys(&base, &director, Some(3)).await;
    assert!(
        fresh.iter().all(|(_, k)| *k != revoked_key),
        "table 3 has a new key"
    );
    let made: Value = director
        .post(format!("{base}/api/v1/tokens"))
        .json(&json!({"label": "to revoke", "scope": "read"}))
        .json_answer()
        .await;
    let link: Value = director
        .post(format!("{base}/api/player_link"))
        .form(&[("player", "1".to_string()), ("tournament", id.to_string())])
        .json_answer()
        .await;
    let link_token = link["path"]
        .as_str()
        .unwrap()
        .trim_start_matches("/me/")
        .to_string();
    Fixture {
        inspect: common::inspect(&db).await,
        link_token,
        base,
        own_key: key_of(1),
        other_key: key_of(2),
        revoked_key,
        token_id: made["info"]["id"].as_i64().unwrap(),
        engine,
        db,
        id,
        director,
        anyone: Client::new(),
        _dir: dir,
    }
}

/// What the server answered.
#[derive(Debug)]
struct Answer {
    status: u16,
    code: Option<String>,
    accepted: bool,
}

impl Fixture {
    fn client(&self, role: Role) -> &Client {
        if role == Role::Director {
            &self.director
        } else {
            &self.anyone
        }
    }

    fn key(&self, role: Role) -> Option<String> {
        match role {
            Role::Director | Role::Player => None,
            Role::OwnTable => Some(self.own_key.clone()),
            Role::OtherTable => Some(self.other_key.clone()),
            Role::WrongKey => Some("0123456789abcdef01234567".into()),
            Role::RevokedKey => Some(self.revoked_key.clone()),
            Role::PlayerLink => Some(self.link_token.clone()),
        }
    }

    fn view(&self) -> TournamentView {
        let snap = self.engine.snapshot(self.id).unwrap();
        tournament_view(&snap.state, now()).unwrap()
    }

    /// A command sent by the director straight to the engine, to prepare a row's state.
    async fn arrange(&self, command: Command) {
        let id = uuid::Uuid::new_v4().to_string();
        let reply = self
            .engine
            .submit(self.id, &id, &command, &director())
            .await
            .unwrap();
        assert!(
            matches!(reply, Reply::Accepted { .. }),
            "arranging {command:?}: {reply:?}"
        );
    }

    /// Everything a refused call must leave as it was: the event log, the commands seen,
    /// tournaments and their flags, table keys, API tokens, the club's settings, and backups
    /// written.
    async fn fingerprint(&self) -> (u64, String, usize) {
        let last_seq = self.engine.snapshot(self.id).unwrap().last_seq;
        let rows: String = sqlx::query_scalar(
            "SELECT (SELECT count(*) FROM events) || '|' || (SELECT count(*) FROM commands) || '|' || \
             (SELECT ifnull(group_concat(id || ':' || archived || ':' || public), '') FROM tournaments) || '|' || \
             (SELECT ifnull(group_concat(tournament_id || ':' || table_no || ':' || key), '') FROM table_keys) || '|' || \
             (SELECT ifnull(group_concat(id || ':' || ifnull(revoked_at, '-')), '') FROM api_tokens) || '|' || \
             (SELECT ifnull(group_concat(key || ':' || value), '') FROM settings)",
        )
        .fetch_one(&self.inspect)
        .await
        .unwrap();
        let backups = std::fs::read_dir(self.db.parent().unwrap().join("backups"))
            .map(|d| d.count())
            .unwrap_or(0);
        (last_seq, rows, backups)
    }

    async fn send_page_command(&self, role: Role, command: &Command) -> Answer {
        let r = self
            .client(role)
            .post(format!("{}/api/send_command", self.base))
            .json(&json!({
                "command_id": uuid::Uuid::new_v4().to_string(),
                "command": command,
                "table_key": self.key(role),
                "tournament": self.id,
            }))
            .send()
            .await
            .unwrap();
        let status = r.status().as_u16();
        let body: Value = r.json().await.unwrap();
        Answer {
            status,
            code: body["Rejected"]["code"].as_str().map(str::to_string),
            accepted: body.get("Accepted").is_some(),
        }
    }

    async fn send_api(&self, role: Role, req: reqwest::RequestBuilder) -> Answer {
        let req = match self.key(role) {
            Some(key) => req.header("x-table-key", key),
            None => req,
        };
        let r = req.send().await.unwrap();
        let status = r.status().as_u16();
        let text = r.text().await.unwrap();
        let code = if status >= 400 {
            serde_json::from_str::<Value>(&text)
                .ok()
                .and_then(|p| p["code"].as_str().map(str::to_string))
                // Server functions answer a refusal as `ServerError|CODE`.
                .or_else(|| text.split('|').nth(1).map(str::to_string))
        } else {
            None
        };
        Answer {
            status,
            code,
            accepted: (200..300).contains(&status),
        }
    }

    /// One call of one row by one role, through one channel.
    async fn call(&self, action: &str, role: Role, via: Via, command: Option<&Command>) -> Answer {
        let c = self.client(role);
        let base = &self.base;
        let id = self.id;
        match (via, command) {
            (Via::PageCommand, Some(command)) => self.send_page_command(role, command).await,
            (Via::ApiScoped, Some(command)) => {
                let req = c
                    .post(format!("{base}/api/v1/tournaments/{id}/commands"))
                    .json(&json!({"command_id": uuid::Uuid::new_v4().to_string(), "command": command}));
                self.send_api(role, req).await
            }
            _ => {
                let req = match action {
                    "fn player_link" => c
                        .post(format!("{base}/api/player_link"))
                        .form(&[("player", "1".to_string()), ("tournament", id.to_string())]),
                    "fn player_link: new link" => {
                        c.post(format!("{base}/api/player_link")).form(&[
                            ("player", "1".to_string()),
                            ("tournament", id.to_string()),
                            ("replace", "true".to_string()),
                        ])
                    }
                    "fn player_receipt" => c
                        .post(format!("{base}/api/player_receipt"))
                        .form(&[("player", "1".to_string()), ("tournament", id.to_string())]),
                    "fn seat_cards" => c
                        .post(format!("{base}/api/seat_cards"))
                        .form(&[("tournament", id.to_string())]),
                    "fn backup_now" => c
                        .post(format!("{base}/api/backup_now"))
                        .form::<[(&str, &str); 0]>(&[]),
                    "fn table_links" => c
                        .post(format!("{base}/api/table_links"))
                        .form::<[(&str, &str); 0]>(&[]),
                    "fn table_links: new code" => c
                        .post(format!("{base}/api/table_links"))
                        .form(&[("reissue", "3")]),
                    "fn create_tournament" => c
                        .post(format!("{base}/api/create_tournament"))
                        .form(&[("name", "Nieuw")]),
                    "fn set_chip_set" => c
                        .post(format!("{base}/api/set_chip_set"))
                        .json(&json!({"set": {"denominations": [{"value": 25, "count": 100}]}})),
                    "fn set_points_rule" => c
                        .post(format!("{base}/api/set_points_rule"))
                        .json(&json!({"rule": {"formula": {"kind": "beaten", "per_player": 1, "money_bonus": 5}}})),
                    "POST /backup" => c.post(format!("{base}/backup")),
                    "PUT /api/v1/…/archived" => c
                        .put(format!("{base}/api/v1/tournaments/{id}/archived"))
                        .json(&json!({"value": true})),
                    "PUT /api/v1/…/public" => c
                        .put(format!("{base}/api/v1/tournaments/{id}/public"))
                        .json(&json!({"value": true})),
                    "POST /api/v1/tokens" => c
                        .post(format!("{base}/api/v1/tokens"))
                        .json(&json!({"label": "x", "scope": "full"})),
                    "DELETE /api/v1/tokens/{id}" => {
                        c.delete(format!("{base}/api/v1/tokens/{}", self.token_id))
                    }
                    "POST /api/v1/tournaments" => {
                        c.post(format!("{base}/api/v1/tournaments")).json(&json!({
                            "command_id": uuid::Uuid::new_v4().to_string(),
                            "config": templates::club_evening("Nieuw", 2),
                        }))
                    }
                    other => panic!("no call for {other}"),
                };
                self.send_api(role, req).await
            }
        }
    }
}

/// The channels a row is tried through.
fn channels(action: &str) -> Vec<Via> {
    match action {
        "fn player_link"
        | "fn player_link: new link"
        | "fn player_receipt"
        | "fn seat_cards"
        | "fn backup_now"
        | "fn table_links"
        | "fn table_links: new code"
        | "fn create_tournament"
        | "fn set_points_rule"
        | "fn set_chip_set" => {
            vec![Via::ServerFn]
        }
        "POST /backup" => vec![Via::Backup],
        "PUT /api/v1/…/archived" | "PUT /api/v1/…/public" => vec![Via::ApiScoped],
        "POST /api/v1/tokens" | "DELETE /api/v1/tokens/{id}" | "POST /api/v1/tournaments" => {
            vec![Via::ApiUnscoped]
        }
        _ => vec![Via::PageCommand, Via::ApiScoped],
    }
}

// ---------------------------------------------------------------------------------------
// The commands of the rows, built from the state just before each call
// ---------------------------------------------------------------------------------------

fn seated(v: &TournamentView, table: u16) -> Vec<PlayerId> {
    v.tables
        .iter()
        .find(|t| t.table == TableNo(table))
        .map(|t| t.seats.iter().map(|s| s.player).collect())
        .unwrap_or_default()
}

/// The lowest free seat of a table (seat 1, taken, when it is full: the rules then refuse
/// the command, which still shows whether the role got past the check).
fn free_seat(v: &TournamentView, table: u16) -> Place {
    let t = v.tables.iter().find(|t| t.table == TableNo(table)).unwrap();
    let seat = (1..=t.size)
        .map(SeatNo)
        .find(|s| t.seats.iter().all(|x| x.seat != *s))
        .unwrap_or(SeatNo(1));
    Place {
        table: TableNo(table),
        seat,
    }
}

/// A player of `table` that no balancing move names.
fn not_moving(v: &TournamentView, table: u16) -> PlayerId {
    seated(v, table)
        .into_iter()
        .find(|p| v.plan.moves.iter().all(|m| m.player != *p))
        .expect("a player who is not moving")
}

fn with_status(v: &TournamentView, status: PlayerStatus) -> Option<PlayerId> {
    v.players
        .iter()
        .find(|p| p.status == status)
        .map(|p| p.player)
}

fn talking_answers() -> Vec<clubtd::domain::rulings::Answer> {
    serde_json::from_value(json!([
        {"type": "yes_no", "value": false},
        {"type": "choice", "value": 1},
        {"type": "count", "value": 3}
    ]))
    .unwrap()
}

/// The command of a row (`None` for rows that are not commands).
fn command(action: &str, v: &TournamentView) -> Option<Command> {
    let t1 = TableNo(1);
    let at1 = seated(v, 1);
    let first = at1.first().copied().unwrap_or(PlayerId(1));
    let busted = with_status(v, PlayerStatus::Busted).unwrap_or(PlayerId(1));
    let reason = || "test".to_string();
    Some(match action {
        "report_busts" => Command::ReportBusts(ReportBusts {
            table: t1,
            busts: vec![BustReport {
                player: first,
                eliminators: at1.get(1).copied().into_iter().collect(),
                start_stack: None,
            }],
        }),
        "set_button" => Command::SetButton(SetButton {
            table: t1,
            seat: SeatNo(2),
        }),
        // `prepare` makes sure there is one before every call of the row.
        "move_player: shown move into table" => {
            match v.plan.moves.iter().find(|m| m.to.table == t1) {
                Some(m) => Command::MovePlayer(MovePlayer {
                    player: m.player,
                    to: m.to,
                    reason: MoveReason::Balance,
                }),
                None => Command::MovePlayer(MovePlayer {
                    player: first,
                    to: free_seat(v, 1),
                    reason: MoveReason::Balance,
                }),
            }
        }
        // The hole this file was written for: a table pulling anyone into a free seat.
        "move_player: any player into table" => Command::MovePlayer(MovePlayer {
            player: not_moving(v, 2),
            to: free_seat(v, 1),
            reason: MoveReason::Balance,
        }),
        "move_player: director's move" => Command::MovePlayer(MovePlayer {
            player: seated(v, 2)[0],
            to: free_seat(v, 1),
            reason: MoveReason::Director,
        }),
        "finish_hand" => Command::FinishHand(FinishHand { table: t1 }),
        "call_director" => Command::CallDirector(CallDirector { table: t1 }),
        "answer_call" => Command::AnswerCall(AnswerCall { table: t1 }),
        "cancel_call" => Command::CancelCall(CancelCall { table: t1 }),
        "report_table_chips" => Command::ReportTableChips(ReportTableChips {
            table: t1,
            counts: vec![(first, Chips(12_345))],
        }),
        "record_ruling: no sanction" | "record_ruling: with a sanction" => {
            Command::RecordRuling(RecordRuling {
                table: Some(t1),
                flow: "talking".into(),
                answers: talking_answers(),
                player: (action == "record_ruling: with a sanction").then_some(first),
            })
        }
        "penalty_hand_served" => Command::ReportPenaltyHandServed(ReportPenaltyHandServed {
            table: t1,
            player: first,
        }),
        "abandoned_stack_gone" => Command::ReportAbandonedStackGone(ReportAbandonedStackGone {
            table: t1,
            seat: SeatNo(1),
            winners: vec![first],
        }),
        "confirm_arrival: player at the table" => {
            Command::ConfirmArrival(ConfirmArrival { player: first })
        }
        // PKR4U 18 at another table (table 3: neither the own nor the other key's table).
        "confirm_arrival: player elsewhere" => Command::ConfirmArrival(ConfirmArrival {
            player: seated(v, 3)[0],
        }),
        "request_rebuy: player at the table" => {
            Command::RequestRebuy(RequestRebuy { player: first })
        }
        "request_rebuy: player elsewhere" => Command::RequestRebuy(RequestRebuy {
            player: seated(v, 3)[0],
        }),
        "rebuy" => Command::Rebuy(Rebuy {
            player: first,
            double: false,
            stack: None,
            method: PaymentMethod::Cash,
            present: true,
        }),
        "add_on" => Command::AddOn(AddOn {
            player: first,
            method: PaymentMethod::Cash,
            present: true,
        }),
        "cancel_rebuy" => Command::CancelRebuy(CancelRebuy {
            player: first,
            reason: reason(),
        }),
        "cancel_add_on" => Command::CancelAddOn(CancelAddOn {
            player: first,
            reason: reason(),
        }),
        "report_chips" => Command::ReportChips(ReportChips {
            player: first,
            chips: Chips(10_000),
        }),
        "break_table" => Command::BreakTable(BreakTable { table: TableNo(3) }),
        "create_tournament" => Command::CreateTournament(CreateTournament {
            config: templates::club_evening("Again", 2),
        }),
        "change_config" => Command::ChangeConfig(ChangeConfig {
            config: templates::club_evening("Changed", 2),
        }),
        "change_structure" => Command::ChangeStructure(ChangeStructure {
            levels: templates::turbo_structure(30),
        }),
        "register_player" => Command::RegisterPlayer(RegisterPlayer {
            name: format!("Late {}", v.players.len()),
            method: PaymentMethod::Cash,
            present: true,
            same_name_confirmed: false,
        }),
        "unregister_player" => Command::UnregisterPlayer(UnregisterPlayer { player: first }),
        "sign_up" => Command::SignUp(SignUp {
            name: format!("Door {}", v.events_applied),
            method: PaymentMethod::Card,
        }),
        "request_re_entry" => Command::RequestReEntry(RequestReEntry { player: busted }),
        "leave_queue" => Command::LeaveQueue(LeaveQueue {
            entry: v.door.queue.first().map_or(EntryNo(1), |l| l.entry),
        }),
        "merge_queue_entries" => Command::MergeQueueEntries(MergeQueueEntries {
            keep: v.door.queue.get(1).map_or(EntryNo(2), |l| l.entry),
            merged: v.door.queue.first().map_or(EntryNo(1), |l| l.entry),
        }),
        "clear_queue_entries" => Command::ClearQueueEntries(ClearQueueEntries {
            entries: vec![v.door.queue.first().map_or(EntryNo(1), |l| l.entry)],
            same_sender: true,
        }),
        "admit" => Command::Admit(Admit {
            entry: v.door.queue.first().map_or(EntryNo(1), |l| l.entry),
            method: PaymentMethod::Cash,
            same_name_confirmed: false,
        }),
        "revive_player" => Command::RevivePlayer(RevivePlayer {
            player: busted,
            reason: reason(),
        }),
        "re_enter" => Command::ReEnter(ReEnter {
            player: busted,
            option: clubtd::domain::command::ReEntryOption::NewSeat,
            method: PaymentMethod::Cash,
            present: true,
        }),
        "start_clock" => Command::StartClock(StartClock {}),
        "pause_clock" => Command::PauseClock(PauseClock {}),
        "resume_clock" => Command::ResumeClock(ResumeClock {}),
        "adjust_clock" => Command::AdjustClock(AdjustClock { delta_seconds: 60 }),
        "jump_to_level" => Command::JumpToLevel(JumpToLevel { level_index: 1 }),
        "leave_early" => Command::LeaveEarly(LeaveEarly { player: first }),
        "disqualify" => Command::Disqualify(Disqualify {
            player: first,
            reason: reason(),
        }),
        "give_penalty" => Command::GivePenalty(GivePenalty {
            player: first,
            penalty: PenaltyKind::Warning,
            reason: reason(),
        }),
        "rescind_penalty" => Command::RescindPenalty(RescindPenalty {
            index: 0,
            reason: reason(),
        }),
        "overrule_ruling" => Command::OverruleRuling(OverruleRuling {
            incident: 0,
            reason: reason(),
        }),
        "cancel_entry" => Command::CancelEntry(CancelEntry {
            player: busted,
            reason: reason(),
        }),
        "reinstate_player" => Command::ReinstatePlayer(ReinstatePlayer {
            player: with_status(v, PlayerStatus::LeftEarly).unwrap_or(first),
            reason: reason(),
        }),
        "reopen_table" => Command::ReopenTable(ReopenTable {
            table: TableNo(3),
            reason: reason(),
        }),
        "set_hand_for_hand" => Command::SetHandForHand(SetHandForHand { on: false }),
        "surrender_stack" => Command::SurrenderStack(SurrenderStack { player: first }),
        "set_balancing" => Command::SetBalancing(SetBalancing {
            automatic: true,
            trigger: 2,
        }),
        "set_payouts" => Command::SetPayouts(SetPayouts {
            amounts: vec![Cents(100)],
        }),
        "undo_last" => Command::UndoLast(UndoLast { reason: reason() }),
        "rename_player" => Command::RenamePlayer(RenamePlayer {
            player: first,
            name: format!("Renamed {}", v.events_applied),
        }),
        "record_deal" => Command::RecordDeal(RecordDeal {
            amounts: vec![(first, Cents(1))],
            note: reason(),
            to_play_for: Cents::ZERO,
        }),
        "close_registration" => Command::CloseRegistration(CloseRegistration {}),
        "reopen_registration" => {
            Command::ReopenRegistration(ReopenRegistration { reason: reason() })
        }
        "draw_final_table" => Command::DrawFinalTable(DrawFinalTable {}),
        _ => return None,
    })
}

/// Puts the tournament in the state a row's command needs, before each call of that row.
async fn prepare(fx: &Fixture, action: &str) {
    let v = fx.view();
    match action {
        // Table 1 short of two players: balancing shows a move into it (TDA 25). Moving
        // players out keeps the field; the plan brings one back.
        "move_player: shown move into table" => {
            for _ in 0..4 {
                let v = fx.view();
                if v.plan.moves.iter().any(|m| m.to.table == TableNo(1)) {
                    return;
                }
                let emptier = if seated(&v, 2).len() < seated(&v, 3).len() {
                    2
                } else {
                    3
                };
                fx.arrange(Command::MovePlayer(MovePlayer {
                    player: seated(&v, 1)[0],
                    to: free_seat(&v, emptier),
                    reason: MoveReason::Director,
                }))
                .await;
            }
            panic!("no move into table 1 could be arranged");
        }
        "leave_queue" | "admit" | "clear_queue_entries" if v.door.queue.is_empty() => {
            fx.arrange(Command::SignUp(SignUp {
                name: format!("Waiting {}", v.events_applied),
                method: PaymentMethod::Cash,
            }))
            .await;
        }
        "merge_queue_entries" => {
            for i in v.door.queue.len()..2 {
                fx.arrange(Command::SignUp(SignUp {
                    name: format!("Twice {} {i}", v.events_applied),
                    method: PaymentMethod::Cash,
                }))
                .await;
            }
        }
        "finish_hand" if v.hand_for_hand.is_none() => {
            fx.arrange(Command::SetHandForHand(SetHandForHand { on: true }))
                .await;
        }
        "answer_call" | "cancel_call" if v.call_of(TableNo(1)).is_none() => {
            fx.arrange(Command::CallDirector(CallDirector { table: TableNo(1) }))
                .await;
        }
        "penalty_hand_served" => {
            let first = seated(&v, 1)[0];
            let running = v
                .penalties
                .iter()
                .any(|p| p.player == first && p.hands_left.is_some_and(|h| h > 0));
            if !running {
                fx.arrange(Command::GivePenalty(GivePenalty {
                    player: first,
                    penalty: PenaltyKind::Hands { hands: 3 },
                    reason: "showed a card".into(),
                }))
                .await;
            }
        }
        _ => {}
    }
}

// ---------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------

/// Every command type the API document knows, from the generated schema of `Command`.
fn every_command_type() -> BTreeSet<String> {
    let doc: Value = serde_json::from_str(&clubtd::server::http::json_api::document()).unwrap();
    let mut types = BTreeSet::new();
    fn collect(v: &Value, out: &mut BTreeSet<String>) {
        match v {
            Value::Object(m) => {
                if let Some(Value::Array(e)) = m.get("type").and_then(|t| t.get("enum")) {
                    out.extend(e.iter().filter_map(|s| s.as_str().map(str::to_string)));
                }
                m.values().for_each(|x| collect(x, out));
            }
            Value::Array(a) => a.iter().for_each(|x| collect(x, out)),
            _ => {}
        }
    }
    collect(&doc["components"]["schemas"]["Command"], &mut types);
    types
}

#[tokio::test]
async fn every_role_may_do_exactly_what_the_matrix_says_and_a_refusal_changes_nothing() {
    let fx = fixture().await;

    // The matrix covers every command there is.
    let known = every_command_type();
    assert!(
        known.len() >= 35,
        "the schema lists the commands: {known:?}"
    );
    let v = fx.view();
    let covered: BTreeSet<String> = MATRIX
        .iter()
        .filter_map(|(action, _)| command(action, &v))
        .map(|c| {
            serde_json::to_value(&c).unwrap()["type"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(covered, known, "one row at least for every command");

    let mut failures = Vec::new();
    for (action, allowed) in MATRIX {
        let mut accepted = false;
        for via in channels(action) {
            // Refused roles first, while the state is still the one prepared for the row.
            let mut order: Vec<(Role, bool)> =
                ROLES.iter().copied().zip(allowed.iter().copied()).collect();
            order.sort_by_key(|(_, ok)| *ok);
            for (role, ok) in order {
                prepare(&fx, action).await;
                let command = command(action, &fx.view());
                let before = fx.fingerprint().await;
                let answer = fx.call(action, role, via, command.as_ref()).await;
                let after = fx.fingerprint().await;
                let refused = refusal(role, via);
                let was_refused =
                    (answer.status, answer.code.as_deref()) == refused && !answer.accepted;
                let role_refusal = matches!(
                    answer.code.as_deref(),
                    Some("UNAUTHORIZED" | "UNAUTHENTICATED")
                ) || matches!(answer.status, 401 | 403);
                if ok && role_refusal {
                    failures.push(format!(
                        "{action} by {role:?} via {via:?}: refused {answer:?}"
                    ));
                }
                if !ok && !was_refused {
                    failures.push(format!(
                        "{action} by {role:?} via {via:?}: expected {refused:?}, got {answer:?}"
                    ));
                }
                if !ok && before != after {
                    failures.push(format!(
                        "{action} by {role:?} via {via:?}: a refusal changed {before:?} → {after:?}"
                    ));
                }
                if ok && !answer.accepted && before.0 != after.0 {
                    failures.push(format!("{action} by {role:?}: a rejection wrote events"));
                }
                accepted |= ok && answer.accepted;
            }
        }
        if VALID.contains(action) && !accepted {
            failures.push(format!("{action}: no allowed sender got it accepted"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Table devices report busts at the same instant, and retries of one command id race each
/// other through both channels: every acknowledged command is in the log once, the sequence
/// has no gap, and a fresh replay of the file gives the state the server holds.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_table_reports_and_racing_retries_are_logged_once_without_gaps() {
    let s = real_server(true).await;
    let (base, engine, db) = (&s.base, &s.engine, &s.db);
    let id = engine.tournament_ids().last().copied().unwrap();
    let director = director_client(base).await;
    let keys = table_keys(base, &director, None).await;
    let view = tournament_view(&engine.snapshot(id).unwrap().state, now()).unwrap();
    let left_before = view.players_left;
    let bust = |table: u16, out: usize, winner: usize| {
        let at = seated(&view, table);
        Command::ReportBusts(ReportBusts {
            table: TableNo(table),
            busts: vec![BustReport {
                player: at[out],
                eliminators: vec![at[winner]],
                start_stack: None,
            }],
        })
    };
    // Round one: two devices per table, each its own bust, all released together.
    // Round two: per table one bust sent four times with the same id, twice through the
    // pages' server function and twice through the API, all released together.
    let mut calls = Vec::new();
    for (table, key) in &keys {
        let t = u16::try_from(*table).unwrap();
        for (n, (out, winner)) in [(0, 2), (1, 3)].into_iter().enumerate() {
            calls.push((
                format!("bust-{t}-{n}"),
                bust(t, out, winner),
                key.clone(),
                n % 2 == 0,
            ));
        }
        for copy in 0..4 {
            calls.push((
                format!("retry-{t}"),
                bust(t, 4, 2),
                key.clone(),
                copy % 2 == 0,
            ));
        }
    }
    let barrier = Arc::new(tokio::sync::Barrier::new(calls.len()));
    let mut tasks = Vec::new();
    for (command_id, command, key, via_page) in calls {
        let (barrier, base) = (barrier.clone(), base.clone());
        tasks.push(tokio::spawn(async move {
            let client = Client::new();
            let request = if via_page {
                client.post(format!("{base}/api/send_command")).json(&json!({
                    "command_id": command_id, "command": command, "table_key": key, "tournament": id,
                }))
            } else {
                client
                    .post(format!("{base}/api/v1/tournaments/{id}/commands"))
                    .header("x-table-key", key)
                    .json(&json!({"command_id": command_id, "command": command}))
            };
            barrier.wait().await;
            let answer: Value = request.send().await.unwrap().json().await.unwrap();
            // Both channels' acknowledgements carry the last event number.
            let last = answer["Accepted"]["last_seq"]
                .as_u64()
                .or_else(|| answer["last_seq"].as_u64());
            (command_id, last, answer)
        }));
    }
    let mut acknowledged: std::collections::BTreeMap<String, BTreeSet<u64>> = Default::default();
    for task in tasks {
        let (command_id, last, answer) = task.await.unwrap();
        let last = last.unwrap_or_else(|| panic!("{command_id} acknowledged: {answer}"));
        acknowledged.entry(command_id).or_default().insert(last);
    }
    assert_eq!(acknowledged.len(), 9, "nine distinct commands");
    for (command_id, lasts) in &acknowledged {
        assert_eq!(
            lasts.len(),
            1,
            "{command_id}: every copy got the first answer"
        );
    }

    let pool = &common::inspect(&s.db).await;
    for (command_id, lasts) in &acknowledged {
        let seqs: Vec<i64> = sqlx::query_scalar(
            "SELECT seq FROM events WHERE tournament_id = ? AND command_id = ? ORDER BY seq",
        )
        .bind(id)
        .bind(command_id)
        .fetch_all(pool)
        .await
        .unwrap();
        let last = i64::try_from(*lasts.first().unwrap()).unwrap();
        assert!(!seqs.is_empty(), "{command_id} is in the log");
        assert_eq!(
            seqs.last(),
            Some(&last),
            "{command_id} ends where it was acknowledged"
        );
        assert!(
            seqs.windows(2).all(|w| w[1] == w[0] + 1),
            "{command_id}: its events together, once: {seqs:?}"
        );
        let seen: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM commands WHERE tournament_id = ? AND command_id = ?",
        )
        .bind(id)
        .bind(command_id)
        .fetch_one(pool)
        .await
        .unwrap();
        assert_eq!(seen, 1, "{command_id} decided once");
    }
    let all: Vec<i64> =
        sqlx::query_scalar("SELECT seq FROM events WHERE tournament_id = ? ORDER BY seq")
            .bind(id)
            .fetch_all(pool)
            .await
            .unwrap();
    let live = engine.snapshot(id).unwrap();
    assert_eq!(
        all,
        (1..=i64::try_from(live.last_seq).unwrap()).collect::<Vec<_>>(),
        "gap-free from 1 to the last acknowledged number"
    );
    assert_eq!(
        live.state.players_left(),
        left_before as usize - 9,
        "nine busts, each once"
    );

    let replayed = open_engine(db).await;
    let fresh = replayed.snapshot(id).unwrap();
    assert_eq!(fresh.last_seq, live.last_seq);
    assert_eq!(
        *fresh.state, *live.state,
        "a fresh replay of the log is the server's state"
    );
}

/// Server functions answer as JSON; a refusal is `ServerError|CODE` with its status.
async fn open_link(c: &Client, base: &str, token: &str) -> (u16, String) {
    let r = c
        .post(format!("{base}/api/open_player_link"))
        .form(&[("token", token)])
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.text().await.unwrap())
}

#[tokio::test]
async fn a_personal_link_opens_its_own_player_only_and_a_wrong_one_learns_nothing() {
    let s = real_server(true).await;
    let (base, engine, db) = (&s.base, &s.engine, &s.db);
    let id = engine.tournament_ids().last().copied().unwrap();
    let director = director_client(base).await;
    let player = seated(
        &tournament_view(&engine.snapshot(id).unwrap().state, now()).unwrap(),
        2,
    )[0];
    let form = [
        ("player", player.0.to_string()),
        ("tournament", id.to_string()),
    ];
    let link: Value = player_link_of(&director, base, &form).await;
    let path = link["path"].as_str().unwrap();
    assert!(
        link["qr_svg"].as_str().unwrap().contains("<svg"),
        "a QR code"
    );
    let token = path.strip_prefix("/me/").unwrap();
    let again: Value = player_link_of(&director, base, &form).await;
    assert_eq!(
        again["path"], path,
        "the director can show the same link again"
    );

    // Only the director makes links.
    let c = Client::new();
    let r = c
        .post(format!("{base}/api/player_link"))
        .form(&form)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 403);

    // The phone opens its link: that player of that tournament.
    let (status, body) = open_link(&c, base, token).await;
    assert_eq!(status, 200, "{body}");
    let opened: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(opened, json!({"tournament": id, "player": player.0}));

    // Anything else gets one and the same refusal: forged, altered, another player's ids
    // with this MAC, a valid MAC for a player who is not there, garbage.
    let mac = token.rsplit('-').next().unwrap();
    let mut flipped = mac.to_string();
    flipped.replace_range(0..1, if mac.starts_with('0') { "1" } else { "0" });
    let links = clubtd::server::player_links::PlayerLinks::load(&Store::open(db).await.unwrap())
        .await
        .unwrap();
    let refused = (403, "ServerError|UNAUTHORIZED".to_string());
    for wrong in [
        format!("{id}-{}-{flipped}", player.0),
        format!("{id}-{}-{mac}", player.0 + 1),
        format!("{}-{}-{mac}", id + 1, player.0),
        links.token(id, PlayerId(999)),
        links.token(id + 1, player),
        "garbage".to_string(),
        String::new(),
        "9".repeat(5000),
    ] {
        assert_eq!(open_link(&c, base, &wrong).await, refused, "{wrong:.40}");
    }

    // A phone lost or lent: the director makes a new link; the old one is refused from then
    // on (after a restart too), the new one opens the same player.
    let mut with_replace = form.to_vec();
    with_replace.push(("replace", "true".to_string()));
    let new: Value = player_link_of(&director, base, &with_replace).await;
    let new_token = new["path"].as_str().unwrap().strip_prefix("/me/").unwrap();
    assert_ne!(new_token, token);
    assert_eq!(open_link(&c, base, token).await, refused, "the old link");
    assert_eq!(open_link(&c, base, new_token).await.0, 200, "the new link");
    let reloaded = clubtd::server::player_links::PlayerLinks::load(&Store::open(db).await.unwrap())
        .await
        .unwrap();
    assert_eq!(reloaded.verify(token), None);
    assert_eq!(reloaded.verify(new_token), Some((id, player)));
    let shown_again: Value = player_link_of(&director, base, &form).await;
    assert_eq!(
        shown_again["path"], new["path"],
        "shown again: the new link"
    );
    let path = shown_again["path"].as_str().unwrap();

    // The page: that player's name and card, the same page on every request; a wrong link
    // shows no one.
    let page = c.get(format!("{base}{path}")).text_answer().await;
    same_page_every_time(&c, &format!("{base}{path}"), 8).await;
    let name = &engine.snapshot(id).unwrap().state.players[&player].name;
    assert!(
        page.contains("data-testid=\"me-card\""),
        "the card is rendered"
    );
    assert!(page.contains(name.as_str()), "{name} on their page");
    let wrong = c
        .get(format!("{base}/me/{id}-{}-{mac}", player.0 + 1))
        .text_answer()
        .await;
    assert!(wrong.contains("link-refused"));
    assert!(!wrong.contains("me-card") && !wrong.contains(name.as_str()));
}

/// The director's answer for a player's link (`player`, `tournament`, and `replace` if given).
async fn player_link_of(director: &Client, base: &str, form: &[(&str, String)]) -> Value {
    director
        .post(format!("{base}/api/player_link"))
        .form(form)
        .json_answer()
        .await
}
