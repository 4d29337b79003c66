//! What no tournament can come to by the rules, checked on a log that did not come through
//! them: an imported log is replayed event by event (`apply` checks that each event fits),
//! but its events were never decided here, so amounts can be anything a file can hold. A
//! state with negative chips in play, a prize beyond the money, a negative deal or a player
//! in two seats is refused before any face shows it.

use crate::model::ids::PlayerId;
use crate::model::money::{Cents, Chips};
use crate::model::state::Tournament;
use std::collections::BTreeSet;

/// The first impossible thing found in a state, named for the director.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Impossible {
    #[error("the configuration is not valid: {0}")]
    Config(String),
    #[error("negative chips: {what} is {chips}")]
    NegativeChips { what: &'static str, chips: i64 },
    #[error("more chips taken out ({removed}) than ever came into play ({bought})")]
    ChipsOverdrawn { bought: i64, removed: i64 },
    #[error("negative money: {what} is {cents} cents")]
    NegativeMoney { what: &'static str, cents: i64 },
    #[error("the prizes add up to {paid} cents, the money to share is {pool}")]
    PrizesBeyondPool { paid: i64, pool: i64 },
    #[error("player {0} holds two seats")]
    TwoSeats(u32),
}

/// `None` when the state is one the rules could reach as far as these checks see; else the
/// first impossible thing.
pub fn impossible(t: &Tournament) -> Option<Impossible> {
    if let Some(cfg) = &t.config {
        if let Err(e) = cfg.validate() {
            return Some(Impossible::Config(e.to_string()));
        }
    }
    let chips =
        |what, c: Chips| (c.0 < 0).then_some(Impossible::NegativeChips { what, chips: c.0 });
    let money =
        |what, c: Cents| (c.0 < 0).then_some(Impossible::NegativeMoney { what, cents: c.0 });
    if let Some(bad) = chips("chips bought", t.chips_bought)
        .or_else(|| chips("chips taken out", t.chips_removed))
        .or_else(|| money("prize pool", t.prize_pool))
        .or_else(|| money("house fees", t.house_fees))
        .or_else(|| money("amount to play for", t.deal_to_play_for))
    {
        return Some(bad);
    }
    if t.chips_removed.0 > t.chips_bought.0 {
        return Some(Impossible::ChipsOverdrawn {
            bought: t.chips_bought.0,
            removed: t.chips_removed.0,
        });
    }
    for p in t.players.values() {
        if let Some(bad) = chips("a stack", p.stack)
            .or_else(|| money("a bounty", p.bounty))
            .or_else(|| money("bounties won", p.bounty_won))
        {
            return Some(bad);
        }
    }
    let pool = t.pool_to_pay();
    let prizes = t.prizes();
    if let Some(bad) = prizes.iter().find_map(|p| money("a prize", *p)) {
        return Some(bad);
    }
    let deal: Vec<Cents> = t.deal.iter().flatten().map(|(_, c)| *c).collect();
    if let Some(bad) = deal.iter().find_map(|c| money("a deal's prize", *c)) {
        return Some(bad);
    }
    // Summed in i128: amounts near i64::MAX must not wrap into something that looks fine.
    let sum = |cs: &[Cents]| cs.iter().map(|c| i128::from(c.0)).sum::<i128>();
    for paid in [sum(&prizes), sum(&deal) + i128::from(t.deal_to_play_for.0)] {
        if paid > i128::from(pool.0) {
            return Some(Impossible::PrizesBeyondPool {
                paid: i64::try_from(paid).unwrap_or(i64::MAX),
                pool: pool.0,
            });
        }
    }
    let mut seated: BTreeSet<PlayerId> = BTreeSet::new();
    for table in t.tables.values() {
        for p in table.seats.values() {
            if !seated.insert(*p) {
                return Some(Impossible::TwoSeats(p.0));
            }
        }
    }
    None
}
