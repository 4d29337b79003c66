//! Rebuys and the add-on (issue P): the windows, the limits, the money to the cent, the chips,
//! places that stay provisional while a busted player can still rebuy, and the corrections.

mod kit;

use clubtd_core::busts::standings;
use clubtd_core::command::{
    AddOn, CancelAddOn, CancelRebuy, CloseRegistration, Command, Rebuy, RegisterPlayer,
    ReportBusts, RequestRebuy, SetPayouts, StartClock, UndoLast,
};
use clubtd_core::config::{templates, AddOnRule, BountyKind, Config, RebuyRule};
use clubtd_core::event::PaymentMethod;
use clubtd_core::ids::{PlayerId, Timestamp};
use clubtd_core::money::{Cents, Chips};
use clubtd_core::state::PlayerStatus;
use clubtd_core::view::tournament_view;
use clubtd_core::DomainError;
use kit::Kit;

/// The rebuy evening: 9 + 1 euro for 10,000 chips; rebuys of 10 euro for 10,000 chips (double
/// allowed) at or below 10,000 chips through level 4; the add-on (10 euro, 15,000 chips) at
/// the 10-minute break after level 4. Levels of 20 minutes.
fn rebuy_evening() -> Config {
    templates::club_rebuy("Rebuy night", 2)
}

fn rebuy(p: u32, double: bool, stack: Option<i64>) -> Command {
    Command::Rebuy(Rebuy {
        player: PlayerId(p),
        double,
        stack: stack.map(Chips),
        method: PaymentMethod::Cash,
        present: true,
    })
}

fn add_on(p: u32) -> Command {
    Command::AddOn(AddOn {
        player: PlayerId(p),
        method: PaymentMethod::Card,
        present: true,
    })
}

fn started(config: Config, players: usize) -> Kit {
    let mut k = Kit::new(config);
    k.register(players);
    k.ok(Command::StartClock(StartClock {}));
    k
}

#[test]
fn a_rebuy_adds_chips_and_money_but_no_entry() {
    let mut k = started(rebuy_evening(), 6);
    k.minutes(5);
    // Still in with the starting stack (at the limit): a rebuy; then a double one.
    k.ok(rebuy(1, false, None));
    k.ok(rebuy(2, true, Some(8_000)));
    let t = &k.t;
    assert_eq!(t.entries, 6, "rebuys are not entries");
    assert_eq!(t.rebuys, 3, "a double rebuy counts two");
    assert_eq!(t.prize_pool, Cents(6 * 900 + 3 * 1000));
    assert_eq!(t.house_fees, Cents(6 * 100));
    assert_eq!(t.chips_bought, Chips(6 * 10_000 + 3 * 10_000));
    assert_eq!(t.players[&PlayerId(1)].stack, Chips(20_000));
    // The stack the table told replaces the estimate, and the chips go on top of it.
    assert_eq!(t.players[&PlayerId(2)].stack, Chips(28_000));
    assert_eq!(t.players[&PlayerId(2)].paid, Cents(1000 + 2000));
    assert_eq!(t.players[&PlayerId(2)].rebuys, 2);
    let view = tournament_view(t, Timestamp(k.now)).expect("created");
    assert_eq!((view.entries, view.rebuys, view.add_ons), (6, 3, 0));
    assert_eq!(view.prize_pool, Cents(8_400));
    assert!(view.rebuy_open && !view.add_on_open);
    let line = view
        .results
        .iter()
        .find(|r| r.player == PlayerId(2))
        .expect("a line");
    assert_eq!((line.entries, line.rebuys, line.paid), (1, 2, Cents(3000)));
}

