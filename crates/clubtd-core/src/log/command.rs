//! Commands: what someone asks the tournament to do, in the imperative. `decide` turns each
//! into events or a typed refusal. `Ctx` brings the time and a random seed from the host.

use crate::model::config::{Config, Level};
use crate::model::ids::{EntryNo, PlayerId, SeatNo, Sender, TableNo, Timestamp};
use crate::model::money::{Cents, Chips};
use crate::model::payment::PaymentMethod;
use crate::model::seats::{MoveReason, Place};
use crate::model::state::PenaltyKind;
use serde::{Deserialize, Serialize};

/// What the host supplies to every decision: the core reads no clock and draws no entropy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Ctx {
    pub now: Timestamp,
    pub seed: u64,
    /// When the person tapped, on the host's clock (a device's outbox may deliver a command
    /// minutes later); kept where the log shows both times, as on a ruling.
    #[serde(default)]
    pub tapped_at: Option<Timestamp>,
    /// The machine the command came from, where the host knows it (a sign-up keeps it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sender: Option<Sender>,
}

/// PKR4U 11 / 29: how a busted player re-enters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum ReEntryOption {
    /// (A) keep the same seat and play the very next hand.
    #[serde(rename = "same_seat")]
    SameSeat,
    /// (B) a new random seat.
    #[serde(rename = "new_seat")]
    NewSeat,
}

/// One player out in a reported hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BustReport {
    pub player: PlayerId,
    /// Who won the pot (several for a split pot); needed for bounties.
    #[serde(default)]
    pub eliminators: Vec<PlayerId>,
    /// Stack at the start of the hand; required when two or more bust in one hand.
    #[serde(default)]
    pub start_stack: Option<Chips>,
}

