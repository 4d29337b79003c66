//! The correction matrix (issue Q, part 3): every correction command after each kind of later
//! event is either exactly right or refused with its code, never half-applied.
//!
//! "Exactly right" is checked against the world where the mistake never happened: the same
//! commands with the mistake left out, each run with the same time and seed as in the world
//! with the mistake (so seat draws agree). After the correction, both worlds must show the same
//! money and places to the cent: every player's status, head, bounty money, payments, entries
//! and stack, the prize pool, the house's fees and the standings. A refusal must leave the
//! state exactly as it was.

use clubtd_core::busts::standings;
use clubtd_core::command::{
    BreakTable, BustReport, CancelEntry, CloseRegistration, Command, CreateTournament, Ctx,
    Disqualify, LeaveEarly, MovePlayer, ReEnter, ReEntryOption, RecordDeal, RegisterPlayer,
    ReinstatePlayer, ReopenRegistration, ReopenTable, ReportBusts, RevivePlayer, SetButton,
    SetPayouts, StartClock, UndoLast,
};
use clubtd_core::config::templates;
use clubtd_core::event::{MoveReason, PaymentMethod, Place};
use clubtd_core::ids::{PlayerId, SeatNo, TableNo, Timestamp};
use clubtd_core::money::Cents;
use clubtd_core::state::PlayerStatus;
use clubtd_core::view::tournament_view;
use clubtd_core::{decide, DomainError, Tournament};

/// A step of a scenario: the command and its own position, which fixes its time and seed.
#[derive(Clone, Debug)]
struct Step {
    at: u64,
    command: Command,
}

fn ctx(at: u64) -> Ctx {
    Ctx {
        now: Timestamp(i64::try_from(at).unwrap_or(0) * 5_000),
        seed: 7919 * at + 11,
        tapped_at: None,
        sender: None,
    }
}

fn run(t: &mut Tournament, step: &Step) -> Result<(), DomainError> {
    let events = decide(t, &step.command, ctx(step.at))?;
    for e in &events {
        t.apply(e).expect("a decided event fits");
    }
    Ok(())
}

/// Ten players at two tables of a progressive knock-out, registration closed, the clock
/// running, both buttons known, table 2 breaks first. Returns the state and who sits where.
fn evening() -> (Tournament, Vec<PlayerId>, Vec<PlayerId>) {
    evening_with(true)
}

/// The same evening, with registration still open when `closed` is false (re-entries).
fn evening_with(closed: bool) -> (Tournament, Vec<PlayerId>, Vec<PlayerId>) {
    let mut config = templates::club_pko("matrix", 2);
    config.table_size = 6;
    config.tables_at_start = 2;
    config.stop_table_at = 0;
    let mut t = Tournament::default();
    let mut at = 0;
    let mut go = |t: &mut Tournament, command: Command| {
        at += 1;
        run(t, &Step { at, command }).expect("the evening's set-up is accepted");
    };
    go(
        &mut t,
        Command::CreateTournament(CreateTournament { config }),
    );
    for n in 1..=10 {
        go(
            &mut t,
            Command::RegisterPlayer(RegisterPlayer {
                name: format!("Player {n}"),
                method: PaymentMethod::Cash,
                present: true,
                same_name_confirmed: false,
            }),
        );
    }
    go(&mut t, Command::StartClock(StartClock {}));
    if closed {
        go(&mut t, Command::CloseRegistration(CloseRegistration {}));
    }
    for table in [TableNo(1), TableNo(2)] {
        let seat = *t.tables[&table].seats.keys().next().expect("seated");
        go(&mut t, Command::SetButton(SetButton { table, seat }));
    }
    let at_table = |n: u16| {
        t.tables[&TableNo(n)]
            .seats
            .values()
            .copied()
            .collect::<Vec<_>>()
    };
    let (one, two) = (at_table(1), at_table(2));
    assert!(one.len() >= 4 && two.len() >= 4, "{one:?} {two:?}");
    (t, one, two)
}

