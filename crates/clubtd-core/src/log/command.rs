//! Commands: what someone asks the tournament to do, in the imperative. `decide` turns each
//! into events or a typed refusal. `Ctx` brings the time and a random seed from the host.

use crate::log::error::DomainError;
use crate::log::event::Event;
use crate::model::config::{Config, Level};
use crate::model::ids::{EntryNo, PlayerId, SeatNo, Sender, TableNo, Timestamp};
use crate::model::money::{Cents, Chips};
use crate::model::payment::PaymentMethod;
use crate::model::seats::{MoveReason, Place};
use crate::model::state::PenaltyKind;
use crate::model::state::Tournament;
use serde::{Deserialize, Serialize};

/// How a command is decided: implemented by the rule module that owns the command. A refusal
/// is a typed error; deciding never changes the state.
pub(crate) trait DecideCommand {
    fn decide(&self, t: &Tournament, cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError>;
}

/// Declares `Command`, each variant holding the payload struct of its own name, and hands
/// each command to that struct's `DecideCommand`: a new command is its struct and one line in
/// `commands!`.
macro_rules! commands {
    ($( $(#[$meta:meta])* $name:ident, )*) => {
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
        #[serde(tag = "type")]
        /// Everything that can be asked of a tournament: one payload struct per command (the
        /// variant's own name), decided by the rule module that owns it.
        pub enum Command {
            $( $(#[$meta])* $name($name), )*
        }

        impl Command {
            /// Decides the command through the rule module that owns it.
            pub(crate) fn decide_with(
                &self,
                t: &Tournament,
                cfg: &Config,
                ctx: Ctx,
            ) -> Result<Vec<Event>, DomainError> {
                match self {
                    $( Command::$name(c) => DecideCommand::decide(c, t, cfg, ctx), )*
                }
            }
        }

        $(
            impl From<$name> for Command {
                fn from(c: $name) -> Command {
                    Command::$name(c)
                }
            }
        )*
    };
}

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

// Everything that can be asked of a tournament: one payload struct per command, decided by
// the rule module that owns it (`impl DecideCommand for …`).
commands! {
    #[serde(rename = "create_tournament")]
    CreateTournament,
    #[serde(rename = "change_config")]
    ChangeConfig,
    #[serde(rename = "change_structure")]
    ChangeStructure,
    #[serde(rename = "register_player")]
    RegisterPlayer,
    #[serde(rename = "unregister_player")]
    UnregisterPlayer,
    #[serde(rename = "re_enter")]
    ReEnter,
    #[serde(rename = "report_busts")]
    ReportBusts,
    #[serde(rename = "revive_player")]
    RevivePlayer,
    #[serde(rename = "start_clock")]
    StartClock,
    #[serde(rename = "pause_clock")]
    PauseClock,
    #[serde(rename = "resume_clock")]
    ResumeClock,
    #[serde(rename = "adjust_clock")]
    AdjustClock,
    #[serde(rename = "jump_to_level")]
    JumpToLevel,
    #[serde(rename = "close_registration")]
    CloseRegistration,
    #[serde(rename = "set_button")]
    SetButton,
    #[serde(rename = "move_player")]
    MovePlayer,
    #[serde(rename = "break_table")]
    BreakTable,
    #[serde(rename = "draw_final_table")]
    DrawFinalTable,
    #[serde(rename = "report_chips")]
    ReportChips,
    #[serde(rename = "leave_early")]
    LeaveEarly,
    #[serde(rename = "disqualify")]
    Disqualify,
    #[serde(rename = "give_penalty")]
    GivePenalty,
    #[serde(rename = "set_hand_for_hand")]
    SetHandForHand,
    #[serde(rename = "finish_hand")]
    FinishHand,
    #[serde(rename = "surrender_stack")]
    SurrenderStack,
    #[serde(rename = "abandoned_stack_gone")]
    ReportAbandonedStackGone,
    #[serde(rename = "set_balancing")]
    SetBalancing,
    #[serde(rename = "penalty_hand_served")]
    ReportPenaltyHandServed,
    #[serde(rename = "set_payouts")]
    SetPayouts,
    #[serde(rename = "report_table_chips")]
    ReportTableChips,
    #[serde(rename = "confirm_arrival")]
    ConfirmArrival,
    #[serde(rename = "undo_last")]
    UndoLast,
    #[serde(rename = "call_director")]
    CallDirector,
    #[serde(rename = "answer_call")]
    AnswerCall,
    #[serde(rename = "cancel_call")]
    CancelCall,
    #[serde(rename = "record_ruling")]
    RecordRuling,
    #[serde(rename = "rescind_penalty")]
    RescindPenalty,
    #[serde(rename = "reopen_registration")]
    ReopenRegistration,
    #[serde(rename = "rename_player")]
    RenamePlayer,
    #[serde(rename = "overrule_ruling")]
    OverruleRuling,
    #[serde(rename = "cancel_entry")]
    CancelEntry,
    #[serde(rename = "reinstate_player")]
    ReinstatePlayer,
    #[serde(rename = "reopen_table")]
    ReopenTable,
    #[serde(rename = "rebuy")]
    Rebuy,
    #[serde(rename = "add_on")]
    AddOn,
    #[serde(rename = "request_rebuy")]
    RequestRebuy,
    #[serde(rename = "cancel_rebuy")]
    CancelRebuy,
    #[serde(rename = "cancel_add_on")]
    CancelAddOn,
    #[serde(rename = "request_re_entry")]
    RequestReEntry,
    #[serde(rename = "sign_up")]
    SignUp,
    #[serde(rename = "leave_queue")]
    LeaveQueue,
    #[serde(rename = "merge_queue_entries")]
    MergeQueueEntries,
    #[serde(rename = "clear_queue_entries")]
    ClearQueueEntries,
    #[serde(rename = "admit")]
    Admit,
    #[serde(rename = "record_deal")]
    RecordDeal,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CreateTournament {
    pub config: Config,
}

/// Before the start only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ChangeConfig {
    pub config: Config,
}

/// The blind structure, at any time: before the start every level may change; once the
/// clock runs, the levels played and the one in play stay as they are.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ChangeStructure {
    pub levels: Vec<Level>,
}

/// PKR4U 14: `present` is the director's confirmation that the player stands at the desk.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RegisterPlayer {
    pub name: String,
    pub method: PaymentMethod,
    pub present: bool,
    /// The desk confirmed that a name already in the tournament (compared as the desk's
    /// search compares: case, accents and spacing aside) is another person.
    #[serde(default)]
    pub same_name_confirmed: bool,
}

/// Before the start: the player gets their money back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UnregisterPlayer {
    pub player: PlayerId,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReEnter {
    pub player: PlayerId,
    pub option: ReEntryOption,
    pub method: PaymentMethod,
    pub present: bool,
}

/// PKR4U 12: a table reports one hand's busts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReportBusts {
    pub table: TableNo,
    pub busts: Vec<BustReport>,
}

/// A wrong bust report undone (the player returns to the seat they had).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RevivePlayer {
    pub player: PlayerId,
    pub reason: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StartClock {}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PauseClock {}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ResumeClock {}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AdjustClock {
    pub delta_seconds: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct JumpToLevel {
    pub level_index: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CloseRegistration {}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SetButton {
    pub table: TableNo,
    pub seat: SeatNo,
}

/// Carries out a balancing move (or a director's move).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MovePlayer {
    pub player: PlayerId,
    pub to: Place,
    pub reason: MoveReason,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BreakTable {
    pub table: TableNo,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DrawFinalTable {}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReportChips {
    pub player: PlayerId,
    pub chips: Chips,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LeaveEarly {
    pub player: PlayerId,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Disqualify {
    pub player: PlayerId,
    pub reason: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GivePenalty {
    pub player: PlayerId,
    pub penalty: PenaltyKind,
    pub reason: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SetHandForHand {
    pub on: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FinishHand {
    pub table: TableNo,
}

/// PKR4U 5: during a break, give up the stack to re-enter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SurrenderStack {
    pub player: PlayerId,
}

/// PKR4U 6: the abandoned stack at this seat paid its last chip; `winners` took the pot
/// (and with it the stack's bounty, anted with the last chip).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReportAbandonedStackGone {
    pub table: TableNo,
    pub seat: SeatNo,
    pub winners: Vec<PlayerId>,
}

/// TDA 25: how balancing runs from now on. `automatic`: the tables see their moves at
/// once and confirm them; otherwise the director confirms each move first. `trigger`:
/// the difference between the largest and smallest table that calls for a move (the
/// director tightens it as the field shrinks).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SetBalancing {
    pub automatic: bool,
    pub trigger: u8,
}

/// PKR4U 4: the table played a hand while this player sat out a hands penalty.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReportPenaltyHandServed {
    pub table: TableNo,
    pub player: PlayerId,
}

/// The director edits the payout table: after registration closes (the pool is known) and
/// until a paid place is out (nobody's prize changes after it is paid).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SetPayouts {
    pub amounts: Vec<Cents>,
}

/// Chip counts for several players at once (a table at a break).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReportTableChips {
    pub table: TableNo,
    pub counts: Vec<(PlayerId, Chips)>,
}

/// PKR4U 18: the table confirms a (bonus) player's stack is at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ConfirmArrival {
    pub player: PlayerId,
}

/// Takes back the latest action (a bust report, a move, a button, a count, a clock
/// change, a penalty), with a reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UndoLast {
    pub reason: String,
}

/// A table calls the director (PKR4U 1: the director rules).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CallDirector {
    pub table: TableNo,
}

/// The director answers a table's call: the first answer says "on the way" (the call
/// stays, marked answered), the second says "done" and closes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AnswerCall {
    pub table: TableNo,
}

