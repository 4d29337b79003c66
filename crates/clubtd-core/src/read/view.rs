//! What the faces show, derived from the state at an instant: the clock reading, the field,
//! the tables with their ante for their own count, the payouts and the places. Pure, so the
//! server renders it and a phone could compute it too.

use crate::model::clock::ClockReading;
use crate::model::config::{Announcements, BountyKind, Config, LateRegistration, Level};
use crate::model::door::follow_merges;
use crate::model::ids::{EntryNo, PlayerId, SeatNo, TableNo, Timestamp};
use crate::model::money::{Cents, Chips};
use crate::model::payment::PaymentMethod;
use crate::model::state::PenaltyKind;
use crate::model::state::{Player, PlayerStatus, Tournament};
use crate::read::ending::{is_finished, play_ended_at};
use crate::rules::balancing::{plan, TablePlan};
use crate::rules::busts::{standings, Standing};
use crate::rules::deals::{chip_chop, icm};
pub use crate::rules::door::QueueState;
use crate::rules::door::{free_seats, queue_states, signed_up};
use crate::rules::purchases::{add_on_open, may_rebuy, pool_open, rebuy_open};
use crate::rules::registration::{may_reenter, registration_open};
use crate::rules::seating::blinds;
use crate::rulings::calculators::ante_for_table;
use serde::{Deserialize, Serialize};

/// One level as the clock shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LevelView {
    /// Play level number (1-based), `None` for a break.
    pub number: Option<u16>,
    pub small_blind: Chips,
    pub big_blind: Chips,
    pub ante: Chips,
    pub minutes: u32,
    pub colour_up: Option<Chips>,
}

/// The clock at an instant; pages count `remaining_ms` down locally from `read_at`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ClockView {
    pub started: bool,
    pub running: bool,
    pub level_index: usize,
    pub level: LevelView,
    pub next: Option<LevelView>,
    pub remaining_ms: i64,
    /// Time until the next break starts, when there is one ahead.
    pub ms_to_break: Option<i64>,
    pub read_at: Timestamp,
}

/// One seat at a table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SeatView {
    pub seat: SeatNo,
    pub player: PlayerId,
    pub name: String,
    pub stack: Chips,
    pub bounty: Cents,
}

/// One table as every face shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TableView {
    pub table: TableNo,
    pub open: bool,
    pub size: u8,
    pub seats: Vec<SeatView>,
    pub button: Option<SeatNo>,
    pub small_blind_seat: Option<SeatNo>,
    pub big_blind_seat: Option<SeatNo>,
    /// PKR4U 16: the ante at this table's own count.
    pub ante: Chips,
    /// PKR4U 13: stopped, director called.
    pub stopped: bool,
    pub hand_done: bool,
    /// PKR4U 6: stacks left behind for a re-entry in a bounty event, blinding off.
    #[serde(default)]
    pub abandoned: Vec<AbandonedView>,
    /// Seats kept for a busted player who may still rebuy (`windows::held_seats`): nobody new
    /// sits there while another seat is free; the rebuy brings the player back.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub held: Vec<HeldSeatView>,
}

/// A seat kept for a busted player who may still rebuy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HeldSeatView {
    pub seat: SeatNo,
    pub player: PlayerId,
    pub name: String,
}

/// PKR4U 6: an abandoned stack as the table sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AbandonedView {
    pub seat: SeatNo,
    pub owner: PlayerId,
    pub owner_name: String,
    pub chips: Chips,
    pub bounty: Cents,
}

/// One player in the field list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayerView {
    pub player: PlayerId,
    pub name: String,
    pub status: PlayerStatus,
    pub table: Option<TableNo>,
    pub seat: Option<SeatNo>,
    pub stack: Chips,
    /// The stack is a count reported for the current entry, not just what was bought.
    #[serde(default)]
    pub stack_counted: bool,
    pub entries: u16,
    pub bounty: Cents,
    pub bounty_won: Cents,
    pub bonus: Chips,
    /// The latest entry is a re-entry that can still be cancelled (bought by mistake).
    #[serde(default)]
    pub can_cancel_entry: bool,
    /// Rebuys (a double counts two) and add-ons bought.
    #[serde(default, skip_serializing_if = "is_zero_u16")]
    pub rebuys: u16,
    #[serde(default, skip_serializing_if = "is_zero_u16")]
    pub add_ons: u16,
    /// The desk may sell this player a rebuy now (the period, the limit, the maximum), or
    /// the add-on.
    #[serde(default, skip_serializing_if = "is_false")]
    pub can_rebuy: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub can_add_on: bool,
    /// The latest rebuy, or the add-on, can still be taken back (bought by mistake).
    #[serde(default, skip_serializing_if = "is_false")]
    pub can_cancel_rebuy: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub can_cancel_add_on: bool,
    /// Where a player who may rebuy sits, or busted: the table that can ask the desk for it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rebuy_table: Option<TableNo>,
    /// Busted, and a re-entry can be sold now: the personal page offers to ask for it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub can_re_enter: bool,
}

// The view's fields added with rebuys are left out while they say nothing (no rebuys), so a
// view of a tournament without them keeps its bytes (the golden views).
fn is_false(b: &bool) -> bool {
    !*b
}
fn is_zero_u16(n: &u16) -> bool {
    *n == 0
}
fn is_zero_u32(n: &u32) -> bool {
    *n == 0
}

/// A place with the player's name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlaceView {
    pub name: String,
    #[serde(flatten)]
    pub standing: Standing,
}

