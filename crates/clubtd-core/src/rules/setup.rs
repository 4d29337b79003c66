//! Setting a tournament up: creating it, changing its configuration before the start, and
//! the checks every configuration passes first (each rule module relies on them).

use crate::log::command::{ChangeConfig, CreateTournament, Ctx, DecideCommand};
use crate::log::error::{ApplyError, DomainError};
use crate::log::event::{ApplyEvent, ConfigChanged, Event, TableOpened, TournamentCreated};
use crate::model::config::{BountyKind, Config, LateRegistration, Level, PayoutMode, TicketSource};
use crate::model::money::Cents;
use crate::model::state::{Table, Tournament};

/// `decide` hands a creation to `decide_create` before it looks for a configuration; one that
/// reaches the rule modules comes when the tournament exists already.
impl DecideCommand for CreateTournament {
    fn decide(&self, _t: &Tournament, _cfg: &Config, _ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        Err(DomainError::AlreadyCreated)
    }
}

/// A new tournament with a valid configuration; only once.
pub fn decide_create(t: &Tournament, config: &Config) -> Result<Vec<Event>, DomainError> {
    if t.config.is_some() {
        return Err(DomainError::AlreadyCreated);
    }
    config.validate()?;
    Ok(vec![Event::TournamentCreated(TournamentCreated {
        config: config.clone(),
    })])
}

/// The configuration, before the start only. Tables in use must stay; more tables at the
/// start open now.
impl DecideCommand for ChangeConfig {
    fn decide(&self, t: &Tournament, cfg: &Config, _ctx: Ctx) -> Result<Vec<Event>, DomainError> {
        let ChangeConfig { config } = self;
        if t.clock.is_started() {
            // The announcements touch no rule: the console switches them during play. Any other
            // difference is refused, as before the start.
            let only_announcements = Config {
                announcements: cfg.announcements,
                ..config.clone()
            } == *cfg;
            if !only_announcements {
                return Err(DomainError::AlreadyStarted);
            }
            return Ok(vec![Event::ConfigChanged(ConfigChanged {
                config: config.clone(),
            })]);
        }
        config.validate()?;
        // Tables in use must stay: a player must never be left sitting at a removed table.
        let dropped = t
            .tables
            .iter()
            .any(|(n, tb)| !tb.seats.is_empty() && !config.tables.contains(n));
        if dropped
            || config.table_size < cfg.table_size
                && t.tables
                    .values()
                    .any(|tb| tb.seats.keys().any(|s| s.0 > config.table_size))
        {
            return Err(DomainError::InvalidConfig {
                field: "tables".into(),
            });
        }
        // More tables at the start: they open now, so the desk seats players there (a
        // table already open stays open; one with players must).
        let opened = config
            .tables
            .iter()
            .take(usize::from(config.tables_at_start))
            .filter(|n| !t.tables.get(n).is_some_and(|tb| tb.open))
            .map(|&table| Event::TableOpened(TableOpened { table }));
        Ok(std::iter::once(Event::ConfigChanged(ConfigChanged {
            config: config.clone(),
        }))
        .chain(opened)
        .collect())
    }
}

/// `TournamentCreated`: the tables of the configuration, the first ones open.
impl ApplyEvent for TournamentCreated {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let TournamentCreated { config } = self;
        if t.config.is_some() {
            return Err(ApplyError::AlreadyCreated);
        }
        for (i, table) in config.tables.iter().enumerate() {
            let open = i < usize::from(config.tables_at_start);
            t.tables.insert(
                *table,
                Table {
                    open,
                    ..Table::default()
                },
            );
        }
        t.config = Some(config.clone());
        Ok(())
    }
}

/// `ConfigChanged`: new tables exist from now on (closed until a `TableOpened`).
impl ApplyEvent for ConfigChanged {
    fn apply_to(&self, t: &mut Tournament) -> Result<(), ApplyError> {
        let ConfigChanged { config } = self;
        for table in &config.tables {
            t.tables.entry(*table).or_default();
        }
        t.config = Some(config.clone());
        Ok(())
    }
}

