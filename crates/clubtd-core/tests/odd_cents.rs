//! Odd cents go by a stated rule, never by the order a person typed a list in (issue Q,
//! part 6): a split bounty's odd cent to the eliminator first after the button, a shared
//! prize's odd cent to the lower table, then the first seat after its button.

mod kit;
use clubtd_core::busts::standings;
use clubtd_core::command::{BustReport, Command};
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
    k.ok(Command::StartClock);
    k.ok(Command::CloseRegistration);
    k.ok(Command::SetButton {
        table: TableNo(1),
        seat: SeatNo(button),
    });
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
        k.ok(Command::ReportBusts {
            table: TableNo(1),
            busts: vec![BustReport {
                player: out,
                eliminators,
                start_stack: None,
            }],
        });
        assert_eq!(k.t.players[&pa].bounty_won, Cents(501), "typed {order:?}");
        assert_eq!(k.t.players[&pb].bounty_won, Cents(500), "typed {order:?}");
    }
}

#[test]
fn a_shared_prize_gives_its_odd_cent_to_the_first_seat_after_the_button() {
    let taken = seats(&table_with_button(1));
    let mut results = Vec::new();
    for reverse in [false, true] {
        let mut k = table_with_button(taken[5]);
        // The pool is 6 x 20.00: two players sharing 3rd and 4th split 20.00.
        k.ok(Command::SetPayouts {
            amounts: vec![Cents(8_000), Cents(2_000), Cents(1_000), Cents(1_000)],
        });
        // Two players out, one winner left of the three others.
        for s in [taken[2], taken[3]] {
            let by = in_seat(&k, taken[4]);
            let out = in_seat(&k, s);
            k.ok(Command::ReportBusts {
                table: TableNo(1),
                busts: vec![BustReport {
                    player: out,
                    eliminators: vec![by],
                    start_stack: None,
                }],
            });
        }
        // One hand: seats 1 and 2 after the button (taken[0], taken[1]) bust with equal stacks.
        let (first, second) = (in_seat(&k, taken[0]), in_seat(&k, taken[1]));
        let by = in_seat(&k, taken[4]);
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
        k.ok(Command::ReportBusts {
            table: TableNo(1),
            busts,
        });
        let cfg = k.t.config.clone().unwrap();
        let st = standings(&k.t, &cfg, Timestamp(k.now));
        let prize = |p: PlayerId| {
            st.iter()
                .find(|s| s.player == p)
                .map(|s| (s.place, s.prize))
        };
        // Places 3 and 4 (10.00 + 10.00) shared: 10.00 each.
        assert_eq!(prize(first), Some((3, Cents(1_000))));
        assert_eq!(prize(second), Some((3, Cents(1_000))));
        results.push(st);
    }
    assert_eq!(results[0], results[1], "the typing order changes nothing");
}

#[test]
fn an_odd_shared_sum_goes_to_the_first_seat_after_the_button_whatever_the_typing() {
    let taken = seats(&table_with_button(1));
    for reverse in [false, true] {
        let mut k = table_with_button(taken[5]);
        k.ok(Command::SetPayouts {
            amounts: vec![
                Cents(8_000),
                Cents(2_000),
                Cents(1_001),
                Cents(998),
                Cents(1),
            ],
        });
        for s in [taken[2], taken[3]] {
            let by = in_seat(&k, taken[4]);
            let out = in_seat(&k, s);
            k.ok(Command::ReportBusts {
                table: TableNo(1),
                busts: vec![BustReport {
                    player: out,
                    eliminators: vec![by],
                    start_stack: None,
                }],
            });
        }
        let (first, second) = (in_seat(&k, taken[0]), in_seat(&k, taken[1]));
        let by = in_seat(&k, taken[4]);
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
        k.ok(Command::ReportBusts {
            table: TableNo(1),
            busts,
        });
        let cfg = k.t.config.clone().unwrap();
        let st = standings(&k.t, &cfg, Timestamp(k.now));
        let prize = |p: PlayerId| st.iter().find(|s| s.player == p).map(|s| s.prize);
        // Places 3 and 4 (10.01 + 9.98 = 19.99) shared: the first seat after the button
        // takes the odd cent, 10.00, the other 9.99.
        assert_eq!(prize(first), Some(Cents(1_000)), "reversed: {reverse}");
        assert_eq!(prize(second), Some(Cents(999)), "reversed: {reverse}");
    }
}
