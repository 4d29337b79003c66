//! Writing computed amounts into the three languages: numbers the way each language groups
//! thousands (1,000 · 1.000 · 1 000), per-player lists, and chips to add or take back (the
//! words from the catalogue's `amounts` section), filled into the `{name}` placeholders of an
//! outcome's text. Pure string work, no allocation surprises:
//! an unknown placeholder is left as written, so a typo shows instead of panicking.

use super::model::{ChipMove, Lang, Text, Value};
use crate::model::money::Chips;
use std::collections::BTreeMap;

/// The catalogue's word for amounts (`amounts.<name>`) in `lang`.
fn word(name: &str, lang: Lang) -> String {
    Text::of(&format!("amounts.{name}")).get(lang).to_string()
}

/// A chip amount written for `lang`: `1,000` in English, `1.000` in Dutch, `1 000` (narrow
/// no-break space) in French (the catalogue's `amounts.thousands`).
pub fn chips(amount: Chips, lang: Lang) -> String {
    let sep = word("thousands", lang);
    let digits = amount.0.unsigned_abs().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 * 3 + 1);
    if amount.0 < 0 {
        out.push('-');
    }
    let len = digits.len();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (len - i).is_multiple_of(3) {
            out.push_str(&sep);
        }
        out.push(c);
    }
    out
}

/// `word` with its `{n}` filled in.
fn word_with(name: &str, lang: Lang, n: &str) -> String {
    word(name, lang).replace("{n}", n)
}

fn player(lang: Lang, index: usize) -> String {
    word_with("player", lang, &(index + 1).to_string())
}

fn chip_move(m: ChipMove, lang: Lang) -> String {
    if m.must_add.0 > 0 {
        word_with("add", lang, &chips(m.must_add, lang))
    } else if m.take_back.0 > 0 {
        word_with("take_back", lang, &chips(m.take_back, lang))
    } else {
        word("nothing_to_move", lang)
    }
}

/// A value written for `lang`. Per-player chips read "player 1: 600; player 2: 1,200"; a
/// per-player count lists only the players with a non-zero count ("none" if nobody).
pub fn value(v: &Value, lang: Lang) -> String {
    match v {
        Value::Chips(c) => chips(*c, lang),
        Value::Count(n) => n.to_string(),
        Value::ChipsPerPlayer(list) => list
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{}{}", player(lang, i), chips(*c, lang)))
            .collect::<Vec<_>>()
            .join(&word("list_separator", lang)),
        Value::CountsPerPlayer(list) => {
            let entries: Vec<String> = list
                .iter()
                .enumerate()
                .filter(|(_, n)| **n != 0)
                .map(|(i, n)| format!("{}{n}", player(lang, i)))
                .collect();
            if entries.is_empty() {
                word("nobody", lang)
            } else {
                entries.join(&word("list_separator", lang))
            }
        }
        Value::Move(m) => chip_move(*m, lang),
    }
}

fn fill_one(template: &str, lang: Lang, values: &BTreeMap<&'static str, Value>) -> String {
    let mut out = String::with_capacity(template.len() + 32);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let name = &after[..close];
                match values.get(name) {
                    Some(v) => out.push_str(&value(v, lang)),
                    None => {
                        out.push('{');
                        out.push_str(name);
                        out.push('}');
                    }
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// The template with every `{name}` replaced by its value, in each language.
pub fn fill(template: &Text, values: &BTreeMap<&'static str, Value>) -> Text {
    Text {
        en: fill_one(&template.en, Lang::En, values),
        nl: fill_one(&template.nl, Lang::Nl, values),
        fr: fill_one(&template.fr, Lang::Fr, values),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_follow_each_language() {
        assert_eq!(chips(Chips(1_234_567), Lang::En), "1,234,567");
        assert_eq!(chips(Chips(1_000), Lang::Nl), "1.000");
        assert_eq!(chips(Chips(25_000), Lang::Fr), "25\u{202f}000");
        assert_eq!(chips(Chips(500), Lang::Nl), "500");
        assert_eq!(chips(Chips(-1500), Lang::En), "-1,500");
        assert_eq!(
            chips(Chips(i64::MIN), Lang::En),
            "-9,223,372,036,854,775,808"
        );
    }

    #[test]
    fn placeholders_are_filled_and_unknown_ones_kept() {
        let mut values = BTreeMap::new();
        values.insert("to", Value::Chips(Chips(1000)));
        values.insert(
            "refunds",
            Value::ChipsPerPlayer(vec![Chips(600), Chips(1200)]),
        );
        let t = Text::new("raise to {to}; {refunds} {nope", "{to} {x}", "{to}}");
        let out = fill(&t, &values);
        assert_eq!(
            out.en,
            "raise to 1,000; player 1: 600; player 2: 1,200 {nope"
        );
        assert_eq!(out.nl, "1.000 {x}");
        assert_eq!(out.fr, "1\u{202f}000}");
    }

    #[test]
    fn per_player_counts_list_only_the_players_concerned() {
        let v = Value::CountsPerPlayer(vec![0, 2, 0, 1]);
        assert_eq!(value(&v, Lang::En), "player 2: 2; player 4: 1");
        assert_eq!(
            value(&v, Lang::Fr),
            "joueur 2\u{a0}: 2\u{a0}; joueur 4\u{a0}: 1"
        );
        let none = Value::CountsPerPlayer(vec![0, 0]);
        assert_eq!(value(&none, Lang::Nl), "geen");
    }

    #[test]
    fn chip_moves_read_naturally() {
        let m = |add, back| {
            Value::Move(ChipMove {
                total_in_front: Chips(0),
                must_add: Chips(add),
                take_back: Chips(back),
            })
        };
        assert_eq!(value(&m(200, 0), Lang::En), "add 200");
        assert_eq!(value(&m(0, 1500), Lang::Nl), "1.500 terugnemen");
        assert_eq!(value(&m(0, 0), Lang::Fr), "rien à ajouter ni à reprendre");
    }
}
