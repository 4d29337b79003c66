//! The calculators' tests, one section per topic, each citing the rule it checks.

use super::*;
use proptest::prelude::*;

fn c(n: i64) -> Chips {
    Chips(n)
}

// --- PKR4U 16 -----------------------------------------------------------------------------

#[test]
fn pkr4u_16_full_ante_with_six_or_more() {
    assert_eq!(ante_for_table(c(100), 6), c(100));
    assert_eq!(ante_for_table(c(100), 10), c(100));
}

#[test]
fn pkr4u_16_half_ante_with_five_four_or_three() {
    for players in [3, 4, 5] {
        assert_eq!(ante_for_table(c(100), players), c(50));
    }
}

#[test]
fn pkr4u_16_odd_ante_halves_rounding_half_up() {
    assert_eq!(ante_for_table(c(25), 5), c(13));
    assert_eq!(ante_for_table(c(1), 3), c(1));
}

#[test]
fn pkr4u_16_no_ante_heads_up_or_alone() {
    assert_eq!(ante_for_table(c(100), 2), Chips::ZERO);
    assert_eq!(ante_for_table(c(100), 1), Chips::ZERO);
    assert_eq!(ante_for_table(c(100), 0), Chips::ZERO);
    assert_eq!(ante_for_table(c(-100), 9), Chips::ZERO);
}

// --- PKR4U 17 -----------------------------------------------------------------------------

#[test]
fn pkr4u_17_big_blind_first_rest_to_ante() {
    let p = short_big_blind(c(250), c(200), c(200)).unwrap();
    assert_eq!(
        p,
        BlindPosting {
            big_blind_paid: c(200),
            ante_paid: c(50),
            all_in: true,
            remaining: Chips::ZERO
        }
    );
    let p = short_big_blind(c(150), c(200), c(200)).unwrap();
    assert_eq!(
        (p.big_blind_paid, p.ante_paid, p.all_in),
        (c(150), Chips::ZERO, true)
    );
}

#[test]
fn pkr4u_17_covered_blind_and_ante_is_not_all_in() {
    let p = short_big_blind(c(1000), c(200), c(200)).unwrap();
    assert_eq!(
        (p.big_blind_paid, p.ante_paid, p.all_in),
        (c(200), c(200), false)
    );
    assert_eq!(p.remaining, c(600));
    let p = short_big_blind(c(400), c(200), c(200)).unwrap();
    assert!(p.all_in);
}

#[test]
fn pkr4u_17_rejects_bad_input() {
    assert_eq!(
        short_big_blind(c(-1), c(200), c(0)).unwrap_err().code(),
        "CALC_NEGATIVE_AMOUNT"
    );
    assert_eq!(
        short_big_blind(c(0), c(200), c(0)).unwrap_err().code(),
        "CALC_NO_CHIPS_BEHIND"
    );
}

// --- TDA 10 / TDA 11 / PKR4U 24 -------------------------------------------------------------

fn facing(bet: i64) -> BettingContext {
    BettingContext {
        current_bet: c(bet),
        last_full_raise: c(bet),
        already_in: Chips::ZERO,
        stack: c(10_000),
        raise_declared: false,
        raise_locked: false,
    }
}

#[test]
fn tda_10_seed_800_silently_over_500_is_a_raise_to_1000() {
    let r = interpret_action(facing(500), c(800), PutInKind::MultipleChips).unwrap();
    assert_eq!(r.action, Action::Raise { to: c(1000) });
    assert_eq!(
        (r.must_add, r.take_back, r.min_raise_to),
        (c(200), Chips::ZERO, c(1000))
    );
    assert!(r.reopens_betting);
    assert!(r.rules.contains(&Rule::Tda10));
}

#[test]
fn tda_10_seed_700_silently_over_500_is_a_call_of_500() {
    let r = interpret_action(facing(500), c(700), PutInKind::MultipleChips).unwrap();
    assert_eq!(r.action, Action::Call { amount: c(500) });
    assert_eq!((r.total_in_front, r.take_back), (c(500), c(200)));
    assert!(!r.reopens_betting);
}

#[test]
fn tda_10_seed_declared_raise_with_700_must_make_1000() {
    let ctx = BettingContext {
        raise_declared: true,
        ..facing(500)
    };
    let r = interpret_action(ctx, c(700), PutInKind::MultipleChips).unwrap();
    assert_eq!(r.action, Action::Raise { to: c(1000) });
    assert_eq!(r.must_add, c(300));
}

#[test]
fn tda_10_seed_saying_700_is_only_a_call() {
    let r = interpret_action(facing(500), c(700), PutInKind::VerbalAmount).unwrap();
    assert_eq!(r.action, Action::Call { amount: c(500) });
}

#[test]
fn tda_10_exactly_half_the_raise_counts_as_a_raise() {
    let r = interpret_action(facing(500), c(750), PutInKind::MultipleChips).unwrap();
    assert_eq!(r.action, Action::Raise { to: c(1000) });
    let r = interpret_action(facing(500), c(749), PutInKind::MultipleChips).unwrap();
    assert_eq!(r.action, Action::Call { amount: c(500) });
}

#[test]
fn tda_10_half_of_the_last_raise_not_of_the_bet() {
    // Blinds 50/100, raised to 300 (a raise of 200): 400 silently adds 100 = half of 200.
    let ctx = BettingContext {
        current_bet: c(300),
        last_full_raise: c(200),
        ..facing(0)
    };
    let r = interpret_action(ctx, c(400), PutInKind::MultipleChips).unwrap();
    assert_eq!(r.action, Action::Raise { to: c(500) });
}