/// A table takes back its own call (called by mistake, or settled at the table).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CancelCall {
    pub table: TableNo,
}

/// A guided ruling reached its end: recorded as an incident with its answers. When it
/// names the player at fault, its penalty or disqualification is given with it (one
/// decision, one log entry); a table may record rulings but only the director sanctions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RecordRuling {
    pub table: Option<TableNo>,
    pub flow: String,
    pub answers: Vec<crate::model::incident::Answer>,
    #[serde(default)]
    pub player: Option<PlayerId>,
}

/// Takes back a penalty given by mistake, with the reason (the log keeps both).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RescindPenalty {
    pub index: u32,
    pub reason: String,
}

/// Takes back a registration closed by mistake, with the reason (the late-registration
/// deadline of the configuration still applies).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReopenRegistration {
    pub reason: String,
}

/// Corrects a misspelt name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RenamePlayer {
    pub player: PlayerId,
    pub name: String,
}

/// PKR4U 1 / TDA 1: the director overrules a recorded ruling, with the reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct OverruleRuling {
    pub incident: u32,
    pub reason: String,
}

/// A re-entry bought by mistake: refunded, and the player is back at the bust it
/// followed (place included). Only while that entry has won nothing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CancelEntry {
    pub player: PlayerId,
    pub reason: String,
}