#[test]
fn a_rebuy_needs_a_stack_at_or_below_the_limit_and_respects_the_maximum() {
    let mut config = rebuy_evening();
    if let Some(r) = config.rebuy.as_mut() {
        r.max_per_player = Some(2);
        r.double = false;
    }
    let mut k = started(config, 4);
    // After a rebuy the stack is 20,000: above the limit.
    k.ok(rebuy(1, false, None));
    assert_eq!(
        k.run(rebuy(1, false, None)),
        Err(DomainError::RebuyStackTooBig {
            player: PlayerId(1),
            limit: Chips(10_000)
        })
    );
    // The table says the stack is down to 4,000: allowed again, and that is the maximum.
    k.ok(rebuy(1, false, Some(4_000)));
    assert_eq!(k.t.players[&PlayerId(1)].stack, Chips(14_000));
    k.bust_by_tablemate(1);
    assert_eq!(
        k.run(rebuy(1, false, None)),
        Err(DomainError::MaxRebuysReached {
            player: PlayerId(1),
            max: 2
        })
    );
    assert_eq!(
        k.run(rebuy(2, true, None)),
        Err(DomainError::DoubleRebuyNotAllowed)
    );
    // A busted player tells no stack; a stack above the chips in play is refused.
    assert!(matches!(
        k.run(rebuy(2, false, Some(10_000_000))),
        Err(DomainError::InvalidAmount { .. })
    ));
    // Only in person.
    assert_eq!(
        k.run(Command::Rebuy(Rebuy {
            player: PlayerId(2),
            double: false,
            stack: None,
            method: PaymentMethod::Cash,
            present: false,
        })),
        Err(DomainError::NotPresent)
    );
}

#[test]
fn rebuys_run_from_the_start_to_the_end_of_their_level() {
    let mut k = Kit::new(rebuy_evening());
    k.register(4);
    // Not before the clock starts.
    assert_eq!(k.run(rebuy(1, false, None)), Err(DomainError::RebuyClosed));
    k.ok(Command::StartClock(StartClock {}));
    k.ok(rebuy(1, false, None));
    // Four levels of 20 minutes: at 79 minutes still open, at 80 the break: closed.
    k.minutes(79);
    k.ok(rebuy(2, false, None));
    k.minutes(1);
    assert_eq!(k.run(rebuy(3, false, None)), Err(DomainError::RebuyClosed));
    // A tournament without rebuys refuses them.
    let mut plain = started(templates::club_evening("Plain", 2), 3);
    assert_eq!(
        plain.run(rebuy(1, false, None)),
        Err(DomainError::RebuyClosed)
    );
    plain.minutes(1);
    assert_eq!(plain.run(add_on(1)), Err(DomainError::AddOnClosed));
}

/// Issue U.12: clubs also sell rebuys as long as late registration is open: past the rule's
/// level while late registration runs on, and closed the moment the director closes it.
#[test]
fn rebuys_can_run_as_long_as_late_registration() {
    let mut cfg = rebuy_evening();
    let rule = cfg.rebuy.as_mut().expect("a rebuy evening");
    rule.until_level = 1;
    rule.with_late_registration = true;
    cfg.late_registration = clubtd_core::config::LateRegistration::UntilClosed;
    let mut k = started(cfg, 4);
    // Level 1 is long over (20 minutes); late registration is open: rebuys still sell.
    k.minutes(45);
    k.ok(rebuy(1, false, None));
    k.ok(Command::CloseRegistration(CloseRegistration {}));
    assert_eq!(k.run(rebuy(2, false, None)), Err(DomainError::RebuyClosed));
    // The same rule without the choice: closed after level 1.
    let mut by_level = rebuy_evening();
    by_level.rebuy.as_mut().unwrap().until_level = 1;
    by_level.late_registration = clubtd_core::config::LateRegistration::UntilClosed;
    let mut k = started(by_level, 4);
    k.minutes(45);
    assert_eq!(k.run(rebuy(1, false, None)), Err(DomainError::RebuyClosed));
}

