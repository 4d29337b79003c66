//! Whole-tournament scenarios through `decide` and `apply`, one per rule, citing it.

use clubtd_core::balancing::{is_shown_move, plan, stopped_tables, WaitingMove};
use clubtd_core::busts::standings;
use clubtd_core::command::{
    AnswerCall, BreakTable, CallDirector, CancelCall, CancelEntry, ChangeConfig, ChangeStructure,
    CloseRegistration, Command, ConfirmArrival, Ctx, Disqualify, DrawFinalTable, FinishHand,
    GivePenalty, LeaveEarly, MovePlayer, PauseClock, ReEntryOption, RecordDeal, RecordRuling,
    RegisterPlayer, ReinstatePlayer, RenamePlayer, ReopenRegistration, ReopenTable,
    ReportAbandonedStackGone, ReportBusts, ReportChips, ReportPenaltyHandServed, ReportTableChips,
    RescindPenalty, RevivePlayer, SetBalancing, SetButton, SetHandForHand, SetPayouts, StartClock,
    SurrenderStack, UndoLast, UnregisterPlayer,
};
use clubtd_core::config::{templates, Announcements, Config, LateRegistration, PayoutMode};
use clubtd_core::event::{Event, MoveReason, Payment, PaymentMethod};
use clubtd_core::ids::{PlayerId, SeatNo, TableNo, Timestamp};
use clubtd_core::log::event::PlayerUnregistered;
use clubtd_core::money::{Cents, Chips};
use clubtd_core::state::PlayerStatus;
use clubtd_core::view::tournament_view;
use clubtd_core::{decide, DomainError, Tournament};

mod kit;
use kit::{bust, re_entry, Kit};

#[test]
fn pkr4u_14_only_a_present_player_can_buy_in() {
    let mut k = Kit::new(templates::club_evening("t", 3));
    let r = k.run(Command::RegisterPlayer(RegisterPlayer {
        name: "Remote".into(),
        method: PaymentMethod::Transfer,
        present: false,
        same_name_confirmed: false,
    }));
    assert_eq!(r, Err(DomainError::NotPresent));
    assert!(k.t.players.is_empty());
}

#[test]
fn tda_13_seats_are_drawn_filling_tables_evenly() {
    let mut k = Kit::new(templates::club_evening("t", 3));
    k.register(24);
    let counts: Vec<usize> = k.t.open_tables().map(|(_, t)| t.seats.len()).collect();
    assert_eq!(counts, vec![8, 8, 8]);
}

#[test]
fn prize_pool_and_bonus_pkr4u_18() {
    let mut k = Kit::new(templates::club_evening("t", 3));
    k.register(2);
    assert_eq!(k.t.prize_pool, Cents(4000));
    assert_eq!(
        k.t.players[&PlayerId(1)].stack,
        Chips(12_000),
        "starting stack plus the bonus"
    );
    k.ok(Command::StartClock(StartClock {}));
    k.minutes(21); // level 2: the bonus window (level 1) is over
    k.register(1);
    assert_eq!(k.t.players[&PlayerId(1)].bonus, Chips(2_000));
    assert_eq!(k.t.players.values().last().unwrap().stack, Chips(10_000));
}

#[test]
fn unregistration_refunds_before_the_start_only() {
    let mut k = Kit::new(templates::club_evening("t", 3));
    k.register(3);
    k.ok(Command::UnregisterPlayer(UnregisterPlayer {
        player: PlayerId(2),
    }));
    assert_eq!(k.t.prize_pool, Cents(4000));
    assert_eq!(k.t.players[&PlayerId(2)].status, PlayerStatus::Unregistered);
    k.ok(Command::StartClock(StartClock {}));
    assert_eq!(
        k.run(Command::UnregisterPlayer(UnregisterPlayer {
            player: PlayerId(1)
        })),
        Err(DomainError::AlreadyStarted)
    );
}

/// The refund goes back the way the registration was paid (a card to the card), and it is
/// what this player paid even when the director changed the buy-in since.
#[test]
fn an_unregistration_refunds_the_payment_as_it_was_made() {
    let cfg = templates::club_evening("t", 2);
    let mut k = Kit::new(cfg.clone());
    k.ok(Command::RegisterPlayer(RegisterPlayer {
        name: "Ann".into(),
        method: PaymentMethod::Card,
        present: true,
        same_name_confirmed: false,
    }));
    k.ok(Command::ChangeConfig(ChangeConfig {
        config: Config {
            prize_part: Cents(2500),
            ..cfg
        },
    }));
    let unregister = Command::UnregisterPlayer(UnregisterPlayer {
        player: PlayerId(1),
    });
    let ctx = Ctx {
        now: Timestamp(k.now),
        seed: 1,
        tapped_at: None,
        sender: None,
    };
    assert_eq!(
        decide(&k.t, &unregister, ctx),
        Ok(vec![Event::PlayerUnregistered(PlayerUnregistered {
            player: PlayerId(1),
            refund: Payment {
                method: PaymentMethod::Card,
                prize_part: Cents(2000),
                house_fee: Cents(200),
                bounty_part: Cents::ZERO,
            },
        })])
    );
    k.ok(unregister);
    assert_eq!(k.t.prize_pool, Cents::ZERO, "the pool is back where it was");
}

#[test]
fn seed_000_two_busts_in_one_hand_the_bigger_stack_finishes_higher() {
    let mut k = Kit::new(templates::club_evening("t", 1));
    k.register(6);
    k.ok(Command::StartClock(StartClock {}));
    k.ok(Command::CloseRegistration(CloseRegistration {}));
    let table = k.seat_of(1).table;
    k.ok(Command::ReportBusts(ReportBusts {
        table,
        busts: vec![
            bust(2, PlayerId(1), Some(3000)),
            bust(3, PlayerId(1), Some(5000)),
        ],
    }));
    let st = standings(&k.t, k.t.config.as_ref().unwrap(), Timestamp(k.now));
    let place = |p: u32| st.iter().find(|s| s.player == PlayerId(p)).unwrap().place;
    assert_eq!((place(3), place(2)), (5, 6));
    // Equal stacks share the place and split its prize.
    k.ok(Command::ReportBusts(ReportBusts {
        table,
        busts: vec![
            bust(4, PlayerId(1), Some(2000)),
            bust(5, PlayerId(1), Some(2000)),
        ],
    }));
    let st = standings(&k.t, k.t.config.as_ref().unwrap(), Timestamp(k.now));
    let s4 = st.iter().find(|s| s.player == PlayerId(4)).unwrap();
    let s5 = st.iter().find(|s| s.player == PlayerId(5)).unwrap();
    assert_eq!((s4.place, s5.place, s4.shared_by), (3, 3, 2));
    // 6 entries x 20 euro: 65/35 % of 120 euro = 78 and 42 -> rounded to 5: 75 + 40, rest to first.
    assert_eq!(
        s4.prize + s5.prize,
        Cents(0),
        "third place is not paid with 6 entries"
    );
    k.ok(Command::ReportBusts(ReportBusts {
        table,
        busts: vec![bust(1, PlayerId(6), None)],
    }));
    let st = standings(&k.t, k.t.config.as_ref().unwrap(), Timestamp(k.now));
    assert_eq!(st[0].player, PlayerId(6));
    assert_eq!((st[0].prize, st[1].prize), (Cents(8000), Cents(4000)));
}