fn bust(table: u16, player: PlayerId, by: PlayerId) -> Command {
    Command::ReportBusts(ReportBusts {
        table: TableNo(table),
        busts: vec![BustReport {
            player,
            eliminators: vec![by],
            start_stack: None,
        }],
    })
}

/// The director moves `player` to table 2's sixth seat (free in this evening's seed-fixed draw).
fn to_the_last_seat_of_table_two(player: PlayerId) -> Command {
    Command::MovePlayer(MovePlayer {
        player,
        to: Place {
            table: TableNo(2),
            seat: SeatNo(6),
        },
        reason: MoveReason::Director,
    })
}

/// What must agree to the cent between the corrected world and the world without the mistake.
#[derive(Debug, PartialEq, Eq)]
struct Money {
    players: Vec<(PlayerId, PlayerStatus, Cents, Cents, Cents, u16, i64)>,
    pool: Cents,
    fees: Cents,
    places: Vec<(PlayerId, u32, u32, Cents)>,
}

fn money(t: &Tournament, now: Timestamp) -> Money {
    let cfg = t.config.as_ref().expect("created");
    Money {
        players: t
            .players
            .values()
            .map(|p| {
                (
                    p.id,
                    p.status,
                    p.bounty,
                    p.bounty_won,
                    p.paid,
                    p.entries,
                    p.stack.0,
                )
            })
            .collect(),
        pool: t.prize_pool,
        fees: t.house_fees,
        places: standings(t, cfg, now)
            .into_iter()
            .map(|s| (s.player, s.place, s.shared_by, s.prize))
            .collect(),
    }
}