/// An early leave (FIDPA) or a disqualification (TDA 33) taken back: the player returns
/// with the chips taken out, to the old seat when it is still free.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReinstatePlayer {
    pub player: PlayerId,
    pub reason: String,
}

/// The table broken last was broken too early: it opens again and its players (and
/// abandoned stacks) who still sit where the break sent them go back to their seats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReopenTable {
    pub table: TableNo,
    pub reason: String,
}

/// A rebuy paid at the desk (`double`: two at once, where allowed). A player still in may
/// tell their stack as the table counts it (else the latest known stack is checked
/// against the limit); a busted one is seated again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Rebuy {
    pub player: PlayerId,
    #[serde(default)]
    pub double: bool,
    #[serde(default)]
    pub stack: Option<Chips>,
    pub method: PaymentMethod,
    pub present: bool,
}

/// The add-on, paid at the desk during its break.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AddOn {
    pub player: PlayerId,
    pub method: PaymentMethod,
    pub present: bool,
}

/// A table asks the desk for a player's rebuy (the desk takes the money).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RequestRebuy {
    pub player: PlayerId,
}

/// The player's latest rebuy, bought by mistake: refunded, its chips out of the stack (a
/// rebuy after a bust puts the player back out at that bust).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CancelRebuy {
    pub player: PlayerId,
    pub reason: String,
}

/// The player's add-on, bought by mistake: refunded, its chips out of the stack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CancelAddOn {
    pub player: PlayerId,
    pub reason: String,
}

/// Issue T: a busted player asks the desk for a re-entry from their personal page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RequestReEntry {
    pub player: PlayerId,
}

/// The door: a player joins the queue from their phone, saying how they will pay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SignUp {
    pub name: String,
    pub method: PaymentMethod,
}

/// The door: the player leaves the queue, or the desk takes the entry out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LeaveQueue {
    pub entry: EntryNo,
}

/// The door: the desk finds one player signed up twice (two phones, two spellings): the
/// two entries become one, `keep`'s name and payment in the earlier of the two places.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MergeQueueEntries {
    pub keep: EntryNo,
    pub merged: EntryNo,
}

/// The door: the desk takes several entries out at once (a selection), all or none; with
/// `same_sender`, each with every entry waiting from the machine it came from (one
/// laptop's flood of junk names in one action).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ClearQueueEntries {
    pub entries: Vec<EntryNo>,
    #[serde(default)]
    pub same_sender: bool,
}

/// The door: the desk took the money (`method`: how it was paid in the end); the entry is
/// registered and its seat drawn (PKR4U 14: the player is at the desk).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Admit {
    pub entry: EntryNo,
    pub method: PaymentMethod,
    /// As for a registration: the desk confirmed a namesake already in is another person.
    #[serde(default)]
    pub same_name_confirmed: bool,
}

/// Seed 000 / FIDPA: the deal the players left agreed; `to_play_for` (default 0) is an
/// amount they leave on the table, which the winner of the rest takes on top of their own
/// deal amount (0: the deal ends play).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RecordDeal {
    pub amounts: Vec<(PlayerId, Cents)>,
    pub note: String,
    #[serde(default)]
    pub to_play_for: Cents,
}