#[test]
fn two_busts_without_stacks_are_refused() {
    let mut k = Kit::new(templates::club_evening("t", 1));
    k.register(5);
    k.ok(Command::StartClock(StartClock {}));
    let table = k.seat_of(1).table;
    let r = k.run(Command::ReportBusts(ReportBusts {
        table,
        busts: vec![bust(2, PlayerId(1), None), bust(3, PlayerId(1), None)],
    }));
    assert_eq!(
        r,
        Err(DomainError::StartStackMissing {
            player: PlayerId(2)
        })
    );
}

#[test]
fn progressive_knockout_pays_half_and_grows_the_eliminators_head() {
    let mut k = Kit::new(templates::club_pko("pko", 1));
    k.register(4);
    k.ok(Command::StartClock(StartClock {}));
    let table = k.seat_of(1).table;
    k.ok(Command::ReportBusts(ReportBusts {
        table,
        busts: vec![bust(2, PlayerId(1), None)],
    }));
    let p1 = &k.t.players[&PlayerId(1)];
    assert_eq!((p1.bounty_won, p1.bounty), (Cents(500), Cents(1500)));
    k.ok(Command::ReportBusts(ReportBusts {
        table,
        busts: vec![bust(1, PlayerId(3), None)],
    }));
    let p3 = &k.t.players[&PlayerId(3)];
    assert_eq!((p3.bounty_won, p3.bounty), (Cents(750), Cents(1750)));
    // A wrong report undone: the money goes back exactly.
    k.ok(Command::RevivePlayer(RevivePlayer {
        player: PlayerId(1),
        reason: "wrong player tapped".into(),
    }));
    assert_eq!(k.t.players[&PlayerId(3)].bounty_won, Cents::ZERO);
    assert_eq!(k.t.players[&PlayerId(1)].bounty, Cents(1500));
    assert_eq!(k.t.players[&PlayerId(1)].status, PlayerStatus::Playing);
}

/// The bounty money of the field: the heads of the players still in (and of those out whose
/// head nobody won), plus every bounty paid out as cash.
fn bounty_money(t: &Tournament) -> Cents {
    t.players.values().map(|p| p.bounty + p.bounty_won).sum()
}

#[test]
fn a_bust_whose_bounty_moved_on_is_revived_only_after_the_later_bust() {
    // Issue Q: A (1) wrongly reported out by D (2); D then really knocked out by F (3). A's
    // bust paid D's head, and D's head has since been won by F: taking A's bust back alone
    // would leave D with a negative head and F with money made from nothing.
    let mut k = Kit::new(templates::club_pko("pko", 1));
    k.register(4);
    k.ok(Command::StartClock(StartClock {}));
    let paid_in = bounty_money(&k.t);
    let table = k.seat_of(1).table;
    k.ok(Command::ReportBusts(ReportBusts {
        table,
        busts: vec![bust(1, PlayerId(2), None)],
    }));
    k.ok(Command::ReportBusts(ReportBusts {
        table,
        busts: vec![bust(2, PlayerId(3), None)],
    }));
    assert_eq!(
        bounty_money(&k.t),
        paid_in,
        "busts move bounty money, never make it"
    );
    let before = k.t.clone();
    assert_eq!(
        k.run(Command::RevivePlayer(RevivePlayer {
            player: PlayerId(1),
            reason: "wrong player tapped".into(),
        })),
        Err(DomainError::BountyMovedOn {
            player: PlayerId(1),
            winner: PlayerId(2),
        })
    );
    assert_eq!(k.t, before, "a refusal changes nothing");
    // From the latest bust back: D first, then A; every cent is where it was.
    for p in [2, 1] {
        k.ok(Command::RevivePlayer(RevivePlayer {
            player: PlayerId(p),
            reason: "wrong player tapped".into(),
        }));
        assert_eq!(bounty_money(&k.t), paid_in);
    }
    for p in k.t.players.values() {
        assert_eq!(p.status, PlayerStatus::Playing);
        assert_eq!(
            (p.bounty, p.bounty_won),
            (Cents(1000), Cents::ZERO),
            "{}",
            p.name
        );
    }
}

#[test]
fn pkr4u_11_re_entry_same_seat_or_new_seat_within_the_window_and_maximum() {
    let mut k = Kit::new(templates::club_evening("t", 2));
    k.register(10);
    k.ok(Command::StartClock(StartClock {}));
    let seat = k.bust_by_tablemate(2);
    k.ok(re_entry(2, ReEntryOption::SameSeat));
    assert_eq!(k.seat_of(2), seat, "option A keeps the seat");
    assert_eq!(k.t.entries, 11);
    k.bust_by_tablemate(2);
    let r = k.run(re_entry(2, ReEntryOption::NewSeat));
    assert_eq!(
        r,
        Err(DomainError::MaxEntriesReached {
            player: PlayerId(2),
            max: 2
        })
    );
}

#[test]
fn late_registration_closes_by_itself_after_its_level_and_break() {
    let mut config = templates::club_evening("t", 2);
    config.late_registration = LateRegistration::UntilLevel {
        level: 1,
        through_break: false,
    };
    let mut k = Kit::new(config);
    k.register(2);
    k.ok(Command::StartClock(StartClock {}));
    k.minutes(19);
    k.register(1);
    k.minutes(2);
    let r = k.run(Command::RegisterPlayer(RegisterPlayer {
        name: "Late".into(),
        method: PaymentMethod::Cash,
        present: true,
        same_name_confirmed: false,
    }));
    assert_eq!(r, Err(DomainError::RegistrationClosed));
}

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
fn fidpa_hand_for_hand_busts_at_two_tables_share_the_place() {
    let mut k = Kit::new(templates::club_evening("t", 2));
    k.register(12);
    k.ok(Command::StartClock(StartClock {}));
    k.ok(Command::CloseRegistration(CloseRegistration {}));
    k.ok(Command::SetHandForHand(SetHandForHand { on: true }));
    let a: Vec<PlayerId> = k.t.tables[&TableNo(1)].seats.values().copied().collect();
    let b: Vec<PlayerId> = k.t.tables[&TableNo(2)].seats.values().copied().collect();
    k.ok(Command::ReportBusts(ReportBusts {
        table: TableNo(1),
        busts: vec![bust(a[1].0, a[0], Some(4000))],
    }));
    k.ok(Command::ReportBusts(ReportBusts {
        table: TableNo(2),
        busts: vec![bust(b[1].0, b[0], Some(9000))],
    }));
    let st = standings(&k.t, k.t.config.as_ref().unwrap(), Timestamp(k.now));
    assert_eq!(st.len(), 2);
    assert!(
        st.iter().all(|s| s.place == 11 && s.shared_by == 2),
        "{st:?}"
    );
    // The next hand starts only when both tables are done.
    k.ok(Command::FinishHand(FinishHand { table: TableNo(1) }));
    assert_eq!(k.t.hand_for_hand, Some(1));
    k.ok(Command::FinishHand(FinishHand { table: TableNo(2) }));
    assert_eq!(k.t.hand_for_hand, Some(2));
}

