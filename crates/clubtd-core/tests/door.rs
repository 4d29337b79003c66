//! The door (issue T): sign-ups from phones wait in a queue, change nothing in the tournament
//! until the desk admits them, and become a fair waiting list when the room is full.

mod kit;

use clubtd_core::command::{
    Admit, ChangeConfig, ClearQueueEntries, Command, CreateTournament, LeaveQueue,
    MergeQueueEntries, ReportBusts, RequestReEntry, SignUp, StartClock, UnregisterPlayer,
};
use clubtd_core::config::{templates, Config, LateRegistration};
use clubtd_core::event::PaymentMethod;
use clubtd_core::ids::{EntryNo, PlayerId, Sender, Timestamp};
use clubtd_core::money::Cents;
use clubtd_core::state::PlayerStatus;
use clubtd_core::view::{tournament_view, QueueState, TournamentView};
use clubtd_core::DomainError;
use kit::{bust, Kit};
use proptest::prelude::*;

/// One table of `seats`, late registration through level 2.
fn small_room(seats: u8) -> Config {
    let mut c = templates::club_evening("Deur", 1);
    c.table_size = seats;
    c.stop_table_at = 0;
    c.late_registration = LateRegistration::UntilLevel {
        level: 2,
        through_break: false,
    };
    c
}

fn sign_up(k: &mut Kit, name: &str) -> Result<(), DomainError> {
    k.run(Command::SignUp(SignUp {
        name: name.into(),
        method: PaymentMethod::Card,
    }))
}

fn admit(k: &mut Kit, entry: u32) -> Result<(), DomainError> {
    k.run(Command::Admit(Admit {
        entry: EntryNo(entry),
        method: PaymentMethod::Cash,
        same_name_confirmed: false,
    }))
}

fn view(k: &Kit) -> TournamentView {
    tournament_view(&k.t, Timestamp(k.now)).expect("created")
}

fn states(k: &Kit) -> Vec<(u32, QueueState)> {
    view(k)
        .door
        .queue
        .iter()
        .map(|l| (l.entry.0, l.state))
        .collect()
}

#[test]
fn a_sign_up_changes_nothing_until_the_desk_admits_it() {
    let mut k = Kit::new(small_room(9));
    let before = view(&k);
    sign_up(&mut k, "  anna   de Vries ").unwrap();
    sign_up(&mut k, "Bram").unwrap();
    let after = view(&k);
    assert_eq!(after.entries, before.entries);
    assert_eq!(after.prize_pool, before.prize_pool);
    assert!(after.players.is_empty(), "no player, no seat");
    let names: Vec<&str> = after.door.queue.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(
        names,
        ["anna de Vries", "Bram"],
        "cleaned as the desk cleans, in order"
    );
    assert_eq!(after.door.queue[0].method, PaymentMethod::Card);
    assert_eq!(
        states(&k),
        [(1, QueueState::ToTheDesk), (2, QueueState::ToTheDesk)]
    );

    // The desk takes the money (in cash after all): a registration with its seat.
    admit(&mut k, 2).unwrap();
    let v = view(&k);
    assert_eq!(v.entries, 1);
    assert_eq!(v.prize_pool, Cents(2000));
    let bram = v.door.admitted_as(EntryNo(2)).expect("admitted");
    let p = v.players.iter().find(|p| p.player == bram).unwrap();
    assert_eq!(p.name, "Bram");
    assert!(
        p.table.is_some() && p.seat.is_some(),
        "the seat is drawn now"
    );
    assert_eq!(
        k.t.players[&bram].registration_payment.method,
        PaymentMethod::Cash
    );
    assert_eq!(states(&k), [(1, QueueState::ToTheDesk)]);
    assert_eq!(
        admit(&mut k, 2),
        Err(DomainError::NotInQueue { entry: EntryNo(2) })
    );
}

