//! Tournament configuration: money, chips, windows, tables, blind structure, payouts, bounties.
//! Validated once when set, so every rule module can trust it.

use crate::model::ids::{TableNo, Timestamp};
use crate::model::money::{Cents, Chips};
use serde::{Deserialize, Serialize};

/// How a bounty is paid (none, fixed knock-out, progressive knock-out).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum BountyKind {
    /// No bounties.
    #[default]
    #[serde(rename = "none")]
    None,
    /// The eliminator takes the whole bounty in cash.
    #[serde(rename = "fixed")]
    Fixed,
    /// PKO: half to the eliminator in cash, half onto the eliminator's own head.
    #[serde(rename = "progressive")]
    Progressive,
}

/// How the ante is posted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum AnteKind {
    /// The big blind posts one ante for the whole table.
    #[default]
    #[serde(rename = "big_blind_ante")]
    BigBlindAnte,
    /// Every player posts the ante.
    #[serde(rename = "classic")]
    Classic,
}

/// One step of the blind structure: a level of play or a break.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind")]
pub enum Level {
    /// A level of play; TDA 18: it applies from the next hand.
    #[serde(rename = "play")]
    Play {
        small_blind: Chips,
        big_blind: Chips,
        /// The full ante (PKR4U 16 halves it at short tables).
        ante: Chips,
        minutes: u32,
    },
    /// A break; `colour_up` names the chip denomination that leaves play (TDA 2).
    #[serde(rename = "break")]
    Break {
        minutes: u32,
        #[serde(default)]
        colour_up: Option<Chips>,
    },
}

impl Level {
    /// Length of the level in milliseconds.
    pub fn duration_ms(&self) -> i64 {
        let minutes = match self {
            Level::Play { minutes, .. } | Level::Break { minutes, .. } => *minutes,
        };
        i64::from(minutes) * 60_000
    }
    /// True for a break.
    pub fn is_break(&self) -> bool {
        matches!(self, Level::Break { .. })
    }
}

/// Until when late registration and re-entry stay open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind")]
pub enum LateRegistration {
    /// Until the end of play level `level` (1-based, breaks not counted), optionally
    /// through the break that follows it.
    #[serde(rename = "until_level")]
    UntilLevel { level: u16, through_break: bool },
    /// Until the director closes it.
    #[serde(rename = "until_closed")]
    UntilClosed,
}

/// PKR4U 18: bonus chips for entries made before the end of a given play level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Bonus {
    pub chips: Chips,
    /// Entries made up to the end of this play level (1-based) get the bonus.
    pub until_level: u16,
}

/// Rebuys: more chips bought during the rebuy period by a player who busted or whose stack is
/// at or below a limit, beside (not instead of) re-entries. A rebuy is not an entry: the field
/// for the payout table stays the entries, the pool grows by the rebuys' prize parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RebuyRule {
    /// The rebuy period ends with this play level (1-based, breaks not counted) ...
    #[cfg_attr(feature = "openapi", schema(minimum = 1))]
    pub until_level: u16,
    /// ... or with the break that follows it.
    #[serde(default)]
    pub through_break: bool,
    /// The rebuy period is the late registration's instead: rebuys are sold while a new
    /// player may still enter, and end when it closes (by its level or by the director).
    /// `until_level` is then not read. Clubs run both ways.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub with_late_registration: bool,
    /// A player still in may rebuy with a stack at or below this (0: only once busted).
    #[serde(default)]
    pub stack_at_most: Chips,
    /// Rebuys per player (a double rebuy counts two); `None` is unlimited.
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 65535))]
    pub max_per_player: Option<u16>,
    pub chips: Chips,
    pub prize_part: Cents,
    pub house_fee: Cents,
    /// Onto the player's head, where bounties run (0 elsewhere).
    #[serde(default)]
    pub bounty_part: Cents,
    /// Two rebuys at once (twice the chips for twice the price).
    #[serde(default)]
    pub double: bool,
}