impl Config {
    /// Checks everything a rule module relies on; the first problem is returned.
    pub fn validate(&self) -> Result<(), DomainError> {
        let bad = |field: &str| DomainError::InvalidConfig {
            field: field.to_string(),
        };
        // Refused rather than cleaned: a configuration is stored as sent (an invisible or a
        // control character, or nothing visible, would let one tournament pass for another).
        use crate::model::names::{clean_name, collapse_spaces, MAX_TOURNAMENT_NAME_CHARS};
        let spaced = collapse_spaces(&self.name);
        if clean_name(&self.name, MAX_TOURNAMENT_NAME_CHARS).is_none_or(|n| n != spaced) {
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
        // A cap of nobody would keep everyone on the door's waiting list.
        if self.field_cap == Some(0) {
            return Err(bad("field_cap"));
        }
        if self.sign_up_cap == Some(0) {
            return Err(bad("sign_up_cap"));
        }
        // A night without payouts has no prize pool: money taken for prizes nobody can win
        // would be lost. The buy-in is the house's fee (a league's fund) and bounties only.
        if self.payouts.mode == PayoutMode::None && self.prize_part != Cents::ZERO {
            return Err(bad("prize_part"));
        }
        // A guarantee is a prize pool: a night without prizes cannot have one.
        if let Some(g) = self.guarantee {
            if g.0 <= 0 || g.0 > 1_000_000_000 || self.payouts.mode == PayoutMode::None {
                return Err(bad("guarantee"));
            }
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
        if let Some(r) = self.rebuy {
            let money_ok = [r.prize_part, r.house_fee, r.bounty_part]
                .iter()
                .all(|c| (0..=100_000_000).contains(&c.0));
            // A rebuy's bounty part only where bounties run; its prize part only where prizes
            // are paid (the same reasons as the buy-in's).
            if !money_ok
                || r.price().0 == 0
                || r.chips.0 <= 0
                || r.chips.0 > 1_000_000_000
                || r.stack_at_most.0 < 0
                || r.max_per_player == Some(0)
                || self.play_level_index(r.until_level).is_none()
                || (self.bounty_kind == BountyKind::None && r.bounty_part != Cents::ZERO)
                || (self.payouts.mode == PayoutMode::None && r.prize_part != Cents::ZERO)
            {
                return Err(bad("rebuy"));
            }
        }
        if let Some(a) = self.add_on {
            // The add-on is sold at a break: the level it follows must be followed by one.
            let break_after = self
                .play_level_index(a.after_level)
                .is_some_and(|i| self.levels.get(i + 1).is_some_and(Level::is_break));
            if !break_after
                || !(0..=100_000_000).contains(&a.prize_part.0)
                || !(0..=100_000_000).contains(&a.house_fee.0)
                || a.price().0 == 0
                || a.chips.0 <= 0
                || a.chips.0 > 1_000_000_000
                || (self.payouts.mode == PayoutMode::None && a.prize_part != Cents::ZERO)
            {
                return Err(bad("add_on"));
            }
        }
        if let Some(ticket) = &self.ticket {
            let places_ok = match ticket.source {
                TicketSource::Pool => true,
                TicketSource::House { places } => (1..=100).contains(&places),
            };
            // Tickets are prizes: a night without prizes gives none; a satellite's pool must
            // be able to buy one.
            if ticket.name.trim().is_empty()
                || ticket.name.chars().count() > 80
                || ticket.value.0 <= 0
                || ticket.value.0 > 100_000_000
                || !places_ok
                || self.payouts.mode == PayoutMode::None
            {
                return Err(bad("ticket"));
            }
        }
        let p = &self.payouts;
        if p.rounding.0 <= 0 || p.rounding.0 > 100_000_000 {
            return Err(bad("payouts"));
        }
        match p.mode {
            // Only the table needs brackets; any given are checked below in every mode, so a
            // structure switched back to the table is still sound.
            PayoutMode::Table => {
                if p.brackets.is_empty() {
                    return Err(bad("payouts"));
                }
            }
            PayoutMode::Curve {
                paid_share_bp,
                min_cash,
            } => {
                // 1 % to 100 % of the field, and a minimum cash within the limits of a buy-in.
                if !(100..=10_000).contains(&paid_share_bp)
                    || min_cash.0 < 0
                    || min_cash.0 > 100_000_000
                {
                    return Err(bad("payouts"));
                }
            }
            PayoutMode::None => {}
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
