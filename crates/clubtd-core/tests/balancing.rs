//! Whole-tournament scenarios through `decide` and `apply`, one per rule, citing it.
//! The tables: stopping at four, TDA 25 balancing, buttons, breaking tables, the final table.

use clubtd_core::balancing::{is_shown_move, plan, stopped_tables, WaitingMove};
use clubtd_core::command::{
    BreakTable, Command, DrawFinalTable, MovePlayer, ReportBusts, SetBalancing, SetButton,
    StartClock,
};
use clubtd_core::config::{templates, Config};
use clubtd_core::event::MoveReason;
use clubtd_core::ids::{PlayerId, SeatNo, TableNo, Timestamp};
use clubtd_core::view::tournament_view;
use clubtd_core::DomainError;

mod kit;
use kit::{bust, Kit};

#[test]
fn pkr4u_13_a_table_of_four_stops_but_not_the_final_table_nor_six_max() {
    let mut k = Kit::new(templates::club_evening("t", 2));
    k.register(10);
    k.ok(Command::StartClock(StartClock {}));
    let table = TableNo(1);
    let at_table: Vec<u32> = k.t.tables[&table].seats.values().map(|p| p.0).collect();
    let by = PlayerId(at_table[0]);
    for p in &at_table[1..] {
        k.ok(Command::ReportBusts(ReportBusts {
            table,
            busts: vec![bust(*p, by, None)],
        }));
        let n = k.t.tables[&table].seats.len();
        assert_eq!(
            stopped_tables(&k.t, k.t.config.as_ref().unwrap()).contains(&table),
            n <= 4,
            "{n} players"
        );
    }
    let mut six = templates::club_evening("6max", 2);
    six.table_size = 6;
    six.stop_table_at = 4;
    let mut k6 = Kit::new(six.clone());
    k6.register(7);
    k6.ok(Command::StartClock(StartClock {}));
    assert!(stopped_tables(&k6.t, k6.t.config.as_ref().unwrap()).is_empty());
    // The exceptions are settings: a club may stop short 6-max tables too.
    six.stop_in_six_max = true;
    let mut k6 = Kit::new(six);
    k6.register(9);
    k6.ok(Command::StartClock(StartClock {}));
    let stopped = stopped_tables(&k6.t, k6.t.config.as_ref().unwrap());
    assert_eq!(
        stopped.len(),
        1,
        "9 players at 2 tables: the table of 4 stops"
    );
    // ... and the last table, when the club wants the director called there as well.
    let mut one = templates::club_evening("one", 1);
    one.stop_at_final_table = true;
    let mut k1 = Kit::new(one.clone());
    k1.register(4);
    k1.ok(Command::StartClock(StartClock {}));
    assert_eq!(stopped_tables(&k1.t, &one), vec![TableNo(1)]);
    one.stop_at_final_table = false;
    assert!(stopped_tables(&k1.t, &one).is_empty());
}

#[test]
fn tda_25_the_next_big_blind_moves_to_the_short_table() {
    let mut k = Kit::new(templates::club_evening("t", 2));
    k.register(14);
    k.ok(Command::StartClock(StartClock {}));
    for t in [TableNo(1), TableNo(2)] {
        k.ok(Command::SetButton(SetButton {
            table: t,
            seat: *k.t.tables[&t].seats.keys().next().unwrap(),
        }));
    }
    // Bust three at table 2 so that table 1 has 7 and table 2 has 4.
    for _ in 0..3 {
        let victims: Vec<PlayerId> = k.t.tables[&TableNo(2)].seats.values().copied().collect();
        k.ok(Command::ReportBusts(ReportBusts {
            table: TableNo(2),
            busts: vec![bust(victims[1].0, victims[0], None)],
        }));
    }
    let cfg = k.t.config.clone().unwrap();
    let p = plan(&k.t, &cfg);
    assert_eq!(p.moves.len(), 1, "7 and 4 become 6 and 5");
    let m = p.moves[0];
    let t1 = &k.t.tables[&TableNo(1)];
    let b = clubtd_core::seating::blinds(&t1.seats, cfg.table_size, t1.button.unwrap()).unwrap();
    assert_eq!(
        m.from.seat, b.next_big_blind,
        "the player who would be big blind next hand"
    );
    k.ok(Command::MovePlayer(MovePlayer {
        player: m.player,
        to: m.to,
        reason: MoveReason::Balance,
    }));
    assert!(plan(&k.t, &cfg).moves.is_empty());
}

