//! Money and chips as integers: cents and chips, never floats, so every sum is exact.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Sub, SubAssign};

/// An amount of money in cents (EUR by default).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(transparent)]
pub struct Cents(pub i64);

/// A number of tournament chips.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
#[serde(transparent)]
pub struct Chips(pub i64);

macro_rules! integer_amount {
    ($t:ident) => {
        impl $t {
            /// Zero of this amount.
            pub const ZERO: $t = $t(0);
            /// Split into `parts` shares that differ by at most one unit and sum exactly to
            /// `self`; the first shares take the odd units.
            pub fn split_evenly(self, parts: usize) -> Vec<$t> {
                if parts == 0 {
                    return Vec::new();
                }
                let n = parts as i64;
                let base = self.0.div_euclid(n);
                let odd = self.0.rem_euclid(n) as usize;
                (0..parts).map(|i| $t(base + i64::from(i < odd))).collect()
            }
            /// `self` minus `other`, never below zero.
            pub fn saturating_sub(self, other: $t) -> $t {
                $t(self.0.saturating_sub(other.0).max(0))
            }
        }
        impl Add for $t {
            type Output = $t;
            fn add(self, o: $t) -> $t {
                $t(self.0.saturating_add(o.0))
            }
        }
        impl Sub for $t {
            type Output = $t;
            fn sub(self, o: $t) -> $t {
                $t(self.0.saturating_sub(o.0))
            }
        }
        impl AddAssign for $t {
            fn add_assign(&mut self, o: $t) {
                *self = *self + o;
            }
        }
        impl SubAssign for $t {
            fn sub_assign(&mut self, o: $t) {
                *self = *self - o;
            }
        }
        impl Sum for $t {
            fn sum<I: Iterator<Item = $t>>(iter: I) -> $t {
                iter.fold($t::ZERO, |a, b| a + b)
            }
        }
    };
}
integer_amount!(Cents);
integer_amount!(Chips);

impl fmt::Display for Cents {
    /// `12.50`: two decimals, the currency sign is the page's business.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
    }
}

impl fmt::Display for Chips {
    /// `12,500`: thousands separated so stacks read at a glance.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = self.0.unsigned_abs().to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(c);
        }
        if self.0 < 0 {
            write!(f, "-{out}")
        } else {
            write!(f, "{out}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_evenly_sums_exactly_and_gives_odd_units_first() {
        assert_eq!(
            Cents(1001).split_evenly(3),
            vec![Cents(334), Cents(334), Cents(333)]
        );
        assert_eq!(
            Cents(1001).split_evenly(3).into_iter().sum::<Cents>(),
            Cents(1001)
        );
        assert!(Cents(5).split_evenly(0).is_empty());
    }

    #[test]
    fn display_is_readable() {
        assert_eq!(Cents(1250).to_string(), "12.50");
        assert_eq!(Cents(-5).to_string(), "-0.05");
        assert_eq!(Chips(1_234_567).to_string(), "1,234,567");
        assert_eq!(Chips(500).to_string(), "500");
    }
}
