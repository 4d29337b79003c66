//! Benchmark: replaying a 10,000-event tournament log, computing the balancing plan for
//! 1,000 players at 112 tables, and an ICM deal quote for 20 players (the view works one out
//! at every new event while 11 to 20 players are left). Run: `cargo bench --features ssr --bench replay`.
//! Figures go to BENCHMARKS.md; this is a measurement, not a pass/fail test.

use clubtd::domain::balancing::plan;
use clubtd::domain::command::{
    BustReport, Command, CreateTournament, Ctx, RegisterPlayer, ReportBusts, ReportChips,
    SetButton, StartClock,
};
use clubtd::domain::config::templates;
use clubtd::domain::deals::icm;
use clubtd::domain::event::PaymentMethod;
use clubtd::domain::ids::{PlayerId, SeatNo, Timestamp};
use clubtd::domain::money::{Cents, Chips};
use clubtd::domain::{decide, Event, Tournament};
use std::time::Instant;

fn run(state: &mut Tournament, log: &mut Vec<Event>, command: Command, i: u64) {
    let ctx = Ctx {
        now: Timestamp(1_000_000 + i as i64),
        seed: i.wrapping_mul(0x9E37_79B9),
        tapped_at: None,
        sender: None,
    };
    if let Ok(events) = decide(state, &command, ctx) {
        for e in events {
            state.apply(&e).expect("a decided event fits");
            log.push(e);
        }
    }
}

fn build_log(players: u32, tables: u16, target: usize) -> (Tournament, Vec<Event>) {
    let mut config = templates::club_evening("bench", tables);
    config.tables_at_start = tables;
    config.max_entries = None;
    let mut state = Tournament::default();
    let mut log = Vec::new();
    let mut i = 0;
    run(
        &mut state,
        &mut log,
        Command::CreateTournament(CreateTournament { config }),
        i,
    );
    for n in 0..players {
        i += 1;
        run(
            &mut state,
            &mut log,
            Command::RegisterPlayer(RegisterPlayer {
                name: format!("Player {n}"),
                method: PaymentMethod::Cash,
                present: true,
                same_name_confirmed: false,
            }),
            i,
        );
    }
    for t in state.tables.keys().copied().collect::<Vec<_>>() {
        i += 1;
        run(
            &mut state,
            &mut log,
            Command::SetButton(SetButton {
                table: t,
                seat: SeatNo(1),
            }),
            i,
        );
    }
    i += 1;
    run(&mut state, &mut log, Command::StartClock(StartClock {}), i);
    while log.len() < target {
        i += 1;
        let player = PlayerId(1 + (i % u64::from(players)) as u32);
        run(
            &mut state,
            &mut log,
            Command::ReportChips(ReportChips {
                player,
                chips: Chips(5_000 + (i % 20_000) as i64),
            }),
            i,
        );
    }
    (state, log)
}

fn main() {
    let (expected, log) = build_log(300, 35, 10_000);
    let runs = 20;
    let start = Instant::now();
    for _ in 0..runs {
        let mut state = Tournament::default();
        for e in &log {
            state.apply(e).expect("the log replays");
        }
        assert_eq!(state, expected);
    }
    let per = start.elapsed() / runs;
    println!(
        "replay of {} events: {:?} per replay ({} runs)",
        log.len(),
        per,
        runs
    );

    let (mut state, mut log) = build_log(1_000, 112, 0);
    // Unbalance the room: five busts at each of the last 20 tables.
    let tables: Vec<_> = state.tables.keys().copied().rev().take(20).collect();
    let mut i = 1_000_000;
    for table in tables {
        for _ in 0..5 {
            let seated: Vec<PlayerId> = state.tables[&table].seats.values().copied().collect();
            i += 1;
            let busts = vec![BustReport {
                player: seated[1],
                eliminators: vec![seated[0]],
                start_stack: None,
            }];
            run(
                &mut state,
                &mut log,
                Command::ReportBusts(ReportBusts { table, busts }),
                i,
            );
        }
    }
    let config = state
        .config
        .clone()
        .unwrap_or_else(|| templates::club_evening("x", 1));
    let runs = 50;
    let start = Instant::now();
    let mut moves = 0;
    for _ in 0..runs {
        moves = plan(&state, &config).moves.len();
    }
    println!(
        "balancing plan for {} players at 112 tables: {:?} per plan ({} moves)",
        state.players_left(),
        start.elapsed() / runs,
        moves
    );

    // 20 players, uneven stacks; the prizes of a 200-entry field's last 20 places, and of
    // only three places (a small field's top three).
    let stacks: Vec<Chips> = (0..20).map(|k| Chips(8_000 + 3_517 * k * k)).collect();
    for paid in [20usize, 3] {
        let prizes: Vec<Cents> = (0..paid).map(|k| Cents(200_000 / (k as i64 + 1))).collect();
        let runs = 20;
        let start = Instant::now();
        for _ in 0..runs {
            let quote = icm(&stacks, &prizes).expect("a valid table");
            assert_eq!(quote.len(), 20);
        }
        println!(
            "ICM quote, 20 players, {paid} prizes: {:?} per quote ({runs} runs)",
            start.elapsed() / runs
        );
    }
}
