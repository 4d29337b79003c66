//! Receipts (SPEC §2 "every payment is recorded with its method"): for one player, every
//! payment at the desk and every refund, each with its time, method and split, and what the
//! player received, with the totals the director prints at the end of the evening.
//!
//! Payments and refunds are read from the event log, where each one is a fact of its own
//! (nothing in the state remembers a cancelled re-entry or an unregistration's refund). What
//! the player received is read from the state the whole log builds, through the same results
//! every face shows: a bust undone, a player revived or a re-entry cancelled has then already
//! taken its bounties back, and a recorded deal replaces the place's prize.

use crate::log::event::{
    AddOnBought, AddOnCancelled, EntryCancelled, Event, Payment, PaymentMethod, PlayerReEntered,
    PlayerRegistered, PlayerUnregistered, RebuyBought, RebuyCancelled,
};
use crate::model::ids::{PlayerId, Timestamp};
use crate::model::money::Cents;
use crate::model::state::{PlayerStatus, Tournament};
use crate::read::view::tournament_view;
use serde::{Deserialize, Serialize};

/// What one line of money at the desk was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LineKind {
    /// The first entry.
    #[serde(rename = "buy_in")]
    BuyIn,
    /// PKR4U 11 / 29: a buy-in after a bust.
    #[serde(rename = "re_entry")]
    ReEntry,
    /// The player left the list before the start and got the buy-in back.
    #[serde(rename = "unregistration_refund")]
    UnregistrationRefund,
    /// A re-entry bought by mistake, paid back.
    #[serde(rename = "re_entry_refund")]
    ReEntryRefund,
    /// A rebuy (a double one is one line of twice the price).
    #[serde(rename = "rebuy")]
    Rebuy,
    #[serde(rename = "add_on")]
    AddOn,
    /// A rebuy or the add-on bought by mistake, paid back.
    #[serde(rename = "rebuy_refund")]
    RebuyRefund,
    #[serde(rename = "add_on_refund")]
    AddOnRefund,
}

impl LineKind {
    /// Money going back to the player.
    pub fn is_refund(self) -> bool {
        matches!(
            self,
            LineKind::UnregistrationRefund
                | LineKind::ReEntryRefund
                | LineKind::RebuyRefund
                | LineKind::AddOnRefund
        )
    }
}

/// One payment or refund at the desk. Amounts are signed from the club's side: a payment is
/// positive, a refund negative, so the lines simply add up to what the player paid in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReceiptLine {
    pub kind: LineKind,
    pub at: Timestamp,
    pub method: PaymentMethod,
    /// Prize part + house fee + bounty part.
    pub amount: Cents,
    pub prize_part: Cents,
    pub house_fee: Cents,
    pub bounty_part: Cents,
    /// The director's reason, for a cancelled re-entry.
    #[serde(default)]
    pub note: Option<String>,
}

impl ReceiptLine {
    fn new(kind: LineKind, at: Timestamp, payment: &Payment, note: Option<String>) -> Self {
        let sign = |c: Cents| if kind.is_refund() { Cents(-c.0) } else { c };
        ReceiptLine {
            kind,
            at,
            method: payment.method,
            amount: sign(payment.total()),
            prize_part: sign(payment.prize_part),
            house_fee: sign(payment.house_fee),
            bounty_part: sign(payment.bounty_part),
            note,
        }
    }
}

/// What the player received.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind")]
pub enum ReceivedKind {
    /// The prize of the place.
    #[serde(rename = "prize")]
    Prize { place: u32 },
    /// The amount of a recorded final deal (instead of the place's prize).
    #[serde(rename = "deal")]
    Deal,
    /// Bounty money won in cash (the winner's own head included at the end).
    #[serde(rename = "bounties")]
    Bounties,
    /// The tournament's ticket ([`Receipt::ticket`] names it), at its value.
    #[serde(rename = "ticket")]
    Ticket,
}

/// One amount the player received.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Received {
    pub kind: ReceivedKind,
    pub amount: Cents,
}

