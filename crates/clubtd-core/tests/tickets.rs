//! Ticket prizes (issue P): a satellite's pool buys seats (the rest to the next place), the
//! house adds a ticket beside the money, deals give the tickets first, and a ticket is never
//! split.

mod kit;

use clubtd_core::command::{
    CloseRegistration, Command, CreateTournament, RecordDeal, SetPayouts, StartClock,
};
use clubtd_core::config::{templates, Config, PayoutMode, TicketKind, TicketPrize, TicketSource};
use clubtd_core::ids::{PlayerId, Timestamp};
use clubtd_core::money::Cents;
use clubtd_core::payouts::satellite_prizes;
use clubtd_core::view::{tournament_view, TournamentView};
use clubtd_core::DomainError;
use kit::Kit;
use proptest::prelude::*;

/// A satellite at one table: 18 + 2 euro, seats worth `value` cents.
fn satellite(value: i64) -> Config {
    let mut c = templates::club_satellite("Satelliet", 1);
    c.ticket = Some(TicketPrize {
        name: "Main Event".into(),
        value: Cents(value),
        kind: TicketKind::Seat,
        source: TicketSource::Pool,
    });
    c
}

/// `players` registered, the clock started, registration closed.
fn closed(config: Config, players: usize) -> Kit {
    let mut k = Kit::new(config);
    k.register(players);
    k.ok(Command::StartClock(StartClock {}));
    k.ok(Command::CloseRegistration(CloseRegistration {}));
    k
}

fn view(k: &Kit) -> TournamentView {
    tournament_view(&k.t, Timestamp(k.now)).expect("created")
}

fn line(v: &TournamentView, p: u32) -> &clubtd_core::view::ResultLine {
    v.results
        .iter()
        .find(|r| r.player == PlayerId(p))
        .expect("a line")
}

#[test]
fn a_satellite_pool_buys_seats_and_the_rest_goes_to_the_next_place() {
    // 8 × 18 = 144 euro: two seats of 50 and 44 euro in cash for third.
    let mut k = closed(satellite(5000), 8);
    let v = view(&k);
    assert_eq!(v.payouts, vec![Cents(5000), Cents(5000), Cents(4400)]);
    assert_eq!(v.ticket_places, 2);
    for p in (2..=8).rev() {
        k.bust_by_tablemate(p);
    }
    let v = view(&k);
    let ticket = v.ticket.as_ref();
    let (first, second, third) = (line(&v, 1), line(&v, 2), line(&v, 3));
    assert_eq!(
        (first.place, first.ticket, first.cash(ticket)),
        (Some(1), true, Cents::ZERO)
    );
    assert_eq!(
        (second.place, second.ticket, second.cash(ticket)),
        (Some(2), true, Cents::ZERO)
    );
    assert_eq!(
        (third.place, third.ticket, third.cash(ticket)),
        (Some(3), false, Cents(4400))
    );
    assert!(v.results.iter().filter(|r| r.ticket).count() == 2);
    // Every cent of the pool is a ticket's value or cash.
    let total: Cents = v.results.iter().map(|r| r.prize).sum();
    assert_eq!(total, Cents(8 * 1800));
}

#[test]
fn a_pool_that_cannot_buy_a_seat_pays_cash() {
    // 4 × 18 = 72 euro, seats of 100: no ticket, the pool to the winner.
    let k = closed(satellite(10_000), 4);
    let v = view(&k);
    assert_eq!(v.payouts, vec![Cents(7200)]);
    assert_eq!(v.ticket_places, 0);
}

#[test]
fn the_house_adds_a_ticket_beside_the_money() {
    let mut c = templates::club_evening("Maandag", 1);
    c.ticket = Some(TicketPrize {
        name: "Bon Poker Café".into(),
        value: Cents(2500),
        kind: TicketKind::Voucher,
        source: TicketSource::House { places: 1 },
    });
    let mut k = closed(c.clone(), 6);
    let plain = closed(templates::club_evening("Maandag", 1), 6);
    let v = view(&k);
    assert_eq!(
        v.payouts,
        view(&plain).payouts,
        "the money is paid as without it"
    );
    assert_eq!(v.ticket_places, 1);
    for p in (2..=6).rev() {
        k.bust_by_tablemate(p);
    }
    let v = view(&k);
    let winner = line(&v, 1);
    assert!(winner.ticket);
    assert_eq!(winner.cash(v.ticket.as_ref()), v.payouts[0]);
    assert!(!line(&v, 2).ticket);
}

