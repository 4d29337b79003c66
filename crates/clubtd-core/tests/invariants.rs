//! Property tests of the domain core: random command sequences, valid and invalid, keep the
//! invariants. Rejected commands change nothing; replaying the log gives the same state;
//! chips and money add up; places cover exactly the eliminated; nobody holds two seats.

use clubtd_core::balancing::plan;
use clubtd_core::busts::standings;
use clubtd_core::command::{
    AddOn, AdjustClock, BreakTable, BustReport, CancelAddOn, CancelEntry, CancelRebuy,
    ChangeStructure, CloseRegistration, Command, ConfirmArrival, CreateTournament, Ctx, Disqualify,
    DrawFinalTable, FinishHand, GivePenalty, JumpToLevel, LeaveEarly, MovePlayer, PauseClock,
    ReEnter, ReEntryOption, Rebuy, RecordDeal, RegisterPlayer, ReinstatePlayer, ReopenTable,
    ReportAbandonedStackGone, ReportBusts, ReportChips, ReportPenaltyHandServed, RequestRebuy,
    RevivePlayer, SetButton, SetHandForHand, SetPayouts, StartClock, SurrenderStack, UndoLast,
    UnregisterPlayer,
};
use clubtd_core::config::{
    templates, AddOnRule, BountyKind, Config, Level, PayoutMode, RebuyRule, TicketKind,
    TicketPrize, TicketSource,
};
use clubtd_core::event::{MoveReason, PaymentMethod, PenaltyKind, Place};
use clubtd_core::ids::{PlayerId, SeatNo, TableNo, Timestamp};
use clubtd_core::log::event::{
    AddOnBought, PlayerReEntered, PlayerRegistered, PlayerUnregistered, RebuyBought,
};
use clubtd_core::money::{Cents, Chips};
use clubtd_core::state::PlayerStatus;
use clubtd_core::view::tournament_view;
use clubtd_core::{decide, Event, Tournament};
use proptest::prelude::*;
use std::collections::BTreeSet;

fn player_b() -> impl Strategy<Value = PlayerId> {
    (1u32..40).prop_map(PlayerId)
}