/// The action "undo" would take back, as the director reads it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum UndoView {
    /// A bust report: who went out at which table, and who won.
    Busts {
        table: TableNo,
        out: Vec<String>,
        winners: Vec<String>,
    },
    /// A player moved.
    Move {
        name: String,
        from: TableNo,
        to: TableNo,
    },
    /// A table's button set.
    Button { table: TableNo },
    /// A chip count.
    Count { name: String },
    /// A clock action (start, pause, a level change).
    Clock,
    /// A penalty given.
    Penalty,
}

fn undo_view(t: &Tournament, step: &crate::model::state::UndoStep) -> UndoView {
    use crate::model::state::UndoStep;
    let name = |p: &PlayerId| t.players.get(p).map(|p| p.name.clone()).unwrap_or_default();
    match step {
        UndoStep::Busts { busts, .. } => {
            let mut winners: Vec<String> = Vec::new();
            for w in busts.iter().flat_map(|b| &b.eliminators) {
                let n = name(w);
                if !winners.contains(&n) {
                    winners.push(n);
                }
            }
            UndoView::Busts {
                table: busts.first().map_or(TableNo(0), |b| b.seat.table),
                out: busts.iter().map(|b| name(&b.player)).collect(),
                winners,
            }
        }
        UndoStep::Move { movement } => UndoView::Move {
            name: name(&movement.player),
            from: movement.from.table,
            to: movement.to.table,
        },
        UndoStep::Button { table, .. } => UndoView::Button { table: *table },
        UndoStep::Count { player, .. } => UndoView::Count { name: name(player) },
        UndoStep::Clock { .. } => UndoView::Clock,
        UndoStep::Penalty => UndoView::Penalty,
    }
}

/// A recorded deal as the faces show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DealView {
    pub amounts: Vec<DealShare>,
    /// What the players of the deal play on for (the winner takes it on top).
    pub to_play_for: Cents,
}

/// One player's share of a deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DealShare {
    pub player: PlayerId,
    pub name: String,
    pub amount: Cents,
}

/// Final-table deal quotes for the players left (seed 000 / FIDPA: all must agree).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DealQuotes {
    pub players: Vec<PlayerId>,
    /// The stacks the quotes use (the latest known).
    pub stacks: Vec<Chips>,
    /// Per player: was the stack counted at the table? If not, the quote uses the chips
    /// bought (starting stack and bonus), which is only right by chance: count first.
    #[serde(default)]
    pub counted: Vec<bool>,
    /// The prizes still to be won, first place first.
    pub prizes_left: Vec<Cents>,
    pub chip_chop: Vec<Cents>,
    pub icm: Vec<Cents>,
    /// A satellite's deal: per player, whether the quotes give them a ticket (tickets
    /// first, to the biggest stacks); empty when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tickets: Vec<bool>,
}

impl DealQuotes {
    /// The quotes when the players leave `to_play_for` to play on for (the winner takes it):
    /// worked out on the prizes with that much less for first place. `None` when it is more
    /// than the first prize left, or for a satellite (its tickets are never split).
    pub fn leaving(&self, to_play_for: Cents) -> Option<DealQuotes> {
        if to_play_for == Cents::ZERO {
            return Some(self.clone());
        }
        if !self.tickets.is_empty() || to_play_for < Cents::ZERO {
            return None;
        }
        let mut prizes = self.prizes_left.clone();
        let first = prizes.first_mut()?;
        if to_play_for > *first {
            return None;
        }
        *first -= to_play_for;
        Some(DealQuotes {
            chip_chop: chip_chop(&self.stacks, &prizes).ok()?,
            icm: icm(&self.stacks, &prizes).ok()?,
            prizes_left: prizes,
            ..self.clone()
        })
    }
}

/// A penalty as the table page shows it (PKR4U 4, TDA 33).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PenaltyView {
    /// Its number, for taking it back.
    #[serde(default)]
    pub index: u32,
    pub player: PlayerId,
    pub name: String,
    pub table: Option<TableNo>,
    pub kind: PenaltyKind,
    pub reason: String,
    /// Minutes penalties: time left (0 when served).
    pub ms_left: Option<i64>,
    /// Hands penalties: hands still to sit out (0 when served).
    #[serde(default)]
    pub hands_left: Option<u16>,
}

/// One line of the results: place, prize, bounties and entries per player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ResultLine {
    pub player: PlayerId,
    pub name: String,
    pub place: Option<u32>,
    pub prize: Cents,
    /// Bounty money won (the winner also collects their own head at the end).
    pub bounties: Cents,
    pub entries: u16,
    /// Rebuys and add-ons bought (paid includes them).
    #[serde(default, skip_serializing_if = "is_zero_u16")]
    pub rebuys: u16,
    #[serde(default, skip_serializing_if = "is_zero_u16")]
    pub add_ons: u16,
    pub paid: Cents,
    /// The place (or the deal) won the tournament's ticket; `prize` then counts its value
    /// when the pool bought it (a satellite), see [`ResultLine::cash`].
    #[serde(default, skip_serializing_if = "is_false")]
    pub ticket: bool,
}

impl ResultLine {
    /// The prize in money: a satellite's ticket is part of `prize` (its value), the house's
    /// ticket comes beside it.
    pub fn cash(&self, ticket: Option<&crate::model::config::TicketPrize>) -> Cents {
        match ticket {
            Some(t) if self.ticket && t.source == crate::model::config::TicketSource::Pool => {
                self.prize - t.value
            }
            _ => self.prize,
        }
    }
}

/// One ruling of the incident log, with its text worked out again from its answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct IncidentView {
    pub index: u32,
    pub table: Option<TableNo>,
    pub flow: String,
    pub title: Option<crate::rulings::Text>,
    pub rule: String,
    pub text: Option<crate::rulings::Text>,
    /// When the server received it.
    pub at: Timestamp,
    /// When it was tapped on the device, when that was earlier (an outbox delivered it late).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tapped_at: Option<Timestamp>,
    pub overruled: Option<String>,
}