/// One player's receipt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Receipt {
    pub tournament: String,
    pub player: PlayerId,
    pub name: String,
    pub status: PlayerStatus,
    /// The place once out (or the winner's), as the results show it.
    pub place: Option<u32>,
    /// Payments and refunds, in the order they happened.
    pub lines: Vec<ReceiptLine>,
    /// Prize or deal, and bounties; only amounts the player actually gets.
    pub received: Vec<Received>,
    /// Paid in at the desk, refunds deducted.
    pub paid_in: Cents,
    pub received_total: Cents,
    /// Received minus paid in: what the evening brought the player.
    pub net: Cents,
    /// Paid in per method, refunds deducted, for the cash box and the card terminal
    /// (methods never used are left out).
    pub by_method: Vec<(PaymentMethod, Cents)>,
    /// The prize pool the prizes share, and the guarantee behind it when the tournament has
    /// one, with what the house added to make it: a prize paid out of a guarantee says so.
    pub prize_pool: Cents,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guarantee: Option<Cents>,
    #[serde(default, skip_serializing_if = "Cents::is_zero")]
    pub overlay: Cents,
    /// The ticket the player won, when they won one (its name and value).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ticket: Option<crate::model::config::TicketPrize>,
}

/// The time of an event: its own when it carries one, else the time it was stored (an
/// unregistration carries none). The event's own time comes first because an imported log is
/// stored all at once, at the time of the import.
fn time_of(event: &Event, stored: Timestamp) -> Timestamp {
    match event {
        Event::PlayerRegistered(PlayerRegistered { at, .. })
        | Event::PlayerReEntered(PlayerReEntered { at, .. })
        | Event::EntryCancelled(EntryCancelled { at, .. })
        | Event::RebuyBought(RebuyBought { at, .. })
        | Event::AddOnBought(AddOnBought { at, .. })
        | Event::RebuyCancelled(RebuyCancelled { at, .. })
        | Event::AddOnCancelled(AddOnCancelled { at, .. }) => *at,
        _ => stored,
    }
}

