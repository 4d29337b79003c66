//! Whole-tournament scenarios through `decide` and `apply`, one per rule, citing it.
//! PKR4U 5, 6, 18: stacks given up for a re-entry, and a bonus stack not yet at the table.

use clubtd_core::balancing::plan;
use clubtd_core::command::{
    BreakTable, Command, ConfirmArrival, DrawFinalTable, ReEntryOption, ReportAbandonedStackGone,
    ReportBusts, StartClock, SurrenderStack,
};
use clubtd_core::config::templates;
use clubtd_core::ids::{PlayerId, SeatNo, TableNo, Timestamp};
use clubtd_core::money::{Cents, Chips};
use clubtd_core::DomainError;

mod kit;
use kit::{bust, re_entry, Kit};

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
