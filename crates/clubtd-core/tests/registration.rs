//! Whole-tournament scenarios through `decide` and `apply`, one per rule, citing it.
//! Registration at the desk: who may buy in, seats drawn, refunds, re-entries, the late-registration window, names.

use clubtd_core::command::{
    ChangeConfig, CloseRegistration, Command, Ctx, ReEntryOption, RegisterPlayer, RenamePlayer,
    ReopenRegistration, StartClock, UnregisterPlayer,
};
use clubtd_core::config::{templates, Config, LateRegistration};
use clubtd_core::event::{Event, Payment, PaymentMethod};
use clubtd_core::ids::{PlayerId, TableNo, Timestamp};
use clubtd_core::log::event::PlayerUnregistered;
use clubtd_core::money::{Cents, Chips};
use clubtd_core::state::PlayerStatus;
use clubtd_core::view::tournament_view;
use clubtd_core::{decide, DomainError};

mod kit;
use kit::{re_entry, Kit};

#[test]
fn pkr4u_14_only_a_present_player_can_buy_in() {
    let mut k = Kit::new(templates::club_evening("t", 3));
    let r = k.run(Command::RegisterPlayer(RegisterPlayer {
        name: "Remote".into(),
        method: PaymentMethod::Transfer,
        present: false,
        same_name_confirmed: false,
    }));
    assert_eq!(r, Err(DomainError::NotPresent));
    assert!(k.t.players.is_empty());
}

#[test]
fn tda_13_seats_are_drawn_filling_tables_evenly() {
    let mut k = Kit::new(templates::club_evening("t", 3));
    k.register(24);
    let counts: Vec<usize> = k.t.open_tables().map(|(_, t)| t.seats.len()).collect();
    assert_eq!(counts, vec![8, 8, 8]);
}

#[test]
fn prize_pool_and_bonus_pkr4u_18() {
    let mut k = Kit::new(templates::club_evening("t", 3));
    k.register(2);
    assert_eq!(k.t.prize_pool, Cents(4000));
    assert_eq!(
        k.t.players[&PlayerId(1)].stack,
        Chips(12_000),
        "starting stack plus the bonus"
    );
    k.ok(Command::StartClock(StartClock {}));
    k.minutes(21); // level 2: the bonus window (level 1) is over
    k.register(1);
    assert_eq!(k.t.players[&PlayerId(1)].bonus, Chips(2_000));
    assert_eq!(k.t.players.values().last().unwrap().stack, Chips(10_000));
}

#[test]
fn unregistration_refunds_before_the_start_only() {
    let mut k = Kit::new(templates::club_evening("t", 3));
    k.register(3);
    k.ok(Command::UnregisterPlayer(UnregisterPlayer {
        player: PlayerId(2),
    }));
    assert_eq!(k.t.prize_pool, Cents(4000));
    assert_eq!(k.t.players[&PlayerId(2)].status, PlayerStatus::Unregistered);
    k.ok(Command::StartClock(StartClock {}));
    assert_eq!(
        k.run(Command::UnregisterPlayer(UnregisterPlayer {
            player: PlayerId(1)
        })),
        Err(DomainError::AlreadyStarted)
    );
}

/// The refund goes back the way the registration was paid (a card to the card), and it is
/// what this player paid even when the director changed the buy-in since.
#[test]
fn an_unregistration_refunds_the_payment_as_it_was_made() {
    let cfg = templates::club_evening("t", 2);
    let mut k = Kit::new(cfg.clone());
    k.ok(Command::RegisterPlayer(RegisterPlayer {
        name: "Ann".into(),
        method: PaymentMethod::Card,
        present: true,
        same_name_confirmed: false,
    }));
    k.ok(Command::ChangeConfig(ChangeConfig {
        config: Config {
            prize_part: Cents(2500),
            ..cfg
        },
    }));
    let unregister = Command::UnregisterPlayer(UnregisterPlayer {
        player: PlayerId(1),
    });
    let ctx = Ctx {
        now: Timestamp(k.now),
        seed: 1,
        tapped_at: None,
        sender: None,
    };
    assert_eq!(
        decide(&k.t, &unregister, ctx),
        Ok(vec![Event::PlayerUnregistered(PlayerUnregistered {
            player: PlayerId(1),
            refund: Payment {
                method: PaymentMethod::Card,
                prize_part: Cents(2000),
                house_fee: Cents(200),
                bounty_part: Cents::ZERO,
            },
        })])
    );
    k.ok(unregister);
    assert_eq!(k.t.prize_pool, Cents::ZERO, "the pool is back where it was");
}

#[test]
fn pkr4u_11_re_entry_same_seat_or_new_seat_within_the_window_and_maximum() {
    let mut k = Kit::new(templates::club_evening("t", 2));
    k.register(10);
    k.ok(Command::StartClock(StartClock {}));
    let seat = k.bust_by_tablemate(2);
    k.ok(re_entry(2, ReEntryOption::SameSeat));
    assert_eq!(k.seat_of(2), seat, "option A keeps the seat");
    assert_eq!(k.t.entries, 11);
    k.bust_by_tablemate(2);
    let r = k.run(re_entry(2, ReEntryOption::NewSeat));
    assert_eq!(
        r,
        Err(DomainError::MaxEntriesReached {
            player: PlayerId(2),
            max: 2
        })
    );
}

