//! The tournament state: what `apply` builds from events. Plain data, ordered maps (so every
//! iteration is deterministic), no rules beyond keeping its own bookkeeping straight.

use crate::log::event::Event;
use crate::model::clock::Clock;
use crate::model::config::Config;
use crate::model::ids::{PlayerId, SeatNo, TableNo, Timestamp};
pub use crate::model::incident::Incident;
use crate::model::money::{Cents, Chips};
use crate::model::payment::Payment;
use crate::model::seats::{Place, SeatMove, StackMove};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Money from a busted player's bounty to one eliminator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BountyPaid {
    pub to: PlayerId,
    /// Paid in cash to the eliminator.
    pub cash: Cents,
    /// Added to the eliminator's own bounty (progressive knock-out).
    pub onto_head: Cents,
}

/// One player out in a reported hand, with what their bust paid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BustOutcome {
    pub player: PlayerId,
    pub seat: Place,
    /// Stack at the start of the hand (needed when two or more bust in one hand).
    #[serde(default)]
    pub start_stack: Option<Chips>,
    pub eliminators: Vec<PlayerId>,
    pub bounties: Vec<BountyPaid>,
    /// The latest known stack before the bust (given back if the bust is undone).
    #[serde(default)]
    pub stack_before: Chips,
}

/// A sanction (PKR4U 4, 10; TDA 33).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind")]
pub enum PenaltyKind {
    /// A verbal warning.
    #[serde(rename = "warning")]
    Warning,
    /// PKR4U 4: sits out this many hands, paying big blind and full ante.
    #[serde(rename = "hands")]
    Hands { hands: u16 },
    /// TDA 33: away from the table for this long, blinds and antes still paid.
    #[serde(rename = "minutes")]
    Minutes { minutes: u16 },
}

/// Where a player stands in the tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum PlayerStatus {
    #[serde(rename = "playing")]
    Playing,
    #[serde(rename = "busted")]
    Busted,
    #[serde(rename = "left_early")]
    LeftEarly,
    #[serde(rename = "disqualified")]
    Disqualified,
    #[serde(rename = "unregistered")]
    Unregistered,
}

/// One player of this tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Player {
    pub id: PlayerId,
    pub name: String,
    /// Entries bought, the first included.
    pub entries: u16,
    pub status: PlayerStatus,
    pub seat: Option<Place>,
    /// The seat held when last busted (re-entry option A takes it back).
    pub last_seat: Option<Place>,
    /// Latest known stack: bought chips until a count is reported.
    pub stack: Chips,
    /// True once a count was reported for the current entry.
    pub stack_counted: bool,
    /// Bounty on this player's head.
    pub bounty: Cents,
    /// Bounty money won in cash.
    pub bounty_won: Cents,
    /// Everything paid at the desk.
    pub paid: Cents,
    /// The registration's payment (method and split), refunded as it was paid if the player
    /// unregisters before the start.
    pub registration_payment: Payment,
    /// PKR4U 18: bonus chips received with the current entry.
    pub bonus: Chips,
    pub registered_at: Timestamp,
    /// PKR4U 18: the table confirmed the player's stack is there.
    #[serde(default)]
    pub arrived: bool,
    /// The last bust, kept so a wrong report can be undone exactly.
    #[serde(default)]
    pub last_bust: Option<BustOutcome>,
    /// The latest re-entry, while it can still be cancelled (until the player is out again).
    #[serde(default)]
    pub reentry: Option<ReEntryRecord>,
    /// Chips taken out of play when the player left early or was disqualified, so taking
    /// that back returns them exactly.
    #[serde(default)]
    pub stack_taken_out: Chips,
}

/// What a re-entry changed, so a re-entry bought by mistake can be cancelled exactly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReEntryRecord {
    pub payment: Payment,
    /// The bust the re-entry followed (its place comes back with the cancellation).
    pub elimination: Option<Elimination>,
    pub last_seat: Option<Place>,
    pub bonus: Chips,
    pub bounty: Cents,
    pub bounty_won: Cents,
    pub arrived: bool,
}

