//! A table's device (`/table/<n>`): its own table (seats, stacks, button, ante), its call, the
//! moves to and from it, its penalties, its rebuys and bonus stacks, the clock. The players it
//! names are those it deals with (seated here, moving to or from it, busted here), not the
//! room: 35 devices follow a bust without the whole field each.

use super::FaceView;
use crate::model::ids::{PlayerId, TableNo};
use crate::model::state::Redraw;
use crate::read::view::{
    name_of, CallView, ClockView, PenaltyView, PlayerView, TableView, TournamentView,
};
use crate::rules::balancing::{PlannedMove, WaitingMove};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableFaceView {
    pub name: String,
    /// `None`: the tournament has no table of that number.
    pub table: Option<TableView>,
    pub clock: ClockView,
    pub finished: bool,
    pub registration_open: bool,
    /// This table's open call for the director.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub call: Option<CallView>,
    /// TDA 25: the planned moves from or to this table, while the tables carry out moves
    /// themselves (with confirm-first balancing the director moves players from the console,
    /// and the table sees nothing until a move is made).
    #[serde(default)]
    pub moves: Vec<PlannedMove>,
    /// The moves from or to this table that wait for a receiving table's button.
    #[serde(default)]
    pub waits: Vec<WaitingMove>,
    /// The latest table break or final-table draw, when it moved players of this table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redraw: Option<Redraw>,
    /// TDA 25: the table must say where its button is.
    pub need_button: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand_for_hand: Option<u32>,
    /// Penalties of the players at this table.
    #[serde(default)]
    pub penalties: Vec<PenaltyView>,
    /// The players the page names: seated here, moving to or from here, busted here.
    pub players: Vec<PlayerView>,
    /// Of those, the ones who asked the desk for a rebuy.
    #[serde(default)]
    pub rebuy_requests: Vec<PlayerId>,
    /// Of those, the bonus stacks not yet confirmed at the table (PKR4U 18).
    #[serde(default)]
    pub bonus_missing: Vec<PlayerId>,
    pub bonus_blinds_taken: bool,
}

impl TableFaceView {
    /// A player's name, for lines that hold only the id (empty when the page has none).
    pub fn player_name(&self, player: PlayerId) -> String {
        name_of(&self.players, player)
    }

    /// A move into this table waits for its button: the moves say so, with the request.
    pub fn arrival_waits(&self) -> bool {
        let n = self.table.as_ref().map(|t| t.table);
        self.waits.iter().any(|w| Some(w.to_table) == n)
    }
}

impl FaceView for TableFaceView {
    type Key = TableNo;

    fn path(table: TableNo) -> String {
        format!("/table/{}", table.0)
    }

    fn of(v: &TournamentView, n: TableNo) -> Option<TableFaceView> {
        let here = |t: TableNo| t == n;
        let automatic = v.balancing.automatic;
        let moves: Vec<PlannedMove> = v
            .plan
            .moves
            .iter()
            .filter(|m| automatic && (here(m.from.table) || here(m.to.table)))
            .cloned()
            .collect();
        let waits: Vec<WaitingMove> = v
            .plan
            .waiting
            .iter()
            .filter(|w| automatic && (here(w.from.table) || here(w.to_table)))
            .copied()
            .collect();
        let redraw = v.last_redraw.clone().filter(|r| {
            r.broken == Some(n)
                || r.moves
                    .iter()
                    .any(|m| here(m.to.table) || here(m.from.table))
        });
        let mut named: BTreeSet<PlayerId> = moves.iter().map(|m| m.player).collect();
        named.extend(waits.iter().map(|w| w.player));
        if let Some(r) = &redraw {
            named.extend(r.moves.iter().map(|m| m.player));
        }
        let players: Vec<PlayerView> = v
            .players
            .iter()
            .filter(|p| p.table == Some(n) || p.rebuy_table == Some(n) || named.contains(&p.player))
            .cloned()
            .collect();
        let ours = |id: &&PlayerId| players.iter().any(|p| p.player == **id);
        Some(TableFaceView {
            name: v.name.clone(),
            table: v.tables.iter().find(|t| t.table == n).cloned(),
            clock: v.clock.clone(),
            finished: v.finished,
            registration_open: v.registration_open,
            call: v.call_of(n).cloned(),
            need_button: v.plan.need_button.contains(&n),
            hand_for_hand: v.hand_for_hand,
            penalties: v
                .penalties
                .iter()
                .filter(|p| p.table == Some(n))
                .cloned()
                .collect(),
            rebuy_requests: v.rebuy_requests.iter().filter(ours).copied().collect(),
            bonus_missing: v.bonus_missing.iter().filter(ours).copied().collect(),
            bonus_blinds_taken: v.bonus_blinds_taken,
            moves,
            waits,
            redraw,
            players,
        })
    }

    fn tournament_name(&self) -> &str {
        &self.name
    }
}
