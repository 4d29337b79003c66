//! Numbers and amounts as the reader writes them (issue U.13): Dutch `12.000` and `€ 7,50`,
//! French `12 000` and `7,50 €`, English `12,000` and `€7.50`. For people only: the API, the
//! event log and the CSV export keep plain numbers.

use crate::model::money::{Cents, Chips};

/// How one of the club's languages writes numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumberStyle {
    /// `12.000`, `€ 7,50`.
    Dutch,
    /// `12 000` (a narrow no-break space, as French typesetting has it), `7,50 €`.
    French,
    /// `12,000`, `€7.50`.
    English,
}

impl NumberStyle {
    /// The style of a language code (`"nl"`, `"fr"`, anything else English).
    pub fn of_language(code: &str) -> NumberStyle {
        match code {
            "nl" => NumberStyle::Dutch,
            "fr" => NumberStyle::French,
            _ => NumberStyle::English,
        }
    }

    /// What joins a label to its value: `Volgende: 50 / 100`, but `Suivant : 50 / 100` (French
    /// puts a no-break space before a colon, as the French catalogues do; a narrow one before
    /// `;`, `!` and `?`).
    pub fn colon(self) -> &'static str {
        match self {
            NumberStyle::French => "\u{a0}: ",
            NumberStyle::Dutch | NumberStyle::English => ": ",
        }
    }

    fn thousands(self) -> char {
        match self {
            NumberStyle::Dutch => '.',
            NumberStyle::French => '\u{202f}',
            NumberStyle::English => ',',
        }
    }

    fn decimal(self) -> char {
        match self {
            NumberStyle::Dutch | NumberStyle::French => ',',
            NumberStyle::English => '.',
        }
    }

    fn grouped(self, n: u64) -> String {
        let digits = n.to_string();
        let mut out = String::with_capacity(digits.len() + digits.len() / 3 * 3);
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(self.thousands());
            }
            out.push(c);
        }
        out
    }

    /// A whole number, thousands grouped: `12.000`, `12 000`, `12,000`.
    pub fn whole(self, n: i64) -> String {
        let sign = if n < 0 { "-" } else { "" };
        format!("{sign}{}", self.grouped(n.unsigned_abs()))
    }

    /// A number given in tenths, with its one decimal: `12,5` (`12.5` in English).
    pub fn tenths(self, x10: i64) -> String {
        let sign = if x10 < 0 { "-" } else { "" };
        let abs = x10.unsigned_abs();
        format!(
            "{sign}{}{}{}",
            self.grouped(abs / 10),
            self.decimal(),
            abs % 10
        )
    }

    /// An average stack in big blinds, given in tenths: `240 BB` (a tenth means nothing at 20 BB
    /// or more, and "240.0" reads as a price), `12,5 BB` below; never broken before "BB".
    pub fn big_blinds(self, x10: i64) -> String {
        let number = if x10.unsigned_abs() >= 200 {
            // Rounded half away from zero (division truncates toward it).
            self.whole(x10.saturating_add(5 * x10.signum()) / 10)
        } else {
            self.tenths(x10)
        };
        format!("{number}\u{a0}BB")
    }

    /// A chip count.
    pub fn chips(self, c: Chips) -> String {
        self.whole(c.0)
    }

    /// An amount in euros, always with its cents; the sign and the amount never part across
    /// two lines (a no-break space where there is a space).
    pub fn euro(self, c: Cents) -> String {
        let abs = c.0.unsigned_abs();
        let amount = format!(
            "{}{}{:02}",
            self.grouped(abs / 100),
            self.decimal(),
            abs % 100
        );
        let minus = if c.0 < 0 { "-" } else { "" };
        match self {
            NumberStyle::Dutch => format!("€\u{a0}{minus}{amount}"),
            NumberStyle::French => format!("{minus}{amount}\u{a0}€"),
            NumberStyle::English => format!("{minus}€{amount}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::NumberStyle::{self, Dutch, English, French};
    use crate::model::money::{Cents, Chips};

    #[test]
    fn the_issue_s_examples() {
        assert_eq!(Dutch.chips(Chips(12_000)), "12.000");
        assert_eq!(French.chips(Chips(12_000)), "12\u{202f}000");
        assert_eq!(English.chips(Chips(12_000)), "12,000");
        assert_eq!(Dutch.euro(Cents(750)), "€\u{a0}7,50");
        assert_eq!(French.euro(Cents(750)), "7,50\u{a0}€");
        assert_eq!(English.euro(Cents(750)), "€7.50");
    }

    #[test]
    fn small_large_and_negative() {
        for style in [Dutch, French, English] {
            assert_eq!(style.chips(Chips(0)), "0");
            assert_eq!(style.chips(Chips(999)), "999");
        }
        assert_eq!(Dutch.chips(Chips(1_234_567)), "1.234.567");
        assert_eq!(English.euro(Cents(12_345_678)), "€123,456.78");
        assert_eq!(French.euro(Cents(100_000)), "1\u{202f}000,00\u{a0}€");
        assert_eq!(Dutch.euro(Cents(-250)), "€\u{a0}-2,50");
        assert_eq!(English.euro(Cents(-5)), "-€0.05");
        assert_eq!(English.chips(Chips(-1500)), "-1,500");
    }

    #[test]
    fn tenths_have_one_decimal() {
        assert_eq!(Dutch.tenths(125), "12,5");
        assert_eq!(French.tenths(12_340), "1\u{202f}234,0");
        assert_eq!(English.tenths(5), "0.5");
    }

    #[test]
    fn a_colon_as_each_language_sets_it() {
        assert_eq!(format!("Suivant{}50", French.colon()), "Suivant\u{a0}: 50");
        assert_eq!(format!("Volgende{}50", Dutch.colon()), "Volgende: 50");
    }

    #[test]
    fn big_blinds_drop_the_tenth_from_20_on() {
        assert_eq!(English.big_blinds(2_400), "240\u{a0}BB");
        assert_eq!(Dutch.big_blinds(12_345), "1.235\u{a0}BB");
        assert_eq!(Dutch.big_blinds(199), "19,9\u{a0}BB");
        assert_eq!(French.big_blinds(125), "12,5\u{a0}BB");
        assert_eq!(English.big_blinds(200), "20\u{a0}BB");
    }

    #[test]
    fn a_language_code_picks_its_style() {
        assert_eq!(NumberStyle::of_language("nl"), Dutch);
        assert_eq!(NumberStyle::of_language("fr"), French);
        assert_eq!(NumberStyle::of_language("en"), English);
        assert_eq!(NumberStyle::of_language("de"), English);
    }
}