/// One table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Table {
    pub open: bool,
    pub seats: BTreeMap<SeatNo, PlayerId>,
    /// Where the table said its button is (unknown until it tells).
    pub button: Option<SeatNo>,
    /// Hand-for-hand: this table has finished the current hand.
    pub hand_done: bool,
    /// PKR4U 6: stacks given up in a bounty event, still blinding off in their seats.
    #[serde(default)]
    pub abandoned: BTreeMap<SeatNo, AbandonedStack>,
}

impl Table {
    /// A seat nobody may be drawn or moved to: a player or an abandoned stack is there.
    pub fn is_taken(&self, seat: SeatNo) -> bool {
        self.seats.contains_key(&seat) || self.abandoned.contains_key(&seat)
    }

    /// Seats in use, players and abandoned stacks together.
    pub fn seats_in_use(&self) -> usize {
        self.seats.len() + self.abandoned.len()
    }
}

/// PKR4U 6: a stack its owner gave up for a re-entry in a bounty event. It stays in the seat,
/// posts blinds and antes until it is gone, and carries the owner's bounty until then.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AbandonedStack {
    pub owner: PlayerId,
    pub chips: Chips,
    pub bounty: Cents,
}

/// One elimination that counts for places (busts later undone by a re-entry do not).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Elimination {
    pub player: PlayerId,
    /// Eliminations in the same group happened in the same hand; 0 is the first group.
    pub group: u64,
    pub table: Option<TableNo>,
    pub start_stack: Option<Chips>,
    pub at: Timestamp,
}

/// How to take back one recent action ("undo the last action"), recorded when it happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind")]
pub enum UndoStep {
    #[serde(rename = "busts")]
    Busts {
        busts: Vec<BustOutcome>,
        /// The busted players and their eliminators as they were before.
        before: Vec<Player>,
    },
    #[serde(rename = "move")]
    Move { movement: SeatMove },
    #[serde(rename = "button")]
    Button {
        table: TableNo,
        previous: Option<SeatNo>,
    },
    #[serde(rename = "count")]
    Count {
        player: PlayerId,
        previous: Chips,
        previous_counted: bool,
    },
    #[serde(rename = "clock")]
    Clock { previous: Clock },
    #[serde(rename = "penalty")]
    Penalty,
}

/// A penalty given (PKR4U 4, 10; TDA 33).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Penalty {
    pub player: PlayerId,
    /// Taken back by the director, with the reason.
    #[serde(default)]
    pub rescinded: Option<String>,
    pub kind: PenaltyKind,
    pub reason: String,
    pub at: Timestamp,
    /// PKR4U 4: hands sat out so far (hands penalties).
    #[serde(default)]
    pub hands_served: u16,
}

impl Penalty {
    /// Hands still to sit out, for a hands penalty.
    pub fn hands_left(&self) -> Option<u16> {
        match self.kind {
            PenaltyKind::Hands { .. } if self.rescinded.is_some() => Some(0),
            PenaltyKind::Hands { hands } => Some(hands.saturating_sub(self.hands_served)),
            _ => None,
        }
    }
}