fn arb_command() -> impl Strategy<Value = Command> {
    let player = (1u32..40).prop_map(PlayerId);
    let table = (0u16..6).prop_map(TableNo);
    let seat = (0u8..11).prop_map(SeatNo);
    prop_oneof![
        4 => ("[A-Za-z ]{0,12}", any::<bool>()).prop_map(|(name, same_name_confirmed)| Command::RegisterPlayer(RegisterPlayer { name, method: PaymentMethod::Cash, present: true, same_name_confirmed })),
        1 => Just(Command::RegisterPlayer(RegisterPlayer { name: "Absent".into(), method: PaymentMethod::Card, present: false, same_name_confirmed: false })),
        1 => Just(Command::StartClock(StartClock {})),
        1 => Just(Command::PauseClock(PauseClock {})),
        1 => (-900i64..900).prop_map(|d| Command::AdjustClock(AdjustClock { delta_seconds: d })),
        1 => (0u32..30).prop_map(|l| Command::JumpToLevel(JumpToLevel { level_index: l })),
        2 => (table.clone(), seat.clone()).prop_map(|(table, seat)| Command::SetButton(SetButton { table, seat })),
        5 => (table.clone(), proptest::collection::vec((player.clone(), player.clone(), 0i64..40_000), 1..3)).prop_map(|(table, b)| Command::ReportBusts(ReportBusts {
            table,
            busts: b.into_iter().map(|(p, w, s)| BustReport { player: p, eliminators: vec![w], start_stack: Some(Chips(s)) }).collect(),
        })),
        2 => (player.clone(), any::<bool>()).prop_map(|(player, same)| Command::ReEnter(ReEnter {
            player,
            option: if same { ReEntryOption::SameSeat } else { ReEntryOption::NewSeat },
            method: PaymentMethod::Cash,
            present: true,
        })),
        1 => player.clone().prop_map(|player| Command::UnregisterPlayer(UnregisterPlayer { player })),
        3 => (player.clone(), any::<bool>(), prop_oneof![Just(None), (0i64..30_000).prop_map(|c| Some(Chips(c)))]).prop_map(|(player, double, stack)| Command::Rebuy(Rebuy {
            player, double, stack, method: PaymentMethod::Cash, present: true,
        })),
        2 => player.clone().prop_map(|player| Command::AddOn(AddOn { player, method: PaymentMethod::Card, present: true })),
        1 => player.clone().prop_map(|player| Command::RequestRebuy(RequestRebuy { player })),
        1 => player.clone().prop_map(|player| Command::CancelRebuy(CancelRebuy { player, reason: "mistake".into() })),
        1 => player.clone().prop_map(|player| Command::CancelAddOn(CancelAddOn { player, reason: "mistake".into() })),
        1 => player.clone().prop_map(|player| Command::RevivePlayer(RevivePlayer { player, reason: "wrong report".into() })),
        2 => (player.clone(), table.clone(), seat.clone()).prop_map(|(player, table, seat)| Command::MovePlayer(MovePlayer { player, to: Place { table, seat }, reason: MoveReason::Director })),
        1 => table.clone().prop_map(|table| Command::BreakTable(BreakTable { table })),
        1 => Just(Command::DrawFinalTable(DrawFinalTable {})),
        2 => (player.clone(), -5i64..60_000).prop_map(|(player, c)| Command::ReportChips(ReportChips { player, chips: Chips(c) })),
        1 => player.clone().prop_map(|player| Command::LeaveEarly(LeaveEarly { player })),
        1 => player.clone().prop_map(|player| Command::Disqualify(Disqualify { player, reason: "rule".into() })),
        1 => any::<bool>().prop_map(|on| Command::SetHandForHand(SetHandForHand { on })),
        1 => table.clone().prop_map(|table| Command::FinishHand(FinishHand { table })),
        1 => Just(Command::CloseRegistration(CloseRegistration {})),
        2 => player.clone().prop_map(|player| Command::SurrenderStack(SurrenderStack { player })),
        2 => (table.clone(), seat.clone(), proptest::collection::vec(player.clone(), 0..3)).prop_map(|(table, seat, winners)| Command::ReportAbandonedStackGone(ReportAbandonedStackGone { table, seat, winners })),
        1 => (player.clone(), 1u16..4).prop_map(|(player, hands)| Command::GivePenalty(GivePenalty { player, penalty: PenaltyKind::Hands { hands }, reason: "r".into() })),
        1 => (table.clone(), player.clone()).prop_map(|(table, player)| Command::ReportPenaltyHandServed(ReportPenaltyHandServed { table, player })),
        2 => "[a-z ]{0,6}".prop_map(|reason| Command::UndoLast(UndoLast { reason })),
        1 => player_b().prop_map(|player| Command::ConfirmArrival(ConfirmArrival { player })),
        1 => proptest::collection::vec(0i64..20_000, 1..4).prop_map(|a| Command::SetPayouts(SetPayouts { amounts: a.into_iter().map(Cents).collect() })),
        2 => prop_oneof![Just(0i64), 1i64..3_000].prop_map(|c| Command::RecordDeal(RecordDeal { amounts: Vec::new(), note: String::new(), to_play_for: Cents(c) })),
        2 => player.clone().prop_map(|player| Command::CancelEntry(CancelEntry { player, reason: "mistake".into() })),
        2 => player.clone().prop_map(|player| Command::ReinstatePlayer(ReinstatePlayer { player, reason: "mistake".into() })),
        2 => table.clone().prop_map(|table| Command::ReopenTable(ReopenTable { table, reason: "too early".into() })),
        // The demo structure with one level's length changed: refused once that level is played.
        1 => (0usize..8, 1u32..40).prop_map(|(at, m)| {
            let mut levels = templates::turbo_structure(20);
            if let Some(Level::Play { minutes, .. } | Level::Break { minutes, .. }) = levels.get_mut(at) {
                *minutes = m;
            }
            Command::ChangeStructure(ChangeStructure { levels })
        }),
    ]
}