#[test]
fn tda_10_a_raise_the_stack_cannot_complete_is_all_in() {
    let ctx = BettingContext {
        stack: c(800),
        ..facing(500)
    };
    let r = interpret_action(ctx, c(800), PutInKind::MultipleChips).unwrap();
    assert_eq!(
        r.action,
        Action::AllInRaise {
            to: c(800),
            complete: false
        }
    );
    assert!(!r.reopens_betting);
    let ctx = BettingContext {
        stack: c(900),
        ..facing(500)
    };
    let r = interpret_action(ctx, c(800), PutInKind::MultipleChips).unwrap();
    assert_eq!(
        r.action,
        Action::AllInRaise {
            to: c(900),
            complete: false
        }
    );
    assert_eq!(r.must_add, c(100));
}

#[test]
fn pkr4u_24_tda_11_seed_single_oversized_chip_is_a_call() {
    let r = interpret_action(facing(500), c(5000), PutInKind::SingleChip).unwrap();
    assert_eq!(r.action, Action::Call { amount: c(500) });
    assert_eq!(r.take_back, c(4500));
    assert!(r.rules.contains(&Rule::Pkr4u24) && r.rules.contains(&Rule::Tda11));
}

#[test]
fn pkr4u_24_extra_chip_after_chips_in_front_is_a_call() {
    // Big blind 200 already in, facing a raise to 600: one 1,000 chip is a call.
    let ctx = BettingContext {
        current_bet: c(600),
        last_full_raise: c(400),
        already_in: c(200),
        ..facing(0)
    };
    let r = interpret_action(ctx, c(1000), PutInKind::SingleChip).unwrap();
    assert_eq!(r.action, Action::Call { amount: c(400) });
    assert_eq!((r.total_in_front, r.take_back), (c(600), c(600)));
}

#[test]
fn pkr4u_24_chip_added_after_a_call_in_the_same_motion_is_still_a_call() {
    // 500 called, then one 1,000 chip added without a word: still a call of 500.
    let r = interpret_action(facing(500), c(1500), PutInKind::SingleChip).unwrap();
    assert_eq!(
        (r.action, r.take_back),
        (Action::Call { amount: c(500) }, c(1000))
    );
}

#[test]
fn pkr4u_24_single_chip_opening_is_a_bet_of_its_value() {
    let ctx = BettingContext {
        current_bet: c(0),
        last_full_raise: c(200),
        ..facing(0)
    };
    let r = interpret_action(ctx, c(1000), PutInKind::SingleChip).unwrap();
    assert_eq!(r.action, Action::Bet { amount: c(1000) });
}

#[test]
fn tda_11_declared_raise_with_single_chip_raises_to_its_value() {
    let ctx = BettingContext {
        raise_declared: true,
        ..facing(500)
    };
    let r = interpret_action(ctx, c(5000), PutInKind::SingleChip).unwrap();
    assert_eq!(r.action, Action::Raise { to: c(5000) });
    let r = interpret_action(ctx, c(600), PutInKind::SingleChip).unwrap();
    assert_eq!(r.action, Action::Raise { to: c(1000) });
}

#[test]
fn big_blind_option_single_chip_is_a_check() {
    let ctx = BettingContext {
        current_bet: c(200),
        last_full_raise: c(200),
        already_in: c(200),
        ..facing(0)
    };
    let r = interpret_action(ctx, c(1000), PutInKind::SingleChip).unwrap();
    assert_eq!((r.action, r.take_back), (Action::Check, c(1000)));
    let r = interpret_action(ctx, c(200), PutInKind::MultipleChips).unwrap();
    assert_eq!(r.action, Action::Raise { to: c(400) });
}

#[test]
fn opening_bet_below_minimum_is_brought_up() {
    let ctx = BettingContext {
        current_bet: c(0),
        last_full_raise: c(200),
        ..facing(0)
    };
    let r = interpret_action(ctx, c(150), PutInKind::MultipleChips).unwrap();
    assert_eq!(
        (r.action, r.must_add),
        (Action::Bet { amount: c(200) }, c(50))
    );
    let r = interpret_action(ctx, Chips::ZERO, PutInKind::MultipleChips).unwrap();
    assert_eq!(r.action, Action::Check);
}

#[test]
fn put_in_short_of_the_call_is_an_undercall_pkr4u_2() {
    let r = interpret_action(facing(500), c(300), PutInKind::MultipleChips).unwrap();
    assert_eq!(
        r.action,
        Action::Undercall {
            call: c(500),
            short_by: c(200)
        }
    );
    assert_eq!(r.must_add, c(200));
    assert!(r.rules.contains(&Rule::Pkr4u2));
}

#[test]
fn all_in_for_less_than_the_call() {
    let ctx = BettingContext {
        stack: c(300),
        ..facing(500)
    };
    let r = interpret_action(ctx, c(300), PutInKind::MultipleChips).unwrap();
    assert_eq!(r.action, Action::AllInCall { amount: c(300) });
    let r = interpret_action(ctx, c(9000), PutInKind::VerbalAmount).unwrap();
    assert_eq!(r.action, Action::AllInCall { amount: c(300) });
}

#[test]
fn tda_38_pkr4u_27_locked_player_can_only_call() {
    let ctx = BettingContext {
        current_bet: c(600),
        last_full_raise: c(500),
        already_in: c(500),
        raise_locked: true,
        raise_declared: true,
        ..facing(0)
    };
    let r = interpret_action(ctx, c(2000), PutInKind::MultipleChips).unwrap();
    assert_eq!(r.action, Action::Call { amount: c(100) });
    assert_eq!(r.take_back, c(1900));
    assert!(r.rules.contains(&Rule::Pkr4u27));
}

