//! The tournament state: what `apply` builds from events. Plain data, ordered maps (so every
//! iteration is deterministic), no rules beyond keeping its own bookkeeping straight (seating
//! and unseating, entries bought); the rules that change it live in `rules/`.

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
    /// Which of the eliminator's entries (1 = the first) carried the head it went onto: once
    /// that entry is knocked out the money has moved on (a re-entry starts a new head). 0 in
    /// logs written before it was kept.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub entry: u16,
    /// How many times the eliminator had been knocked out when the money went onto their
    /// head: knocked out since, the head moved on, even when a rebuy brought them back on the
    /// same entry (found by the property run). `None` in logs written before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub knocked_out: Option<u16>,
}

fn is_zero(n: &u16) -> bool {
    *n == 0
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
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
    /// Busts recorded against this player and not taken back (a rebuy or a re-entry after a
    /// bust does not undo it: the head paid then has moved on).
    #[serde(default)]
    pub knocked_out: u16,
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
    /// Rebuys bought (a double rebuy counts two).
    #[serde(default)]
    pub rebuys: u16,
    /// Add-ons bought (at most one).
    #[serde(default)]
    pub add_ons: u16,
    /// The latest rebuy, while it can still be cancelled.
    #[serde(default)]
    pub last_rebuy: Option<PurchaseRecord>,
    /// The add-on, while it can still be cancelled.
    #[serde(default)]
    pub last_add_on: Option<PurchaseRecord>,
}

/// What a rebuy or an add-on changed, so one bought by mistake can be cancelled exactly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PurchaseRecord {
    pub payment: Payment,
    /// Rebuys in it (2 for a double rebuy; 1 for the add-on).
    pub count: u16,
    pub chips: Chips,
    /// The head and the bounties won right after it: when either changed, a bust it took part
    /// in must be corrected first.
    pub bounty_after: Cents,
    pub bounty_won_after: Cents,
    /// A rebuy after a bust: what puts the player back out when it is cancelled.
    pub bust: Option<BustRecord>,
}

/// The bust a rebuy followed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BustRecord {
    pub elimination: Option<Elimination>,
    pub last_seat: Option<Place>,
    pub bounty: Cents,
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
    /// Where the player sat when busted, counted from the button at that moment (first seat
    /// after the button is 1; `seating::seat_order_from_button`): who gets the odd cent of a
    /// shared prize. Worked out when the bust is applied, so replay gives the same.
    #[serde(default)]
    pub seat_order: Option<u8>,
}

/// What a bust replaced in a busted player's record, kept to take the bust back exactly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BustUndo {
    pub player: PlayerId,
    /// The stack and the bounty on the player's head before the hand.
    pub stack: Chips,
    pub bounty: Cents,
    /// The seat held when busted before (re-entry option A) and that earlier bust.
    pub last_seat: Option<Place>,
    pub last_bust: Option<BustOutcome>,
    /// The re-entry still cancellable before the hand.
    pub reentry: Option<ReEntryRecord>,
}

/// One action that "undo" can take back: the event that did it (`seq`, its number in the log,
/// counted from 1) and how to take it back, read from the state when it was applied. Replay
/// rebuilds this list, so an undo's event only names `seq` (`Event::ActionUndone`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Undoable {
    pub seq: u64,
    pub step: UndoStep,
}

