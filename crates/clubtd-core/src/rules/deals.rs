//! Final-table deals: recording the deal the players agreed (it must share exactly the prize
//! money not yet paid), and the quotes to negotiate from.
//!
//! The quotes: chip-chop and ICM (Malmuth–Harville). A deal is only valid when
//! the TD is told and every remaining player agrees; these functions never decide anything,
//! they only give the table numbers to negotiate from. Every quote is in whole cents and adds
//! up exactly to the prize money still to be won, so the payout sheet always balances: the
//! chip-chop is pure integer arithmetic, and ICM uses `f64` only inside the probability
//! calculation before the same exact integer rounding turns it into cents.

use crate::log::command::{Command, Ctx, DecideCommand, DrawFinalTable, RecordDeal, RevivePlayer};
use crate::log::error::{ApplyError, DomainError};
use crate::log::event::{ApplyEvent, DealRecorded, Event};
use crate::model::config::Config;
use crate::model::ids::PlayerId;
use crate::model::money::{Cents, Chips};
use crate::model::state::Tournament;
use crate::rules::busts::standings;
use crate::rules::purchases::pool_open;
use serde::{Deserialize, Serialize};
use std::cmp::Reverse;
use std::fmt;

/// The most players a deal can be quoted for: two full tables, for the clubs that talk deals
/// before the final table. ICM work grows as 2^n: twenty players with twenty prizes are about
/// 2^20 × 20 steps (tens of milliseconds) and an 8 MB table of reach probabilities.
pub const MAX_DEAL_PLAYERS: usize = 20;

/// Why a deal could not be quoted. The inputs are left untouched; nothing is stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum DealError {
    /// No stacks were given, so there is nobody to deal with.
    NoPlayers,
    /// More players than [`MAX_DEAL_PLAYERS`]: ICM would become slow, and a deal that large is
    /// not a deal among the last tables any more.
    TooManyPlayers { max: usize },
    /// No longer returned: a player with no chips is now quoted (they finish below everyone
    /// with chips). Kept so that the code `DEAL_EMPTY_STACK` stays known to those who stored it.
    EmptyStack { index: usize },
    /// A stack or a prize is negative, which can only be a data error.
    NegativeAmount,
    /// More prizes than players: a prize nobody can win means the prize list is stale.
    TooManyPrizes,
    /// The prize list is empty, so there is no money to share.
    NoPrizes,
    /// The prizes add up to more than fits in [`Cents`].
    Overflow,
}

impl DealError {
    /// The stable code the pages translate (`errors.<CODE>` in `locales/`); never renamed.
    pub fn code(&self) -> &'static str {
        match self {
            DealError::NoPlayers => "DEAL_NO_PLAYERS",
            DealError::TooManyPlayers { .. } => "DEAL_TOO_MANY_PLAYERS",
            DealError::EmptyStack { .. } => "DEAL_EMPTY_STACK",
            DealError::NegativeAmount => "DEAL_NEGATIVE_AMOUNT",
            DealError::TooManyPrizes => "DEAL_TOO_MANY_PRIZES",
            DealError::NoPrizes => "DEAL_NO_PRIZES",
            DealError::Overflow => "DEAL_OVERFLOW",
        }
    }
}

impl fmt::Display for DealError {
    /// English text for logs; the pages use [`DealError::code`] instead.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealError::NoPlayers => write!(f, "a deal needs at least one player"),
            DealError::TooManyPlayers { max } => {
                write!(f, "a deal can be quoted for at most {max} players")
            }
            DealError::EmptyStack { index } => write!(f, "player {index} has no chips"),
            DealError::NegativeAmount => write!(f, "stacks and prizes cannot be negative"),
            DealError::TooManyPrizes => write!(f, "there are more prizes than players"),
            DealError::NoPrizes => write!(f, "there is no prize money to share"),
            DealError::Overflow => write!(f, "the prize money is too large"),
        }
    }
}

impl std::error::Error for DealError {}

/// Chip-chop quote: every player is guaranteed the smallest remaining prize (the prize for last
/// place among the players left; 0 when fewer prizes than players are given) and the rest of
/// the money is split in proportion to chips.
///
/// Players with no chips are sure to finish below everyone with chips: they share the prizes of
/// the last places equally (exact cents, odd cents to the lower index), and the players with
/// chips chop the prizes above them. ICM treats them the same way.
///
/// `stacks` may be in any order and the result follows the same order. `prizes` are the prizes
/// still to be won, first place first, at most one per player; missing places pay 0. The result
/// sums exactly to the sum of `prizes`: the split is done in `i128` and the leftover cents go
/// to the largest remainders, lower index first on a tie.
///
/// # Errors
///
/// A [`DealError`] when there are no players or more than [`MAX_DEAL_PLAYERS`], an amount is
/// negative, there are no prizes or more prizes than players, or the prizes overflow
/// [`Cents`].
pub fn chip_chop(stacks: &[Chips], prizes: &[Cents]) -> Result<Vec<Cents>, DealError> {
    let table = Table::new(stacks, prizes)?;
    Ok(table.quote(|chips, prizes| {
        // The minimum rather than the last entry, so that a prize list that is not sorted
        // still guarantees only what every player is sure to get; for a sorted list they are
        // the same.
        let guaranteed = prizes.iter().copied().min().unwrap_or(0);
        let players = chips.len() as i128;
        let total: i128 = prizes.iter().sum();
        let extra = apportion(total - guaranteed * players, chips);
        extra.into_iter().map(|e| guaranteed + e).collect()
    }))
}