#[test]
fn interpret_action_rejects_bad_input() {
    let code = |ctx: BettingContext, put: i64| {
        interpret_action(ctx, c(put), PutInKind::MultipleChips)
            .unwrap_err()
            .code()
    };
    assert_eq!(code(facing(500), -1), "CALC_NEGATIVE_AMOUNT");
    assert_eq!(code(facing(500), 20_000), "CALC_PUT_IN_EXCEEDS_STACK");
    assert_eq!(code(facing(500), 0), "CALC_NOTHING_PUT_IN");
    assert_eq!(
        code(
            BettingContext {
                last_full_raise: c(0),
                ..facing(500)
            },
            1
        ),
        "CALC_INVALID_MINIMUM_BET"
    );
    assert_eq!(
        code(
            BettingContext {
                already_in: c(600),
                ..facing(500)
            },
            1
        ),
        "CALC_IN_FRONT_ABOVE_BET"
    );
    assert_eq!(
        code(
            BettingContext {
                stack: c(0),
                ..facing(500)
            },
            0
        ),
        "CALC_NO_CHIPS_BEHIND"
    );
}

// --- TDA 38 / PKR4U 27 ----------------------------------------------------------------------

#[test]
fn tda_38_seed_all_in_600_over_500_does_not_reopen() {
    assert!(!reopens_betting(c(500), c(500), c(600)));
    // TDA 2004's 50 % line (750) is not enough either: the club locks below double.
    assert!(!reopens_betting(c(500), c(500), c(750)));
    assert!(!reopens_betting(c(500), c(500), c(999)));
    assert!(reopens_betting(c(500), c(500), c(1000)));
}

#[test]
fn pkr4u_27_locks_below_double_where_tda_would_reopen() {
    // Blinds 50/100, raised to 300 (raise 200): an all-in to 550 is a TDA full raise
    // (300 + 200 = 500) but under double 300, so the club locks it.
    assert!(!reopens_betting(c(300), c(200), c(550)));
    assert!(reopens_betting(c(300), c(200), c(600)));
}

fn postflop(players: usize, actions: Vec<(usize, Act)>) -> BettingRound {
    BettingRound {
        big_blind: c(100),
        preflop: false,
        seats: vec![RoundSeat::default(); players],
        actions: actions
            .into_iter()
            .map(|(seat, act)| RoundAction { seat, act })
            .collect(),
    }
}

#[test]
fn tda_38_seed_who_may_raise_after_500_and_all_in_600() {
    let round = postflop(
        3,
        vec![
            (0, Act::BetOrRaiseTo { to: c(500) }),
            (1, Act::AllIn { to: c(600) }),
        ],
    );
    let s = raise_rights(&round).unwrap();
    assert_eq!(
        (s.current_bet, s.last_full_raise, s.min_raise_to),
        (c(600), c(500), c(1100))
    );
    assert_eq!(
        s.seats[0].right,
        RaiseRight::CallOrFoldOnly {
            released_at: c(1000)
        }
    );
    assert_eq!(s.seats[0].to_call, c(100));
    assert_eq!(s.seats[1].right, RaiseRight::AllIn);
    assert_eq!(s.seats[2].right, RaiseRight::MayRaise);
    assert!(!s.betting_closed);
    // The bettor's chips are read as a call whatever they push.
    let ctx = s.context_for(0, c(5000), false).unwrap();
    let r = interpret_action(ctx, c(2000), PutInKind::MultipleChips).unwrap();
    assert_eq!(r.action, Action::Call { amount: c(100) });
    // The player who has not acted may raise, to at least 1,100.
    let ctx = s.context_for(2, c(5000), true).unwrap();
    let r = interpret_action(ctx, c(700), PutInKind::MultipleChips).unwrap();
    assert_eq!(r.action, Action::Raise { to: c(1100) });
}

#[test]
fn tda_38_locked_bettor_cannot_raise_after_a_call() {
    let round = postflop(
        3,
        vec![
            (0, Act::BetOrRaiseTo { to: c(500) }),
            (1, Act::AllIn { to: c(600) }),
            (2, Act::Call),
        ],
    );
    let s = raise_rights(&round).unwrap();
    assert_eq!(
        s.seats[0].right,
        RaiseRight::CallOrFoldOnly {
            released_at: c(1000)
        }
    );
    assert_eq!(s.seats[2].right, RaiseRight::Matched);
    let mut more = round.clone();
    more.actions.push(RoundAction {
        seat: 0,
        act: Act::BetOrRaiseTo { to: c(1100) },
    });
    assert_eq!(
        raise_rights(&more).unwrap_err().code(),
        "CALC_RAISE_NOT_ALLOWED"
    );
    let mut done = round;
    done.actions.push(RoundAction {
        seat: 0,
        act: Act::Call,
    });
    assert!(raise_rights(&done).unwrap().betting_closed);
}

#[test]
fn pkr4u_27_full_raise_by_an_unaffected_player_releases_the_lock() {
    let round = postflop(
        3,
        vec![
            (0, Act::BetOrRaiseTo { to: c(500) }),
            (1, Act::AllIn { to: c(600) }),
            (2, Act::BetOrRaiseTo { to: c(1100) }),
        ],
    );
    let s = raise_rights(&round).unwrap();
    assert_eq!(s.seats[0].right, RaiseRight::MayRaise);
    assert_eq!(s.min_raise_to, c(1600));
}