/// Issue U.3: a busted player who may rebuy keeps the seat. The room's one open table is full
/// but for that seat: a new entry is seated elsewhere (the next table opens), and the rebuy
/// brings the player back to the seat they left. With no other seat anywhere, a paying player
/// gets the held seat after all (a seat is kept, never withheld) and the rebuy draws anew.
#[test]
fn a_busted_player_who_may_rebuy_keeps_the_seat_from_new_entries() {
    let mut config = rebuy_evening();
    config.tables_at_start = 1;
    let size = usize::from(config.table_size);
    let mut k = started(config, size);
    let seat = k.bust_by_tablemate(2);
    k.ok(Command::RegisterPlayer(RegisterPlayer {
        name: "Newcomer".into(),
        method: PaymentMethod::Cash,
        present: true,
        same_name_confirmed: false,
    }));
    let newcomer = k.t.players.values().find(|p| p.name == "Newcomer").unwrap();
    let at = newcomer.seat.expect("seated");
    assert_ne!(at, seat, "not in the seat kept for player 2");
    assert_ne!(at.table, seat.table, "the next table opened");
    k.ok(rebuy(2, false, None));
    assert_eq!(
        k.t.players[&PlayerId(2)].seat,
        Some(seat),
        "back in the seat they left"
    );

    // One table only, full but for the held seat: the newcomer takes it.
    let mut one = rebuy_evening();
    one.tables_at_start = 1;
    one.tables.truncate(1);
    one.break_order = one.tables.clone();
    let mut k = started(one, size);
    let seat = k.bust_by_tablemate(2);
    k.ok(Command::RegisterPlayer(RegisterPlayer {
        name: "Newcomer".into(),
        method: PaymentMethod::Cash,
        present: true,
        same_name_confirmed: false,
    }));
    let newcomer = k.t.players.values().find(|p| p.name == "Newcomer").unwrap();
    assert_eq!(newcomer.seat, Some(seat), "the only seat left");
}

#[test]
fn a_busted_player_rebuys_into_the_old_seat_and_the_place_was_only_provisional() {
    let mut config = rebuy_evening();
    config.late_registration = clubtd_core::config::LateRegistration::UntilLevel {
        level: 1,
        through_break: false,
    };
    let mut k = started(config, 6);
    // Level 2: registration is closed, rebuys are not.
    k.minutes(25);
    let seat = k.bust_by_tablemate(3);
    let cfg = k.t.config.clone().expect("created");
    let st = standings(&k.t, &cfg, Timestamp(k.now));
    let place = st.iter().find(|s| s.player == PlayerId(3)).expect("placed");
    assert!(
        place.provisional,
        "a player who can still rebuy is out provisionally"
    );
    k.ok(rebuy(3, false, None));
    let p = &k.t.players[&PlayerId(3)];
    assert_eq!(p.status, PlayerStatus::Playing);
    assert_eq!(p.seat, Some(seat), "the rebuy keeps the seat");
    assert_eq!(p.stack, Chips(10_000));
    assert!(
        standings(&k.t, &cfg, Timestamp(k.now))
            .iter()
            .all(|s| s.player != PlayerId(3)),
        "the bust no longer counts"
    );
    // Once the rebuy period is over, a bust is final.
    k.minutes(60);
    k.bust_by_tablemate(4);
    let st = standings(&k.t, &cfg, Timestamp(k.now));
    assert!(
        !st.iter()
            .find(|s| s.player == PlayerId(4))
            .expect("placed")
            .provisional
    );
}

#[test]
fn the_add_on_is_sold_once_to_players_still_in_during_its_break() {
    let mut k = started(rebuy_evening(), 5);
    k.minutes(70);
    assert_eq!(
        k.run(add_on(1)),
        Err(DomainError::AddOnClosed),
        "not during play"
    );
    k.minutes(11);
    k.ok(add_on(1));
    assert_eq!(
        k.run(add_on(1)),
        Err(DomainError::AddOnAlreadyBought {
            player: PlayerId(1)
        })
    );
    k.ok(add_on(2));
    let t = &k.t;
    assert_eq!(t.add_ons, 2);
    assert_eq!(t.players[&PlayerId(1)].stack, Chips(25_000));
    assert_eq!(t.prize_pool, Cents(5 * 900 + 2 * 1000));
    assert_eq!(t.players[&PlayerId(1)].paid, Cents(2000));
    // The break is 10 minutes: after it, no more add-ons.
    k.minutes(10);
    assert_eq!(k.run(add_on(3)), Err(DomainError::AddOnClosed));
}

#[test]
fn payouts_and_deals_wait_until_the_add_on_break_is_over() {
    let mut config = rebuy_evening();
    config.late_registration = clubtd_core::config::LateRegistration::UntilLevel {
        level: 1,
        through_break: false,
    };
    let mut k = started(config, 4);
    k.minutes(85);
    let amounts = k.t.prizes();
    assert!(matches!(
        k.run(Command::SetPayouts(SetPayouts {
            amounts: amounts.clone()
        })),
        Err(DomainError::InvalidAmount { .. })
    ));
    k.minutes(10);
    k.ok(Command::SetPayouts(SetPayouts { amounts }));
}