#[test]
fn a_name_waits_once_and_a_player_in_play_asks_the_desk() {
    let mut k = Kit::new(small_room(9));
    k.register(1);
    sign_up(&mut k, "Chloé").unwrap();
    assert_eq!(
        sign_up(&mut k, "chloe "),
        Err(DomainError::AlreadyInQueue {
            entry: EntryNo(1),
            name: "Chloé".into()
        })
    );
    assert_eq!(
        sign_up(&mut k, "p1"),
        Err(DomainError::NameAlreadyRegistered {
            player: PlayerId(1),
            name: "P1".into()
        })
    );
    assert_eq!(sign_up(&mut k, "   "), Err(DomainError::InvalidName));
    // Leaving frees the name; a new sign-up gets a new number.
    k.ok(Command::LeaveQueue(LeaveQueue { entry: EntryNo(1) }));
    sign_up(&mut k, "Chloé").unwrap();
    assert_eq!(view(&k).door.queue[0].entry, EntryNo(2));
    assert_eq!(
        k.run(Command::LeaveQueue(LeaveQueue { entry: EntryNo(1) })),
        Err(DomainError::NotInQueue { entry: EntryNo(1) })
    );
}

#[test]
fn a_full_room_keeps_a_waiting_list_in_order_and_a_bust_calls_the_first() {
    let mut k = Kit::new(small_room(3));
    k.register(3);
    k.ok(Command::StartClock(StartClock {}));
    for name in ["Dirk", "Eva", "Fien"] {
        sign_up(&mut k, name).unwrap();
    }
    let waiting = |place| QueueState::Waiting { place };
    assert_eq!(
        states(&k),
        [(1, waiting(1)), (2, waiting(2)), (3, waiting(3))]
    );
    assert_eq!(view(&k).door.free_seats, 0);
    assert_eq!(admit(&mut k, 1), Err(DomainError::NoSeatAvailable));

    // A bust during late registration frees a seat: the first in line is called.
    let by = k.tablemate(1);
    k.ok(Command::ReportBusts(ReportBusts {
        table: k.seat_of(1).table,
        busts: vec![bust(1, by, None)],
    }));
    assert_eq!(
        states(&k),
        [(1, QueueState::ToTheDesk), (2, waiting(1)), (3, waiting(2))]
    );
    assert_eq!(
        admit(&mut k, 3),
        Err(DomainError::NotYourTurn { first: EntryNo(1) }),
        "the seat is Dirk's: he came first"
    );
    admit(&mut k, 1).unwrap();
    assert_eq!(states(&k), [(2, waiting(1)), (3, waiting(2))]);

    // When late registration closes, what is left is told so and cannot be admitted.
    k.minutes(2 * 20 + 1);
    assert_eq!(
        states(&k),
        [(2, QueueState::Closed), (3, QueueState::Closed)]
    );
    assert_eq!(admit(&mut k, 2), Err(DomainError::RegistrationClosed));
    assert_eq!(
        sign_up(&mut k, "Gert"),
        Err(DomainError::RegistrationClosed)
    );
    // Leaving still works: the phone or the desk clears the list.
    k.ok(Command::LeaveQueue(LeaveQueue { entry: EntryNo(2) }));
}

#[test]
fn the_directors_cap_makes_the_waiting_list_before_the_tables_are_full() {
    let mut config = small_room(9);
    config.field_cap = Some(2);
    let mut k = Kit::new(config);
    k.register(1);
    for name in ["Hanne", "Ilse"] {
        sign_up(&mut k, name).unwrap();
    }
    assert_eq!(
        states(&k),
        [
            (1, QueueState::ToTheDesk),
            (2, QueueState::Waiting { place: 1 })
        ]
    );
    admit(&mut k, 1).unwrap();
    assert_eq!(admit(&mut k, 2), Err(DomainError::NoSeatAvailable));

    // A cap of nobody is a typing mistake.
    let mut nobody = small_room(9);
    nobody.field_cap = Some(0);
    let t = clubtd_core::Tournament::default();
    let refused = clubtd_core::decide(
        &t,
        &Command::CreateTournament(CreateTournament { config: nobody }),
        clubtd_core::Ctx {
            now: Timestamp(0),
            seed: 1,
            tapped_at: None,
            sender: None,
        },
    );
    assert_eq!(
        refused,
        Err(DomainError::InvalidConfig {
            field: "field_cap".into()
        })
    );
}