/// The receipt of `player` from the tournament's whole log, each event with the time it was
/// stored; `now` is the host's clock (places are provisional while registration is open).
/// `None` when the log has no configuration or never registered that player.
pub fn receipt(log: &[(Timestamp, Event)], player: PlayerId, now: Timestamp) -> Option<Receipt> {
    let mut t = Tournament::default();
    let mut lines = Vec::new();
    for (stored, event) in log {
        let at = time_of(event, *stored);
        let line = match event {
            Event::PlayerRegistered(PlayerRegistered {
                player: p, payment, ..
            }) if *p == player => Some(ReceiptLine::new(LineKind::BuyIn, at, payment, None)),
            Event::PlayerReEntered(PlayerReEntered {
                player: p, payment, ..
            }) if *p == player => Some(ReceiptLine::new(LineKind::ReEntry, at, payment, None)),
            Event::PlayerUnregistered(PlayerUnregistered { player: p, refund }) if *p == player => {
                Some(ReceiptLine::new(
                    LineKind::UnregistrationRefund,
                    at,
                    refund,
                    None,
                ))
            }
            Event::EntryCancelled(EntryCancelled {
                player: p,
                refund,
                reason,
                ..
            }) if *p == player => Some(ReceiptLine::new(
                LineKind::ReEntryRefund,
                at,
                refund,
                Some(reason.clone()),
            )),
            Event::RebuyBought(RebuyBought {
                player: p, payment, ..
            }) if *p == player => Some(ReceiptLine::new(LineKind::Rebuy, at, payment, None)),
            Event::AddOnBought(AddOnBought {
                player: p, payment, ..
            }) if *p == player => Some(ReceiptLine::new(LineKind::AddOn, at, payment, None)),
            Event::RebuyCancelled(RebuyCancelled {
                player: p,
                refund,
                reason,
                ..
            }) if *p == player => Some(ReceiptLine::new(
                LineKind::RebuyRefund,
                at,
                refund,
                Some(reason.clone()),
            )),
            Event::AddOnCancelled(AddOnCancelled {
                player: p,
                refund,
                reason,
                ..
            }) if *p == player => Some(ReceiptLine::new(
                LineKind::AddOnRefund,
                at,
                refund,
                Some(reason.clone()),
            )),
            _ => None,
        };
        lines.extend(line);
        // A log that does not replay gives no receipt (the host reports the corrupt log).
        t.apply(event).ok()?;
    }
    let p = t.players.get(&player)?;
    let view = tournament_view(&t, now)?;
    let result = view.results.iter().find(|r| r.player == player);
    let deal = t.deal_amount(player);
    let place = result.and_then(|r| r.place);
    let mut received = Vec::new();
    // A satellite's ticket is part of the prize or deal (its value comes off the money); the
    // house's comes beside it.
    let ticket = view
        .ticket
        .clone()
        .filter(|_| result.is_some_and(|r| r.ticket));
    let in_kind = ticket
        .as_ref()
        .filter(|tk| tk.source == crate::model::config::TicketSource::Pool)
        .map_or(Cents::ZERO, |tk| tk.value);
    match (deal, result) {
        (Some(amount), _) if amount > in_kind => received.push(Received {
            kind: ReceivedKind::Deal,
            amount: amount - in_kind,
        }),
        (None, Some(r)) if r.prize > in_kind => received.push(Received {
            kind: ReceivedKind::Prize {
                place: r.place.unwrap_or_default(),
            },
            amount: r.prize - in_kind,
        }),
        _ => {}
    }
    if let Some(tk) = &ticket {
        received.push(Received {
            kind: ReceivedKind::Ticket,
            amount: tk.value,
        });
    }
    if let Some(r) = result.filter(|r| r.bounties > Cents::ZERO) {
        received.push(Received {
            kind: ReceivedKind::Bounties,
            amount: r.bounties,
        });
    }
    let paid_in: Cents = lines.iter().map(|l| l.amount).sum();
    let received_total: Cents = received.iter().map(|r| r.amount).sum();
    let mut by_method: Vec<(PaymentMethod, Cents)> = Vec::new();
    for l in &lines {
        match by_method.iter_mut().find(|(m, _)| *m == l.method) {
            Some((_, sum)) => *sum += l.amount,
            None => by_method.push((l.method, l.amount)),
        }
    }
    Some(Receipt {
        tournament: view.name.clone(),
        player,
        name: p.name.clone(),
        status: p.status,
        place,
        lines,
        received,
        paid_in,
        received_total,
        net: received_total - paid_in,
        by_method,
        prize_pool: view.prize_pool,
        guarantee: view.guarantee,
        overlay: view.overlay,
        ticket,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decide;
    use crate::log::command::{
        AddOn, BustReport, CancelEntry, CancelRebuy, CloseRegistration, Command, CreateTournament,
        Ctx, ReEnter, ReEntryOption, Rebuy, RecordDeal, RegisterPlayer, ReportBusts, RevivePlayer,
        StartClock, UnregisterPlayer,
    };
    use crate::model::config::{templates, Config};

    /// A tournament driven through `decide`, keeping the log as the store would, with the
    /// time the test sets.
    struct Log {
        t: Tournament,
        log: Vec<(Timestamp, Event)>,
        now: i64,
    }

    impl Log {
        fn new(config: Config) -> Log {
            let mut l = Log {
                t: Tournament::default(),
                log: Vec::new(),
                now: 1_000,
            };
            l.run(Command::CreateTournament(CreateTournament { config }));
            l
        }

        fn run(&mut self, c: Command) {
            self.now += 60_000;
            let ctx = Ctx {
                now: Timestamp(self.now),
                seed: self.now as u64,
                tapped_at: None,
                sender: None,
            };
            let events = decide(&self.t, &c, ctx).expect("command accepted");
            for e in events {
                self.t.apply(&e).expect("a decided event fits");
                self.log.push((Timestamp(self.now), e));
            }
        }

        fn register(&mut self, name: &str, method: PaymentMethod) -> PlayerId {
            self.run(Command::RegisterPlayer(RegisterPlayer {
                name: name.into(),
                method,
                present: true,
                same_name_confirmed: false,
            }));
            *self.t.players.keys().next_back().expect("registered")
        }

        fn bust(&mut self, player: PlayerId, by: PlayerId) {
            let table = self.t.players[&player].seat.expect("seated").table;
            self.run(Command::ReportBusts(ReportBusts {
                table,
                busts: vec![BustReport {
                    player,
                    eliminators: vec![by],
                    start_stack: None,
                }],
            }));
        }

        /// A player at `player`'s table.
        fn tablemate(&self, player: PlayerId) -> PlayerId {
            let table = self.t.players[&player].seat.expect("seated").table;
            *self.t.tables[&table]
                .seats
                .values()
                .find(|p| **p != player)
                .expect("a tablemate")
        }

        /// Monday's evening at one table: Ann buys in with `method`, busts, and re-enters
        /// by card at a new seat.
        fn ann_busts_and_re_enters_by_card(method: PaymentMethod) -> (Log, PlayerId) {
            let mut l = Log::new(templates::club_evening("Monday", 1));
            let ann = l.register("Ann", method);
            for n in ["Bob", "Cas", "Dee"] {
                l.register(n, PaymentMethod::Cash);
            }
            l.run(Command::StartClock(StartClock {}));
            let by = l.tablemate(ann);
            l.bust(ann, by);
            l.run(Command::ReEnter(ReEnter {
                player: ann,
                option: ReEntryOption::NewSeat,
                method: PaymentMethod::Card,
                present: true,
            }));
            (l, ann)
        }

        fn receipt(&self, player: PlayerId) -> Receipt {
            receipt(&self.log, player, Timestamp(self.now)).expect("a receipt")
        }
    }

    /// Every receipt adds up: lines to what the state says was paid, and net to received
    /// minus paid in.
    fn check_totals(l: &Log, r: &Receipt) {
        assert_eq!(r.paid_in, l.t.players[&r.player].paid);
        assert_eq!(r.paid_in, r.lines.iter().map(|x| x.amount).sum());
        assert_eq!(r.net, r.received_total - r.paid_in);
        assert_eq!(r.paid_in, r.by_method.iter().map(|(_, c)| *c).sum());
    }

    #[test]
    fn a_buy_in_and_a_re_entry_by_card_are_two_lines_with_their_methods_and_split() {
        let (l, ann) = Log::ann_busts_and_re_enters_by_card(PaymentMethod::Cash);
        let r = l.receipt(ann);
        assert_eq!((r.name.as_str(), r.tournament.as_str()), ("Ann", "Monday"));
        assert_eq!(r.lines.len(), 2);
        let (first, again) = (&r.lines[0], &r.lines[1]);
        assert_eq!(
            (first.kind, first.method, first.amount),
            (LineKind::BuyIn, PaymentMethod::Cash, Cents(2200))
        );
        assert_eq!(
            (first.prize_part, first.house_fee),
            (Cents(2000), Cents(200))
        );
        assert_eq!(
            (again.kind, again.method, again.amount),
            (LineKind::ReEntry, PaymentMethod::Card, Cents(2200))
        );
        assert!(first.at < again.at, "in the order they happened");
        assert_eq!(r.paid_in, Cents(4400));
        assert_eq!(
            r.by_method,
            vec![
                (PaymentMethod::Cash, Cents(2200)),
                (PaymentMethod::Card, Cents(2200))
            ]
        );
        assert!(r.received.is_empty(), "still playing, nothing received");
        assert_eq!(r.net, Cents(-4400));
        check_totals(&l, &r);
    }

    #[test]
    fn rebuys_and_the_add_on_are_lines_of_their_own_and_a_cancelled_one_a_refund() {
        let mut l = Log::new(templates::club_rebuy("Rebuy night", 1));
        let ann = l.register("Ann", PaymentMethod::Cash);
        for n in ["Bob", "Cas"] {
            l.register(n, PaymentMethod::Cash);
        }
        l.run(Command::StartClock(StartClock {}));
        let rebuy = |double| {
            Command::Rebuy(Rebuy {
                player: ann,
                double,
                stack: None,
                method: PaymentMethod::Card,
                present: true,
            })
        };
        l.run(rebuy(true));
        l.run(Command::CancelRebuy(CancelRebuy {
            player: ann,
            reason: "one, not two".into(),
        }));
        let by = l.tablemate(ann);
        l.bust(ann, by);
        l.run(rebuy(false));
        // To the add-on's break, after level 4 (four levels of 20 minutes).
        l.now += 80 * 60_000;
        l.run(Command::AddOn(AddOn {
            player: ann,
            method: PaymentMethod::Cash,
            present: true,
        }));
        let r = l.receipt(ann);
        let kinds: Vec<(LineKind, Cents)> = r.lines.iter().map(|x| (x.kind, x.amount)).collect();
        assert_eq!(
            kinds,
            vec![
                (LineKind::BuyIn, Cents(1000)),
                (LineKind::Rebuy, Cents(2000)),
                (LineKind::RebuyRefund, Cents(-2000)),
                (LineKind::Rebuy, Cents(1000)),
                (LineKind::AddOn, Cents(1000)),
            ]
        );
        assert_eq!(r.lines[2].note.as_deref(), Some("one, not two"));
        assert_eq!(r.paid_in, Cents(3000));
        assert_eq!(
            r.by_method,
            vec![
                (PaymentMethod::Cash, Cents(2000)),
                (PaymentMethod::Card, Cents(1000))
            ]
        );
        check_totals(&l, &r);
    }

    #[test]
    fn a_cancelled_re_entry_is_a_refund_line_with_the_reason() {
        let (mut l, ann) = Log::ann_busts_and_re_enters_by_card(PaymentMethod::Transfer);
        l.run(Command::CancelEntry(CancelEntry {
            player: ann,
            reason: "wrong player".into(),
        }));
        let r = l.receipt(ann);
        let kinds: Vec<LineKind> = r.lines.iter().map(|x| x.kind).collect();
        assert_eq!(
            kinds,
            vec![LineKind::BuyIn, LineKind::ReEntry, LineKind::ReEntryRefund]
        );
        let refund = &r.lines[2];
        assert_eq!(
            (
                refund.method,
                refund.amount,
                refund.prize_part,
                refund.house_fee
            ),
            (PaymentMethod::Card, Cents(-2200), Cents(-2000), Cents(-200))
        );
        assert_eq!(refund.note.as_deref(), Some("wrong player"));
        assert_eq!(r.paid_in, Cents(2200));
        assert_eq!(
            r.by_method,
            vec![
                (PaymentMethod::Transfer, Cents(2200)),
                (PaymentMethod::Card, Cents(0))
            ]
        );
        assert_eq!(r.status, PlayerStatus::Busted);
        check_totals(&l, &r);
    }

    #[test]
    fn an_unregistration_before_the_start_refunds_the_buy_in() {
        let mut l = Log::new(templates::club_evening("Monday", 1));
        let ann = l.register("Ann", PaymentMethod::Voucher);
        l.register("Bob", PaymentMethod::Cash);
        l.run(Command::UnregisterPlayer(UnregisterPlayer { player: ann }));
        let r = l.receipt(ann);
        let kinds: Vec<LineKind> = r.lines.iter().map(|x| x.kind).collect();
        assert_eq!(kinds, vec![LineKind::BuyIn, LineKind::UnregistrationRefund]);
        // Paid with a voucher, refunded as a voucher.
        assert_eq!(r.lines[1].method, PaymentMethod::Voucher);
        assert_eq!(r.by_method, vec![(PaymentMethod::Voucher, Cents::ZERO)]);
        // The unregistration carries no time of its own: the time it was stored.
        assert_eq!(r.lines[1].at, l.log.last().expect("logged").0);
        assert_eq!((r.paid_in, r.net), (Cents::ZERO, Cents::ZERO));
        assert_eq!(r.status, PlayerStatus::Unregistered);
        check_totals(&l, &r);
    }

    #[test]
    fn bounties_won_are_received_and_an_undone_bust_takes_them_back() {
        let mut l = Log::new(templates::club_pko("Knock-out", 1));
        let ann = l.register("Ann", PaymentMethod::Cash);
        let bob = l.register("Bob", PaymentMethod::Cash);
        let cas = l.register("Cas", PaymentMethod::Cash);
        l.run(Command::StartClock(StartClock {}));
        l.bust(bob, ann);
        let r = l.receipt(ann);
        // Progressive: half of Bob's 10.00 in cash, half onto Ann's head.
        assert_eq!(
            r.received,
            vec![Received {
                kind: ReceivedKind::Bounties,
                amount: Cents(500)
            }]
        );
        assert_eq!(r.lines[0].bounty_part, Cents(1000));
        assert_eq!(r.net, Cents(500 - 2700));
        check_totals(&l, &r);

        // The bust was reported wrongly: Bob plays on, Ann's bounty goes back.
        l.run(Command::RevivePlayer(RevivePlayer {
            player: bob,
            reason: "wrong table".into(),
        }));
        let r = l.receipt(ann);
        assert!(r.received.is_empty(), "{:?}", r.received);
        check_totals(&l, &r);

        // Then the real end: Ann wins, collecting the bounties and her own head.
        l.run(Command::CloseRegistration(CloseRegistration {}));
        l.bust(bob, ann);
        l.bust(cas, ann);
        let r = l.receipt(ann);
        assert_eq!(r.place, Some(1));
        let prize = l.t.prizes()[0];
        assert_eq!(
            r.received,
            vec![
                Received {
                    kind: ReceivedKind::Prize { place: 1 },
                    amount: prize
                },
                Received {
                    kind: ReceivedKind::Bounties,
                    amount: Cents(3000)
                },
            ]
        );
        assert_eq!(r.received_total, prize + Cents(3000));
        check_totals(&l, &r);
        // What the players paid into bounties all went to someone.
        let bounties: Cents = [ann, bob, cas]
            .iter()
            .flat_map(|p| l.receipt(*p).received)
            .filter(|x| x.kind == ReceivedKind::Bounties)
            .map(|x| x.amount)
            .sum();
        assert_eq!(bounties, Cents(3000));
    }

    #[test]
    fn a_recorded_deal_replaces_the_prize_and_an_unknown_player_has_no_receipt() {
        let mut l = Log::new(templates::club_evening("Deal night", 1));
        let ann = l.register("Ann", PaymentMethod::Cash);
        let bob = l.register("Bob", PaymentMethod::Cash);
        let cas = l.register("Cas", PaymentMethod::Cash);
        l.run(Command::StartClock(StartClock {}));
        l.run(Command::CloseRegistration(CloseRegistration {}));
        l.bust(cas, ann);
        let pool = l.t.prize_pool;
        let paid: Cents = l.receipt(cas).received.iter().map(|x| x.amount).sum();
        let left = pool - paid;
        l.run(Command::RecordDeal(RecordDeal {
            amounts: vec![(ann, left - Cents(1000)), (bob, Cents(1000))],
            note: "chip chop".into(),
            to_play_for: Cents::ZERO,
        }));
        let r = l.receipt(bob);
        assert_eq!(
            r.received,
            vec![Received {
                kind: ReceivedKind::Deal,
                amount: Cents(1000)
            }]
        );
        check_totals(&l, &r);
        assert!(receipt(&l.log, PlayerId(99), Timestamp(l.now)).is_none());
        assert!(receipt(&[], ann, Timestamp(l.now)).is_none());
    }

    #[test]
    fn a_deal_that_leaves_an_amount_to_play_for_gives_it_to_the_winner() {
        use crate::log::error::DomainError;
        use crate::read::ending::is_finished;
        use crate::read::ranking::final_places;
        let mut l = Log::new(templates::club_evening("Deal night", 1));
        let ann = l.register("Ann", PaymentMethod::Cash);
        let bob = l.register("Bob", PaymentMethod::Cash);
        let cas = l.register("Cas", PaymentMethod::Cash);
        let dan = l.register("Dan", PaymentMethod::Cash);
        l.run(Command::StartClock(StartClock {}));
        l.run(Command::CloseRegistration(CloseRegistration {}));
        // 4 x 20.00 = 80.00, two places paid (55.00 and 25.00): Dan's fourth pays nothing.
        assert_eq!(l.t.prizes(), vec![Cents(5500), Cents(2500)]);
        l.bust(dan, ann);
        // 30.00 + 20.00 + 10.00 agreed, 20.00 left to play for: 80.00 with nothing paid.
        let amounts = vec![(ann, Cents(3000)), (bob, Cents(2000)), (cas, Cents(1000))];
        let deal = |to_play_for: i64| {
            Command::RecordDeal(RecordDeal {
                amounts: amounts.clone(),
                note: "chop, 20 to play for".into(),
                to_play_for: Cents(to_play_for),
            })
        };
        let ctx = Ctx {
            now: Timestamp(l.now),
            seed: 1,
            tapped_at: None,
            sender: None,
        };
        // A cent off either way is not the pool.
        for off in [1999, 2001, -1] {
            assert_eq!(decide(&l.t, &deal(off), ctx), Err(DomainError::InvalidDeal));
        }
        l.run(deal(2000));
        assert_eq!(l.t.deal_to_play_for, Cents(2000));
        // Play goes on: the deal is not the end.
        assert!(!is_finished(&l.t, Timestamp(l.now)));
        l.bust(cas, ann);
        // Once a player of the deal is out, the deal is paid and cannot be recorded again.
        let again = Command::RecordDeal(RecordDeal {
            amounts: vec![(ann, Cents(4000)), (bob, Cents(3000))],
            note: String::new(),
            to_play_for: Cents::ZERO,
        });
        assert_eq!(
            decide(
                &l.t,
                &again,
                Ctx {
                    now: Timestamp(l.now),
                    seed: 2,
                    tapped_at: None,
                    sender: None,
                }
            ),
            Err(DomainError::InvalidDeal)
        );
        l.bust(bob, ann);
        let now = Timestamp(l.now);
        assert!(is_finished(&l.t, now));

        let got = |p: PlayerId| l.receipt(p).received;
        let deal_of = |amount: i64| {
            vec![Received {
                kind: ReceivedKind::Deal,
                amount: Cents(amount),
            }]
        };
        // The winner: 30.00 agreed + the 20.00 played for; the others their deal amounts.
        assert_eq!(got(ann), deal_of(5000));
        assert_eq!(got(bob), deal_of(2000));
        assert_eq!(got(cas), deal_of(1000));
        assert!(got(dan).is_empty());

        let view = tournament_view(&l.t, now).expect("a view");
        let results: Vec<(PlayerId, Option<u32>, Cents)> = view
            .results
            .iter()
            .map(|r| (r.player, r.place, r.prize))
            .collect();
        assert_eq!(
            results,
            vec![
                (ann, Some(1), Cents(5000)),
                (bob, Some(2), Cents(2000)),
                (cas, Some(3), Cents(1000)),
                (dan, Some(4), Cents::ZERO),
            ]
        );
        let places: Vec<(PlayerId, u32, Cents)> = final_places(&l.t, &view.results, now)
            .expect("finished")
            .into_iter()
            .map(|f| (f.player, f.place, f.prize))
            .collect();
        assert_eq!(
            places,
            vec![
                (ann, 1, Cents(5000)),
                (bob, 2, Cents(2000)),
                (cas, 3, Cents(1000)),
                (dan, 4, Cents::ZERO),
            ]
        );
        // Everything paid out is the pool, to the cent.
        let paid: Cents = view.places.iter().map(|p| p.standing.prize).sum();
        assert_eq!(paid, l.t.prize_pool);
    }

    #[test]
    fn a_satellite_seat_is_a_line_of_its_own_and_the_rest_is_cash() {
        let mut config = templates::club_satellite("Satellite", 1);
        if let Some(ticket) = config.ticket.as_mut() {
            ticket.value = Cents(2000);
        }
        let mut l = Log::new(config);
        // 3 × 18 euro = 54 euro: two seats of 20 and 14 euro in cash for third.
        let ann = l.register("Ann", PaymentMethod::Cash);
        let bob = l.register("Bob", PaymentMethod::Card);
        let cas = l.register("Cas", PaymentMethod::Cash);
        l.run(Command::StartClock(StartClock {}));
        l.run(Command::CloseRegistration(CloseRegistration {}));
        l.bust(cas, ann);
        l.bust(bob, ann);
        let winner = l.receipt(ann);
        assert_eq!(
            winner.received,
            vec![Received {
                kind: ReceivedKind::Ticket,
                amount: Cents(2000)
            }]
        );
        assert_eq!(
            winner.ticket.as_ref().map(|t| t.name.as_str()),
            Some("Main Event")
        );
        check_totals(&l, &winner);
        let third = l.receipt(cas);
        assert_eq!(
            third.received,
            vec![Received {
                kind: ReceivedKind::Prize { place: 3 },
                amount: Cents(1400)
            }]
        );
        assert_eq!(third.ticket, None);
        check_totals(&l, &third);
    }
}
