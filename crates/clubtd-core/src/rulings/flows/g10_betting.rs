//! Group 10, betting mistakes: action out of turn (PKR4U 26), bet locking after a short all-in
//! (PKR4U 27), an incomplete all-in raise (TDA 38 (2004)), chips put in silently (TDA 10, the
//! 50 % rule) and a single oversized chip (PKR4U 24, TDA 11). The amounts come from the host's
//! calculators (`interpret_action`, `reopens_betting`), so a ruling here can never disagree with
//! the calculator pages. Seed examples (TDA 10, TDA 38 (2004)): after a bet of 500, 800 put in
//! silently is a raise to 1,000, 700 a call of 500; an all-in of 600 does not reopen the betting
//! for the bettor.

use super::{chips, opt, outcome, FlowBuilder};
use crate::model::money::Chips;
use crate::rulings::calculators::{
    in_front_within_bet, interpret_action, put_in_within_stack, reopens_betting, something_put_in,
    Action, BettingContext, PutInKind, Rule,
};
use crate::rulings::error::RulingError;
use crate::rulings::model::{Answers, ChipMove, Computed, Flow, Outcome, RulingAction, Value};

// ---------------------------------------------------------------------------------------------
// PKR4U 26: action out of turn
// ---------------------------------------------------------------------------------------------

/// PKR4U 26: "als een of meer betalers nog niet hebben gesproken wanneer iemand spreekt, kan de
/// weddenschap niet worden hervat als de persoon of personen die nog niet hebben gesproken,
/// checken, callen of folden. Alleen als de speler(s) wiens beurt overschreden is (openen) of
/// verhogen, kan de out-of-turn-inzet worden hervat." ("Hervat", taken back: the out-of-turn
/// action binds unless the action changes before it.)
pub(crate) fn action_out_of_turn() -> Flow {
    FlowBuilder::new("action_out_of_turn", 10, "PKR4U 26", "skipped_action")
        .choice(
            "skipped_action",
            vec![opt("unchanged", "binding"), opt("changed", "may_take_back")],
        )
        .ruling("binding", "PKR4U 26", vec![RulingAction::ActionStands])
        .ruling(
            "may_take_back",
            "PKR4U 26",
            vec![RulingAction::ActionMayBeTakenBack],
        )
        .build()
}

// ---------------------------------------------------------------------------------------------
// PKR4U 27 and TDA 38 (2004): all-in raises
// ---------------------------------------------------------------------------------------------

