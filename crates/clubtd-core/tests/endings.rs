//! How a tournament ends: the clock stops when the winner is known (or a deal is recorded)
//! and the results are marked final (issue Q, part 7).

mod kit;
use clubtd_core::command::{
    CloseRegistration, Command, LeaveEarly, RecordDeal, RegisterPlayer, ReopenRegistration,
    ReportBusts, ReportChips, RevivePlayer, StartClock, UndoLast,
};
use clubtd_core::config::templates;
use clubtd_core::ids::{PlayerId, Timestamp};
use clubtd_core::money::{Cents, Chips};
use clubtd_core::ranking;
use clubtd_core::view::tournament_view;
use clubtd_core::DomainError;
use kit::Kit;

/// Four players at one table, registration closed, clock running.
fn four_players() -> Kit {
    let mut k = Kit::new(templates::club_evening("end", 1));
    k.register(4);
    k.ok(Command::StartClock(StartClock {}));
    k.ok(Command::CloseRegistration(CloseRegistration {}));
    k
}

#[test]
fn the_clock_stops_at_the_last_bust_and_the_results_are_final() {
    let mut k = four_players();
    k.minutes(5);
    k.bust_by_tablemate(1);
    k.bust_by_tablemate(2);
    let before = tournament_view(&k.t, Timestamp(k.now)).unwrap();
    assert!(before.clock.running && !before.finished);
    k.minutes(1);
    let final_bust_at = k.now;
    k.bust_by_tablemate(3);
    let at_end = tournament_view(&k.t, Timestamp(final_bust_at)).unwrap();
    assert!(at_end.finished, "one player left, nobody can re-enter");
    assert!(!at_end.clock.running, "the clock stops with the winner");
    // Read ten minutes later, the clock still shows the moment play ended.
    let later = tournament_view(&k.t, Timestamp(final_bust_at + 600_000)).unwrap();
    assert!(!later.clock.running && later.finished);
    assert_eq!(later.clock.remaining_ms, at_end.clock.remaining_ms);
    assert_eq!(later.clock.level_index, at_end.clock.level_index);
}

/// Issue V.6: the winner's page said 12,000 (the stack bought) after winning all 36,000 chips:
/// the tables report who is out, not where the chips went, so the one player left is shown
/// holding every chip in play, on every face (the field list and the table's seats).
#[test]
fn the_last_player_left_holds_every_chip_in_play() {
    let mut k = four_players();
    k.bust_by_tablemate(1);
    k.bust_by_tablemate(2);
    let two_left = tournament_view(&k.t, Timestamp(k.now)).unwrap();
    let bought = |v: &clubtd_core::view::TournamentView, p: u32| {
        v.players
            .iter()
            .find(|x| x.player == PlayerId(p))
            .unwrap()
            .stack
    };
    assert!(
        bought(&two_left, 3) < two_left.chips_in_play,
        "two left: each has their own"
    );
    k.bust_by_tablemate(3);
    let v = tournament_view(&k.t, Timestamp(k.now)).unwrap();
    let winner = v
        .players
        .iter()
        .find(|p| p.status == clubtd_core::state::PlayerStatus::Playing)
        .expect("a winner");
    assert_eq!(winner.stack, v.chips_in_play);
    assert!(v.chips_in_play > Chips(0));
    let seat = v
        .tables
        .iter()
        .flat_map(|t| &t.seats)
        .find(|s| s.player == winner.player)
        .expect("seated");
    assert_eq!(seat.stack, v.chips_in_play);
}

#[test]
fn undoing_the_last_bust_sets_the_clock_going_again() {
    let mut k = four_players();
    k.bust_by_tablemate(1);
    k.bust_by_tablemate(2);
    k.bust_by_tablemate(3);
    assert!(tournament_view(&k.t, Timestamp(k.now)).unwrap().finished);
    k.ok(Command::UndoLast(UndoLast {
        reason: "wrong player".into(),
    }));
    k.minutes(2);
    let v = tournament_view(&k.t, Timestamp(k.now)).unwrap();
    assert!(!v.finished);
    assert!(v.clock.running);
}

#[test]
fn a_heads_up_during_late_registration_is_not_the_end() {
    // While the busted can still buy back in, one player left is not a winner yet.
    let mut k = Kit::new(templates::club_evening("end", 1));
    k.register(2);
    k.ok(Command::StartClock(StartClock {}));
    k.bust_by_tablemate(1);
    let v = tournament_view(&k.t, Timestamp(k.now)).unwrap();
    assert!(v.registration_open);
    assert!(!v.finished && v.clock.running);
}

