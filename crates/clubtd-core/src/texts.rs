//! The texts that belong to codes, in the club's three languages: the message of every error
//! code and every text of the guided rulings. They live with the pages' texts, in
//! `locales/errors/` and `locales/rulings/` (one file per language, for translators), and
//! `build.rs` compiles them in, refusing to build on a malformed file, an empty text, a key
//! missing in one language or placeholders that differ between languages.

/// One text in English, Dutch and French.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Phrase {
    /// English.
    pub en: &'static str,
    /// Dutch.
    pub nl: &'static str,
    /// French.
    pub fr: &'static str,
}

impl Phrase {
    /// The text for a language code (`"nl"`, `"fr"`, anything else English).
    pub fn in_language(&self, code: &str) -> &'static str {
        match code {
            "nl" => self.nl,
            "fr" => self.fr,
            _ => self.en,
        }
    }
}

include!(concat!(env!("OUT_DIR"), "/catalogues.rs"));

fn find(table: &'static [(&'static str, Phrase)], key: &str) -> Option<Phrase> {
    table
        .binary_search_by(|(k, _)| (*k).cmp(key))
        .ok()
        .map(|i| table[i].1)
}

/// The message of an error code (`"SEAT_TAKEN"`), with `{name}` placeholders for its
/// parameters.
pub fn error(code: &str) -> Option<Phrase> {
    find(&ERRORS, code)
}

/// Every error code that has a message.
pub fn error_codes() -> impl Iterator<Item = &'static str> {
    ERRORS.iter().map(|(k, _)| *k)
}

/// A text of the guided rulings: `"<flow>.<node>"`, `"<flow>.<node>.<option>"`,
/// `"<flow>.<node>.help"`, `"<flow>.title"`, or `"amounts.<word>"` for the words amounts are
/// written with.
pub fn ruling(key: &str) -> Option<Phrase> {
    find(&RULINGS, key)
}

/// Every key of the rulings' catalogue.
pub fn ruling_keys() -> impl Iterator<Item = &'static str> {
    RULINGS.iter().map(|(k, _)| *k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_are_sorted_for_the_binary_search() {
        assert!(ERRORS.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(RULINGS.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn texts_are_found_by_key_in_each_language() {
        let seat = error("SEAT_TAKEN").expect("SEAT_TAKEN has a message");
        assert_eq!(
            seat.in_language("nl"),
            "Stoel {seat} aan tafel {table} is bezet."
        );
        assert!(error("NO_SUCH_CODE").is_none());
        let title = ruling("exposed_card_deal.title").expect("a flow title");
        assert_eq!(title.fr, "Carte retournée pendant la donne");
        assert_eq!(ruling("amounts.thousands").map(|p| p.nl), Some("."));
    }
}
