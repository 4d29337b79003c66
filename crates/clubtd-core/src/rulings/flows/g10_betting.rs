//! Group 10, betting mistakes: action out of turn (PKR4U 26), bet locking after a short all-in
//! (PKR4U 27), an incomplete all-in raise (TDA 38 (2004)), chips put in silently (TDA 10, the
//! 50 % rule) and a single oversized chip (PKR4U 24, TDA 11). The amounts come from the host's
//! calculators (`interpret_action`, `reopens_betting`), so a ruling here can never disagree with
//! the calculator pages. Seed examples (TDA 10, TDA 38 (2004)): after a bet of 500, 800 put in
//! silently is a raise to 1,000, 700 a call of 500; an all-in of 600 does not reopen the betting
//! for the bettor.

use super::{chips, opt, outcome, t, FlowBuilder};
use crate::model::money::Chips;
use crate::rulings::calculators::{
    interpret_action, reopens_betting, Action, BettingContext, PutInKind, Rule,
};
use crate::rulings::error::RulingError;
use crate::rulings::model::{
    Answers, ChipMove, Computed, Flow, Outcome, RulingAction, Text, Value,
};

// ---------------------------------------------------------------------------------------------
// PKR4U 26: action out of turn
// ---------------------------------------------------------------------------------------------