#[test]
fn pkr4u_27_unaffected_all_in_releases_only_at_double_the_locked_bet() {
    let locked = postflop(
        4,
        vec![
            (0, Act::BetOrRaiseTo { to: c(500) }),
            (1, Act::AllIn { to: c(600) }),
            (2, Act::AllIn { to: c(900) }),
        ],
    );
    let s = raise_rights(&locked).unwrap();
    assert_eq!(
        s.seats[0].right,
        RaiseRight::CallOrFoldOnly {
            released_at: c(1000)
        }
    );
    assert_eq!(s.seats[3].right, RaiseRight::MayRaise);
    let released = postflop(
        4,
        vec![
            (0, Act::BetOrRaiseTo { to: c(500) }),
            (1, Act::AllIn { to: c(600) }),
            (2, Act::AllIn { to: c(1000) }),
        ],
    );
    let s = raise_rights(&released).unwrap();
    assert_eq!(s.seats[0].right, RaiseRight::MayRaise);
}

#[test]
fn pkr4u_27_an_all_in_can_release_one_lock_and_set_another() {
    // 500 bet, all-in 600 locks seat 0; seat 3 calls 600; all-in 1,000 releases seat 0
    // (double 500) but locks seat 3, who acted on 600 (released at 1,200).
    let round = postflop(
        4,
        vec![
            (0, Act::BetOrRaiseTo { to: c(500) }),
            (1, Act::AllIn { to: c(600) }),
            (3, Act::Call),
            (2, Act::AllIn { to: c(1000) }),
        ],
    );
    let s = raise_rights(&round).unwrap();
    assert_eq!(s.seats[0].right, RaiseRight::MayRaise);
    assert_eq!(
        s.seats[3].right,
        RaiseRight::CallOrFoldOnly {
            released_at: c(1200)
        }
    );
}

#[test]
fn pkr4u_27_preflop_all_in_under_double_locks_the_raiser() {
    let round = BettingRound {
        big_blind: c(100),
        preflop: true,
        seats: vec![
            RoundSeat {
                in_front: c(50),
                all_in: false,
            },
            RoundSeat {
                in_front: c(100),
                all_in: false,
            },
            RoundSeat::default(),
            RoundSeat::default(),
        ],
        actions: vec![
            RoundAction {
                seat: 2,
                act: Act::BetOrRaiseTo { to: c(300) },
            },
            RoundAction {
                seat: 3,
                act: Act::AllIn { to: c(550) },
            },
        ],
    };
    let s = raise_rights(&round).unwrap();
    assert_eq!(
        s.seats[2].right,
        RaiseRight::CallOrFoldOnly {
            released_at: c(600)
        }
    );
    assert_eq!(s.seats[0].right, RaiseRight::MayRaise);
    assert_eq!(s.seats[1].right, RaiseRight::MayRaise);
    assert_eq!(s.min_raise_to, c(750));
    // A min raise by the big blind (to 750 ≥ 600) releases the raiser.
    let mut more = round;
    more.actions.push(RoundAction {
        seat: 1,
        act: Act::BetOrRaiseTo { to: c(750) },
    });
    assert_eq!(
        raise_rights(&more).unwrap().seats[2].right,
        RaiseRight::MayRaise
    );
}

#[test]
fn tda_38_short_opening_all_in_does_not_reopen_for_a_checker() {
    let round = postflop(3, vec![(0, Act::Check), (1, Act::AllIn { to: c(60) })]);
    let s = raise_rights(&round).unwrap();
    assert_eq!(
        s.seats[0].right,
        RaiseRight::CallOrFoldOnly {
            released_at: c(100)
        }
    );
    assert_eq!(s.seats[2].right, RaiseRight::MayRaise);
}

#[test]
fn raise_rights_rejects_bad_sequences() {
    let code = |actions| raise_rights(&postflop(3, actions)).unwrap_err().code();
    assert_eq!(code(vec![(5, Act::Fold)]), "CALC_UNKNOWN_SEAT");
    assert_eq!(
        code(vec![(0, Act::Fold), (0, Act::Call)]),
        "CALC_SEAT_CANNOT_ACT"
    );
    assert_eq!(
        code(vec![(0, Act::BetOrRaiseTo { to: c(50) })]),
        "CALC_RAISE_TOO_SMALL"
    );
    assert_eq!(
        code(vec![(0, Act::BetOrRaiseTo { to: c(100) }), (1, Act::Check)]),
        "CALC_CHECK_FACING_BET"
    );
    assert_eq!(
        code(vec![(0, Act::AllIn { to: c(0) })]),
        "CALC_ALL_IN_NOT_ABOVE_IN_FRONT"
    );
}

#[test]
fn betting_closes_when_everyone_matched() {
    let round = postflop(
        3,
        vec![
            (0, Act::BetOrRaiseTo { to: c(200) }),
            (1, Act::Call),
            (2, Act::Fold),
        ],
    );
    assert!(raise_rights(&round).unwrap().betting_closed);
    assert!(
        !raise_rights(&postflop(2, vec![(0, Act::Check)]))
            .unwrap()
            .betting_closed
    );
}

// --- PKR4U 2 --------------------------------------------------------------------------------

fn missed(previous: i64, missed: i64, put_in: i64, meant: Meant) -> UnattentionInput {
    UnattentionInput {
        missed_bet: c(missed),
        previous_bet: c(previous),
        last_full_raise: c(previous.max(100)),
        already_in: Chips::ZERO,
        put_in: c(put_in),
        stack: c(10_000),
        meant,
        missed_bet_all_in: false,
        last_to_act: false,
        all_in_cards_shown: false,
    }
}