/// ICM quote (Malmuth–Harville): each player's expected prize money when the chance of
/// finishing first is their share of the chips, and the chance of each next place is the same
/// rule among the players not yet placed.
///
/// Same inputs and ordering as [`chip_chop`]. The probabilities are computed in `f64`, then
/// turned into whole cents that sum exactly to the sum of `prizes` (largest remainder, lower
/// index first on a tie). Ten players with ten prizes take well under a millisecond. Prizes are
/// expected in non-increasing order; any order is computed faithfully, but only a non-increasing
/// one guarantees that a bigger stack is never quoted less.
///
/// # Errors
///
/// The same checks and errors as [`chip_chop`].
pub fn icm(stacks: &[Chips], prizes: &[Cents]) -> Result<Vec<Cents>, DealError> {
    let table = Table::new(stacks, prizes)?;
    let given = prizes.len();
    Ok(table.quote(|chips, prizes| {
        let total: i128 = prizes.iter().sum();
        // Only the given prizes matter: the padded zero places add nothing to anyone's
        // equity, and leaving them out keeps the subsets past the last paid place unexpanded.
        let paid: Vec<f64> = prizes[..given.min(prizes.len())]
            .iter()
            .map(|&p| p as f64)
            .collect();
        let equity = harville_equity(chips, &paid);
        let scale = quote_scale(total);
        let cap = total * scale;
        // Quantise the float equities to a grid far coarser than f64 noise, so players who
        // are equal in exact arithmetic get equal weights and the lower-index tie break decides
        // the odd cent instead of rounding noise. The cap keeps `apportion` free of overflow.
        let weights: Vec<i128> = equity
            .iter()
            .map(|&e| ((e * scale as f64).round() as i128).clamp(0, cap))
            .collect();
        apportion(total, &weights)
    }))
}

/// Validated inputs as `i128`, so sums and products of two amounts can never overflow.
struct Table {
    /// Chips per player, none negative.
    chips: Vec<i128>,
    /// Prizes per place, padded with 0 to one per player; their sum fits in `i64`.
    padded_prizes: Vec<i128>,
}

impl Table {
    /// Checks everything both quotes rely on, in a fixed order so the same bad input always
    /// reports the same error.
    fn new(stacks: &[Chips], prizes: &[Cents]) -> Result<Table, DealError> {
        if stacks.is_empty() {
            return Err(DealError::NoPlayers);
        }
        if stacks.len() > MAX_DEAL_PLAYERS {
            return Err(DealError::TooManyPlayers {
                max: MAX_DEAL_PLAYERS,
            });
        }
        if stacks.iter().any(|s| s.0 < 0) {
            return Err(DealError::NegativeAmount);
        }
        if prizes.is_empty() {
            return Err(DealError::NoPrizes);
        }
        if prizes.len() > stacks.len() {
            return Err(DealError::TooManyPrizes);
        }
        if prizes.iter().any(|p| p.0 < 0) {
            return Err(DealError::NegativeAmount);
        }
        let total: i128 = prizes.iter().map(|p| i128::from(p.0)).sum();
        if total > i128::from(i64::MAX) {
            return Err(DealError::Overflow);
        }
        let mut padded_prizes: Vec<i128> = prizes.iter().map(|p| i128::from(p.0)).collect();
        padded_prizes.resize(stacks.len(), 0);
        Ok(Table {
            chips: stacks.iter().map(|s| i128::from(s.0)).collect(),
            padded_prizes,
        })
    }
}

impl Table {
    /// The quote, in the order of the stacks: the `m` players with chips take the top `m`
    /// places in some order, so `among_chips` splits the top `m` prizes among them (their chips
    /// and those prizes, in the same order, giving amounts that sum exactly to those prizes);
    /// the players with no chips finish below all of them, in an order nothing tells apart, so
    /// they share the prizes of the last places equally.
    fn quote(&self, among_chips: impl Fn(&[i128], &[i128]) -> Vec<i128>) -> Vec<Cents> {
        let with_chips: Vec<usize> = (0..self.chips.len())
            .filter(|&i| self.chips[i] > 0)
            .collect();
        let without: Vec<usize> = (0..self.chips.len())
            .filter(|&i| self.chips[i] == 0)
            .collect();
        let (top, bottom) = self.padded_prizes.split_at(with_chips.len());
        let mut out = vec![0i128; self.chips.len()];
        if !with_chips.is_empty() {
            let chips: Vec<i128> = with_chips.iter().map(|&i| self.chips[i]).collect();
            for (&i, share) in with_chips.iter().zip(among_chips(&chips, top)) {
                out[i] = share;
            }
        }
        if !without.is_empty() {
            // Equal weights: an even split, odd cents to the lower index.
            let shares = apportion(bottom.iter().sum(), &vec![1; without.len()]);
            for (&i, share) in without.iter().zip(shares) {
                out[i] = share;
            }
        }
        out.into_iter().map(cents).collect()
    }
}