#[test]
fn a_rebuy_in_a_knock_out_puts_its_bounty_part_on_the_head() {
    let mut config = rebuy_evening();
    config.bounty_kind = BountyKind::Fixed;
    config.bounty_part = Cents(500);
    if let Some(r) = config.rebuy.as_mut() {
        r.bounty_part = Cents(500);
    }
    let mut k = started(config, 4);
    k.ok(rebuy(1, false, None));
    assert_eq!(k.t.players[&PlayerId(1)].bounty, Cents(1000));
    // Busted: the eliminator takes the whole head; after the rebuy, a new head of 500.
    k.bust_by_tablemate(1);
    k.ok(rebuy(1, false, None));
    assert_eq!(k.t.players[&PlayerId(1)].bounty, Cents(500));
    assert_eq!(k.t.players[&PlayerId(1)].paid, Cents(1500 + 2 * 1500));
}

#[test]
fn a_rebuy_bought_by_mistake_is_cancelled_to_the_cent() {
    let mut k = started(rebuy_evening(), 4);
    let before = k.t.clone();
    k.ok(rebuy(1, true, None));
    k.ok(Command::CancelRebuy(CancelRebuy {
        player: PlayerId(1),
        reason: "one rebuy, not two".into(),
    }));
    let p = &k.t.players[&PlayerId(1)];
    assert_eq!(p.stack, Chips(10_000));
    assert_eq!(p.paid, Cents(1000));
    assert_eq!(p.rebuys, 0);
    assert_eq!(k.t.prize_pool, before.prize_pool);
    assert_eq!(k.t.house_fees, before.house_fees);
    assert_eq!(k.t.rebuys, 0);
    assert_eq!(
        k.t.chips_bought - k.t.chips_removed,
        before.chips_bought - before.chips_removed
    );
    // Once taken back, nothing is left to cancel.
    assert_eq!(
        k.run(Command::CancelRebuy(CancelRebuy {
            player: PlayerId(1),
            reason: "again".into(),
        })),
        Err(DomainError::PurchaseNotCancellable {
            player: PlayerId(1)
        })
    );
    // A rebuy after a bust, cancelled: the player is out again at that bust's place.
    k.minutes(5);
    let seat = k.bust_by_tablemate(2);
    k.ok(rebuy(2, false, None));
    k.ok(Command::CancelRebuy(CancelRebuy {
        player: PlayerId(2),
        reason: "paid for the wrong player".into(),
    }));
    let p = &k.t.players[&PlayerId(2)];
    assert_eq!(p.status, PlayerStatus::Busted);
    assert_eq!(p.seat, None);
    assert_eq!(p.last_seat, Some(seat));
    assert!(k.t.eliminations.iter().any(|e| e.player == PlayerId(2)));
    // ... and can still rebuy, into the same seat.
    k.ok(rebuy(2, false, None));
    assert_eq!(k.t.players[&PlayerId(2)].seat, Some(seat));
}

#[test]
fn a_cancellation_needs_a_reason_and_waits_for_bounty_corrections() {
    let mut config = rebuy_evening();
    config.bounty_kind = BountyKind::Progressive;
    config.bounty_part = Cents(400);
    if let Some(r) = config.rebuy.as_mut() {
        r.bounty_part = Cents(400);
    }
    let mut k = started(config, 4);
    k.ok(rebuy(1, false, None));
    assert_eq!(
        k.run(Command::CancelRebuy(CancelRebuy {
            player: PlayerId(1),
            reason: "  ".into(),
        })),
        Err(DomainError::ReasonRequired)
    );
    // Player 1 knocks out a tablemate: their head grew; the bust is corrected first.
    let victim = *k.t.tables[&k.seat_of(1).table]
        .seats
        .values()
        .find(|p| p.0 != 1)
        .expect("a tablemate");
    k.ok(Command::ReportBusts(ReportBusts {
        table: k.seat_of(1).table,
        busts: vec![kit::bust(victim.0, PlayerId(1), None)],
    }));
    let cancel = Command::CancelRebuy(CancelRebuy {
        player: PlayerId(1),
        reason: "mistake".into(),
    });
    assert_eq!(
        k.run(cancel.clone()),
        Err(DomainError::PurchaseNotCancellable {
            player: PlayerId(1)
        })
    );
    k.ok(Command::UndoLast(UndoLast {
        reason: "wrong report".into(),
    }));
    k.ok(cancel);
    assert_eq!(k.t.players[&PlayerId(1)].bounty, Cents(400));
}