/// One player's own page, opened by their personal link: where they sit, their stack and
/// bounty, their entries, and their place and prize once out. Derived from the public view,
/// so the page stays live with the view every face already follows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerCard {
    pub me: PlayerView,
    /// Place (shared or not) and prize once out, or the winner's.
    pub standing: Option<Standing>,
    /// The prize won so far (a recorded deal's amount when there is one), in money: a
    /// satellite's ticket is not in it.
    pub prize: Cents,
    /// Bounty money won (the winner's own head included at the end).
    pub bounties: Cents,
    /// The ticket won, when the player won one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ticket: Option<crate::model::config::TicketPrize>,
}

/// A table's call for the director: when it called and, once the director answered ("on the
/// way"), when that was. The call is listed until it is closed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CallView {
    pub table: TableNo,
    pub at: Timestamp,
    #[serde(default)]
    pub answered_at: Option<Timestamp>,
}

impl TournamentView {
    /// The ticket paid place `index` (0: first place) wins, if it wins one.
    pub fn ticket_of_place(&self, index: usize) -> Option<&crate::model::config::TicketPrize> {
        ticket_of_place(self.ticket.as_ref(), self.ticket_places, index)
    }

    /// The money paid place `index` wins beside its ticket (`cash_of_place`).
    pub fn cash_of_place(&self, index: usize) -> Cents {
        cash_of_place(
            &self.payouts,
            self.ticket.as_ref(),
            self.ticket_places,
            index,
        )
    }
}

/// The ticket paid place `index` (0: first place) wins when the first `ticket_places` win
/// `ticket`: the whole view and a face's prize list (`faces::pieces::PrizeList`) alike.
pub(crate) fn ticket_of_place(
    ticket: Option<&crate::model::config::TicketPrize>,
    ticket_places: u32,
    index: usize,
) -> Option<&crate::model::config::TicketPrize> {
    ticket.filter(|_| index < ticket_places as usize)
}

/// The money paid place `index` wins beside its ticket: a satellite's ticket is part of the
/// place's prize (its value), the house's comes on top.
pub(crate) fn cash_of_place(
    payouts: &[Cents],
    ticket: Option<&crate::model::config::TicketPrize>,
    ticket_places: u32,
    index: usize,
) -> Cents {
    let amount = payouts.get(index).copied().unwrap_or_default();
    match ticket_of_place(ticket, ticket_places, index) {
        Some(t) if t.source == crate::model::config::TicketSource::Pool => amount - t.value,
        _ => amount,
    }
}

impl TournamentView {
    /// The open call of `table`, if it has one.
    pub fn call_of(&self, table: TableNo) -> Option<&CallView> {
        self.calls.iter().find(|c| c.table == table)
    }
}

/// The door's queue as the desk, the phones and the screen show it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DoorView {
    /// Those waiting, in the order they came.
    pub queue: Vec<QueueLine>,
    /// Seats a new player could take now (the room's, or under the director's cap).
    pub free_seats: u32,
    /// Entries admitted, with the player each became.
    pub admitted: Vec<(EntryNo, PlayerId)>,
    /// Entries merged into another, with the entry each became (a phone follows it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub merged: Vec<(EntryNo, EntryNo)>,
    /// When the door opens to phones, if the director chose a time (the page compares it
    /// with its own clock: the view is not redrawn when the moment passes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opens_at: Option<Timestamp>,
    /// The director's cap on sign-ups, if any, and how many are on the list now (players
    /// registered and entries waiting).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cap: Option<u32>,
    #[serde(default)]
    pub signed_up: u32,
}

impl DoorView {
    /// The entry's line while it waits.
    pub fn line(&self, entry: EntryNo) -> Option<&QueueLine> {
        self.queue.iter().find(|l| l.entry == entry)
    }

    /// The entry `entry` stands for now: itself, or the one it was merged into.
    pub fn resolve(&self, entry: EntryNo) -> EntryNo {
        follow_merges(entry, self.merged.len(), |at| {
            self.merged.iter().find(|(m, _)| *m == at).map(|(_, k)| *k)
        })
    }

    /// Whether the cap on sign-ups is reached (a phone cannot join the list).
    pub fn full(&self) -> bool {
        self.cap.is_some_and(|cap| self.signed_up >= cap)
    }

    /// The player an admitted entry became.
    pub fn admitted_as(&self, entry: EntryNo) -> Option<PlayerId> {
        self.admitted
            .iter()
            .find(|(e, _)| *e == entry)
            .map(|(_, p)| *p)
    }

    /// Whether the room needs the names of those called to the desk: only when the seats are
    /// short (the queue takes every free seat, so a name called is a seat that waits for its
    /// player). With seats to spare every phone already says "to the desk" and the screen
    /// shows a count: names typed by anyone on the club's WiFi reach the room's screen only
    /// when calling them helps.
    pub fn names_called(&self) -> bool {
        !self.queue.is_empty() && self.queue.len() as u64 >= u64::from(self.free_seats)
    }

    /// Those on the waiting list, in order.
    pub fn waiting(&self) -> impl Iterator<Item = &QueueLine> {
        self.queue
            .iter()
            .filter(|l| matches!(l.state, QueueState::Waiting { .. }))
    }
}

/// One entry of the queue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct QueueLine {
    pub entry: EntryNo,
    pub name: String,
    pub method: PaymentMethod,
    pub since: Timestamp,
    pub state: QueueState,
    /// How many entries waiting came from the same machine as this one (itself included;
    /// 1 when its machine is not known): the desk sees a flood of junk from one laptop and
    /// clears it in one action. The machine itself is not shown.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub from_same_sender: u32,
}