/// The smallest all-in total that reopens the betting over `bet`, found by bisection on
/// `calculators::reopens_betting` so it can never disagree with the calculator: the TDA full
/// raise and, for the club, double the bet (PKR4U 27). Amounts are capped at a trillion chips,
/// so nothing overflows.
fn reopen_line(bet: Chips, last_raise: Chips) -> Chips {
    let mut lo = bet.0.max(0);
    let mut hi = lo.saturating_mul(2).saturating_add(last_raise.0.max(1));
    if reopens_betting(bet, last_raise, Chips(lo)) {
        return Chips(lo);
    }
    if !reopens_betting(bet, last_raise, Chips(hi)) {
        return Chips(hi);
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if reopens_betting(bet, last_raise, Chips(mid)) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Chips(hi)
}

fn all_in_questions(b: FlowBuilder, next: &'static str) -> FlowBuilder {
    b.amount("bet", 1, "last_raise")
        .amount("last_raise", 1, "all_in")
        .help()
        .amount("all_in", 1, next)
}

fn not_a_raise() -> Outcome {
    outcome("not_a_raise", "PKR4U 27, TDA 38 (2004)")
}

fn reopens() -> Outcome {
    outcome("reopens", "PKR4U 27, TDA 38 (2004)")
}

/// PKR4U 27: "Wanneer een speler all-in gaat met meer dan de vorige inzet, maar minder dan het
/// dubbele van die inzet, wordt dat bedrag vastgezet voor alle spelers die al actie hebben
/// gehad." Released when a player it does not bind makes "een dubbele of grotere inzet".
pub(crate) fn bet_locking() -> Flow {
    let b = FlowBuilder::new("bet_locking", 10, "PKR4U 27", "bet");
    all_in_questions(b, "acted")
        .yes_no("acted", "ruling", "ruling")
        .calculated(
            "ruling",
            locking,
            vec![
                not_a_raise(),
                reopens(),
                outcome("locked", "PKR4U 27"),
                outcome("not_bound", "PKR4U 27"),
            ],
        )
        .build()
}

/// TDA 38 (2004): "als een speler all-in is voor minder dan de volledige raise, zal dat niet de
/// inzetronde heropenen voor de speler die al gehandeld heeft." Seed: 500 bet, all-in 600: the
/// bettor may not raise again; players in between who have not acted may.
pub(crate) fn incomplete_all_in() -> Flow {
    let b = FlowBuilder::new("incomplete_all_in", 10, "TDA 38 (2004)", "bet");
    all_in_questions(b, "ruling")
        .calculated(
            "ruling",
            incomplete,
            vec![
                not_a_raise(),
                reopens(),
                outcome("does_not_reopen", "TDA 38 (2004), PKR4U 27"),
            ],
        )
        .build()
}

/// Which outcome an all-in gets, from `interpret_action` (an all-in pushes the whole stack).
fn all_in_ruling(a: &Answers<'_>, acted: Option<bool>) -> Result<Computed, RulingError> {
    let bet = a.amount("bet")?;
    let last_raise = a.amount("last_raise")?;
    let to = a.amount("all_in")?;
    let ctx = BettingContext {
        current_bet: bet,
        last_full_raise: last_raise,
        already_in: Chips::ZERO,
        stack: to,
        raise_declared: false,
        raise_locked: false,
    };
    let ruling = interpret_action(ctx, to, PutInKind::MultipleChips)?;
    let line = reopen_line(bet, last_raise);
    let base = |id| {
        Computed::new(id)
            .with("bet", chips(bet))
            .with("all_in", chips(to))
            .with("reopen_at", chips(line))
    };
    Ok(match ruling.action {
        Action::AllInRaise { complete: true, .. } => {
            let min_raise_to = to + (to - bet);
            base("reopens")
                .with("min_raise_to", chips(min_raise_to))
                .action(RulingAction::MayRaise { min_raise_to })
        }
        Action::AllInRaise {
            complete: false, ..
        } => {
            let min_raise_to = to + last_raise;
            match acted {
                Some(false) => base("not_bound")
                    .with("min_raise_to", chips(min_raise_to))
                    .action(RulingAction::MayRaise { min_raise_to }),
                Some(true) => {
                    base("locked").action(RulingAction::CallOrFoldOnly { released_at: line })
                }
                None => base("does_not_reopen")
                    .with("min_raise_to", chips(min_raise_to))
                    .action(RulingAction::CallOrFoldOnly { released_at: line })
                    .action(RulingAction::MayRaise { min_raise_to }),
            }
        }
        _ => base("not_a_raise").action(RulingAction::Info),
    })
}

fn locking(a: &Answers<'_>) -> Result<Computed, RulingError> {
    all_in_ruling(a, Some(a.yes("acted")?))
}

fn incomplete(a: &Answers<'_>) -> Result<Computed, RulingError> {
    all_in_ruling(a, None)
}

// ---------------------------------------------------------------------------------------------
// TDA 10, TDA 11, PKR4U 24: what chips put in count as
// ---------------------------------------------------------------------------------------------

/// Every ruling `interpret_action` can give, by outcome id.
fn put_in_outcome(id: &'static str) -> Outcome {
    outcome(id, "TDA 10")
}

fn rule_label(rule: Rule) -> &'static str {
    match rule {
        Rule::Tda38 => "TDA 38 (2004)",
        other => other.label(),
    }
}