#[test]
fn fidpa_an_early_leaver_takes_the_place_of_the_next_bust() {
    let mut k = Kit::new(templates::club_evening("t", 1));
    k.register(6);
    k.ok(Command::StartClock(StartClock {}));
    k.ok(Command::CloseRegistration(CloseRegistration {}));
    k.ok(Command::LeaveEarly(LeaveEarly {
        player: PlayerId(4),
    }));
    let table = k.seat_of(1).table;
    k.ok(Command::ReportBusts(ReportBusts {
        table,
        busts: vec![bust(2, PlayerId(1), None)],
    }));
    let st = standings(&k.t, k.t.config.as_ref().unwrap(), Timestamp(k.now));
    let place = |p: u32| st.iter().find(|s| s.player == PlayerId(p)).unwrap().place;
    assert_eq!((place(4), place(2)), (6, 5));
}

#[test]
fn refused_commands_name_the_problem() {
    let mut k = Kit::new(templates::club_evening("t", 1));
    k.register(3);
    assert_eq!(
        k.run(Command::PauseClock(PauseClock {})),
        Err(DomainError::NotStarted)
    );
    k.ok(Command::StartClock(StartClock {}));
    assert_eq!(
        k.run(Command::StartClock(StartClock {})),
        Err(DomainError::ClockAlreadyRunning)
    );
    let seat = k.seat_of(1);
    assert_eq!(
        k.run(Command::MovePlayer(MovePlayer {
            player: PlayerId(2),
            to: seat,
            reason: MoveReason::Director
        })),
        Err(DomainError::SeatTaken {
            table: seat.table,
            seat: seat.seat
        })
    );
    assert_eq!(
        k.run(Command::ReportBusts(ReportBusts {
            table: seat.table,
            busts: vec![]
        })),
        Err(DomainError::EmptyBustReport)
    );
}

#[test]
fn the_director_undoes_the_last_action_with_a_reason() {
    let mut k = Kit::new(templates::club_pko("t", 1));
    k.register(4);
    k.ok(Command::StartClock(StartClock {}));
    let before = k.t.clone();
    let table = k.seat_of(1).table;
    k.ok(Command::ReportBusts(ReportBusts {
        table,
        busts: vec![bust(2, PlayerId(1), None)],
    }));
    assert_eq!(
        k.run(Command::UndoLast(UndoLast {
            reason: "  ".into()
        })),
        Err(DomainError::ReasonRequired)
    );
    k.ok(Command::UndoLast(UndoLast {
        reason: "wrong table reported".into(),
    }));
    assert_eq!(
        k.t.players, before.players,
        "seats, bounties and statuses are back"
    );
    assert_eq!(k.t.eliminations, before.eliminations);
    // The clock start before it is next; a registration clears what could be undone.
    k.ok(Command::UndoLast(UndoLast {
        reason: "started too early".into(),
    }));
    assert!(!k.t.clock.is_started());
    assert_eq!(
        k.run(Command::UndoLast(UndoLast {
            reason: "again".into()
        })),
        Err(DomainError::NothingToUndo)
    );
}

#[test]
fn a_table_reports_its_counts_and_the_director_locks_an_edited_payout_table() {
    let mut k = Kit::new(templates::club_evening("t", 1));
    k.register(6);
    k.ok(Command::StartClock(StartClock {}));
    let table = k.seat_of(1).table;
    k.ok(Command::ReportTableChips(ReportTableChips {
        table,
        counts: vec![(PlayerId(1), Chips(20_000)), (PlayerId(2), Chips(4_000))],
    }));
    assert_eq!(k.t.players[&PlayerId(1)].stack, Chips(20_000));
    // Before registration closes the pool is not final.
    assert!(k
        .run(Command::SetPayouts(SetPayouts {
            amounts: vec![Cents(8_000), Cents(4_000)]
        }))
        .is_err());
    k.ok(Command::CloseRegistration(CloseRegistration {}));
    assert!(
        k.run(Command::SetPayouts(SetPayouts {
            amounts: vec![Cents(4_000), Cents(8_000)]
        }))
        .is_err(),
        "never increasing"
    );
    assert!(
        k.run(Command::SetPayouts(SetPayouts {
            amounts: vec![Cents(8_000), Cents(3_000)]
        }))
        .is_err(),
        "sums to the pool"
    );
    k.ok(Command::SetPayouts(SetPayouts {
        amounts: vec![Cents(7_000), Cents(3_000), Cents(2_000)],
    }));
    assert_eq!(k.t.prizes(), vec![Cents(7_000), Cents(3_000), Cents(2_000)]);
}

#[test]
fn pkr4u_6_an_abandoned_stack_in_a_bounty_event_stays_and_its_bounty_goes_to_the_pot_winner() {
    let mut k = Kit::new(templates::club_pko("pko", 2));
    k.register(12);
    k.ok(Command::StartClock(StartClock {}));
    let before = k.seat_of(1);
    let surrender = Command::SurrenderStack(SurrenderStack {
        player: PlayerId(1),
    });
    assert_eq!(k.run(surrender.clone()), Err(DomainError::NotDuringBreak));
    k.minutes(85); // PKR4U 5: only during the break (after the fourth level)
    k.ok(surrender);
    // The stack stays in its seat with the bounty; nobody can be drawn there.
    let tb = &k.t.tables[&before.table];
    assert_eq!(tb.abandoned[&before.seat].owner, PlayerId(1));
    assert_eq!(tb.abandoned[&before.seat].bounty, Cents(1000));
    assert_eq!(
        k.t.abandoned_chips(),
        Chips(12_000),
        "starting stack + bonus"
    );
    assert_eq!(
        k.t.chips_removed,
        Chips::ZERO,
        "the chips are still in play"
    );
    assert_eq!(
        k.run(re_entry(1, ReEntryOption::SameSeat)),
        Err(DomainError::SameSeatTaken {
            player: PlayerId(1)
        })
    );
    k.ok(re_entry(1, ReEntryOption::NewSeat));
    assert_ne!(
        k.seat_of(1).table,
        before.table,
        "not seated at the old table again"
    );
    assert_eq!(k.t.players[&PlayerId(1)].bounty, Cents(1000), "a new head");
    // The owner cannot win the abandoned bounty; a player at that table can.
    let gone = |winners: Vec<PlayerId>| {
        Command::ReportAbandonedStackGone(ReportAbandonedStackGone {
            table: before.table,
            seat: before.seat,
            winners,
        })
    };
    assert_eq!(
        k.run(gone(vec![PlayerId(1)])),
        Err(DomainError::OwnAbandonedBounty {
            player: PlayerId(1)
        })
    );
    let winner = *k.t.tables[&before.table].seats.values().next().unwrap();
    k.ok(gone(vec![winner]));
    let w = &k.t.players[&winner];
    // Progressive: half in cash, half onto the winner's head.
    assert_eq!((w.bounty_won, w.bounty), (Cents(500), Cents(1500)));
    assert!(k.t.tables[&before.table].abandoned.is_empty());
    assert_eq!(
        k.run(gone(vec![winner])),
        Err(DomainError::NoAbandonedStack {
            table: before.table,
            seat: before.seat
        })
    );
}