fn choice(ruling: UnattentionRuling) -> (PayMissedBet, Settlement) {
    match ruling {
        UnattentionRuling::Choice { pay, give_up } => (pay, give_up),
        other => panic!("expected a choice, got {other:?}"),
    }
}

#[test]
fn pkr4u_2_meant_call_pays_the_missed_bet_or_gives_up_the_previous_call() {
    // Bet 200, raise to 600 not seen, 200 put in to call.
    let (pay, give_up) = choice(unattention_bet(missed(200, 600, 200, Meant::Call)).unwrap());
    assert_eq!(
        pay.call,
        Settlement {
            total_in_front: c(600),
            must_add: c(400),
            take_back: c(0)
        }
    );
    assert!(!pay.may_raise);
    assert_eq!(
        give_up,
        Settlement {
            total_in_front: c(200),
            must_add: c(0),
            take_back: c(0)
        }
    );
}

#[test]
fn pkr4u_2_meant_call_with_more_than_the_previous_bet_gets_the_rest_back() {
    let (pay, give_up) = choice(unattention_bet(missed(200, 600, 250, Meant::Call)).unwrap());
    assert_eq!((pay.call.must_add, pay.call.take_back), (c(350), c(0)));
    assert_eq!(
        give_up,
        Settlement {
            total_in_front: c(200),
            must_add: c(0),
            take_back: c(50)
        }
    );
    // A single 1,000 chip meant as a call of 200 also covers the 600 it did not see.
    let (pay, give_up) = choice(unattention_bet(missed(200, 600, 1000, Meant::Call)).unwrap());
    assert_eq!(
        (pay.call.total_in_front, pay.call.take_back),
        (c(600), c(400))
    );
    assert_eq!(
        (give_up.total_in_front, give_up.take_back),
        (c(200), c(800))
    );
}

#[test]
fn pkr4u_2_meant_raise_gives_up_at_least_a_min_raise_over_the_previous_bet() {
    // Bet 200 (min raise to 400), raise to 600 not seen, 300 put in meaning to raise.
    let (pay, give_up) = choice(unattention_bet(missed(200, 600, 300, Meant::Raise)).unwrap());
    assert_eq!(
        give_up,
        Settlement {
            total_in_front: c(400),
            must_add: c(100),
            take_back: c(0)
        }
    );
    assert_eq!(
        (pay.call.total_in_front, pay.call.must_add),
        (c(600), c(300))
    );
    assert!(pay.may_raise);
    assert_eq!(pay.min_raise_to, c(1000));
}

#[test]
fn pkr4u_2_meant_raise_above_the_min_raise_gives_up_all_put_in() {
    let (pay, give_up) = choice(unattention_bet(missed(200, 600, 700, Meant::Raise)).unwrap());
    assert_eq!(
        give_up,
        Settlement {
            total_in_front: c(700),
            must_add: c(0),
            take_back: c(0)
        }
    );
    assert_eq!(
        (pay.call.total_in_front, pay.call.take_back),
        (c(600), c(100))
    );
}

#[test]
fn pkr4u_2_meant_to_bet_into_a_missed_opening_bet() {
    // Nobody bet as far as the player saw; a bet of 300 was missed; 150 put in to bet:
    // giving up means at least the minimum bet (100 here); playing on means 300 or a raise.
    let input = UnattentionInput {
        last_full_raise: c(100),
        ..missed(0, 300, 150, Meant::Raise)
    };
    let (pay, give_up) = choice(unattention_bet(input).unwrap());
    assert_eq!(
        give_up,
        Settlement {
            total_in_front: c(150),
            must_add: c(0),
            take_back: c(0)
        }
    );
    assert_eq!((pay.call.must_add, pay.min_raise_to), (c(150), c(600)));
    let input = UnattentionInput {
        put_in: c(50),
        ..input
    };
    let (_, give_up) = choice(unattention_bet(input).unwrap());
    assert_eq!((give_up.total_in_front, give_up.must_add), (c(100), c(50)));
}

#[test]
fn pkr4u_2_call_of_an_opening_bet_stands() {
    let r = unattention_bet(missed(0, 300, 100, Meant::Call)).unwrap();
    assert_eq!(
        r,
        UnattentionRuling::CallStands {
            reason: CallStandsReason::OpeningBet,
            call: Settlement {
                total_in_front: c(300),
                must_add: c(200),
                take_back: c(0)
            },
        }
    );
}

#[test]
fn pkr4u_2_last_to_act_against_a_shown_all_in_must_call() {
    let input = UnattentionInput {
        missed_bet_all_in: true,
        last_to_act: true,
        all_in_cards_shown: true,
        ..missed(200, 800, 200, Meant::Call)
    };
    let r = unattention_bet(input).unwrap();
    assert_eq!(
        r,
        UnattentionRuling::CallStands {
            reason: CallStandsReason::AllInShown,
            call: Settlement {
                total_in_front: c(800),
                must_add: c(600),
                take_back: c(0)
            },
        }
    );
    // Not shown yet, or not last to act: the player still has the choice.
    let not_shown = UnattentionInput {
        all_in_cards_shown: false,
        ..input
    };
    assert!(matches!(
        unattention_bet(not_shown).unwrap(),
        UnattentionRuling::Choice { .. }
    ));
    let not_last = UnattentionInput {
        last_to_act: false,
        ..input
    };
    assert!(matches!(
        unattention_bet(not_last).unwrap(),
        UnattentionRuling::Choice { .. }
    ));
}