impl RebuyRule {
    /// What one rebuy costs the player.
    pub fn price(&self) -> Cents {
        self.prize_part + self.house_fee + self.bounty_part
    }
}

/// The add-on: once per player still in, chips for a price, sold during the break after a
/// play level (usually the end of the rebuy period).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AddOnRule {
    /// Sold during the break that follows this play level (1-based); that break must exist.
    #[cfg_attr(feature = "openapi", schema(minimum = 1))]
    pub after_level: u16,
    pub chips: Chips,
    pub prize_part: Cents,
    pub house_fee: Cents,
}

impl AddOnRule {
    /// What the add-on costs the player.
    pub fn price(&self) -> Cents {
        self.prize_part + self.house_fee
    }
}

/// A prize in kind (issue P): a seat in a named tournament (a satellite's prize) or a voucher,
/// with the money it is worth. A ticket is never split: a shared place or a deal gives it
/// whole, to one player, before any money is shared ("tickets first").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TicketPrize {
    /// What the ticket is for, as printed: "Main Event 12/12", "Bon Poker Café".
    pub name: String,
    /// What one ticket is worth (a seat: the target tournament's buy-in).
    pub value: Cents,
    pub kind: TicketKind,
    pub source: TicketSource,
}

/// A seat in a tournament, or a voucher to spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum TicketKind {
    Seat,
    Voucher,
}

/// Who pays for the tickets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TicketSource {
    /// A satellite: the prize pool buys as many tickets as it can (never more than the
    /// entries); those places win one each, and what is left of the pool goes in cash to
    /// the next place. The payout structure is not used.
    Pool,
    /// The house adds a ticket to each of the first `places` places, beside their prize
    /// money (which the payout structure computes as usual).
    House { places: u16 },
}

/// The payout table: for fields up to `max_entries`, the share of each paid place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PayoutBracket {
    pub max_entries: u32,
    /// Share of the prize pool per place, in basis points (1/100 %), first place first.
    pub shares_bp: Vec<u32>,
}

/// How prizes are computed from the pool.
///
/// Stored configurations from before `mode` existed have only `brackets` and `rounding`: they
/// read as [`PayoutMode::Table`], the fixed table they always were, and a table is written
/// without `mode`, so those configurations also write back byte for byte.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PayoutStructure {
    /// Brackets by field size, smallest first; the last one also serves larger fields. Only
    /// [`PayoutMode::Table`] reads them (the other modes may leave them empty).
    pub brackets: Vec<PayoutBracket>,
    /// Prizes are multiples of this (e.g. 500 = 5 euro); the remainder goes to first place.
    pub rounding: Cents,
    /// Which kind of structure: the fixed table (the default), a generated curve, or none.
    #[serde(default, skip_serializing_if = "PayoutMode::is_table")]
    pub mode: PayoutMode,
}

/// The kinds of payout structure clubs use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind")]
pub enum PayoutMode {
    /// The fixed table of [`PayoutStructure::brackets`].
    #[default]
    #[serde(rename = "table")]
    Table,
    /// A share of the field is paid, on a generated top-heavy curve (see
    /// `rules::payouts::curve_prizes`); with a `min_cash`, every paid place gets at least that
    /// (rounded up to the rounding unit) when the pool allows it.
    #[serde(rename = "curve")]
    Curve {
        /// Places paid as a share of the entries, in basis points (1000 = 10 %), 100..=10000;
        /// rounded half up, at least one place, never more places than entries.
        #[cfg_attr(feature = "openapi", schema(minimum = 100, maximum = 10000))]
        paid_share_bp: u32,
        /// The least any paid place gets (0: no minimum beyond one rounding unit).
        #[serde(default)]
        min_cash: Cents,
    },
    /// No prizes at all (league nights): nobody is in the money and no deal is recorded.
    #[serde(rename = "none")]
    None,
}

