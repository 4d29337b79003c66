//! Bounties: what a bust pays its eliminators, exact to the cent.
//!
//! Odd cents: a split bounty gives its odd cents to the eliminators listed first, and a bust
//! report lists them from the first seat after the button (`busts::decide_report_busts`, the
//! odd chip of a split pot, TDA 66), never in the order they were tapped; in a
//! progressive knock-out the odd cent of the half-split stays on the eliminator's head
//! (the cash half is rounded down), so no money is ever created or lost.

use crate::model::config::BountyKind;
use crate::model::ids::PlayerId;
use crate::model::money::Cents;
use crate::model::state::{BountyPaid, Tournament};

/// What the bust of a player carrying `bounty` pays to `eliminators` (a split pot splits it),
/// each payment with `entry` 0: the caller names the eliminator's entry (`onto_entries`).
pub fn bounty_payments(
    kind: BountyKind,
    bounty: Cents,
    eliminators: &[PlayerId],
) -> Vec<BountyPaid> {
    if eliminators.is_empty() || bounty.0 <= 0 {
        return Vec::new();
    }
    let n = eliminators.len();
    match kind {
        BountyKind::None => Vec::new(),
        BountyKind::Fixed => eliminators
            .iter()
            .zip(bounty.split_evenly(n))
            .map(|(to, cash)| BountyPaid {
                to: *to,
                cash,
                onto_head: Cents::ZERO,
                entry: 0,
                knocked_out: None,
            })
            .collect(),
        BountyKind::Progressive => {
            let cash = Cents(bounty.0 / 2);
            let head = bounty - cash;
            eliminators
                .iter()
                .zip(cash.split_evenly(n).into_iter().zip(head.split_evenly(n)))
                .map(|(to, (cash, onto_head))| BountyPaid {
                    to: *to,
                    cash,
                    onto_head,
                    entry: 0,
                    knocked_out: None,
                })
                .collect()
        }
    }
}

/// Names the entry of each eliminator whose head a payment goes onto (`BountyPaid::entry`),
/// so a later correction can tell that head from the next entry's.
pub fn onto_entries(t: &Tournament, payments: Vec<BountyPaid>) -> Vec<BountyPaid> {
    payments
        .into_iter()
        .map(|p| BountyPaid {
            entry: t.players.get(&p.to).map_or(0, |w| w.entries),
            knocked_out: t.players.get(&p.to).map(|w| w.knocked_out),
            ..p
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_bounty_goes_whole_to_one_eliminator_and_splits_on_a_split_pot() {
        let p = bounty_payments(BountyKind::Fixed, Cents(1001), &[PlayerId(1), PlayerId(2)]);
        assert_eq!(p[0].cash + p[1].cash, Cents(1001));
        assert_eq!((p[0].cash, p[1].cash), (Cents(501), Cents(500)));
    }

    #[test]
    fn progressive_bounty_pays_half_cash_half_onto_the_head() {
        let p = bounty_payments(BountyKind::Progressive, Cents(1001), &[PlayerId(3)]);
        assert_eq!(
            p,
            vec![BountyPaid {
                to: PlayerId(3),
                cash: Cents(500),
                onto_head: Cents(501),
                entry: 0,
                knocked_out: None,
            }]
        );
    }

    #[test]
    fn no_eliminator_or_no_bounty_pays_nothing() {
        assert!(bounty_payments(BountyKind::Fixed, Cents(1000), &[]).is_empty());
        assert!(bounty_payments(BountyKind::None, Cents(1000), &[PlayerId(1)]).is_empty());
    }
}