/// The button of `table` put where its big blind is on `bb_seat`: the occupied seat two
/// players before it, clockwise.
fn button_for_big_blind(k: &Kit, table: TableNo, bb_seat: SeatNo) -> SeatNo {
    let seats: Vec<SeatNo> = k.t.tables[&table].seats.keys().copied().collect();
    let i = seats.iter().position(|s| *s == bb_seat).expect("occupied");
    seats[(i + seats.len() - 2) % seats.len()]
}

/// `players` at two tables, the clock running, table 1's button known and table 2's not,
/// then three busts at table 2: balancing must move a player into a table without a button.
fn three_out_at_the_second_table(players: usize) -> (Kit, Config) {
    let mut k = Kit::new(templates::club_evening("t", 2));
    k.register(players);
    k.ok(Command::StartClock(StartClock {}));
    let cfg = k.t.config.clone().unwrap();
    let first = *k.t.tables[&TableNo(1)].seats.keys().next().unwrap();
    k.ok(Command::SetButton(SetButton {
        table: TableNo(1),
        seat: first,
    }));
    for _ in 0..3 {
        let victims: Vec<PlayerId> = k.t.tables[&TableNo(2)].seats.values().copied().collect();
        k.ok(Command::ReportBusts(ReportBusts {
            table: TableNo(2),
            busts: vec![bust(victims[1].0, victims[0], None)],
        }));
    }
    (k, cfg)
}

/// An occupied seat of `table` with a free seat right after it (clockwise): as the big
/// blind, the newcomer's TDA 25 seat is then known in advance.
fn big_blind_with_a_gap(k: &Kit, table: TableNo, size: u8) -> SeatNo {
    let tb = &k.t.tables[&table];
    *tb.seats
        .keys()
        .find(|s| !tb.is_taken(SeatNo(s.0 % size + 1)))
        .expect("a free seat after some player")
}

#[test]
fn tda_25_a_move_into_a_table_without_a_button_waits_for_it_then_takes_the_big_blind() {
    // Only the giving table says where its button is.
    let (mut k, cfg) = three_out_at_the_second_table(14);
    let size = cfg.table_size;
    // 7 against 4: the mover is known, the seat is not.
    let waiting = plan(&k.t, &cfg);
    assert!(waiting.moves.is_empty(), "no seat is named: {waiting:?}");
    assert_eq!(waiting.need_button, vec![TableNo(2)]);
    let t1 = &k.t.tables[&TableNo(1)];
    let b1 =
        clubtd_core::seating::blinds(&t1.seats, size, t1.button.expect("table 1 has its button"))
            .unwrap();
    let mover = t1.seats[&b1.next_big_blind];
    assert_eq!(
        waiting.waiting,
        vec![WaitingMove {
            player: mover,
            from: clubtd_core::event::Place {
                table: TableNo(1),
                seat: b1.next_big_blind
            },
            to_table: TableNo(2),
        }]
    );
    // No seat of table 2 is one a table may confirm yet.
    for s in 1..=size {
        let to = clubtd_core::event::Place {
            table: TableNo(2),
            seat: SeatNo(s),
        };
        assert!(!is_shown_move(&k.t, mover, to), "seat {s}");
    }
    // Table 2 sets its button, so that its big blind has a free seat after it.
    let bb = big_blind_with_a_gap(&k, TableNo(2), size);
    let button = button_for_big_blind(&k, TableNo(2), bb);
    k.ok(Command::SetButton(SetButton {
        table: TableNo(2),
        seat: button,
    }));
    let named = plan(&k.t, &cfg);
    assert!(named.waiting.is_empty() && named.need_button.is_empty());
    assert_eq!(named.moves.len(), 1);
    let m = named.moves[0];
    let expected = SeatNo(bb.0 % size + 1);
    assert_eq!(
        (m.player, m.to.table, m.to.seat),
        (mover, TableNo(2), expected),
        "TDA 25: the seat right after the big blind (the next hand's big blind)"
    );
    assert!(is_shown_move(&k.t, mover, m.to));
    k.ok(Command::MovePlayer(MovePlayer {
        player: m.player,
        to: m.to,
        reason: MoveReason::Balance,
    }));
    // One hand on: the big blind passes to the next player after today's, the newcomer.
    let t2 = &k.t.tables[&TableNo(2)];
    assert_eq!(
        clubtd_core::seating::next_occupied(&t2.seats, size, bb),
        Some(expected)
    );
    assert!(plan(&k.t, &cfg).moves.is_empty());
}