impl PayoutMode {
    /// True for the fixed table (the default, not written out).
    pub fn is_table(&self) -> bool {
        matches!(self, PayoutMode::Table)
    }
}

/// Everything the director sets before the start. The schema states each field's own limits
/// (`Config::validate`); the rules between fields (the break order is the tables again, the
/// tables at the start are among them, a bounty part only with a bounty kind, payout shares
/// that add up to 100 %) answer `INVALID_CONFIG` with the field's name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Config {
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 120))]
    pub name: String,
    /// Part of each buy-in that goes to the prize pool.
    pub prize_part: Cents,
    /// Part the house keeps.
    pub house_fee: Cents,
    /// Part that goes on the player's head (bounty events).
    pub bounty_part: Cents,
    pub bounty_kind: BountyKind,
    /// Entries per player, the first included; `None` is unlimited.
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 65535))]
    pub max_entries: Option<u16>,
    pub late_registration: LateRegistration,
    pub starting_stack: Chips,
    #[serde(default)]
    pub bonus: Option<Bonus>,
    /// Seats per table (10, 9, 8 or 6 for 6-max).
    #[cfg_attr(feature = "openapi", schema(minimum = 2, maximum = 10))]
    pub table_size: u8,
    /// The tables available, in the order they open.
    #[cfg_attr(feature = "openapi", schema(min_items = 1, max_items = 500))]
    pub tables: Vec<TableNo>,
    /// Tables open at the start (the rest open as the field grows).
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 500))]
    pub tables_at_start: u16,
    /// The order in which tables are broken (first broken first).
    #[cfg_attr(feature = "openapi", schema(min_items = 1, max_items = 500))]
    pub break_order: Vec<TableNo>,
    #[cfg_attr(feature = "openapi", schema(min_items = 1, max_items = 200))]
    pub levels: Vec<Level>,
    pub ante_kind: AnteKind,
    pub payouts: PayoutStructure,
    /// A guaranteed prize pool: while the entries' prize parts come to less, the prizes are
    /// worked out on the guarantee and the house pays the difference (the overlay). Not
    /// written out when there is none, so configurations stored before it write back byte
    /// for byte.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guarantee: Option<Cents>,
    /// Rebuys, when the tournament sells them (left out when not, so configurations stored
    /// before them write back byte for byte).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rebuy: Option<RebuyRule>,
    /// The add-on, when the tournament sells one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub add_on: Option<AddOnRule>,
    /// Tickets won by the first places, when the tournament gives them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ticket: Option<TicketPrize>,
    /// The most players seated at once, when the director caps the field below the tables'
    /// seats: the door's queue becomes a waiting list there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field_cap: Option<u32>,
    /// The door opens to phones (and the club website) from this instant, so players can sign
    /// up before the evening; before it a sign-up is refused (the desk registers as ever).
    /// None: open as soon as the tournament exists.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sign_ups_open_at: Option<Timestamp>,
    /// The most players signed up in all (those registered and those waiting in the queue):
    /// the list closes there. None: no cap beyond the queue's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sign_up_cap: Option<u32>,
    /// PKR4U 13: a table of this many players or fewer stops and calls the director.
    #[serde(default = "default_stop_at")]
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 9))]
    pub stop_table_at: u8,
    /// PKR4U 13's exceptions are settings: a short table also stops at the final table
    /// (default no: the last table plays on).
    #[serde(default)]
    pub stop_at_final_table: bool,
    /// ... and in a 6-max event (default no).
    #[serde(default)]
    pub stop_in_six_max: bool,
    /// Balancing starts when the largest and smallest tables differ by this many.
    #[serde(default = "default_balance_trigger")]
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 255))]
    pub balance_trigger: u8,
    /// What the room screen says out loud (sounds, spoken announcements). The only setting
    /// that changes after the start: it touches no rule. Both on unless switched off; stored
    /// configurations from before it read as on, and "on" is not written out, so they also
    /// write back byte for byte.
    #[serde(default, skip_serializing_if = "Announcements::is_default")]
    pub announcements: Announcements,
}