/// Splits `total` (>= 0) in proportion to `weights` (each >= 0) with the largest-remainder
/// method: everyone gets the floor of their exact share, then the few cents still left go to
/// the largest remainders, lower index first on a tie, so the result sums exactly to `total`
/// and is the same on every machine.
///
/// Callers keep `total * weight` below 2^127. When every weight is 0 the split is even, so the
/// money is never lost.
fn apportion(total: i128, weights: &[i128]) -> Vec<i128> {
    let even;
    let weights = if weights.iter().all(|&w| w == 0) {
        even = vec![1; weights.len()];
        &even[..]
    } else {
        weights
    };
    let sum: i128 = weights.iter().sum();
    let mut shares: Vec<i128> = weights.iter().map(|&w| total * w / sum).collect();
    // Each floor loses less than one unit, so fewer units are left than there are players.
    let left = total - shares.iter().sum::<i128>();
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by_key(|&i| (Reverse(total * weights[i] % sum), i));
    for &i in order.iter().take(usize::try_from(left).unwrap_or(0)) {
        shares[i] += 1;
    }
    shares
}

/// Expected prize money per player under Malmuth–Harville, in cents as `f64`. Every stack is
/// positive (players without chips are placed by [`Table::quote`]).
///
/// Dynamic programming over the subsets of players already placed (a bitmask), which is the
/// memoised form of the textbook recursion: `reach[mask]` is the probability that exactly the
/// players in `mask` took the top `|mask|` places. From there, player `j` takes the next place
/// with probability `chips[j] / chips not yet placed`. That is at most 2^20 * 20 steps instead
/// of the 20! finishing orders, and subsets past the last paid place are never expanded.
///
/// Memory: `reach` is the one table, 2^n f64 (8 MB at twenty players; none when one prize is
/// left, where the chip share is the answer). The placed chips of a subset are not stored but
/// added from two tables of half-subsets (2 × 2^10 sums at twenty players), where a table of
/// one i128 per subset beside the f64 would take 25 MB.
fn harville_equity(chips: &[i128], prizes: &[f64]) -> Vec<f64> {
    let n = chips.len();
    let mut equity = vec![0.0f64; n];
    if prizes.is_empty() {
        return equity;
    }
    let total_chips: i128 = chips.iter().sum();
    // Converted once: i128 to f64 is a library call, too slow for the inner loop.
    let chips_f: Vec<f64> = chips.iter().map(|&c| c as f64).collect();
    if prizes.len() == 1 {
        // Winner takes all: the chance of winning is the chip share, no table needed.
        let all = total_chips as f64;
        for (e, c) in equity.iter_mut().zip(&chips_f) {
            *e = prizes[0] * c / all;
        }
        return equity;
    }
    let subsets = 1usize << n;
    // Chip sums kept exact in i128 (so the only float error is in the divisions themselves),
    // as sums over the low and the high half of the players.
    let low_bits = n / 2;
    let half_sums = |from: usize, count: usize| -> Vec<i128> {
        let mut sums = vec![0i128; 1 << count];
        for m in 1..sums.len() {
            let lowest = m.trailing_zeros() as usize;
            sums[m] = sums[m & (m - 1)] + chips[from + lowest];
        }
        sums
    };
    let low_sums = half_sums(0, low_bits);
    let high_sums = half_sums(low_bits, n - low_bits);
    let low_mask = (1usize << low_bits) - 1;
    let mut reach = vec![0.0f64; subsets];
    reach[0] = 1.0;
    // Numeric order visits every subset after all of its own subsets, so `reach[mask]` is final
    // by the time it is read.
    for mask in 0..subsets {
        let place = mask.count_ones() as usize;
        if place >= prizes.len() {
            continue;
        }
        let p = reach[mask];
        if p == 0.0 {
            continue;
        }
        let placed = low_sums[mask & low_mask] + high_sums[mask >> low_bits];
        let chips_left = (total_chips - placed) as f64;
        for (j, &c) in chips_f.iter().enumerate() {
            if mask & (1 << j) != 0 {
                continue;
            }
            let q = p * c / chips_left;
            equity[j] += q * prizes[place];
            if place + 1 < prizes.len() {
                reach[mask | (1 << j)] += q;
            }
        }
    }
    equity
}

/// How many ICM weight units make a cent: a millionth of a cent for ordinary prize pools, but
/// never so fine that `total * scale` passes 10^12, where f64 (about 16 significant digits,
/// minus what the sums above lose) would start to show its noise in the weights.
fn quote_scale(total: i128) -> i128 {
    let mut scale: i128 = 1_000_000;
    while scale > 1 && total * scale > 1_000_000_000_000 {
        scale /= 10;
    }
    scale
}