/// How a cell must end.
#[derive(Debug, Clone, PartialEq)]
enum Expect {
    /// Accepted, and the same money and places as without the mistake.
    Exact,
    /// Refused with this code, the state untouched.
    Refused(&'static str),
}

/// One cell: the mistake, what happened after it, the correction and what must come of it.
/// `later` may be refused itself (a bust of a player the mistake put out): such a step is
/// skipped in both worlds alike.
fn cell(
    name: &str,
    open: bool,
    setup: &[Command],
    mistake: Command,
    later: &[Command],
    correction: Command,
    expect: Expect,
) {
    let (base, ..) = evening_with(!open);
    let mut at = 100;
    let mut next = |command: &Command| {
        at += 1;
        Step {
            at,
            command: command.clone(),
        }
    };
    let setup: Vec<Step> = setup.iter().map(&mut next).collect();
    let mistake = next(&mistake);
    let later: Vec<Step> = later.iter().map(&mut next).collect();
    let correction = next(&correction);
    let now = ctx(correction.at).now;

    let mut with = base.clone();
    let mut without = base;
    for s in &setup {
        run(&mut with, s).unwrap_or_else(|e| panic!("{name}: set-up {s:?}: {e:?}"));
        run(&mut without, s).unwrap_or_else(|e| panic!("{name}: set-up {s:?}: {e:?}"));
    }
    run(&mut with, &mistake).unwrap_or_else(|e| panic!("{name}: the mistake is accepted: {e:?}"));
    for s in &later {
        let a = run(&mut with, s);
        let b = run(&mut without, s);
        // A later step that builds on the mistake (the re-entry wins a bounty) only exists in
        // the world with it; then only a refusal is expected and the other world is moot.
        if expect == Expect::Exact {
            assert_eq!(a.is_ok(), b.is_ok(), "{name}: {s:?} in both worlds alike");
        }
    }
    let before = with.clone();
    match (run(&mut with, &correction), expect) {
        (Ok(()), Expect::Exact) => {
            assert_eq!(money(&with, now), money(&without, now), "{name}: not exact");
            if let (Some(a), Some(b)) =
                (tournament_view(&with, now), tournament_view(&without, now))
            {
                assert_eq!(a.results, b.results, "{name}: results differ");
                assert_eq!(a.players_left, b.players_left, "{name}");
            }
        }
        (Err(e), Expect::Refused(code)) => {
            assert_eq!(e.code(), code, "{name}: refused with another code: {e:?}");
            assert_eq!(with, before, "{name}: a refusal changed the state");
        }
        (got, want) => panic!("{name}: expected {want:?}, got {got:?}"),
    }
}

#[test]
fn a_wrong_bust_revived_after_each_kind_of_later_event() {
    let (_, one, two) = evening();
    let (a, b, c, d) = (one[0], one[1], one[2], one[3]);
    let (f, g) = (two[0], two[1]);
    let mistake = bust(1, a, b);
    let revive = Command::RevivePlayer(RevivePlayer {
        player: a,
        reason: "wrong report".into(),
    });
    let cases: Vec<(&str, Vec<Command>, Expect)> = vec![
        ("nothing after", vec![], Expect::Exact),
        (
            "a bust at the other table",
            vec![bust(2, f, g)],
            Expect::Exact,
        ),
        (
            "the eliminator won another bounty",
            vec![bust(1, c, b)],
            Expect::Exact,
        ),
        (
            "another player at the table won a bounty",
            vec![bust(1, c, d)],
            Expect::Exact,
        ),
        (
            "the eliminator was knocked out in turn",
            vec![bust(1, b, c)],
            Expect::Refused("BOUNTY_MOVED_ON"),
        ),
        (
            "a player moved to the other table",
            vec![to_the_last_seat_of_table_two(d)],
            Expect::Exact,
        ),
        (
            "the payouts were locked in",
            vec![Command::SetPayouts(SetPayouts {
                amounts: vec![Cents(8_000), Cents(5_000), Cents(2_000)],
            })],
            Expect::Exact,
        ),
    ];
    for (name, later, expect) in cases {
        cell(
            name,
            false,
            &[],
            mistake.clone(),
            &later,
            revive.clone(),
            expect,
        );
    }
}

#[test]
fn a_re_entry_bought_by_mistake_cancelled_after_each_kind_of_later_event() {
    let (_, one, two) = evening_with(false);
    let (a, b, c, d) = (one[0], one[1], one[2], one[3]);
    let (f, g) = (two[0], two[1]);
    // A is out for real; the re-entry is the mistake.
    let setup = [bust(1, a, b)];
    let mistake = Command::ReEnter(ReEnter {
        player: a,
        option: ReEntryOption::NewSeat,
        method: PaymentMethod::Cash,
        present: true,
    });
    let cancel = Command::CancelEntry(CancelEntry {
        player: a,
        reason: "bought by mistake".into(),
    });
    let cases: Vec<(&str, Vec<Command>, Expect)> = vec![
        ("nothing after", vec![], Expect::Exact),
        (
            "a bust at the other table",
            vec![bust(2, f, g)],
            Expect::Exact,
        ),
        (
            "a bust at the first table",
            vec![bust(1, c, d)],
            Expect::Exact,
        ),
        (
            "a move to the other table",
            vec![to_the_last_seat_of_table_two(d)],
            Expect::Exact,
        ),
    ];
    for (name, later, expect) in cases {
        cell(
            name,
            true,
            &setup,
            mistake.clone(),
            &later,
            cancel.clone(),
            expect,
        );
    }
}

#[test]
fn a_re_entry_that_played_on_is_not_cancelled() {
    // Once the re-entry took part in a bust (won a bounty, or was knocked out again), money
    // changed hands on it: refused, the later bust is corrected first.
    let (t, one, _) = evening_with(false);
    let (a, b, c) = (one[0], one[1], one[2]);
    let setup = [bust(1, a, b)];
    let mistake = Command::ReEnter(ReEnter {
        player: a,
        option: ReEntryOption::NewSeat,
        method: PaymentMethod::Cash,
        present: true,
    });
    let cancel = Command::CancelEntry(CancelEntry {
        player: a,
        reason: "bought by mistake".into(),
    });
    // Where A sits after the re-entry decides which table reports A's busts.
    let mut probe = t.clone();
    run(
        &mut probe,
        &Step {
            at: 101,
            command: setup[0].clone(),
        },
    )
    .unwrap();
    run(
        &mut probe,
        &Step {
            at: 102,
            command: mistake.clone(),
        },
    )
    .unwrap();
    let table = probe.players[&a].seat.expect("seated").table;
    let mate = *probe.tables[&table]
        .seats
        .values()
        .find(|p| **p != a && **p != c)
        .expect("a tablemate");
    cell(
        "the re-entry won a bounty",
        true,
        &setup,
        mistake.clone(),
        &[bust(table.0, mate, a)],
        cancel.clone(),
        Expect::Refused("ENTRY_NOT_CANCELLABLE"),
    );
    cell(
        "the re-entry was knocked out again",
        true,
        &setup,
        mistake,
        &[bust(table.0, a, mate)],
        cancel,
        Expect::Refused("ENTRY_NOT_CANCELLABLE"),
    );
}

#[test]
fn an_early_leave_or_a_disqualification_taken_back_after_each_kind_of_later_event() {
    let (_, one, two) = evening();
    let (a, c, d) = (one[0], one[2], one[3]);
    let (f, g) = (two[0], two[1]);
    let reinstate = Command::ReinstatePlayer(ReinstatePlayer {
        player: a,
        reason: "mistake".into(),
    });
    let mistakes = [
        Command::LeaveEarly(LeaveEarly { player: a }),
        Command::Disqualify(Disqualify {
            player: a,
            reason: "wrong player".into(),
        }),
    ];
    for mistake in mistakes {
        let cases: Vec<(&str, Vec<Command>, Expect)> = vec![
            ("nothing after", vec![], Expect::Exact),
            (
                "a bust took its place after it",
                vec![bust(2, f, g)],
                Expect::Exact,
            ),
            (
                "two busts after it",
                vec![bust(2, f, g), bust(1, c, d)],
                Expect::Exact,
            ),
        ];
        for (name, later, expect) in cases {
            cell(
                name,
                false,
                &[],
                mistake.clone(),
                &later,
                reinstate.clone(),
                expect,
            );
        }
    }
}

#[test]
fn corrections_after_a_deal_are_refused_and_the_deal_stands() {
    // A deal shares exactly the money not yet paid among the players left: bringing a
    // player back would break that sum, so the deal is recorded again instead.
    let (base, one, two) = evening();
    let (a, b) = (one[0], one[1]);
    let mut t = base;
    let at = std::cell::Cell::new(100u64);
    let go = |t: &mut Tournament, command: Command| {
        at.set(at.get() + 1);
        run(
            t,
            &Step {
                at: at.get(),
                command,
            },
        )
    };
    go(&mut t, bust(1, a, b)).unwrap();
    go(&mut t, Command::LeaveEarly(LeaveEarly { player: two[0] })).unwrap();
    // Bust everyone but four, then deal by the ICM quote.
    while t.players_left() > 4 {
        let (table, tb) = t
            .open_tables()
            .find(|(_, tb)| tb.seats.len() >= 2)
            .expect("a table with two players");
        let mut seated = tb.seats.values().copied();
        let (out, by) = (seated.next().unwrap(), seated.next().unwrap());
        go(&mut t, bust(table.0, out, by)).unwrap();
    }
    let now = ctx(at.get() + 1).now;
    let q = tournament_view(&t, now)
        .unwrap()
        .deal_quotes
        .expect("four left: quotes");
    let amounts: Vec<(PlayerId, Cents)> = q.players.iter().copied().zip(q.icm).collect();
    go(
        &mut t,
        Command::RecordDeal(RecordDeal {
            amounts,
            note: "ICM".into(),
            to_play_for: Cents::ZERO,
        }),
    )
    .unwrap();
    let before = t.clone();
    let corrections = [
        Command::RevivePlayer(RevivePlayer {
            player: a,
            reason: "wrong report".into(),
        }),
        Command::ReinstatePlayer(ReinstatePlayer {
            player: two[0],
            reason: "mistake".into(),
        }),
        Command::ReopenRegistration(ReopenRegistration {
            reason: "one more".into(),
        }),
        Command::ReopenTable(ReopenTable {
            table: TableNo(2),
            reason: "too early".into(),
        }),
    ];
    for c in corrections {
        assert_eq!(
            go(&mut t, c.clone()),
            Err(DomainError::DealRecorded),
            "{c:?}"
        );
        assert_eq!(t, before, "{c:?} changed the state");
    }
    let pool = t.prize_pool;
    assert_eq!(
        go(
            &mut t,
            Command::SetPayouts(SetPayouts {
                amounts: vec![pool]
            })
        ),
        Err(DomainError::PayoutsLocked)
    );
    // Nothing left to undo across the deal.
    assert_eq!(
        go(
            &mut t,
            Command::UndoLast(UndoLast {
                reason: "mistake".into()
            })
        ),
        Err(DomainError::NothingToUndo)
    );
    let v = tournament_view(&t, now).unwrap();
    let paid: Cents = v.results.iter().map(|r| r.prize).sum();
    assert_eq!(
        paid, t.prize_pool,
        "the deal and the places pay the whole pool"
    );
}

#[test]
fn a_table_broken_too_early_reopens_after_each_kind_of_later_event() {
    let (base, one, two) = evening();
    let (a, b) = (one[0], one[1]);
    let break_two = Command::BreakTable(BreakTable { table: TableNo(2) });
    let reopen = Command::ReopenTable(ReopenTable {
        table: TableNo(2),
        reason: "too early".into(),
    });
    // Make room at table 1 first: two busts there (table 1 seats 6).
    let mut t = base.clone();
    let at = std::cell::Cell::new(100u64);
    let go = |t: &mut Tournament, command: Command| {
        at.set(at.get() + 1);
        run(
            t,
            &Step {
                at: at.get(),
                command,
            },
        )
    };
    for p in one.iter().skip(2) {
        go(&mut t, bust(1, *p, a)).unwrap();
    }
    let (last, by) = (two[two.len() - 1], two[two.len() - 2]);
    go(&mut t, bust(2, last, by)).unwrap();
    let two: Vec<PlayerId> = two[..two.len() - 1].to_vec();
    let seats_before: Vec<(PlayerId, Option<Place>)> =
        two.iter().map(|p| (*p, t.players[p].seat)).collect();
    let money_before = money(&t, ctx(at.get()).now);
    go(&mut t, break_two.clone()).unwrap();
    // Nothing after: everyone goes back, and not a cent moves.
    let mut quiet = t.clone();
    let at_quiet = at.get() + 1;
    run(
        &mut quiet,
        &Step {
            at: at_quiet,
            command: reopen.clone(),
        },
    )
    .unwrap();
    for (p, seat) in &seats_before {
        assert_eq!(quiet.players[p].seat, *seat, "{p} back in the old seat");
    }
    assert_eq!(money(&quiet, ctx(at_quiet).now), money_before);
    // A moved player busted at the new table: reopened, the busted one stays out with
    // the bust's money, the others go back.
    let moved = two[1];
    go(&mut t, bust(1, moved, b)).unwrap();
    let won_before = t.players[&b].bounty_won;
    go(&mut t, reopen.clone()).unwrap();
    assert_eq!(t.players[&moved].status, PlayerStatus::Busted);
    assert_eq!(
        t.players[&b].bounty_won, won_before,
        "the bust's bounty stands"
    );
    for (p, seat) in seats_before.iter().filter(|(p, _)| *p != moved) {
        assert_eq!(t.players[p].seat, *seat, "{p} back in the old seat");
    }
    // A second reopen has nothing to take back.
    assert_eq!(
        go(&mut t, reopen).map_err(|e| e.code()),
        Err("TABLE_NOT_REOPENABLE")
    );
}