/// Three players left of six at one table, with counted stacks 30,000 / 15,000 / 15,000 (all the chips).
fn three_left_with_counts() -> Kit {
    let mut k = Kit::new(templates::club_evening("deal", 1));
    k.register(6);
    k.ok(Command::StartClock(StartClock {}));
    k.ok(Command::CloseRegistration(CloseRegistration {}));
    k.bust_by_tablemate(1);
    k.bust_by_tablemate(2);
    k.bust_by_tablemate(3);
    for (p, c) in [(4, 30_000), (5, 15_000), (6, 15_000)] {
        k.ok(Command::ReportChips(ReportChips {
            player: PlayerId(p),
            chips: Chips(c),
        }));
    }
    k
}

/// The prize money not yet paid, split as the deal says.
fn record_deal(k: &mut Kit, amounts: [(u32, i64); 3]) {
    k.ok(Command::RecordDeal(RecordDeal {
        amounts: amounts
            .iter()
            .map(|(p, c)| (PlayerId(*p), Cents(*c)))
            .collect(),
        note: "agreed".into(),
        to_play_for: Cents::ZERO,
    }));
}

fn money_left(k: &Kit) -> i64 {
    let v = tournament_view(&k.t, Timestamp(k.now)).unwrap();
    let paid: i64 = v.places.iter().map(|p| p.standing.prize.0).sum();
    v.prize_pool.0 - paid
}

#[test]
fn the_players_of_a_deal_get_their_places_by_chips_equal_stacks_sharing() {
    let mut k = three_left_with_counts();
    let left = money_left(&k);
    // Typed in another order than the chips: the places do not follow the typing.
    record_deal(
        &mut k,
        [
            (6, left / 4),
            (4, left - left / 4 - left / 4),
            (5, left / 4),
        ],
    );
    let v = tournament_view(&k.t, Timestamp(k.now)).unwrap();
    assert!(v.finished);
    let place = |p: u32| {
        let l = v.results.iter().find(|r| r.player == PlayerId(p)).unwrap();
        (l.place, l.prize.0)
    };
    assert_eq!(place(4), (Some(1), left - left / 4 - left / 4));
    assert_eq!(place(5), (Some(2), left / 4));
    assert_eq!(
        place(6),
        (Some(2), left / 4),
        "equal stacks share the place"
    );
    assert!(
        v.results.iter().all(|r| r.place.is_some()),
        "everyone placed"
    );
    assert!(v.deal_quotes.is_none(), "no quotes after the deal");
    // The receipt and the club's final places say the same.
    let finish = ranking::final_places(&k.t, &v.results, Timestamp(k.now)).unwrap();
    assert_eq!(finish.len(), 6);
    assert_eq!(finish.iter().filter(|f| f.place == 2).count(), 2);
    assert_eq!(finish[0].player, PlayerId(4));
}

#[test]
fn deal_quotes_say_which_stacks_were_never_counted() {
    let mut k = Kit::new(templates::club_evening("deal", 1));
    k.register(4);
    k.ok(Command::StartClock(StartClock {}));
    k.ok(Command::CloseRegistration(CloseRegistration {}));
    k.bust_by_tablemate(1);
    k.ok(Command::ReportChips(ReportChips {
        player: PlayerId(2),
        chips: Chips(25_000),
    }));
    let v = tournament_view(&k.t, Timestamp(k.now)).unwrap();
    let q = v.deal_quotes.expect("three players left with prizes");
    let counted: Vec<(PlayerId, bool)> = q.players.iter().copied().zip(q.counted).collect();
    assert_eq!(
        counted,
        vec![
            (PlayerId(2), true),
            (PlayerId(3), false),
            (PlayerId(4), false)
        ]
    );
}

#[test]
fn the_clock_stops_when_a_deal_is_recorded() {
    let mut k = three_left_with_counts();
    let left = money_left(&k);
    k.minutes(3);
    let at = k.now;
    record_deal(
        &mut k,
        [(4, left - 2 * (left / 3)), (5, left / 3), (6, left / 3)],
    );
    let then = tournament_view(&k.t, Timestamp(at)).unwrap();
    let later = tournament_view(&k.t, Timestamp(at + 900_000)).unwrap();
    assert!(!later.clock.running && later.finished);
    assert_eq!(later.clock.remaining_ms, then.clock.remaining_ms);
}

