//! The calculators' shared test kit, and the tests across topics: stable serde shapes and
//! error codes, and properties over random input. Each topic's own tests sit beside it.

use super::*;
use proptest::prelude::*;

/// Chips, shortly.
pub(super) fn c(n: i64) -> Chips {
    Chips(n)
}

/// A refusal's message (`locales/errors`, key `key`) exists and, filled with `params`, leaves
/// no `{placeholder}` in any language: what a page shows in words.
pub(crate) fn assert_said_in_words(key: &str, params: &std::collections::BTreeMap<String, String>) {
    let phrase = crate::texts::error(key).unwrap_or_else(|| panic!("{key} has no message"));
    for lang in ["nl", "fr", "en"] {
        let text = params
            .iter()
            .fold(phrase.in_language(lang).to_string(), |t, (k, v)| {
                t.replace(&format!("{{{k}}}"), v)
            });
        assert!(
            !text.contains('{'),
            "{key} in {lang}: a parameter left unfilled: {text}"
        );
    }
}

/// A deep stack facing a bet of `bet` (a full raise of that size), nothing in front yet.
pub(super) fn facing(bet: i64) -> BettingContext {
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
    for e in &errors {
        assert_said_in_words(e.code(), &e.params());
    }
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(codes.len(), errors.len());
    let mut listed = CalcError::ALL_CODES.to_vec();
    listed.sort_unstable();
    assert_eq!(
        codes, listed,
        "CalcError::ALL_CODES lists every code, and only those"
    );
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
