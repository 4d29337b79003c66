//! The core's shared unit-test kit: a tournament driven through `decide` and `apply`, as the
//! host drives it, so each rule's tests read as the club's story and not as plumbing.

use crate::decide;
use crate::log::command::{Command, CreateTournament, Ctx, RegisterPlayer, StartClock};
use crate::log::event::{Event, PaymentMethod};
use crate::model::config::templates;
use crate::model::ids::{PlayerId, SeatNo, Timestamp};
use crate::model::state::{Table, Tournament};

/// Runs one command at `now` (milliseconds); a refusal or a misfit fails the test.
pub(crate) fn run(t: &mut Tournament, command: Command, now: i64) -> Vec<Event> {
    let ctx = Ctx {
        now: Timestamp(now),
        seed: 11,
        tapped_at: None,
        sender: None,
    };
    let events = decide(t, &command, ctx).expect("the command is accepted");
    for e in &events {
        t.apply(e).expect("a decided event fits");
    }
    events
}

/// A progressive knock-out at one table with `players` players paid in cash, its clock
/// started at 0.
pub(crate) fn started_pko(players: usize) -> Tournament {
    let mut t = Tournament::default();
    let config = templates::club_pko("t", 1);
    run(
        &mut t,
        Command::CreateTournament(CreateTournament { config }),
        0,
    );
    for i in 0..players {
        let register = Command::RegisterPlayer(RegisterPlayer {
            name: format!("P{i}"),
            method: PaymentMethod::Cash,
            present: true,
            same_name_confirmed: false,
        });
        run(&mut t, register, 0);
    }
    run(&mut t, Command::StartClock(StartClock {}), 0);
    t
}

/// An open table with players in the `occupied` seats (player n in seat n) and its button.
pub(crate) fn table(occupied: &[u8], button: Option<u8>) -> Table {
    Table {
        open: true,
        seats: occupied
            .iter()
            .map(|&s| (SeatNo(s), PlayerId(u32::from(s))))
            .collect(),
        button: button.map(SeatNo),
        hand_done: false,
        abandoned: std::collections::BTreeMap::new(),
    }
}
