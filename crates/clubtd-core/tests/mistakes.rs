//! Whole-tournament scenarios through `decide` and `apply`, one per rule, citing it.
//! The director takes back a mistake: an undo, a re-entry cancelled, a player reinstated, a table reopened.

use clubtd_core::busts::standings;
use clubtd_core::command::{
    BreakTable, CancelEntry, Command, Disqualify, LeaveEarly, ReEntryOption, ReinstatePlayer,
    ReopenTable, ReportBusts, ReportChips, StartClock, UndoLast,
};
use clubtd_core::config::templates;
use clubtd_core::ids::{PlayerId, TableNo, Timestamp};
use clubtd_core::money::{Cents, Chips};
use clubtd_core::state::PlayerStatus;
use clubtd_core::DomainError;

mod kit;
use kit::{bust, re_entry, Kit};

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