fn check_invariants(t: &Tournament, now: Timestamp) {
    let cfg = t.config.as_ref().expect("created");
    // Nobody holds two seats, every seat's player sits there, no table over capacity.
    let mut seen = BTreeSet::new();
    for (n, tb) in &t.tables {
        assert!(
            tb.seats_in_use() <= usize::from(cfg.table_size),
            "table {n} over capacity"
        );
        for s in tb.abandoned.keys() {
            assert!(
                !tb.seats.contains_key(s),
                "a player sits on an abandoned stack"
            );
        }
        for (s, p) in &tb.seats {
            assert!(seen.insert(*p), "{p} holds two seats");
            let player = &t.players[p];
            assert_eq!(
                player.seat,
                Some(Place {
                    table: *n,
                    seat: *s
                })
            );
            assert_eq!(
                player.status,
                PlayerStatus::Playing,
                "{p} seated but not playing"
            );
            assert!(tb.open, "a player sits at closed table {n}");
        }
    }
    for p in t.playing() {
        assert!(p.seat.is_some(), "{} plays without a seat", p.id);
    }
    // The prize pool equals the prize parts recorded; payouts sum to it.
    let entries: u32 = t
        .players
        .values()
        .filter(|p| p.status != PlayerStatus::Unregistered)
        .map(|p| u32::from(p.entries))
        .sum();
    assert_eq!(t.entries, entries);
    let rebuys: u32 = t.players.values().map(|p| u32::from(p.rebuys)).sum();
    let add_ons: u32 = t.players.values().map(|p| u32::from(p.add_ons)).sum();
    assert_eq!((t.rebuys, t.add_ons), (rebuys, add_ons));
    assert!(
        t.players.values().all(|p| p.add_ons <= 1),
        "one add-on per player"
    );
    assert_eq!(
        t.prize_pool,
        bought(cfg, t, |c| c.prize_part, |r| r.prize_part, |a| a.prize_part)
    );
    // The prizes share the pool, or the guarantee while that is more; the house adds the
    // difference and nothing else.
    let p = t.prizes();
    assert_eq!(
        t.pool_to_pay(),
        t.prize_pool.max(cfg.guarantee.unwrap_or(Cents::ZERO))
    );
    assert_eq!(t.overlay(), t.pool_to_pay() - t.prize_pool);
    if t.entries > 0 && t.pool_to_pay().0 > 0 && cfg.payouts.mode != PayoutMode::None {
        assert_eq!(p.iter().copied().sum::<Cents>(), t.pool_to_pay());
    }
    // Chips bought: every entry's starting stack plus bonuses.
    assert!(t.chips_bought.0 >= i64::from(entries) * cfg.starting_stack.0);
    // Places cover exactly the eliminated players, each once; once play is over also the
    // players of a deal that ended it, and early leavers who waited for a bust that never
    // came (they take the next place down).
    let st = standings(t, cfg, now);
    let placed: BTreeSet<PlayerId> = st
        .iter()
        .filter(|s| !(s.place == 1 && t.players_left() == 1))
        .map(|s| s.player)
        .collect();
    let mut out: BTreeSet<PlayerId> = t.eliminations.iter().map(|e| e.player).collect();
    if tournament_view(t, now).is_some_and(|v| v.finished) {
        out.extend(t.early_leavers.iter().copied());
        if t.deal_that_ended_play().is_some() {
            out.extend(t.playing().map(|p| p.id));
        }
    }
    assert_eq!(placed, out);
    assert_eq!(
        st.len(),
        st.iter().map(|s| s.player).collect::<BTreeSet<_>>().len()
    );
    let abandoned: Cents = t
        .tables
        .values()
        .flat_map(|tb| tb.abandoned.values())
        .map(|a| a.bounty)
        .sum();
    let bounty_total: Cents = t
        .players
        .values()
        .map(|p| p.bounty + p.bounty_won)
        .sum::<Cents>()
        + abandoned;
    let bounty_paid = bounty_bought(cfg, t);
    // Bounty money is neither created nor lost (busted players' heads go to eliminators).
    assert_eq!(bounty_total, bounty_paid, "bounties must add up");
    // ... and nobody holds less than nothing: a correction that took a head back from a
    // winner whose head had moved on would leave it negative while the sum still added up
    // (issue Q: revive after the eliminator was busted in turn).
    for p in t.players.values() {
        assert!(p.bounty >= Cents::ZERO, "{}'s head is {:?}", p.id, p.bounty);
        assert!(
            p.bounty_won >= Cents::ZERO,
            "{} won {:?} in bounties",
            p.id,
            p.bounty_won
        );
        assert!(p.stack >= Chips::ZERO, "{}'s stack is {:?}", p.id, p.stack);
    }
    check_money(t, now);
    check_places(t, now);
    // PKR4U 13: a stopped table always has few players, and never in the exceptions.
    let pl = plan(t, cfg);
    for s in &pl.stopped {
        assert!(t.tables[s].seats.len() <= usize::from(cfg.stop_table_at));
        assert!(t.open_tables().count() > 1);
    }
}

/// One part of the money the desk took: every entry's, rebuy's and add-on's share of it.
fn bought(
    cfg: &Config,
    t: &Tournament,
    entry: impl Fn(&Config) -> Cents,
    rebuy: impl Fn(&RebuyRule) -> Cents,
    add_on: impl Fn(&AddOnRule) -> Cents,
) -> Cents {
    Cents(
        i64::from(t.entries) * entry(cfg).0
            + i64::from(t.rebuys) * cfg.rebuy.as_ref().map_or(0, |r| rebuy(r).0)
            + i64::from(t.add_ons) * cfg.add_on.as_ref().map_or(0, |a| add_on(a).0),
    )
}

/// The bounty money bought: the entries' and the rebuys' bounty parts.
fn bounty_bought(cfg: &Config, t: &Tournament) -> Cents {
    bought(
        cfg,
        t,
        |c| c.bounty_part,
        |r| r.bounty_part,
        |_| Cents::ZERO,
    )
}