/// The room screen's sounds and spoken announcements (level change, one minute left, break,
/// last hand, a table calling), each switchable from the console.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Announcements {
    /// Chimes (bundled sound files).
    #[serde(default = "yes")]
    pub sounds: bool,
    /// Announcements spoken by the browser's speech synthesis.
    #[serde(default = "yes")]
    pub speech: bool,
}

fn yes() -> bool {
    true
}

impl Default for Announcements {
    fn default() -> Self {
        Announcements {
            sounds: true,
            speech: true,
        }
    }
}

impl Announcements {
    /// Both on (the default, not written out).
    pub fn is_default(&self) -> bool {
        *self == Announcements::default()
    }
}

fn default_stop_at() -> u8 {
    4
}
fn default_balance_trigger() -> u8 {
    2
}

impl Config {
    /// What one entry costs the player.
    pub fn entry_price(&self) -> Cents {
        self.prize_part + self.house_fee + self.bounty_part
    }

    /// A 6-max event (PKR4U 13 does not stop short tables there).
    pub fn is_six_max(&self) -> bool {
        self.table_size <= 6
    }

    /// The play levels only, numbered from 1, with their index in `levels`.
    pub fn play_level_index(&self, play_level: u16) -> Option<usize> {
        self.levels
            .iter()
            .enumerate()
            .filter(|(_, l)| !l.is_break())
            .nth(usize::from(play_level).checked_sub(1)?)
            .map(|(i, _)| i)
    }
}

/// Ready-made templates the director starts from.
pub mod templates {
    use super::*;

    /// A club evening: 20 + 2 euro, 10,000 chips, 20-minute levels, 9-handed.
    pub fn club_evening(name: &str, tables: u16) -> Config {
        let tables: Vec<TableNo> = (1..=tables.max(1)).map(TableNo).collect();
        Config {
            name: name.to_string(),
            prize_part: Cents(2000),
            house_fee: Cents(200),
            bounty_part: Cents(0),
            bounty_kind: BountyKind::None,
            max_entries: Some(2),
            late_registration: LateRegistration::UntilLevel {
                level: 4,
                through_break: true,
            },
            starting_stack: Chips(10_000),
            bonus: Some(Bonus {
                chips: Chips(2_000),
                until_level: 1,
            }),
            table_size: 9,
            tables_at_start: tables.len().min(3) as u16,
            break_order: tables.iter().rev().copied().collect(),
            tables,
            levels: turbo_structure(20),
            ante_kind: AnteKind::BigBlindAnte,
            payouts: standard_payouts(),
            guarantee: None,
            rebuy: None,
            add_on: None,
            ticket: None,
            field_cap: None,
            sign_ups_open_at: None,
            sign_up_cap: None,
            stop_table_at: 4,
            stop_at_final_table: false,
            stop_in_six_max: false,
            balance_trigger: 2,
            announcements: Announcements::default(),
        }
    }

    /// A progressive knock-out variant of the club evening.
    pub fn club_pko(name: &str, tables: u16) -> Config {
        Config {
            prize_part: Cents(1500),
            bounty_part: Cents(1000),
            bounty_kind: BountyKind::Progressive,
            ..club_evening(name, tables)
        }
    }

