//! Each face's own view (issue Y.4): the room screen and a player's page read the same
//! figures as the whole view, and stay small in a 300-player evening, where the whole view is
//! the room's list.

mod kit;

use clubtd_core::command::Command;
use clubtd_core::config::templates;
use clubtd_core::ids::{PlayerId, Timestamp};
use clubtd_core::money::Chips;
use clubtd_core::read::faces::personal::PersonalView;
use clubtd_core::read::faces::pieces::{FieldView, PrizeList};
use clubtd_core::read::faces::screen::ScreenView;
use clubtd_core::read::faces::seat_search::SeatSearchView;
use clubtd_core::read::faces::FaceView;
use clubtd_core::view::{tournament_view, TournamentView};
use kit::Kit;

/// The screen's bytes for a bust in a 300-player evening, uncompressed (the 8 KB are
/// on the wire, compressed: this asks for the JSON itself to fit).
const SCREEN_BYTES: usize = 8 * 1024;
/// A player's page, uncompressed (the issue asks 4 KB).
const PERSONAL_BYTES: usize = 4 * 1024;
/// The seat search holds every name; it must stay well under the whole view.
const SEAT_SEARCH_BYTES: usize = 24 * 1024;

/// A 300-player knock-out at 35 tables, its clock running, every stack counted once, three
/// busts at one table (so a balancing move is planned); the whole view a minute later.
fn evening() -> (Kit, TournamentView) {
    let mut k = Kit::new(templates::club_pko("Vrijdag", 35));
    k.register(300);
    k.ok(Command::StartClock);
    // Every table says where its button is: the balancing plan names seats.
    let buttons: Vec<_> =
        k.t.tables
            .iter()
            .filter_map(|(table, t)| Some((*table, *t.seats.keys().next()?)))
            .collect();
    for (table, seat) in buttons {
        k.ok(Command::SetButton { table, seat });
    }
    k.minutes(20);
    for p in 1..=300u32 {
        k.ok(Command::ReportChips {
            player: PlayerId(p),
            chips: Chips(20_000 + i64::from(p) * 37),
        });
    }
    let table = k.bust_by_tablemate(7).table;
    for _ in 0..2 {
        let next = *k.t.tables[&table]
            .seats
            .values()
            .next()
            .expect("players left");
        k.bust_by_tablemate(next.0);
    }
    k.minutes(1);
    let whole = tournament_view(&k.t, Timestamp(k.now)).expect("configured");
    (k, whole)
}

fn json_len<T: serde::Serialize>(v: &T) -> usize {
    serde_json::to_vec(v).expect("serialises").len()
}

#[test]
fn the_screen_reads_the_whole_views_figures_without_the_room_list() {
    let (_, whole) = evening();
    let screen = ScreenView::of(&whole, ()).expect("the screen's view");
    assert_eq!(screen.field, FieldView::of(&whole));
    assert_eq!(screen.field.players_left, 297);
    assert_eq!(screen.prizes, PrizeList::of(&whole));
    assert_eq!(screen.clock, whole.clock);
    let leaders: Vec<_> = screen.leaders.iter().map(|l| l.player).collect();
    let expected: Vec<_> = whole.chip_leaders(5).iter().map(|p| p.player).collect();
    assert_eq!(leaders, expected);
    assert!(!leaders.is_empty());
    // Every planned move, with its player's name (the TV and the announcer say it).
    assert_eq!(screen.moves.len(), whole.plan.moves_to_make());
    assert!(!screen.moves.is_empty(), "three out at one table: a move");
    for m in &screen.moves {
        assert_eq!(m.name, whole.player_name(m.player));
    }
    assert!(screen.results.is_empty(), "results only once play is over");
    let (screen_bytes, whole_bytes) = (json_len(&screen), json_len(&whole));
    assert!(
        screen_bytes <= SCREEN_BYTES,
        "the screen's view is {screen_bytes} B (the whole view {whole_bytes} B)"
    );
    assert!(
        whole_bytes > 10 * screen_bytes,
        "{whole_bytes} vs {screen_bytes}"
    );
}

#[test]
fn a_players_page_is_their_card_their_move_and_the_field() {
    let (k, whole) = evening();
    for p in [1, 7, 150, 300] {
        let me = PersonalView::of(&whole, PlayerId(p)).expect("a player of the tournament");
        assert_eq!(Some(&me.card), whole.player_card(PlayerId(p)).as_ref());
        assert_eq!(me.move_to, whole.move_of(PlayerId(p)));
        assert_eq!(me.field, FieldView::of(&whole));
        let bytes = json_len(&me);
        assert!(bytes <= PERSONAL_BYTES, "player {p}'s view is {bytes} B");
    }
    // The one out has their place.
    let out = PersonalView::of(&whole, PlayerId(7)).expect("player 7");
    assert!(out.card.standing.is_some());
    assert_eq!(out.card.me.table, None);
    // Nobody by that number.
    let unknown = PlayerId(k.t.players.len() as u32 + 1);
    assert_eq!(PersonalView::of(&whole, unknown), None);
}

#[test]
fn the_seat_search_finds_every_name_where_the_whole_view_does() {
    let (_, whole) = evening();
    let search = SeatSearchView::of(&whole, ()).expect("the seat search's view");
    assert_eq!(search.seats.len(), whole.players.len());
    for query in ["P1", "p15", "P7", "P299", "x", "P"] {
        let found: Vec<_> = search.seats_named(query).iter().map(|s| s.player).collect();
        let expected: Vec<_> = whole
            .players_named(query)
            .iter()
            .map(|p| p.player)
            .collect();
        assert_eq!(found, expected, "{query}");
    }
    for line in &search.seats {
        let card = whole.player_card(line.player).expect("a player");
        assert_eq!((line.table, line.seat), (card.me.table, card.me.seat));
        assert_eq!(line.place, card.standing.as_ref().map(|s| s.place));
        assert_eq!(
            (line.prize, line.ticket),
            (card.prize, card.ticket.is_some())
        );
        assert_eq!(line.move_to, whole.move_of(line.player));
    }
    let out = search
        .seats_named("P7")
        .into_iter()
        .find(|s| s.name == "P7");
    assert!(
        out.is_some_and(|s| s.out && s.place.is_some()),
        "P7 is out, with a place"
    );
    let (bytes, whole_bytes) = (json_len(&search), json_len(&whole));
    assert!(
        bytes <= SEAT_SEARCH_BYTES,
        "{bytes} B (whole {whole_bytes} B)"
    );
}

#[test]
fn every_face_has_its_own_address() {
    assert_eq!(TournamentView::path(()), "");
    assert_eq!(SeatSearchView::path(()), "/seats");
    assert_eq!(ScreenView::path(()), "/screen");
    assert_eq!(PersonalView::path(PlayerId(12)), "/player/12");
}