fn one() -> u32 {
    1
}

fn is_one(n: &u32) -> bool {
    *n == 1
}

fn door_view(t: &Tournament, cfg: &Config, now: Timestamp) -> DoorView {
    let states = queue_states(t, cfg, now);
    DoorView {
        queue: t
            .door
            .queue
            .iter()
            .zip(states)
            .map(|(e, (_, state))| QueueLine {
                entry: e.entry,
                name: e.name.clone(),
                method: e.method,
                since: e.since,
                state,
                from_same_sender: e.sender.map_or(1, |s| {
                    let same = t.door.queue.iter().filter(|o| o.sender == Some(s)).count();
                    u32::try_from(same).unwrap_or(u32::MAX)
                }),
            })
            .collect(),
        free_seats: free_seats(t, cfg),
        admitted: t.door.admitted.iter().map(|(e, p)| (*e, *p)).collect(),
        merged: t.door.merged.iter().map(|(m, k)| (*m, *k)).collect(),
        opens_at: cfg.sign_ups_open_at,
        cap: cfg.sign_up_cap,
        signed_up: u32::try_from(signed_up(t)).unwrap_or(u32::MAX),
    }
}

/// Everything the four faces need.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TournamentView {
    pub name: String,
    pub clock: ClockView,
    pub players_left: u32,
    pub entries: u32,
    /// Rebuys (a double counts two) and add-ons bought: they add to the pool and the chips,
    /// not to the entries.
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub rebuys: u32,
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub add_ons: u32,
    /// What the tournament sells besides entries, when it does, and whether it sells it now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rebuy: Option<crate::model::config::RebuyRule>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub add_on: Option<crate::model::config::AddOnRule>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub rebuy_open: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub add_on_open: bool,
    /// Rebuys the tables asked for, oldest first, while the player may still rebuy.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rebuy_requests: Vec<PlayerId>,
    /// Re-entries asked for from phones, oldest first, while they can still be sold.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reentry_requests: Vec<PlayerId>,
    /// The money the prizes share: the entries' prize parts, or the guarantee while that is
    /// more.
    pub prize_pool: Cents,
    /// The guaranteed prize pool, if the tournament has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guarantee: Option<Cents>,
    /// What the house adds to the entries' prize parts to make the guarantee.
    #[serde(default, skip_serializing_if = "Cents::is_zero")]
    pub overlay: Cents,
    /// The ticket the first places win, when the tournament gives one, and how many places
    /// win it (`payouts[..ticket_places]`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ticket: Option<crate::model::config::TicketPrize>,
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub ticket_places: u32,
    pub chips_in_play: Chips,
    pub average_stack: Chips,
    /// Average stack in big blinds, times ten (one decimal without floats).
    pub average_bb_x10: i64,
    pub registration_open: bool,
    /// Time until late registration closes by itself (the end of its level, or of the break
    /// after it), while the clock runs towards it; `None` when it is closed, waits for the
    /// director, or the clock has not started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ms_to_registration_close: Option<i64>,
    pub payouts: Vec<Cents>,
    /// Everyone left is paid.
    pub in_the_money: bool,
    /// One more bust and everyone left is paid.
    pub bubble: bool,
    /// The prize of the next player out, when paid (none after a deal: its amounts replaced
    /// the table's prizes for its players).
    pub next_payout: Option<Cents>,
    /// The deal recorded, when there is one: what each of its players gets and what is left
    /// to play for. The payouts' first places are then the deal's, not the table's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<DealView>,
    pub bounty_kind: BountyKind,
    pub tables: Vec<TableView>,
    pub players: Vec<PlayerView>,
    pub places: Vec<PlaceView>,
    pub plan: TablePlan,
    /// TDA 25: automatic (tables see their moves) or confirm-first, and the trigger.
    pub balancing: crate::model::state::BalancingSettings,
    /// The latest table break or final-table draw: who went where.
    pub last_redraw: Option<crate::model::state::Redraw>,
    pub hand_for_hand: Option<u32>,
    pub deal_quotes: Option<DealQuotes>,
    pub penalties: Vec<PenaltyView>,
    pub results: Vec<ResultLine>,
    /// PKR4U 18: players with bonus chips whose stack is not confirmed at the table yet.
    pub bonus_missing: Vec<PlayerId>,
    /// PKR4U 18: the level after the bonus period has begun, so the blinds of a bonus stack
    /// not yet at its table are taken from it.
    #[serde(default)]
    pub bonus_blinds_taken: bool,
    /// Tables waiting for the director, oldest call first.
    pub calls: Vec<CallView>,
    /// The incident log, newest first.
    pub incidents: Vec<IncidentView>,
    pub events_applied: u64,
    /// The door: who signed up from a phone and waits, and the seats there are for them.
    #[serde(default)]
    pub door: DoorView,
    /// Play is over (a winner, or a deal): the clock is stopped and the results are final.
    #[serde(default)]
    pub finished: bool,
    /// The latest action can be taken back with "undo".
    #[serde(default)]
    pub can_undo: bool,
    /// What "undo" would take back, in words for the director before the reason is asked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub undo_last: Option<UndoView>,
    /// What the room screen says out loud (the console switches it).
    #[serde(default)]
    pub announcements: Announcements,
}

/// `player`'s name in `players` (empty when not among them): the whole view's and a face's
/// own list alike.
pub(crate) fn name_of(players: &[PlayerView], player: PlayerId) -> String {
    players
        .iter()
        .find(|p| p.player == player)
        .map(|p| p.name.clone())
        .unwrap_or_default()
}

