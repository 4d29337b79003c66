//! Every reason the core can refuse a command: a stable code with parameters. The pages turn
//! codes into Dutch, French or English (`errors.<CODE>` in `locales/`); codes are never renamed.
//! And [`ApplyError`]: a stored event that does not fit the state it is applied to, i.e. a
//! corrupt log (it never reaches a page; the host logs it with the event's number).

use crate::model::ids::{EntryNo, PlayerId, SeatNo, TableNo, Timestamp};
use crate::model::money::Chips;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use thiserror::Error;

/// A refused command. The state is unchanged whenever one is returned.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum DomainError {
    #[error("invalid configuration: {field}")]
    InvalidConfig { field: String },
    #[error("the tournament has not been created")]
    NotCreated,
    #[error("the tournament already exists")]
    AlreadyCreated,
    #[error("the tournament has already started")]
    AlreadyStarted,
    #[error("the tournament has not started")]
    NotStarted,
    #[error("the tournament is finished")]
    Finished,
    #[error("a player's name is required (1 to 60 characters)")]
    InvalidName,
    #[error("the player must be present in person (PKR4U 14)")]
    NotPresent,
    #[error("unknown player {player}")]
    UnknownPlayer { player: PlayerId },
    #[error("player {player} is not playing")]
    PlayerNotActive { player: PlayerId },
    #[error("player {player} is not busted")]
    PlayerNotBusted { player: PlayerId },
    #[error("registration and re-entry are closed")]
    RegistrationClosed,
    #[error("player {player} has used all {max} entries")]
    MaxEntriesReached { player: PlayerId, max: u16 },
    #[error("no free seat")]
    NoSeatAvailable,
    #[error("unknown table {table}")]
    UnknownTable { table: TableNo },
    #[error("table {table} is not open")]
    TableNotOpen { table: TableNo },
    #[error("seat {seat} at table {table} does not exist")]
    UnknownSeat { table: TableNo, seat: SeatNo },
    #[error("seat {seat} at table {table} is taken")]
    SeatTaken { table: TableNo, seat: SeatNo },
    #[error("player {player} is not at table {table}")]
    NotAtTable { player: PlayerId, table: TableNo },
    #[error("the old seat of player {player} is no longer free")]
    SameSeatTaken { player: PlayerId },
    #[error("nobody was reported busted")]
    EmptyBustReport,
    #[error("player {player} is reported twice")]
    DuplicatePlayer { player: PlayerId },
    #[error("an eliminator of player {player} is missing or invalid")]
    InvalidEliminator { player: PlayerId },
    #[error("the stack at the start of the hand is needed for player {player}")]
    StartStackMissing { player: PlayerId },
    #[error("the last player cannot bust")]
    LastPlayerStanding,
    #[error("the amount {field} is invalid")]
    InvalidAmount { field: String },
    #[error("the clock is not running")]
    ClockNotRunning,
    #[error("the clock is already running")]
    ClockAlreadyRunning,
    #[error("there is no level {level}")]
    UnknownLevel { level: u32 },
    #[error("table {table} cannot be broken: the other tables lack {missing} seats")]
    CannotBreakTable { table: TableNo, missing: u32 },
    #[error("the remaining players do not fit one table")]
    FinalTableNotReady,
    #[error("hand-for-hand is not on")]
    HandForHandOff,
    #[error("event {seq} cannot be corrected")]
    NotCorrectable { seq: u64 },
    #[error("nothing to undo")]
    NothingToUndo,
    #[error("a reason is required")]
    ReasonRequired,
    #[error("the deal does not match the prize money left")]
    InvalidDeal,
    #[error("the stack can only be surrendered during a break (PKR4U 5)")]
    NotDuringBreak,
    #[error("the ruling is not valid: {reason}")]
    InvalidRuling { reason: String },
    #[error("table {table} has not called the director")]
    NoCall { table: TableNo },
    #[error("there is no incident {index}")]
    UnknownIncident { index: u32 },
    #[error("there is no abandoned stack at table {table}, seat {seat}")]
    NoAbandonedStack { table: TableNo, seat: SeatNo },
    #[error("player {player} cannot win the bounty they abandoned (PKR4U 6)")]
    OwnAbandonedBounty { player: PlayerId },
    #[error("player {player} has no hands penalty running")]
    NoHandsPenalty { player: PlayerId },
    #[error("the latest entry of player {player} cannot be cancelled")]
    EntryNotCancellable { player: PlayerId },
    /// A bust whose bounty went onto a winner's head that has since been won in turn:
    /// correct the winner's later bust first.
    #[error("player {player}'s bounty has moved on: winner {winner} was busted since")]
    BountyMovedOn { player: PlayerId, winner: PlayerId },
    #[error("player {player} did not leave early and was not disqualified")]
    PlayerNotOut { player: PlayerId },
    #[error("table {table} is not the table broken last")]
    TableNotReopenable { table: TableNo },
    #[error("level {level} is played or in play: only later levels can change")]
    LevelAlreadyPlayed { level: u32 },
    #[error("the payouts are locked: a paid place is already out")]
    PayoutsLocked,
    /// The structure pays no prizes (a league night): no payout table, no deal.
    #[error("this tournament pays no prizes")]
    NoPayouts,
    /// Seed 000 / FIDPA: a deal shares a final prize pool among the players left; while
    /// registration is open (or before the start) the field and the pool can still grow.
    #[error("a deal waits for the start and the close of registration")]
    DealBeforeFieldFinal,
    /// A recorded deal fixed the field and the money: nobody joins or comes back into play
    /// after it, and once it ended play nobody busts, leaves or moves either.
    #[error("a deal is recorded: the field is fixed")]
    DealRecorded,
    /// A player of the same name (case, accents and spacing aside) is already registered:
    /// the desk confirms it is another person (or takes a re-entry instead).
    #[error("{name} is already registered")]
    NameAlreadyRegistered { player: PlayerId, name: String },
    #[error("no rebuy now: the rebuy period is over, not begun, or not offered")]
    RebuyClosed,
    #[error("player {player}'s stack is above the rebuy limit of {limit} chips")]
    RebuyStackTooBig { player: PlayerId, limit: Chips },
    #[error("player {player} has used all {max} rebuys")]
    MaxRebuysReached { player: PlayerId, max: u16 },
    #[error("this tournament has no double rebuy")]
    DoubleRebuyNotAllowed,
    #[error("the add-on is not on sale now")]
    AddOnClosed,
    #[error("player {player} already bought the add-on")]
    AddOnAlreadyBought { player: PlayerId },
    #[error("player {player}'s latest purchase cannot be cancelled")]
    PurchaseNotCancellable { player: PlayerId },
    /// The door: this name (case, accents and spacing aside) already waits in the queue.
    #[error("{name} is already in the queue")]
    AlreadyInQueue { entry: EntryNo, name: String },
    #[error("the queue is full ({max} waiting)")]
    QueueFull { max: u32 },
    #[error("entry {entry} is not in the queue")]
    NotInQueue { entry: EntryNo },
    /// The seats left go to the queue in order: entry `first` came earlier.
    #[error("entry {first} came first")]
    NotYourTurn { first: EntryNo },
    /// An entry cannot be merged with itself.
    #[error("entry {entry} cannot be merged with itself")]
    MergeSameEntry { entry: EntryNo },
    /// Clearing entries names none, one twice, or more than the queue holds.
    #[error("nothing to clear: name each waiting entry once")]
    NothingToClear,
    /// Sign-ups open at a time the director chose (before the evening).
    #[error("sign-ups open at {}", at.0)]
    SignUpsNotOpen { at: Timestamp },
    /// The director's cap on sign-ups (players in and waiting) is reached.
    #[error("sign-ups are full ({cap})")]
    SignUpsFull { cap: u32 },
}