#[test]
fn an_early_leaver_with_no_bust_after_them_takes_the_next_place_when_play_ends() {
    // Found by the money invariant: the leaver waited for a bust that never came, so the
    // second prize was paid to nobody.
    let mut k = Kit::new(templates::club_evening("end", 1));
    k.register(3);
    k.ok(Command::StartClock(StartClock {}));
    k.ok(Command::CloseRegistration(CloseRegistration {}));
    k.bust_by_tablemate(1);
    k.ok(Command::LeaveEarly(LeaveEarly {
        player: PlayerId(2),
    }));
    let v = tournament_view(&k.t, Timestamp(k.now)).unwrap();
    assert!(v.finished);
    let place = |p: u32| {
        let l = v.results.iter().find(|r| r.player == PlayerId(p)).unwrap();
        (l.place, l.prize)
    };
    assert_eq!(place(3), (Some(1), v.payouts[0]));
    assert_eq!(place(2), (Some(2), v.payouts[1]));
    assert_eq!(place(1).0, Some(3));
    let paid: Cents = v.results.iter().map(|r| r.prize).sum();
    assert_eq!(paid, v.prize_pool);
}

#[test]
fn a_deal_waits_for_a_final_field_and_then_fixes_it() {
    // Found by the invariants: a deal recorded during late registration, then a new
    // player registered, whose prize came out of money the deal had already shared.
    let mut k = Kit::new(templates::club_evening("deal", 1));
    k.register(3);
    k.ok(Command::StartClock(StartClock {}));
    let early = k.run(Command::RecordDeal(RecordDeal {
        amounts: vec![],
        note: "too early".into(),
        to_play_for: Cents::ZERO,
    }));
    assert_eq!(early, Err(DomainError::DealBeforeFieldFinal));
    assert!(tournament_view(&k.t, Timestamp(k.now))
        .unwrap()
        .deal_quotes
        .is_none());
    k.ok(Command::CloseRegistration(CloseRegistration {}));
    k.bust_by_tablemate(1);
    let q = tournament_view(&k.t, Timestamp(k.now))
        .unwrap()
        .deal_quotes
        .unwrap();
    let amounts: Vec<(PlayerId, Cents)> = q.players.iter().copied().zip(q.icm).collect();
    k.ok(Command::RecordDeal(RecordDeal {
        amounts,
        note: "ICM".into(),
        to_play_for: Cents::ZERO,
    }));
    // The field is fixed: nobody comes back, and play is over.
    let refused = [
        Command::RevivePlayer(RevivePlayer {
            player: PlayerId(1),
            reason: "wrong report".into(),
        }),
        Command::ReopenRegistration(ReopenRegistration {
            reason: "one more".into(),
        }),
        Command::LeaveEarly(LeaveEarly {
            player: PlayerId(2),
        }),
    ];
    for c in refused {
        assert_eq!(k.run(c.clone()), Err(DomainError::DealRecorded), "{c:?}");
    }
    let seat = k.seat_of(2);
    let by = k.tablemate(2);
    let bust = k.run(Command::ReportBusts(ReportBusts {
        table: seat.table,
        busts: vec![kit::bust(2, by, None)],
    }));
    assert_eq!(bust, Err(DomainError::DealRecorded));
}

#[test]
fn a_name_already_registered_asks_first_compared_as_the_desk_searches() {
    let mut k = Kit::new(templates::club_evening("names", 2));
    let register = |name: &str, confirmed: bool| {
        Command::RegisterPlayer(RegisterPlayer {
            name: name.into(),
            method: clubtd_core::event::PaymentMethod::Cash,
            present: true,
            same_name_confirmed: confirmed,
        })
    };
    k.ok(register("Chloé Dubois", false));
    for same in [" chloe  dubois ", "CHLOÉ DUBOIS", "Chloe Dubois"] {
        assert_eq!(
            k.run(register(same, false)),
            Err(DomainError::NameAlreadyRegistered {
                player: PlayerId(1),
                name: "Chloé Dubois".into()
            }),
            "{same:?}"
        );
    }
    assert_eq!(k.t.players.len(), 1, "nothing registered twice");
    // Another person of the same name, confirmed at the desk.
    k.ok(register("chloe dubois", true));
    assert_eq!(k.t.players.len(), 2);
    // A different name goes straight in.
    k.ok(register("Chloé Dupont", false));
}