/// The whole tournament, rebuilt from its events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Tournament {
    pub config: Option<Config>,
    pub clock: Clock,
    pub registration_closed: bool,
    pub players: BTreeMap<PlayerId, Player>,
    pub tables: BTreeMap<TableNo, Table>,
    /// Places so far, in the order they happened.
    pub eliminations: Vec<Elimination>,
    next_group: u64,
    /// FIDPA: players who left early and wait for the next bust's place.
    pub early_leavers: Vec<PlayerId>,
    /// Hand-for-hand: the hand being played, when it is on.
    pub hand_for_hand: Option<u32>,
    pub penalties: Vec<Penalty>,
    /// Prize parts recorded at the desk (the prize pool) and refunds.
    pub prize_pool: Cents,
    pub house_fees: Cents,
    /// All entries bought (re-entries included): the field for payouts.
    pub entries: u32,
    /// Chips that entered play (starting stacks and bonuses).
    pub chips_bought: Chips,
    /// Chips taken out of play (disqualifications, early leavers).
    pub chips_removed: Chips,
    /// The director's edited payout table, once locked in (replaces the computed one).
    #[serde(default)]
    pub payout_override: Option<Vec<Cents>>,
    /// An agreed final deal, when there is one.
    pub deal: Option<Vec<(PlayerId, Cents)>>,
    /// Tables waiting for the director, with the time they called.
    #[serde(default)]
    pub calls: BTreeMap<TableNo, Timestamp>,
    /// The incident log: every ruling, in order.
    #[serde(default)]
    pub incidents: Vec<Incident>,
    /// Recent actions that can be undone, last on top; any other change clears it, so undo
    /// only ever takes back the latest actions.
    #[serde(default)]
    pub undo: Vec<UndoStep>,
    /// TDA 25: the director's balancing settings, once changed during play.
    #[serde(default)]
    pub balancing: Option<BalancingSettings>,
    /// The latest table break or final-table draw, so the tables can show who goes where.
    #[serde(default)]
    pub last_redraw: Option<Redraw>,
    /// Number of events applied.
    pub events_applied: u64,
}

/// TDA 25: how balancing moves are carried out, and when they are called for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BalancingSettings {
    /// The tables see their moves at once (else the director confirms each first).
    pub automatic: bool,
    pub trigger: u8,
}

/// The players moved by the latest table break or final-table draw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Redraw {
    /// The broken table (`None` for the final-table draw).
    pub broken: Option<TableNo>,
    pub moves: Vec<SeatMove>,
    /// PKR4U 6: abandoned stacks moved with the players.
    #[serde(default)]
    pub abandoned_moves: Vec<StackMove>,
}

impl Tournament {
    /// The configuration (a default-free accessor for rule modules that run after creation).
    pub fn config(&self) -> Option<&Config> {
        self.config.as_ref()
    }

    /// TDA 25: the balancing settings in force (the configuration's until the director
    /// changes them; tables see their moves at once by default).
    pub fn balancing_settings(&self) -> BalancingSettings {
        self.balancing.unwrap_or(BalancingSettings {
            automatic: true,
            trigger: self.config.as_ref().map_or(2, |c| c.balance_trigger),
        })
    }

    /// Players still in the game.
    pub fn playing(&self) -> impl Iterator<Item = &Player> {
        self.players
            .values()
            .filter(|p| p.status == PlayerStatus::Playing)
    }

    /// How many are still in the game.
    pub fn players_left(&self) -> usize {
        self.playing().count()
    }

    /// Open tables with their player counts, by table number.
    pub fn open_tables(&self) -> impl Iterator<Item = (TableNo, &Table)> {
        self.tables
            .iter()
            .filter(|(_, t)| t.open)
            .map(|(n, t)| (*n, t))
    }