#[test]
fn the_queue_has_a_limit_against_a_flood() {
    let mut k = Kit::new(small_room(9));
    for i in 0..clubtd_core::door::MAX_QUEUE {
        sign_up(&mut k, &format!("Flood {i}")).unwrap();
    }
    assert_eq!(
        sign_up(&mut k, "One more"),
        Err(DomainError::QueueFull {
            max: clubtd_core::door::MAX_QUEUE as u32
        })
    );
}

#[test]
fn sign_ups_open_at_the_directors_time_and_close_at_the_cap() {
    let mut config = small_room(9);
    let kit_start = Kit::new(small_room(9)).now;
    let opens = Timestamp(kit_start + 60 * 60_000);
    config.sign_ups_open_at = Some(opens);
    config.sign_up_cap = Some(3);
    let mut k = Kit::new(config);
    assert_eq!(
        sign_up(&mut k, "Early Eva"),
        Err(DomainError::SignUpsNotOpen { at: opens })
    );
    // The desk registers as ever before the door opens; the list counts that player.
    k.register(1);
    assert_eq!(view(&k).door.opens_at, Some(opens));
    k.minutes(60);
    sign_up(&mut k, "Early Eva").unwrap();
    assert!(!view(&k).door.full());
    sign_up(&mut k, "Fien").unwrap();
    let v = view(&k);
    assert_eq!((v.door.signed_up, v.door.cap), (3, Some(3)));
    assert!(v.door.full());
    assert_eq!(
        sign_up(&mut k, "Gert"),
        Err(DomainError::SignUpsFull { cap: 3 })
    );
    // Someone leaves: a place on the list again. Re-entries are the same players.
    k.ok(Command::LeaveQueue(LeaveQueue { entry: EntryNo(2) }));
    sign_up(&mut k, "Gert").unwrap();
    // A player the desk unregisters (a refund) is off the list too.
    assert_eq!(
        sign_up(&mut k, "Hilde"),
        Err(DomainError::SignUpsFull { cap: 3 })
    );
    k.ok(Command::UnregisterPlayer(UnregisterPlayer {
        player: PlayerId(1),
    }));
    assert_eq!(view(&k).door.signed_up, 2);
    sign_up(&mut k, "Hilde").unwrap();
    // A cap of nobody is a typing mistake.
    let mut nobody = small_room(9);
    nobody.sign_up_cap = Some(0);
    assert_eq!(
        Kit::new(small_room(9)).run(Command::ChangeConfig(ChangeConfig { config: nobody })),
        Err(DomainError::InvalidConfig {
            field: "sign_up_cap".into()
        })
    );
}