impl DomainError {
    /// The stable code, e.g. `SEAT_TAKEN`.
    pub fn code(&self) -> &'static str {
        use DomainError::*;
        match self {
            InvalidConfig { .. } => "INVALID_CONFIG",
            NotCreated => "NOT_CREATED",
            AlreadyCreated => "ALREADY_CREATED",
            AlreadyStarted => "ALREADY_STARTED",
            NotStarted => "NOT_STARTED",
            Finished => "FINISHED",
            InvalidName => "INVALID_NAME",
            NotPresent => "NOT_PRESENT",
            UnknownPlayer { .. } => "UNKNOWN_PLAYER",
            PlayerNotActive { .. } => "PLAYER_NOT_ACTIVE",
            PlayerNotBusted { .. } => "PLAYER_NOT_BUSTED",
            RegistrationClosed => "REGISTRATION_CLOSED",
            MaxEntriesReached { .. } => "MAX_ENTRIES_REACHED",
            NoSeatAvailable => "NO_SEAT_AVAILABLE",
            UnknownTable { .. } => "UNKNOWN_TABLE",
            TableNotOpen { .. } => "TABLE_NOT_OPEN",
            UnknownSeat { .. } => "UNKNOWN_SEAT",
            SeatTaken { .. } => "SEAT_TAKEN",
            NotAtTable { .. } => "NOT_AT_TABLE",
            SameSeatTaken { .. } => "SAME_SEAT_TAKEN",
            EmptyBustReport => "EMPTY_BUST_REPORT",
            DuplicatePlayer { .. } => "DUPLICATE_PLAYER",
            InvalidEliminator { .. } => "INVALID_ELIMINATOR",
            StartStackMissing { .. } => "START_STACK_MISSING",
            LastPlayerStanding => "LAST_PLAYER_STANDING",
            InvalidAmount { .. } => "INVALID_AMOUNT",
            ClockNotRunning => "CLOCK_NOT_RUNNING",
            ClockAlreadyRunning => "CLOCK_ALREADY_RUNNING",
            UnknownLevel { .. } => "UNKNOWN_LEVEL",
            CannotBreakTable { .. } => "CANNOT_BREAK_TABLE",
            FinalTableNotReady => "FINAL_TABLE_NOT_READY",
            HandForHandOff => "HAND_FOR_HAND_OFF",
            NotCorrectable { .. } => "NOT_CORRECTABLE",
            NothingToUndo => "NOTHING_TO_UNDO",
            ReasonRequired => "REASON_REQUIRED",
            InvalidDeal => "INVALID_DEAL",
            NotDuringBreak => "NOT_DURING_BREAK",
            InvalidRuling { .. } => "INVALID_RULING",
            UnknownIncident { .. } => "UNKNOWN_INCIDENT",
            NoCall { .. } => "NO_CALL",
            NoAbandonedStack { .. } => "NO_ABANDONED_STACK",
            OwnAbandonedBounty { .. } => "OWN_ABANDONED_BOUNTY",
            NoHandsPenalty { .. } => "NO_HANDS_PENALTY",
            EntryNotCancellable { .. } => "ENTRY_NOT_CANCELLABLE",
            BountyMovedOn { .. } => "BOUNTY_MOVED_ON",
            PlayerNotOut { .. } => "PLAYER_NOT_OUT",
            TableNotReopenable { .. } => "TABLE_NOT_REOPENABLE",
            LevelAlreadyPlayed { .. } => "LEVEL_ALREADY_PLAYED",
            PayoutsLocked => "PAYOUTS_LOCKED",
            NoPayouts => "NO_PAYOUTS",
            DealBeforeFieldFinal => "DEAL_BEFORE_FIELD_FINAL",
            DealRecorded => "DEAL_RECORDED",
            NameAlreadyRegistered { .. } => "NAME_ALREADY_REGISTERED",
            RebuyClosed => "REBUY_CLOSED",
            RebuyStackTooBig { .. } => "REBUY_STACK_TOO_BIG",
            MaxRebuysReached { .. } => "MAX_REBUYS_REACHED",
            DoubleRebuyNotAllowed => "DOUBLE_REBUY_NOT_ALLOWED",
            AddOnClosed => "ADD_ON_CLOSED",
            AddOnAlreadyBought { .. } => "ADD_ON_ALREADY_BOUGHT",
            PurchaseNotCancellable { .. } => "PURCHASE_NOT_CANCELLABLE",
            AlreadyInQueue { .. } => "ALREADY_IN_QUEUE",
            QueueFull { .. } => "QUEUE_FULL",
            NotInQueue { .. } => "NOT_IN_QUEUE",
            NotYourTurn { .. } => "NOT_YOUR_TURN",
            MergeSameEntry { .. } => "MERGE_SAME_ENTRY",
            NothingToClear => "NOTHING_TO_CLEAR",
            SignUpsNotOpen { .. } => "SIGN_UPS_NOT_OPEN",
            SignUpsFull { .. } => "SIGN_UPS_FULL",
        }
    }

    /// The parameters a translated message may interpolate, by name.
    pub fn params(&self) -> BTreeMap<&'static str, String> {
        use DomainError::*;
        let mut p = BTreeMap::new();
        match self {
            InvalidConfig { field } | InvalidAmount { field } => {
                p.insert("field", field.clone());
            }
            InvalidRuling { reason } => {
                p.insert("reason", reason.clone());
            }
            NameAlreadyRegistered { player, name } => {
                p.insert("player", player.0.to_string());
                p.insert("name", name.clone());
            }
            UnknownIncident { index } => {
                p.insert("index", index.to_string());
            }
            UnknownPlayer { player }
            | PlayerNotActive { player }
            | PlayerNotBusted { player }
            | SameSeatTaken { player }
            | DuplicatePlayer { player }
            | InvalidEliminator { player }
            | StartStackMissing { player }
            | OwnAbandonedBounty { player }
            | NoHandsPenalty { player }
            | EntryNotCancellable { player }
            | AddOnAlreadyBought { player }
            | PurchaseNotCancellable { player }
            | PlayerNotOut { player } => {
                p.insert("player", player.0.to_string());
            }
            RebuyStackTooBig { player, limit } => {
                p.insert("player", player.0.to_string());
                p.insert("limit", limit.0.to_string());
            }
            MaxEntriesReached { player, max } | MaxRebuysReached { player, max } => {
                p.insert("player", player.0.to_string());
                p.insert("max", max.to_string());
            }
            UnknownTable { table }
            | TableNotOpen { table }
            | NoCall { table }
            | TableNotReopenable { table } => {
                p.insert("table", table.0.to_string());
            }
            UnknownSeat { table, seat }
            | SeatTaken { table, seat }
            | NoAbandonedStack { table, seat } => {
                p.insert("table", table.0.to_string());
                p.insert("seat", seat.0.to_string());
            }
            BountyMovedOn { player, winner } => {
                p.insert("player", player.0.to_string());
                p.insert("winner", winner.0.to_string());
            }
            NotAtTable { player, table } => {
                p.insert("player", player.0.to_string());
                p.insert("table", table.0.to_string());
            }
            UnknownLevel { level } | LevelAlreadyPlayed { level } => {
                p.insert("level", level.to_string());
            }
            CannotBreakTable { table, missing } => {
                p.insert("table", table.0.to_string());
                p.insert("missing", missing.to_string());
            }
            NotCorrectable { seq } => {
                p.insert("seq", seq.to_string());
            }
            AlreadyInQueue { entry, name } => {
                p.insert("entry", entry.0.to_string());
                p.insert("name", name.clone());
            }
            QueueFull { max } => {
                p.insert("max", max.to_string());
            }
            SignUpsNotOpen { at } => {
                p.insert("at", at.0.to_string());
            }
            SignUpsFull { cap } => {
                p.insert("cap", cap.to_string());
            }
            NotInQueue { entry } | NotYourTurn { first: entry } | MergeSameEntry { entry } => {
                p.insert("entry", entry.0.to_string());
            }
            _ => {}
        }
        p
    }

    /// Every code, for the test that each has a message in every language.
    pub const ALL_CODES: &'static [&'static str] = &[
        "INVALID_CONFIG",
        "NOT_CREATED",
        "ALREADY_CREATED",
        "ALREADY_STARTED",
        "NOT_STARTED",
        "FINISHED",
        "INVALID_NAME",
        "NOT_PRESENT",
        "UNKNOWN_PLAYER",
        "PLAYER_NOT_ACTIVE",
        "PLAYER_NOT_BUSTED",
        "REGISTRATION_CLOSED",
        "MAX_ENTRIES_REACHED",
        "NO_SEAT_AVAILABLE",
        "UNKNOWN_TABLE",
        "TABLE_NOT_OPEN",
        "UNKNOWN_SEAT",
        "SEAT_TAKEN",
        "NOT_AT_TABLE",
        "SAME_SEAT_TAKEN",
        "EMPTY_BUST_REPORT",
        "DUPLICATE_PLAYER",
        "INVALID_ELIMINATOR",
        "START_STACK_MISSING",
        "LAST_PLAYER_STANDING",
        "INVALID_AMOUNT",
        "CLOCK_NOT_RUNNING",
        "CLOCK_ALREADY_RUNNING",
        "UNKNOWN_LEVEL",
        "CANNOT_BREAK_TABLE",
        "FINAL_TABLE_NOT_READY",
        "HAND_FOR_HAND_OFF",
        "NOT_CORRECTABLE",
        "NOTHING_TO_UNDO",
        "REASON_REQUIRED",
        "INVALID_DEAL",
        "NOT_DURING_BREAK",
        "INVALID_RULING",
        "UNKNOWN_INCIDENT",
        "NO_CALL",
        "NO_ABANDONED_STACK",
        "OWN_ABANDONED_BOUNTY",
        "NO_HANDS_PENALTY",
        "ENTRY_NOT_CANCELLABLE",
        "BOUNTY_MOVED_ON",
        "PLAYER_NOT_OUT",
        "TABLE_NOT_REOPENABLE",
        "LEVEL_ALREADY_PLAYED",
        "PAYOUTS_LOCKED",
        "NO_PAYOUTS",
        "DEAL_BEFORE_FIELD_FINAL",
        "DEAL_RECORDED",
        "NAME_ALREADY_REGISTERED",
        "REBUY_CLOSED",
        "REBUY_STACK_TOO_BIG",
        "MAX_REBUYS_REACHED",
        "DOUBLE_REBUY_NOT_ALLOWED",
        "ADD_ON_CLOSED",
        "ADD_ON_ALREADY_BOUGHT",
        "PURCHASE_NOT_CANCELLABLE",
        "ALREADY_IN_QUEUE",
        "QUEUE_FULL",
        "NOT_IN_QUEUE",
        "NOT_YOUR_TURN",
        "MERGE_SAME_ENTRY",
        "NOTHING_TO_CLEAR",
        "SIGN_UPS_NOT_OPEN",
        "SIGN_UPS_FULL",
    ];
}