/// Money is neither made nor lost, to the cent, after every command, corrections included:
/// what the desk took in (refunds taken off) is the prize pool, the house's fees and the
/// bounty money; once play is over the results hand out the whole pool and every bounty cent
/// (the winners' own heads included), except heads that nobody won (players who left or
/// were disqualified, abandoned stacks).
fn check_money(t: &Tournament, now: Timestamp) {
    let cfg = t.config.as_ref().expect("created");
    let paid_in: Cents = t.players.values().map(|p| p.paid).sum();
    let bounty_in = bounty_bought(cfg, t);
    assert_eq!(
        paid_in,
        t.prize_pool + t.house_fees + bounty_in,
        "the desk's money = pool + fees + bounties"
    );
    assert!(t.prize_pool >= Cents::ZERO && t.house_fees >= Cents::ZERO);
    let Some(view) = tournament_view(t, now) else {
        return;
    };
    for r in &view.results {
        assert!(r.prize >= Cents::ZERO && r.bounties >= Cents::ZERO, "{r:?}");
    }
    // Tickets: never split, never more than the pool bought; the money beside them is never
    // negative.
    let ticket = view.ticket.as_ref();
    for r in &view.results {
        assert!(r.cash(ticket) >= Cents::ZERO, "{r:?}");
    }
    if ticket.is_some_and(|tk| tk.source == TicketSource::Pool) {
        let holders = view.results.iter().filter(|r| r.ticket).count();
        assert!(
            holders <= view.ticket_places as usize,
            "{holders} tickets won"
        );
    }
    let prizes: Cents = view.results.iter().map(|r| r.prize).sum();
    assert!(
        prizes <= t.pool_to_pay(),
        "prizes {prizes:?} over the pool {:?}",
        t.pool_to_pay()
    );
    assert_eq!(view.prize_pool, t.pool_to_pay());
    if view.finished {
        if !t.prizes().is_empty() {
            assert_eq!(
                prizes,
                t.pool_to_pay(),
                "play is over: the whole pool is paid, the overlay included"
            );
        }
        let unwon: Cents = t
            .players
            .values()
            .filter(|p| p.status != PlayerStatus::Playing)
            .map(|p| p.bounty)
            .sum::<Cents>()
            + t.tables
                .values()
                .flat_map(|tb| tb.abandoned.values())
                .map(|a| a.bounty)
                .sum::<Cents>();
        let bounties: Cents = view.results.iter().map(|r| r.bounties).sum();
        assert_eq!(
            bounties + unwon,
            bounty_in,
            "play is over: every bounty cent is paid"
        );
    }
}

/// Places are a permutation of the players out (and the winners once play is over): a place
/// shared by k players is held by exactly k of them, and the next place is k further down.
fn check_places(t: &Tournament, now: Timestamp) {
    let cfg = t.config.as_ref().expect("created");
    let st = standings(t, cfg, now);
    let mut i = 0;
    while i < st.len() {
        let s = &st[i];
        let k = s.shared_by as usize;
        assert!(k >= 1, "{s:?}");
        let same: Vec<_> = st[i..].iter().take_while(|x| x.place == s.place).collect();
        assert_eq!(same.len(), k, "place {} shared by {k}: {st:?}", s.place);
        assert!(same.iter().all(|x| x.shared_by == s.shared_by));
        if let Some(next) = st.get(i + k) {
            assert_eq!(next.place, s.place + s.shared_by, "{st:?}");
        }
        i += k;
    }
}

/// Chips bought, from the events alone: each registration and re-entry brings the starting
/// stack and its bonus; an unregistration takes its registration's chips back.
fn chips_bought_by_the_log(log: &[Event], starting: Chips) -> Chips {
    let mut bought = std::collections::BTreeMap::new();
    let mut total = Chips::ZERO;
    for e in log {
        match e {
            Event::PlayerRegistered(PlayerRegistered { player, bonus, .. }) => {
                bought.insert(*player, starting + *bonus);
                total += starting + *bonus;
            }
            Event::PlayerReEntered(PlayerReEntered { bonus, .. }) => total += starting + *bonus,
            Event::RebuyBought(RebuyBought { chips, .. })
            | Event::AddOnBought(AddOnBought { chips, .. }) => total += *chips,
            Event::PlayerUnregistered(PlayerUnregistered { player, .. }) => {
                total -= bought.get(player).copied().unwrap_or_default();
            }
            _ => {}
        }
    }
    total
}

/// A `RecordDeal` with no amounts stands for "the players take the ICM quote" (with what it
/// says to leave to play for taken off the chip leader's share): filled in from the view,
/// since random amounts would almost never add up.
fn deal_from_the_quotes(t: &Tournament, command: &Command, now: Timestamp) -> Command {
    let Command::RecordDeal(RecordDeal {
        amounts,
        to_play_for,
        ..
    }) = command
    else {
        return command.clone();
    };
    if !amounts.is_empty() {
        return command.clone();
    }
    let Some(q) = tournament_view(t, now).and_then(|v| v.deal_quotes) else {
        return command.clone();
    };
    let mut amounts: Vec<(PlayerId, Cents)> = q.players.iter().copied().zip(q.icm).collect();
    let leave = (*to_play_for).min(amounts.iter().map(|a| a.1).max().unwrap_or_default());
    if let Some(top) = amounts.iter_mut().max_by_key(|a| a.1) {
        top.1 -= leave;
    }
    Command::RecordDeal(RecordDeal {
        amounts,
        note: "ICM".into(),
        to_play_for: leave,
    })
}

/// The cases to run: `PROPTEST_CASES` when set (a deeper hunt), else `default`.
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(default)
}