/// Issue X.3: one laptop's flood of junk (a real name squatted among it) goes in one action,
/// the real player signs up after, and the phones of the room are untouched.
#[test]
fn the_desk_clears_one_machines_flood_in_one_action_and_a_squatted_name_is_free_again() {
    let mut k = Kit::new(small_room(9));
    k.sender = Some(Sender(1));
    sign_up(&mut k, "Lien").unwrap();
    k.sender = Some(Sender(666));
    sign_up(&mut k, "Jan Janssens").unwrap();
    for i in 0..5 {
        sign_up(&mut k, &format!("junk {i}")).unwrap();
    }
    k.sender = Some(Sender(2));
    sign_up(&mut k, "Mo").unwrap();
    // The real Jan meets his name squatted.
    assert!(matches!(
        sign_up(&mut k, "jan janssens"),
        Err(DomainError::AlreadyInQueue { .. })
    ));
    let v = view(&k);
    let counts: Vec<(u32, u32)> = v
        .door
        .queue
        .iter()
        .map(|l| (l.entry.0, l.from_same_sender))
        .collect();
    assert_eq!(
        counts,
        [
            (1, 1),
            (2, 6),
            (3, 6),
            (4, 6),
            (5, 6),
            (6, 6),
            (7, 6),
            (8, 1)
        ],
        "the desk sees which entries came from one machine"
    );
    let flood = clubtd_core::door::same_sender_of(&k.t, EntryNo(4));
    assert_eq!(flood, (2..=7).map(EntryNo).collect::<Vec<_>>());
    // All or none: one entry not waiting refuses the lot.
    for same_sender in [false, true] {
        assert_eq!(
            k.run(Command::ClearQueueEntries(ClearQueueEntries {
                entries: vec![EntryNo(4), EntryNo(42)],
                same_sender,
            })),
            Err(DomainError::NotInQueue { entry: EntryNo(42) })
        );
    }
    assert_eq!(view(&k).door.queue.len(), 8, "nothing left the queue");
    for refused in [vec![], vec![EntryNo(2), EntryNo(2)]] {
        assert_eq!(
            k.run(Command::ClearQueueEntries(ClearQueueEntries {
                entries: refused,
                same_sender: false,
            })),
            Err(DomainError::NothingToClear)
        );
    }
    // A selection: only those named.
    k.ok(Command::ClearQueueEntries(ClearQueueEntries {
        entries: vec![EntryNo(3)],
        same_sender: false,
    }));
    assert_eq!(view(&k).door.queue.len(), 7);
    // One entry of the flood, with its machine's: the whole flood, in one action.
    k.ok(Command::ClearQueueEntries(ClearQueueEntries {
        entries: vec![EntryNo(5)],
        same_sender: true,
    }));
    assert_eq!(
        states(&k).iter().map(|(e, _)| *e).collect::<Vec<_>>(),
        [1, 8],
        "the room's own sign-ups stay, in their order"
    );
    k.sender = Some(Sender(3));
    sign_up(&mut k, "Jan Janssens").expect("the name is free again");
    // Entries of unknown machines (logs from before) count as their own.
    assert!(view(&k).door.queue.iter().all(|l| l.from_same_sender == 1));
}

#[test]
fn the_desk_merges_a_player_who_signed_up_twice_into_the_earlier_place() {
    let mut k = Kit::new(small_room(9));
    for name in ["Jan Peeters", "Lien", "Jan Peters", "Mo"] {
        sign_up(&mut k, name).unwrap();
        k.minutes(1);
    }
    let first_since = view(&k).door.queue[0].since;
    // The later spelling is the right one; the player came first.
    k.ok(Command::MergeQueueEntries(MergeQueueEntries {
        keep: EntryNo(3),
        merged: EntryNo(1),
    }));
    let v = view(&k);
    let line: Vec<(u32, &str)> = v
        .door
        .queue
        .iter()
        .map(|l| (l.entry.0, l.name.as_str()))
        .collect();
    assert_eq!(line, [(3, "Jan Peters"), (2, "Lien"), (4, "Mo")]);
    assert_eq!(
        v.door.queue[0].since, first_since,
        "waiting since the first sign-up"
    );
    assert_eq!(
        v.door.resolve(EntryNo(1)),
        EntryNo(3),
        "the first phone follows"
    );
    assert_eq!(v.door.resolve(EntryNo(2)), EntryNo(2));
    // Kept later in line, the kept entry stays where it was.
    k.ok(Command::MergeQueueEntries(MergeQueueEntries {
        keep: EntryNo(2),
        merged: EntryNo(4),
    }));
    assert_eq!(
        states(&k).iter().map(|(e, _)| *e).collect::<Vec<_>>(),
        [3, 2]
    );
    for (keep, merged, refused) in [
        (3, 3, DomainError::MergeSameEntry { entry: EntryNo(3) }),
        (3, 1, DomainError::NotInQueue { entry: EntryNo(1) }),
        (9, 3, DomainError::NotInQueue { entry: EntryNo(9) }),
    ] {
        assert_eq!(
            k.run(Command::MergeQueueEntries(MergeQueueEntries {
                keep: EntryNo(keep),
                merged: EntryNo(merged),
            })),
            Err(refused)
        );
    }
    // Admitted, both phones of the player find the seat.
    admit(&mut k, 3).unwrap();
    let v = view(&k);
    let player = v.door.admitted_as(v.door.resolve(EntryNo(1)));
    assert!(player.is_some());
    assert_eq!(player, v.door.admitted_as(EntryNo(3)));
    assert_eq!(v.entries, 1, "one player, one entry");
}