#[test]
fn pkr4u_6_an_abandoned_stack_takes_a_seat_when_its_table_breaks_and_at_the_final_table() {
    let mut k = Kit::new(templates::club_pko("pko", 3));
    k.register(14);
    k.ok(Command::StartClock(StartClock {}));
    k.minutes(85);
    let gave_up = k.seat_of(1);
    k.ok(Command::SurrenderStack(SurrenderStack {
        player: PlayerId(1),
    }));
    let cfg = k.t.config.clone().unwrap();
    let chips = k.t.abandoned_chips();
    // Break the abandoned stack's table: the stack is drawn to a free seat elsewhere.
    k.ok(Command::BreakTable(BreakTable {
        table: gave_up.table,
    }));
    let stacks: Vec<(TableNo, SeatNo)> =
        k.t.open_tables()
            .flat_map(|(n, tb)| tb.abandoned.keys().map(move |s| (n, *s)))
            .collect();
    assert_eq!(stacks.len(), 1, "the stack still plays, at another table");
    let (table, seat) = stacks[0];
    assert_ne!(table, gave_up.table);
    assert!(
        !k.t.tables[&table].seats.contains_key(&seat),
        "nobody sits on it"
    );
    assert_eq!(k.t.abandoned_chips(), chips);
    // Down to 8 players: with the stack they fill 9 seats, and all redraw at the final table.
    while k.t.players_left() > 8 {
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
    assert!(plan(&k.t, &cfg).final_table_ready);
    k.ok(Command::DrawFinalTable(DrawFinalTable {}));
    let (_, ft) = k.t.open_tables().next().unwrap();
    assert_eq!((ft.seats.len(), ft.abandoned.len()), (8, 1));
    let stack_seat = *ft.abandoned.keys().next().unwrap();
    assert!(!ft.seats.contains_key(&stack_seat));
    assert_eq!(k.t.abandoned_chips(), chips);
}

#[test]
fn pkr4u_5_without_bounties_the_surrendered_stack_is_removed() {
    let mut k = Kit::new(templates::club_evening("t", 2));
    k.register(12);
    k.ok(Command::StartClock(StartClock {}));
    k.minutes(85);
    k.ok(Command::SurrenderStack(SurrenderStack {
        player: PlayerId(1),
    }));
    assert_eq!(k.t.chips_removed, Chips(12_000));
    assert!(k.t.tables.values().all(|t| t.abandoned.is_empty()));
}

#[test]
fn pkr4u_4_a_hands_penalty_counts_down_hand_by_hand() {
    use clubtd_core::event::PenaltyKind;
    let mut k = Kit::new(templates::club_evening("t", 2));
    k.register(12);
    k.ok(Command::StartClock(StartClock {}));
    let table = k.seat_of(3).table;
    k.ok(Command::GivePenalty(GivePenalty {
        player: PlayerId(3),
        penalty: PenaltyKind::Hands { hands: 2 },
        reason: "card exposed on purpose".into(),
    }));
    assert_eq!(k.t.penalties[0].hands_left(), Some(2));
    let served = Command::ReportPenaltyHandServed(ReportPenaltyHandServed {
        table,
        player: PlayerId(3),
    });
    k.ok(served.clone());
    assert_eq!(k.t.penalties[0].hands_left(), Some(1));
    // Hand-for-hand: a finished hand at the table counts too.
    k.ok(Command::SetHandForHand(SetHandForHand { on: true }));
    k.ok(Command::FinishHand(FinishHand { table }));
    assert_eq!(k.t.penalties[0].hands_left(), Some(0));
    assert_eq!(
        k.run(served),
        Err(DomainError::NoHandsPenalty {
            player: PlayerId(3)
        })
    );
    let other = if table == TableNo(1) {
        TableNo(2)
    } else {
        TableNo(1)
    };
    k.ok(Command::GivePenalty(GivePenalty {
        player: PlayerId(3),
        penalty: PenaltyKind::Hands { hands: 1 },
        reason: "again".into(),
    }));
    assert_eq!(
        k.run(Command::ReportPenaltyHandServed(ReportPenaltyHandServed {
            table: other,
            player: PlayerId(3)
        })),
        Err(DomainError::NotAtTable {
            player: PlayerId(3),
            table: other
        })
    );
}

#[test]
fn pkr4u_18_blinds_are_taken_from_a_missing_bonus_stack_from_the_level_after_the_bonus() {
    use clubtd_core::view::tournament_view;
    let mut k = Kit::new(templates::club_evening("t", 2)); // bonus until the end of level 1
    k.register(3);
    k.ok(Command::StartClock(StartClock {}));
    let view = |k: &Kit| tournament_view(&k.t, Timestamp(k.now)).unwrap();
    assert_eq!(view(&k).bonus_missing.len(), 3, "nobody confirmed yet");
    assert!(!view(&k).bonus_blinds_taken, "still level 1");
    k.ok(Command::ConfirmArrival(ConfirmArrival {
        player: PlayerId(1),
    }));
    k.minutes(21); // level 2 has begun
    let v = view(&k);
    assert!(v.bonus_blinds_taken);
    assert_eq!(v.bonus_missing, vec![PlayerId(2), PlayerId(3)]);
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

#[test]
fn pkr4u_10_a_ruling_with_a_sanction_gives_it_to_the_player_named() {
    use clubtd_core::event::PenaltyKind;
    use clubtd_core::rulings::Answer;
    let mut k = Kit::new(templates::club_evening("t", 2));
    k.register(10);
    k.ok(Command::StartClock(StartClock {}));
    let table = k.seat_of(4).table;
    // PKR4U 10: talking about a hand with more than two players in it; three hands.
    let answers = vec![Answer::YesNo(false), Answer::Choice(1), Answer::Count(3)];
    let record = |player| {
        Command::RecordRuling(RecordRuling {
            table: Some(table),
            flow: "talking".into(),
            answers: answers.clone(),
            player,
        })
    };
    // Without a player the ruling is logged and nobody is sanctioned yet.
    k.ok(record(None));
    assert_eq!(k.t.incidents.len(), 1);
    assert!(k.t.penalties.is_empty());
    k.ok(record(Some(PlayerId(4))));
    assert_eq!(k.t.incidents.len(), 2);
    let p = &k.t.penalties[0];
    assert_eq!(
        (p.player, p.kind),
        (PlayerId(4), PenaltyKind::Hands { hands: 3 })
    );
    assert!(p.reason.contains("PKR4U 10"), "{}", p.reason);
    // A sanction on someone not playing refuses the whole ruling: nothing is logged.
    assert_eq!(
        k.run(record(Some(PlayerId(99)))),
        Err(DomainError::UnknownPlayer {
            player: PlayerId(99)
        })
    );
    assert_eq!(k.t.incidents.len(), 2);
    // Taken back with a reason: it no longer counts, and cannot be taken back twice.
    let rescind = Command::RescindPenalty(RescindPenalty {
        index: 0,
        reason: "wrong player".into(),
    });
    k.ok(rescind.clone());
    assert_eq!(k.t.penalties[0].hands_left(), Some(0));
    assert_eq!(k.run(rescind), Err(DomainError::NotCorrectable { seq: 0 }));
}

#[test]
fn a_misspelt_name_is_corrected() {
    let mut k = Kit::new(templates::club_evening("t", 1));
    k.register(2);
    k.ok(Command::RenamePlayer(RenamePlayer {
        player: PlayerId(2),
        name: " Chloé Dubois ".into(),
    }));
    assert_eq!(k.t.players[&PlayerId(2)].name, "Chloé Dubois");
    assert_eq!(
        k.run(Command::RenamePlayer(RenamePlayer {
            player: PlayerId(2),
            name: "  ".into()
        })),
        Err(DomainError::InvalidName)
    );
}

#[test]
fn registration_closed_by_mistake_is_reopened_with_a_reason() {
    let mut k = Kit::new(templates::club_evening("t", 1));
    k.register(2);
    k.ok(Command::StartClock(StartClock {}));
    let reopen = |reason: &str| {
        Command::ReopenRegistration(ReopenRegistration {
            reason: reason.into(),
        })
    };
    assert_eq!(k.run(reopen("oops")), Err(DomainError::NothingToUndo));
    k.ok(Command::CloseRegistration(CloseRegistration {}));
    assert_eq!(k.run(reopen(" ")), Err(DomainError::ReasonRequired));
    k.ok(reopen("closed the wrong tournament"));
    k.register(1);
    assert_eq!(k.t.entries, 3);
}

#[test]
fn a_re_entry_bought_by_mistake_is_cancelled_and_refunded_and_the_place_comes_back() {
    let mut k = Kit::new(templates::club_pko("pko", 2));
    k.register(10);
    k.ok(Command::StartClock(StartClock {}));
    k.bust_by_tablemate(2);
    let cfg = k.t.config.clone().unwrap();
    let place_before = standings(&k.t, &cfg, Timestamp(k.now))
        .into_iter()
        .find(|s| s.player == PlayerId(2))
        .unwrap()
        .place;
    let (pool, fees, paid, bought) = (
        k.t.prize_pool,
        k.t.house_fees,
        k.t.players[&PlayerId(2)].paid,
        k.t.chips_bought,
    );
    let cancel = |reason: &str| {
        Command::CancelEntry(CancelEntry {
            player: PlayerId(2),
            reason: reason.into(),
        })
    };
    // The first entry is not a re-entry: nothing to cancel.
    assert_eq!(
        k.run(cancel("mistake")),
        Err(DomainError::EntryNotCancellable {
            player: PlayerId(2)
        })
    );
    k.ok(re_entry(2, ReEntryOption::NewSeat));
    assert_eq!(k.run(cancel("  ")), Err(DomainError::ReasonRequired));
    k.ok(cancel("paid twice at the desk"));
    let p = &k.t.players[&PlayerId(2)];
    assert_eq!(
        (p.status, p.entries, p.paid, p.seat),
        (PlayerStatus::Busted, 1, paid, None)
    );
    assert_eq!(
        (k.t.prize_pool, k.t.house_fees, k.t.entries),
        (pool, fees, 10)
    );
    assert_eq!(p.bounty, Cents::ZERO, "the new head is refunded");
    assert_eq!(
        k.t.chips_bought.0 - k.t.chips_removed.0,
        bought.0,
        "the entry's chips left play"
    );
    let place_after = standings(&k.t, &cfg, Timestamp(k.now))
        .into_iter()
        .find(|s| s.player == PlayerId(2))
        .unwrap()
        .place;
    assert_eq!(
        place_after, place_before,
        "back at the earlier bust's place"
    );
    assert_eq!(
        k.run(cancel("again")),
        Err(DomainError::EntryNotCancellable {
            player: PlayerId(2)
        })
    );
}

#[test]
fn a_re_entry_that_won_a_bounty_is_not_cancelled() {
    let mut k = Kit::new(templates::club_pko("pko", 2));
    k.register(10);
    k.ok(Command::StartClock(StartClock {}));
    k.bust_by_tablemate(2);
    k.ok(re_entry(2, ReEntryOption::NewSeat));
    let victim = k.tablemate(2);
    k.ok(Command::ReportBusts(ReportBusts {
        table: k.seat_of(2).table,
        busts: vec![bust(victim.0, PlayerId(2), None)],
    }));
    assert_eq!(
        k.run(Command::CancelEntry(CancelEntry {
            player: PlayerId(2),
            reason: "mistake".into()
        })),
        Err(DomainError::EntryNotCancellable {
            player: PlayerId(2)
        })
    );
}

#[test]
fn an_early_leave_and_a_disqualification_are_taken_back_with_the_chips() {
    let mut k = Kit::new(templates::club_evening("t", 2));
    k.register(12);
    k.ok(Command::StartClock(StartClock {}));
    let seat4 = k.seat_of(4);
    let seat5 = k.seat_of(5);
    let removed = k.t.chips_removed;
    k.ok(Command::ReportChips(ReportChips {
        player: PlayerId(4),
        chips: Chips(23_000),
    }));
    k.ok(Command::LeaveEarly(LeaveEarly {
        player: PlayerId(4),
    }));
    k.ok(Command::Disqualify(Disqualify {
        player: PlayerId(5),
        reason: "abuse".into(),
    }));
    assert_eq!(
        k.run(Command::ReinstatePlayer(ReinstatePlayer {
            player: PlayerId(1),
            reason: "x".into()
        })),
        Err(DomainError::PlayerNotOut {
            player: PlayerId(1)
        })
    );
    for p in [4, 5] {
        k.ok(Command::ReinstatePlayer(ReinstatePlayer {
            player: PlayerId(p),
            reason: "wrong player".into(),
        }));
    }
    let p4 = &k.t.players[&PlayerId(4)];
    assert_eq!(
        (p4.status, p4.stack, p4.seat),
        (PlayerStatus::Playing, Chips(23_000), Some(seat4))
    );
    assert_eq!(k.seat_of(5), seat5, "back in the old seat");
    assert_eq!(k.t.chips_removed, removed);
    assert!(k.t.early_leavers.is_empty());
    assert!(k.t.eliminations.is_empty(), "no place taken any more");
}

#[test]
fn a_table_broken_too_early_reopens_and_its_players_go_back() {
    let mut k = Kit::new(templates::club_evening("t", 3));
    k.register(21);
    k.ok(Command::StartClock(StartClock {}));
    for _ in 0..5 {
        let victims: Vec<PlayerId> = k.t.tables[&TableNo(3)].seats.values().copied().collect();
        k.ok(Command::ReportBusts(ReportBusts {
            table: TableNo(3),
            busts: vec![bust(victims[1].0, victims[0], None)],
        }));
    }
    let before = k.t.tables[&TableNo(3)].seats.clone();
    k.ok(Command::BreakTable(BreakTable { table: TableNo(3) }));
    assert_eq!(
        k.run(Command::ReopenTable(ReopenTable {
            table: TableNo(2),
            reason: "wrong table".into()
        })),
        Err(DomainError::TableNotReopenable { table: TableNo(2) })
    );
    // One of the moved players busts at the new table before the director notices.
    let gone = *before.values().next().unwrap();
    k.bust_by_tablemate(gone.0);
    k.ok(Command::ReopenTable(ReopenTable {
        table: TableNo(3),
        reason: "broken too early".into(),
    }));
    let tb = &k.t.tables[&TableNo(3)];
    assert!(tb.open);
    let mut expected = before.clone();
    expected.retain(|_, p| *p != gone);
    assert_eq!(
        tb.seats, expected,
        "everyone still playing is back in the old seat"
    );
    assert_eq!(
        k.run(Command::ReopenTable(ReopenTable {
            table: TableNo(3),
            reason: "twice".into()
        })),
        Err(DomainError::TableNotReopenable { table: TableNo(3) })
    );
}

#[test]
fn the_structure_changes_freely_before_the_start_and_only_after_the_level_in_play_once_running() {
    use clubtd_core::config::Level;
    let mut k = Kit::new(templates::club_evening("t", 1));
    k.register(6);
    // Before the start: the first level too (a 30-minute opening level).
    let mut levels = k.t.config.as_ref().unwrap().levels.clone();
    let Level::Play { minutes, .. } = &mut levels[0] else {
        panic!("the structure starts with play")
    };
    *minutes = 30;
    k.ok(Command::ChangeStructure(ChangeStructure {
        levels: levels.clone(),
    }));
    assert_eq!(k.t.config.as_ref().unwrap().levels, levels);

    k.ok(Command::StartClock(StartClock {}));
    k.minutes(31);
    // Level 2 is in play now: it and level 1 are history.
    let mut shortened = levels.clone();
    let Level::Play { minutes, .. } = &mut shortened[1] else {
        panic!("level 2 is play")
    };
    *minutes = 10;
    assert_eq!(
        k.run(Command::ChangeStructure(ChangeStructure {
            levels: shortened
        })),
        Err(DomainError::LevelAlreadyPlayed { level: 2 })
    );
    // A break after level 2, and a 40-minute level 3: the clock walks into them.
    let mut later = levels.clone();
    later.insert(
        2,
        Level::Break {
            minutes: 5,
            colour_up: None,
        },
    );
    let Level::Play { minutes, .. } = &mut later[3] else {
        panic!("level 3 is play")
    };
    *minutes = 40;
    k.ok(Command::ChangeStructure(ChangeStructure {
        levels: later.clone(),
    }));
    k.minutes(20); // level 2 ran 30..50 minutes: now 51, in the new break
    let cfg = k.t.config.as_ref().unwrap();
    let reading = k.t.clock.read(&cfg.levels, Timestamp(k.now));
    assert_eq!(reading.level, 2);
    assert!(cfg.levels[reading.level].is_break());
    assert_eq!(reading.remaining_ms, 4 * 60_000);
    // Late registration ends with play level 4: it must stay in the structure.
    assert_eq!(
        k.run(Command::ChangeStructure(ChangeStructure {
            levels: later[..4].to_vec()
        })),
        Err(DomainError::InvalidConfig {
            field: "late_registration".into()
        })
    );
    // The log replays to the same structure.
    let mut replayed = Kit::new(templates::club_evening("t", 1));
    replayed.register(6);
    replayed.ok(Command::ChangeStructure(ChangeStructure { levels }));
    replayed.ok(Command::StartClock(StartClock {}));
    replayed.minutes(31);
    replayed.ok(Command::ChangeStructure(ChangeStructure { levels: later }));
    assert_eq!(replayed.t.config, k.t.config);
}

#[test]
fn the_payout_table_locks_once_a_paid_place_is_out() {
    let mut k = Kit::new(templates::club_evening("t", 1));
    k.register(9);
    k.ok(Command::StartClock(StartClock {}));
    k.ok(Command::CloseRegistration(CloseRegistration {}));
    let paid = k.t.prizes().len();
    assert!(paid >= 2, "nine entries pay at least two places");
    let pool = k.t.prize_pool;
    // The director's table: first place a share, the rest to second.
    let edited = |percent: i64| {
        let first = pool.0 * percent / 100;
        vec![Cents(first), Cents(pool.0 - first)]
    };
    k.ok(Command::SetPayouts(SetPayouts {
        amounts: edited(60),
    }));
    let bust_one = |k: &mut Kit| {
        let p = k.t.playing().next().expect("a player left").id;
        let by = k.tablemate(p.0);
        let table = k.seat_of(p.0).table;
        k.ok(Command::ReportBusts(ReportBusts {
            table,
            busts: vec![bust(p.0, by, None)],
        }));
    };
    // Down to the two paid places: nobody is paid yet, the table still changes.
    while k.t.players_left() > 2 {
        bust_one(&mut k);
    }
    k.ok(Command::SetPayouts(SetPayouts {
        amounts: edited(70),
    }));
    // Second place goes out: that prize is paid, the table is locked.
    bust_one(&mut k);
    assert_eq!(
        k.run(Command::SetPayouts(SetPayouts {
            amounts: edited(80)
        })),
        Err(DomainError::PayoutsLocked)
    );
    assert_eq!(k.t.prizes(), edited(70));
}

#[test]
fn more_tables_at_the_start_open_before_the_first_registration() {
    let mut k = Kit::new(templates::club_pko("pko", 4));
    assert!(!k.t.tables[&TableNo(4)].open, "the template opens 3 of 4");
    let mut cfg = k.t.config.clone().unwrap();
    cfg.tables_at_start = 4;
    k.ok(Command::ChangeConfig(ChangeConfig { config: cfg }));
    assert!(k.t.tables.values().all(|tb| tb.open));
    // 30 players spread over all four tables: 8, 8, 7, 7.
    k.register(30);
    let mut counts: Vec<usize> = k.t.tables.values().map(|tb| tb.seats_in_use()).collect();
    counts.sort_unstable();
    assert_eq!(counts, vec![7, 7, 8, 8]);
}

/// A club evening whose prizes follow `mode` instead of the fixed table.
fn with_payout_mode(tables: u16, mode: PayoutMode) -> Config {
    let mut cfg = templates::club_evening("t", tables);
    cfg.payouts.mode = mode;
    if mode == PayoutMode::None {
        // No payouts, no prize part: the buy-in is the house's (a league's fund).
        cfg.house_fee += cfg.prize_part;
        cfg.prize_part = Cents::ZERO;
    }
    cfg
}

#[test]
fn a_league_night_pays_nothing_has_no_bubble_and_takes_no_deal() {
    let mut k = Kit::new(with_payout_mode(1, PayoutMode::None));
    k.register(4);
    k.ok(Command::StartClock(StartClock {}));
    k.ok(Command::CloseRegistration(CloseRegistration {}));
    assert!(k.t.prizes().is_empty());
    assert_eq!(
        k.run(Command::SetPayouts(SetPayouts {
            amounts: vec![k.t.prize_pool]
        })),
        Err(DomainError::NoPayouts)
    );
    assert_eq!(DomainError::NoPayouts.code(), "NO_PAYOUTS");
    // Down to two: nobody is in the money, and two left is no bubble either.
    for p in [3, 4] {
        k.bust_by_tablemate(p);
    }
    let left: Vec<PlayerId> = k.t.playing().map(|p| p.id).collect();
    let view = tournament_view(&k.t, Timestamp(k.now)).expect("a view");
    assert!(!view.in_the_money && !view.bubble);
    assert!(view.payouts.is_empty() && view.deal_quotes.is_none());
    assert_eq!(
        k.run(Command::RecordDeal(RecordDeal {
            amounts: vec![(left[0], k.t.prize_pool), (left[1], Cents::ZERO)],
            note: String::new(),
            to_play_for: Cents::ZERO,
        })),
        Err(DomainError::NoPayouts)
    );
    k.bust_by_tablemate(left[1].0);
    let view = tournament_view(&k.t, Timestamp(k.now)).expect("a view");
    assert!(
        !view.bubble,
        "one player left of a league night is not a bubble"
    );
    assert!(view.results.iter().all(|r| r.prize == Cents::ZERO));
}

#[test]
fn fifty_entries_on_the_min_cash_curve_pay_five_places_to_the_cent() {
    // The same figures as the unit test, through registration: 50 x 20.00 in the pool.
    let mut k = Kit::new(with_payout_mode(
        6,
        PayoutMode::Curve {
            paid_share_bp: 1000,
            min_cash: Cents(2000),
        },
    ));
    k.register(50);
    assert_eq!(k.t.prize_pool, Cents(100_000));
    assert_eq!(
        k.t.prizes(),
        vec![
            Cents(42_500),
            Cents(21_500),
            Cents(15_000),
            Cents(11_500),
            Cents(9_500)
        ]
    );
}

#[test]
fn payout_modes_are_checked_with_the_field_named() {
    let bad = Err(DomainError::InvalidConfig {
        field: "payouts".into(),
    });
    let curve = |paid_share_bp: u32, min_cash: i64| {
        with_payout_mode(
            1,
            PayoutMode::Curve {
                paid_share_bp,
                min_cash: Cents(min_cash),
            },
        )
    };
    assert_eq!(curve(99, 0).validate(), bad, "below 1 %");
    assert_eq!(curve(10_001, 0).validate(), bad, "above 100 %");
    assert_eq!(curve(1000, -1).validate(), bad, "a negative min cash");
    assert_eq!(curve(100, 0).validate(), Ok(()));
    assert_eq!(curve(10_000, 2000).validate(), Ok(()));
    // The curve and no payouts need no brackets; the table does.
    let mut c = curve(1500, 2000);
    c.payouts.brackets.clear();
    assert_eq!(c.validate(), Ok(()));
    let mut c = with_payout_mode(1, PayoutMode::None);
    c.payouts.brackets.clear();
    assert_eq!(c.validate(), Ok(()));
    c.payouts.mode = PayoutMode::Table;
    assert_eq!(c.validate(), bad);
    // No payouts with a prize part would take money nobody can win.
    let mut c = with_payout_mode(1, PayoutMode::None);
    c.prize_part = Cents(2000);
    assert_eq!(
        c.validate(),
        Err(DomainError::InvalidConfig {
            field: "prize_part".into()
        })
    );
    // A rounding unit of nothing is refused in every mode.
    let mut c = curve(1000, 0);
    c.payouts.rounding = Cents(0);
    assert_eq!(c.validate(), bad);
    // Brackets that are given are checked in every mode.
    let mut c = with_payout_mode(1, PayoutMode::None);
    c.payouts.brackets[0].shares_bp = vec![3000, 7000];
    assert_eq!(c.validate(), bad);
}

#[test]
fn deal_quotes_reach_twenty_players_once_registration_is_closed() {
    let mut k = Kit::new(templates::club_evening("t", 3));
    k.register(20);
    k.ok(Command::StartClock(StartClock {}));
    // Open registration: past one table the field is not final, so no quotes.
    let view = tournament_view(&k.t, Timestamp(k.now)).expect("a view");
    assert!(view.deal_quotes.is_none());
    k.ok(Command::CloseRegistration(CloseRegistration {}));
    let view = tournament_view(&k.t, Timestamp(k.now)).expect("a view");
    let quotes = view.deal_quotes.expect("twenty players are quoted");
    assert_eq!(quotes.players.len(), 20);
    for quote in [&quotes.icm, &quotes.chip_chop] {
        assert_eq!(quote.iter().copied().sum::<Cents>(), k.t.prize_pool);
    }
    // 21 would be past the limit.
    let mut k = Kit::new(templates::club_evening("t", 3));
    k.register(21);
    k.ok(Command::StartClock(StartClock {}));
    k.ok(Command::CloseRegistration(CloseRegistration {}));
    let view = tournament_view(&k.t, Timestamp(k.now)).expect("a view");
    assert!(view.deal_quotes.is_none());
}

/// PKR4U 1: a call shows "called" until the director answers, then "on the way" until it is
/// closed (a second answer, or a ruling once answered); a ruling the table records before the
/// director answered keeps the call on the console; a table may take its call back.
#[test]
fn a_call_is_answered_then_closed_and_a_ruling_never_hides_an_unseen_call() {
    let mut k = Kit::new(templates::club_evening("t", 2));
    k.register(12);
    k.ok(Command::StartClock(StartClock {}));
    let table = TableNo(1);
    let calls = |k: &Kit| {
        tournament_view(&k.t, Timestamp(k.now))
            .expect("configured")
            .calls
    };
    k.ok(Command::CallDirector(CallDirector { table }));
    assert_eq!(calls(&k)[0].answered_at, None, "called, waiting");
    // The table records its own ruling: the director has not seen the call yet.
    let ruling = Command::RecordRuling(RecordRuling {
        table: Some(table),
        flow: "talking".into(),
        answers: vec![
            clubtd_core::rulings::Answer::YesNo(false),
            clubtd_core::rulings::Answer::Choice(1),
            clubtd_core::rulings::Answer::Count(3),
        ],
        player: None,
    });
    k.ok(ruling.clone());
    assert_eq!(calls(&k).len(), 1, "an unseen call stays");
    k.minutes(2);
    k.ok(Command::AnswerCall(AnswerCall { table }));
    assert_eq!(
        calls(&k)[0].answered_at,
        Some(Timestamp(k.now)),
        "on the way"
    );
    k.ok(ruling);
    assert!(calls(&k).is_empty(), "a ruling after the answer closes it");
    // A second answer closes it too; a table takes its own call back.
    k.ok(Command::CallDirector(CallDirector { table }));
    k.ok(Command::AnswerCall(AnswerCall { table }));
    k.ok(Command::AnswerCall(AnswerCall { table }));
    assert!(calls(&k).is_empty(), "done");
    k.ok(Command::CallDirector(CallDirector { table }));
    k.ok(Command::CancelCall(CancelCall { table }));
    assert!(calls(&k).is_empty(), "taken back");
    assert_eq!(
        k.run(Command::CancelCall(CancelCall { table })),
        Err(DomainError::NoCall { table })
    );
}

/// Once the clock runs, the configuration is frozen except the room screen's announcements,
/// which touch no rule: the console switches them off (a quiet night) and on again.
#[test]
fn announcements_switch_during_play_and_nothing_else_does() {
    let cfg = templates::club_evening("t", 2);
    assert_eq!(cfg.announcements, Announcements::default(), "on by default");
    let mut k = Kit::new(cfg.clone());
    k.register(2);
    k.ok(Command::StartClock(StartClock {}));
    let quiet = Config {
        announcements: Announcements {
            sounds: false,
            speech: true,
        },
        ..cfg.clone()
    };
    k.ok(Command::ChangeConfig(ChangeConfig {
        config: quiet.clone(),
    }));
    assert_eq!(
        k.t.config().map(|c| c.announcements),
        Some(quiet.announcements)
    );
    assert_eq!(
        k.run(Command::ChangeConfig(ChangeConfig {
            config: Config {
                starting_stack: Chips(20_000),
                ..quiet
            },
        })),
        Err(DomainError::AlreadyStarted)
    );
    // A stored configuration from before the setting reads as on and writes back as it was.
    let json = serde_json::to_value(&cfg).expect("a config serialises");
    assert!(json.get("announcements").is_none());
    let back: Config = serde_json::from_value(json).expect("and reads back");
    assert_eq!(back, cfg);
}

#[test]
fn a_guarantee_pays_the_overlay_until_the_entries_make_it() {
    // 500.00 guaranteed at 20.00 a prize part: ten entries put in 200.00, the house 300.00.
    let mut cfg = templates::club_evening("Guaranteed", 4);
    cfg.guarantee = Some(Cents(50_000));
    let mut k = Kit::new(cfg);
    k.register(10);
    assert_eq!(k.t.prize_pool, Cents(20_000), "what the entries put in");
    assert_eq!(k.t.pool_to_pay(), Cents(50_000));
    assert_eq!(k.t.overlay(), Cents(30_000));
    // Ten entries pay two places, 65 % and 35 % of the guarantee.
    assert_eq!(k.t.prizes(), vec![Cents(32_500), Cents(17_500)]);
    let view = tournament_view(&k.t, Timestamp(k.now)).expect("a view");
    assert_eq!(
        (view.prize_pool, view.guarantee, view.overlay),
        (Cents(50_000), Some(Cents(50_000)), Cents(30_000))
    );
    // Thirty entries (600.00) pass it: no overlay, the pool is theirs.
    k.register(20);
    assert_eq!(
        (k.t.pool_to_pay(), k.t.overlay()),
        (Cents(60_000), Cents::ZERO)
    );
    assert_eq!(k.t.prizes().iter().copied().sum::<Cents>(), Cents(60_000));
}

#[test]
fn a_guaranteed_final_pays_the_whole_guarantee_and_deals_share_it() {
    let mut cfg = templates::club_evening("Guaranteed final", 1);
    cfg.guarantee = Some(Cents(30_000));
    let mut k = Kit::new(cfg);
    k.register(4);
    k.ok(Command::StartClock(StartClock {}));
    k.ok(Command::CloseRegistration(CloseRegistration {}));
    // A payout table must add up to the guarantee, not to the 80.00 the entries put in.
    assert!(k
        .run(Command::SetPayouts(SetPayouts {
            amounts: vec![Cents(5_000), Cents(3_000)]
        }))
        .is_err());
    k.bust_by_tablemate(4);
    k.bust_by_tablemate(3);
    // Heads-up, nobody paid yet (two places): a deal shares the 300.00.
    let left: Vec<PlayerId> = k.t.playing().map(|p| p.id).collect();
    let short = k.run(Command::RecordDeal(RecordDeal {
        amounts: vec![(left[0], Cents(4_000)), (left[1], Cents(4_000))],
        note: String::new(),
        to_play_for: Cents::ZERO,
    }));
    assert_eq!(
        short,
        Err(DomainError::InvalidDeal),
        "the entries' 80.00 is not the pool"
    );
    k.ok(Command::RecordDeal(RecordDeal {
        amounts: vec![(left[0], Cents(18_000)), (left[1], Cents(12_000))],
        note: "chop".into(),
        to_play_for: Cents::ZERO,
    }));
    let view = tournament_view(&k.t, Timestamp(k.now)).expect("a view");
    let paid: Cents = view.results.iter().map(|r| r.prize).sum();
    assert_eq!(paid, Cents(30_000));
    assert_eq!(view.overlay, Cents(22_000));
}

#[test]
fn a_guarantee_is_a_positive_amount_on_a_night_with_prizes() {
    let base = templates::club_evening("g", 2);
    for (guarantee, mode, ok) in [
        (Cents(100_000), PayoutMode::Table, true),
        (Cents(0), PayoutMode::Table, false),
        (Cents(-500), PayoutMode::Table, false),
        (Cents(100_000), PayoutMode::None, false),
    ] {
        let mut cfg = base.clone();
        cfg.guarantee = Some(guarantee);
        cfg.payouts.mode = mode;
        if mode == PayoutMode::None {
            cfg.house_fee += cfg.prize_part;
            cfg.prize_part = Cents::ZERO;
        }
        let answer = cfg.validate();
        if ok {
            assert_eq!(answer, Ok(()));
        } else {
            assert_eq!(
                answer,
                Err(DomainError::InvalidConfig {
                    field: "guarantee".into()
                })
            );
        }
    }
}

/// "Find my seat" on the player's phone: part of a name, any case, at least two letters, at
/// most ten players.
#[test]
fn players_are_found_by_part_of_their_name() {
    let mut k = Kit::new(templates::club_evening("t", 3));
    let mut names: Vec<String> = vec![
        "Lotte Peeters".into(),
        "Jan de Vries".into(),
        "Piet Peeters".into(),
        "Chloé Dubois".into(),
    ];
    names.extend((1..=12).map(|n| format!("Janssens {n}")));
    for name in names {
        k.ok(Command::RegisterPlayer(RegisterPlayer {
            name,
            method: PaymentMethod::Cash,
            present: true,
            same_name_confirmed: false,
        }));
    }
    let v = tournament_view(&k.t, Timestamp(k.now)).expect("created");
    let found =
        |q: &str| -> Vec<String> { v.players_named(q).iter().map(|p| p.name.clone()).collect() };
    assert_eq!(found("peeters"), ["Lotte Peeters", "Piet Peeters"]);
    assert_eq!(
        found("  TE PE "),
        ["Lotte Peeters"],
        "trimmed, any case, across the space"
    );
    assert!(found("p").is_empty(), "one letter finds nobody");
    assert!(found(" e ").is_empty(), "one letter once trimmed");
    assert!(found("zz").is_empty());
    assert_eq!(found("jan").len(), 10, "13 names hold it; ten are shown");
    assert_eq!(found("jan")[0], "Jan de Vries", "in the view's order");
    // One rule for every search (issue V.5): accents aside, both ways, as the door and the
    // desk match ("chloe" found nobody while "Chlo" and "dubois" did).
    assert_eq!(found("chloe"), ["Chloé Dubois"]);
    assert_eq!(found("CHLOÉ  dub"), ["Chloé Dubois"]);
    assert_eq!(found("Chlo"), ["Chloé Dubois"]);
}