#[test]
fn pkr4u_2_short_stack_pays_all_in_for_less() {
    let input = UnattentionInput {
        stack: c(400),
        ..missed(200, 600, 200, Meant::Call)
    };
    let (pay, _) = choice(unattention_bet(input).unwrap());
    assert_eq!(
        (pay.call.total_in_front, pay.call.must_add),
        (c(400), c(200))
    );
}

#[test]
fn pkr4u_2_big_blind_already_in_counts() {
    // The big blind (100 in) missed a raise to 400 and put in 100 more meaning to raise
    // the big blind to 200: giving up means leaving the minimum raise (200 in all).
    let input = UnattentionInput {
        already_in: c(100),
        last_full_raise: c(100),
        ..missed(100, 400, 100, Meant::Raise)
    };
    let (pay, give_up) = choice(unattention_bet(input).unwrap());
    assert_eq!(
        give_up,
        Settlement {
            total_in_front: c(200),
            must_add: c(0),
            take_back: c(0)
        }
    );
    assert_eq!(
        (pay.call.total_in_front, pay.call.must_add),
        (c(400), c(200))
    );
    assert_eq!(pay.min_raise_to, c(700));
}

#[test]
fn pkr4u_2_rejects_bad_input() {
    let code = |input| unattention_bet(input).unwrap_err().code();
    assert_eq!(
        code(missed(600, 600, 200, Meant::Call)),
        "CALC_MISSED_BET_NOT_ABOVE_PREVIOUS"
    );
    assert_eq!(
        code(missed(200, 600, -5, Meant::Call)),
        "CALC_NEGATIVE_AMOUNT"
    );
    assert_eq!(
        code(missed(200, 600, 20_000, Meant::Call)),
        "CALC_PUT_IN_EXCEEDS_STACK"
    );
    let input = UnattentionInput {
        already_in: c(300),
        ..missed(200, 600, 0, Meant::Call)
    };
    assert_eq!(code(input), "CALC_IN_FRONT_ABOVE_BET");
}

// --- TDA 2 ----------------------------------------------------------------------------------

#[test]
fn tda_2_seed_ten_25_chips_race_for_three_100_chips() {
    let race = chip_race(&[3, 3, 2, 1, 1, 0], c(25), c(100)).unwrap();
    assert_eq!(race.chips_to_race, 3);
    assert_eq!(race.entrants, 5);
    assert_eq!(race.odd_value, c(250));
}

#[test]
fn tda_2_whole_sets_are_exchanged_before_the_race() {
    let race = chip_race(&[7, 5], c(25), c(100)).unwrap();
    assert_eq!(
        race.seats,
        vec![
            RaceSeat {
                coloured_up: 1,
                odd_chips: 3
            },
            RaceSeat {
                coloured_up: 1,
                odd_chips: 1
            },
        ]
    );
    assert_eq!(race.chips_to_race, 1);
    assert_eq!(chip_race(&[1], c(25), c(100)).unwrap().chips_to_race, 0);
    assert_eq!(chip_race(&[2], c(25), c(100)).unwrap().chips_to_race, 1);
}

#[test]
fn tda_2_seed_settles_with_one_chip_per_winner_and_nobody_busts() {
    // Seat 4 has nothing but one 25 chip and loses: it still gets a 100 chip.
    let other = [c(5000), c(3000), c(2000), c(1000), Chips::ZERO, c(800)];
    let s = settle_chip_race(&[3, 3, 2, 1, 1, 0], &[0, 2, 3], c(25), c(100), &other).unwrap();
    let changes: Vec<i64> = s.outcomes.iter().map(|o| o.change.0).collect();
    assert_eq!(changes, vec![25, -75, 50, 75, 75, 0]);
    assert!(s.outcomes[4].protected && !s.outcomes[4].won_race);
    assert_eq!(s.outcomes[4].after, c(100));
    assert!(s.outcomes.iter().all(|o| o.big_chips_received <= 1));
}

#[test]
fn tda_2_settle_rejects_bad_winners() {
    let other = [c(100); 6];
    let code = |winners: &[usize]| {
        settle_chip_race(&[3, 3, 2, 1, 1, 0], winners, c(25), c(100), &other)
            .unwrap_err()
            .code()
    };
    assert_eq!(code(&[0, 1]), "CALC_WRONG_WINNER_COUNT");
    assert_eq!(code(&[0, 0, 1]), "CALC_DUPLICATE_WINNER");
    assert_eq!(code(&[0, 1, 5]), "CALC_WINNER_NOT_IN_RACE");
    assert_eq!(code(&[0, 1, 9]), "CALC_UNKNOWN_SEAT");
    assert_eq!(
        settle_chip_race(&[1], &[], c(25), c(100), &[])
            .unwrap_err()
            .code(),
        "CALC_LENGTH_MISMATCH"
    );
    assert_eq!(
        chip_race(&[1], c(25), c(60)).unwrap_err().code(),
        "CALC_INVALID_DENOMINATIONS"
    );
    assert_eq!(
        chip_race(&[1], c(0), c(100)).unwrap_err().code(),
        "CALC_INVALID_DENOMINATIONS"
    );
}

// --- PKR4U 30 -------------------------------------------------------------------------------

#[test]
fn pkr4u_30_cancelled_hand_gives_everyone_their_own_chips() {
    let put = [c(600), c(1200), Chips::ZERO, c(1200)];
    assert_eq!(cancelled_hand_refunds(&put).unwrap(), put.to_vec());
    assert_eq!(check_refund_total(&put, c(3000)).unwrap(), c(3000));
    assert_eq!(
        check_refund_total(&put, c(2900)).unwrap_err(),
        CalcError::PotMismatch {
            expected: c(3000),
            counted: c(2900)
        }
    );
    assert_eq!(
        cancelled_hand_refunds(&[c(-1)]).unwrap_err().code(),
        "CALC_NEGATIVE_AMOUNT"
    );
    assert_eq!(
        check_refund_total(&[c(i64::MAX), c(1)], c(0))
            .unwrap_err()
            .code(),
        "CALC_OVERFLOW"
    );
}