#[derive(Clone, Debug)]
enum Step {
    /// A name, from one of three machines.
    SignUp(u8, u8),
    Leave(u8),
    /// The desk clears these entries in one action.
    Clear(Vec<u8>, bool),
    Merge(u8, u8),
    Admit(u8),
    Bust,
    Minutes(u8),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        (0u8..12, 0u8..3).prop_map(|(n, from)| Step::SignUp(n, from)),
        (0u8..12).prop_map(Step::Leave),
        (proptest::collection::vec(0u8..12, 0..4), any::<bool>())
            .prop_map(|(e, same)| Step::Clear(e, same)),
        (0u8..12, 0u8..12).prop_map(|(a, b)| Step::Merge(a, b)),
        (0u8..12).prop_map(Step::Admit),
        Just(Step::Bust),
        (0u8..15).prop_map(Step::Minutes),
    ]
}

proptest! {
    /// Whatever phones and the desk do, in any order: numbers are never given twice, the queue
    /// keeps the order of arrival, nobody is admitted past an earlier entry that could take the
    /// seat, the free seats are never negative and every admitted entry is a player in play or
    /// out, with the money of exactly one entry each.
    #[test]
    fn the_queue_stays_fair_whatever_happens(steps in proptest::collection::vec(step(), 1..60)) {
        let mut k = Kit::new(small_room(4));
        k.register(2);
        k.ok(Command::StartClock(StartClock {}));
        let mut admitted = 0u32;
        for s in steps {
            let before = view(&k);
            match s {
                Step::SignUp(n, from) => {
                    k.sender = Some(Sender(u32::from(from)));
                    let _ = sign_up(&mut k, &format!("Name {n}"));
                }
                Step::Clear(entries, same_sender) => {
                    let entries: Vec<EntryNo> = entries.into_iter().map(|e| EntryNo(u32::from(e))).collect();
                    let senders: Vec<_> = k.t.door.queue.iter()
                        .filter(|q| entries.contains(&q.entry)).filter_map(|q| q.sender).collect();
                    let queue_before = k.t.door.queue.clone();
                    let cleared = k.run(Command::ClearQueueEntries(ClearQueueEntries { entries: entries.clone(), same_sender })).is_ok();
                    // All or none: those named (and with `same_sender` every entry of their
                    // machines) leave, nobody else does.
                    let leaves = |q: &clubtd_core::model::door::QueueEntry| cleared && (entries.contains(&q.entry)
                        || same_sender && q.sender.is_some_and(|s| senders.contains(&s)));
                    let kept: Vec<EntryNo> = queue_before.iter().filter(|q| !leaves(q)).map(|q| q.entry).collect();
                    prop_assert_eq!(k.t.door.queue.iter().map(|q| q.entry).collect::<Vec<_>>(), kept);
                }
                Step::Leave(e) => { let _ = k.run(Command::LeaveQueue(LeaveQueue { entry: EntryNo(u32::from(e)) })); }
                Step::Merge(a, b) => {
                    let _ = k.run(Command::MergeQueueEntries(MergeQueueEntries { keep: EntryNo(u32::from(a)), merged: EntryNo(u32::from(b)) }));
                }
                Step::Admit(e) => {
                    if admit(&mut k, u32::from(e)).is_ok() {
                        admitted += 1;
                        let first_at_desk = before.door.queue.iter()
                            .find(|l| l.state == QueueState::ToTheDesk).map(|l| l.entry);
                        let line = before.door.line(EntryNo(u32::from(e))).expect("was waiting");
                        prop_assert_eq!(line.state, QueueState::ToTheDesk);
                        prop_assert!(first_at_desk.is_some());
                    }
                }
                Step::Bust => {
                    let playing: Vec<u32> = k.t.players.values()
                        .filter(|p| p.status == PlayerStatus::Playing).map(|p| p.id.0).collect();
                    if playing.len() > 2 {
                        let by = k.tablemate(playing[0]);
                        let table = k.seat_of(playing[0]).table;
                        let _ = k.run(Command::ReportBusts(ReportBusts { table, busts: vec![bust(playing[0], by, None)] }));
                    }
                }
                Step::Minutes(m) => k.minutes(i64::from(m)),
            }
            let v = view(&k);
            // Each line stands where the earliest of the entries it holds (itself and those
            // merged into it) came: the order of arrival, each number once.
            let arrived: Vec<u32> = v.door.queue.iter().map(|l| {
                v.door.merged.iter()
                    .filter(|(m, _)| v.door.resolve(*m) == l.entry)
                    .map(|(m, _)| m.0)
                    .fold(l.entry.0, u32::min)
            }).collect();
            let mut sorted = arrived.clone();
            sorted.sort_unstable();
            sorted.dedup();
            prop_assert_eq!(&arrived, &sorted, "in order of arrival, each once");
            prop_assert!(v.door.queue.iter().all(|l| v.door.resolve(l.entry) == l.entry), "a waiting entry is nobody's merge");
            prop_assert!(v.door.queue.iter().all(|l| v.door.admitted_as(l.entry).is_none()));
            prop_assert_eq!(v.door.admitted.len() as u32, admitted);
            prop_assert_eq!(v.entries, 2 + admitted);
            let seated = k.t.tables.values().map(|t| t.seats_in_use()).sum::<usize>();
            prop_assert!(seated <= 4);
            prop_assert_eq!(v.door.free_seats as usize, 4 - seated);
            // Each line counts the waiting entries of its machine, itself included.
            for l in &v.door.queue {
                let sender = k.t.door.queue.iter().find(|e| e.entry == l.entry).and_then(|e| e.sender);
                let same = k.t.door.queue.iter().filter(|e| sender.is_some() && e.sender == sender).count().max(1);
                prop_assert_eq!(l.from_same_sender as usize, same);
            }
        }
    }
}

