//! The seat search (`/player`): every player's name with where they sit (or their place once
//! out) and their move, and the clock, the field and the payouts. One short line per player
//! instead of the whole record: a phone finds any name without the room's stacks, bounties
//! and purchases.

use super::pieces::{FieldView, PrizeList};
use super::FaceView;
use crate::model::ids::{PlayerId, SeatNo, TableNo};
use crate::model::money::Cents;
use crate::model::state::PlayerStatus;
use crate::read::view::{named, ClockView, MoveNotice, TournamentView};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatSearchView {
    pub name: String,
    pub seats: Vec<SeatLine>,
    pub clock: ClockView,
    pub field: FieldView,
    pub prizes: PrizeList,
    pub finished: bool,
}

/// One player as the seat search finds them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatLine {
    pub player: PlayerId,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<TableNo>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<SeatNo>,
    /// Out of play (busted, left, disqualified).
    #[serde(default, skip_serializing_if = "is_false")]
    pub out: bool,
    /// The place, once out (or once play is over).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<u32>,
    /// The money won beside a ticket (`ResultLine::cash`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub prize: Cents,
    /// Won the tournament's ticket (`PrizeList::ticket`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub ticket: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_to: Option<MoveNotice>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(c: &Cents) -> bool {
    *c == Cents::ZERO
}

impl SeatSearchView {
    /// The players whose name holds `query`, as the whole view's `players_named` finds them.
    pub fn seats_named(&self, query: &str) -> Vec<&SeatLine> {
        named(&self.seats, query, |s| &s.name)
    }
}

impl FaceView for SeatSearchView {
    type Key = ();

    fn path(_: ()) -> String {
        "/seats".into()
    }

    fn of(v: &TournamentView, _: ()) -> Option<SeatSearchView> {
        let places: BTreeMap<PlayerId, u32> = v
            .places
            .iter()
            .map(|p| (p.standing.player, p.standing.place))
            .collect();
        let results: BTreeMap<PlayerId, _> = v.results.iter().map(|r| (r.player, r)).collect();
        let seats = v
            .players
            .iter()
            .map(|p| {
                let result = results.get(&p.player);
                SeatLine {
                    player: p.player,
                    name: p.name.clone(),
                    table: p.table,
                    seat: p.seat,
                    out: p.status != PlayerStatus::Playing,
                    place: places.get(&p.player).copied(),
                    prize: result.map_or(Cents::ZERO, |r| r.cash(v.ticket.as_ref())),
                    ticket: v.ticket.is_some() && result.is_some_and(|r| r.ticket),
                    move_to: v.move_of(p.player),
                }
            })
            .collect();
        Some(SeatSearchView {
            name: v.name.clone(),
            seats,
            clock: v.clock.clone(),
            field: FieldView::of(v),
            prizes: PrizeList::of(v),
            finished: v.finished,
        })
    }

    fn tournament_name(&self) -> &str {
        &self.name
    }
}