proptest! {
    // 300 cases in every test run; a deeper hunt sets PROPTEST_CASES (BENCHMARKS.md has the
    // command and the last figure).
    #![proptest_config(ProptestConfig { cases: cases(300), .. ProptestConfig::default() })]

    #[test]
    fn random_commands_keep_every_invariant(commands in proptest::collection::vec(arb_command(), 1..120), pko in any::<bool>(), payouts in 0u8..3, guarantee in prop_oneof![Just(0i64), 1i64..40_000], rebuys in any::<bool>(), tickets in 0u8..3) {
        let mut config = templates::club_evening("prop", 5);
        config.table_size = 6;
        config.stop_table_at = 3;
        config.tables_at_start = 2;
        if pko {
            config = templates::club_pko("prop", 5);
            config.table_size = 6;
            config.stop_table_at = 3;
            config.tables_at_start = 2;
        }
        // The club's table, a curve over a share of the field with a minimum cash, or none.
        config.payouts.mode = match payouts {
            0 => PayoutMode::Table,
            1 => PayoutMode::Curve { paid_share_bp: 2500, min_cash: Cents(2000) },
            _ => PayoutMode::None,
        };
        if config.payouts.mode == PayoutMode::None {
            // League nights: no prize part (the configuration refuses one).
            config.house_fee += config.prize_part;
            config.prize_part = Cents::ZERO;
        } else if guarantee > 0 {
            // A guarantee somewhere between a couple of entries and a full field.
            config.guarantee = Some(Cents(guarantee));
        }
        if config.payouts.mode != PayoutMode::None {
            // A satellite's seats of 30 euro, or the house's voucher for the first two places.
            config.ticket = match tickets {
                1 => Some(TicketPrize { name: "Seat".into(), value: Cents(3_000), kind: TicketKind::Seat, source: TicketSource::Pool }),
                2 => Some(TicketPrize { name: "Bon".into(), value: Cents(1_000), kind: TicketKind::Voucher, source: TicketSource::House { places: 2 } }),
                _ => None,
            };
        }
        if rebuys {
            // Rebuys (double, at most three, a bounty part in knock-outs) through level 4 and
            // the add-on at the break after it; no prize parts on a night without prizes.
            let prizes = config.payouts.mode != PayoutMode::None;
            config.rebuy = Some(RebuyRule {
                until_level: 4,
                through_break: false,
                with_late_registration: false,
                stack_at_most: Chips(12_000),
                max_per_player: Some(3),
                chips: Chips(10_000),
                prize_part: Cents(if prizes { 1_000 } else { 0 }),
                house_fee: Cents(150),
                bounty_part: Cents(if config.bounty_kind == BountyKind::None { 0 } else { 500 }),
                double: true,
            });
            config.add_on = Some(AddOnRule {
                after_level: 4,
                chips: Chips(15_000),
                prize_part: Cents(if prizes { 1_000 } else { 0 }),
                house_fee: Cents(250),
            });
        }
        let mut state = Tournament::default();
        let mut log: Vec<Event> = Vec::new();
        let ctx0 = Ctx { now: Timestamp(0), seed: 1, tapped_at: None, sender: None };
        for e in decide(&state, &Command::CreateTournament(CreateTournament { config }), ctx0).unwrap() {
            state.apply(&e).unwrap();
            log.push(e);
        }
        for (i, command) in commands.iter().enumerate() {
            let ctx = Ctx { now: Timestamp(i as i64 * 45_000), seed: i as u64 * 7919, tapped_at: None, sender: None };
            let before = state.clone();
            let command = &deal_from_the_quotes(&state, command, ctx.now);
            match decide(&state, command, ctx) {
                Ok(events) => {
                    for e in &events {
                        prop_assert_eq!(state.apply(e), Ok(()), "a decided event fits the state");
                        log.push(e.clone());
                    }
                }
                Err(_) => prop_assert_eq!(&state, &before, "a refused command changed the state"),
            }
            check_invariants(&state, ctx.now);
            // Chips in play = starting stacks + bonuses bought - chips taken out.
            prop_assert_eq!(state.chips_bought, chips_bought_by_the_log(&log, state.config.as_ref().unwrap().starting_stack));
            prop_assert!(state.chips_removed >= Chips::ZERO && state.chips_removed <= state.chips_bought);
        }
        // Replay gives the same state, through JSON as the store keeps it.
        let mut replayed = Tournament::default();
        for e in &log {
            let stored = serde_json::to_string(e).unwrap();
            prop_assert_eq!(replayed.apply(&serde_json::from_str(&stored).unwrap()), Ok(()));
        }
        prop_assert_eq!(replayed, state);
    }

    /// Chains of bounties and their corrections, where the random commands above rarely
    /// go: six players at one PKO table, busts by each other, re-entries, revives and undos
    /// in any order (a bust, then the eliminator's bust, then a correction of the first).
    #[test]
    fn bounty_chains_and_their_corrections_keep_every_cent(
        steps in proptest::collection::vec((0u8..5, 1u32..7, 1u32..7), 1..60),
    ) {
        let mut config = templates::club_pko("chain", 1);
        config.stop_table_at = 0;
        let mut state = Tournament::default();
        let ctx = |i: usize| Ctx { now: Timestamp(i as i64 * 30_000), seed: i as u64 * 7919 + 3, tapped_at: None, sender: None };
        let run = |state: &mut Tournament, c: Command, i: usize| {
            let before = state.clone();
            match decide(state, &c, ctx(i)) {
                Ok(events) => for e in &events { state.apply(e).unwrap(); },
                Err(_) => assert_eq!(*state, before, "a refused command changed the state"),
            }
            check_invariants(state, ctx(i).now);
        };
        run(&mut state, Command::CreateTournament(CreateTournament { config }), 0);
        for n in 0..6 {
            run(&mut state, Command::RegisterPlayer(RegisterPlayer { name: format!("P{n}"), method: PaymentMethod::Cash, present: true, same_name_confirmed: false }), 0);
        }
        run(&mut state, Command::StartClock(StartClock {}), 0);
        for (i, (kind, a, b)) in steps.into_iter().enumerate() {
            let (a, b) = (PlayerId(a), PlayerId(b));
            let table = state.open_tables().map(|(n, _)| n).next().unwrap_or(TableNo(1));
            let command = match kind {
                0 | 1 => Command::ReportBusts(ReportBusts { table, busts: vec![BustReport { player: a, eliminators: vec![b], start_stack: None }] }),
                2 => Command::RevivePlayer(RevivePlayer { player: a, reason: "wrong report".into() }),
                3 => Command::ReEnter(ReEnter { player: a, option: ReEntryOption::NewSeat, method: PaymentMethod::Cash, present: true }),
                _ => Command::UndoLast(UndoLast { reason: "mistake".into() }),
            };
            run(&mut state, command, i + 1);
        }
    }

    /// Rebuys, add-ons and their corrections among busts, revives, re-entries and undos, where
    /// the random commands above rarely go (a purchase and its cancellation are far apart
    /// there): eight players at one table of a rebuy knock-out, the clock moving on by a few
    /// minutes a step, through the rebuy period and the add-on's break.
    #[test]
    fn purchases_and_their_corrections_keep_every_cent(
        steps in proptest::collection::vec((0u8..11, 1u32..9, 1u32..9, 0i64..5), 1..80),
        pko in any::<bool>(),
    ) {
        let mut config = templates::club_rebuy("purchases", 1);
        config.stop_table_at = 0;
        config.max_entries = Some(3);
        if pko {
            config.bounty_kind = BountyKind::Progressive;
            config.bounty_part = Cents(500);
            if let Some(r) = config.rebuy.as_mut() {
                r.bounty_part = Cents(500);
                r.max_per_player = Some(4);
            }
        }
        let mut state = Tournament::default();
        let mut log: Vec<Event> = Vec::new();
        let mut now = 0i64;
        let mut run = |state: &mut Tournament, c: Command, now: i64, i: usize| {
            let ctx = Ctx { now: Timestamp(now), seed: i as u64 * 7919 + 5, tapped_at: None, sender: None };
            let before = state.clone();
            match decide(state, &c, ctx) {
                Ok(events) => for e in events { state.apply(&e).unwrap(); log.push(e); },
                Err(_) => assert_eq!(*state, before, "a refused command changed the state"),
            }
            check_invariants(state, ctx.now);
        };
        run(&mut state, Command::CreateTournament(CreateTournament { config }), 0, 0);
        for n in 0..8 {
            run(&mut state, Command::RegisterPlayer(RegisterPlayer { name: format!("P{n}"), method: PaymentMethod::Cash, present: true, same_name_confirmed: false }), 0, 0);
        }
        run(&mut state, Command::StartClock(StartClock {}), 0, 0);
        for (i, (kind, a, b, minutes)) in steps.into_iter().enumerate() {
            now += minutes * 60_000;
            let (a, b) = (PlayerId(a), PlayerId(b));
            let table = state.open_tables().map(|(n, _)| n).next().unwrap_or(TableNo(1));
            let command = match kind {
                0 | 1 => Command::ReportBusts(ReportBusts { table, busts: vec![BustReport { player: a, eliminators: vec![b], start_stack: None }] }),
                2 => Command::Rebuy(Rebuy { player: a, double: b.0 % 2 == 0, stack: (b.0 > 5).then_some(Chips(i64::from(b.0) * 1_000)), method: PaymentMethod::Cash, present: true }),
                3 => Command::AddOn(AddOn { player: a, method: PaymentMethod::Card, present: true }),
                4 => Command::CancelRebuy(CancelRebuy { player: a, reason: "mistake".into() }),
                5 => Command::CancelAddOn(CancelAddOn { player: a, reason: "mistake".into() }),
                6 => Command::RequestRebuy(RequestRebuy { player: a }),
                7 => Command::RevivePlayer(RevivePlayer { player: a, reason: "wrong report".into() }),
                8 => Command::ReEnter(ReEnter { player: a, option: ReEntryOption::NewSeat, method: PaymentMethod::Cash, present: true }),
                9 => Command::CancelEntry(CancelEntry { player: a, reason: "mistake".into() }),
                _ => Command::UndoLast(UndoLast { reason: "mistake".into() }),
            };
            run(&mut state, command, now, i + 1);
        }
        // Chips bought are exactly what the log sold; replay gives the same state.
        let starting = state.config.as_ref().unwrap().starting_stack;
        prop_assert_eq!(state.chips_bought, chips_bought_by_the_log(&log, starting));
        let mut replayed = Tournament::default();
        for e in &log {
            prop_assert_eq!(replayed.apply(e), Ok(()));
        }
        prop_assert_eq!(replayed, state);
    }

    #[test]
    fn a_full_balancing_plan_leaves_tables_within_the_trigger(players in 10u32..90, tables in 2u16..10, seed in any::<u64>(), buttons in any::<u16>(), emptied in 0usize..8) {
        let mut config = templates::club_evening("bal", tables);
        config.tables_at_start = tables;
        config.max_entries = None;
        let mut state = Tournament::default();
        let ctx = |i: u64| Ctx { now: Timestamp(0), seed: seed.wrapping_add(i), tapped_at: None, sender: None };
        let run = |state: &mut Tournament, command: Command, i: u64| -> bool {
            match decide(state, &command, ctx(i)) {
                Ok(events) => { for e in events { state.apply(&e).unwrap(); } true }
                Err(_) => false,
            }
        };
        run(&mut state, Command::CreateTournament(CreateTournament { config: config.clone() }), 0);
        for i in 0..players {
            run(&mut state, Command::RegisterPlayer(RegisterPlayer { name: format!("P{i}"), method: PaymentMethod::Cash, present: true, same_name_confirmed: false }), u64::from(i) + 1);
        }
        // Some tables say where their button is, the others have not yet (TDA 25: a move
        // into one of those waits for it, a move out of one waits too).
        let open: Vec<TableNo> = state.open_tables().map(|(n, _)| n).collect();
        for (i, n) in open.iter().enumerate() {
            if buttons >> (i % 16) & 1 == 1 {
                run(&mut state, Command::SetButton(SetButton { table: *n, seat: SeatNo(1) }), 999);
            }
        }
        // Empty one table a lot by moving its players to the director's free seats elsewhere.
        let victim = *open.last().unwrap();
        for _ in 0..emptied {
            let Some(&player) = state.tables[&victim].seats.values().next() else { break };
            let free = state.open_tables().filter(|(n, _)| *n != victim).find_map(|(n, tb)| {
                (1..=config.table_size).map(SeatNo).find(|s| !tb.is_taken(*s)).map(|seat| Place { table: n, seat })
            });
            let Some(to) = free else { break };
            let done = run(&mut state, Command::MovePlayer(MovePlayer { player, to, reason: MoveReason::Director }), 7);
            prop_assert!(done, "the director's move into a free seat");
        }
        // Carry the plan out round by round: every named move is confirmed, every table the
        // plan asks for its button sets it, until the plan asks for nothing more.
        for _ in 0..2 * usize::from(tables) + 4 {
            let pl = plan(&state, &config);
            let mut moved = BTreeSet::new();
            for m in &pl.moves {
                prop_assert!(moved.insert(m.player), "nobody moves twice in one plan");
                let to = &state.tables[&m.to.table];
                prop_assert!(to.button.is_some() || to.seats.len() < 2, "a seat is named only by a known big blind: {:?}", m);
            }
            for w in &pl.waiting {
                prop_assert!(moved.insert(w.player), "nobody moves twice in one plan");
                prop_assert!(pl.need_button.contains(&w.to_table), "a waiting move names the table it waits for");
                prop_assert!(state.tables[&w.to_table].button.is_none());
            }
            if pl.moves.is_empty() && pl.need_button.is_empty() {
                break;
            }
            for m in pl.moves.clone() {
                let done = run(&mut state, Command::MovePlayer(MovePlayer { player: m.player, to: m.to, reason: MoveReason::Balance }), 1);
                prop_assert!(done, "a planned move is carried out: {:?}", m);
            }
            for n in pl.need_button.clone() {
                let done = run(&mut state, Command::SetButton(SetButton { table: n, seat: SeatNo(1) }), 999);
                prop_assert!(done, "table {:?} sets its button", n);
            }
        }
        let pl = plan(&state, &config);
        prop_assert!(pl.moves.is_empty() && pl.waiting.is_empty() && pl.need_button.is_empty(), "the plan is done: {:?}", pl);
        let counts: Vec<usize> = state.open_tables().map(|(_, t)| t.seats.len()).collect();
        let (max, min) = (counts.iter().max().unwrap(), counts.iter().min().unwrap());
        prop_assert!(max - min < usize::from(config.balance_trigger), "counts {:?}", counts);
        check_invariants(&state, Timestamp(0));
    }
}