/// A stored event that does not fit the state it is applied to: the log is corrupt (edited by
/// hand, cut short, or written by rules this core no longer has). `decide` only ever writes
/// events that fit, so a host that meets one refuses that log rather than guess. The state is
/// unchanged whenever one is returned.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ApplyError {
    /// An event before the tournament's creation.
    #[error("the tournament is not created yet")]
    NotCreated,
    /// A second creation.
    #[error("the tournament was already created")]
    AlreadyCreated,
    #[error("player {player} is unknown")]
    UnknownPlayer { player: PlayerId },
    #[error("player {player} is already registered")]
    PlayerExists { player: PlayerId },
    #[error("table {table} is unknown")]
    UnknownTable { table: TableNo },
    #[error("no abandoned stack at table {table}, seat {seat}")]
    NoAbandonedStack { table: TableNo, seat: SeatNo },
    #[error("penalty {index} is unknown")]
    UnknownPenalty { index: u32 },
    #[error("incident {index} is unknown")]
    UnknownIncident { index: u32 },
    #[error("player {player} has no re-entry to cancel")]
    NoReEntry { player: PlayerId },
    #[error("player {player} has no rebuy or add-on to cancel")]
    NoPurchase { player: PlayerId },
    #[error("queue entry {entry} was given before")]
    QueueEntryGiven { entry: EntryNo },
    #[error("queue entry {entry} is not waiting")]
    NotWaiting { entry: EntryNo },
    /// An undo that does not name the latest action that can be undone.
    #[error("event {seq} is not the latest action that can be undone")]
    NotTheLatestAction { seq: u64 },
    /// An undo whose players or seats do not fit the state.
    #[error("the action cannot be taken back here: {why}")]
    CannotTakeBack { why: &'static str },
}

#[cfg(test)]
mod tests {
    use super::DomainError;

    /// `ALL_CODES` is written by hand; every code `code()` can answer must be in it, or that
    /// code's message would go unchecked. (Read from this file's own `code()`.)
    #[test]
    fn every_code_is_listed_in_all_codes() {
        let source = include_str!("error.rs");
        let body = source
            .split("pub fn code(&self) -> &'static str {")
            .nth(1)
            .and_then(|rest| rest.split("\n    }\n").next())
            .expect("code() in error.rs");
        let codes: Vec<&str> = body
            .split("=> \"")
            .skip(1)
            .filter_map(|s| s.split('"').next())
            .collect();
        assert!(codes.len() > 40, "read {} codes", codes.len());
        for code in codes {
            assert!(
                DomainError::ALL_CODES.contains(&code),
                "{code} is not in ALL_CODES"
            );
        }
    }
}