    /// Applies one event. Total: an event that does not fit the state changes nothing, so
    /// replay can never panic; `decide` makes sure only fitting events are ever written.
    pub fn apply(&mut self, event: &Event) {
        self.events_applied += 1;
        self.record_undo(event);
        match event {
            Event::TournamentCreated { config } => {
                for (i, t) in config.tables.iter().enumerate() {
                    let open = i < usize::from(config.tables_at_start);
                    self.tables.insert(
                        *t,
                        Table {
                            open,
                            ..Table::default()
                        },
                    );
                }
                self.config = Some(config.clone());
            }
            Event::ConfigChanged { config } => {
                for t in &config.tables {
                    self.tables.entry(*t).or_default();
                }
                self.config = Some(config.clone());
            }
            Event::StructureChanged { levels } => {
                if let Some(cfg) = self.config.as_mut() {
                    cfg.levels = levels.clone();
                }
            }
            Event::TableOpened { table } => {
                self.tables.entry(*table).or_default().open = true;
            }
            Event::PlayerRegistered {
                player,
                name,
                payment,
                bonus,
                at,
            } => {
                let starting = self.starting_stack();
                self.players.insert(
                    *player,
                    Player {
                        id: *player,
                        name: name.clone(),
                        entries: 1,
                        status: PlayerStatus::Playing,
                        seat: None,
                        last_seat: None,
                        stack: starting + *bonus,
                        stack_counted: false,
                        bounty: payment.bounty_part,
                        bounty_won: Cents::ZERO,
                        paid: payment.total(),
                        registration_payment: *payment,
                        bonus: *bonus,
                        registered_at: *at,
                        last_bust: None,
                        arrived: false,
                        reentry: None,
                        stack_taken_out: Chips::ZERO,
                    },
                );
                self.record_entry(payment.prize_part, payment.house_fee, starting + *bonus);
            }
            Event::PlayerReEntered {
                player,
                payment,
                bonus,
                same_seat,
                ..
            } => {
                let starting = self.starting_stack();
                let Some(p) = self.players.get_mut(player) else {
                    return;
                };
                let elimination = self
                    .eliminations
                    .iter()
                    .find(|e| e.player == *player)
                    .cloned();
                p.reentry = Some(ReEntryRecord {
                    payment: *payment,
                    elimination,
                    last_seat: p.last_seat,
                    bonus: p.bonus,
                    bounty: p.bounty,
                    bounty_won: p.bounty_won,
                    arrived: p.arrived,
                });
                p.entries += 1;
                p.status = PlayerStatus::Playing;
                p.stack = starting + *bonus;
                p.stack_counted = false;
                p.bounty = payment.bounty_part;
                p.paid += payment.total();
                p.bonus = *bonus;
                p.arrived = false;
                let old_seat = p.last_seat;
                // The earlier bust no longer counts for places: the player is back.
                self.eliminations.retain(|e| e.player != *player);
                if *same_seat {
                    if let Some(place) = old_seat {
                        self.seat(*player, place);
                    }
                }
                self.record_entry(payment.prize_part, payment.house_fee, starting + *bonus);
            }
            Event::SeatDrawn { player, seat } => self.seat(*player, *seat),
            Event::PlayerUnregistered { player, refund } => {
                if let Some(p) = self.players.get_mut(player) {
                    p.status = PlayerStatus::Unregistered;
                    p.bounty = Cents::ZERO;
                    p.paid -= refund.total();
                    let stack = p.stack;
                    p.stack = Chips::ZERO;
                    self.unseat(*player);
                    self.entries = self.entries.saturating_sub(1);
                    self.prize_pool -= refund.prize_part;
                    self.house_fees -= refund.house_fee;
                    self.chips_bought -= stack;
                }
            }
            Event::BustsRecorded {
                table, busts, at, ..
            } => self.apply_busts(*table, busts, *at),
            Event::PlayerRevived {
                player,
                seat,
                bounties_reversed,
                bounty,
                ..
            } => {
                for b in bounties_reversed {
                    if let Some(w) = self.players.get_mut(&b.to) {
                        w.bounty_won -= b.cash;
                        w.bounty -= b.onto_head;
                    }
                }
                self.eliminations.retain(|e| e.player != *player);
                if let Some(p) = self.players.get_mut(player) {
                    p.status = PlayerStatus::Playing;
                    p.bounty = *bounty;
                    p.stack = p
                        .last_bust
                        .take()
                        .map(|b| b.stack_before)
                        .unwrap_or(p.stack);
                }
                self.seat(*player, *seat);
            }
            Event::ClockChanged { clock, .. } => self.clock = *clock,
            Event::RegistrationClosed { .. } => self.registration_closed = true,
            Event::ButtonSet { table, seat } => {
                if let Some(t) = self.tables.get_mut(table) {
                    t.button = Some(*seat);
                }
            }
            Event::PlayerMoved { movement, .. } => self.apply_moves(std::slice::from_ref(movement)),
            Event::TableBroken {
                table,
                moves,
                abandoned_moves,
            } => {
                self.apply_moves(moves);
                self.apply_stack_moves(abandoned_moves);
                self.last_redraw = Some(Redraw {
                    broken: Some(*table),
                    moves: moves.clone(),
                    abandoned_moves: abandoned_moves.clone(),
                });
                if let Some(t) = self.tables.get_mut(table) {
                    t.open = false;
                    t.button = None;
                    t.hand_done = false;
                }
            }
            Event::FinalTableDrawn {
                table,
                moves,
                button,
                abandoned_moves,
            } => {
                self.apply_moves(moves);
                self.apply_stack_moves(abandoned_moves);
                self.last_redraw = Some(Redraw {
                    broken: None,
                    moves: moves.clone(),
                    abandoned_moves: abandoned_moves.clone(),
                });
                for (n, t) in self.tables.iter_mut() {
                    if n != table {
                        t.open = false;
                        t.button = None;
                    }
                }
                if let Some(t) = self.tables.get_mut(table) {
                    t.open = true;
                    t.button = Some(*button);
                }
            }
            Event::ChipsCounted { player, chips, .. } => {
                if let Some(p) = self.players.get_mut(player) {
                    p.stack = *chips;
                    p.stack_counted = true;
                }
            }
            Event::PlayerLeftEarly { player, at } => {
                self.take_out(*player, PlayerStatus::LeftEarly, *at);
                self.early_leavers.push(*player);
            }
            Event::PlayerDisqualified { player, at, .. } => {
                self.take_out(*player, PlayerStatus::Disqualified, *at);
                self.eliminations.push(Elimination {
                    player: *player,
                    group: self.next_group,
                    table: None,
                    start_stack: None,
                    at: *at,
                });
                self.next_group += 1;
            }
            Event::PenaltyGiven {
                player,
                penalty,
                reason,
                at,
            } => self.penalties.push(Penalty {
                player: *player,
                kind: *penalty,
                reason: reason.clone(),
                at: *at,
                hands_served: 0,
                rescinded: None,
            }),
            Event::PenaltyRescinded { index, reason } => {
                if let Some(p) = self.penalties.get_mut(*index as usize) {
                    p.rescinded = Some(reason.clone());
                }
            }
            Event::RegistrationReopened { .. } => self.registration_closed = false,
            Event::PlayerRenamed { player, name } => {
                if let Some(p) = self.players.get_mut(player) {
                    p.name = name.clone();
                }
            }
            Event::HandForHandSet { on } => {
                self.hand_for_hand = if *on {
                    Some(self.hand_for_hand.unwrap_or(0) + 1)
                } else {
                    None
                };
                for t in self.tables.values_mut() {
                    t.hand_done = false;
                }
            }
            Event::HandFinished { table } => {
                if let Some(t) = self.tables.get_mut(table) {
                    t.hand_done = true;
                }
                // PKR4U 4: a hand played at this table counts for its players' hands penalties.
                let here: Vec<PlayerId> = self
                    .tables
                    .get(table)
                    .map(|t| t.seats.values().copied().collect())
                    .unwrap_or_default();
                for player in here {
                    self.serve_penalty_hand(player);
                }
                // Seed 000 / FIDPA: the next hand starts everywhere once every table is done.
                if self.hand_for_hand.is_some() && self.open_tables().all(|(_, t)| t.hand_done) {
                    self.hand_for_hand = self.hand_for_hand.map(|h| h + 1);
                    for t in self.tables.values_mut() {
                        t.hand_done = false;
                    }
                }
            }
            Event::StackSurrendered {
                player,
                abandoned_at,
                ..
            } => {
                // PKR4U 5: the stack is removed; the player re-enters at once (a separate event).
                // PKR4U 6: in a bounty event it stays in the seat with the bounty, its chips
                // still in play.
                let Some(p) = self.players.get_mut(player) else {
                    return;
                };
                let (stack, bounty) = (p.stack, p.bounty);
                p.status = PlayerStatus::Busted;
                p.reentry = None;
                p.last_seat = p.seat;
                p.stack = Chips::ZERO;
                if abandoned_at.is_some() {
                    p.bounty = Cents::ZERO;
                }
                self.unseat(*player);
                match abandoned_at {
                    Some(place) => {
                        self.tables
                            .entry(place.table)
                            .or_default()
                            .abandoned
                            .insert(
                                place.seat,
                                AbandonedStack {
                                    owner: *player,
                                    chips: stack,
                                    bounty,
                                },
                            );
                    }
                    None => self.chips_removed += stack,
                }
            }
            Event::AbandonedStackGone {
                place, bounties, ..
            } => {
                if let Some(t) = self.tables.get_mut(&place.table) {
                    t.abandoned.remove(&place.seat);
                }
                for b in bounties {
                    if let Some(w) = self.players.get_mut(&b.to) {
                        w.bounty_won += b.cash;
                        w.bounty += b.onto_head;
                    }
                }
            }
            Event::PenaltyHandServed { player } => self.serve_penalty_hand(*player),
            Event::BalancingSet { automatic, trigger } => {
                self.balancing = Some(BalancingSettings {
                    automatic: *automatic,
                    trigger: *trigger,
                })
            }
            Event::PayoutsSet { amounts } => self.payout_override = Some(amounts.clone()),
            Event::PlayerArrived { player } => {
                if let Some(p) = self.players.get_mut(player) {
                    p.arrived = true;
                }
            }
            Event::EntryCancelled { player, refund, .. } => self.cancel_entry(*player, refund),
            Event::PlayerReinstated { player, seat, .. } => {
                let Some(p) = self.players.get_mut(player) else {
                    return;
                };
                p.status = PlayerStatus::Playing;
                p.stack = std::mem::take(&mut p.stack_taken_out);
                self.chips_removed -= p.stack;
                self.early_leavers.retain(|l| l != player);
                self.eliminations.retain(|e| e.player != *player);
                self.seat(*player, *seat);
            }
            Event::TableReopened {
                table,
                moves,
                abandoned_moves,
                ..
            } => {
                self.tables.entry(*table).or_default().open = true;
                self.apply_moves(moves);
                self.apply_stack_moves(abandoned_moves);
                self.last_redraw = None;
            }
            Event::DealRecorded { amounts, .. } => self.deal = Some(amounts.clone()),
            Event::Undone { step, .. } => self.apply_undo(step),
            Event::DirectorCalled { table, at } => {
                self.calls.insert(*table, *at);
            }
            Event::CallAnswered { table } => {
                self.calls.remove(table);
            }
            Event::RulingRecorded {
                table,
                flow,
                answers,
                leaf,
                rule,
                at,
            } => {
                if let Some(t) = table {
                    self.calls.remove(t);
                }
                self.incidents.push(Incident {
                    table: *table,
                    flow: flow.clone(),
                    answers: answers.clone(),
                    leaf: leaf.clone(),
                    rule: rule.clone(),
                    at: *at,
                    overruled: None,
                });
            }
            Event::RulingOverruled { incident, reason } => {
                if let Some(i) = self.incidents.get_mut(*incident as usize) {
                    i.overruled = Some(reason.clone());
                }
            }
        }
    }