/// The items whose name holds `query` (`names::name_contains`: case, accents and spacing
/// aside; at least two letters), at most ten: "find my seat" on the whole view and on the
/// seat search's own.
pub(crate) fn named<'a, T>(items: &'a [T], query: &str, name: impl Fn(&T) -> &str) -> Vec<&'a T> {
    let q = crate::model::names::search_key(query);
    if q.chars().count() < 2 {
        return Vec::new();
    }
    items
        .iter()
        .filter(|item| crate::model::names::search_key(name(item)).contains(&q))
        .take(10)
        .collect()
}

/// A player's stack as the faces show it: the last count or what was bought, except for the
/// one player left, who holds every chip in play (a self-dealt table reports who is out, not
/// where the chips went: the winner's 12,000 of 36,000 once looked like a lost count).
fn stack_shown(t: &Tournament, p: &Player) -> Chips {
    if p.status == PlayerStatus::Playing && t.players_left() == 1 {
        t.chips_bought - t.chips_removed
    } else {
        p.stack
    }
}

impl TournamentView {
    /// The players whose name holds `query` (`names::name_contains`: case, accents and
    /// spacing aside; at least two letters), at most ten, for "find my seat": the phone's page
    /// and the server's search answer the same.
    pub fn players_named(&self, query: &str) -> Vec<&PlayerView> {
        named(&self.players, query, |p| &p.name)
    }

    /// The personal page of one player (`None` for an unknown or unregistered one).
    pub fn player_card(&self, player: PlayerId) -> Option<PlayerCard> {
        let me = self.players.iter().find(|p| p.player == player)?.clone();
        let standing = self
            .places
            .iter()
            .find(|p| p.standing.player == player)
            .map(|p| p.standing.clone());
        let result = self.results.iter().find(|r| r.player == player);
        Some(PlayerCard {
            prize: result.map_or(Cents::ZERO, |r| r.cash(self.ticket.as_ref())),
            bounties: result.map_or(me.bounty_won, |r| r.bounties),
            ticket: self
                .ticket
                .clone()
                .filter(|_| result.is_some_and(|r| r.ticket)),
            me,
            standing,
        })
    }

    /// The players still in play with the biggest stacks first (ties by name), at most `n`:
    /// the chip leaders every face shows. A stack is the latest count, or what the player
    /// bought while no count came in. None before the first count of a player still in: an
    /// order of what was bought names no leader, so every face shows none.
    pub fn chip_leaders(&self, n: usize) -> Vec<&PlayerView> {
        let mut playing: Vec<&PlayerView> = self
            .players
            .iter()
            .filter(|p| p.status == PlayerStatus::Playing)
            .collect();
        if !playing.iter().any(|p| p.stack_counted) {
            return Vec::new();
        }
        playing.sort_by(|a, b| b.stack.cmp(&a.stack).then_with(|| a.name.cmp(&b.name)));
        playing.truncate(n);
        playing
    }

    /// A player's name, for pages that hold only the id (empty when unknown).
    pub fn player_name(&self, player: PlayerId) -> String {
        name_of(&self.players, player)
    }

    /// Where `player` is told to go, while a balancing move of theirs is planned: a seat, or
    /// a table whose button must be set before the seat is named (TDA 25). The player's
    /// phone says it on top; the room screen says it out loud.
    pub fn move_of(&self, player: PlayerId) -> Option<MoveNotice> {
        if let Some(m) = self.plan.moves.iter().find(|m| m.player == player) {
            return Some(MoveNotice {
                from: m.from.table,
                to: m.to.table,
                seat: Some(m.to.seat),
            });
        }
        self.plan
            .waiting
            .iter()
            .find(|w| w.player == player)
            .map(|w| MoveNotice {
                from: w.from.table,
                to: w.to_table,
                seat: None,
            })
    }
}

/// A player's planned move, as their phone tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveNotice {
    pub from: TableNo,
    pub to: TableNo,
    /// `None` while the receiving table has not said where its button is.
    pub seat: Option<SeatNo>,
}

fn level_view(cfg_levels: &[Level], index: usize) -> Option<LevelView> {
    let level = cfg_levels.get(index)?;
    let number = match level {
        Level::Break { .. } => None,
        Level::Play { .. } => u16::try_from(
            cfg_levels[..=index]
                .iter()
                .filter(|l| !l.is_break())
                .count(),
        )
        .ok(),
    };
    Some(match level {
        Level::Play {
            small_blind,
            big_blind,
            ante,
            minutes,
        } => LevelView {
            number,
            small_blind: *small_blind,
            big_blind: *big_blind,
            ante: *ante,
            minutes: *minutes,
            colour_up: None,
        },
        Level::Break { minutes, colour_up } => LevelView {
            number,
            small_blind: Chips::ZERO,
            big_blind: Chips::ZERO,
            ante: Chips::ZERO,
            minutes: *minutes,
            colour_up: *colour_up,
        },
    })
}

/// Late registration's countdown: the time left in the level in play plus the levels up to
/// the last one it covers (and the break after it, when it runs through that break).
fn ms_to_registration_close(cfg: &Config, level: usize, remaining_ms: i64) -> Option<i64> {
    let LateRegistration::UntilLevel {
        level: until,
        through_break,
    } = cfg.late_registration
    else {
        return None;
    };
    let mut last = cfg.play_level_index(until)?;
    if through_break && cfg.levels.get(last + 1).is_some_and(Level::is_break) {
        last += 1;
    }
    if level > last {
        return None;
    }
    let later: i64 = cfg.levels[level + 1..=last]
        .iter()
        .map(Level::duration_ms)
        .sum();
    Some(remaining_ms + later)
}