#[test]
fn serde_shapes_are_stable() {
    let r = interpret_action(facing(500), c(800), PutInKind::MultipleChips).unwrap();
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(
        json["action"],
        serde_json::json!({"action": "raise", "to": 1000})
    );
    assert_eq!(json["rules"], serde_json::json!(["TDA 10"]));
    let back: ActionRuling = serde_json::from_value(json).unwrap();
    assert_eq!(back, r);
    let input: UnattentionInput = serde_json::from_str(
        r#"{"missed_bet":600,"previous_bet":200,"last_full_raise":200,"put_in":200,"stack":5000,"meant":"call"}"#,
    )
    .unwrap();
    let json = serde_json::to_value(unattention_bet(input).unwrap()).unwrap();
    assert_eq!(json["ruling"], "choice");
    assert_eq!(json["give_up"]["total_in_front"], 200);
    let round: BettingRound = serde_json::from_str(
        r#"{"big_blind":100,"seats":[{},{},{}],"actions":[{"seat":0,"act":{"act":"bet_or_raise_to","to":500}},{"seat":1,"act":{"act":"all_in","to":600}}]}"#,
    )
    .unwrap();
    let json = serde_json::to_value(raise_rights(&round).unwrap()).unwrap();
    assert_eq!(
        json["seats"][0]["right"],
        serde_json::json!({"right": "call_or_fold_only", "released_at": 1000})
    );
}

#[test]
fn every_error_has_a_calc_code_and_a_message() {
    let errors = [
        CalcError::NegativeAmount { field: "x".into() },
        CalcError::InvalidMinimumBet,
        CalcError::InFrontAboveBet,
        CalcError::NoChipsBehind,
        CalcError::PutInExceedsStack {
            put_in: c(2),
            stack: c(1),
        },
        CalcError::NothingPutIn,
        CalcError::MissedBetNotAbovePrevious,
        CalcError::InvalidDenominations,
        CalcError::LengthMismatch,
        CalcError::UnknownSeat { seat: 1 },
        CalcError::WrongWinnerCount {
            expected: 1,
            got: 2,
        },
        CalcError::DuplicateWinner { seat: 1 },
        CalcError::WinnerNotInRace { seat: 1 },
        CalcError::SeatCannotAct { seat: 1 },
        CalcError::CheckFacingBet { seat: 1 },
        CalcError::RaiseTooSmall {
            seat: 1,
            min_raise_to: c(2),
        },
        CalcError::RaiseNotAllowed { seat: 1 },
        CalcError::AllInNotAboveInFront { seat: 1 },
        CalcError::PotMismatch {
            expected: c(1),
            counted: c(2),
        },
        CalcError::Overflow,
    ];
    let mut codes: Vec<&str> = errors.iter().map(CalcError::code).collect();
    assert!(codes.iter().all(|code| code.starts_with("CALC_")
        && code.chars().all(|ch| ch.is_ascii_uppercase() || ch == '_')));
    assert!(errors.iter().all(|e| !e.to_string().is_empty()));
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(codes.len(), errors.len());
}

// --- Properties -----------------------------------------------------------------------------

fn amount() -> impl Strategy<Value = Chips> {
    prop_oneof![
        4 => (0i64..20_000).prop_map(Chips),
        1 => any::<i64>().prop_map(Chips),
    ]
}

fn kind() -> impl Strategy<Value = PutInKind> {
    prop_oneof![
        Just(PutInKind::MultipleChips),
        Just(PutInKind::SingleChip),
        Just(PutInKind::VerbalAmount)
    ]
}

fn act() -> impl Strategy<Value = Act> {
    prop_oneof![
        Just(Act::Fold),
        Just(Act::Check),
        Just(Act::Call),
        amount().prop_map(|to| Act::BetOrRaiseTo { to }),
        amount().prop_map(|to| Act::AllIn { to }),
    ]
}