/// `interpret_action` on the answers `bet`, `last_raise`, `in_front`, `put_in` (or `chip`) and
/// `stack`, as an outcome with its amounts and the rules the calculator cites.
fn put_in_ruling(
    a: &Answers<'_>,
    base_rule: &str,
    put_in_question: &str,
    kind: PutInKind,
    declared: bool,
) -> Result<Computed, RulingError> {
    let bet = a.amount("bet")?;
    let last_raise = a.amount("last_raise")?;
    let ctx = BettingContext {
        current_bet: bet,
        last_full_raise: last_raise,
        already_in: a.amount("in_front")?,
        stack: a.amount("stack")?,
        raise_declared: declared,
        raise_locked: false,
    };
    let r = interpret_action(ctx, a.amount(put_in_question)?, kind)?;
    let moved = ChipMove::from(&r);
    let line = reopen_line(bet, last_raise);
    let (id, extra): (&'static str, Vec<(&'static str, Chips)>) = match r.action {
        Action::Check => ("check", vec![]),
        Action::Call { amount } => ("call", vec![("call", amount)]),
        Action::Undercall { call, short_by } => {
            ("undercall", vec![("call", call), ("short_by", short_by)])
        }
        Action::Bet { amount } => ("bet", vec![("amount", amount)]),
        Action::Raise { to } => ("raise", vec![("to", to)]),
        Action::AllInCall { amount } => ("all_in_call", vec![("call", amount)]),
        Action::AllInBet {
            amount,
            complete: true,
        } => ("all_in_bet", vec![("amount", amount)]),
        Action::AllInBet { amount, .. } => ("all_in_bet_short", vec![("amount", amount)]),
        Action::AllInRaise { to, complete: true } => ("all_in_raise", vec![("to", to)]),
        Action::AllInRaise { to, .. } => ("all_in_raise_short", vec![("to", to)]),
    };
    let mut rules = vec![base_rule.to_string()];
    for rule in &r.rules {
        let label = rule_label(*rule).to_string();
        if !base_rule.split(", ").any(|r| r == label) && !rules.contains(&label) {
            rules.push(label);
        }
    }
    let mut computed = Computed::new(id)
        .with("total", chips(r.total_in_front))
        .with("move", Value::Move(moved))
        .with("min_raise_to", chips(r.min_raise_to))
        .with("reopen_at", chips(line))
        .action(RulingAction::SettleChips { chips: moved });
    computed.rule = Some(rules.join(", "));
    for (name, amount) in extra {
        computed = computed.with(name, chips(amount));
    }
    match id {
        "undercall" => {
            computed = computed.action(RulingAction::SeeFlow {
                flow: "unattention_bet".to_string(),
            })
        }
        "all_in_bet_short" | "all_in_raise_short" => {
            computed = computed.action(RulingAction::CallOrFoldOnly { released_at: line })
        }
        _ => {}
    }
    Ok(computed)
}

fn bet_questions(b: FlowBuilder, min_bet: i64) -> FlowBuilder {
    b.amount("bet", min_bet, "last_raise")
        .help()
        .amount("last_raise", 1, "in_front")
        .help()
        .amount("in_front", 0, "how")
        .checked(in_front_within)
}

// Each amount checked against the earlier ones as soon as it is typed, with the calculator's
// own checks (it makes them again on the whole).

fn in_front_within(a: &Answers<'_>) -> Result<(), RulingError> {
    Ok(in_front_within_bet(
        a.amount("in_front")?,
        a.amount("bet")?,
    )?)
}

/// The chips put in answer the bet (TDA 10), unless a raise was declared.
fn put_in_answers(a: &Answers<'_>) -> Result<(), RulingError> {
    let (_, declared) = how_put_in(a)?;
    Ok(something_put_in(
        a.amount("put_in")?,
        declared,
        a.amount("in_front")?,
        a.amount("bet")?,
    )?)
}

