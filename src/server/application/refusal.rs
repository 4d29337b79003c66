//! The one refusal type of the application layer: every way a request can be turned down,
//! each with its stable code and parameters. Both front doors answer with these codes (the
//! pages in a `CommandReply` or a server function's error, the JSON API in problem details),
//! so the same input gets the same code wherever it comes from; only the transport (HTTP
//! status, envelope) differs.

use crate::domain::DomainError;
use std::collections::BTreeMap;

/// Why a request was not carried out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// No tournament was named and the club has none to show.
    #[error("there is no tournament yet")]
    NoTournament,
    /// The named thing (a tournament, a player) does not exist.
    #[error("no such {0}")]
    NotFound(&'static str),
    /// No valid credential came with the request.
    #[error("send a director session, a Bearer API token or a table's key")]
    Unauthenticated,
    /// The credential is valid but may not do this (now).
    #[error("this credential may not do this")]
    Forbidden,
    /// A client-made command id that is empty or longer than 64 characters.
    #[error("command_id must be 1 to 64 characters")]
    InvalidCommandId,
    /// The command id already answered a different command; nothing changed.
    #[error("this command_id was already used for another command")]
    CommandIdReused,
    /// Too many sign-ups from one address in a short time (the door is anonymous).
    #[error("too many sign-ups from this address; try again in {seconds} s")]
    TooManySignUps { seconds: u64 },
    /// The rules of the game refused the command; nothing changed.
    #[error("{0}")]
    Rules(DomainError),
    /// A merge of a club player into themself.
    #[error("choose two different club players")]
    SameClubPlayer,
    /// The club player is not (any more) in the club's list.
    #[error("no such club player")]
    UnknownClubPlayer,
    /// A name that is empty, too long or only invisible characters.
    #[error("the name is empty or too long")]
    InvalidName,
    /// Another club player already has this name (merge the two if they are one person).
    #[error("another club player has this name")]
    ClubNameTaken,
    /// A points rule a club cannot mean; `field` is the part at fault.
    #[error("the points rule cannot be used ({field})")]
    InvalidPointsRule { field: &'static str },
    /// A chip set a club cannot own; `row` is the denomination at fault (1-based; 0: too many).
    #[error("chip {row} cannot be used")]
    InvalidChipSet { row: usize },
    /// An API token's label that is empty or longer than `max` characters.
    #[error("label must be 1 to {max} characters")]
    InvalidLabel { max: usize },
    /// An imported event log that is not a tournament's, does not replay, or replays to an
    /// impossible tournament; nothing was made.
    #[error("{why}")]
    InvalidLog { why: String },
    /// The server's disk is full: nothing was written. The same command sent again once
    /// space is freed is carried out (the server recovers by itself).
    #[error("the server's disk is full: nothing was written; free some space and send it again")]
    DiskFull,
    /// The server itself failed; the cause is in the log under this id.
    #[error("internal error {0}")]
    Internal(uuid::Uuid),
}

impl Refusal {
    /// A failure of the server itself: logged here with a fresh id, which is all the caller
    /// learns (no database text ever reaches a page).
    pub fn internal(e: impl std::fmt::Display) -> Refusal {
        let id = uuid::Uuid::new_v4();
        tracing::error!(error_id = %id, "{e}");
        Refusal::Internal(id)
    }

    /// The refusal as the pages' doors give it (server functions, exports, the backup): a
    /// page has no credential to send but the director's session, so a caller without one is
    /// refused as forbidden (403 `UNAUTHORIZED`), not asked to sign in as the API asks.
    pub fn for_pages(self) -> Refusal {
        match self {
            Refusal::Unauthenticated => Refusal::Forbidden,
            other => other,
        }
    }

    /// The stable code (never renamed; pages translate it, clients match on it).
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::NoTournament => "NOT_CREATED",
            Refusal::NotFound(_) => "NOT_FOUND",
            Refusal::Unauthenticated => "UNAUTHENTICATED",
            Refusal::Forbidden => "UNAUTHORIZED",
            Refusal::InvalidCommandId => "INVALID_COMMAND_ID",
            Refusal::CommandIdReused => "COMMAND_ID_REUSED",
            Refusal::TooManySignUps { .. } => "TOO_MANY_SIGN_UPS",
            Refusal::SameClubPlayer => "SAME_CLUB_PLAYER",
            Refusal::UnknownClubPlayer => "UNKNOWN_CLUB_PLAYER",
            Refusal::InvalidName => "INVALID_NAME",
            Refusal::ClubNameTaken => "CLUB_NAME_TAKEN",
            Refusal::InvalidPointsRule { .. } => "INVALID_POINTS_RULE",
            Refusal::InvalidChipSet { .. } => "INVALID_CHIP_SET",
            Refusal::InvalidLabel { .. } => "INVALID_LABEL",
            Refusal::InvalidLog { .. } => "INVALID_LOG",
            Refusal::DiskFull => "DISK_FULL",
            Refusal::Rules(e) => e.code(),
            Refusal::Internal(_) => "INTERNAL",
        }
    }

    /// The code's parameters, by name.
    pub fn params(&self) -> BTreeMap<String, String> {
        match self {
            Refusal::Rules(e) => e
                .params()
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
            Refusal::NotFound(what) => BTreeMap::from([("what".to_string(), what.to_string())]),
            Refusal::TooManySignUps { seconds } => {
                BTreeMap::from([("seconds".to_string(), seconds.to_string())])
            }
            Refusal::InvalidPointsRule { field } => {
                BTreeMap::from([("field".to_string(), field.to_string())])
            }
            Refusal::InvalidChipSet { row } => {
                BTreeMap::from([("row".to_string(), row.to_string())])
            }
            Refusal::InvalidLabel { max } => BTreeMap::from([("max".to_string(), max.to_string())]),
            Refusal::InvalidLog { why } => BTreeMap::from([("why".to_string(), why.clone())]),
            _ => BTreeMap::new(),
        }
    }
}

impl From<&Refusal> for crate::protocol::Refused {
    fn from(r: &Refusal) -> crate::protocol::Refused {
        crate::protocol::Refused {
            code: r.code().to_string(),
            params: r.params(),
        }
    }
}

impl From<DomainError> for Refusal {
    fn from(e: DomainError) -> Refusal {
        Refusal::Rules(e)
    }
}
