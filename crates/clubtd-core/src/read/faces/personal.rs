//! A player's personal page (`/me/<token>`): their own card, their move, the chip leaders,
//! the clock, the field and the payouts. Nobody else's record: a phone downloads and decodes
//! its player's page only.

use super::pieces::{FieldView, Leader, PrizeList};
use super::FaceView;
use crate::model::config::BountyKind;
use crate::model::ids::PlayerId;
use crate::read::view::{ClockView, MoveNotice, PlayerCard, TournamentView};
use serde::{Deserialize, Serialize};

/// How many chip leaders a player's page lists.
pub const PERSONAL_LEADERS: usize = 5;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PersonalView {
    pub name: String,
    pub card: PlayerCard,
    /// Where the player is told to go, while a move of theirs is planned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_to: Option<MoveNotice>,
    /// The player asked the desk for a re-entry and waits for it.
    #[serde(default)]
    pub reentry_asked: bool,
    pub bounty_kind: BountyKind,
    #[serde(default)]
    pub leaders: Vec<Leader>,
    pub clock: ClockView,
    pub field: FieldView,
    pub prizes: PrizeList,
    pub finished: bool,
}

impl FaceView for PersonalView {
    type Key = PlayerId;

    fn path(player: PlayerId) -> String {
        format!("/player/{}", player.0)
    }

    fn of(v: &TournamentView, player: PlayerId) -> Option<PersonalView> {
        Some(PersonalView {
            name: v.name.clone(),
            card: v.player_card(player)?,
            move_to: v.move_of(player),
            reentry_asked: v.reentry_requests.contains(&player),
            bounty_kind: v.bounty_kind,
            leaders: Leader::top(v, PERSONAL_LEADERS),
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
