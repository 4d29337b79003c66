//! Whole-tournament scenarios through `decide` and `apply`, one per rule, citing it.
//! Busts, places and bounties: busts in one hand, knock-outs, hand-for-hand, early leavers, refusals.

use clubtd_core::busts::standings;
use clubtd_core::command::{
    CloseRegistration, Command, FinishHand, LeaveEarly, MovePlayer, PauseClock, ReportBusts,
    RevivePlayer, SetHandForHand, StartClock,
};
use clubtd_core::config::templates;
use clubtd_core::event::MoveReason;
use clubtd_core::ids::{PlayerId, TableNo, Timestamp};
use clubtd_core::money::Cents;
use clubtd_core::state::PlayerStatus;
use clubtd_core::{DomainError, Tournament};

mod kit;
use kit::{bust, Kit};

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