/// Back to [`Cents`]. Every share is between 0 and the checked total, so it always fits.
fn cents(amount: i128) -> Cents {
    Cents(i64::try_from(amount).expect("a share never exceeds the checked prize total"))
}

/// Seed 000 / FIDPA: an agreed deal among the players left; the amounts, the amount left to
/// play for (which the winner takes on top of their deal amount) and the prizes already paid
/// make exactly the prize pool. A tournament that pays no prizes has no deal (`NO_PAYOUTS`).
/// A deal can be recorded again (a correction) only while all of its players are still in:
/// once one is out with a deal amount, that amount is paid.
impl DecideCommand for RecordDeal {
    fn decide(&self, t: &Tournament, cfg: &Config, ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let &RecordDeal {
            ref amounts,
            to_play_for,
            ref note,
        } = self;
        if t.prizes().is_empty() {
            return Err(DomainError::NoPayouts);
        }
        if !t.clock.is_started() || pool_open(t, cfg, ctx.now) {
            return Err(DomainError::DealBeforeFieldFinal);
        }
        let left: Vec<PlayerId> = t.playing().map(|p| p.id).collect();
        let mut named: Vec<PlayerId> = amounts.iter().map(|(p, _)| *p).collect();
        named.sort();
        if left.len() < 2
            || named != left
            || amounts.iter().any(|(_, c)| c.0 < 0)
            || to_play_for.0 < 0
        {
            return Err(DomainError::InvalidDeal);
        }
        if let Some(earlier) = &t.deal {
            let mut dealt: Vec<PlayerId> = earlier.iter().map(|(p, _)| *p).collect();
            dealt.sort();
            if dealt != left {
                return Err(DomainError::InvalidDeal);
            }
        }
        // Nobody of the deal is out (checked above), so the standings' prizes are the table's
        // prizes of the players out before it.
        let paid: Cents = standings(t, cfg, ctx.now).iter().map(|s| s.prize).sum();
        // In i128: the amounts are the caller's, and `Cents`' saturating sum could hide an
        // overflow that happens to land on the pool.
        let total: i128 = amounts.iter().map(|(_, c)| i128::from(c.0)).sum::<i128>()
            + i128::from(to_play_for.0)
            + i128::from(paid.0);
        if total != i128::from(t.pool_to_pay().0) {
            return Err(DomainError::InvalidDeal);
        }
        Ok(vec![Event::DealRecorded(DealRecorded {
            amounts: amounts.to_vec(),
            note: note.trim().chars().take(500).collect(),
            to_play_for,
            at: Some(ctx.now),
        })])
    }
}

/// Seed 000 / FIDPA: what a recorded deal fixes. Its players and amounts share exactly the
/// money not yet paid, so a command that brings a player into play (a registration, a
/// re-entry, registration reopened, a revive of a player out before the deal, a reinstated
/// leaver, a cancelled re-entry's place given back, a reopened table) would break that sum:
/// refused, the TD records the deal again if it changed. Once the deal ended play (nothing
/// left to play for), the play itself is over too: no bust, leave, disqualification, move or
/// table change.
pub fn refused_after_deal(t: &Tournament, command: &Command) -> Result<(), DomainError> {
    let Some(deal) = &t.deal else {
        return Ok(());
    };
    let in_deal = |p: &PlayerId| deal.iter().any(|(x, _)| x == p);
    let ended_play = t.deal_that_ended_play().is_some();
    let refused = match command {
        Command::RegisterPlayer(_)
        | Command::ReEnter(_)
        | Command::ReopenRegistration(_)
        | Command::ReinstatePlayer(_)
        | Command::CancelEntry(_)
        | Command::Rebuy(_)
        | Command::AddOn(_)
        | Command::RequestRebuy(_)
        | Command::SignUp(_)
        | Command::RequestReEntry(_)
        | Command::Admit(_)
        | Command::CancelRebuy(_)
        | Command::CancelAddOn(_)
        | Command::ReopenTable(_) => true,
        Command::RevivePlayer(RevivePlayer { player, .. }) => !in_deal(player) || ended_play,
        Command::ReportBusts(_)
        | Command::LeaveEarly(_)
        | Command::Disqualify(_)
        | Command::SurrenderStack(_)
        | Command::MovePlayer(_)
        | Command::BreakTable(_)
        | Command::DrawFinalTable(DrawFinalTable {}) => ended_play,
        _ => false,
    };
    if refused {
        Err(DomainError::DealRecorded)
    } else {
        Ok(())
    }
}

/// `DealRecorded`: the amounts agreed, which replace the prizes of the players in the deal,
/// and what is left to play for.
impl ApplyEvent for DealRecorded {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let &DealRecorded {
            ref amounts,
            to_play_for,
            at,
            ..
        } = self;
        t.deal = Some(amounts.to_vec());
        t.deal_to_play_for = to_play_for;
        t.deal_at = at;
        Ok(())
    }
}