/// How to take back one recent action ("undo the last action"), recorded when it happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind")]
pub enum UndoStep {
    #[serde(rename = "busts")]
    Busts {
        busts: Vec<BustOutcome>,
        /// What each busted player had that the bust replaced; with `busts` (seats, stacks
        /// and bounty payments) it is all that taking the hand back needs.
        restore: Vec<BustUndo>,
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
    /// The next elimination group (ordinary busts, early leavers, disqualifications).
    pub(crate) next_group: u64,
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
    /// Rebuys bought (not entries: they add to the pool, not to the field).
    #[serde(default)]
    pub rebuys: u32,
    /// Add-ons bought.
    #[serde(default)]
    pub add_ons: u32,
    /// Rebuys the tables asked for, waiting for the desk, with when.
    #[serde(default)]
    pub rebuy_requests: BTreeMap<PlayerId, Timestamp>,
    /// Re-entries busted players asked for from their phones, waiting for the desk, with when.
    #[serde(default)]
    pub reentry_requests: BTreeMap<PlayerId, Timestamp>,
    /// Chips that entered play (starting stacks and bonuses).
    pub chips_bought: Chips,
    /// Chips taken out of play (disqualifications, early leavers).
    pub chips_removed: Chips,
    /// The director's edited payout table, once locked in (replaces the computed one).
    #[serde(default)]
    pub payout_override: Option<Vec<Cents>>,
    /// An agreed final deal, when there is one.
    pub deal: Option<Vec<(PlayerId, Cents)>>,
    /// When the deal was recorded (unknown for logs written before it was kept).
    #[serde(default)]
    pub deal_at: Option<Timestamp>,
    /// What the deal left to play for: the winner takes it on top of their deal amount (0: the
    /// deal ended play).
    #[serde(default)]
    pub deal_to_play_for: Cents,
    /// Tables waiting for the director, with the time they called.
    #[serde(default)]
    pub calls: BTreeMap<TableNo, Timestamp>,
    /// The calls the director answered ("on the way"), with when; a call leaves both maps
    /// when it is closed.
    #[serde(default)]
    pub calls_answered: BTreeMap<TableNo, Timestamp>,
    /// The incident log: every ruling, in order.
    #[serde(default)]
    pub incidents: Vec<Incident>,
    /// Recent actions that can be undone, last on top; any other change clears it, so undo
    /// only ever takes back the latest actions.
    #[serde(default)]
    pub undo: Vec<Undoable>,
    /// TDA 25: the director's balancing settings, once changed during play.
    #[serde(default)]
    pub balancing: Option<BalancingSettings>,
    /// The latest table break or final-table draw, so the tables can show who goes where.
    #[serde(default)]
    pub last_redraw: Option<Redraw>,
    /// The door: sign-ups from phones waiting for the desk (issue T).
    #[serde(default)]
    pub door: crate::model::door::Door,
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

    /// Chips of abandoned stacks still at the tables (PKR4U 6): in play, owned by nobody.
    pub fn abandoned_chips(&self) -> Chips {
        self.tables
            .values()
            .flat_map(|t| t.abandoned.values())
            .map(|a| a.chips)
            .sum()
    }

    /// The configured starting stack (zero before the tournament is created).
    pub(crate) fn starting_stack(&self) -> Chips {
        self.config
            .as_ref()
            .map(|c| c.starting_stack)
            .unwrap_or_default()
    }

    /// One more entry bought: its prize part, house fee and chips.
    pub(crate) fn record_entry(&mut self, prize: Cents, fee: Cents, chips: Chips) {
        self.entries += 1;
        self.prize_pool += prize;
        self.house_fees += fee;
        self.chips_bought += chips;
    }

    /// Seats a player (leaving any seat they had).
    pub(crate) fn seat(&mut self, player: PlayerId, place: Place) {
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

    /// Takes a player out of their seat, if they have one.
    pub(crate) fn unseat(&mut self, player: PlayerId) {
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

    /// Players change seats together (a redraw, a break, a move).
    pub(crate) fn move_players(&mut self, moves: &[SeatMove]) {
        // Unseat everyone first, so a redraw that swaps seats never overwrites itself.
        for m in moves {
            self.unseat(m.player);
        }
        for m in moves {
            self.seat(m.player, m.to);
        }
    }

    /// PKR4U 6: abandoned stacks change seats (taken out first, like players in a redraw).
    pub(crate) fn move_stacks(&mut self, moves: &[StackMove]) {
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

    /// A player leaves play (early leave, disqualification); their chips leave with them and
    /// are kept so that taking it back returns them exactly.
    pub(crate) fn take_out(&mut self, player: PlayerId, status: PlayerStatus, _at: Timestamp) {
        let stack = self.players.get(&player).map_or(Chips::ZERO, |p| p.stack);
        let removed = self.remove_chips(stack);
        if let Some(p) = self.players.get_mut(&player) {
            p.status = status;
            p.last_seat = p.seat;
            p.stack = Chips::ZERO;
            p.stack_taken_out = removed;
            p.reentry = None;
        }
        self.unseat(player);
    }

    /// Chips leave play: a stack as last known, but never more than are in play. Counts are
    /// estimates (a stack not counted is the chips bought), so a count may claim chips that
    /// another stack's estimate still holds; the ledger of chips in play never goes below
    /// zero (found by the deep property run). Returns what left.
    pub(crate) fn remove_chips(&mut self, stack: Chips) -> Chips {
        let in_play = self.chips_bought - self.chips_removed;
        let removed = stack.min(in_play).max(Chips::ZERO);
        self.chips_removed += removed;
        removed
    }
}

/// Hand-for-hand groups are numbered from here, far above ordinary groups, so that a hand
/// number maps to exactly one group whichever table reports first.
pub const HAND_FOR_HAND_GROUPS: u64 = 1 << 40;