#[test]
fn an_add_on_bought_by_mistake_is_cancelled_and_can_be_bought_again() {
    let mut k = started(rebuy_evening(), 3);
    k.minutes(82);
    k.ok(add_on(1));
    k.ok(Command::CancelAddOn(CancelAddOn {
        player: PlayerId(1),
        reason: "wanted to think".into(),
    }));
    assert_eq!(k.t.players[&PlayerId(1)].stack, Chips(10_000));
    assert_eq!(k.t.add_ons, 0);
    assert_eq!(k.t.prize_pool, Cents(3 * 900));
    k.ok(add_on(1));
    assert_eq!(k.t.add_ons, 1);
}

#[test]
fn a_table_asks_for_a_rebuy_and_the_desk_sees_it_until_it_is_bought() {
    let mut k = started(rebuy_evening(), 4);
    k.minutes(3);
    k.bust_by_tablemate(2);
    k.ok(Command::RequestRebuy(RequestRebuy {
        player: PlayerId(2),
    }));
    let view = tournament_view(&k.t, Timestamp(k.now)).expect("created");
    assert_eq!(view.rebuy_requests, vec![PlayerId(2)]);
    let me = view
        .players
        .iter()
        .find(|p| p.player == PlayerId(2))
        .expect("listed");
    assert!(me.can_rebuy);
    k.ok(rebuy(2, false, None));
    let view = tournament_view(&k.t, Timestamp(k.now)).expect("created");
    assert!(view.rebuy_requests.is_empty());
    // A request the rules would refuse is refused at the table already.
    k.minutes(80);
    assert_eq!(
        k.run(Command::RequestRebuy(RequestRebuy {
            player: PlayerId(3)
        })),
        Err(DomainError::RebuyClosed)
    );
}

#[test]
fn the_configuration_checks_its_rebuy_and_add_on() {
    let base = rebuy_evening();
    assert_eq!(base.validate(), Ok(()));
    let with_rebuy = |f: &dyn Fn(&mut RebuyRule)| {
        let mut c = base.clone();
        if let Some(r) = c.rebuy.as_mut() {
            f(r);
        }
        c.validate()
    };
    let bad = |field: &str| {
        Err(DomainError::InvalidConfig {
            field: field.into(),
        })
    };
    assert_eq!(with_rebuy(&|r| r.until_level = 99), bad("rebuy"));
    assert_eq!(with_rebuy(&|r| r.chips = Chips(0)), bad("rebuy"));
    assert_eq!(with_rebuy(&|r| r.max_per_player = Some(0)), bad("rebuy"));
    assert_eq!(
        with_rebuy(&|r| r.bounty_part = Cents(100)),
        bad("rebuy"),
        "a rebuy bounty part needs bounties"
    );
    let with_add_on = |a: AddOnRule| {
        let mut c = base.clone();
        c.add_on = Some(a);
        c.validate()
    };
    let fine = base.add_on.expect("the template has one");
    // Level 1 is not followed by a break: nowhere to sell the add-on.
    assert_eq!(
        with_add_on(AddOnRule {
            after_level: 1,
            ..fine
        }),
        bad("add_on")
    );
    assert_eq!(
        with_add_on(AddOnRule {
            chips: Chips(0),
            ..fine
        }),
        bad("add_on")
    );
    // Stored configurations without them read as before and write back without them.
    let plain = templates::club_evening("Plain", 2);
    let json = serde_json::to_string(&plain).expect("serialises");
    assert!(!json.contains("rebuy") && !json.contains("add_on"));
}