    /// Keeps what is needed to take the event back (before it is applied).
    fn record_undo(&mut self, event: &Event) {
        let step = match event {
            Event::BustsRecorded { busts, .. } => {
                let involved: std::collections::BTreeSet<PlayerId> = busts
                    .iter()
                    .flat_map(|b| std::iter::once(b.player).chain(b.eliminators.iter().copied()))
                    .collect();
                let before = involved
                    .iter()
                    .filter_map(|p| self.players.get(p).cloned())
                    .collect();
                Some(UndoStep::Busts {
                    busts: busts.clone(),
                    before,
                })
            }
            Event::PlayerMoved { movement, .. } => Some(UndoStep::Move {
                movement: *movement,
            }),
            Event::ButtonSet { table, .. } => Some(UndoStep::Button {
                table: *table,
                previous: self.tables.get(table).and_then(|t| t.button),
            }),
            Event::ChipsCounted { player, .. } => {
                self.players.get(player).map(|p| UndoStep::Count {
                    player: *player,
                    previous: p.stack,
                    previous_counted: p.stack_counted,
                })
            }
            Event::ClockChanged { .. } => Some(UndoStep::Clock {
                previous: self.clock,
            }),
            Event::PenaltyGiven { .. } => Some(UndoStep::Penalty),
            Event::Undone { .. } => return,
            _ => None,
        };
        match step {
            Some(s) => {
                self.undo.push(s);
                if self.undo.len() > 20 {
                    self.undo.remove(0);
                }
            }
            None => self.undo.clear(),
        }
    }

