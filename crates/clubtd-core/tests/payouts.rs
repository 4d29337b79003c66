//! Whole-tournament scenarios through `decide` and `apply`, one per rule, citing it.
//! Prizes: the payout table, payout modes, guarantees and deal quotes.

use clubtd_core::command::{
    CloseRegistration, Command, RecordDeal, ReportBusts, ReportTableChips, SetPayouts, StartClock,
};
use clubtd_core::config::{templates, Config, PayoutMode};
use clubtd_core::ids::{PlayerId, Timestamp};
use clubtd_core::money::{Cents, Chips};
use clubtd_core::view::tournament_view;
use clubtd_core::DomainError;

mod kit;
use kit::{bust, Kit};

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
