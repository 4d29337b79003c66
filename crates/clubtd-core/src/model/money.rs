//! Money and chips as integers: cents and chips, never floats, so every sum is exact.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Sub, SubAssign};

/// An amount of money in cents (EUR by default).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(transparent)]
pub struct Cents(pub i64);

/// A number of tournament chips.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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
            /// True for zero (stored fields that are usually zero are left out then).
            pub fn is_zero(&self) -> bool {
                self.0 == 0
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

impl Cents {
    /// Reads an amount typed at the desk in euros: `12`, `12.5`, `12,50`, `€ 1 250.00`.
    /// Exact (no floats); `None` for anything else, negative amounts or more than two
    /// decimals.
    pub fn parse_euros(text: &str) -> Option<Cents> {
        let cleaned: String = text
            .trim()
            .trim_start_matches('€')
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        let (whole, fraction) = match cleaned.split_once(['.', ',']) {
            Some((w, f)) => (w, f),
            None => (cleaned.as_str(), ""),
        };
        let digits =
            |s: &str| !s.is_empty() && s.len() <= 12 && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(whole) || (!fraction.is_empty() && (!digits(fraction) || fraction.len() > 2)) {
            return None;
        }
        let euros: i64 = whole.parse().ok()?;
        let cents: i64 = match fraction.len() {
            0 => 0,
            1 => fraction.parse::<i64>().ok()? * 10,
            _ => fraction.parse().ok()?,
        };
        Some(Cents(euros.checked_mul(100)?.checked_add(cents)?))
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
    #[test]
    fn euros_typed_at_the_desk_read_exactly() {
        use super::Cents;
        assert_eq!(Cents::parse_euros("12"), Some(Cents(1200)));
        assert_eq!(Cents::parse_euros("12.5"), Some(Cents(1250)));
        assert_eq!(Cents::parse_euros(" 12,05 "), Some(Cents(1205)));
        assert_eq!(Cents::parse_euros("€ 1 250.00"), Some(Cents(125_000)));
        assert_eq!(Cents::parse_euros("0"), Some(Cents(0)));
        assert_eq!(Cents::parse_euros("12."), Some(Cents(1200)));
        for bad in ["", "-5", "1.234", "abc", "1,2,3", "€", "99999999999999"] {
            assert_eq!(Cents::parse_euros(bad), None, "{bad:?}");
        }
    }

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
