//! The role policy: what each caller may do. The director may do everything; a table's
//! device only what concerns its own table; a read token reads the event logs too. Every
//! tournament's view (the room screen, the players' phones, the tables, `/api/v1`'s reads)
//! is readable by anyone who reaches the server, on every door alike: on the club's network
//! the faces need no sign-in, so no door pretends to hide one (a tournament's `public` mark
//! only says which ones a club website lists). The event log, with who did what and how each
//! paid, is the director's and read tokens'. Enforced here, on the server, and not by hidden
//! buttons. Apart from how callers prove who they are (PIN, sessions, keys: `server/auth.rs`).

use super::caller::Caller;
use super::refusal::Refusal;
use crate::domain::balancing::is_shown_move;
use crate::domain::command::{
    CallDirector, CancelCall, Command, ConfirmArrival, FinishHand, LeaveQueue, MovePlayer,
    RecordRuling, ReportAbandonedStackGone, ReportBusts, ReportPenaltyHandServed, ReportTableChips,
    RequestReEntry, RequestRebuy, SetButton,
};
use crate::domain::event::MoveReason;
use crate::domain::ids::TableNo;
use crate::domain::Tournament;

impl Caller {
    /// How this caller is turned down when it may not: without a credential as
    /// unauthenticated (send one), with one as forbidden (this one may not).
    fn refused(&self) -> Refusal {
        match self {
            Caller::Anonymous => Refusal::Unauthenticated,
            _ => Refusal::Forbidden,
        }
    }

    /// `Ok` when `allowed`, else this caller's refusal.
    fn allowed_if(&self, allowed: bool) -> Result<(), Refusal> {
        if allowed {
            Ok(())
        } else {
            Err(self.refused())
        }
    }

    /// The one "director only" check.
    pub fn require_director(&self) -> Result<(), Refusal> {
        self.allowed_if(*self == Caller::Director)
    }

    /// Reading a tournament's whole event log (every outcome, actors and payments included):
    /// the director and read tokens only.
    pub fn may_read_log(&self) -> Result<(), Refusal> {
        self.allowed_if(matches!(self, Caller::Director | Caller::Reader))
    }

    /// May this caller send this command to `tournament`, judged on the command alone?
    /// Checked before the engine is asked anything; `may_send_now` completes it against the
    /// state.
    pub fn may_send(&self, tournament: i64, command: &Command) -> Result<(), Refusal> {
        let allowed = match (self, command) {
            (Caller::Director, _) => true,
            // The door (issue T): anyone who reaches the server may join the queue (nothing in
            // the tournament changes until the desk admits the entry; the doors count sign-ups
            // per address), and a phone may leave its own place (which one: `may_send_now`,
            // since the desk may have merged it into another).
            (_, Command::SignUp(_)) => true,
            (Caller::Entrant { tournament: t, .. }, Command::LeaveQueue(_)) => *t == tournament,
            // A busted player asks the desk for their own re-entry.
            (
                Caller::Player {
                    tournament: t,
                    player,
                },
                Command::RequestReEntry(RequestReEntry { player: asking }),
            ) => *t == tournament && player == asking,
            (
                Caller::Table {
                    tournament: t,
                    table,
                },
                _,
            ) if *t == tournament => table_may(*table, command),
            _ => false,
        };
        self.allowed_if(allowed)
    }

    /// May this caller send this command in this state? A table confirms only a move into
    /// its own table that the tables are shown now (automatic balancing, TDA 25): not any
    /// player from anywhere, nor a move of its own choosing; and only the arrival of a
    /// player seated at it (PKR4U 18: the bonus stack is on its felt). Asked by the engine
    /// under the tournament's writer lock, so the state cannot change between check and
    /// decision.
    pub fn may_send_now(&self, command: &Command, state: &Tournament) -> bool {
        match (self, command) {
            // A phone's own place: its entry, or the one the desk merged it into.
            (Caller::Entrant { entry, .. }, Command::LeaveQueue(LeaveQueue { entry: leaving })) => {
                state.door.resolve(*entry) == *leaving
            }
            (Caller::Table { .. }, Command::MovePlayer(MovePlayer { player, to, reason })) => {
                *reason == MoveReason::Balance && is_shown_move(state, *player, *to)
            }
            (Caller::Table { table, .. }, Command::ConfirmArrival(ConfirmArrival { player })) => {
                state
                    .players
                    .get(player)
                    .and_then(|p| p.seat)
                    .is_some_and(|seat| seat.table == *table)
            }
            // A rebuy asked for a player of its own: seated there, or busted there.
            (Caller::Table { table, .. }, Command::RequestRebuy(RequestRebuy { player })) => {
                state.players.get(player).is_some_and(|p| {
                    p.seat
                        .or(p.last_seat)
                        .is_some_and(|seat| seat.table == *table)
                })
            }
            _ => true,
        }
    }
}

