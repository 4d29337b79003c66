//! Stacks move with chip counts and the chip leaders follow (issue M, part 2): a table's count
//! changes every stack it names, a bust leaves the leaders, ties read by name.

mod kit;
use clubtd_core::command::{Command, ReportTableChips, StartClock};
use clubtd_core::config::templates;
use clubtd_core::ids::{PlayerId, Timestamp};
use clubtd_core::money::Chips;
use clubtd_core::view::tournament_view;
use kit::Kit;

#[test]
fn a_table_count_changes_the_stacks_and_the_leaders() {
    let mut k = Kit::new(templates::club_evening("stacks", 1));
    k.register(6);
    k.ok(Command::StartClock(StartClock {}));
    let start = tournament_view(&k.t, Timestamp(k.now)).unwrap();
    let starting = start.players[0].stack;
    assert!(start.players.iter().all(|p| p.stack == starting));
    // Before any count nobody leads: what was bought is no order.
    assert!(start.chip_leaders(3).is_empty());
    assert!(start.players.iter().all(|p| !p.stack_counted));

    let table = k.seat_of(4).table;
    let mate = k.tablemate(4);
    k.ok(Command::ReportTableChips(ReportTableChips {
        table,
        counts: vec![
            (PlayerId(4), Chips(starting.0 * 2)),
            (mate, Chips(starting.0 / 2)),
        ],
    }));
    let after = tournament_view(&k.t, Timestamp(k.now)).unwrap();
    let stack_of = |p: PlayerId| after.players.iter().find(|x| x.player == p).unwrap().stack;
    assert_eq!(stack_of(PlayerId(4)), Chips(starting.0 * 2));
    assert_eq!(stack_of(mate), Chips(starting.0 / 2));
    let leaders = after.chip_leaders(10);
    // The counted stacks lead or trail; the others keep what they bought, by name.
    assert_eq!(leaders[0].player, PlayerId(4));
    assert!(leaders[0].stack_counted);
    let uncounted: Vec<_> = leaders[1..5].iter().map(|p| p.name.clone()).collect();
    let mut by_name = uncounted.clone();
    by_name.sort();
    assert_eq!(uncounted, by_name);
    assert_eq!(leaders.last().unwrap().player, mate);
    assert_eq!(leaders.len(), 6);

    // The leader busts: out of the leaders.
    k.minutes(5);
    k.bust_by_tablemate(4);
    let later = tournament_view(&k.t, Timestamp(k.now)).unwrap();
    assert!(later
        .chip_leaders(10)
        .iter()
        .all(|p| p.player != PlayerId(4)));
    assert_eq!(later.chip_leaders(10).len(), 5);
}
