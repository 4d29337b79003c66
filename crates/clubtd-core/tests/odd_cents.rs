//! Odd cents go by a stated rule, never by the order a person typed a list in (issue Q,
//! part 6): a split bounty's odd cent to the eliminator first after the button, a shared
//! prize's odd cent to the lower table, then the first seat after its button.

mod kit;
use clubtd_core::busts::{standings, Standing};
use clubtd_core::command::{
    BustReport, CloseRegistration, Command, ReportBusts, SetButton, SetPayouts, StartClock,
};
use clubtd_core::config::{templates, BountyKind};
use clubtd_core::ids::{PlayerId, SeatNo, TableNo, Timestamp};
use clubtd_core::money::{Cents, Chips};
use kit::Kit;

/// One table of six, fixed bounties of 10.01 (an odd amount), the button on `button`.
fn table_with_button(button: u8) -> Kit {
    let mut config = templates::club_evening("odd", 1);
    config.bounty_kind = BountyKind::Fixed;
    config.bounty_part = Cents(1001);
    let mut k = Kit::new(config);
    k.register(6);
    k.ok(Command::StartClock(StartClock {}));
    k.ok(Command::CloseRegistration(CloseRegistration {}));
    k.ok(Command::SetButton(SetButton {
        table: TableNo(1),
        seat: SeatNo(button),
    }));
    k
}

/// The player in `seat` at table 1.
fn in_seat(k: &Kit, seat: u8) -> PlayerId {
    k.t.tables[&TableNo(1)].seats[&SeatNo(seat)]
}

/// The seats taken at table 1, in seat order.
fn seats(k: &Kit) -> Vec<u8> {
    k.t.tables[&TableNo(1)].seats.keys().map(|s| s.0).collect()
}

#[test]
fn a_split_bounty_gives_its_odd_cent_to_the_first_eliminator_after_the_button() {
    let taken = seats(&table_with_button(1));
    let (busted, a, b) = (taken[0], taken[1], taken[2]);
    // The button sits on the busted player's seat: `a` is first after it, then `b`.
    for order in [[a, b], [b, a]] {
        let mut k = table_with_button(busted);
        let eliminators: Vec<PlayerId> = order.iter().map(|s| in_seat(&k, *s)).collect();
        let (pa, pb) = (in_seat(&k, a), in_seat(&k, b));
        let out = in_seat(&k, busted);
        k.ok(Command::ReportBusts(ReportBusts {
            table: TableNo(1),
            busts: vec![BustReport {
                player: out,
                eliminators,
                start_stack: None,
            }],
        }));
        assert_eq!(k.t.players[&pa].bounty_won, Cents(501), "typed {order:?}");
        assert_eq!(k.t.players[&pb].bounty_won, Cents(500), "typed {order:?}");
    }
}

/// Six players at one table, the button on the sixth seat taken, the director's payout
/// table: two players out one by one, then the first two seats after the button out in one
/// hand with equal stacks (typed in reverse order when `reverse`). Returns those two (first
/// after the button first) and the standings.
fn two_out_in_one_hand(payouts: Vec<Cents>, reverse: bool) -> (PlayerId, PlayerId, Vec<Standing>) {
    let taken = seats(&table_with_button(1));
    let mut k = table_with_button(taken[5]);
    k.ok(Command::SetPayouts(SetPayouts { amounts: payouts }));
    let by = in_seat(&k, taken[4]);
    for s in [taken[2], taken[3]] {
        let out = in_seat(&k, s);
        k.ok(Command::ReportBusts(ReportBusts {
            table: TableNo(1),
            busts: vec![BustReport {
                player: out,
                eliminators: vec![by],
                start_stack: None,
            }],
        }));
    }
    let (first, second) = (in_seat(&k, taken[0]), in_seat(&k, taken[1]));
    let mut busts: Vec<BustReport> = [first, second]
        .into_iter()
        .map(|player| BustReport {
            player,
            eliminators: vec![by],
            start_stack: Some(Chips(5_000)),
        })
        .collect();
    if reverse {
        busts.reverse();
    }
    k.ok(Command::ReportBusts(ReportBusts {
        table: TableNo(1),
        busts,
    }));
    let cfg = k.t.config.clone().unwrap();
    (first, second, standings(&k.t, &cfg, Timestamp(k.now)))
}

fn prize_of(st: &[Standing], p: PlayerId) -> Option<(u32, Cents)> {
    st.iter()
        .find(|s| s.player == p)
        .map(|s| (s.place, s.prize))
}

#[test]
fn a_shared_prize_is_the_same_whatever_the_typing_order() {
    // The pool is 6 x 20.00: two players sharing 3rd and 4th split 20.00, 10.00 each.
    let even = vec![Cents(8_000), Cents(2_000), Cents(1_000), Cents(1_000)];
    let (first, second, typed) = two_out_in_one_hand(even.clone(), false);
    let (_, _, reversed) = two_out_in_one_hand(even, true);
    assert_eq!(prize_of(&typed, first), Some((3, Cents(1_000))));
    assert_eq!(prize_of(&typed, second), Some((3, Cents(1_000))));
    assert_eq!(typed, reversed, "the typing order changes nothing");
}

#[test]
fn an_odd_shared_sum_goes_to_the_first_seat_after_the_button_whatever_the_typing() {
    // Places 3 and 4 (10.01 + 9.98 = 19.99) shared: the first seat after the button takes
    // the odd cent, 10.00, the other 9.99.
    let odd = vec![
        Cents(8_000),
        Cents(2_000),
        Cents(1_001),
        Cents(998),
        Cents(1),
    ];
    for reverse in [false, true] {
        let (first, second, st) = two_out_in_one_hand(odd.clone(), reverse);
        assert_eq!(
            prize_of(&st, first),
            Some((3, Cents(1_000))),
            "reversed: {reverse}"
        );
        assert_eq!(
            prize_of(&st, second),
            Some((3, Cents(999))),
            "reversed: {reverse}"
        );
    }
}
