//! The core's shared unit-test kit: a tournament driven through `decide` and `apply`, as the
//! host drives it, so each rule's tests read as the club's story and not as plumbing.

use crate::decide;
use crate::log::command::{Command, Ctx};
use crate::log::event::{Event, PaymentMethod};
use crate::model::config::templates;
use crate::model::ids::Timestamp;
use crate::model::state::Tournament;

/// Runs one command at `now` (milliseconds); a refusal or a misfit fails the test.
pub(crate) fn run(t: &mut Tournament, command: Command, now: i64) -> Vec<Event> {
    let ctx = Ctx {
        now: Timestamp(now),
        seed: 11,
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
    run(&mut t, Command::CreateTournament { config }, 0);
    for i in 0..players {
        let register = Command::RegisterPlayer {
            name: format!("P{i}"),
            method: PaymentMethod::Cash,
            present: true,
            same_name_confirmed: false,
        };
        run(&mut t, register, 0);
    }
    run(&mut t, Command::StartClock, 0);
    t
}