#[test]
fn a_busted_player_asks_for_a_re_entry_and_the_desk_sells_it() {
    let mut k = Kit::new(small_room(9));
    k.register(3);
    k.ok(Command::StartClock(StartClock {}));
    let ask = |p: u32| {
        Command::RequestReEntry(RequestReEntry {
            player: PlayerId(p),
        })
    };
    assert_eq!(
        k.run(ask(1)),
        Err(DomainError::PlayerNotBusted {
            player: PlayerId(1)
        })
    );
    k.bust_by_tablemate(1);
    assert!(view(&k).players[0].can_re_enter);
    k.ok(ask(1));
    assert_eq!(view(&k).reentry_requests, [PlayerId(1)]);
    assert_eq!(view(&k).entries, 3, "asking buys nothing");
    k.ok(kit::re_entry(
        1,
        clubtd_core::command::ReEntryOption::NewSeat,
    ));
    let v = view(&k);
    assert!(v.reentry_requests.is_empty(), "bought: the request is done");
    assert!(!v.players[0].can_re_enter);
    // Once late registration closes, a request left is no longer shown, nor a new one taken.
    k.bust_by_tablemate(2);
    k.ok(ask(2));
    k.minutes(2 * 20 + 1);
    assert!(view(&k).reentry_requests.is_empty());
    assert_eq!(k.run(ask(2)), Err(DomainError::RegistrationClosed));
}
