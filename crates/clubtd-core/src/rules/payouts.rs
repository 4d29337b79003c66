//! Prize pool and payouts: prizes from the structure and the rounding unit, summing exactly to
//! the pool and never increasing down the list; shared places split their prizes.

use crate::log::command::{Ctx, DecideCommand, SetPayouts};
use crate::log::error::{ApplyError, DomainError};
use crate::log::event::{ApplyEvent, Event, PayoutsSet};
use crate::model::config::{Config, PayoutMode, PayoutStructure, TicketPrize, TicketSource};
use crate::model::money::Cents;
use crate::model::state::Tournament;
use crate::rules::purchases::pool_open;

/// The director's own payout table: once registration is closed (the pool is final), a
/// non-increasing list of positive prizes summing exactly to the pool, at most one per entry.
impl DecideCommand for SetPayouts {
    fn decide(&self, t: &Tournament, cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let SetPayouts { amounts } = self;
        // A league night pays nothing: a payout table would pay a pool the structure keeps out.
        if cfg.payouts.mode == PayoutMode::None {
            return Err(DomainError::NoPayouts);
        }
        // A satellite's pool buys tickets, which are never split: there is no table to set.
        if cfg
            .ticket
            .as_ref()
            .is_some_and(|t| t.source == TicketSource::Pool)
        {
            return Err(DomainError::InvalidAmount {
                field: "satellite_payouts".into(),
            });
        }
        if pool_open(t, cfg, ctx.now) {
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
            && amounts.iter().copied().sum::<Cents>() == t.pool_to_pay();
        if !valid {
            return Err(DomainError::InvalidAmount {
                field: "payouts".into(),
            });
        }
        Ok(vec![Event::PayoutsSet(PayoutsSet {
            amounts: amounts.to_vec(),
        })])
    }
}

/// The prize of each paid place (first place first) for `entries` entries and a pool, by the
/// structure's mode: the fixed table, a generated curve, or nothing (no payouts). Every prize is
/// a multiple of the rounding unit except first place, which takes the remainder so the total
/// is exactly the pool.
pub fn prizes(pool: Cents, entries: u32, structure: &PayoutStructure) -> Vec<Cents> {
    if entries == 0 || pool.0 <= 0 {
        return Vec::new();
    }
    match structure.mode {
        PayoutMode::Table => table_prizes(pool, entries, structure),
        PayoutMode::Curve {
            paid_share_bp,
            min_cash,
        } => curve_prizes(
            pool,
            places_paid(entries, paid_share_bp),
            min_cash,
            structure.rounding,
        ),
        PayoutMode::None => Vec::new(),
    }
}

/// The fixed table: the bracket for the field size, its shares of the pool rounded down to the
/// unit.
fn table_prizes(pool: Cents, entries: u32, structure: &PayoutStructure) -> Vec<Cents> {
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

/// Places paid for `entries` entries when a share of the field is paid (`paid_share_bp` in
/// basis points): rounded half up (12.5 % of 20 entries is 3 places), at least one place, and
/// never more places than entries. 0 only when there are no entries.
pub fn places_paid(entries: u32, paid_share_bp: u32) -> usize {
    let rounded = (u64::from(entries) * u64::from(paid_share_bp) + 5_000) / 10_000;
    let places = rounded.max(1).min(u64::from(entries));
    usize::try_from(places).unwrap_or(usize::MAX)
}

/// The weight of place `i` on the generated curve is `HARMONIC_SCALE / i`. The scale is
/// lcm(1..=16) × 10^6, so the weights of up to 16 places are exactly 1, 1/2, 1/3, ... and
/// larger fields lose less than a millionth of a weight to the floor; it stays integer, so
/// every machine computes the same prizes.
const HARMONIC_SCALE: i128 = 720_720_000_000;

/// The generated curve: `places` paid places (fewer when the pool cannot give each one
/// rounding unit; never a paid place of nothing), each first given the floor, the rest of the
/// pool split in proportion to 1, 1/2, 1/3, ... 1/n (the harmonic curve).
///
/// Why harmonic: first place gets twice second and three times third, which is as top-heavy
/// as the club's own table (for five places it gives 43.8 / 21.9 / 14.6 / 10.9 / 8.8 %
/// against the table's 40 / 25 / 16 / 11 / 8 %), it needs no parameter to tune, and a director
/// can check it by hand. The floor is `min_cash` rounded up to the rounding unit, at least one
/// unit; when the pool cannot give every paid place that floor, the floor drops to the equal
/// share rounded down to the unit (the places paid stay as stated). Every prize but first is a
/// multiple of the unit (floor and extra both are), first place takes the remainder, so the
/// total is exactly the pool; the weights never increase, so neither do the prizes. All
/// integer arithmetic in `i128`: `rest × weight` stays below 2^103.
pub fn curve_prizes(pool: Cents, places: usize, min_cash: Cents, rounding: Cents) -> Vec<Cents> {
    if places == 0 || pool.0 <= 0 {
        return Vec::new();
    }
    let total = i128::from(pool.0);
    let unit = i128::from(rounding.0.max(1));
    let affordable = usize::try_from(total / unit).unwrap_or(usize::MAX);
    let places = places.min(affordable).max(1);
    let n = i128::try_from(places).unwrap_or(i128::MAX);
    let wanted = ((i128::from(min_cash.0.max(0)) + unit - 1) / unit * unit).max(unit);
    let floor = if wanted * n <= total {
        wanted
    } else {
        total / n / unit * unit
    };
    let rest = total - floor * n;
    let weights: Vec<i128> = (1..=n).map(|i| HARMONIC_SCALE / i).collect();
    let total_weight: i128 = weights.iter().sum();
    let mut out: Vec<i128> = weights
        .iter()
        .map(|w| floor + rest * w / total_weight / unit * unit)
        .collect();
    let handed_out: i128 = out.iter().sum();
    out[0] += total - handed_out;
    // Every prize is between 0 and the pool, which is an i64.
    out.into_iter()
        .map(|c| Cents(i64::try_from(c).unwrap_or(0)))
        .collect()
}

/// A satellite's prizes: as many tickets of `value` as the pool buys (never more than the
/// entries), then what is left of the pool, in cash, to the next place (to the winner when
/// every entry has a ticket). Sums to the pool and never increases (the rest is less than a
/// ticket).
pub fn satellite_prizes(pool: Cents, entries: u32, value: Cents) -> Vec<Cents> {
    if entries == 0 || pool.0 <= 0 || value.0 <= 0 {
        return Vec::new();
    }
    let tickets = (pool.0 / value.0).min(i64::from(entries));
    let mut out = vec![value; usize::try_from(tickets).unwrap_or(0)];
    let rest = pool - Cents(value.0 * tickets);
    if rest > Cents::ZERO && out.len() < entries as usize {
        out.push(rest);
    } else if let Some(first) = out.first_mut() {
        // Every entry already has a ticket: the rest goes to the winner, as a rounding
        // remainder does.
        *first += rest;
    }
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
impl ApplyEvent for PayoutsSet {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let PayoutsSet { amounts } = self;
        t.payout_override = Some(amounts.to_vec());
        Ok(())
    }
}

impl Tournament {
    /// The prize of each paid place: the director's table when set, else computed from the
    /// structure (PKR4U / seed 000: top-heavy, rounded, summing exactly to the pool).
    pub fn prizes(&self) -> Vec<Cents> {
        match (&self.payout_override, &self.config) {
            (Some(p), _) => p.clone(),
            (None, Some(cfg)) => match &cfg.ticket {
                Some(t) if t.source == TicketSource::Pool => {
                    satellite_prizes(self.pool_to_pay(), self.entries, t.value)
                }
                _ => prizes(self.pool_to_pay(), self.entries, &cfg.payouts),
            },
            (None, None) => Vec::new(),
        }
    }

    /// The tickets the tournament gives, if any.
    pub fn ticket(&self) -> Option<&TicketPrize> {
        self.config.as_ref().and_then(|c| c.ticket.as_ref())
    }

    /// How many of the first places win a ticket: as many as the prizes' ticket places (a
    /// satellite) or the house's number, never more than the entries.
    pub fn ticket_places(&self) -> u32 {
        match self.ticket() {
            None => 0,
            Some(t) => match t.source {
                TicketSource::Pool => {
                    u32::try_from(self.prizes().iter().take_while(|p| **p >= t.value).count())
                        .unwrap_or(u32::MAX)
                }
                TicketSource::House { places } => u32::from(places).min(self.entries),
            },
        }
    }

    /// The money the prizes share: what the entries put in the prize pool, or the guarantee
    /// while that is more.
    pub fn pool_to_pay(&self) -> Cents {
        self.prize_pool.max(self.guarantee().unwrap_or(Cents::ZERO))
    }

    /// What the house adds to reach the guarantee (zero without one, or once the entries
    /// reach it).
    pub fn overlay(&self) -> Cents {
        self.pool_to_pay() - self.prize_pool
    }

    fn guarantee(&self) -> Option<Cents> {
        self.config.as_ref().and_then(|c| c.guarantee)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::config::templates::standard_payouts;
    use proptest::prelude::*;

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

    fn curve(paid_share_bp: u32, min_cash: i64) -> PayoutStructure {
        PayoutStructure {
            brackets: Vec::new(),
            rounding: Cents(500),
            mode: PayoutMode::Curve {
                paid_share_bp,
                min_cash: Cents(min_cash),
            },
        }
    }

    fn money(v: &[i64]) -> Vec<Cents> {
        v.iter().map(|&c| Cents(c)).collect()
    }

    #[test]
    fn fifty_entries_ten_percent_paid_on_the_harmonic_curve() {
        // 50 x 20 euro = 1000 euro, 10 % = 5 places, each at least one 5-euro unit (25 euro),
        // the other 975 euro by 1 : 1/2 : 1/3 : 1/4 : 1/5 = 60 : 30 : 20 : 15 : 12 (of 137):
        // 427.01, 213.50, 142.34, 106.75, 85.40 -> down to 5 euro: 425, 210, 140, 105, 85
        // (965); the 10 euro left go to first. By hand, and the same with Python's Fraction.
        assert_eq!(
            prizes(Cents(100_000), 50, &curve(1000, 0)),
            money(&[44_000, 21_500, 14_500, 11_000, 9_000])
        );
    }

    #[test]
    fn fifty_entries_ten_percent_paid_with_a_min_cash_of_the_buy_in() {
        // Each of the 5 places first gets 20 euro (100); the other 900 euro by 60:30:20:15:12
        // of 137: 394.16, 197.08, 131.39, 98.54, 78.83 -> 390, 195, 130, 95, 75 (885); 15
        // euro left to first: 20+390+15, 20+195, 20+130, 20+95, 20+75.
        assert_eq!(
            prizes(Cents(100_000), 50, &curve(1000, 2000)),
            money(&[42_500, 21_500, 15_000, 11_500, 9_500])
        );
    }

    #[test]
    fn a_quarter_of_forty_paid_with_twice_the_buy_in_as_min_cash() {
        // 40 x 20 euro = 800 euro, 25 % = 10 places at 40 euro (400); the other 400 euro by
        // 1/1..1/10 = 2520:1260:840:630:504:420:360:315:280:252 of 7381: 136.57, 68.28,
        // 45.52, 34.14, 27.31, 22.76, 19.51, 17.07, 15.17, 13.66 -> 135, 65, 45, 30, 25, 20,
        // 15, 15, 15, 10 (375); 25 euro left to first.
        assert_eq!(
            prizes(Cents(80_000), 40, &curve(2500, 4000)),
            money(&[20_000, 10_500, 8_500, 7_000, 6_500, 6_000, 5_500, 5_500, 5_500, 5_000])
        );
    }

    #[test]
    fn a_min_cash_off_the_unit_is_rounded_up_and_first_takes_the_odd_cents() {
        // 23 x 15 euro, 12.5 % of 23 = 2.875 -> 3 places; min cash 15 euro, unit 1 euro; the
        // other 300 euro by 6:3:2 of 11 = 163.64, 81.82, 54.55 -> 163, 81, 54; 2 euro left.
        let mut s = curve(1250, 1500);
        s.rounding = Cents(100);
        assert_eq!(
            prizes(Cents(34_500), 23, &s),
            money(&[18_000, 9_600, 6_900])
        );
        // 1 cent more: first place alone takes it.
        assert_eq!(
            prizes(Cents(34_501), 23, &s),
            money(&[18_001, 9_600, 6_900])
        );
    }

    #[test]
    fn places_paid_round_half_up_at_least_one_at_most_the_field() {
        assert_eq!(places_paid(50, 1000), 5);
        assert_eq!(places_paid(20, 1250), 3); // 2.5 -> 3
        assert_eq!(places_paid(37, 1200), 4); // 4.44 -> 4
        assert_eq!(places_paid(3, 100), 1); // 0.03 -> at least one
        assert_eq!(places_paid(7, 10_000), 7);
        assert_eq!(places_paid(0, 1000), 0);
    }

    #[test]
    fn a_pool_too_small_for_the_min_cash_lowers_it_and_keeps_the_places() {
        // 5 places at 50 euro would need 250 euro; 200 euro gives each 40 (the equal share).
        assert_eq!(
            curve_prizes(Cents(20_000), 5, Cents(5000), Cents(500)),
            money(&[4000, 4000, 4000, 4000, 4000])
        );
        // Too small for one unit per place: fewer places, never a prize of nothing.
        assert_eq!(
            curve_prizes(Cents(1200), 5, Cents(0), Cents(500)),
            money(&[700, 500])
        );
        assert_eq!(
            curve_prizes(Cents(300), 5, Cents(0), Cents(500)),
            money(&[300])
        );
    }

    #[test]
    fn no_payouts_pays_nothing() {
        let s = PayoutStructure {
            brackets: Vec::new(),
            rounding: Cents(500),
            mode: PayoutMode::None,
        };
        assert_eq!(prizes(Cents(100_000), 50, &s), Vec::<Cents>::new());
    }

    #[test]
    fn a_stored_structure_without_mode_is_the_fixed_table_and_writes_back_the_same() {
        let stored = r#"{"brackets":[{"max_entries":10,"shares_bp":[6500,3500]}],"rounding":500}"#;
        let s: PayoutStructure = serde_json::from_str(stored).unwrap();
        assert_eq!(s.mode, PayoutMode::Table);
        assert_eq!(serde_json::to_string(&s).unwrap(), stored);
        let curve_json = serde_json::to_string(&curve(1000, 2000)).unwrap();
        assert_eq!(
            curve_json,
            r#"{"brackets":[],"rounding":500,"mode":{"kind":"curve","paid_share_bp":1000,"min_cash":2000}}"#
        );
        let back: PayoutStructure = serde_json::from_str(&curve_json).unwrap();
        assert_eq!(back, curve(1000, 2000));
        let none: PayoutStructure =
            serde_json::from_str(r#"{"brackets":[],"rounding":100,"mode":{"kind":"none"}}"#)
                .unwrap();
        assert_eq!(none.mode, PayoutMode::None);
    }

    proptest! {
        /// Every generated structure: exact to the pool, never increasing, every prize but
        /// first a multiple of the unit, the places as stated and the min cash kept whenever
        /// the pool can give every stated place the (rounded-up) min cash.
        #[test]
        fn curves_are_exact_monotone_and_keep_their_promises(
            entries in 1u32..=2_000,
            prize_part in 0i64..=50_000,
            odd in 0i64..=99,
            share in 100u32..=10_000,
            min_cash in prop_oneof![Just(0i64), 1i64..=20_000],
            unit in prop_oneof![Just(1i64), Just(100), Just(500), Just(1000), 1i64..=5000],
        ) {
            let pool = Cents(i64::from(entries) * prize_part + odd);
            let s = PayoutStructure {
                brackets: Vec::new(),
                rounding: Cents(unit),
                mode: PayoutMode::Curve { paid_share_bp: share, min_cash: Cents(min_cash) },
            };
            let p = prizes(pool, entries, &s);
            if pool.0 <= 0 {
                prop_assert!(p.is_empty());
                return Ok(());
            }
            prop_assert_eq!(p.iter().copied().sum::<Cents>(), pool);
            prop_assert!(p.windows(2).all(|w| w[0] >= w[1]), "{:?}", p);
            prop_assert!(p.iter().all(|c| c.0 > 0), "{:?}", p);
            prop_assert!(p[1..].iter().all(|c| c.0 % unit == 0), "{:?}", p);
            let stated = places_paid(entries, share);
            prop_assert!(p.len() <= stated && p.len() <= entries as usize);
            if pool.0 >= stated as i64 * unit {
                prop_assert_eq!(p.len(), stated);
            }
            let rounded_min = ((min_cash + unit - 1) / unit * unit).max(unit);
            if pool.0 >= stated as i64 * rounded_min {
                prop_assert!(p.iter().all(|c| c.0 >= min_cash), "{:?}", p);
            }
        }
    }

    #[test]
    fn tied_places_share_their_prizes() {
        let p = vec![Cents(1000), Cents(601), Cents(300)];
        assert_eq!(shared_prizes(&p, 2, 2), vec![Cents(451), Cents(450)]);
    }
}
