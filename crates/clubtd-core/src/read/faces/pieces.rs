//! The pieces every face's view is built from: the field's figures, the prize list, the chip
//! leaders and the planned moves, each worked out from the whole view in one place.

use crate::model::config::TicketPrize;
use crate::model::ids::{PlayerId, SeatNo, TableNo};
use crate::model::money::{Cents, Chips};
use crate::read::view::{cash_of_place, ticket_of_place, DealView, TournamentView};
use serde::{Deserialize, Serialize};

/// Players left, entries, purchases, the average stack and the prize pool: the figures the
/// phones and the TV show under the clock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldView {
    pub players_left: u32,
    pub entries: u32,
    /// Rebuys bought, where the tournament sells them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rebuys: Option<u32>,
    /// Add-ons bought, where the tournament sells them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub add_ons: Option<u32>,
    pub average_stack: Chips,
    /// The average stack in big blinds, times ten.
    pub average_bb_x10: i64,
    pub prize_pool: Cents,
    /// The pool is a guarantee's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guarantee: Option<Cents>,
}

impl FieldView {
    pub fn of(v: &TournamentView) -> FieldView {
        FieldView {
            players_left: v.players_left,
            entries: v.entries,
            rebuys: v.rebuy.as_ref().map(|_| v.rebuys),
            add_ons: v.add_on.as_ref().map(|_| v.add_ons),
            average_stack: v.average_stack,
            average_bb_x10: v.average_bb_x10,
            prize_pool: v.prize_pool,
            guarantee: v.guarantee,
        }
    }
}

/// What each paid place wins, and the deal once one is made.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrizeList {
    /// Place 1 first.
    pub payouts: Vec<Cents>,
    /// The ticket the first `ticket_places` places win (a satellite's seat, a voucher).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ticket: Option<TicketPrize>,
    #[serde(default)]
    pub ticket_places: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<DealView>,
}

impl PrizeList {
    pub fn of(v: &TournamentView) -> PrizeList {
        PrizeList {
            payouts: v.payouts.clone(),
            ticket: v.ticket.clone(),
            ticket_places: v.ticket_places,
            deal: v.deal.clone(),
        }
    }

    /// The ticket paid place `index` (0: first place) wins, if it wins one.
    pub fn ticket_of_place(&self, index: usize) -> Option<&TicketPrize> {
        ticket_of_place(self.ticket.as_ref(), self.ticket_places, index)
    }

    /// The money paid place `index` wins beside its ticket (`view::cash_of_place`).
    pub fn cash_of_place(&self, index: usize) -> Cents {
        cash_of_place(
            &self.payouts,
            self.ticket.as_ref(),
            self.ticket_places,
            index,
        )
    }
}

/// One of the chip leaders.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leader {
    pub player: PlayerId,
    pub name: String,
    pub stack: Chips,
}

impl Leader {
    /// The `n` biggest stacks (`TournamentView::chip_leaders`).
    pub fn top(v: &TournamentView, n: usize) -> Vec<Leader> {
        v.chip_leaders(n)
            .into_iter()
            .map(|p| Leader {
                player: p.player,
                name: p.name.clone(),
                stack: p.stack,
            })
            .collect()
    }
}

/// A balancing move the room is told about: who, from where, to where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveLine {
    pub player: PlayerId,
    pub name: String,
    pub from: TableNo,
    pub to: TableNo,
    /// `None` while the receiving table has not said where its button is (TDA 25).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<SeatNo>,
}

impl MoveLine {
    /// Every move planned: those with their seat first, then those waiting for a button.
    pub fn all(v: &TournamentView) -> Vec<MoveLine> {
        let named = v.plan.moves.iter().map(|m| MoveLine {
            player: m.player,
            name: v.player_name(m.player),
            from: m.from.table,
            to: m.to.table,
            seat: Some(m.to.seat),
        });
        let waiting = v.plan.waiting.iter().map(|w| MoveLine {
            player: w.player,
            name: v.player_name(w.player),
            from: w.from.table,
            to: w.to_table,
            seat: None,
        });
        named.chain(waiting).collect()
    }
}