/// PKR4U 26: "als een of meer betalers nog niet hebben gesproken wanneer iemand spreekt, kan de
/// weddenschap niet worden hervat als de persoon of personen die nog niet hebben gesproken,
/// checken, callen of folden. Alleen als de speler(s) wiens beurt overschreden is (openen) of
/// verhogen, kan de out-of-turn-inzet worden hervat." ("Hervat", taken back: the out-of-turn
/// action binds unless the action changes before it.)
pub(crate) fn action_out_of_turn() -> Flow {
    FlowBuilder::new(
        "action_out_of_turn",
        10,
        "PKR4U 26",
        t(
            "Action out of turn",
            "Actie voor je beurt",
            "Action hors de son tour",
        ),
        "skipped_action",
    )
    .choice(
        "skipped_action",
        t(
            "A player called or raised before their turn. What did the player(s) whose turn was skipped do?",
            "Een speler callde of verhoogde voor zijn beurt. Wat deden de speler(s) wiens beurt werd overgeslagen?",
            "Un joueur a suivi ou relancé avant son tour. Qu'ont fait le ou les joueurs dont le tour a été sauté ?",
        ),
        vec![
            opt(
                "unchanged",
                t(
                    "Checked, called or folded",
                    "Checkten, callden of foldden",
                    "Ils ont checké, suivi ou se sont couchés",
                ),
                "binding",
            ),
            opt(
                "changed",
                t(
                    "Bet (opened) or raised",
                    "Openden (zetten in) of verhoogden",
                    "Ils ont ouvert (misé) ou relancé",
                ),
                "may_take_back",
            ),
        ],
    )
    .ruling(
        "binding",
        "PKR4U 26",
        t(
            "The out-of-turn action stands: the skipped player(s) only checked, called or folded, so the player who acted out of turn cannot take their call or raise back.",
            "De actie voor de beurt blijft staan: de overgeslagen speler(s) hebben enkel gecheckt, gecald of gefold, dus de speler die voor zijn beurt handelde, kan zijn call of raise niet terugnemen.",
            "L'action hors tour est maintenue : le ou les joueurs sautés ont seulement checké, suivi ou se sont couchés ; le joueur qui a agi hors de son tour ne peut donc pas reprendre son suivi ou sa relance.",
        ),
        vec![RulingAction::ActionStands],
    )
    .ruling(
        "may_take_back",
        "PKR4U 26",
        t(
            "The action changed: a skipped player opened or raised, so the player who acted out of turn may take back their call or raise and decide again (call, raise or fold).",
            "De actie is veranderd: een overgeslagen speler opende of verhoogde, dus de speler die voor zijn beurt handelde, mag zijn call of raise terugnemen en opnieuw beslissen (callen, verhogen of folden).",
            "L'action a changé : un joueur sauté a ouvert ou relancé ; le joueur qui a agi hors de son tour peut donc reprendre son suivi ou sa relance et décider à nouveau (suivre, relancer ou se coucher).",
        ),
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
    b.amount(
        "bet",
        t(
            "What was the bet before the all-in (the total to call)?",
            "Hoeveel was de inzet vóór de all-in (het te callen totaal)?",
            "Quelle était la mise avant le tapis (le total à suivre) ?",
        ),
        1,
        "last_raise",
    )
    .amount(
        "last_raise",
        t(
            "How big was the last full bet or raise?",
            "Hoe groot was de laatste volledige inzet of verhoging?",
            "Quelle était la dernière mise ou relance complète ?",
        ),
        1,
        "all_in",
    )
    .help(t(
        "An opening bet of 500: 500. A raise from 200 to 500: 300. Before the flop with no raise: the big blind.",
        "Een openingsinzet van 500: 500. Een verhoging van 200 naar 500: 300. Voor de flop zonder verhoging: de big blind.",
        "Une mise d'ouverture de 500 : 500. Une relance de 200 à 500 : 300. Avant le flop sans relance : la grosse blinde.",
    ))
    .amount(
        "all_in",
        t(
            "What is the all-in player's total in front?",
            "Hoeveel ligt er in totaal voor de all-in speler?",
            "Quel est le total devant le joueur à tapis ?",
        ),
        1,
        next,
    )
}

fn not_a_raise() -> Outcome {
    outcome(
        "not_a_raise",
        "PKR4U 27, TDA 38 (2004)",
        t(
            "The all-in of {all_in} is not more than the bet of {bet}: it is only a call (for less). Nothing is locked and nothing reopens.",
            "De all-in van {all_in} is niet meer dan de inzet van {bet}: het is enkel een call (voor minder). Er wordt niets geblokkeerd of heropend.",
            "Le tapis de {all_in} ne dépasse pas la mise de {bet} : ce n'est qu'un suivi (pour moins). Rien n'est bloqué ni rouvert.",
        ),
    )
}

fn reopens() -> Outcome {
    outcome(
        "reopens",
        "PKR4U 27, TDA 38 (2004)",
        t(
            "The all-in to {all_in} is a full raise (it needed {reopen_at}): the betting is reopened for everyone. A re-raise must reach at least {min_raise_to}.",
            "De all-in tot {all_in} is een volledige verhoging (daarvoor was {reopen_at} nodig): de inzetten worden voor iedereen heropend. Een nieuwe verhoging moet minstens {min_raise_to} bedragen.",
            "Le tapis à {all_in} est une relance complète (il fallait {reopen_at}) : les enchères sont rouvertes pour tous. Une surrelance doit atteindre au moins {min_raise_to}.",
        ),
    )
}

/// PKR4U 27: "Wanneer een speler all-in gaat met meer dan de vorige inzet, maar minder dan het
/// dubbele van die inzet, wordt dat bedrag vastgezet voor alle spelers die al actie hebben
/// gehad." Released when a player it does not bind makes "een dubbele of grotere inzet".
pub(crate) fn bet_locking() -> Flow {
    let b = FlowBuilder::new(
        "bet_locking",
        10,
        "PKR4U 27",
        t(
            "Bet locking after a short all-in",
            "Inzetten blokkeren na een korte all-in",
            "Blocage des mises après un tapis incomplet",
        ),
        "bet",
    );
    all_in_questions(b, "acted")
        .yes_no(
            "acted",
            t(
                "Had the player who must act now already acted on the bet before the all-in (bet it or called it)?",
                "Had de speler die nu aan de beurt is al actie gehad op de inzet vóór de all-in (ingezet of gecald)?",
                "Le joueur qui doit parler maintenant avait-il déjà agi sur la mise avant le tapis (misé ou suivi) ?",
            ),
            "ruling",
            "ruling",
        )
        .calculated(
            "ruling",
            locking,
            vec![
                not_a_raise(),
                reopens(),
                outcome(
                    "locked",
                    "PKR4U 27",
                    t(
                        "Locked: the all-in to {all_in} is more than the bet of {bet} but less than a full raise ({reopen_at}). This player already acted, so they may only call {all_in} or fold. The lock is lifted only if a player it does not bind brings the bet to {reopen_at} or more.",
                        "Geblokkeerd: de all-in tot {all_in} is meer dan de inzet van {bet}, maar minder dan een volledige verhoging ({reopen_at}). Deze speler had al actie, dus hij mag enkel {all_in} callen of folden. De blokkering wordt pas opgeheven als een speler die er niet door geraakt wordt, de inzet op {reopen_at} of meer brengt.",
                        "Bloqué : le tapis à {all_in} dépasse la mise de {bet}, mais reste sous une relance complète ({reopen_at}). Ce joueur a déjà parlé : il peut seulement suivre {all_in} ou se coucher. Le blocage n'est levé que si un joueur non concerné porte la mise à {reopen_at} ou plus.",
                    ),
                ),
                outcome(
                    "not_bound",
                    "PKR4U 27",
                    t(
                        "Not locked: this player had not acted on the bet yet, so the lock does not bind them. They may call {all_in}, fold, or raise to at least {min_raise_to}; a raise to {reopen_at} or more also releases the players who are locked.",
                        "Niet geblokkeerd: deze speler had nog geen actie op de inzet, dus de blokkering geldt niet voor hem. Hij mag {all_in} callen, folden of verhogen tot minstens {min_raise_to}; een verhoging tot {reopen_at} of meer geeft ook de geblokkeerde spelers weer vrij.",
                        "Non bloqué : ce joueur n'avait pas encore parlé sur la mise, le blocage ne le concerne donc pas. Il peut suivre {all_in}, se coucher ou relancer à {min_raise_to} au moins ; une relance à {reopen_at} ou plus libère aussi les joueurs bloqués.",
                    ),
                ),
            ],
        )
        .build()
}

/// TDA 38 (2004): "als een speler all-in is voor minder dan de volledige raise, zal dat niet de
/// inzetronde heropenen voor de speler die al gehandeld heeft." Seed: 500 bet, all-in 600: the
/// bettor may not raise again; players in between who have not acted may.
pub(crate) fn incomplete_all_in() -> Flow {
    let b = FlowBuilder::new(
        "incomplete_all_in",
        10,
        "TDA 38 (2004)",
        t(
            "Incomplete all-in raise",
            "Onvolledige all-in verhoging",
            "Relance à tapis incomplète",
        ),
        "bet",
    );
    all_in_questions(b, "ruling")
        .calculated(
            "ruling",
            incomplete,
            vec![
                not_a_raise(),
                reopens(),
                outcome(
                    "does_not_reopen",
                    "TDA 38 (2004), PKR4U 27",
                    t(
                        "The all-in to {all_in} is not a full raise (that needs {reopen_at}), so it does not reopen the betting for players who already acted: they may only call {all_in} or fold. Players who have not acted yet may call, fold or raise to at least {min_raise_to}.",
                        "De all-in tot {all_in} is geen volledige verhoging (daarvoor is {reopen_at} nodig), dus de inzetronde wordt niet heropend voor spelers die al gehandeld hebben: zij mogen enkel {all_in} callen of folden. Spelers die nog niet gehandeld hebben, mogen callen, folden of verhogen tot minstens {min_raise_to}.",
                        "Le tapis à {all_in} n'est pas une relance complète (il faut {reopen_at}) ; il ne rouvre donc pas les enchères pour les joueurs qui ont déjà parlé : ils peuvent seulement suivre {all_in} ou se coucher. Les joueurs qui n'ont pas encore parlé peuvent suivre, se coucher ou relancer à {min_raise_to} au moins.",
                    ),
                ),
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
    let text: Text = match id {
        "check" => t(
            "It is a check: there was nothing more to call ({move}).",
            "Het is een check: er viel niets meer te callen ({move}).",
            "C'est un check : il n'y avait plus rien à suivre ({move}).",
        ),
        "call" => t(
            "It is a call of {call}: {total} in front in all ({move}).",
            "Het is een call van {call}: in totaal {total} voor de speler ({move}).",
            "C'est un suivi de {call} : {total} au total devant le joueur ({move}).",
        ),
        "undercall" => t(
            "Not enough for a call: the call is {call} and {short_by} is missing, so the player completes the call ({move}). If they had not seen the bet, use the unattention bet instead (PKR4U 2).",
            "Niet genoeg voor een call: de call is {call} en er ontbreekt {short_by}, dus de speler vult de call aan ({move}). Had hij de inzet niet gezien, gebruik dan de unattention bet (PKR4U 2).",
            "Pas assez pour suivre : le suivi est de {call} et il manque {short_by} ; le joueur complète donc le suivi ({move}). S'il n'avait pas vu la mise, utilisez plutôt l'unattention bet (PKR4U 2).",
        ),
        "bet" => t(
            "It is a bet of {amount} ({move}).",
            "Het is een inzet van {amount} ({move}).",
            "C'est une mise de {amount} ({move}).",
        ),
        "raise" => t(
            "It is a raise to {to} ({move}); the minimum raise was to {min_raise_to}.",
            "Het is een verhoging tot {to} ({move}); de minimale verhoging was tot {min_raise_to}.",
            "C'est une relance à {to} ({move}) ; la relance minimale était à {min_raise_to}.",
        ),
        "all_in_call" => t(
            "It is an all-in call for {call}: {total} in front in all ({move}).",
            "Het is een all-in call voor {call}: in totaal {total} voor de speler ({move}).",
            "C'est un suivi à tapis pour {call} : {total} au total devant le joueur ({move}).",
        ),
        "all_in_bet" => t(
            "It is an all-in bet of {amount}, at least the minimum bet: it opens the betting ({move}).",
            "Het is een all-in inzet van {amount}, minstens de minimale inzet: ze opent de inzetronde ({move}).",
            "C'est une mise à tapis de {amount}, au moins la mise minimale : elle ouvre les enchères ({move}).",
        ),
        "all_in_bet_short" => t(
            "It is an all-in bet of {amount} ({move}), less than the minimum bet: players who already checked may only call or fold.",
            "Het is een all-in inzet van {amount} ({move}), minder dan de minimale inzet: spelers die al checkten, mogen enkel callen of folden.",
            "C'est une mise à tapis de {amount} ({move}), inférieure à la mise minimale : les joueurs qui ont déjà checké peuvent seulement suivre ou se coucher.",
        ),
        "all_in_raise" => t(
            "It is an all-in raise to {to}, a full raise: the betting is reopened for everyone ({move}).",
            "Het is een all-in verhoging tot {to}, een volledige verhoging: de inzetten worden voor iedereen heropend ({move}).",
            "C'est une relance à tapis à {to}, une relance complète : les enchères sont rouvertes pour tous ({move}).",
        ),
        _ => t(
            "It is an all-in to {to} ({move}), less than a full raise ({reopen_at}): players who already acted may only call or fold.",
            "Het is een all-in tot {to} ({move}), minder dan een volledige verhoging ({reopen_at}): spelers die al actie hadden, mogen enkel callen of folden.",
            "C'est un tapis à {to} ({move}), inférieur à une relance complète ({reopen_at}) : les joueurs qui ont déjà parlé peuvent seulement suivre ou se coucher.",
        ),
    };
    outcome(id, "TDA 10", text)
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
    b.amount(
        "bet",
        t(
            "What is the bet to call (the highest total in front of a player this round)?",
            "Hoeveel is de te callen inzet (het hoogste totaal voor een speler in deze ronde)?",
            "Quelle est la mise à suivre (le total le plus élevé devant un joueur dans ce tour) ?",
        ),
        min_bet,
        "last_raise",
    )
    .help(t(
        "0 if nobody has bet this round. Before the flop: at least the big blind.",
        "0 als er in deze ronde nog niemand inzette. Voor de flop: minstens de big blind.",
        "0 si personne n'a encore misé dans ce tour. Avant le flop : au moins la grosse blinde.",
    ))
    .amount(
        "last_raise",
        t(
            "How big was the last full bet or raise (the big blind if nobody has bet)?",
            "Hoe groot was de laatste volledige inzet of verhoging (de big blind als niemand inzette)?",
            "Quelle était la dernière mise ou relance complète (la grosse blinde si personne n'a misé) ?",
        ),
        1,
        "in_front",
    )
    .help(t(
        "An opening bet of 500: 500. A raise from 200 to 500: 300.",
        "Een openingsinzet van 500: 500. Een verhoging van 200 naar 500: 300.",
        "Une mise d'ouverture de 500 : 500. Une relance de 200 à 500 : 300.",
    ))
    .amount(
        "in_front",
        t(
            "How many chips did the player already have in front this round (a blind, an earlier call; 0 if none)?",
            "Hoeveel chips lagen er in deze ronde al voor de speler (een blind, een eerdere call; 0 als er geen lagen)?",
            "Combien de jetons le joueur avait-il déjà devant lui dans ce tour (une blinde, un suivi précédent ; 0 s'il n'en avait pas) ?",
        ),
        0,
        "how",
    )
}

fn stack_question(b: FlowBuilder) -> FlowBuilder {
    b.amount(
        "stack",
        t(
            "How many chips did the player have behind before this action?",
            "Hoeveel chips had de speler achter zich vóór deze actie?",
            "Combien de jetons le joueur avait-il derrière lui avant cette action ?",
        ),
        1,
        "ruling",
    )
}

/// TDA 10, the 50 % rule: "Als een speler een raise maakt van 50% of meer van de vorige
/// inzet, zal hij verplicht zijn om deze aan te vullen tot een volledige raise ... Als hij 700
/// neerzet, zal het een call zijn". A named amount counts like chips; a declared raise is at
/// least the minimum raise.
pub(crate) fn fifty_percent_rule() -> Flow {
    let b = FlowBuilder::new(
        "fifty_percent_rule",
        10,
        "TDA 10",
        t(
            "Chips put in: call or raise (50 % rule)",
            "Ingezette chips: call of raise (50%-regel)",
            "Jetons misés : suivi ou relance (règle des 50 %)",
        ),
        "bet",
    );
    let b = bet_questions(b, 1)
        .choice(
            "how",
            t(
                "How were the chips put in?",
                "Hoe werden de chips ingezet?",
                "Comment les jetons ont-ils été misés ?",
            ),
            vec![
                opt(
                    "silent",
                    t(
                        "Several chips in one motion, without a word",
                        "Meerdere chips in één beweging, zonder iets te zeggen",
                        "Plusieurs jetons en un seul geste, sans rien dire",
                    ),
                    "put_in",
                ),
                opt(
                    "spoken",
                    t(
                        "An amount said aloud (\"700\")",
                        "Een bedrag hardop gezegd (\"700\")",
                        "Un montant annoncé à voix haute (« 700 »)",
                    ),
                    "put_in",
                ),
                opt(
                    "declared",
                    t(
                        "\"Raise\" said first (or \"plus 200\")",
                        "Eerst \"raise\" gezegd (of \"plus 200\")",
                        "« Relance » annoncé d'abord (ou « plus 200 »)",
                    ),
                    "put_in",
                ),
            ],
        )
        .amount(
            "put_in",
            t(
                "How many chips were put in (or named) now, not counting those already in front?",
                "Hoeveel chips werden nu ingezet (of genoemd), zonder de chips die al voor de speler lagen?",
                "Combien de jetons ont été misés (ou annoncés) maintenant, sans compter ceux déjà devant le joueur ?",
            ),
            0,
            "stack",
        );
    stack_question(b)
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

fn fifty_percent(a: &Answers<'_>) -> Result<Computed, RulingError> {
    let (kind, declared) = match a.choice("how")? {
        1 => (PutInKind::VerbalAmount, false),
        2 => (PutInKind::MultipleChips, true),
        _ => (PutInKind::MultipleChips, false),
    };
    put_in_ruling(a, "TDA 10", "put_in", kind, declared)
}

/// PKR4U 24 and TDA 11: "Een chip inzetten, zonder voorafgaande mondelinge aankondiging, is een
/// call als het geen opening is. Zelfs als de speler wil verhogen, maar in deze inzetronde al
/// een of meer chips heeft geplaatst, zal een extra chip een call zijn, ongeacht de waarde van
/// deze chip." An opening single chip is a bet of its value; a declared raise with one chip
/// raises up to its value (TDA 11).
pub(crate) fn single_chip() -> Flow {
    let b = FlowBuilder::new(
        "single_chip",
        10,
        "PKR4U 24, TDA 11",
        t(
            "A single chip put in",
            "Eén chip ingezet",
            "Un seul jeton misé",
        ),
        "bet",
    );
    let b = bet_questions(b, 0)
        .yes_no(
            "how",
            t(
                "Did the player say \"raise\" (or \"bet\") before or while putting the chip in?",
                "Zei de speler \"raise\" (of \"bet\") voor of tijdens het inzetten van de chip?",
                "Le joueur a-t-il dit « relance » (ou « mise ») avant ou en posant le jeton ?",
            ),
            "chip",
            "chip",
        )
        .amount(
            "chip",
            t(
                "What is the value of the chip?",
                "Wat is de waarde van de chip?",
                "Quelle est la valeur du jeton ?",
            ),
            1,
            "stack",
        );
    stack_question(b)
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