/// The chips put in fit the stack; a named amount above it is taken as all-in instead.
fn put_in_within(a: &Answers<'_>) -> Result<(), RulingError> {
    if how_put_in(a)?.0 == PutInKind::VerbalAmount {
        return Ok(());
    }
    Ok(put_in_within_stack(
        a.amount("put_in")?,
        a.amount("stack")?,
    )?)
}

fn chip_within(a: &Answers<'_>) -> Result<(), RulingError> {
    Ok(put_in_within_stack(a.amount("chip")?, a.amount("stack")?)?)
}

fn stack_question(b: FlowBuilder) -> FlowBuilder {
    b.amount("stack", 1, "ruling")
}

/// TDA 10, the 50 % rule: "Als een speler een raise maakt van 50% of meer van de vorige
/// inzet, zal hij verplicht zijn om deze aan te vullen tot een volledige raise ... Als hij 700
/// neerzet, zal het een call zijn". A named amount counts like chips; a declared raise is at
/// least the minimum raise.
pub(crate) fn fifty_percent_rule() -> Flow {
    let b = FlowBuilder::new("fifty_percent_rule", 10, "TDA 10", "bet");
    let b = bet_questions(b, 1)
        .choice(
            "how",
            vec![
                opt("silent", "put_in"),
                opt("spoken", "put_in"),
                opt("declared", "put_in"),
            ],
        )
        .amount("put_in", 0, "stack")
        .checked(put_in_answers);
    stack_question(b)
        .checked(put_in_within)
        .calculated(
            "ruling",
            fifty_percent,
            [
                "check",
                "call",
                "undercall",
                "raise",
                "all_in_call",
                "all_in_raise",
                "all_in_raise_short",
            ]
            .into_iter()
            .map(put_in_outcome)
            .collect(),
        )
        .build()
}

/// How the chips went in (the 50 % flow's `how`: silent, spoken, declared), and whether a
/// raise was declared.
fn how_put_in(a: &Answers<'_>) -> Result<(PutInKind, bool), RulingError> {
    Ok(match a.choice("how")? {
        1 => (PutInKind::VerbalAmount, false),
        2 => (PutInKind::MultipleChips, true),
        _ => (PutInKind::MultipleChips, false),
    })
}

fn fifty_percent(a: &Answers<'_>) -> Result<Computed, RulingError> {
    let (kind, declared) = how_put_in(a)?;
    put_in_ruling(a, "TDA 10", "put_in", kind, declared)
}

/// PKR4U 24 and TDA 11: "Een chip inzetten, zonder voorafgaande mondelinge aankondiging, is een
/// call als het geen opening is. Zelfs als de speler wil verhogen, maar in deze inzetronde al
/// een of meer chips heeft geplaatst, zal een extra chip een call zijn, ongeacht de waarde van
/// deze chip." An opening single chip is a bet of its value; a declared raise with one chip
/// raises up to its value (TDA 11).
pub(crate) fn single_chip() -> Flow {
    let b = FlowBuilder::new("single_chip", 10, "PKR4U 24, TDA 11", "bet");
    let b = bet_questions(b, 0)
        .yes_no("how", "chip", "chip")
        .amount("chip", 1, "stack");
    stack_question(b)
        .checked(chip_within)
        .calculated(
            "ruling",
            one_chip,
            [
                "check",
                "call",
                "undercall",
                "bet",
                "raise",
                "all_in_call",
                "all_in_bet",
                "all_in_bet_short",
                "all_in_raise",
                "all_in_raise_short",
            ]
            .into_iter()
            .map(put_in_outcome)
            .collect(),
        )
        .build()
}

fn one_chip(a: &Answers<'_>) -> Result<Computed, RulingError> {
    put_in_ruling(
        a,
        "PKR4U 24, TDA 11",
        "chip",
        PutInKind::SingleChip,
        a.yes("how")?,
    )
}