impl Tournament {
    /// The recorded deal when it ended play (it left nothing to play for): its players' places
    /// are then fixed by their chips and nothing is played any more. `None` without a deal, or
    /// while the players of one play on for the amount it left.
    pub fn deal_that_ended_play(&self) -> Option<&[(PlayerId, Cents)]> {
        self.deal
            .as_deref()
            .filter(|_| self.deal_to_play_for == Cents::ZERO)
    }

    /// What a recorded deal gives `player`: the agreed amount, plus what was left to play for
    /// once they are the one player left. `None` when they are not in a deal.
    pub fn deal_amount(&self, player: PlayerId) -> Option<Cents> {
        let (_, agreed) = self.deal.as_ref()?.iter().find(|(p, _)| *p == player)?;
        let won_the_rest = self.players_left() == 1 && self.playing().any(|p| p.id == player);
        Some(if won_the_rest {
            *agreed + self.deal_to_play_for
        } else {
            *agreed
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn chips(v: &[i64]) -> Vec<Chips> {
        v.iter().map(|&c| Chips(c)).collect()
    }

    fn money(v: &[i64]) -> Vec<Cents> {
        v.iter().map(|&c| Cents(c)).collect()
    }

    fn raw(v: &[Cents]) -> Vec<i64> {
        v.iter().map(|c| c.0).collect()
    }

    /// Harville by brute force: walk every finishing order. A different algorithm from the
    /// subset DP, so agreement is real evidence. Players without chips finish after everyone
    /// with chips, each of their orders as likely: they share what is left equally.
    fn brute_force_icm(stacks: &[f64], prizes: &[f64]) -> Vec<f64> {
        fn walk(left: &mut Vec<usize>, place: usize, p: f64, s: &[f64], z: &[f64], e: &mut [f64]) {
            if place >= z.len() || left.is_empty() {
                return;
            }
            let total: f64 = left.iter().map(|&i| s[i]).sum();
            if total == 0.0 {
                let rest: f64 = z[place..].iter().sum();
                for &i in left.iter() {
                    e[i] += p * rest / left.len() as f64;
                }
                return;
            }
            for k in 0..left.len() {
                let i = left[k];
                let q = p * s[i] / total;
                e[i] += q * z[place];
                left.remove(k);
                walk(left, place + 1, q, s, z, e);
                left.insert(k, i);
            }
        }
        let mut equity = vec![0.0; stacks.len()];
        let mut left: Vec<usize> = (0..stacks.len()).collect();
        walk(&mut left, 0, 1.0, stacks, prizes, &mut equity);
        equity
    }

    #[test]
    fn heads_up_three_to_one_by_hand() {
        // 600 each is guaranteed, the other 400 goes 3:1, so 300 + 600 and 100 + 600.
        let stacks = chips(&[30_000, 10_000]);
        let prizes = money(&[1000, 600]);
        assert_eq!(chip_chop(&stacks, &prizes), Ok(money(&[900, 700])));
        // Heads-up ICM is the chip-chop: win with 3/4, otherwise take second.
        assert_eq!(icm(&stacks, &prizes), Ok(money(&[900, 700])));
    }

    #[test]
    fn result_follows_the_order_of_the_stacks() {
        let prizes = money(&[1000, 600]);
        assert_eq!(
            chip_chop(&chips(&[10_000, 30_000]), &prizes),
            Ok(money(&[700, 900]))
        );
        assert_eq!(
            icm(&chips(&[10_000, 30_000]), &prizes),
            Ok(money(&[700, 900]))
        );
    }

    #[test]
    fn chip_chop_three_players_by_hand() {
        // 2000 guaranteed each (6000), the other 4000 split 5:3:2 = 2000/1200/800.
        let got = chip_chop(&chips(&[5000, 3000, 2000]), &money(&[5000, 3000, 2000]));
        assert_eq!(got, Ok(money(&[4000, 3200, 2800])));
    }

    #[test]
    fn fewer_prizes_than_players_guarantee_nothing() {
        // Last place pays 0, so both quotes are a straight chip split of the one prize.
        let stacks = chips(&[5000, 3000, 2000]);
        let prizes = money(&[1000]);
        assert_eq!(chip_chop(&stacks, &prizes), Ok(money(&[500, 300, 200])));
        // Winner takes all: ICM equity is just the chance of winning, the chip share.
        assert_eq!(icm(&stacks, &prizes), Ok(money(&[500, 300, 200])));
    }

    #[test]
    fn odd_cents_go_to_largest_remainder_then_lower_index() {
        // 100 in thirds: 33.33 each, one cent left, equal remainders: the first player.
        assert_eq!(
            chip_chop(&chips(&[7, 7, 7]), &money(&[100])),
            Ok(money(&[34, 33, 33]))
        );
        assert_eq!(
            icm(&chips(&[7, 7, 7]), &money(&[100])),
            Ok(money(&[34, 33, 33]))
        );
        // 101 in thirds: two cents left, first two players.
        assert_eq!(
            chip_chop(&chips(&[1, 1, 1]), &money(&[101])),
            Ok(money(&[34, 34, 33]))
        );
        // 10 split 1:2 = 3.33/6.67: the larger remainder (the second player) wins the cent
        // even though it has the higher index.
        assert_eq!(
            chip_chop(&chips(&[1, 2]), &money(&[10])),
            Ok(money(&[3, 7]))
        );
    }

    #[test]
    fn icm_three_players_by_hand() {
        // Stacks 5000/3000/2000, prizes 50/30/20 euro. First: 1/2, 3/10, 1/5.
        // P(A 2nd) = 3/10 * 5/7 + 1/5 * 5/8 = 19/56, P(A 3rd) = 1 - 1/2 - 19/56 = 9/56
        //   E(A) = 5000/2 + 3000 * 19/56 + 2000 * 9/56 = 3839 2/7 cents.
        // P(B 2nd) = 1/2 * 3/5 + 1/5 * 3/8 = 3/8, P(B 3rd) = 13/40
        //   E(B) = 5000 * 3/10 + 3000 * 3/8 + 2000 * 13/40 = 3275 cents exactly.
        // P(C 2nd) = 1/2 * 2/5 + 3/10 * 2/7 = 2/7, P(C 3rd) = 18/35
        //   E(C) = 5000/5 + 3000 * 2/7 + 2000 * 18/35 = 2885 5/7 cents.
        // (38.39/32.75/28.86 euro; they add up to 100.) Floors 3839/3275/2885 leave one cent,
        // and C has the largest remainder (5/7 > 2/7).
        let (a, b, c) = (5000.0_f64, 3000.0_f64, 2000.0_f64);
        let t = a + b + c;
        let a2 = b / t * a / (a + c) + c / t * a / (a + b);
        let b2 = a / t * b / (b + c) + c / t * b / (a + b);
        let c2 = a / t * c / (b + c) + b / t * c / (a + c);
        let by_hand = [
            5000.0 * a / t + 3000.0 * a2 + 2000.0 * (1.0 - a / t - a2),
            5000.0 * b / t + 3000.0 * b2 + 2000.0 * (1.0 - b / t - b2),
            5000.0 * c / t + 3000.0 * c2 + 2000.0 * (1.0 - c / t - c2),
        ];
        assert!((by_hand[0] - (3839.0 + 2.0 / 7.0)).abs() < 1e-9);
        assert!((by_hand[1] - 3275.0).abs() < 1e-9);
        assert!((by_hand[2] - (2885.0 + 5.0 / 7.0)).abs() < 1e-9);

        let got = icm(&chips(&[5000, 3000, 2000]), &money(&[5000, 3000, 2000])).unwrap();
        assert_eq!(got, money(&[3839, 3275, 2886]));
        for (g, h) in got.iter().zip(by_hand) {
            assert!((g.0 as f64 - h).abs() < 1.0);
        }
    }

    #[test]
    fn icm_rewards_short_stacks_more_than_chip_chop() {
        // The classic ICM effect: chip-chop 4000/3200/2800 overpays the leader (3839 by ICM)
        // and underpays the short stack (2886 by ICM), because chips won are worth less than
        // chips lost.
        let stacks = chips(&[5000, 3000, 2000]);
        let prizes = money(&[5000, 3000, 2000]);
        let chop = chip_chop(&stacks, &prizes).unwrap();
        let quote = icm(&stacks, &prizes).unwrap();
        assert!(quote[0] < chop[0]);
        assert!(quote[2] > chop[2]);
        assert_eq!(raw(&quote).iter().sum::<i64>(), 10_000);
    }

    #[test]
    fn equal_stacks_get_equal_shares() {
        for n in 1..=MAX_DEAL_PLAYERS {
            let stacks = vec![Chips(12_345); n];
            let prizes: Vec<Cents> = (0..n).map(|k| Cents(200_003 - 7_919 * k as i64)).collect();
            let total: i64 = prizes.iter().map(|p| p.0).sum();
            for quote in [chip_chop(&stacks, &prizes), icm(&stacks, &prizes)] {
                let quote = raw(&quote.unwrap());
                assert_eq!(quote.iter().sum::<i64>(), total);
                // Within a cent, and the odd cents go to the first players.
                assert!(quote.windows(2).all(|w| w[0] == w[1] || w[0] == w[1] + 1));
            }
        }
    }

    #[test]
    fn single_player_takes_everything() {
        assert_eq!(chip_chop(&chips(&[10]), &money(&[999])), Ok(money(&[999])));
        assert_eq!(icm(&chips(&[10]), &money(&[999])), Ok(money(&[999])));
    }

    #[test]
    fn zero_prize_money_quotes_zero() {
        let stacks = chips(&[3, 2, 1]);
        assert_eq!(chip_chop(&stacks, &money(&[0, 0])), Ok(money(&[0, 0, 0])));
        assert_eq!(icm(&stacks, &money(&[0, 0])), Ok(money(&[0, 0, 0])));
    }

    #[test]
    fn ten_players_ten_prizes_match_brute_force() {
        let stacks: Vec<i64> = vec![
            91_000, 64_500, 48_000, 33_250, 27_000, 19_900, 12_000, 8_800, 4_100, 1_450,
        ];
        let prizes: Vec<i64> = vec![
            300_000, 180_000, 120_000, 90_000, 70_000, 55_000, 45_000, 35_000, 30_000, 25_000,
        ];
        let quote = raw(&icm(&chips(&stacks), &money(&prizes)).unwrap());
        assert_eq!(quote.iter().sum::<i64>(), prizes.iter().sum::<i64>());
        assert!(quote.windows(2).all(|w| w[0] >= w[1]));
        let s: Vec<f64> = stacks.iter().map(|&c| c as f64).collect();
        let z: Vec<f64> = prizes.iter().map(|&c| c as f64).collect();
        for (q, e) in quote.iter().zip(brute_force_icm(&s, &z)) {
            assert!((*q as f64 - e).abs() < 1.0, "{q} vs {e}");
        }
    }

    #[test]
    fn huge_amounts_do_not_overflow() {
        let stacks = chips(&[i64::MAX, i64::MAX - 1, 1]);
        let prizes = money(&[i64::MAX / 2, i64::MAX / 4, i64::MAX / 8]);
        let total: i128 = prizes.iter().map(|p| i128::from(p.0)).sum();
        for quote in [chip_chop(&stacks, &prizes), icm(&stacks, &prizes)] {
            let quote = quote.unwrap();
            assert_eq!(quote.iter().map(|c| i128::from(c.0)).sum::<i128>(), total);
            assert!(quote.iter().all(|c| c.0 >= 0));
        }
    }

    #[test]
    fn invalid_input_is_refused_with_a_code() {
        let ok = money(&[100]);
        let cases = [
            (
                chips(&[]),
                ok.clone(),
                DealError::NoPlayers,
                "DEAL_NO_PLAYERS",
            ),
            (
                vec![Chips(1); 21],
                ok.clone(),
                DealError::TooManyPlayers { max: 20 },
                "DEAL_TOO_MANY_PLAYERS",
            ),
            (
                chips(&[5, -1]),
                ok.clone(),
                DealError::NegativeAmount,
                "DEAL_NEGATIVE_AMOUNT",
            ),
            (
                chips(&[5, 1]),
                money(&[100, -1]),
                DealError::NegativeAmount,
                "DEAL_NEGATIVE_AMOUNT",
            ),
            (
                chips(&[5, 1]),
                money(&[3, 2, 1]),
                DealError::TooManyPrizes,
                "DEAL_TOO_MANY_PRIZES",
            ),
            (
                chips(&[5, 1]),
                money(&[]),
                DealError::NoPrizes,
                "DEAL_NO_PRIZES",
            ),
            (
                chips(&[5, 1]),
                money(&[i64::MAX, 1]),
                DealError::Overflow,
                "DEAL_OVERFLOW",
            ),
        ];
        for (stacks, prizes, error, code) in cases {
            assert_eq!(chip_chop(&stacks, &prizes), Err(error.clone()));
            assert_eq!(icm(&stacks, &prizes), Err(error.clone()));
            assert_eq!(error.code(), code);
            assert!(!error.to_string().is_empty());
        }
    }

    /// 2..=`max` stacks, sometimes tiny so equal stacks occur, sometimes none (a player with
    /// no chips), and 1..=n prizes, first place first, as a real payout table is.
    fn table(max: usize) -> impl Strategy<Value = (Vec<Chips>, Vec<Cents>)> {
        (2usize..=max).prop_flat_map(|n| {
            let stack = prop_oneof![4 => 1i64..=4, 4 => 1i64..=2_000_000_000, 1 => Just(0i64)];
            let stacks = prop::collection::vec(stack.prop_map(Chips), n);
            let prizes = prop::collection::vec(0i64..=100_000_000, 1..=n).prop_map(|mut p| {
                p.sort_unstable_by(|a, b| b.cmp(a));
                p.into_iter().map(Cents).collect::<Vec<_>>()
            });
            (stacks, prizes)
        })
    }

    /// Sums exactly, nothing negative, and a bigger stack never gets more than a cent less.
    fn check_quote(stacks: &[Chips], prizes: &[Cents], quote: &[Cents]) {
        let total: i64 = prizes.iter().map(|p| p.0).sum();
        assert_eq!(quote.len(), stacks.len());
        assert_eq!(quote.iter().map(|c| c.0).sum::<i64>(), total);
        assert!(quote.iter().all(|c| c.0 >= 0));
        for i in 0..stacks.len() {
            for j in 0..stacks.len() {
                if stacks[i] >= stacks[j] {
                    assert!(
                        quote[i].0 + 1 >= quote[j].0,
                        "{stacks:?} {prizes:?} {quote:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn players_without_chips_share_the_last_places() {
        // The two with chips are heads-up for 50 and 30 euro (30 each sure, the other 20 split
        // 5:3 = 12.50 / 7.50); the two without chips share 15.00 + 5.01 = 20.01 (10.01 to the
        // first of them, 10.00 to the second).
        let stacks = chips(&[5000, 0, 3000, 0]);
        let prizes = money(&[5000, 3000, 1500, 501]);
        let want = money(&[4250, 1001, 3750, 1000]);
        assert_eq!(chip_chop(&stacks, &prizes), Ok(want.clone()));
        assert_eq!(icm(&stacks, &prizes), Ok(want));
        // Nobody has chips: everyone shares everything, 151 in thirds.
        let none = chips(&[0, 0, 0]);
        let prizes = money(&[100, 50, 1]);
        assert_eq!(chip_chop(&none, &prizes), Ok(money(&[51, 50, 50])));
        assert_eq!(icm(&none, &prizes), Ok(money(&[51, 50, 50])));
        // Fewer prizes than players with chips: the players without chips get nothing.
        assert_eq!(
            icm(&chips(&[2, 0, 1, 1]), &money(&[1000])),
            Ok(money(&[500, 0, 250, 250]))
        );
    }

    /// Twenty stacks, biggest first, all different.
    fn twenty_stacks() -> Vec<Chips> {
        (0..20i64).map(|k| Chips(400_000 - 17_321 * k)).collect()
    }

    #[test]
    fn twenty_players_twenty_prizes_sum_exactly_and_follow_the_stacks() {
        let stacks = twenty_stacks();
        let prizes: Vec<Cents> = (0..20i64).map(|k| Cents(250_003 - 11_117 * k)).collect();
        let total: i64 = prizes.iter().map(|p| p.0).sum();
        for quote in [icm(&stacks, &prizes), chip_chop(&stacks, &prizes)] {
            let quote = raw(&quote.unwrap());
            assert_eq!(quote.iter().sum::<i64>(), total);
            // Stacks strictly decrease, so the quotes never increase.
            assert!(quote.windows(2).all(|w| w[0] >= w[1]), "{quote:?}");
            // Nobody below the last prize, nobody above the first.
            assert!(quote.iter().all(|&q| q >= prizes[19].0 && q <= prizes[0].0));
        }
    }

    #[test]
    fn twenty_players_three_prizes_match_brute_force() {
        // Three places deep is 20 x 19 x 18 orders for the brute force.
        let stacks = twenty_stacks();
        let prizes = money(&[500_000, 300_000, 200_001]);
        let quote = raw(&icm(&stacks, &prizes).unwrap());
        assert_eq!(quote.iter().sum::<i64>(), 1_000_001);
        let s: Vec<f64> = stacks.iter().map(|c| c.0 as f64).collect();
        let z: Vec<f64> = prizes.iter().map(|c| c.0 as f64).collect();
        for (q, e) in quote.iter().zip(brute_force_icm(&s, &z)) {
            assert!((*q as f64 - e).abs() < 1.0, "{q} vs {e}");
        }
    }

    proptest! {
        #[test]
        fn chip_chop_is_exact_and_monotone((stacks, prizes) in table(MAX_DEAL_PLAYERS)) {
            let quote = chip_chop(&stacks, &prizes).unwrap();
            check_quote(&stacks, &prizes, &quote);
            // Nobody gets less than the guaranteed last-place prize.
            let floor = if prizes.len() == stacks.len() { prizes[prizes.len() - 1].0 } else { 0 };
            prop_assert!(quote.iter().all(|c| c.0 >= floor));
        }

        // Up to 12 players: a random case of 20 costs a second in a debug build; the
        // twenty-player tests above cover the size.
        #[test]
        fn icm_is_exact_and_monotone((stacks, prizes) in table(12)) {
            let quote = icm(&stacks, &prizes).unwrap();
            check_quote(&stacks, &prizes, &quote);
        }

        #[test]
        fn icm_matches_brute_force((stacks, prizes) in table(7)) {
            // Seven players is 5040 finishing orders, enough to cover the DP without a slow test.
            let quote = icm(&stacks, &prizes).unwrap();
            let s: Vec<f64> = stacks.iter().map(|c| c.0 as f64).collect();
            let z: Vec<f64> = prizes.iter().map(|c| c.0 as f64).collect();
            for (q, e) in quote.iter().zip(brute_force_icm(&s, &z)) {
                prop_assert!((q.0 as f64 - e).abs() < 1.0, "{} vs {}", q.0, e);
            }
        }

        #[test]
        fn heads_up_icm_is_chip_chop(a in 1i64..=1_000_000_000, b in 1i64..=1_000_000_000,
                                     first in 0i64..=100_000_000, second in 0i64..=100_000_000) {
            let stacks = [Chips(a), Chips(b)];
            let prizes = [Cents(first.max(second)), Cents(first.min(second))];
            let chop = chip_chop(&stacks, &prizes).unwrap();
            let quote = icm(&stacks, &prizes).unwrap();
            prop_assert!((chop[0].0 - quote[0].0).abs() <= 1);
        }
    }
}
