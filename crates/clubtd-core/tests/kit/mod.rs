//! The shared kit of the whole-tournament tests: a tournament driven command by command
//! through `decide` and `apply`, with the time moving as the test says.
#![allow(dead_code)] // each test file uses the part it needs

use clubtd_core::command::{
    BustReport, Command, CreateTournament, Ctx, ReEnter, ReEntryOption, RegisterPlayer, ReportBusts,
};
use clubtd_core::config::Config;
use clubtd_core::event::PaymentMethod;
use clubtd_core::ids::{PlayerId, Timestamp};
use clubtd_core::money::Chips;
use clubtd_core::{decide, DomainError, Tournament};

/// A tournament driven command by command, with the time moving as the test says.
pub struct Kit {
    pub t: Tournament,
    pub now: i64,
    pub seed: u64,
    /// The machine the next commands come from (the host's number for it).
    pub sender: Option<clubtd_core::ids::Sender>,
}

impl Kit {
    pub fn new(config: Config) -> Kit {
        let mut k = Kit {
            t: Tournament::default(),
            now: 0,
            seed: 42,
            sender: None,
        };
        k.ok(Command::CreateTournament(CreateTournament { config }));
        k
    }
    pub fn run(&mut self, c: Command) -> Result<(), DomainError> {
        self.seed = self.seed.wrapping_mul(6364136223846793005).wrapping_add(1);
        let events = decide(
            &self.t,
            &c,
            Ctx {
                now: Timestamp(self.now),
                seed: self.seed,
                tapped_at: None,
                sender: self.sender,
            },
        )?;
        for e in &events {
            self.t.apply(e).expect("a decided event fits");
        }
        Ok(())
    }
    pub fn ok(&mut self, c: Command) {
        self.run(c).expect("command accepted");
    }
    pub fn register(&mut self, n: usize) {
        // Named after the player id they get (P1, P2, …), so later calls add new names.
        for _ in 0..n {
            self.ok(Command::RegisterPlayer(RegisterPlayer {
                name: format!("P{}", self.t.players.len() + 1),
                method: PaymentMethod::Cash,
                present: true,
                same_name_confirmed: false,
            }));
        }
    }
    pub fn minutes(&mut self, m: i64) {
        self.now += m * 60_000;
    }
    pub fn seat_of(&self, p: u32) -> clubtd_core::event::Place {
        self.t.players[&PlayerId(p)].seat.expect("seated")
    }
    pub fn tablemate(&self, p: u32) -> PlayerId {
        let s = self.seat_of(p);
        *self.t.tables[&s.table]
            .seats
            .values()
            .find(|x| x.0 != p)
            .expect("a tablemate")
    }
    /// Player `p` busts, knocked out by a tablemate; returns the seat they had.
    pub fn bust_by_tablemate(&mut self, p: u32) -> clubtd_core::event::Place {
        let seat = self.seat_of(p);
        let by = self.tablemate(p);
        self.ok(Command::ReportBusts(ReportBusts {
            table: seat.table,
            busts: vec![bust(p, by, None)],
        }));
        seat
    }
}

pub fn bust(player: u32, by: PlayerId, stack: Option<i64>) -> BustReport {
    BustReport {
        player: PlayerId(player),
        eliminators: vec![by],
        start_stack: stack.map(Chips),
    }
}

/// Player `p`, busted, buys a re-entry in cash at the desk.
pub fn re_entry(p: u32, option: ReEntryOption) -> Command {
    Command::ReEnter(ReEnter {
        player: PlayerId(p),
        option,
        method: PaymentMethod::Cash,
        present: true,
    })
}
