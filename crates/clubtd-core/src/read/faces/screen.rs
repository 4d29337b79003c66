//! The room screen's view: the clock, the field, what the room must act on (calls, stopped
//! tables, moves, the desk's calls), the chip leaders and the payouts; the final results once
//! play is over. No player list: a bust in a 300-player evening changes a few figures here.

use super::pieces::{FieldView, Leader, MoveLine, PrizeList};
use super::FaceView;
use crate::model::config::Announcements;
use crate::model::ids::TableNo;
use crate::model::money::Chips;
use crate::read::view::{CallView, ClockView, QueueState, ResultLine, TournamentView};
use serde::{Deserialize, Serialize};

/// How many chip leaders the screen lists.
pub const SCREEN_LEADERS: usize = 5;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScreenView {
    pub name: String,
    pub clock: ClockView,
    pub field: FieldView,
    pub prizes: PrizeList,
    /// Antes of tables shorter than the level's (the club's rule per table size), each once.
    #[serde(default)]
    pub short_table_antes: Vec<Chips>,
    pub hand_for_hand: bool,
    pub bubble: bool,
    pub in_the_money: bool,
    pub registration_open: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ms_to_registration_close: Option<i64>,
    pub rebuy_open: bool,
    pub add_on_open: bool,
    /// Tables calling the director.
    #[serde(default)]
    pub calls: Vec<CallView>,
    /// Tables stopped with too few players (PKR4U 13).
    #[serde(default)]
    pub stopped: Vec<TableNo>,
    #[serde(default)]
    pub moves: Vec<MoveLine>,
    #[serde(default)]
    pub leaders: Vec<Leader>,
    pub door: DoorBoard,
    /// Every place, once play is over (empty before).
    #[serde(default)]
    pub results: Vec<ResultLine>,
    pub finished: bool,
    pub announcements: Announcements,
}

/// The door as the room reads it: those awaited at the desk (by name only when calling them
/// helps, `DoorView::names_called`) and how many wait for a seat.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DoorBoard {
    #[serde(default)]
    pub to_desk_names: Vec<String>,
    pub to_desk: u32,
    pub waiting: u32,
}

impl FaceView for ScreenView {
    type Key = ();

    fn path(_: ()) -> String {
        "/screen".into()
    }

    fn of(v: &TournamentView, _: ()) -> Option<ScreenView> {
        let level_ante = v.clock.level.ante;
        let mut short_table_antes: Vec<Chips> = v
            .tables
            .iter()
            .filter(|t| {
                t.open && !t.seats.is_empty() && t.ante != level_ante && t.ante > Chips::ZERO
            })
            .map(|t| t.ante)
            .collect();
        short_table_antes.sort();
        short_table_antes.dedup();
        let at_desk = v
            .door
            .queue
            .iter()
            .filter(|l| l.state == QueueState::ToTheDesk);
        Some(ScreenView {
            name: v.name.clone(),
            clock: v.clock.clone(),
            field: FieldView::of(v),
            prizes: PrizeList::of(v),
            short_table_antes,
            hand_for_hand: v.hand_for_hand.is_some(),
            bubble: v.bubble,
            in_the_money: v.in_the_money,
            registration_open: v.registration_open,
            ms_to_registration_close: v.ms_to_registration_close,
            rebuy_open: v.rebuy_open,
            add_on_open: v.add_on_open,
            calls: v.calls.clone(),
            stopped: v.plan.stopped.clone(),
            moves: MoveLine::all(v),
            leaders: Leader::top(v, SCREEN_LEADERS),
            door: DoorBoard {
                to_desk_names: if v.door.names_called() {
                    at_desk.clone().map(|l| l.name.clone()).collect()
                } else {
                    Vec::new()
                },
                to_desk: at_desk.count() as u32,
                waiting: v.door.waiting().count() as u32,
            },
            results: if v.finished {
                v.results.clone()
            } else {
                Vec::new()
            },
            finished: v.finished,
            announcements: v.announcements,
        })
    }

    fn tournament_name(&self) -> &str {
        &self.name
    }
}
