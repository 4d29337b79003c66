//! Events: past-tense facts that record outcomes (the seat drawn, the clock's absolute end,
//! every bounty paid), so that `apply` never recomputes and replay never re-rolls.
//! Every variant has an explicit serde name: the stored log must survive refactors.

use crate::model::clock::{Clock, ClockChange};
use crate::model::config::{Config, Level};
use crate::model::ids::{EntryNo, PlayerId, SeatNo, Sender, TableNo, Timestamp};
use crate::model::money::{Cents, Chips};
pub use crate::model::payment::{Payment, PaymentMethod};
pub use crate::model::seats::{MoveReason, Place, SeatMove, StackMove};
pub use crate::model::state::{BountyPaid, BustOutcome, PenaltyKind};
use serde::{Deserialize, Serialize};

/// Everything that can happen to a tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type")]
pub enum Event {
    #[serde(rename = "tournament_created")]
    TournamentCreated { config: Config },
    #[serde(rename = "config_changed")]
    ConfigChanged { config: Config },
    /// The blind structure from now on (the levels played are unchanged).
    #[serde(rename = "structure_changed")]
    StructureChanged { levels: Vec<Level> },
    #[serde(rename = "table_opened")]
    TableOpened { table: TableNo },
    #[serde(rename = "player_registered")]
    PlayerRegistered {
        player: PlayerId,
        name: String,
        payment: Payment,
        bonus: Chips,
        at: Timestamp,
    },
    /// PKR4U 11 / 29: a busted player bought in again (`same_seat`: option A).
    #[serde(rename = "player_reentered")]
    PlayerReEntered {
        player: PlayerId,
        payment: Payment,
        bonus: Chips,
        same_seat: bool,
        at: Timestamp,
    },
    #[serde(rename = "seat_drawn")]
    SeatDrawn { player: PlayerId, seat: Place },
    #[serde(rename = "player_unregistered")]
    PlayerUnregistered { player: PlayerId, refund: Payment },
    /// One hand at one table: who busted, who won their bounty. `h4h_hand` is the
    /// hand-for-hand hand number when that was on (busts in the same one share places).
    #[serde(rename = "busts_recorded")]
    BustsRecorded {
        table: TableNo,
        #[serde(default)]
        h4h_hand: Option<u32>,
        busts: Vec<BustOutcome>,
        at: Timestamp,
    },
    /// A wrongly reported bust undone: the player is back in their seat, bounties reversed.
    #[serde(rename = "player_revived")]
    PlayerRevived {
        player: PlayerId,
        seat: Place,
        reason: String,
        /// The bounty payments of the bust, taken back.
        bounties_reversed: Vec<BountyPaid>,
        /// The bounty back on the revived player's head.
        bounty: Cents,
    },
    #[serde(rename = "clock_changed")]
    ClockChanged {
        change: ClockChange,
        clock: Clock,
        at: Timestamp,
    },
    #[serde(rename = "registration_closed")]
    RegistrationClosed { at: Timestamp },
    #[serde(rename = "button_set")]
    ButtonSet { table: TableNo, seat: SeatNo },
    #[serde(rename = "player_moved")]
    PlayerMoved {
        movement: SeatMove,
        reason: MoveReason,
    },
    #[serde(rename = "table_broken")]
    TableBroken {
        table: TableNo,
        moves: Vec<SeatMove>,
        /// PKR4U 6: abandoned stacks of the broken table, drawn to seats like players.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        abandoned_moves: Vec<StackMove>,
    },
    /// FIDPA: everyone redraws at the final table; the button starts on seat 1.
    #[serde(rename = "final_table_drawn")]
    FinalTableDrawn {
        table: TableNo,
        moves: Vec<SeatMove>,
        button: SeatNo,
        /// PKR4U 6: abandoned stacks still blinding off redraw too.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        abandoned_moves: Vec<StackMove>,
    },
    #[serde(rename = "chips_counted")]
    ChipsCounted {
        player: PlayerId,
        chips: Chips,
        at: Timestamp,
    },
    /// FIDPA: leaves early; takes the place and prize of the next bust.
    #[serde(rename = "player_left_early")]
    PlayerLeftEarly { player: PlayerId, at: Timestamp },
    /// TDA 33 / PKR4U 15: out, chips removed.
    #[serde(rename = "player_disqualified")]
    PlayerDisqualified {
        player: PlayerId,
        reason: String,
        at: Timestamp,
    },
    #[serde(rename = "penalty_given")]
    PenaltyGiven {
        player: PlayerId,
        penalty: PenaltyKind,
        reason: String,
        at: Timestamp,
    },
    #[serde(rename = "hand_for_hand_set")]
    HandForHandSet { on: bool },
    #[serde(rename = "hand_finished")]
    HandFinished { table: TableNo },
    /// PKR4U 5 / 6: the stack is given up during a break for a re-entry. In a bounty event
    /// (PKR4U 6) the stack stays at `abandoned_at` and blinds off; elsewhere it is removed.
    #[serde(rename = "stack_surrendered")]
    StackSurrendered {
        player: PlayerId,
        at: Timestamp,
        #[serde(default)]
        abandoned_at: Option<Place>,
    },
    /// PKR4U 6: an abandoned stack paid its last chip; its bounty went into that pot and to
    /// whoever won it (never its former owner).
    #[serde(rename = "abandoned_stack_gone")]
    AbandonedStackGone {
        place: Place,
        owner: PlayerId,
        bounties: Vec<BountyPaid>,
    },
    #[serde(rename = "balancing_set")]
    BalancingSet { automatic: bool, trigger: u8 },
    /// PKR4U 4: a player sat out one more hand of a hands penalty (told by the table, or
    /// counted from a hand-for-hand "hand finished").
    #[serde(rename = "penalty_hand_served")]
    PenaltyHandServed { player: PlayerId },
    /// The director's payout table, locked in.
    #[serde(rename = "payouts_set")]
    PayoutsSet { amounts: Vec<Cents> },
    #[serde(rename = "player_arrived")]
    PlayerArrived { player: PlayerId },
    /// The director took back the latest action that can be undone, the event numbered
    /// `seq`, with a reason (history is kept). What taking it back needs is the state's own
    /// record of that action (`Tournament::undo`), rebuilt by replay: the event holds no state.
    #[serde(rename = "action_undone")]
    ActionUndone { seq: u64, reason: String },
    /// Logs written before golden log v7: the step taken back, stored with the state it
    /// needed, read through a frozen type of its own.
    #[serde(rename = "undone")]
    Undone {
        step: crate::log::legacy::LegacyUndoStep,
        reason: String,
    },
    #[serde(rename = "director_called")]
    DirectorCalled { table: TableNo, at: Timestamp },
    /// With `at`: the director answered, on the way (the call stays, marked answered then).
    /// Without: the call is closed (done, or taken back by the table); a log written before
    /// calls were answered in two steps has only these, and an answer closed the call then.
    #[serde(rename = "call_answered")]
    CallAnswered {
        table: TableNo,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<Timestamp>,
    },
    /// A ruling from a guided flow, with everything needed to show it again.
    #[serde(rename = "ruling_recorded")]
    RulingRecorded {
        table: Option<TableNo>,
        flow: String,
        answers: Vec<crate::model::incident::Answer>,
        leaf: String,
        rule: String,
        at: Timestamp,
        /// When the table or the director tapped it, when the command came later (logs
        /// written before kept only `at`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tapped_at: Option<Timestamp>,
        /// The ruling closes the table's call: only once the director answered it (has seen
        /// it), so a table recording its own ruling never hides its call from the console.
        /// Logs written before always closed it.
        #[serde(default = "closes_call_before", skip_serializing_if = "is_true")]
        closes_call: bool,
    },
    #[serde(rename = "registration_reopened")]
    RegistrationReopened { reason: String },
    #[serde(rename = "penalty_rescinded")]
    PenaltyRescinded { index: u32, reason: String },
    #[serde(rename = "player_renamed")]
    PlayerRenamed { player: PlayerId, name: String },
    #[serde(rename = "ruling_overruled")]
    RulingOverruled { incident: u32, reason: String },
    /// A re-entry bought by mistake, refunded; the player is out again at the earlier bust.
    #[serde(rename = "entry_cancelled")]
    EntryCancelled {
        player: PlayerId,
        refund: Payment,
        reason: String,
        at: Timestamp,
    },
    /// An early leave or a disqualification taken back: the player plays on at `seat`.
    #[serde(rename = "player_reinstated")]
    PlayerReinstated {
        player: PlayerId,
        seat: Place,
        reason: String,
    },
    /// A table broken too early opens again; `moves` take its players back.
    #[serde(rename = "table_reopened")]
    TableReopened {
        table: TableNo,
        moves: Vec<SeatMove>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        abandoned_moves: Vec<StackMove>,
        reason: String,
    },
    /// A rebuy (`rebuys` 2 for a double one): `chips` onto the stack, `payment` its whole
    /// price. `stack_before`: the stack the table told, when it did. A busted player back in
    /// play takes the old seat (`same_seat`) or the seat drawn next.
    #[serde(rename = "rebuy_bought")]
    RebuyBought {
        player: PlayerId,
        payment: Payment,
        rebuys: u16,
        chips: Chips,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stack_before: Option<Chips>,
        same_seat: bool,
        at: Timestamp,
    },
    #[serde(rename = "add_on_bought")]
    AddOnBought {
        player: PlayerId,
        payment: Payment,
        chips: Chips,
        at: Timestamp,
    },
    #[serde(rename = "rebuy_requested")]
    RebuyRequested { player: PlayerId, at: Timestamp },
    #[serde(rename = "rebuy_cancelled")]
    RebuyCancelled {
        player: PlayerId,
        refund: Payment,
        rebuys: u16,
        chips: Chips,
        reason: String,
        at: Timestamp,
    },
    #[serde(rename = "add_on_cancelled")]
    AddOnCancelled {
        player: PlayerId,
        refund: Payment,
        chips: Chips,
        reason: String,
        at: Timestamp,
    },
    /// A busted player asked the desk for a re-entry (nothing bought yet).
    #[serde(rename = "re_entry_requested")]
    ReEntryRequested { player: PlayerId, at: Timestamp },
    /// The door: a player joined the queue (nothing in the tournament changes).
    #[serde(rename = "signed_up")]
    SignedUp {
        entry: EntryNo,
        name: String,
        method: PaymentMethod,
        at: Timestamp,
        /// The machine it came from, where the server knew it (logs before issue X: none).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sender: Option<Sender>,
    },
    /// The door: an entry left the queue without being admitted.
    #[serde(rename = "left_queue")]
    LeftQueue { entry: EntryNo },
    /// The door: `merged` was the same player as `keep`, who stands in the earlier of the two
    /// places; a phone holding `merged` follows `keep`.
    #[serde(rename = "queue_entries_merged")]
    QueueEntriesMerged { keep: EntryNo, merged: EntryNo },
    /// The door: the entry became this player, registered by the events just before.
    #[serde(rename = "admitted")]
    Admitted { entry: EntryNo, player: PlayerId },
    /// A deal agreed; `to_play_for` (left out when 0, as in logs from before it existed) goes
    /// to the winner on top of their deal amount.
    #[serde(rename = "deal_recorded")]
    DealRecorded {
        amounts: Vec<(PlayerId, Cents)>,
        note: String,
        /// When the deal was recorded: play ends then (absent in logs written before).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<Timestamp>,
        #[serde(default, skip_serializing_if = "Cents::is_zero")]
        to_play_for: Cents,
    },
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
