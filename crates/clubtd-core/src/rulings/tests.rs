//! Tests of the guided rulings: the shape of every flow (ids, links, reachability, no cycles,
//! three languages everywhere), a walker that enumerates every answer path of every flow with
//! sample amounts and checks that every leaf and every calculated outcome is reached, the
//! seeds' worked examples, every typed error, serde round trips, and property tests that random
//! answers never panic and always end in a ruling or a typed error.

use super::*;
use crate::model::money::Chips;
use proptest::collection::vec;
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

fn c(n: i64) -> Chips {
    Chips(n)
}

fn amt(n: i64) -> Answer {
    Answer::Amount(Chips(n))
}

/// Runs `answers` through flow `id`, panicking (in a test) on any refusal.
fn run(id: &str, answers: &[Answer]) -> FlowState {
    match replay(id, answers) {
        Ok(s) => s,
        Err(e) => panic!("{id}: {e}"),
    }
}

fn ruling_of(id: &str, answers: &[Answer]) -> Ruling {
    match run(id, answers).step {
        Step::Ruling(r) => r,
        Step::Question(q) => panic!("{id}: still asking `{}`", q.id),
    }
}

fn amount_of(r: &Ruling, name: &str) -> Chips {
    match r.amounts.get(name) {
        Some(Value::Chips(c)) => *c,
        other => panic!("{name}: {other:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// The flows as data
// ---------------------------------------------------------------------------------------------

fn texts_of(flow: &Flow) -> Vec<&Text> {
    let mut texts = vec![&flow.title];
    for n in &flow.nodes {
        match &n.node {
            Node::Question(q) => {
                texts.push(&q.text);
                texts.extend(q.help.iter());
                if let Ask::Choice { options } = &q.ask {
                    texts.extend(options.iter().map(|o| &o.text));
                }
            }
            Node::Ruling(r) => texts.push(&r.text),
            Node::Calculated(calc) => texts.extend(calc.outcomes.iter().map(|o| &o.text)),
        }
    }
    texts
}

fn targets(ask: &Ask) -> Vec<NodeId> {
    match ask {
        Ask::YesNo { yes, no } => vec![*yes, *no],
        Ask::Choice { options } => options.iter().map(|o| o.next).collect(),
        Ask::Amount { next, .. }
        | Ask::Amounts { next }
        | Ask::Count { next, .. }
        | Ask::Counts { next, .. } => vec![*next],
    }
}

fn rule_ok(rule: &str) -> bool {
    !rule.is_empty()
        && rule.split(", ").all(|part| {
            let mut words = part.split(' ');
            match words.next() {
                Some("PKR4U") | Some("TDA") => words
                    .next()
                    .is_some_and(|n| !n.is_empty() && n.chars().all(|ch| ch.is_ascii_digit())),
                Some("FIDPA") => words.next().is_none(),
                _ => false,
            }
        })
}

#[test]
fn there_are_flows_for_all_fifteen_groups_in_spec_order() {
    let list = situations();
    assert_eq!(list.len(), 27);
    let groups: BTreeSet<u8> = list.iter().map(|s| s.group).collect();
    assert_eq!(groups, (1..=15).collect());
    assert!(list.windows(2).all(|w| w[0].group <= w[1].group));
    let ids: BTreeSet<&str> = list.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids.len(), list.len(), "flow ids are unique");
    assert!(list.iter().all(|s| rule_ok(&s.rule)), "{list:?}");
}

#[test]
fn every_flow_is_a_well_formed_tree() {
    for flow in flows() {
        let id = flow.id;
        let mut seen = BTreeSet::new();
        for n in &flow.nodes {
            assert!(seen.insert(n.id), "{id}: node `{}` twice", n.id);
        }
        assert!(
            matches!(flow.node(flow.root), Some(Node::Question(_))),
            "{id}: the root is a question"
        );
        let mut leaf_ids = BTreeSet::new();
        for leaf in flow.leaf_ids() {
            assert!(leaf_ids.insert(leaf), "{id}: ruling id `{leaf}` twice");
        }
        for n in &flow.nodes {
            match &n.node {
                Node::Question(q) => {
                    for to in targets(&q.ask) {
                        assert!(flow.node(to).is_some(), "{id}: `{}` → `{to}` missing", n.id);
                    }
                    if let Ask::Choice { options } = &q.ask {
                        assert!(options.len() >= 2, "{id}: `{}` has one option", n.id);
                        let ids: BTreeSet<_> = options.iter().map(|o| o.id).collect();
                        assert_eq!(ids.len(), options.len(), "{id}: option ids unique");
                    }
                }
                Node::Ruling(r) => {
                    assert!(rule_ok(r.rule), "{id}/{}: rule `{}`", n.id, r.rule);
                    assert!(!r.actions.is_empty(), "{id}/{}: no action", n.id);
                    for a in &r.actions {
                        if let RulingAction::SeeFlow { flow: to } = a {
                            assert!(super::flow(to).is_some(), "{id}: see `{to}`");
                        }
                    }
                    for lang in Lang::ALL {
                        assert!(!r.text.get(lang).contains('{'), "{id}/{}", n.id);
                    }
                }
                Node::Calculated(calc) => {
                    assert!(!calc.outcomes.is_empty());
                    for o in &calc.outcomes {
                        assert!(rule_ok(o.rule), "{id}/{}: rule `{}`", o.id, o.rule);
                    }
                }
            }
        }
        // Every node is reachable from the root, and there is no cycle (depth-first search
        // with the path on a stack).
        fn visit(flow: &Flow, at: NodeId, path: &mut Vec<NodeId>, reached: &mut BTreeSet<NodeId>) {
            assert!(!path.contains(&at), "{}: cycle through `{at}`", flow.id);
            reached.insert(at);
            if let Some(Node::Question(q)) = flow.node(at) {
                path.push(at);
                for to in targets(&q.ask) {
                    visit(flow, to, path, reached);
                }
                path.pop();
            }
        }
        let mut reached = BTreeSet::new();
        visit(flow, flow.root, &mut Vec::new(), &mut reached);
        assert_eq!(reached, seen, "{id}: unreachable nodes");
    }
}

/// French typography: a space (or no-break space) before ? ! ; and :.
fn french_spacing_ok(fr: &str) -> bool {
    let chars: Vec<char> = fr.chars().collect();
    chars.iter().enumerate().all(|(i, ch)| {
        !matches!(ch, '?' | '!' | ';' | ':')
            || (i > 0 && matches!(chars[i - 1], ' ' | '\u{a0}' | '\u{202f}'))
    })
}

/// The catalogue key of every text of `flow`, the way the flow builder looks them up.
fn catalogue_keys_of(flow: &Flow) -> Vec<String> {
    let mut keys = vec![format!("{}.title", flow.id)];
    for n in &flow.nodes {
        let node = format!("{}.{}", flow.id, n.id);
        match &n.node {
            Node::Question(q) => {
                if q.help.is_some() {
                    keys.push(format!("{node}.help"));
                }
                if let Ask::Choice { options } = &q.ask {
                    keys.extend(options.iter().map(|o| format!("{node}.{}", o.id)));
                }
                keys.push(node);
            }
            Node::Ruling(_) => keys.push(node),
            Node::Calculated(calc) => {
                keys.extend(calc.outcomes.iter().map(|o| format!("{node}.{}", o.id)))
            }
        }
    }
    keys
}

#[test]
fn every_flow_text_is_in_the_catalogue_and_every_catalogue_text_in_a_flow() {
    let mut used = BTreeSet::new();
    for flow in flows() {
        for key in catalogue_keys_of(flow) {
            assert!(
                crate::texts::ruling(&key).is_some(),
                "{key} is not in locales/rulings/"
            );
            assert!(used.insert(key.clone()), "{key} names two texts");
        }
    }
    let stale: Vec<&str> = crate::texts::ruling_keys()
        .filter(|k| !k.starts_with("amounts.") && !used.contains(*k))
        .collect();
    assert!(stale.is_empty(), "texts no flow uses: {stale:?}");
}

#[test]
fn a_key_missing_from_the_catalogue_shows_as_itself_never_empty() {
    let text = Text::of("no_such_flow.question");
    assert_eq!(text.get(Lang::Nl), "no_such_flow.question");
    assert_eq!(text.get(Lang::Fr), "no_such_flow.question");
}

#[test]
fn every_text_is_written_in_three_languages() {
    for flow in flows() {
        for text in texts_of(flow) {
            for lang in Lang::ALL {
                let s = text.get(lang);
                assert!(
                    !s.trim().is_empty(),
                    "{}: empty {lang:?} in {text:?}",
                    flow.id
                );
                assert_eq!(s, s.trim(), "{}: stray spaces in {s:?}", flow.id);
            }
            // Short labels ("Misdeal", "De flop") may coincide; sentences are translated.
            if text.en.len() > 30 {
                assert_ne!(text.en, text.nl, "{}: not translated to Dutch", flow.id);
                assert_ne!(text.en, text.fr, "{}: not translated to French", flow.id);
            }
            assert!(french_spacing_ok(&text.fr), "{}: {:?}", flow.id, text.fr);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Every leaf is reached
// ---------------------------------------------------------------------------------------------

/// Sample answers for amount and count questions, per flow and question: chosen so that every
/// calculated outcome is reached, and few enough to enumerate every path.
fn samples(flow: &str, question: &str) -> Vec<Answer> {
    let amounts = |list: &[i64]| list.iter().map(|&n| amt(n)).collect::<Vec<_>>();
    match (flow, question) {
        ("unattention_bet", "big_blind") => amounts(&[100]),
        ("unattention_bet", "previous_bet") => amounts(&[200]),
        ("unattention_bet", "previous_raise") => amounts(&[200]),
        ("unattention_bet", "missed_bet") => amounts(&[600]),
        ("unattention_bet", "in_front") => amounts(&[100]),
        ("unattention_bet", "put_in") => amounts(&[200, 300, 500]),
        ("unattention_bet", "stack") => amounts(&[400, 5000]),
        ("bet_locking" | "incomplete_all_in", "bet" | "last_raise") => amounts(&[500]),
        ("bet_locking" | "incomplete_all_in", "all_in") => amounts(&[400, 600, 1000]),
        ("fifty_percent_rule", "bet" | "last_raise") => amounts(&[500]),
        ("fifty_percent_rule", "in_front") => amounts(&[0, 500]),
        ("fifty_percent_rule", "put_in") => amounts(&[0, 100, 300, 700, 800, 2000]),
        ("fifty_percent_rule", "stack") => amounts(&[300, 600, 2000, 10_000]),
        ("single_chip", "bet") => amounts(&[0, 500]),
        ("single_chip", "last_raise") => amounts(&[500]),
        ("single_chip", "in_front") => amounts(&[0, 500]),
        ("single_chip", "chip") => amounts(&[100, 1000, 5000]),
        ("single_chip", "stack") => amounts(&[100, 1000, 10_000]),
        ("short_big_blind", "players") => {
            vec![Answer::Count(2), Answer::Count(4), Answer::Count(9)]
        }
        ("short_big_blind", "big_blind") => amounts(&[200]),
        ("short_big_blind", "ante") => amounts(&[0, 200]),
        ("short_big_blind", "stack") => amounts(&[150, 200, 300, 1000]),
        ("chip_race", "small") => amounts(&[25]),
        ("chip_race", "big") => amounts(&[100]),
        ("chip_race", "counts") => vec![
            Answer::Counts(vec![3, 3, 2, 1, 1, 0]),
            Answer::Counts(vec![1, 0]),
        ],
        (_, "contributions") => vec![Answer::Amounts(vec![c(600), c(1200), c(0), c(1200)])],
        (_, "penalty_hands") => vec![Answer::Count(3)],
        _ => Vec::new(),
    }
}

struct Walk {
    reached: BTreeMap<&'static str, BTreeSet<String>>,
    refused: usize,
    paths: usize,
}

fn walk(flow: &'static Flow, state: FlowState, out: &mut Walk) {
    let question = match &state.step {
        Step::Ruling(r) => {
            out.paths += 1;
            for lang in Lang::ALL {
                assert!(
                    !r.text.get(lang).contains('{'),
                    "{}/{}: unfilled placeholder in {:?}",
                    flow.id,
                    r.leaf,
                    r.text.get(lang)
                );
            }
            assert!(
                rule_ok(&r.rule),
                "{}/{}: rule `{}`",
                flow.id,
                r.leaf,
                r.rule
            );
            out.reached
                .entry(flow.id)
                .or_default()
                .insert(r.leaf.clone());
            return;
        }
        Step::Question(q) => q.clone(),
    };
    let answers: Vec<Answer> = match &question.kind {
        QuestionKind::YesNo => vec![Answer::YesNo(true), Answer::YesNo(false)],
        QuestionKind::Choice { options } => (0..options.len()).map(Answer::Choice).collect(),
        _ => samples(flow.id, &question.id),
    };
    assert!(
        !answers.is_empty(),
        "{}: no samples for `{}`",
        flow.id,
        question.id
    );
    for a in answers {
        match answer(&state, a) {
            Ok(next) => walk(flow, next, out),
            Err(RulingError::Calculator { .. }) => out.refused += 1,
            Err(e) => panic!("{}: `{}` refused a sample: {e}", flow.id, question.id),
        }
    }
}

#[test]
fn every_leaf_of_every_flow_is_reached() {
    let mut out = Walk {
        reached: BTreeMap::new(),
        refused: 0,
        paths: 0,
    };
    for flow in flows() {
        let state = match start(flow.id) {
            Ok(s) => s,
            Err(e) => panic!("{}: {e}", flow.id),
        };
        walk(flow, state, &mut out);
        let expected: BTreeSet<String> = flow.leaf_ids().into_iter().map(String::from).collect();
        let reached = out.reached.get(flow.id).cloned().unwrap_or_default();
        assert_eq!(reached, expected, "{}: leaves not reached", flow.id);
    }
    // Sanity: the walk really enumerated paths, and the calculators refused some samples
    // (a put-in above the stack), which the engine reported as typed errors.
    assert!(out.paths > 300, "{} paths", out.paths);
    assert!(out.refused > 0);
}

// ---------------------------------------------------------------------------------------------
// Worked examples of the seeds
// ---------------------------------------------------------------------------------------------

/// TDA 10 (fifty_percent_rule): bet, last raise, in front, how (0 silent, 1 spoken,
/// 2 declared), put in, stack.
fn put_in(bet: i64, in_front: i64, how: usize, put: i64, stack: i64) -> Ruling {
    ruling_of(
        "fifty_percent_rule",
        &[
            amt(bet),
            amt(bet),
            amt(in_front),
            Answer::Choice(how),
            amt(put),
            amt(stack),
        ],
    )
}

#[test]
fn seed_tda_10_bet_500_and_800_silently_is_a_raise_to_1000() {
    let r = put_in(500, 0, 0, 800, 10_000);
    assert_eq!(r.leaf, "raise");
    assert_eq!(amount_of(&r, "to"), c(1000));
    assert_eq!(
        r.actions,
        vec![RulingAction::SettleChips {
            chips: ChipMove {
                total_in_front: c(1000),
                must_add: c(200),
                take_back: c(0)
            }
        }]
    );
    assert!(
        r.text.en.starts_with("It is a raise to 1,000 (add 200)"),
        "{}",
        r.text.en
    );
    assert!(r
        .text
        .nl
        .starts_with("Het is een verhoging tot 1.000 (200 bijleggen)"));
    assert!(r
        .text
        .fr
        .starts_with("C'est une relance à 1\u{202f}000 (ajouter 200)"));
    assert_eq!(r.rule, "TDA 10");
}

#[test]
fn seed_tda_10_bet_500_and_700_silently_is_a_call_of_500() {
    let r = put_in(500, 0, 0, 700, 10_000);
    assert_eq!(r.leaf, "call");
    assert_eq!(amount_of(&r, "call"), c(500));
    assert_eq!(
        r.text.en,
        "It is a call of 500: 500 in front in all (take back 200)."
    );
    // Saying "700" is also only a call; saying "raise" first makes it 1,000.
    assert_eq!(put_in(500, 0, 1, 700, 10_000).leaf, "call");
    let declared = put_in(500, 0, 2, 700, 10_000);
    assert_eq!(declared.leaf, "raise");
    assert_eq!(amount_of(&declared, "to"), c(1000));
}

#[test]
fn seed_tda_38_all_in_600_over_500_does_not_reopen_for_the_bettor() {
    let r = ruling_of("incomplete_all_in", &[amt(500), amt(500), amt(600)]);
    assert_eq!(r.leaf, "does_not_reopen");
    assert_eq!(
        r.actions,
        vec![
            RulingAction::CallOrFoldOnly {
                released_at: c(1000)
            },
            RulingAction::MayRaise {
                min_raise_to: c(1100)
            },
        ]
    );
    // TDA 2004's 50 % line (750) is not enough either: the club needs double the bet.
    let r = ruling_of("incomplete_all_in", &[amt(500), amt(500), amt(750)]);
    assert_eq!(r.leaf, "does_not_reopen");
    let r = ruling_of("incomplete_all_in", &[amt(500), amt(500), amt(1000)]);
    assert_eq!(r.leaf, "reopens");
    assert_eq!(amount_of(&r, "min_raise_to"), c(1500));
}

#[test]
fn pkr4u_27_locks_the_bettor_but_not_a_player_yet_to_act() {
    let locked = ruling_of(
        "bet_locking",
        &[amt(500), amt(500), amt(600), Answer::YesNo(true)],
    );
    assert_eq!(locked.leaf, "locked");
    assert_eq!(
        locked.actions,
        vec![RulingAction::CallOrFoldOnly {
            released_at: c(1000)
        }]
    );
    assert!(
        locked.text.nl.contains("enkel 600 callen of folden"),
        "{}",
        locked.text.nl
    );
    let free = ruling_of(
        "bet_locking",
        &[amt(500), amt(500), amt(600), Answer::YesNo(false)],
    );
    assert_eq!(free.leaf, "not_bound");
    assert_eq!(amount_of(&free, "min_raise_to"), c(1100));
    // Blinds 50/100, raised to 300 (a raise of 200): 550 is a TDA full raise (500) but under
    // double 300, so the club locks it until 600.
    let r = ruling_of(
        "bet_locking",
        &[amt(300), amt(200), amt(550), Answer::YesNo(true)],
    );
    assert_eq!(r.leaf, "locked");
    assert_eq!(amount_of(&r, "reopen_at"), c(600));
}

#[test]
fn seed_tda_2_ten_25_chips_race_for_three_100_chips() {
    let r = ruling_of(
        "chip_race",
        &[amt(25), amt(100), Answer::Counts(vec![3, 3, 2, 1, 1, 0])],
    );
    assert_eq!(r.leaf, "race");
    assert_eq!(r.amounts.get("chips_to_race"), Some(&Value::Count(3)));
    assert_eq!(amount_of(&r, "odd_value"), c(250));
    assert_eq!(
        r.actions,
        vec![RulingAction::ChipRace {
            small: c(25),
            big: c(100),
            chips_to_race: 3
        }]
    );
    assert!(
        r.text.en.contains("race for 3 chip(s) of 100"),
        "{}",
        r.text.en
    );
    assert!(
        r.text
            .en
            .contains("(cards: player 1: 3; player 2: 3; player 3: 2; player 4: 1; player 5: 1)"),
        "{}",
        r.text.en
    );
    assert!(r.text.en.contains("(chips of 100 received: none)"));
    // A single odd 25 rounds to nothing: no race.
    let r = ruling_of(
        "chip_race",
        &[amt(25), amt(100), Answer::Counts(vec![1, 4])],
    );
    assert_eq!(r.leaf, "no_race");
    // 60 is not a multiple of 25: refused as soon as it is typed, the answer is not taken.
    let s = run("chip_race", &[amt(25)]);
    let e = answer(&s, amt(60)).unwrap_err();
    assert_eq!(e.code(), "RULING_CALCULATOR_REFUSED");
    assert!(
        matches!(e, RulingError::Calculator { ref error } if error.code() == "CALC_INVALID_DENOMINATIONS")
    );
}

/// PKR4U 2 answers: meant (0 call, 1 raise), missed all-in, [last to act, shown], opening,
/// [big blind] or [previous bet, previous raise], missed bet, had in front, [in front], put
/// in, stack.
#[test]
fn seed_pkr4u_2_meant_call_pays_the_missed_bet_or_gives_up_the_bet_seen() {
    // Bet 200, raise to 600 not seen, 200 put in to call.
    let r = ruling_of(
        "unattention_bet",
        &[
            Answer::Choice(0),
            Answer::YesNo(false),
            Answer::YesNo(false),
            amt(200),
            amt(200),
            amt(600),
            Answer::YesNo(false),
            amt(200),
            amt(5000),
        ],
    );
    assert_eq!(r.leaf, "choice_meant_call");
    let mv = |total, add, back| ChipMove {
        total_in_front: c(total),
        must_add: c(add),
        take_back: c(back),
    };
    assert_eq!(
        r.actions,
        vec![RulingAction::PlayerChooses {
            pay: mv(600, 400, 0),
            give_up: mv(200, 0, 0),
            min_raise_to: None,
        }]
    );
    assert!(
        r.text.en.contains("600 in front in all (add 400)"),
        "{}",
        r.text.en
    );
    assert!(r
        .text
        .nl
        .contains("200 blijft in de pot (niets bijleggen of terugnemen)"));
}

fn meant_raise(put: i64, stack: i64) -> Ruling {
    ruling_of(
        "unattention_bet",
        &[
            Answer::Choice(1),
            Answer::YesNo(false),
            Answer::YesNo(false),
            amt(200),
            amt(200),
            amt(600),
            Answer::YesNo(false),
            amt(put),
            amt(stack),
        ],
    )
}

#[test]
fn seed_pkr4u_2_meant_raise_gives_up_at_least_a_min_raise_over_the_bet_seen() {
    // Bet 200 (a raise must reach 400), raise to 600 not seen, 300 put in meaning to raise.
    let r = meant_raise(300, 5000);
    assert_eq!(r.leaf, "choice_meant_raise");
    let RulingAction::PlayerChooses {
        pay,
        give_up,
        min_raise_to,
    } = &r.actions[0]
    else {
        panic!("{:?}", r.actions)
    };
    assert_eq!((pay.total_in_front, pay.must_add), (c(600), c(300)));
    assert_eq!((give_up.total_in_front, give_up.must_add), (c(400), c(100)));
    assert_eq!(*min_raise_to, Some(c(1000)));
    // More than the minimum raise put in: all of it is given up.
    let r = meant_raise(500, 5000);
    assert_eq!(amount_of(&r, "give_up_total"), c(500));
    // Not enough chips to raise the missed bet.
    let r = meant_raise(300, 400);
    assert_eq!(r.leaf, "choice_meant_raise_short");
    assert_eq!(amount_of(&r, "pay_total"), c(400));
}

#[test]
fn seed_pkr4u_2_a_call_of_an_opening_bet_stands() {
    // Nobody had bet; a bet of 300 was missed; 300 put in as a call.
    let r = ruling_of(
        "unattention_bet",
        &[
            Answer::Choice(0),
            Answer::YesNo(false),
            Answer::YesNo(true),
            amt(100),
            amt(300),
            Answer::YesNo(false),
            amt(300),
            amt(5000),
        ],
    );
    assert_eq!(r.leaf, "call_stands_opening");
    assert!(
        matches!(r.actions[0], RulingAction::CallStands { chips } if chips.total_in_front == c(300))
    );
}

/// A stack too short for the missed bet: the call is all-in for less, and the ruling says so
/// (it used to read "pays the bet of 5.000 in full: 600 in front in all").
#[test]
fn pkr4u_2_a_short_stack_is_all_in_for_less_and_the_ruling_says_so() {
    let short = |opening: bool| {
        let mut answers = vec![
            Answer::Choice(0),
            Answer::YesNo(false),
            Answer::YesNo(opening),
        ];
        if opening {
            answers.push(amt(200));
        } else {
            answers.extend([amt(200), amt(200)]);
        }
        // Missed a bet of 5,000; 200 put in; 600 behind before it.
        answers.extend([amt(5000), Answer::YesNo(false), amt(200), amt(600)]);
        ruling_of("unattention_bet", &answers)
    };
    let opening = short(true);
    assert_eq!(opening.leaf, "call_stands_opening_short");
    assert!(
        matches!(opening.actions[0], RulingAction::CallStands { chips } if chips.total_in_front == c(600) && chips.must_add == c(400))
    );
    assert!(
        opening
            .text
            .en
            .contains("all-in, 600 in front in all (add 400)"),
        "{}",
        opening.text.en
    );
    assert!(
        !opening.text.nl.contains("volledig:"),
        "{}",
        opening.text.nl
    );
    assert!(
        opening.text.nl.contains("all-in, in totaal 600"),
        "{}",
        opening.text.nl
    );
    assert!(opening.text.fr.contains("à tapis"), "{}", opening.text.fr);

    let meant_call = short(false);
    assert_eq!(meant_call.leaf, "choice_meant_call_short");
    assert!(
        meant_call
            .text
            .en
            .contains("with all their chips: 600 in front in all (add 400), and are all-in"),
        "{}",
        meant_call.text.en
    );

    // With the chips to pay it, the plain texts stay.
    let paid = ruling_of(
        "unattention_bet",
        &[
            Answer::Choice(0),
            Answer::YesNo(false),
            Answer::YesNo(true),
            amt(200),
            amt(600),
            Answer::YesNo(false),
            amt(200),
            amt(600),
        ],
    );
    assert_eq!(paid.leaf, "call_stands_opening");
}

#[test]
fn seed_pkr4u_2_last_to_act_must_call_an_all_in_whose_cards_are_shown() {
    let base = |shown| {
        ruling_of(
            "unattention_bet",
            &[
                Answer::Choice(0),
                Answer::YesNo(true),
                Answer::YesNo(true),
                Answer::YesNo(shown),
                Answer::YesNo(false),
                amt(200),
                amt(200),
                amt(1500),
                Answer::YesNo(false),
                amt(200),
                amt(5000),
            ],
        )
    };
    let r = base(true);
    assert_eq!(r.leaf, "call_stands_all_in_shown");
    assert!(
        matches!(r.actions[0], RulingAction::CallStands { chips } if chips.must_add == c(1300))
    );
    assert_eq!(base(false).leaf, "choice_meant_call");
}

#[test]
fn seed_pkr4u_30_a_cancelled_hand_returns_each_contribution() {
    let put = vec![c(600), c(1200), c(0), c(1200)];
    let r = ruling_of(
        "deck_gathered",
        &[Answer::YesNo(false), Answer::Amounts(put.clone())],
    );
    assert_eq!(r.leaf, "void_hand");
    assert_eq!(r.actions, vec![RulingAction::VoidHand { refunds: put }]);
    assert_eq!(amount_of(&r, "total"), c(3000));
    assert!(r
        .text
        .en
        .contains("player 1: 600; player 2: 1,200; player 3: 0; player 4: 1,200 (total 3,000)"));
    assert!(r.text.nl.contains("speler 2: 1.200"));
    assert!(r
        .text
        .fr
        .contains("joueur 1\u{a0}: 600\u{a0}; joueur 2\u{a0}: 1\u{202f}200"));
    assert_eq!(
        ruling_of("deck_gathered", &[Answer::YesNo(true)]).actions,
        vec![RulingAction::DealOn]
    );
}

#[test]
fn pkr4u_17_short_big_blind_pays_the_blind_first() {
    let r = ruling_of(
        "short_big_blind",
        &[Answer::Count(9), amt(200), amt(200), amt(250)],
    );
    assert_eq!(r.leaf, "all_in_with_ante");
    assert_eq!(
        r.actions,
        vec![RulingAction::PostBlind {
            big_blind: c(200),
            ante: c(50),
            all_in: true
        }]
    );
    // PKR4U 16: half the ante with four at the table, none heads-up.
    let r = ruling_of(
        "short_big_blind",
        &[Answer::Count(4), amt(200), amt(200), amt(1000)],
    );
    assert_eq!(r.leaf, "covered");
    assert_eq!(amount_of(&r, "ante_paid"), c(100));
    let r = ruling_of(
        "short_big_blind",
        &[Answer::Count(2), amt(200), amt(200), amt(150)],
    );
    assert_eq!(r.leaf, "blind_only");
    assert_eq!(amount_of(&r, "ante_due"), c(0));
}

#[test]
fn pkr4u_24_a_single_chip_is_a_call_unless_it_opens() {
    // bet, last raise, in front, declared, chip, stack
    let chip = |bet, declared, value| {
        ruling_of(
            "single_chip",
            &[
                amt(bet),
                amt(500),
                amt(0),
                Answer::YesNo(declared),
                amt(value),
                amt(10_000),
            ],
        )
    };
    let r = chip(500, false, 5000);
    assert_eq!(r.leaf, "call");
    assert_eq!(r.rule, "PKR4U 24, TDA 11");
    assert_eq!(chip(0, false, 1000).leaf, "bet");
    let r = chip(500, true, 5000);
    assert_eq!((r.leaf.as_str(), amount_of(&r, "to")), ("raise", c(5000)));
    // A chip short of the call is an undercall and points to PKR4U 2.
    let r = chip(500, false, 100);
    assert_eq!(r.leaf, "undercall");
    assert_eq!(r.rule, "PKR4U 24, TDA 11, PKR4U 2");
}

#[test]
fn penalties_are_recorded_in_the_hosts_shape() {
    let r = ruling_of(
        "shown_cards",
        &[Answer::YesNo(false), Answer::Choice(1), Answer::Count(3)],
    );
    assert_eq!(r.rule, "PKR4U 4");
    assert_eq!(
        r.actions,
        vec![RulingAction::Penalty {
            kind: PenaltyKind::Hands { hands: 3 }
        }]
    );
    assert!(r.text.en.starts_with("Penalty of 3 hand(s)"));
    let json = serde_json::to_value(&r.actions[0]).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"action": "penalty", "kind": {"kind": "hands", "hands": 3}})
    );
    let r = ruling_of(
        "talking",
        &[
            Answer::YesNo(true),
            Answer::Choice(2),
            Answer::Choice(2),
            Answer::Choice(3),
        ],
    );
    assert_eq!(
        r.actions,
        vec![RulingAction::Penalty {
            kind: PenaltyKind::Minutes { minutes: 40 }
        }]
    );
    assert_eq!(
        ruling_of("talking", &[Answer::YesNo(true), Answer::Choice(0)]).leaf,
        "allowed"
    );
}

#[test]
fn pkr4u_7_the_first_two_cards_of_the_deal_make_a_misdeal() {
    let r = ruling_of(
        "exposed_card_deal",
        &[Answer::YesNo(false), Answer::Choice(0)],
    );
    assert_eq!(
        (r.leaf.as_str(), r.actions.clone()),
        ("misdeal_blind_card", vec![RulingAction::Misdeal])
    );
    let r = ruling_of(
        "exposed_card_deal",
        &[Answer::YesNo(false), Answer::Choice(2)],
    );
    assert_eq!(r.actions, vec![RulingAction::DealOn]);
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

#[test]
fn answers_are_validated_with_typed_errors() {
    let s = run("fifty_percent_rule", &[]);
    let code = |s: &FlowState, a: Answer| answer(s, a).unwrap_err().code();
    assert_eq!(code(&s, Answer::YesNo(true)), "RULING_BAD_ANSWER");
    assert_eq!(code(&s, amt(-1)), "RULING_NEGATIVE_AMOUNT");
    assert_eq!(code(&s, amt(0)), "RULING_OUT_OF_RANGE");
    assert_eq!(code(&s, amt(MAX_AMOUNT.0 + 1)), "RULING_OUT_OF_RANGE");
    let s = run("fifty_percent_rule", &[amt(500), amt(500), amt(0)]);
    assert_eq!(code(&s, Answer::Choice(3)), "RULING_OPTION_OUT_OF_RANGE");
    assert_eq!(
        answer(&s, Answer::Choice(9)).unwrap_err(),
        RulingError::OptionOutOfRange {
            question: "how".into(),
            index: 9,
            options: 3
        }
    );
    let s = run("deck_gathered", &[Answer::YesNo(false)]);
    assert_eq!(
        code(&s, Answer::Amounts(vec![c(1)])),
        "RULING_WRONG_PLAYER_COUNT"
    );
    assert_eq!(
        code(&s, Answer::Amounts(vec![c(1); 11])),
        "RULING_WRONG_PLAYER_COUNT"
    );
    assert_eq!(
        code(&s, Answer::Amounts(vec![c(1), c(-5)])),
        "RULING_NEGATIVE_AMOUNT"
    );
    let s = run("short_big_blind", &[]);
    assert_eq!(code(&s, Answer::Count(11)), "RULING_OUT_OF_RANGE");
    assert_eq!(code(&s, Answer::Count(-3)), "RULING_NEGATIVE_AMOUNT");
    let s = run("chip_race", &[amt(25), amt(100)]);
    assert_eq!(
        code(&s, Answer::Counts(vec![1, -1])),
        "RULING_NEGATIVE_AMOUNT"
    );
    assert_eq!(
        code(&s, Answer::Counts(vec![1, 10_001])),
        "RULING_OUT_OF_RANGE"
    );
    assert_eq!(
        start("nope").unwrap_err().code(),
        "RULING_UNKNOWN_SITUATION"
    );
    // A put-in above the stack: the calculator refuses and the answer is not taken.
    let s = run(
        "fifty_percent_rule",
        &[amt(500), amt(500), amt(0), Answer::Choice(0), amt(800)],
    );
    let e = answer(&s, amt(700)).unwrap_err();
    assert!(
        matches!(&e, RulingError::Calculator { error } if error.code() == "CALC_PUT_IN_EXCEEDS_STACK")
    );
    assert_eq!(s.question().map(|q| q.id.as_str()), Some("stack"));
}

/// The calculator's refusal (a `CALC_` code) of the answer `a` given at `s`, whose question
/// `s` still asks.
fn refused_at(s: &FlowState, a: Answer) -> &'static str {
    match answer(s, a) {
        Err(RulingError::Calculator { error }) => error.code(),
        other => panic!("{}: {other:?}", s.flow),
    }
}

/// An amount that cannot go with the ones typed before it is refused at its own question, in
/// the calculator's words, not questions later: "more in front than the bet" as soon as it is
/// typed (TDA 10), "the bet missed must be higher" at the bet missed (PKR4U 2).
#[test]
fn each_amount_is_checked_against_the_earlier_ones_as_soon_as_it_is_typed() {
    // TDA 10: a bet of 500 (last raise 500).
    let s = run("fifty_percent_rule", &[amt(500), amt(500)]);
    assert_eq!(refused_at(&s, amt(600)), "CALC_IN_FRONT_ABOVE_BET");
    assert_eq!(s.question().map(|q| q.id.as_str()), Some("in_front"));
    assert!(answer(&s, amt(500)).is_ok());
    // Nothing put in against the bet: refused at the chips put in, unless a raise was declared.
    let silent = run(
        "fifty_percent_rule",
        &[amt(500), amt(500), amt(0), Answer::Choice(0)],
    );
    assert_eq!(refused_at(&silent, amt(0)), "CALC_NOTHING_PUT_IN");
    let declared = run(
        "fifty_percent_rule",
        &[amt(500), amt(500), amt(0), Answer::Choice(2)],
    );
    assert!(answer(&declared, amt(0)).is_ok());
    // Chips put in above the stack are refused; a named amount above it is an all-in.
    let spoken = run(
        "fifty_percent_rule",
        &[amt(500), amt(500), amt(0), Answer::Choice(1), amt(800)],
    );
    assert!(answer(&spoken, amt(700)).is_ok());
    // PKR4U 24: a single chip worth more than the stack.
    let chip = run(
        "single_chip",
        &[amt(500), amt(500), amt(0), Answer::YesNo(false), amt(1000)],
    );
    assert_eq!(refused_at(&chip, amt(500)), "CALC_PUT_IN_EXCEEDS_STACK");

    // PKR4U 2: the player saw 600 (a raise of 400); the bet missed must be above it.
    let seen = [
        Answer::Choice(0),
        Answer::YesNo(false),
        Answer::YesNo(false),
        amt(600),
        amt(400),
    ];
    let s = run("unattention_bet", &seen);
    assert_eq!(
        refused_at(&s, amt(600)),
        "CALC_MISSED_BET_NOT_ABOVE_PREVIOUS"
    );
    assert_eq!(s.question().map(|q| q.id.as_str()), Some("missed_bet"));
    let s = run(
        "unattention_bet",
        &[&seen[..], &[amt(1800), Answer::YesNo(true)]].concat(),
    );
    assert_eq!(refused_at(&s, amt(800)), "CALC_IN_FRONT_ABOVE_BET");
    assert!(answer(&s, amt(600)).is_ok());
}

/// PKR4U 2 after an opening bet: nobody can have had chips in front, so the walk answers "no"
/// itself and asks what was put in. An incident recorded when the question was still asked
/// (its answers hold that "no") replays to the same ruling, and "yes" there is not taken.
#[test]
fn an_opening_bet_is_not_asked_about_chips_in_front_and_older_incidents_still_replay() {
    // Meant to call, the bet missed not all-in, an opening bet of 600 with the big blind 200.
    let to_missed = [
        Answer::Choice(0),
        Answer::YesNo(false),
        Answer::YesNo(true),
        amt(200),
        amt(600),
    ];
    let s = run("unattention_bet", &to_missed);
    assert_eq!(s.question().map(|q| q.id.as_str()), Some("put_in"));
    let last = s
        .answers
        .last()
        .expect("the answer given by itself is kept");
    assert_eq!(
        (last.question.as_str(), &last.answer),
        ("had_in_front", &Answer::YesNo(false))
    );
    // The page's own answers (without the "no") and an older incident's (with it) end alike.
    let now = [&to_missed[..], &[amt(600), amt(5000)]].concat();
    let before = [&to_missed[..], &[Answer::YesNo(false), amt(600), amt(5000)]].concat();
    let ruling = run("unattention_bet", &now);
    assert_eq!(
        ruling.ruling().map(|r| r.leaf.as_str()),
        Some("call_stands_opening")
    );
    assert_eq!(run("unattention_bet", &before), ruling);
    // "Yes, chips in front" cannot be taken for an answer to the chips put in.
    let yes = [&to_missed[..], &[Answer::YesNo(true), amt(600), amt(5000)]].concat();
    assert!(replay("unattention_bet", &yes).is_err());
    // A state sent back with "yes" where the walk says "no" is not believed.
    let mut forged = s.clone();
    if let Some(last) = forged.answers.last_mut() {
        last.answer = Answer::YesNo(true);
    }
    assert!(matches!(
        answer(&forged, amt(600)),
        Err(RulingError::BadState { .. })
    ));
    // Facing a bet, the question is asked as before.
    let facing = [
        Answer::Choice(0),
        Answer::YesNo(false),
        Answer::YesNo(false),
        amt(600),
        amt(400),
        amt(1800),
    ];
    let s = run("unattention_bet", &facing);
    assert_eq!(s.question().map(|q| q.id.as_str()), Some("had_in_front"));
}

/// Where the walk gives an answer by itself, the question after it takes another type of
/// answer: an older incident's answers, which hold the given one, then replay without doubt
/// (`replay` skips it only where it stands).
#[test]
fn the_question_after_an_implied_one_takes_another_type_of_answer() {
    let mut implied = 0;
    for flow in flows() {
        for node in &flow.nodes {
            let Node::Question(q) = &node.node else {
                continue;
            };
            if q.implied.is_none() {
                continue;
            }
            implied += 1;
            for next in targets(&q.ask) {
                if let Some(Node::Question(after)) = flow.node(next) {
                    assert_ne!(
                        after.ask.answer_type(),
                        q.ask.answer_type(),
                        "{}: `{}` after the implied `{}`",
                        flow.id,
                        next,
                        node.id
                    );
                    assert!(after.implied.is_none(), "{}: `{next}`", flow.id);
                }
            }
        }
    }
    assert!(implied > 0);
}

/// A question's own check refuses only what the calculator would refuse on the whole, with the
/// same code: walked with the checks off, every flow ends exactly as with them (the same
/// ruling, or the same refusal, only questions earlier).
#[test]
fn the_checks_at_each_question_agree_with_the_calculators() {
    use super::walk::{answer_with, Checks};
    let mut refused_early = 0;
    let mut cases = 0;
    for flow in flows() {
        for case in 0..400u64 {
            let mut seed = case.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(flow.group);
            let mut state = start(flow.id).unwrap();
            let mut given = Vec::new();
            // The walk without the checks, to its ruling or its calculator's refusal.
            let unchecked = loop {
                let Step::Question(q) = &state.step else {
                    break Ok(state.ruling().map(|r| r.leaf.clone()));
                };
                seed = seed
                    .rotate_left(13)
                    .wrapping_mul(0x2545_F491_4F6C_DD1D)
                    .wrapping_add(1);
                let a = typed_answer(&q.kind, seed);
                match answer_with(&state, a.clone(), Checks::Skip) {
                    Ok(next) => {
                        given.push(a);
                        state = next;
                    }
                    Err(RulingError::Calculator { error }) => {
                        given.push(a);
                        break Err(error.code());
                    }
                    // Out of its range: not taken, asked again with another sample.
                    Err(_) => {}
                }
            };
            // The same answers with the checks: the same end.
            let mut checked = start(flow.id).unwrap();
            let mut end = None;
            for (i, a) in given.iter().enumerate() {
                match answer(&checked, a.clone()) {
                    Ok(next) => checked = next,
                    Err(RulingError::Calculator { error }) => {
                        if i + 1 < given.len() {
                            refused_early += 1;
                        }
                        end = Some(Err(error.code()));
                        break;
                    }
                    Err(e) => panic!("{}: {e}", flow.id),
                }
            }
            let end = end.unwrap_or_else(|| Ok(checked.ruling().map(|r| r.leaf.clone())));
            assert_eq!(end, unchecked, "{}: {given:?}", flow.id);
            cases += 1;
        }
    }
    // The comparison saw the checks at work, not only flows without them.
    assert!(
        refused_early > 20,
        "{refused_early} early refusals in {cases} walks"
    );
}

#[test]
fn a_decided_flow_takes_no_more_answers() {
    let s = run("mucked_cards", &[Answer::YesNo(true)]);
    assert_eq!(s.ruling().map(|r| r.leaf.as_str()), Some("dead"));
    assert_eq!(
        answer(&s, Answer::YesNo(true)).unwrap_err(),
        RulingError::AlreadyDecided
    );
}

#[test]
fn a_tampered_state_is_refused() {
    let s = run("mucked_cards", &[Answer::YesNo(false)]);
    let mut wrong_question = s.clone();
    wrong_question.answers[0].question = "identifiable".into();
    assert_eq!(
        answer(&wrong_question, Answer::YesNo(true))
            .unwrap_err()
            .code(),
        "RULING_BAD_STATE"
    );
    let mut wrong_type = s.clone();
    wrong_type.answers[0].answer = Answer::Choice(0);
    assert_eq!(
        answer(&wrong_type, Answer::YesNo(true)).unwrap_err().code(),
        "RULING_BAD_STATE"
    );
    let mut other_flow = s.clone();
    other_flow.flow = "gone".into();
    assert_eq!(
        answer(&other_flow, Answer::YesNo(true)).unwrap_err().code(),
        "RULING_UNKNOWN_SITUATION"
    );
    // The stored question and ruling are never trusted: they are rebuilt from the answers.
    let mut edited = s.clone();
    edited.step = Step::Ruling(Ruling {
        leaf: "recovered".into(),
        rule: "PKR4U 19".into(),
        text: Text::default(),
        actions: vec![],
        amounts: BTreeMap::new(),
    });
    let next = answer(&edited, Answer::YesNo(true)).unwrap();
    assert_eq!(next, answer(&s, Answer::YesNo(true)).unwrap());
}

#[test]
fn every_error_has_a_ruling_code() {
    let errors = [
        RulingError::UnknownSituation { id: "x".into() },
        RulingError::AlreadyDecided,
        RulingError::BadAnswer {
            question: "q".into(),
            expected: AnswerType::YesNo,
            got: AnswerType::Amount,
        },
        RulingError::OptionOutOfRange {
            question: "q".into(),
            index: 3,
            options: 2,
        },
        RulingError::NegativeAmount {
            question: "q".into(),
        },
        RulingError::OutOfRange {
            question: "q".into(),
            min: 1,
            max: 2,
            got: 3,
        },
        RulingError::WrongPlayerCount {
            question: "q".into(),
            min: 2,
            max: 10,
            got: 1,
        },
        RulingError::BadState { reason: "r".into() },
        RulingError::Calculator {
            error: crate::rulings::calculators::CalcError::Overflow,
        },
    ];
    let mut codes: Vec<&str> = errors.iter().map(RulingError::code).collect();
    assert!(codes.iter().all(|code| code.starts_with("RULING_")
        && code.chars().all(|ch| ch.is_ascii_uppercase() || ch == '_')));
    assert!(errors.iter().all(|e| !e.to_string().is_empty()));
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(codes.len(), errors.len());
    let mut listed = RulingError::ALL_CODES.to_vec();
    listed.sort_unstable();
    assert_eq!(
        codes, listed,
        "RulingError::ALL_CODES lists every code, and only those"
    );

    // What a page says of each: a message in every language with its numbers filled in, a
    // number out of range said by the bound it crossed (below too), a calculator's refusal
    // in its own words. Every key of MESSAGE_KEYS is reached.
    let below = RulingError::OutOfRange {
        question: "q".into(),
        min: 1,
        max: 2,
        got: 0,
    };
    let mut keys = BTreeSet::new();
    for e in errors.iter().chain([&below]) {
        let (key, params) = e.message();
        crate::rulings::calculators::tests::assert_said_in_words(key, &params);
        if !matches!(e, RulingError::Calculator { .. }) {
            keys.insert(key);
        }
    }
    assert_eq!(keys, RulingError::MESSAGE_KEYS.iter().copied().collect());
}

// ---------------------------------------------------------------------------------------------
// Serde
// ---------------------------------------------------------------------------------------------

#[test]
fn the_state_round_trips_through_json_with_stable_names() {
    let s = run(
        "fifty_percent_rule",
        &[amt(500), amt(500), amt(0), Answer::Choice(0), amt(800)],
    );
    let json = serde_json::to_value(&s).unwrap();
    assert_eq!(json["flow"], "fifty_percent_rule");
    assert_eq!(json["step"]["step"], "question");
    assert_eq!(json["step"]["kind"]["type"], "amount");
    assert_eq!(
        json["answers"][3],
        serde_json::json!({"question": "how", "answer": {"type": "choice", "value": 0}, "option": "silent"})
    );
    let back: FlowState = serde_json::from_value(json).unwrap();
    assert_eq!(back, s);
    let done = answer(&back, amt(10_000)).unwrap();
    let json = serde_json::to_value(&done).unwrap();
    assert_eq!(json["step"]["step"], "ruling");
    assert_eq!(json["step"]["leaf"], "raise");
    assert_eq!(
        json["step"]["amounts"]["to"],
        serde_json::json!({"type": "chips", "value": 1000})
    );
    assert_eq!(
        json["step"]["actions"][0],
        serde_json::json!({"action": "settle_chips", "chips": {"total_in_front": 1000, "must_add": 200, "take_back": 0}})
    );
    let back: FlowState = serde_json::from_value(json).unwrap();
    assert_eq!(back, done);
    let a: Answer = serde_json::from_str(r#"{"type":"amounts","value":[600,1200]}"#).unwrap();
    assert_eq!(a, Answer::Amounts(vec![c(600), c(1200)]));
}

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

fn any_answer() -> impl Strategy<Value = Answer> {
    prop_oneof![
        any::<bool>().prop_map(Answer::YesNo),
        (0usize..12).prop_map(Answer::Choice),
        any::<usize>().prop_map(Answer::Choice),
        any::<i64>().prop_map(|n| Answer::Amount(Chips(n))),
        (-100i64..20_000).prop_map(|n| Answer::Amount(Chips(n))),
        vec(any::<i64>().prop_map(Chips), 0..12).prop_map(Answer::Amounts),
        vec((0i64..5000).prop_map(Chips), 0..12).prop_map(Answer::Amounts),
        any::<i64>().prop_map(Answer::Count),
        (-2i64..30).prop_map(Answer::Count),
        vec(-5i64..20, 0..12).prop_map(Answer::Counts),
    ]
}

/// An answer of the type the question takes, mostly within its limits, picked by `seed`.
fn typed_answer(kind: &QuestionKind, seed: u64) -> Answer {
    const AMOUNTS: [i64; 14] = [
        0, 1, 25, 100, 150, 200, 300, 500, 600, 700, 750, 800, 1000, 5000,
    ];
    let pick = |seed: u64| {
        let i = usize::try_from(seed % 16).unwrap_or(0);
        match AMOUNTS.get(i) {
            Some(&n) => n,
            None if i == 14 => MAX_AMOUNT.0,
            None => i64::try_from(seed % 1_000_000).unwrap_or(0),
        }
    };
    let players = 2 + usize::try_from(seed % 9).unwrap_or(0);
    match kind {
        QuestionKind::YesNo => Answer::YesNo(seed.is_multiple_of(2)),
        QuestionKind::Choice { options } => {
            Answer::Choice(usize::try_from(seed).unwrap_or(0) % options.len().max(1))
        }
        QuestionKind::Amount { .. } => Answer::Amount(Chips(pick(seed))),
        QuestionKind::Amounts { .. } => Answer::Amounts(
            (0..players)
                .map(|i| Chips(pick(seed.rotate_left(u32::try_from(i).unwrap_or(0) * 7))))
                .collect(),
        ),
        QuestionKind::Count { min, max } => {
            let span = u64::try_from(max - min + 1).unwrap_or(1).max(1);
            Answer::Count(min + i64::try_from(seed % span).unwrap_or(0))
        }
        QuestionKind::Counts { .. } => Answer::Counts(
            (0..players)
                .map(|i| {
                    i64::try_from(seed.rotate_left(u32::try_from(i).unwrap_or(0) * 5) % 12)
                        .unwrap_or(0)
                })
                .collect(),
        ),
    }
}

fn any_flow() -> impl Strategy<Value = &'static str> {
    let ids: Vec<&'static str> = flows().iter().map(|f| f.id).collect();
    proptest::sample::select(ids)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Random answers of any type never panic: each is taken or refused with a typed
    /// `RULING_` error (never a broken state), and a decided flow refuses more answers.
    #[test]
    fn prop_random_answers_never_panic(id in any_flow(), answers in vec(any_answer(), 0..16)) {
        let mut state = start(id).unwrap();
        for a in answers {
            let decided = state.ruling().is_some();
            match answer(&state, a) {
                Ok(next) => {
                    prop_assert!(!decided);
                    prop_assert_eq!(next.answers.len(), state.answers.len() + 1);
                    state = next;
                }
                Err(e) => {
                    prop_assert!(e.code().starts_with("RULING_"));
                    prop_assert_ne!(e.code(), "RULING_BAD_STATE");
                    prop_assert!(!decided || e == RulingError::AlreadyDecided);
                }
            }
        }
    }

    /// Answers of the right type always end, within the depth of the flow, in a ruling or a
    /// typed error; the ruling has every placeholder filled, and the state survives JSON.
    #[test]
    fn prop_typed_answers_reach_a_ruling_or_a_typed_error(
        id in any_flow(), seeds in vec(any::<u64>(), 24),
    ) {
        let mut state = start(id).unwrap();
        let mut ended = false;
        for seed in seeds {
            let kind = match &state.step {
                Step::Question(q) => q.kind.clone(),
                Step::Ruling(r) => {
                    for lang in Lang::ALL {
                        prop_assert!(!r.text.get(lang).contains('{'), "unfilled placeholder");
                    }
                    ended = true;
                    break;
                }
            };
            match answer(&state, typed_answer(&kind, seed)) {
                Ok(next) => state = next,
                Err(e) => {
                    prop_assert!(e.code().starts_with("RULING_"));
                    prop_assert_ne!(e.code(), "RULING_BAD_STATE");
                    ended = true;
                    break;
                }
            }
        }
        prop_assert!(ended || state.ruling().is_some());
        let json = serde_json::to_string(&state).unwrap();
        let back: FlowState = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, state);
    }
}