#[test]
fn late_registration_closes_by_itself_after_its_level_and_break() {
    let mut config = templates::club_evening("t", 2);
    config.late_registration = LateRegistration::UntilLevel {
        level: 1,
        through_break: false,
    };
    let mut k = Kit::new(config);
    k.register(2);
    k.ok(Command::StartClock(StartClock {}));
    k.minutes(19);
    k.register(1);
    k.minutes(2);
    let r = k.run(Command::RegisterPlayer(RegisterPlayer {
        name: "Late".into(),
        method: PaymentMethod::Cash,
        present: true,
        same_name_confirmed: false,
    }));
    assert_eq!(r, Err(DomainError::RegistrationClosed));
}

#[test]
fn a_misspelt_name_is_corrected() {
    let mut k = Kit::new(templates::club_evening("t", 1));
    k.register(2);
    k.ok(Command::RenamePlayer(RenamePlayer {
        player: PlayerId(2),
        name: " Chloé Dubois ".into(),
    }));
    assert_eq!(k.t.players[&PlayerId(2)].name, "Chloé Dubois");
    assert_eq!(
        k.run(Command::RenamePlayer(RenamePlayer {
            player: PlayerId(2),
            name: "  ".into()
        })),
        Err(DomainError::InvalidName)
    );
}

#[test]
fn registration_closed_by_mistake_is_reopened_with_a_reason() {
    let mut k = Kit::new(templates::club_evening("t", 1));
    k.register(2);
    k.ok(Command::StartClock(StartClock {}));
    let reopen = |reason: &str| {
        Command::ReopenRegistration(ReopenRegistration {
            reason: reason.into(),
        })
    };
    assert_eq!(k.run(reopen("oops")), Err(DomainError::NothingToUndo));
    k.ok(Command::CloseRegistration(CloseRegistration {}));
    assert_eq!(k.run(reopen(" ")), Err(DomainError::ReasonRequired));
    k.ok(reopen("closed the wrong tournament"));
    k.register(1);
    assert_eq!(k.t.entries, 3);
}

#[test]
fn more_tables_at_the_start_open_before_the_first_registration() {
    let mut k = Kit::new(templates::club_pko("pko", 4));
    assert!(!k.t.tables[&TableNo(4)].open, "the template opens 3 of 4");
    let mut cfg = k.t.config.clone().unwrap();
    cfg.tables_at_start = 4;
    k.ok(Command::ChangeConfig(ChangeConfig { config: cfg }));
    assert!(k.t.tables.values().all(|tb| tb.open));
    // 30 players spread over all four tables: 8, 8, 7, 7.
    k.register(30);
    let mut counts: Vec<usize> = k.t.tables.values().map(|tb| tb.seats_in_use()).collect();
    counts.sort_unstable();
    assert_eq!(counts, vec![7, 7, 8, 8]);
}

/// "Find my seat" on the player's phone: part of a name, any case, at least two letters, at
/// most ten players.
#[test]
fn players_are_found_by_part_of_their_name() {
    let mut k = Kit::new(templates::club_evening("t", 3));
    let mut names: Vec<String> = vec![
        "Lotte Peeters".into(),
        "Jan de Vries".into(),
        "Piet Peeters".into(),
        "Chloé Dubois".into(),
    ];
    names.extend((1..=12).map(|n| format!("Janssens {n}")));
    for name in names {
        k.ok(Command::RegisterPlayer(RegisterPlayer {
            name,
            method: PaymentMethod::Cash,
            present: true,
            same_name_confirmed: false,
        }));
    }
    let v = tournament_view(&k.t, Timestamp(k.now)).expect("created");
    let found =
        |q: &str| -> Vec<String> { v.players_named(q).iter().map(|p| p.name.clone()).collect() };
    assert_eq!(found("peeters"), ["Lotte Peeters", "Piet Peeters"]);
    assert_eq!(
        found("  TE PE "),
        ["Lotte Peeters"],
        "trimmed, any case, across the space"
    );
    assert!(found("p").is_empty(), "one letter finds nobody");
    assert!(found(" e ").is_empty(), "one letter once trimmed");
    assert!(found("zz").is_empty());
    assert_eq!(found("jan").len(), 10, "13 names hold it; ten are shown");
    assert_eq!(found("jan")[0], "Jan de Vries", "in the view's order");
    // One rule for every search (issue V.5): accents aside, both ways, as the door and the
    // desk match ("chloe" found nobody while "Chlo" and "dubois" did).
    assert_eq!(found("chloe"), ["Chloé Dubois"]);
    assert_eq!(found("CHLOÉ  dub"), ["Chloé Dubois"]);
    assert_eq!(found("Chlo"), ["Chloé Dubois"]);
}