/// The view of the tournament at `now`; `None` before it is created.
pub fn tournament_view(t: &Tournament, now: Timestamp) -> Option<TournamentView> {
    let cfg = t.config()?;
    let open = registration_open(t, cfg, now);
    let finished = is_finished(t, now);
    // The clock stops when there is a winner (or a deal): read it at that moment, stopped.
    let reading = match finished.then(|| play_ended_at(t)).flatten() {
        Some(at) => ClockReading {
            running: false,
            ..t.clock.read(&cfg.levels, at.min(now))
        },
        None => t.clock.read(&cfg.levels, now),
    };
    let level = level_view(&cfg.levels, reading.level)?;
    // The blinds in force: during a break, the next play level's.
    let ms_to_break = {
        let mut acc = reading.remaining_ms;
        let mut found = None;
        for l in cfg.levels.iter().skip(reading.level + 1) {
            if l.is_break() {
                found = Some(acc);
                break;
            }
            acc += l.duration_ms();
        }
        found
    };
    let clock = ClockView {
        started: reading.started,
        running: reading.running,
        level_index: reading.level,
        next: level_view(&cfg.levels, reading.level + 1),
        level,
        remaining_ms: reading.remaining_ms,
        ms_to_break,
        read_at: now,
    };
    let current_ante = cfg.levels.iter().skip(reading.level).find_map(|l| match l {
        Level::Play { ante, .. } => Some(*ante),
        Level::Break { .. } => None,
    });
    let plan = plan(t, cfg);
    let held = crate::rules::windows::held_seats(t, cfg, now);
    let tables = t
        .tables
        .iter()
        .map(|(n, tb)| {
            let b = tb
                .button
                .and_then(|btn| blinds(&tb.seats, cfg.table_size, btn));
            TableView {
                table: *n,
                open: tb.open,
                size: cfg.table_size,
                seats: tb
                    .seats
                    .iter()
                    .filter_map(|(s, p)| {
                        let pl = t.players.get(p)?;
                        Some(SeatView {
                            seat: *s,
                            player: *p,
                            name: pl.name.clone(),
                            stack: stack_shown(t, pl),
                            bounty: pl.bounty,
                        })
                    })
                    .collect(),
                button: tb.button,
                small_blind_seat: b.map(|b| b.small_blind),
                big_blind_seat: b.map(|b| b.big_blind),
                ante: ante_for_table(current_ante.unwrap_or_default(), tb.seats.len()),
                stopped: plan.stopped.contains(n),
                hand_done: tb.hand_done,
                abandoned: tb
                    .abandoned
                    .iter()
                    .map(|(seat, a)| AbandonedView {
                        seat: *seat,
                        owner: a.owner,
                        owner_name: t
                            .players
                            .get(&a.owner)
                            .map(|p| p.name.clone())
                            .unwrap_or_default(),
                        chips: a.chips,
                        bounty: a.bounty,
                    })
                    .collect(),
                held: t
                    .players
                    .values()
                    .filter(|p| p.status == PlayerStatus::Busted)
                    .filter_map(|p| {
                        let seat = p.last_seat.filter(|s| s.table == *n && held.contains(s))?;
                        Some(HeldSeatView {
                            seat: seat.seat,
                            player: p.id,
                            name: p.name.clone(),
                        })
                    })
                    .collect(),
            }
        })
        .collect();
    let players_left = u32::try_from(t.players_left()).unwrap_or(u32::MAX);
    let chips_in_play = t.chips_bought - t.chips_removed;
    let average_stack = if players_left > 0 {
        Chips(chips_in_play.0 / i64::from(players_left))
    } else {
        Chips::ZERO
    };
    let bb = cfg.levels.iter().skip(reading.level).find_map(|l| match l {
        Level::Play { big_blind, .. } => Some(big_blind.0),
        Level::Break { .. } => None,
    });
    let standings = standings(t, cfg, now);
    let payouts = t.prizes();
    let name_of = |p: &PlayerId| t.players.get(p).map(|p| p.name.clone()).unwrap_or_default();
    let deal_quotes = deal_quotes(t, &payouts, &standings, pool_open(t, cfg, now));
    let rebuy_open = rebuy_open(t, cfg, now);
    let add_on_open = add_on_open(t, cfg, now);
    let results = results(t, &standings, &name_of);
    let places = standings
        .into_iter()
        .map(|s| PlaceView {
            name: name_of(&s.player),
            standing: s,
        })
        .collect();
    let penalties = t
        .penalties
        .iter()
        .enumerate()
        .filter(|(_, p)| p.rescinded.is_none())
        .map(|(i, p)| PenaltyView {
            index: u32::try_from(i).unwrap_or(u32::MAX),
            player: p.player,
            name: name_of(&p.player),
            table: t
                .players
                .get(&p.player)
                .and_then(|x| x.seat)
                .map(|s| s.table),
            kind: p.kind,
            reason: p.reason.clone(),
            ms_left: match p.kind {
                PenaltyKind::Minutes { minutes } => Some(
                    p.at.plus_ms(i64::from(minutes) * 60_000)
                        .ms_since(now)
                        .max(0),
                ),
                _ => None,
            },
            hands_left: p.hands_left(),
        })
        .collect();
    Some(TournamentView {
        name: cfg.name.clone(),
        clock,
        players_left,
        entries: t.entries,
        rebuys: t.rebuys,
        add_ons: t.add_ons,
        rebuy: cfg.rebuy,
        add_on: cfg.add_on,
        rebuy_open,
        add_on_open,
        reentry_requests: {
            let mut r: Vec<(Timestamp, PlayerId)> = t
                .reentry_requests
                .iter()
                .filter(|(p, _)| may_reenter(t, cfg, now, **p))
                .map(|(p, at)| (*at, *p))
                .collect();
            r.sort();
            r.into_iter().map(|(_, p)| p).collect()
        },
        rebuy_requests: {
            let mut r: Vec<(Timestamp, PlayerId)> = t
                .rebuy_requests
                .iter()
                .filter(|(p, _)| rebuy_open && may_rebuy(t, cfg, now, **p))
                .map(|(p, at)| (*at, *p))
                .collect();
            r.sort();
            r.into_iter().map(|(_, p)| p).collect()
        },
        prize_pool: t.pool_to_pay(),
        guarantee: cfg.guarantee,
        overlay: t.overlay(),
        ticket: cfg.ticket.clone(),
        ticket_places: t.ticket_places(),
        chips_in_play,
        average_stack,
        average_bb_x10: bb
            .filter(|b| *b > 0)
            .map_or(0, |b| average_stack.0 * 10 / b),
        registration_open: open,
        ms_to_registration_close: if open && reading.started {
            ms_to_registration_close(cfg, reading.level, reading.remaining_ms)
        } else {
            None
        },
        // Both only once play has started: during registration the field is still growing.
        in_the_money: reading.started && players_left > 0 && players_left as usize <= payouts.len(),
        // No payouts (a league night) has no bubble: one player left is not "one out of the money".
        bubble: reading.started
            && !payouts.is_empty()
            && players_left as usize == payouts.len() + 1,
        next_payout: payouts
            .get((players_left as usize).saturating_sub(1))
            .copied()
            .filter(|_| players_left > 1 && t.deal.is_none()),
        deal: t.deal.as_ref().map(|amounts| DealView {
            amounts: amounts
                .iter()
                .map(|(p, c)| DealShare {
                    player: *p,
                    name: name_of(p),
                    amount: *c,
                })
                .collect(),
            to_play_for: t.deal_to_play_for,
        }),
        payouts,
        bounty_kind: cfg.bounty_kind,
        tables,
        players: t
            .players
            .values()
            .filter(|p| p.status != PlayerStatus::Unregistered)
            .map(|p| PlayerView {
                player: p.id,
                name: p.name.clone(),
                status: p.status,
                table: p.seat.map(|s| s.table),
                seat: p.seat.map(|s| s.seat),
                stack: stack_shown(t, p),
                stack_counted: p.stack_counted,
                entries: p.entries,
                bounty: p.bounty,
                bounty_won: p.bounty_won,
                bonus: p.bonus,
                can_cancel_entry: p.status == PlayerStatus::Playing && p.reentry.is_some(),
                rebuys: p.rebuys,
                add_ons: p.add_ons,
                can_rebuy: rebuy_open && may_rebuy(t, cfg, now, p.id),
                rebuy_table: (rebuy_open && may_rebuy(t, cfg, now, p.id))
                    .then(|| p.seat.or(p.last_seat).map(|s| s.table))
                    .flatten(),
                can_add_on: add_on_open && p.status == PlayerStatus::Playing && p.add_ons == 0,
                can_cancel_rebuy: p.status == PlayerStatus::Playing && p.last_rebuy.is_some(),
                can_cancel_add_on: p.status == PlayerStatus::Playing && p.last_add_on.is_some(),
                can_re_enter: may_reenter(t, cfg, now, p.id),
            })
            .collect(),
        places,
        plan,
        hand_for_hand: t.hand_for_hand,
        deal_quotes,
        penalties,
        results,
        balancing: t.balancing_settings(),
        last_redraw: t.last_redraw.clone(),
        bonus_blinds_taken: reading.started
            && cfg.bonus.is_some_and(|b| {
                cfg.play_level_index(b.until_level.saturating_add(1))
                    .is_some_and(|due| reading.level >= due)
            }),
        bonus_missing: t
            .players
            .values()
            .filter(|p| {
                p.status == PlayerStatus::Playing && p.bonus.0 > 0 && !p.stack_counted && !p.arrived
            })
            .map(|p| p.id)
            .collect(),
        calls: {
            let mut c: Vec<CallView> = t
                .calls
                .iter()
                .map(|(n, at)| CallView {
                    table: *n,
                    at: *at,
                    answered_at: t.calls_answered.get(n).copied(),
                })
                .collect();
            c.sort_by_key(|c| c.at);
            c
        },
        incidents: t
            .incidents
            .iter()
            .enumerate()
            .rev()
            .map(|(i, inc)| {
                let state = crate::rulings::replay(&inc.flow, &inc.answers).ok();
                IncidentView {
                    index: u32::try_from(i).unwrap_or(u32::MAX),
                    table: inc.table,
                    flow: inc.flow.clone(),
                    title: state.as_ref().map(|s| s.title.clone()),
                    rule: inc.rule.clone(),
                    text: state
                        .as_ref()
                        .and_then(|s| s.ruling())
                        .map(|r| r.text.clone()),
                    at: inc.at,
                    tapped_at: inc.tapped_at,
                    overruled: inc.overruled.clone(),
                }
            })
            .collect(),
        events_applied: t.events_applied,
        door: door_view(t, cfg, now),
        finished,
        can_undo: !t.undo.is_empty(),
        undo_last: t.undo.last().map(|latest| undo_view(t, &latest.step)),
        announcements: cfg.announcements,
    })
}