/// Everything that can be asked of a tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type")]
pub enum Command {
    #[serde(rename = "create_tournament")]
    CreateTournament { config: Config },
    /// Before the start only.
    #[serde(rename = "change_config")]
    ChangeConfig { config: Config },
    /// The blind structure, at any time: before the start every level may change; once the
    /// clock runs, the levels played and the one in play stay as they are.
    #[serde(rename = "change_structure")]
    ChangeStructure { levels: Vec<Level> },
    /// PKR4U 14: `present` is the director's confirmation that the player stands at the desk.
    #[serde(rename = "register_player")]
    RegisterPlayer {
        name: String,
        method: PaymentMethod,
        present: bool,
        /// The desk confirmed that a name already in the tournament (compared as the desk's
        /// search compares: case, accents and spacing aside) is another person.
        #[serde(default)]
        same_name_confirmed: bool,
    },
    /// Before the start: the player gets their money back.
    #[serde(rename = "unregister_player")]
    UnregisterPlayer { player: PlayerId },
    #[serde(rename = "re_enter")]
    ReEnter {
        player: PlayerId,
        option: ReEntryOption,
        method: PaymentMethod,
        present: bool,
    },
    /// PKR4U 12: a table reports one hand's busts.
    #[serde(rename = "report_busts")]
    ReportBusts {
        table: TableNo,
        busts: Vec<BustReport>,
    },
    /// A wrong bust report undone (the player returns to the seat they had).
    #[serde(rename = "revive_player")]
    RevivePlayer { player: PlayerId, reason: String },
    #[serde(rename = "start_clock")]
    StartClock,
    #[serde(rename = "pause_clock")]
    PauseClock,
    #[serde(rename = "resume_clock")]
    ResumeClock,
    #[serde(rename = "adjust_clock")]
    AdjustClock { delta_seconds: i64 },
    #[serde(rename = "jump_to_level")]
    JumpToLevel { level_index: u32 },
    #[serde(rename = "close_registration")]
    CloseRegistration,
    #[serde(rename = "set_button")]
    SetButton { table: TableNo, seat: SeatNo },
    /// Carries out a balancing move (or a director's move).
    #[serde(rename = "move_player")]
    MovePlayer {
        player: PlayerId,
        to: Place,
        reason: MoveReason,
    },
    #[serde(rename = "break_table")]
    BreakTable { table: TableNo },
    #[serde(rename = "draw_final_table")]
    DrawFinalTable,
    #[serde(rename = "report_chips")]
    ReportChips { player: PlayerId, chips: Chips },
    #[serde(rename = "leave_early")]
    LeaveEarly { player: PlayerId },
    #[serde(rename = "disqualify")]
    Disqualify { player: PlayerId, reason: String },
    #[serde(rename = "give_penalty")]
    GivePenalty {
        player: PlayerId,
        penalty: PenaltyKind,
        reason: String,
    },
    #[serde(rename = "set_hand_for_hand")]
    SetHandForHand { on: bool },
    #[serde(rename = "finish_hand")]
    FinishHand { table: TableNo },
    /// PKR4U 5: during a break, give up the stack to re-enter.
    #[serde(rename = "surrender_stack")]
    SurrenderStack { player: PlayerId },
    /// PKR4U 6: the abandoned stack at this seat paid its last chip; `winners` took the pot
    /// (and with it the stack's bounty, anted with the last chip).
    #[serde(rename = "abandoned_stack_gone")]
    AbandonedStackGone {
        table: TableNo,
        seat: SeatNo,
        winners: Vec<PlayerId>,
    },
    /// TDA 25: how balancing runs from now on. `automatic`: the tables see their moves at
    /// once and confirm them; otherwise the director confirms each move first. `trigger`:
    /// the difference between the largest and smallest table that calls for a move (the
    /// director tightens it as the field shrinks).
    #[serde(rename = "set_balancing")]
    SetBalancing { automatic: bool, trigger: u8 },
    /// PKR4U 4: the table played a hand while this player sat out a hands penalty.
    #[serde(rename = "penalty_hand_served")]
    PenaltyHandServed { table: TableNo, player: PlayerId },
    /// The director edits the payout table: after registration closes (the pool is known) and
    /// until a paid place is out (nobody's prize changes after it is paid).
    #[serde(rename = "set_payouts")]
    SetPayouts { amounts: Vec<Cents> },
    /// Chip counts for several players at once (a table at a break).
    #[serde(rename = "report_table_chips")]
    ReportTableChips {
        table: TableNo,
        counts: Vec<(PlayerId, Chips)>,
    },
    /// PKR4U 18: the table confirms a (bonus) player's stack is at the table.
    #[serde(rename = "confirm_arrival")]
    ConfirmArrival { player: PlayerId },
    /// Takes back the latest action (a bust report, a move, a button, a count, a clock
    /// change, a penalty), with a reason.
    #[serde(rename = "undo_last")]
    UndoLast { reason: String },
    /// A table calls the director (PKR4U 1: the director rules).
    #[serde(rename = "call_director")]
    CallDirector { table: TableNo },
    /// The director answers a table's call: the first answer says "on the way" (the call
    /// stays, marked answered), the second says "done" and closes it.
    #[serde(rename = "answer_call")]
    AnswerCall { table: TableNo },
    /// A table takes back its own call (called by mistake, or settled at the table).
    #[serde(rename = "cancel_call")]
    CancelCall { table: TableNo },
    /// A guided ruling reached its end: recorded as an incident with its answers. When it
    /// names the player at fault, its penalty or disqualification is given with it (one
    /// decision, one log entry); a table may record rulings but only the director sanctions.
    #[serde(rename = "record_ruling")]
    RecordRuling {
        table: Option<TableNo>,
        flow: String,
        answers: Vec<crate::model::incident::Answer>,
        #[serde(default)]
        player: Option<PlayerId>,
    },
    /// Takes back a penalty given by mistake, with the reason (the log keeps both).
    #[serde(rename = "rescind_penalty")]
    RescindPenalty { index: u32, reason: String },
    /// Takes back a registration closed by mistake, with the reason (the late-registration
    /// deadline of the configuration still applies).
    #[serde(rename = "reopen_registration")]
    ReopenRegistration { reason: String },
    /// Corrects a misspelt name.
    #[serde(rename = "rename_player")]
    RenamePlayer { player: PlayerId, name: String },
    /// PKR4U 1 / TDA 1: the director overrules a recorded ruling, with the reason.
    #[serde(rename = "overrule_ruling")]
    OverruleRuling { incident: u32, reason: String },
    /// A re-entry bought by mistake: refunded, and the player is back at the bust it
    /// followed (place included). Only while that entry has won nothing.
    #[serde(rename = "cancel_entry")]
    CancelEntry { player: PlayerId, reason: String },
    /// An early leave (FIDPA) or a disqualification (TDA 33) taken back: the player returns
    /// with the chips taken out, to the old seat when it is still free.
    #[serde(rename = "reinstate_player")]
    ReinstatePlayer { player: PlayerId, reason: String },
    /// The table broken last was broken too early: it opens again and its players (and
    /// abandoned stacks) who still sit where the break sent them go back to their seats.
    #[serde(rename = "reopen_table")]
    ReopenTable { table: TableNo, reason: String },
    /// A rebuy paid at the desk (`double`: two at once, where allowed). A player still in may
    /// tell their stack as the table counts it (else the latest known stack is checked
    /// against the limit); a busted one is seated again.
    #[serde(rename = "rebuy")]
    Rebuy {
        player: PlayerId,
        #[serde(default)]
        double: bool,
        #[serde(default)]
        stack: Option<Chips>,
        method: PaymentMethod,
        present: bool,
    },
    /// The add-on, paid at the desk during its break.
    #[serde(rename = "add_on")]
    AddOn {
        player: PlayerId,
        method: PaymentMethod,
        present: bool,
    },
    /// A table asks the desk for a player's rebuy (the desk takes the money).
    #[serde(rename = "request_rebuy")]
    RequestRebuy { player: PlayerId },
    /// The player's latest rebuy, bought by mistake: refunded, its chips out of the stack (a
    /// rebuy after a bust puts the player back out at that bust).
    #[serde(rename = "cancel_rebuy")]
    CancelRebuy { player: PlayerId, reason: String },
    /// The player's add-on, bought by mistake: refunded, its chips out of the stack.
    #[serde(rename = "cancel_add_on")]
    CancelAddOn { player: PlayerId, reason: String },
    /// Issue T: a busted player asks the desk for a re-entry from their personal page.
    #[serde(rename = "request_re_entry")]
    RequestReEntry { player: PlayerId },
    /// The door: a player joins the queue from their phone, saying how they will pay.
    #[serde(rename = "sign_up")]
    SignUp { name: String, method: PaymentMethod },
    /// The door: the player leaves the queue, or the desk takes the entry out.
    #[serde(rename = "leave_queue")]
    LeaveQueue { entry: EntryNo },
    /// The door: the desk finds one player signed up twice (two phones, two spellings): the
    /// two entries become one, `keep`'s name and payment in the earlier of the two places.
    #[serde(rename = "merge_queue_entries")]
    MergeQueueEntries { keep: EntryNo, merged: EntryNo },
    /// The door: the desk takes several entries out at once (a selection), all or none; with
    /// `same_sender`, each with every entry waiting from the machine it came from (one
    /// laptop's flood of junk names in one action).
    #[serde(rename = "clear_queue_entries")]
    ClearQueueEntries {
        entries: Vec<EntryNo>,
        #[serde(default)]
        same_sender: bool,
    },
    /// The door: the desk took the money (`method`: how it was paid in the end); the entry is
    /// registered and its seat drawn (PKR4U 14: the player is at the desk).
    #[serde(rename = "admit")]
    Admit {
        entry: EntryNo,
        method: PaymentMethod,
        /// As for a registration: the desk confirmed a namesake already in is another person.
        #[serde(default)]
        same_name_confirmed: bool,
    },
    /// Seed 000 / FIDPA: the deal the players left agreed; `to_play_for` (default 0) is an
    /// amount they leave on the table, which the winner of the rest takes on top of their own
    /// deal amount (0: the deal ends play).
    #[serde(rename = "record_deal")]
    RecordDeal {
        amounts: Vec<(PlayerId, Cents)>,
        note: String,
        #[serde(default)]
        to_play_for: Cents,
    },
}