/// Issue U.5 (TDA 25, 32): to balance, the plan needs the giving tables' buttons (who moves)
/// and the receiving table's (the seat); it asks for all of them at once, and once they are
/// set every move is named: one round of buttons, not one table at a time.
#[test]
fn tda_25_every_button_the_plan_needs_is_asked_for_at_once() {
    let mut k = Kit::new(templates::club_evening("t", 3));
    k.register(15);
    k.ok(Command::StartClock(StartClock {}));
    let cfg = k.t.config.clone().unwrap();
    while k.t.tables[&TableNo(3)].seats.len() > 2 {
        let victims: Vec<PlayerId> = k.t.tables[&TableNo(3)].seats.values().copied().collect();
        k.ok(Command::ReportBusts(ReportBusts {
            table: TableNo(3),
            busts: vec![bust(victims[1].0, victims[0], None)],
        }));
    }
    let counts: Vec<usize> = k.t.open_tables().map(|(_, t)| t.seats.len()).collect();
    assert_eq!(counts, vec![5, 5, 2]);
    let asked = plan(&k.t, &cfg);
    let mut needed = asked.need_button.clone();
    needed.sort();
    assert_eq!(
        needed,
        vec![TableNo(1), TableNo(2), TableNo(3)],
        "both giving tables and the receiving one, together: {asked:?}"
    );
    for n in &asked.need_button {
        let first = *k.t.tables[n].seats.keys().next().unwrap();
        k.ok(Command::SetButton(SetButton {
            table: *n,
            seat: first,
        }));
    }
    let named = plan(&k.t, &cfg);
    assert!(
        named.need_button.is_empty() && named.waiting.is_empty(),
        "{named:?}"
    );
    assert_eq!(named.moves.len(), 2, "5, 5, 2 into 4, 4, 4: {named:?}");
    let from: Vec<TableNo> = named.moves.iter().map(|m| m.from.table).collect();
    assert_eq!(from, vec![TableNo(1), TableNo(2)]);
    assert!(named.moves.iter().all(|m| m.to.table == TableNo(3)));
}

/// Issue U.9: during registration the tables fill as players come: none has stopped and
/// nobody is on the bubble before the clock starts (the console showed "stopped, TD called:
/// 1, 2, 3" and "Bubble" while the desk was still registering).
#[test]
fn before_the_clock_starts_no_table_is_stopped_and_there_is_no_bubble() {
    let mut k = Kit::new(templates::club_evening("t", 3));
    k.register(4);
    let before = tournament_view(&k.t, Timestamp(k.now)).unwrap();
    assert!(before.plan.stopped.is_empty(), "{:?}", before.plan.stopped);
    assert!(!before.bubble && !before.in_the_money);
    assert!(before.tables.iter().all(|t| !t.stopped));
    k.ok(Command::StartClock(StartClock {}));
    let after = tournament_view(&k.t, Timestamp(k.now)).unwrap();
    assert!(
        !after.plan.stopped.is_empty(),
        "once play starts, short tables stop"
    );
}

#[test]
fn tda_34_a_heads_up_table_receives_the_mover_after_its_big_blind() {
    // 5 against 2: table 2 plays heads-up.
    let (mut k, cfg) = three_out_at_the_second_table(10);
    let size = cfg.table_size;
    assert_eq!(k.t.tables[&TableNo(2)].seats.len(), 2);
    let p = plan(&k.t, &cfg);
    assert_eq!((p.moves.len(), p.waiting.len()), (0, 1));
    assert_eq!(p.need_button, vec![TableNo(2)]);
    // Heads-up the button is the small blind (TDA 34); the other player is the big blind.
    let seats: Vec<SeatNo> = k.t.tables[&TableNo(2)].seats.keys().copied().collect();
    let (button, bb) = (seats[0], seats[1]);
    k.ok(Command::SetButton(SetButton {
        table: TableNo(2),
        seat: button,
    }));
    let m = plan(&k.t, &cfg).moves[0];
    assert_eq!(m.player, p.waiting[0].player);
    // The seat lies after the big blind and before the button, clockwise: never between
    // the button and the big blind, where the newcomer would get the button without a blind.
    let clockwise = |from: SeatNo, to: SeatNo| (to.0 + size - from.0) % size;
    assert!(
        clockwise(bb, m.to.seat) < clockwise(bb, button),
        "seat {:?} with button {button:?} and big blind {bb:?}",
        m.to.seat
    );
    let dead = clubtd_core::seating::dead_seats(&k.t.tables[&TableNo(2)], size);
    assert!(!dead.contains(&m.to.seat));
    k.ok(Command::MovePlayer(MovePlayer {
        player: m.player,
        to: m.to,
        reason: MoveReason::Balance,
    }));
    // The next hand: the big blind passes from `bb` to the newcomer.
    let t2 = &k.t.tables[&TableNo(2)];
    assert_eq!(
        clubtd_core::seating::next_occupied(&t2.seats, size, bb),
        Some(m.to.seat)
    );
}