#[test]
fn bounty_config_is_checked_by_the_properties() {
    // Guard: the PKO template really has bounties, so the bounty invariant is exercised.
    assert_eq!(
        templates::club_pko("x", 2).bounty_kind,
        BountyKind::Progressive
    );
}

/// `event` with some of the players, tables, seats and queue entries it names changed, as a
/// damaged log or one written for another tournament would have it: the ids whose place in the
/// event is a bit set in `which` (the first id is bit 0) are moved on by `by`. Most such
/// events no longer fit, often only half way through (the second of two busts).
fn with_other_ids(event: &Event, which: u32, by: u64) -> Option<Event> {
    fn shift(v: &mut serde_json::Value, which: u32, by: u64, seen: &mut u32) {
        match v {
            serde_json::Value::Object(fields) => {
                for (key, value) in fields.iter_mut() {
                    let names_an_id = matches!(
                        key.as_str(),
                        "player"
                            | "to"
                            | "table"
                            | "seat"
                            | "entry"
                            | "keep"
                            | "merged"
                            | "by"
                            | "index"
                            | "incident"
                            | "seq"
                    );
                    match value.as_u64() {
                        Some(id) if names_an_id => {
                            if which & (1 << (*seen % 32)) != 0 {
                                *value = serde_json::json!(id + by);
                            }
                            *seen += 1;
                        }
                        _ => shift(value, which, by, seen),
                    }
                }
            }
            serde_json::Value::Array(items) => {
                for item in items {
                    shift(item, which, by, seen);
                }
            }
            _ => {}
        }
    }
    let mut stored = serde_json::to_value(event).ok()?;
    shift(&mut stored, which, by, &mut 0);
    serde_json::from_value(stored).ok()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(200), .. ProptestConfig::default() })]

    /// Y.3: an event that does not fit the state (from another point of the log, or naming
    /// other players and tables) is refused by `apply` and leaves the state exactly as it
    /// was: a host that refuses a corrupt log never serves a state that is half changed.
    #[test]
    fn an_event_that_does_not_fit_changes_nothing(
        commands in proptest::collection::vec(arb_command(), 20..120),
        pko in any::<bool>(),
        tries in proptest::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>(), any::<prop::sample::Index>(), any::<u32>(), prop_oneof![Just(0u64), Just(1), Just(1_000)]), 1..80),
    ) {
        let mut config = if pko { templates::club_pko("fit", 5) } else { templates::club_rebuy("fit", 5) };
        config.table_size = 6;
        config.stop_table_at = 3;
        config.tables_at_start = 2;
        let mut state = Tournament::default();
        let mut states = Vec::new();
        let mut log: Vec<Event> = Vec::new();
        let commands = std::iter::once(Command::CreateTournament(CreateTournament { config })).chain(commands);
        for (i, command) in commands.enumerate() {
            let ctx = Ctx { now: Timestamp(i as i64 * 45_000), seed: i as u64 * 7919, tapped_at: None, sender: None };
            let command = deal_from_the_quotes(&state, &command, ctx.now);
            if let Ok(events) = decide(&state, &command, ctx) {
                for e in events {
                    state.apply(&e).expect("a decided event fits");
                    states.push(state.clone());
                    log.push(e);
                }
            }
        }
        // The tournament's later states, where most events name someone.
        let later = &states[states.len() / 3..];
        // Each kind of event as likely as any other: the rare ones (an undo, a merge) are the
        // ones with the most to check.
        let mut kinds: std::collections::BTreeMap<String, Vec<&Event>> = std::collections::BTreeMap::new();
        for e in log.iter().filter(|e| !matches!(e, Event::TournamentCreated(_))) {
            let kind = serde_json::to_value(e).ok().and_then(|v| v["type"].as_str().map(str::to_string)).unwrap_or_default();
            kinds.entry(kind).or_default().push(e);
        }
        let kinds: Vec<Vec<&Event>> = kinds.into_values().collect();
        prop_assume!(!kinds.is_empty());
        for (at, kind, which, ids, by) in tries {
            let mut state = at.get(later).clone();
            let of_kind: &Vec<&Event> = kind.get(&kinds);
            let Some(event) = with_other_ids(which.get::<&Event>(of_kind), ids, by) else {
                continue;
            };
            let before = state.clone();
            if let Err(refused) = state.apply(&event) {
                // SHOW_REFUSED=1 lists what was refused: the test's reach, kind by kind.
                if std::env::var_os("SHOW_REFUSED").is_some() {
                    eprintln!("REFUSED {} {refused}", serde_json::to_value(&event).map(|v| v["type"].to_string()).unwrap_or_default());
                }
                prop_assert_eq!(&state, &before, "{:?} was refused ({}) but changed the state", event, refused);
            }
        }
    }
}