/// What a table's device may send: report its busts (and its abandoned stacks' last chip),
/// set its button, confirm the moves into it, report its hand finished and its chip counts,
/// call the director or take its call back (and record the guided ruling without sanctioning anyone), mark a
/// penalty hand played, confirm a bonus stack arrived and ask the desk for a rebuy (a player
/// of its own: `may_send_now`).
fn table_may(own: TableNo, command: &Command) -> bool {
    match command {
        Command::ReportBusts(ReportBusts { table, .. })
        | Command::SetButton(SetButton { table, .. })
        | Command::FinishHand(FinishHand { table })
        | Command::ReportTableChips(ReportTableChips { table, .. })
        | Command::CallDirector(CallDirector { table })
        | Command::CancelCall(CancelCall { table })
        | Command::ReportAbandonedStackGone(ReportAbandonedStackGone { table, .. })
        | Command::ReportPenaltyHandServed(ReportPenaltyHandServed { table, .. }) => *table == own,
        Command::RecordRuling(RecordRuling { table, player, .. }) => {
            *table == Some(own) && player.is_none()
        }
        Command::MovePlayer(MovePlayer { to, .. }) => to.table == own,
        Command::ConfirmArrival(_) | Command::RequestRebuy(_) => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::command::{
        BustReport, CreateTournament, MovePlayer, RegisterPlayer, ReportBusts, SetButton,
        StartClock,
    };
    use crate::domain::ids::{PlayerId, SeatNo};

    #[test]
    fn a_table_may_act_only_for_itself() {
        let t3 = Caller::Table {
            tournament: 1,
            table: TableNo(3),
        };
        let button = |t| {
            Command::SetButton(SetButton {
                table: TableNo(t),
                seat: SeatNo(1),
            })
        };
        assert_eq!(t3.may_send(1, &button(3)), Ok(()));
        assert_eq!(t3.may_send(1, &button(4)), Err(Refusal::Forbidden));
        assert_eq!(
            t3.may_send(2, &button(3)),
            Err(Refusal::Forbidden),
            "a key only counts in its own tournament"
        );
        let bust = |t| {
            Command::ReportBusts(ReportBusts {
                table: TableNo(t),
                busts: vec![BustReport {
                    player: PlayerId(1),
                    eliminators: vec![],
                    start_stack: None,
                }],
            })
        };
        assert_eq!(t3.may_send(1, &bust(3)), Ok(()));
        assert_eq!(t3.may_send(1, &bust(2)), Err(Refusal::Forbidden));
        assert_eq!(
            t3.may_send(1, &Command::StartClock(StartClock {})),
            Err(Refusal::Forbidden)
        );
        assert_eq!(
            Caller::Anonymous.may_send(1, &Command::StartClock(StartClock {})),
            Err(Refusal::Unauthenticated)
        );
        assert_eq!(
            Caller::Reader.may_send(1, &Command::StartClock(StartClock {})),
            Err(Refusal::Forbidden)
        );
        assert_eq!(
            Caller::Director.may_send(1, &Command::StartClock(StartClock {})),
            Ok(())
        );
    }

    #[test]
    fn a_table_confirms_no_move_whose_seat_waits_for_its_button_tda_25() {
        use crate::domain::balancing::plan;
        use crate::domain::command::Ctx;
        use crate::domain::config::templates;
        use crate::domain::event::{PaymentMethod, Place};
        use crate::domain::ids::Timestamp;
        use crate::domain::{decide, Tournament};
        let run = |t: &mut Tournament, command: Command| {
            let ctx = Ctx {
                now: Timestamp(0),
                seed: 7,
                tapped_at: None,
                sender: None,
            };
            for e in decide(t, &command, ctx).expect("accepted") {
                t.apply(&e).expect("fits");
            }
        };
        let mut t = Tournament::default();
        let config = templates::club_evening("t", 2);
        let size = config.table_size;
        run(
            &mut t,
            Command::CreateTournament(CreateTournament { config }),
        );
        for i in 0..14 {
            run(
                &mut t,
                Command::RegisterPlayer(RegisterPlayer {
                    name: format!("P{i}"),
                    method: PaymentMethod::Cash,
                    present: true,
                    same_name_confirmed: false,
                }),
            );
        }
        run(&mut t, Command::StartClock(StartClock {}));
        let first = |t: &Tournament, n: u16| t.tables[&TableNo(n)].seats.clone();
        let seat = *first(&t, 1).keys().next().expect("seated");
        run(
            &mut t,
            Command::SetButton(SetButton {
                table: TableNo(1),
                seat,
            }),
        );
        // Table 2 down to 4 against 7: a move into it, whose seat waits for its button.
        for _ in 0..3 {
            let at2: Vec<PlayerId> = first(&t, 2).values().copied().collect();
            run(
                &mut t,
                Command::ReportBusts(ReportBusts {
                    table: TableNo(2),
                    busts: vec![BustReport {
                        player: at2[1],
                        eliminators: vec![at2[0]],
                        start_stack: None,
                    }],
                }),
            );
        }
        let cfg = t.config().expect("configured").clone();
        let waiting = plan(&t, &cfg).waiting;
        assert_eq!(waiting.len(), 1);
        let table2 = Caller::Table {
            tournament: 1,
            table: TableNo(2),
        };
        let confirm = |player, to| {
            Command::MovePlayer(MovePlayer {
                player,
                to,
                reason: MoveReason::Balance,
            })
        };
        for s in 1..=size {
            let to = Place {
                table: TableNo(2),
                seat: SeatNo(s),
            };
            let c = confirm(waiting[0].player, to);
            assert_eq!(
                table2.may_send(1, &c),
                Ok(()),
                "its own table: judged on the state"
            );
            assert!(!table2.may_send_now(&c, &t), "seat {s} is not named yet");
        }
        let seat = *first(&t, 2).keys().next().expect("seated");
        run(
            &mut t,
            Command::SetButton(SetButton {
                table: TableNo(2),
                seat,
            }),
        );
        let named = plan(&t, &cfg).moves;
        assert_eq!(named.len(), 1);
        assert_eq!(named[0].player, waiting[0].player);
        assert!(table2.may_send_now(&confirm(named[0].player, named[0].to), &t));
    }

    #[test]
    fn only_the_director_passes_the_director_check() {
        assert_eq!(Caller::Director.require_director(), Ok(()));
        assert_eq!(
            Caller::Anonymous.require_director(),
            Err(Refusal::Unauthenticated)
        );
        assert_eq!(Caller::Reader.require_director(), Err(Refusal::Forbidden));
    }
}