    /// A rebuy evening: 10 euro for 10,000 chips, rebuys (also double) while the stack is at
    /// most the starting stack during the first four levels, and a 15,000-chip add-on at the
    /// break after them; one entry, no bonus.
    pub fn club_rebuy(name: &str, tables: u16) -> Config {
        Config {
            prize_part: Cents(900),
            house_fee: Cents(100),
            max_entries: Some(1),
            bonus: None,
            rebuy: Some(RebuyRule {
                until_level: 4,
                through_break: false,
                with_late_registration: false,
                stack_at_most: Chips(10_000),
                max_per_player: None,
                chips: Chips(10_000),
                prize_part: Cents(1000),
                house_fee: Cents(0),
                bounty_part: Cents(0),
                double: true,
            }),
            add_on: Some(AddOnRule {
                after_level: 4,
                chips: Chips(15_000),
                prize_part: Cents(1000),
                house_fee: Cents(0),
            }),
            ..club_evening(name, tables)
        }
    }

    /// A satellite: 18 + 2 euro, one entry each, and the prize pool buys seats of 100 euro in
    /// the club's main event (the rest of the pool to the next place).
    pub fn club_satellite(name: &str, tables: u16) -> Config {
        Config {
            prize_part: Cents(1800),
            house_fee: Cents(200),
            max_entries: Some(1),
            bonus: None,
            ticket: Some(TicketPrize {
                name: "Main Event".into(),
                value: Cents(10_000),
                kind: TicketKind::Seat,
                source: TicketSource::Pool,
            }),
            ..club_evening(name, tables)
        }
    }

    /// Blinds doubling roughly every two levels, big-blind ante from level 3, a break after
    /// every fourth level with colour-ups of the 25 and 100 chips.
    pub fn turbo_structure(minutes: u32) -> Vec<Level> {
        let blinds: [(i64, i64, i64); 16] = [
            (25, 50, 0),
            (50, 100, 0),
            (75, 150, 150),
            (100, 200, 200),
            (150, 300, 300),
            (200, 400, 400),
            (300, 600, 600),
            (400, 800, 800),
            (500, 1000, 1000),
            (700, 1400, 1400),
            (1000, 2000, 2000),
            (1500, 3000, 3000),
            (2000, 4000, 4000),
            (3000, 6000, 6000),
            (4000, 8000, 8000),
            (5000, 10000, 10000),
        ];
        let mut levels = Vec::new();
        for (i, (sb, bb, ante)) in blinds.into_iter().enumerate() {
            levels.push(Level::Play {
                small_blind: Chips(sb),
                big_blind: Chips(bb),
                ante: Chips(ante),
                minutes,
            });
            match i {
                3 => levels.push(Level::Break {
                    minutes: 10,
                    colour_up: Some(Chips(25)),
                }),
                7 => levels.push(Level::Break {
                    minutes: 15,
                    colour_up: Some(Chips(100)),
                }),
                11 => levels.push(Level::Break {
                    minutes: 10,
                    colour_up: None,
                }),
                _ => {}
            }
        }
        levels
    }

    /// About 12–15 % of the field paid, top-heavy (seed 000: over 60 % to the last three).
    pub fn standard_payouts() -> PayoutStructure {
        PayoutStructure {
            brackets: vec![
                PayoutBracket {
                    max_entries: 10,
                    shares_bp: vec![6500, 3500],
                },
                PayoutBracket {
                    max_entries: 20,
                    shares_bp: vec![5000, 3000, 2000],
                },
                PayoutBracket {
                    max_entries: 30,
                    shares_bp: vec![4500, 2700, 1700, 1100],
                },
                PayoutBracket {
                    max_entries: 45,
                    shares_bp: vec![4000, 2500, 1600, 1100, 800],
                },
                PayoutBracket {
                    max_entries: 60,
                    shares_bp: vec![3700, 2300, 1500, 1050, 800, 650],
                },
                PayoutBracket {
                    max_entries: 100,
                    shares_bp: vec![3300, 2100, 1400, 1000, 750, 550, 400, 300, 200],
                },
                PayoutBracket {
                    max_entries: 100_000,
                    shares_bp: vec![2900, 1850, 1250, 950, 750, 600, 500, 400, 320, 280, 200],
                },
            ],
            rounding: Cents(500),
            mode: PayoutMode::Table,
        }
    }
}