proptest! {
    /// PKR4U 16: never more than the full ante, never negative.
    #[test]
    fn prop_pkr4u_16_ante_never_exceeds_full_ante(full in any::<i64>(), players in 0usize..20) {
        let ante = ante_for_table(Chips(full), players);
        prop_assert!(ante.0 >= 0);
        prop_assert!(ante.0 <= full.max(0));
    }

    /// PKR4U 17: the posting never exceeds the stack nor what is due.
    #[test]
    fn prop_pkr4u_17_posting_never_exceeds_stack(stack in amount(), bb in amount(), ante in amount()) {
        if let Ok(p) = short_big_blind(stack, bb, ante) {
            prop_assert!(p.big_blind_paid + p.ante_paid <= stack);
            prop_assert!(p.big_blind_paid <= bb && p.ante_paid <= ante);
            prop_assert_eq!(p.big_blind_paid + p.ante_paid + p.remaining, stack);
            prop_assert!(p.ante_paid.0 == 0 || p.big_blind_paid == bb);
            prop_assert_eq!(p.all_in, p.remaining.0 == 0);
        }
    }

    /// TDA 10/11, PKR4U 24/27: no panic, chips add up, never beyond the stack, a raise is
    /// always at least the minimum unless all-in.
    #[test]
    fn prop_interpret_action_is_total_and_conserves_chips(
        bet in amount(), step in amount(), already in amount(), stack in amount(),
        put_in in amount(), kind in kind(), declared in any::<bool>(), locked in any::<bool>(),
    ) {
        let ctx = BettingContext {
            current_bet: bet, last_full_raise: step, already_in: already, stack,
            raise_declared: declared, raise_locked: locked,
        };
        if let Ok(r) = interpret_action(ctx, put_in, kind) {
            let put = put_in.min(stack);
            prop_assert!(r.total_in_front >= already);
            prop_assert!(r.total_in_front.0 - already.0 <= stack.0);
            prop_assert_eq!(put.0 + r.must_add.0 - r.take_back.0, r.total_in_front.0 - already.0);
            prop_assert!(r.must_add.0 == 0 || r.take_back.0 == 0);
            if let Action::Raise { to } = r.action {
                prop_assert!(to >= r.min_raise_to);
                prop_assert!(!locked);
            }
            if locked {
                prop_assert!(r.total_in_front <= bet);
            }
        }
    }

    /// TDA 38/PKR4U 27: any action list gives a status or an error, never a panic; the
    /// minimum raise is always above the bet.
    #[test]
    fn prop_raise_rights_is_total(
        seats in proptest::collection::vec((amount(), any::<bool>()), 0..6),
        actions in proptest::collection::vec((0usize..7, act()), 0..12),
        bb in amount(), preflop in any::<bool>(),
    ) {
        let round = BettingRound {
            big_blind: bb,
            preflop,
            seats: seats.into_iter().map(|(in_front, all_in)| RoundSeat { in_front, all_in }).collect(),
            actions: actions.into_iter().map(|(seat, act)| RoundAction { seat, act }).collect(),
        };
        if let Ok(s) = raise_rights(&round) {
            prop_assert!(s.min_raise_to > s.current_bet);
            prop_assert!(s.seats.iter().all(|x| x.in_front <= s.current_bet));
        }
    }

    /// PKR4U 2: no panic; every settlement stays within the stack and adds up.
    #[test]
    fn prop_pkr4u_2_is_total_and_within_stack(
        m in amount(), p in amount(), r in amount(), a in amount(), put in amount(),
        stack in amount(), raise in any::<bool>(), flags in any::<(bool, bool, bool)>(),
    ) {
        let input = UnattentionInput {
            missed_bet: m, previous_bet: p, last_full_raise: r, already_in: a, put_in: put,
            stack, meant: if raise { Meant::Raise } else { Meant::Call },
            missed_bet_all_in: flags.0, last_to_act: flags.1, all_in_cards_shown: flags.2,
        };
        if let Ok(ruling) = unattention_bet(input) {
            let settlements = match ruling {
                UnattentionRuling::CallStands { call, .. } => vec![call],
                UnattentionRuling::Choice { pay, give_up } => vec![pay.call, give_up],
            };
            for s in settlements {
                prop_assert!(s.total_in_front.0 - a.0 <= stack.0);
                prop_assert_eq!(put.0 + s.must_add.0 - s.take_back.0, s.total_in_front.0 - a.0);
            }
        }
    }

    /// TDA 2: never more than one race chip per player, never more chips than entrants,
    /// and nobody left without a chip.
    #[test]
    fn prop_tda_2_chip_race_gives_at_most_one_chip(
        counts in proptest::collection::vec(0u32..12, 0..10),
        others in proptest::collection::vec(prop_oneof![Just(0i64), 1i64..10_000], 10),
        pick in any::<u64>(),
    ) {
        let race = chip_race(&counts, Chips(25), Chips(100)).unwrap();
        prop_assert!(race.chips_to_race <= race.entrants);
        let mut entrants: Vec<usize> =
            (0..counts.len()).filter(|&i| race.seats[i].odd_chips > 0).collect();
        let n = usize::try_from(race.chips_to_race).unwrap();
        let len = entrants.len().max(1);
        entrants.rotate_left(usize::try_from(pick % u64::try_from(len).unwrap()).unwrap());
        let winners: Vec<usize> = entrants.into_iter().take(n).collect();
        let other: Vec<Chips> = others[..counts.len()].iter().copied().map(Chips).collect();
        let s = settle_chip_race(&counts, &winners, Chips(25), Chips(100), &other).unwrap();
        for (o, seat) in s.outcomes.iter().zip(&race.seats) {
            prop_assert!(o.big_chips_received - seat.coloured_up <= 1);
            prop_assert!(!(o.won_race && o.protected));
            prop_assert!(o.before.0 == 0 || o.after.0 > 0);
        }
    }

    /// TDA 2: any denominations and counts give a race or an error, never a panic.
    #[test]
    fn prop_tda_2_chip_race_is_total(
        counts in proptest::collection::vec(any::<u32>(), 0..8),
        small in amount(), big in amount(),
        winners in proptest::collection::vec(0usize..10, 0..8),
    ) {
        let other = vec![Chips(1); counts.len()];
        let _ = chip_race(&counts, small, big);
        let _ = settle_chip_race(&counts, &winners, small, big, &other);
    }

    /// PKR4U 30: refunds are the contributions; the total check accepts exactly their sum.
    #[test]
    fn prop_pkr4u_30_refunds_add_up(put in proptest::collection::vec(0i64..100_000, 0..10)) {
        let put: Vec<Chips> = put.into_iter().map(Chips).collect();
        let total: Chips = put.iter().copied().sum();
        prop_assert_eq!(cancelled_hand_refunds(&put).unwrap(), put.clone());
        prop_assert_eq!(check_refund_total(&put, total).unwrap(), total);
    }
}