    fn apply_undo(&mut self, step: &UndoStep) {
        if self.undo.last() == Some(step) {
            self.undo.pop();
        }
        match step {
            UndoStep::Busts { busts, before } => {
                for b in busts {
                    self.eliminations.retain(|e| e.player != b.player);
                }
                // Players come back exactly as they were (seat, stack, bounties).
                for p in before {
                    self.players.insert(p.id, p.clone());
                    if let Some(place) = p.seat {
                        self.tables
                            .entry(place.table)
                            .or_default()
                            .seats
                            .insert(place.seat, p.id);
                    }
                }
            }
            UndoStep::Move { movement } => self.seat(movement.player, movement.from),
            UndoStep::Button { table, previous } => {
                if let Some(t) = self.tables.get_mut(table) {
                    t.button = *previous;
                }
            }
            UndoStep::Count {
                player,
                previous,
                previous_counted,
            } => {
                if let Some(p) = self.players.get_mut(player) {
                    p.stack = *previous;
                    p.stack_counted = *previous_counted;
                }
            }
            UndoStep::Clock { previous } => self.clock = *previous,
            UndoStep::Penalty => {
                self.penalties.pop();
            }
        }
    }

    /// The configured starting stack (zero before the tournament is created).
    /// PKR4U 4: one more hand sat out, on the player's oldest running hands penalty.
    fn serve_penalty_hand(&mut self, player: PlayerId) {
        if let Some(p) = self
            .penalties
            .iter_mut()
            .find(|p| p.player == player && p.hands_left().is_some_and(|h| h > 0))
        {
            p.hands_served += 1;
        }
    }