/// Chip-chop and ICM quotes for 2 to [`MAX_DEAL_PLAYERS`](crate::rules::deals::MAX_DEAL_PLAYERS)
/// (20) players left, once play has started and registration is closed (a deal shares a final
/// pool: `deals::decide_deal` refuses one before), while prizes remain. A player with no chips
/// (or a stack not counted yet, which `counted` says) is quoted below everyone with chips.
fn deal_quotes(
    t: &Tournament,
    payouts: &[Cents],
    standings: &[Standing],
    registration_open: bool,
) -> Option<DealQuotes> {
    let left: Vec<&crate::model::state::Player> = t.playing().collect();
    // A deal recorded ends the negotiation (its amounts are the prizes now); before the
    // start or while registration is open the field can still grow (no deal yet).
    if t.deal.is_some()
        || !t.clock.is_started()
        || left.len() < 2
        || left.len() > crate::rules::deals::MAX_DEAL_PLAYERS
        || registration_open
    {
        return None;
    }
    let prizes_left: Vec<Cents> = payouts.iter().take(left.len()).copied().collect();
    let paid: Cents = standings.iter().map(|s| s.prize).sum();
    if prizes_left.is_empty()
        || paid + prizes_left.iter().copied().sum::<Cents>() != t.pool_to_pay()
    {
        return None;
    }
    let stacks: Vec<Chips> = left.iter().map(|p| p.stack).collect();
    // A satellite's tickets are never split: the biggest stacks take them first, and the
    // others share what money is left (the custom of satellite deals).
    let ticket_value = t
        .ticket()
        .filter(|tk| tk.source == crate::model::config::TicketSource::Pool)
        .map(|tk| tk.value);
    let tickets = ticket_value.map_or(0, |v| prizes_left.iter().filter(|p| **p >= v).count());
    let (chip_chop, icm, holders) = if tickets == 0 {
        (
            chip_chop(&stacks, &prizes_left).ok()?,
            icm(&stacks, &prizes_left).ok()?,
            Vec::new(),
        )
    } else {
        tickets_first(&stacks, &prizes_left, tickets)?
    };
    Some(DealQuotes {
        players: left.iter().map(|p| p.id).collect(),
        counted: left.iter().map(|p| p.stack_counted).collect(),
        chip_chop,
        icm,
        stacks,
        prizes_left,
        tickets: holders,
    })
}

