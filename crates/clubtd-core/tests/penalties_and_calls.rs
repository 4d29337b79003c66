//! Whole-tournament scenarios through `decide` and `apply`, one per rule, citing it.
//! PKR4U 1, 4, 10: penalties, rulings that sanction, and a table's call to the director.

use clubtd_core::command::{
    AnswerCall, CallDirector, CancelCall, Command, FinishHand, GivePenalty, RecordRuling,
    ReportPenaltyHandServed, RescindPenalty, SetHandForHand, StartClock,
};
use clubtd_core::config::templates;
use clubtd_core::ids::{PlayerId, TableNo, Timestamp};
use clubtd_core::view::tournament_view;
use clubtd_core::DomainError;

mod kit;
use kit::Kit;

#[test]
fn pkr4u_4_a_hands_penalty_counts_down_hand_by_hand() {
    use clubtd_core::event::PenaltyKind;
    let mut k = Kit::new(templates::club_evening("t", 2));
    k.register(12);
    k.ok(Command::StartClock(StartClock {}));
    let table = k.seat_of(3).table;
    k.ok(Command::GivePenalty(GivePenalty {
        player: PlayerId(3),
        penalty: PenaltyKind::Hands { hands: 2 },
        reason: "card exposed on purpose".into(),
    }));
    assert_eq!(k.t.penalties[0].hands_left(), Some(2));
    let served = Command::ReportPenaltyHandServed(ReportPenaltyHandServed {
        table,
        player: PlayerId(3),
    });
    k.ok(served.clone());
    assert_eq!(k.t.penalties[0].hands_left(), Some(1));
    // Hand-for-hand: a finished hand at the table counts too.
    k.ok(Command::SetHandForHand(SetHandForHand { on: true }));
    k.ok(Command::FinishHand(FinishHand { table }));
    assert_eq!(k.t.penalties[0].hands_left(), Some(0));
    assert_eq!(
        k.run(served),
        Err(DomainError::NoHandsPenalty {
            player: PlayerId(3)
        })
    );
    let other = if table == TableNo(1) {
        TableNo(2)
    } else {
        TableNo(1)
    };
    k.ok(Command::GivePenalty(GivePenalty {
        player: PlayerId(3),
        penalty: PenaltyKind::Hands { hands: 1 },
        reason: "again".into(),
    }));
    assert_eq!(
        k.run(Command::ReportPenaltyHandServed(ReportPenaltyHandServed {
            table: other,
            player: PlayerId(3)
        })),
        Err(DomainError::NotAtTable {
            player: PlayerId(3),
            table: other
        })
    );
}

#[test]
fn pkr4u_10_a_ruling_with_a_sanction_gives_it_to_the_player_named() {
    use clubtd_core::event::PenaltyKind;
    use clubtd_core::rulings::Answer;
    let mut k = Kit::new(templates::club_evening("t", 2));
    k.register(10);
    k.ok(Command::StartClock(StartClock {}));
    let table = k.seat_of(4).table;
    // PKR4U 10: talking about a hand with more than two players in it; three hands.
    let answers = vec![Answer::YesNo(false), Answer::Choice(1), Answer::Count(3)];
    let record = |player| {
        Command::RecordRuling(RecordRuling {
            table: Some(table),
            flow: "talking".into(),
            answers: answers.clone(),
            player,
        })
    };
    // Without a player the ruling is logged and nobody is sanctioned yet.
    k.ok(record(None));
    assert_eq!(k.t.incidents.len(), 1);
    assert!(k.t.penalties.is_empty());
    k.ok(record(Some(PlayerId(4))));
    assert_eq!(k.t.incidents.len(), 2);
    let p = &k.t.penalties[0];
    assert_eq!(
        (p.player, p.kind),
        (PlayerId(4), PenaltyKind::Hands { hands: 3 })
    );
    assert!(p.reason.contains("PKR4U 10"), "{}", p.reason);
    // A sanction on someone not playing refuses the whole ruling: nothing is logged.
    assert_eq!(
        k.run(record(Some(PlayerId(99)))),
        Err(DomainError::UnknownPlayer {
            player: PlayerId(99)
        })
    );
    assert_eq!(k.t.incidents.len(), 2);
    // Taken back with a reason: it no longer counts, and cannot be taken back twice.
    let rescind = Command::RescindPenalty(RescindPenalty {
        index: 0,
        reason: "wrong player".into(),
    });
    k.ok(rescind.clone());
    assert_eq!(k.t.penalties[0].hands_left(), Some(0));
    assert_eq!(k.run(rescind), Err(DomainError::NotCorrectable { seq: 0 }));
}

/// PKR4U 1: a call shows "called" until the director answers, then "on the way" until it is
/// closed (a second answer, or a ruling once answered); a ruling the table records before the
/// director answered keeps the call on the console; a table may take its call back.
#[test]
fn a_call_is_answered_then_closed_and_a_ruling_never_hides_an_unseen_call() {
    let mut k = Kit::new(templates::club_evening("t", 2));
    k.register(12);
    k.ok(Command::StartClock(StartClock {}));
    let table = TableNo(1);
    let calls = |k: &Kit| {
        tournament_view(&k.t, Timestamp(k.now))
            .expect("configured")
            .calls
    };
    k.ok(Command::CallDirector(CallDirector { table }));
    assert_eq!(calls(&k)[0].answered_at, None, "called, waiting");
    // The table records its own ruling: the director has not seen the call yet.
    let ruling = Command::RecordRuling(RecordRuling {
        table: Some(table),
        flow: "talking".into(),
        answers: vec![
            clubtd_core::rulings::Answer::YesNo(false),
            clubtd_core::rulings::Answer::Choice(1),
            clubtd_core::rulings::Answer::Count(3),
        ],
        player: None,
    });
    k.ok(ruling.clone());
    assert_eq!(calls(&k).len(), 1, "an unseen call stays");
    k.minutes(2);
    k.ok(Command::AnswerCall(AnswerCall { table }));
    assert_eq!(
        calls(&k)[0].answered_at,
        Some(Timestamp(k.now)),
        "on the way"
    );
    k.ok(ruling);
    assert!(calls(&k).is_empty(), "a ruling after the answer closes it");
    // A second answer closes it too; a table takes its own call back.
    k.ok(Command::CallDirector(CallDirector { table }));
    k.ok(Command::AnswerCall(AnswerCall { table }));
    k.ok(Command::AnswerCall(AnswerCall { table }));
    assert!(calls(&k).is_empty(), "done");
    k.ok(Command::CallDirector(CallDirector { table }));
    k.ok(Command::CancelCall(CancelCall { table }));
    assert!(calls(&k).is_empty(), "taken back");
    assert_eq!(
        k.run(Command::CancelCall(CancelCall { table })),
        Err(DomainError::NoCall { table })
    );
}