#[test]
fn tables_break_when_the_others_have_room_and_the_final_table_redraws_with_the_button_on_seat_1() {
    let mut k = Kit::new(templates::club_evening("t", 3));
    k.register(21);
    k.ok(Command::StartClock(StartClock {}));
    assert!(matches!(
        k.run(Command::BreakTable(BreakTable { table: TableNo(3) })),
        Err(DomainError::CannotBreakTable { .. })
    ));
    for _ in 0..5 {
        let victims: Vec<PlayerId> = k.t.tables[&TableNo(3)].seats.values().copied().collect();
        k.ok(Command::ReportBusts(ReportBusts {
            table: TableNo(3),
            busts: vec![bust(victims[1].0, victims[0], None)],
        }));
    }
    let cfg = k.t.config.clone().unwrap();
    assert_eq!(plan(&k.t, &cfg).break_next, Some(TableNo(3)));
    k.ok(Command::BreakTable(BreakTable { table: TableNo(3) }));
    assert!(!k.t.tables[&TableNo(3)].open);
    assert_eq!(k.t.players_left(), 16);
    assert_eq!(
        k.run(Command::DrawFinalTable(DrawFinalTable {})),
        Err(DomainError::FinalTableNotReady)
    );
    while k.t.players_left() > 9 {
        let (table, tb) =
            k.t.open_tables()
                .max_by_key(|(_, t)| t.seats.len())
                .map(|(n, t)| (n, t.clone()))
                .unwrap();
        let v: Vec<PlayerId> = tb.seats.values().copied().collect();
        k.ok(Command::ReportBusts(ReportBusts {
            table,
            busts: vec![bust(v[1].0, v[0], None)],
        }));
    }
    k.ok(Command::DrawFinalTable(DrawFinalTable {}));
    let open: Vec<TableNo> = k.t.open_tables().map(|(n, _)| n).collect();
    assert_eq!(open.len(), 1);
    assert_eq!(k.t.tables[&open[0]].button, Some(SeatNo(1)));
    assert_eq!(k.t.tables[&open[0]].seats.len(), 9);
}

#[test]
fn tda_25_the_director_sets_the_balancing_trigger_and_mode() {
    let mut config = templates::club_evening("t", 2);
    config.balance_trigger = 3;
    let mut k = Kit::new(config);
    k.register(14);
    k.ok(Command::StartClock(StartClock {}));
    for table in [TableNo(1), TableNo(2)] {
        k.ok(Command::SetButton(SetButton {
            table,
            seat: *k.t.tables[&table].seats.keys().next().unwrap(),
        }));
    }
    // 7 and 7; two busts at table 1 make it 5 against 7: under a trigger of 3, no move.
    for _ in 0..2 {
        let p = *k.t.tables[&TableNo(1)].seats.values().next().unwrap();
        let by = k.tablemate(p.0);
        k.ok(Command::ReportBusts(ReportBusts {
            table: TableNo(1),
            busts: vec![bust(p.0, by, None)],
        }));
    }
    let cfg = k.t.config.clone().unwrap();
    assert!(plan(&k.t, &cfg).moves.is_empty());
    assert!(
        k.t.balancing_settings().automatic,
        "tables see moves by default"
    );
    assert_eq!(
        k.run(Command::SetBalancing(SetBalancing {
            automatic: false,
            trigger: 1
        })),
        Err(DomainError::InvalidAmount {
            field: "trigger".into()
        })
    );
    k.ok(Command::SetBalancing(SetBalancing {
        automatic: false,
        trigger: 2,
    }));
    let moves = plan(&k.t, &cfg).moves;
    assert_eq!(
        moves.len(),
        1,
        "tightened: 7 against 5 now calls for a move"
    );
    assert_eq!(
        (moves[0].from.table, moves[0].to.table),
        (TableNo(2), TableNo(1))
    );
    assert!(!k.t.balancing_settings().automatic);
}
