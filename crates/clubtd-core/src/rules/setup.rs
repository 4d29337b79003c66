//! Setting a tournament up: creating it, changing its configuration before the start, and
//! the checks every configuration passes first (each rule module relies on them).

use crate::log::error::DomainError;
use crate::model::config::{BountyKind, Config, LateRegistration, Level};
use crate::model::money::Cents;

impl Config {
    /// Checks everything a rule module relies on; the first problem is returned.
    pub fn validate(&self) -> Result<(), DomainError> {
        let bad = |field: &str| DomainError::InvalidConfig {
            field: field.to_string(),
        };
        if self.name.trim().is_empty() || self.name.len() > 120 {
            return Err(bad("name"));
        }
        for (field, c) in [
            ("prize_part", self.prize_part),
            ("house_fee", self.house_fee),
            ("bounty_part", self.bounty_part),
        ] {
            if c.0 < 0 || c.0 > 100_000_000 {
                return Err(bad(field));
            }
        }
        if (self.bounty_kind == BountyKind::None) != (self.bounty_part == Cents::ZERO) {
            return Err(bad("bounty_part"));
        }
        if self.max_entries == Some(0) {
            return Err(bad("max_entries"));
        }
        if self.starting_stack.0 <= 0 || self.starting_stack.0 > 1_000_000_000 {
            return Err(bad("starting_stack"));
        }
        if !(2..=10).contains(&self.table_size) {
            return Err(bad("table_size"));
        }
        if self.tables.is_empty() || self.tables.len() > 500 {
            return Err(bad("tables"));
        }
        let mut sorted = self.tables.clone();
        sorted.sort();
        sorted.dedup();
        if sorted.len() != self.tables.len() || sorted.iter().any(|t| t.0 == 0) {
            return Err(bad("tables"));
        }
        let mut order = self.break_order.clone();
        order.sort();
        if order != sorted {
            return Err(bad("break_order"));
        }
        if self.tables_at_start == 0 || usize::from(self.tables_at_start) > self.tables.len() {
            return Err(bad("tables_at_start"));
        }
        if self.levels.is_empty() || self.levels.len() > 200 || self.levels[0].is_break() {
            return Err(bad("levels"));
        }
        for level in &self.levels {
            match level {
                Level::Play {
                    small_blind,
                    big_blind,
                    ante,
                    minutes,
                } => {
                    if small_blind.0 < 0
                        || big_blind.0 <= 0
                        || small_blind > big_blind
                        || ante.0 < 0
                    {
                        return Err(bad("levels"));
                    }
                    if *minutes == 0 || *minutes > 600 {
                        return Err(bad("levels"));
                    }
                }
                Level::Break { minutes, colour_up } => {
                    if *minutes == 0 || *minutes > 600 || colour_up.is_some_and(|c| c.0 <= 0) {
                        return Err(bad("levels"));
                    }
                }
            }
        }
        if let LateRegistration::UntilLevel { level, .. } = self.late_registration {
            if self.play_level_index(level).is_none() {
                return Err(bad("late_registration"));
            }
        }
        if let Some(bonus) = self.bonus {
            if bonus.chips.0 <= 0 || self.play_level_index(bonus.until_level).is_none() {
                return Err(bad("bonus"));
            }
        }
        let p = &self.payouts;
        if p.rounding.0 <= 0 || p.brackets.is_empty() {
            return Err(bad("payouts"));
        }
        let mut last_max = 0;
        for b in &p.brackets {
            let sum: u64 = b.shares_bp.iter().map(|&s| u64::from(s)).sum();
            let non_increasing = b.shares_bp.windows(2).all(|w| w[0] >= w[1]);
            if b.max_entries <= last_max
                || b.shares_bp.is_empty()
                || sum != 10_000
                || !non_increasing
            {
                return Err(bad("payouts"));
            }
            last_max = b.max_entries;
        }
        if self.stop_table_at >= self.table_size || self.balance_trigger == 0 {
            return Err(bad("stop_table_at"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::config::templates;

    #[test]
    fn templates_are_valid() {
        templates::club_evening("Maandag", 3).validate().unwrap();
        templates::club_pko("PKO", 10).validate().unwrap();
    }

    #[test]
    fn invalid_fields_are_named() {
        let mut c = templates::club_evening("x", 3);
        c.table_size = 1;
        assert_eq!(
            c.validate(),
            Err(DomainError::InvalidConfig {
                field: "table_size".into()
            })
        );
        let mut c = templates::club_evening("x", 3);
        c.bounty_part = Cents(500);
        assert_eq!(
            c.validate(),
            Err(DomainError::InvalidConfig {
                field: "bounty_part".into()
            })
        );
        let mut c = templates::club_evening("x", 3);
        c.payouts.brackets[0].shares_bp = vec![3000, 7000];
        assert_eq!(
            c.validate(),
            Err(DomainError::InvalidConfig {
                field: "payouts".into()
            })
        );
    }
}