#[test]
fn a_satellite_deal_gives_the_tickets_first_to_the_biggest_stacks() {
    let mut k = closed(satellite(5000), 8);
    for p in (4..=8).rev() {
        k.bust_by_tablemate(p);
    }
    // Three left for two seats and 44 euro; player 3 holds the most chips.
    for (p, stack) in [(1, 30_000), (2, 10_000), (3, 40_000)] {
        k.t.players.get_mut(&PlayerId(p)).expect("in").stack = clubtd_core::money::Chips(stack);
    }
    let v = view(&k);
    let q = v.deal_quotes.as_ref().expect("quotes for three");
    let by_player = |amounts: &[Cents]| -> Vec<(u32, Cents)> {
        q.players
            .iter()
            .map(|p| p.0)
            .zip(amounts.iter().copied())
            .collect()
    };
    let expected = vec![(1, Cents(5000)), (2, Cents(4400)), (3, Cents(5000))];
    assert_eq!(by_player(&q.chip_chop), expected);
    assert_eq!(by_player(&q.icm), expected);
    assert_eq!(q.tickets, vec![true, false, true]);
    // Recorded: the seats go whole to the players given their value.
    k.ok(Command::RecordDeal(RecordDeal {
        amounts: expected.iter().map(|(p, a)| (PlayerId(*p), *a)).collect(),
        note: "Tickets first".into(),
        to_play_for: Cents::ZERO,
    }));
    let v = view(&k);
    assert!(line(&v, 1).ticket && line(&v, 3).ticket && !line(&v, 2).ticket);
    assert_eq!(line(&v, 2).cash(v.ticket.as_ref()), Cents(4400));
}

#[test]
fn a_satellite_has_no_payout_table_to_set() {
    let mut k = closed(satellite(5000), 8);
    let err = k
        .run(Command::SetPayouts(SetPayouts {
            amounts: vec![Cents(14_400)],
        }))
        .unwrap_err();
    assert_eq!(
        err,
        DomainError::InvalidAmount {
            field: "satellite_payouts".into()
        }
    );
}

#[test]
fn a_ticket_a_club_cannot_mean_is_refused() {
    let bad = |edit: &dyn Fn(&mut Config)| {
        let mut c = satellite(5000);
        edit(&mut c);
        let ctx = clubtd_core::Ctx {
            now: Timestamp(0),
            seed: 1,
            tapped_at: None,
            sender: None,
        };
        let fresh = clubtd_core::Tournament::default();
        clubtd_core::decide(
            &fresh,
            &Command::CreateTournament(CreateTournament { config: c }),
            ctx,
        )
        .unwrap_err()
    };
    let ticket_refused = DomainError::InvalidConfig {
        field: "ticket".into(),
    };
    assert_eq!(
        bad(&|c| c.ticket.as_mut().unwrap().name = "  ".into()),
        ticket_refused
    );
    assert_eq!(
        bad(&|c| c.ticket.as_mut().unwrap().value = Cents(0)),
        ticket_refused
    );
    assert_eq!(
        bad(&|c| c.ticket.as_mut().unwrap().source = TicketSource::House { places: 0 }),
        ticket_refused
    );
    assert_eq!(
        bad(&|c| {
            c.payouts.mode = PayoutMode::None;
            c.prize_part = Cents::ZERO;
        }),
        ticket_refused
    );
}

proptest! {
    /// A satellite's prizes: every cent of the pool, never increasing, as many tickets as the
    /// pool buys (at most one per entry), and a cash rest smaller than a ticket.
    #[test]
    fn satellite_prizes_share_the_whole_pool(pool in 1i64..5_000_000, entries in 1u32..300, value in 100i64..100_000) {
        let p = satellite_prizes(Cents(pool), entries, Cents(value));
        prop_assert_eq!(p.iter().copied().sum::<Cents>(), Cents(pool));
        prop_assert!(p.windows(2).all(|w| w[0] >= w[1]));
        prop_assert!(p.len() <= entries as usize);
        let tickets = p.iter().filter(|x| x.0 >= value).count() as i64;
        prop_assert_eq!(tickets, (pool / value).min(i64::from(entries)));
        prop_assert!(p.iter().all(|x| x.0 >= value || x == p.last().unwrap()));
    }
}