    /// Chips of abandoned stacks still at the tables (PKR4U 6): in play, owned by nobody.
    pub fn abandoned_chips(&self) -> Chips {
        self.tables
            .values()
            .flat_map(|t| t.abandoned.values())
            .map(|a| a.chips)
            .sum()
    }

    fn starting_stack(&self) -> Chips {
        self.config
            .as_ref()
            .map(|c| c.starting_stack)
            .unwrap_or_default()
    }

    fn record_entry(&mut self, prize: Cents, fee: Cents, chips: Chips) {
        self.entries += 1;
        self.prize_pool += prize;
        self.house_fees += fee;
        self.chips_bought += chips;
    }

    fn seat(&mut self, player: PlayerId, place: Place) {
        self.unseat(player);
        if let Some(p) = self.players.get_mut(&player) {
            p.seat = Some(place);
        }
        self.tables
            .entry(place.table)
            .or_default()
            .seats
            .insert(place.seat, player);
    }

    fn unseat(&mut self, player: PlayerId) {
        if let Some(p) = self.players.get_mut(&player) {
            if let Some(old) = p.seat.take() {
                if let Some(t) = self.tables.get_mut(&old.table) {
                    if t.seats.get(&old.seat) == Some(&player) {
                        t.seats.remove(&old.seat);
                    }
                }
            }
        }
    }

    fn apply_moves(&mut self, moves: &[SeatMove]) {
        // Unseat everyone first, so a redraw that swaps seats never overwrites itself.
        for m in moves {
            self.unseat(m.player);
        }
        for m in moves {
            self.seat(m.player, m.to);
        }
    }

