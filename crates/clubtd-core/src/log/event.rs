//! Events: past-tense facts that record outcomes (the seat drawn, the clock's absolute end,
//! every bounty paid), so that `apply` never recomputes and replay never re-rolls.
//! Every variant has an explicit serde name: the stored log must survive refactors.

use crate::log::error::ApplyError;
use crate::model::clock::{Clock, ClockChange};
use crate::model::config::{Config, Level};
use crate::model::ids::{EntryNo, PlayerId, SeatNo, Sender, TableNo, Timestamp};
use crate::model::money::{Cents, Chips};
pub use crate::model::payment::{Payment, PaymentMethod};
pub use crate::model::seats::{MoveReason, Place, SeatMove, StackMove};
use crate::model::state::Tournament;
pub use crate::model::state::{BountyPaid, BustOutcome, PenaltyKind};
use serde::{Deserialize, Serialize};

/// How an event changes the state: implemented by the rule module that decides the event,
/// beside its `decide`. An event that does not fit changes nothing and says why.
pub(crate) trait ApplyEvent {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError>;
}

/// Declares `Event`, each variant holding the payload struct of its own name, and hands each
/// event to that struct's `ApplyEvent`: a new event is its struct and one line in `events!`.
macro_rules! events {
    ($( $(#[$meta:meta])* $name:ident, )*) => {
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
        #[serde(tag = "type")]
        /// Everything that can happen to a tournament: one payload struct per event (the
        /// variant's own name), applied by the rule module that decides it.
        pub enum Event {
            $( $(#[$meta])* $name($name), )*
        }

        impl Event {
            /// Applies the event through the rule module that owns it.
            pub(crate) fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
                match self {
                    $( Event::$name(e) => ApplyEvent::apply_to(e, t), )*
                }
            }
        }

        $(
            impl From<$name> for Event {
                fn from(e: $name) -> Event {
                    Event::$name(e)
                }
            }
        )*
    };
}

// Everything that can happen to a tournament: one payload struct per event, applied by the
// rule module that decides it (`impl ApplyEvent for …` beside its `decide`).
events! {
    #[serde(rename = "tournament_created")]
    TournamentCreated,
    #[serde(rename = "config_changed")]
    ConfigChanged,
    #[serde(rename = "structure_changed")]
    StructureChanged,
    #[serde(rename = "table_opened")]
    TableOpened,
    #[serde(rename = "player_registered")]
    PlayerRegistered,
    #[serde(rename = "player_reentered")]
    PlayerReEntered,
    #[serde(rename = "seat_drawn")]
    SeatDrawn,
    #[serde(rename = "player_unregistered")]
    PlayerUnregistered,
    #[serde(rename = "busts_recorded")]
    BustsRecorded,
    #[serde(rename = "player_revived")]
    PlayerRevived,
    #[serde(rename = "clock_changed")]
    ClockChanged,
    #[serde(rename = "registration_closed")]
    RegistrationClosed,
    #[serde(rename = "button_set")]
    ButtonSet,
    #[serde(rename = "player_moved")]
    PlayerMoved,
    #[serde(rename = "table_broken")]
    TableBroken,
    #[serde(rename = "final_table_drawn")]
    FinalTableDrawn,
    #[serde(rename = "chips_counted")]
    ChipsCounted,
    #[serde(rename = "player_left_early")]
    PlayerLeftEarly,
    #[serde(rename = "player_disqualified")]
    PlayerDisqualified,
    #[serde(rename = "penalty_given")]
    PenaltyGiven,
    #[serde(rename = "hand_for_hand_set")]
    HandForHandSet,
    #[serde(rename = "hand_finished")]
    HandFinished,
    #[serde(rename = "stack_surrendered")]
    StackSurrendered,
    #[serde(rename = "abandoned_stack_gone")]
    AbandonedStackGone,
    #[serde(rename = "balancing_set")]
    BalancingSet,
    #[serde(rename = "penalty_hand_served")]
    PenaltyHandServed,
    #[serde(rename = "payouts_set")]
    PayoutsSet,
    #[serde(rename = "player_arrived")]
    PlayerArrived,
    #[serde(rename = "action_undone")]
    ActionUndone,
    #[serde(rename = "undone")]
    Undone,
    #[serde(rename = "director_called")]
    DirectorCalled,
    #[serde(rename = "call_answered")]
    CallAnswered,
    #[serde(rename = "ruling_recorded")]
    RulingRecorded,
    #[serde(rename = "registration_reopened")]
    RegistrationReopened,
    #[serde(rename = "penalty_rescinded")]
    PenaltyRescinded,
    #[serde(rename = "player_renamed")]
    PlayerRenamed,
    #[serde(rename = "ruling_overruled")]
    RulingOverruled,
    #[serde(rename = "entry_cancelled")]
    EntryCancelled,
    #[serde(rename = "player_reinstated")]
    PlayerReinstated,
    #[serde(rename = "table_reopened")]
    TableReopened,
    #[serde(rename = "rebuy_bought")]
    RebuyBought,
    #[serde(rename = "add_on_bought")]
    AddOnBought,
    #[serde(rename = "rebuy_requested")]
    RebuyRequested,
    #[serde(rename = "rebuy_cancelled")]
    RebuyCancelled,
    #[serde(rename = "add_on_cancelled")]
    AddOnCancelled,
    #[serde(rename = "re_entry_requested")]
    ReEntryRequested,
    #[serde(rename = "signed_up")]
    SignedUp,
    #[serde(rename = "left_queue")]
    LeftQueue,
    #[serde(rename = "queue_entries_merged")]
    QueueEntriesMerged,
    #[serde(rename = "admitted")]
    Admitted,
    #[serde(rename = "deal_recorded")]
    DealRecorded,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TournamentCreated {
    pub config: Config,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ConfigChanged {
    pub config: Config,
}

/// The blind structure from now on (the levels played are unchanged).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StructureChanged {
    pub levels: Vec<Level>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TableOpened {
    pub table: TableNo,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayerRegistered {
    pub player: PlayerId,
    pub name: String,
    pub payment: Payment,
    pub bonus: Chips,
    pub at: Timestamp,
}

/// PKR4U 11 / 29: a busted player bought in again (`same_seat`: option A).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayerReEntered {
    pub player: PlayerId,
    pub payment: Payment,
    pub bonus: Chips,
    pub same_seat: bool,
    pub at: Timestamp,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SeatDrawn {
    pub player: PlayerId,
    pub seat: Place,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayerUnregistered {
    pub player: PlayerId,
    pub refund: Payment,
}

/// One hand at one table: who busted, who won their bounty. `h4h_hand` is the
/// hand-for-hand hand number when that was on (busts in the same one share places).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BustsRecorded {
    pub table: TableNo,
    #[serde(default)]
    pub h4h_hand: Option<u32>,
    pub busts: Vec<BustOutcome>,
    pub at: Timestamp,
}

/// A wrongly reported bust undone: the player is back in their seat, bounties reversed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayerRevived {
    pub player: PlayerId,
    pub seat: Place,
    pub reason: String,
    /// The bounty payments of the bust, taken back.
    pub bounties_reversed: Vec<BountyPaid>,
    /// The bounty back on the revived player's head.
    pub bounty: Cents,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ClockChanged {
    pub change: ClockChange,
    pub clock: Clock,
    pub at: Timestamp,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RegistrationClosed {
    pub at: Timestamp,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ButtonSet {
    pub table: TableNo,
    pub seat: SeatNo,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayerMoved {
    pub movement: SeatMove,
    pub reason: MoveReason,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TableBroken {
    pub table: TableNo,
    pub moves: Vec<SeatMove>,
    /// PKR4U 6: abandoned stacks of the broken table, drawn to seats like players.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abandoned_moves: Vec<StackMove>,
}

/// FIDPA: everyone redraws at the final table; the button starts on seat 1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FinalTableDrawn {
    pub table: TableNo,
    pub moves: Vec<SeatMove>,
    pub button: SeatNo,
    /// PKR4U 6: abandoned stacks still blinding off redraw too.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abandoned_moves: Vec<StackMove>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ChipsCounted {
    pub player: PlayerId,
    pub chips: Chips,
    pub at: Timestamp,
}

/// FIDPA: leaves early; takes the place and prize of the next bust.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayerLeftEarly {
    pub player: PlayerId,
    pub at: Timestamp,
}

/// TDA 33 / PKR4U 15: out, chips removed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayerDisqualified {
    pub player: PlayerId,
    pub reason: String,
    pub at: Timestamp,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PenaltyGiven {
    pub player: PlayerId,
    pub penalty: PenaltyKind,
    pub reason: String,
    pub at: Timestamp,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HandForHandSet {
    pub on: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HandFinished {
    pub table: TableNo,
}

/// PKR4U 5 / 6: the stack is given up during a break for a re-entry. In a bounty event
/// (PKR4U 6) the stack stays at `abandoned_at` and blinds off; elsewhere it is removed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StackSurrendered {
    pub player: PlayerId,
    pub at: Timestamp,
    #[serde(default)]
    pub abandoned_at: Option<Place>,
}

/// PKR4U 6: an abandoned stack paid its last chip; its bounty went into that pot and to
/// whoever won it (never its former owner).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AbandonedStackGone {
    pub place: Place,
    pub owner: PlayerId,
    pub bounties: Vec<BountyPaid>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BalancingSet {
    pub automatic: bool,
    pub trigger: u8,
}

/// PKR4U 4: a player sat out one more hand of a hands penalty (told by the table, or
/// counted from a hand-for-hand "hand finished").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PenaltyHandServed {
    pub player: PlayerId,
}

/// The director's payout table, locked in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PayoutsSet {
    pub amounts: Vec<Cents>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayerArrived {
    pub player: PlayerId,
}

/// The director took back the latest action that can be undone, the event numbered
/// `seq`, with a reason (history is kept). What taking it back needs is the state's own
/// record of that action (`Tournament::undo`), rebuilt by replay: the event holds no state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ActionUndone {
    pub seq: u64,
    pub reason: String,
}

/// Logs written before golden log v7: the step taken back, stored with the state it
/// needed, read through a frozen type of its own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Undone {
    pub step: crate::log::legacy::LegacyUndoStep,
    pub reason: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DirectorCalled {
    pub table: TableNo,
    pub at: Timestamp,
}

/// With `at`: the director answered, on the way (the call stays, marked answered then).
/// Without: the call is closed (done, or taken back by the table); a log written before
/// calls were answered in two steps has only these, and an answer closed the call then.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CallAnswered {
    pub table: TableNo,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Timestamp>,
}

/// A ruling from a guided flow, with everything needed to show it again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RulingRecorded {
    pub table: Option<TableNo>,
    pub flow: String,
    pub answers: Vec<crate::model::incident::Answer>,
    pub leaf: String,
    pub rule: String,
    pub at: Timestamp,
    /// When the table or the director tapped it, when the command came later (logs
    /// written before kept only `at`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tapped_at: Option<Timestamp>,
    /// The ruling closes the table's call: only once the director answered it (has seen
    /// it), so a table recording its own ruling never hides its call from the console.
    /// Logs written before always closed it.
    #[serde(default = "closes_call_before", skip_serializing_if = "is_true")]
    pub closes_call: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RegistrationReopened {
    pub reason: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PenaltyRescinded {
    pub index: u32,
    pub reason: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayerRenamed {
    pub player: PlayerId,
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RulingOverruled {
    pub incident: u32,
    pub reason: String,
}

/// A re-entry bought by mistake, refunded; the player is out again at the earlier bust.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EntryCancelled {
    pub player: PlayerId,
    pub refund: Payment,
    pub reason: String,
    pub at: Timestamp,
}

/// An early leave or a disqualification taken back: the player plays on at `seat`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayerReinstated {
    pub player: PlayerId,
    pub seat: Place,
    pub reason: String,
}

/// A table broken too early opens again; `moves` take its players back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TableReopened {
    pub table: TableNo,
    pub moves: Vec<SeatMove>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abandoned_moves: Vec<StackMove>,
    pub reason: String,
}

/// A rebuy (`rebuys` 2 for a double one): `chips` onto the stack, `payment` its whole
/// price. `stack_before`: the stack the table told, when it did. A busted player back in
/// play takes the old seat (`same_seat`) or the seat drawn next.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RebuyBought {
    pub player: PlayerId,
    pub payment: Payment,
    pub rebuys: u16,
    pub chips: Chips,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stack_before: Option<Chips>,
    pub same_seat: bool,
    pub at: Timestamp,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AddOnBought {
    pub player: PlayerId,
    pub payment: Payment,
    pub chips: Chips,
    pub at: Timestamp,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RebuyRequested {
    pub player: PlayerId,
    pub at: Timestamp,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RebuyCancelled {
    pub player: PlayerId,
    pub refund: Payment,
    pub rebuys: u16,
    pub chips: Chips,
    pub reason: String,
    pub at: Timestamp,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AddOnCancelled {
    pub player: PlayerId,
    pub refund: Payment,
    pub chips: Chips,
    pub reason: String,
    pub at: Timestamp,
}

/// A busted player asked the desk for a re-entry (nothing bought yet).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReEntryRequested {
    pub player: PlayerId,
    pub at: Timestamp,
}

/// The door: a player joined the queue (nothing in the tournament changes).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SignedUp {
    pub entry: EntryNo,
    pub name: String,
    pub method: PaymentMethod,
    pub at: Timestamp,
    /// The machine it came from, where the server knew it (logs before issue X: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sender: Option<Sender>,
}

/// The door: an entry left the queue without being admitted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LeftQueue {
    pub entry: EntryNo,
}

/// The door: `merged` was the same player as `keep`, who stands in the earlier of the two
/// places; a phone holding `merged` follows `keep`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct QueueEntriesMerged {
    pub keep: EntryNo,
    pub merged: EntryNo,
}

/// The door: the entry became this player, registered by the events just before.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Admitted {
    pub entry: EntryNo,
    pub player: PlayerId,
}

/// A deal agreed; `to_play_for` (left out when 0, as in logs from before it existed) goes
/// to the winner on top of their deal amount.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DealRecorded {
    pub amounts: Vec<(PlayerId, Cents)>,
    pub note: String,
    /// When the deal was recorded: play ends then (absent in logs written before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Timestamp>,
    #[serde(default, skip_serializing_if = "Cents::is_zero")]
    pub to_play_for: Cents,
}

/// `RulingRecorded::closes_call` in a log written before it was kept: a ruling closed the call.
fn closes_call_before() -> bool {
    true
}

/// Leaves `closes_call` out when it says what old logs meant, so they keep their bytes.
fn is_true(b: &bool) -> bool {
    *b
}

#[cfg(test)]
mod tests {
    use super::PaymentMethod;

    #[test]
    fn a_payment_methods_code_is_its_stored_name() {
        for m in PaymentMethod::ALL {
            assert_eq!(serde_json::to_value(m).unwrap(), m.code());
            assert_eq!(PaymentMethod::from_code(m.code()), Some(m));
        }
        assert_eq!(PaymentMethod::from_code("cheque"), None);
    }
}