/// A satellite deal's quotes: the `tickets` biggest stacks (the lower index first among
/// equals) take the first `tickets` prizes whole; chip chop and ICM share the rest among the
/// others. Answers both quotes and who takes a ticket, in the players' order.
fn tickets_first(
    stacks: &[Chips],
    prizes_left: &[Cents],
    tickets: usize,
) -> Option<(Vec<Cents>, Vec<Cents>, Vec<bool>)> {
    let mut order: Vec<usize> = (0..stacks.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(stacks[i]), i));
    let (takers, others) = order.split_at(tickets.min(order.len()));
    let mut quote = vec![Cents::ZERO; stacks.len()];
    let mut holders = vec![false; stacks.len()];
    for (&i, prize) in takers.iter().zip(prizes_left) {
        quote[i] = *prize;
        holders[i] = true;
    }
    let rest_prizes: Vec<Cents> = prizes_left.iter().skip(takers.len()).copied().collect();
    let rest_stacks: Vec<Chips> = others.iter().map(|&i| stacks[i]).collect();
    let (mut chop, mut by_icm) = (quote.clone(), quote);
    match others {
        // Nothing left to share (the tickets were the whole pool), or nobody to share it.
        _ if rest_prizes.iter().all(|p| *p == Cents::ZERO) => {}
        [] => {}
        [only] => {
            let all: Cents = rest_prizes.iter().copied().sum();
            chop[*only] = all;
            by_icm[*only] = all;
        }
        _ => {
            let c = chip_chop(&rest_stacks, &rest_prizes).ok()?;
            let m = icm(&rest_stacks, &rest_prizes).ok()?;
            for (k, &i) in others.iter().enumerate() {
                chop[i] = c[k];
                by_icm[i] = m[k];
            }
        }
    }
    Some((chop, by_icm, holders))
}

/// Who holds the tournament's tickets. A satellite's ticket goes to every prize (or deal
/// amount) that holds its value, tickets first: the rest is cash (a tie for the last ticket
/// shares its value in cash, as the prizes do); the house's go to the first places.
fn mark_tickets(t: &Tournament, lines: &mut [ResultLine]) {
    let Some(ticket) = t.ticket() else {
        return;
    };
    let places = t.ticket_places();
    for l in lines.iter_mut() {
        l.ticket = match ticket.source {
            crate::model::config::TicketSource::Pool => l.prize >= ticket.value,
            crate::model::config::TicketSource::House { .. } => {
                l.place.is_some_and(|p| p <= places)
            }
        };
    }
}

/// Results per player: those still in first, then by place.
fn results(
    t: &Tournament,
    standings: &[Standing],
    name_of: &dyn Fn(&PlayerId) -> String,
) -> Vec<ResultLine> {
    // The end of play: the winner, or the players of a deal, collect their own heads.
    let finished = t.players_left() == 1 || t.deal_that_ended_play().is_some();
    let mut lines: Vec<ResultLine> = t
        .players
        .values()
        .filter(|p| p.status != PlayerStatus::Unregistered)
        .map(|p| {
            let standing = standings.iter().find(|s| s.player == p.id);
            let deal = t.deal_amount(p.id);
            // The winner of a knock-out (each player of a deal that ended play) collects
            // their own head too.
            let own_head = if finished && p.status == PlayerStatus::Playing {
                p.bounty
            } else {
                Cents::ZERO
            };
            ResultLine {
                player: p.id,
                name: name_of(&p.id),
                place: standing.map(|s| s.place),
                prize: deal.unwrap_or_else(|| standing.map(|s| s.prize).unwrap_or_default()),
                bounties: p.bounty_won + own_head,
                entries: p.entries,
                rebuys: p.rebuys,
                add_ons: p.add_ons,
                paid: p.paid,
                ticket: false,
            }
        })
        .collect();
    mark_tickets(t, &mut lines);
    // Players still in first (no place yet), then by place.
    lines.sort_by_key(|l| l.place.unwrap_or(0));
    lines
}
