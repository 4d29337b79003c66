//! Prize pool and payouts: prizes from the structure and the rounding unit, summing exactly to
//! the pool and never increasing down the list; shared places split their prizes.

use crate::log::command::Ctx;
use crate::log::error::{ApplyError, DomainError};
use crate::log::event::Event;
use crate::model::config::{Config, PayoutStructure};
use crate::model::money::Cents;
use crate::model::state::Tournament;
use crate::rules::registration::registration_open;

/// The director's own payout table: once registration is closed (the pool is final), a
/// non-increasing list of positive prizes summing exactly to the pool, at most one per entry.
pub fn decide_set_payouts(
    t: &Tournament,
    cfg: &Config,
    ctx: Ctx,
    amounts: &[Cents],
) -> Result<Vec<Event>, DomainError> {
    if registration_open(t, cfg, ctx.now) {
        return Err(DomainError::InvalidAmount {
            field: "payouts_before_close".into(),
        });
    }
    // Once a paid place is out, that prize is paid: the table no longer changes (a deal
    // among the players left is recorded as a deal instead).
    if t.players_left() < t.prizes().len() || t.deal.is_some() {
        return Err(DomainError::PayoutsLocked);
    }
    let valid = !amounts.is_empty()
        && amounts.len() <= t.entries as usize
        && amounts.iter().all(|a| a.0 > 0)
        && amounts.windows(2).all(|w| w[0] >= w[1])
        && amounts.iter().copied().sum::<Cents>() == t.prize_pool;
    if !valid {
        return Err(DomainError::InvalidAmount {
            field: "payouts".into(),
        });
    }
    Ok(vec![Event::PayoutsSet {
        amounts: amounts.to_vec(),
    }])
}

/// The prize of each paid place (first place first) for `entries` entries and a pool.
/// Every prize is a multiple of the rounding unit except first place, which takes the
/// remainder so the total is exactly the pool.
pub fn prizes(pool: Cents, entries: u32, structure: &PayoutStructure) -> Vec<Cents> {
    if entries == 0 || pool.0 <= 0 {
        return Vec::new();
    }
    let Some(bracket) = structure
        .brackets
        .iter()
        .find(|b| entries <= b.max_entries)
        .or(structure.brackets.last())
    else {
        return Vec::new();
    };
    let paid = bracket.shares_bp.len().min(entries as usize);
    let shares = &bracket.shares_bp[..paid];
    let total_bp: i128 = shares.iter().map(|&s| i128::from(s)).sum();
    if total_bp == 0 {
        return Vec::new();
    }
    let unit = i128::from(structure.rounding.0.max(1));
    let mut out: Vec<Cents> = shares
        .iter()
        .map(|&s| {
            let exact = i128::from(pool.0) * i128::from(s) / total_bp;
            Cents(i64::try_from(exact / unit * unit).unwrap_or(0))
        })
        .collect();
    let rest = pool - out.iter().copied().sum::<Cents>();
    out[0] += rest;
    out
}

/// The prize for places `first..first+count` (1-based) shared by `count` tied players: the sum
/// of those prizes split evenly, odd cents to the first shares.
pub fn shared_prizes(prizes: &[Cents], first: usize, count: usize) -> Vec<Cents> {
    let total: Cents = (first..first + count)
        .filter_map(|p| p.checked_sub(1).and_then(|i| prizes.get(i)))
        .copied()
        .sum();
    total.split_evenly(count)
}

/// `PayoutsSet`: the director's payout table, locked in (it replaces the computed one).
pub(crate) fn apply_payouts_set(t: &mut Tournament, amounts: &[Cents]) -> Result<(), ApplyError> {
    t.payout_override = Some(amounts.to_vec());
    Ok(())
}

impl Tournament {
    /// The prize of each paid place: the director's table when set, else computed from the
    /// structure (PKR4U / seed 000: top-heavy, rounded, summing exactly to the pool).
    pub fn prizes(&self) -> Vec<Cents> {
        match (&self.payout_override, &self.config) {
            (Some(p), _) => p.clone(),
            (None, Some(cfg)) => prizes(self.prize_pool, self.entries, &cfg.payouts),
            (None, None) => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::config::templates::standard_payouts;

    #[test]
    fn payouts_sum_to_the_pool_and_do_not_increase() {
        for entries in [1u32, 2, 9, 10, 11, 24, 37, 59, 99, 150, 300] {
            let pool = Cents(2000 * i64::from(entries) + 37);
            let p = prizes(pool, entries, &standard_payouts());
            assert_eq!(p.iter().copied().sum::<Cents>(), pool, "entries {entries}");
            assert!(
                p.windows(2).all(|w| w[0] >= w[1]),
                "entries {entries}: {p:?}"
            );
            assert!(p.len() <= entries as usize);
        }
    }

    #[test]
    fn twenty_four_entries_pay_four_places_rounded_to_five_euro() {
        // 24 x 20 euro = 480 euro: 45 / 27 / 17 / 11 % -> 216, 129.6, 81.6, 52.8 euro.
        let p = prizes(Cents(48_000), 24, &standard_payouts());
        assert_eq!(
            p,
            vec![Cents(22_500), Cents(12_500), Cents(8_000), Cents(5_000)]
        );
    }

    #[test]
    fn tied_places_share_their_prizes() {
        let p = vec![Cents(1000), Cents(601), Cents(300)];
        assert_eq!(shared_prizes(&p, 2, 2), vec![Cents(451), Cents(450)]);
    }
}