    /// A re-entry bought by mistake: its money goes back and the player is out again, at the
    /// place of the bust it followed; the entry's chips leave play.
    fn cancel_entry(&mut self, player: PlayerId, refund: &Payment) {
        let Some(p) = self.players.get_mut(&player) else {
            return;
        };
        let Some(record) = p.reentry.take() else {
            return;
        };
        let stack = std::mem::take(&mut p.stack);
        p.entries = p.entries.saturating_sub(1);
        p.status = PlayerStatus::Busted;
        p.paid -= refund.total();
        p.bonus = record.bonus;
        p.bounty = record.bounty;
        p.bounty_won = record.bounty_won;
        p.arrived = record.arrived;
        p.stack_counted = false;
        self.unseat(player);
        if let Some(p) = self.players.get_mut(&player) {
            p.last_seat = record.last_seat;
        }
        self.chips_removed += stack;
        self.entries = self.entries.saturating_sub(1);
        self.prize_pool -= refund.prize_part;
        self.house_fees -= refund.house_fee;
        if let Some(e) = record.elimination {
            let at = self
                .eliminations
                .iter()
                .position(|x| x.group > e.group)
                .unwrap_or(self.eliminations.len());
            self.eliminations.insert(at, e);
        }
    }

    /// PKR4U 6: abandoned stacks change seats (taken out first, like players in a redraw).
    fn apply_stack_moves(&mut self, moves: &[StackMove]) {
        let lifted: Vec<(Place, AbandonedStack)> = moves
            .iter()
            .filter_map(|m| {
                let stack = self
                    .tables
                    .get_mut(&m.from.table)?
                    .abandoned
                    .remove(&m.from.seat)?;
                Some((m.to, stack))
            })
            .collect();
        for (to, stack) in lifted {
            self.tables
                .entry(to.table)
                .or_default()
                .abandoned
                .insert(to.seat, stack);
        }
    }

    fn take_out(&mut self, player: PlayerId, status: PlayerStatus, _at: Timestamp) {
        if let Some(p) = self.players.get_mut(&player) {
            let stack = p.stack;
            p.status = status;
            p.last_seat = p.seat;
            p.stack = Chips::ZERO;
            p.stack_taken_out = stack;
            p.reentry = None;
            self.chips_removed += stack;
        }
        self.unseat(player);
    }

    fn apply_busts(&mut self, table: TableNo, busts: &[BustOutcome], at: Timestamp) {
        // FIDPA: early leavers take the place of the next bust, just below it.
        for leaver in std::mem::take(&mut self.early_leavers) {
            self.eliminations.push(Elimination {
                player: leaver,
                group: self.next_group,
                table: None,
                start_stack: None,
                at,
            });
            self.next_group += 1;
        }
        let group = match self.hand_for_hand {
            // Hand-for-hand: busts at different tables in the same hand share one group.
            Some(hand) => match self
                .eliminations
                .iter()
                .rev()
                .find(|e| e.group >= HAND_FOR_HAND_GROUPS)
            {
                Some(e) if e.group == HAND_FOR_HAND_GROUPS + u64::from(hand) => e.group,
                _ => HAND_FOR_HAND_GROUPS + u64::from(hand),
            },
            None => {
                self.next_group += 1;
                self.next_group - 1
            }
        };
        for b in busts {
            for paid in &b.bounties {
                if let Some(winner) = self.players.get_mut(&paid.to) {
                    winner.bounty_won += paid.cash;
                    winner.bounty += paid.onto_head;
                }
            }
            if let Some(p) = self.players.get_mut(&b.player) {
                p.last_bust = Some(b.clone());
                p.status = PlayerStatus::Busted;
                p.reentry = None;
                p.last_seat = p.seat;
                p.stack = Chips::ZERO;
                p.bounty = Cents::ZERO;
            }
            self.unseat(b.player);
            self.eliminations.push(Elimination {
                player: b.player,
                group,
                table: Some(table),
                start_stack: b.start_stack,
                at,
            });
        }
        // Chips never leave play at a bust: the eliminators hold them. Stacks are only known
        // again at the next count.
    }
}

/// Hand-for-hand groups are numbered from here, far above ordinary groups, so that a hand
/// number maps to exactly one group whichever table reports first.
pub const HAND_FOR_HAND_GROUPS: u64 = 1 << 40;
