//! Error messages in Dutch, French and English, keyed by the stable error codes of the core
//! (`DomainError::code`) plus the server's own (`SERVER_CODES`). The texts are data the club
//! can read and correct (`locales/errors/{en,nl,fr}.json`), compiled in and checked by the
//! core's build (`crate::domain::texts`): a malformed file or a missing language stops the
//! build.

use crate::domain::texts;
use std::collections::BTreeMap;

/// Codes the server answers with besides the core's: roles, internal failures, and the club
/// database's refusals.
pub const SERVER_CODES: &[&str] = &[
    "UNAUTHORIZED",
    "UNAUTHENTICATED",
    "NOT_FOUND",
    "INVALID_COMMAND_ID",
    "COMMAND_ID_REUSED",
    "INTERNAL",
    "SAME_CLUB_PLAYER",
    "UNKNOWN_CLUB_PLAYER",
    "CLUB_NAME_TAKEN",
    "INVALID_POINTS_RULE",
    "INVALID_CHIP_SET",
    "TOO_MANY_SIGN_UPS",
    "DISK_FULL",
    "INVALID_LOG",
    "INVALID_LABEL",
];

/// The message for `code` in `lang` ("en", "nl" or "fr"; anything else reads English), with
/// `{name}` parameters filled in. An unknown code reads as itself, never as an empty line.
pub fn error_message(lang: &str, code: &str, params: &BTreeMap<String, String>) -> String {
    let template = texts::error(code)
        .map(|p| p.in_language(lang).to_string())
        .unwrap_or_else(|| code.to_string());
    params.iter().fold(template, |text, (k, v)| {
        text.replace(&format!("{{{k}}}"), v)
    })
}

/// A refusal of a guided ruling (`RulingError::message`'s key and numbers) in words, the
/// numbers written as the rulings write chips ("800 ingezet, maar de speler had maar 12.000
/// …"). Every number such a refusal carries is chips, a player or a count of players, and
/// the last two never reach a thousand, so each is written alike.
pub fn ruling_refusal(lang: &str, key: &str, params: &BTreeMap<String, String>) -> String {
    use crate::domain::money::Chips;
    use crate::domain::rulings::{format_chips, Lang};
    let written = match lang {
        "nl" => Lang::Nl,
        "fr" => Lang::Fr,
        _ => Lang::En,
    };
    let params = params
        .iter()
        .map(|(k, v)| {
            let v = v
                .parse::<i64>()
                .map(|n| format_chips(Chips(n), written))
                .unwrap_or_else(|_| v.clone());
            (k.clone(), v)
        })
        .collect();
    error_message(lang, key, &params)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::calculators::CalcError;
    use crate::domain::money::Chips;
    use crate::domain::rulings::RulingError;
    use crate::domain::DomainError;

    #[test]
    fn every_error_code_has_a_message_and_every_message_a_code() {
        let codes: Vec<&str> = DomainError::ALL_CODES
            .iter()
            .chain(SERVER_CODES.iter())
            .chain(RulingError::MESSAGE_KEYS.iter())
            .chain(CalcError::ALL_CODES.iter())
            .copied()
            .collect();
        for code in &codes {
            // (The build has checked each message is there in all three languages.)
            assert!(texts::error(code).is_some(), "{code} has no message");
        }
        let stale: Vec<&str> = texts::error_codes()
            .filter(|c| !codes.contains(c))
            .collect();
        assert!(stale.is_empty(), "messages for no code: {stale:?}");
    }

    /// A refused answer in a guided ruling reads as words with its numbers, the chips
    /// grouped as the rulings write them: the table saw "That answer does not fit the question
    /// (RULING_OUT_OF_RANGE)" for 200 players. (That every refusal has its words in every
    /// language, each number filled in, is the core's test: `every_error_has_a_ruling_code`.)
    #[test]
    fn a_refused_ruling_answer_reads_as_words_with_its_numbers() {
        let range = |got| RulingError::OutOfRange {
            question: "players".into(),
            min: 2,
            max: 10,
            got,
        };
        let over_stack = |put_in, stack| RulingError::Calculator {
            error: CalcError::PutInExceedsStack {
                put_in: Chips(put_in),
                stack: Chips(stack),
            },
        };
        let said = |e: &RulingError, lang: &str| {
            let (key, params) = e.message();
            ruling_refusal(lang, key, &params)
        };
        assert_eq!(said(&range(200), "nl"), "Typ hoogstens 10.");
        assert_eq!(said(&range(1), "en"), "Type at least 2.");
        assert_eq!(
            said(&over_stack(800, 600), "en"),
            "800 put in, but the player had only 600 behind: check the two amounts."
        );
        assert_eq!(
            said(&over_stack(15_000, 12_500), "nl"),
            "15.000 ingezet, maar de speler had maar 12.500 achter zich: controleer de twee bedragen."
        );
    }

    #[test]
    fn an_unknown_code_reads_as_itself() {
        assert_eq!(
            error_message("fr", "NO_SUCH_CODE", &BTreeMap::new()),
            "NO_SUCH_CODE"
        );
    }

    /// leptos_i18n only warns when a page text lacks a language (and shows English): here
    /// it is an error.
    #[test]
    fn every_page_text_is_written_in_every_language() {
        fn keys(v: &serde_json::Value, prefix: &str, out: &mut Vec<String>) {
            match v.as_object() {
                Some(map) => {
                    for (k, inner) in map {
                        keys(inner, &format!("{prefix}{k}."), out);
                    }
                }
                None => out.push(prefix.trim_end_matches('.').to_string()),
            }
        }
        let read = |text: &str| {
            let value: serde_json::Value = serde_json::from_str(text).expect("valid JSON");
            let mut out = Vec::new();
            keys(&value, "", &mut out);
            out.sort();
            out
        };
        let en = read(include_str!("../locales/en.json"));
        assert!(en.len() > 100, "{} page texts", en.len());
        assert_eq!(en, read(include_str!("../locales/nl.json")), "nl.json");
        assert_eq!(en, read(include_str!("../locales/fr.json")), "fr.json");
    }

    /// One word per thing (`../shared/notes/glossary.md`): the desk is "balie" / "accueil" /
    /// "desk", a re-entry is "ré-entrée" in French, the payouts "Répartition des gains" and
    /// the pool "dotation". Every text a reader sees, page texts, refusals and rulings, in
    /// each language; a word the glossary replaced fails here with where it is.
    #[test]
    fn every_text_uses_the_clubs_words() {
        let files: [(&str, &str, &[&str]); 9] = [
            ("nl.json", include_str!("../locales/nl.json"), NOT_NL),
            (
                "errors/nl.json",
                include_str!("../locales/errors/nl.json"),
                NOT_NL,
            ),
            (
                "rulings/nl.json",
                include_str!("../locales/rulings/nl.json"),
                NOT_NL,
            ),
            ("fr.json", include_str!("../locales/fr.json"), NOT_FR),
            (
                "errors/fr.json",
                include_str!("../locales/errors/fr.json"),
                NOT_FR,
            ),
            (
                "rulings/fr.json",
                include_str!("../locales/rulings/fr.json"),
                NOT_FR,
            ),
            ("en.json", include_str!("../locales/en.json"), NOT_EN),
            (
                "errors/en.json",
                include_str!("../locales/errors/en.json"),
                NOT_EN,
            ),
            (
                "rulings/en.json",
                include_str!("../locales/rulings/en.json"),
                NOT_EN,
            ),
        ];
        const NOT_NL: &[&str] = &["inschrijftafel", "kassa", "\"kaart\""];
        const NOT_FR: &[&str] = &["prize pool", "réinscription", "\"prix\"", " prix", "caisse"];
        const NOT_EN: &[&str] = &["registration desk", "registration table", "cashier"];
        // French sets a no-break space before `:` and `»` and after `«`, a narrow one before `;`,
        // `!` and `?`: a plain space let "Qui est éliminé ?" break before its "?" on a phone.
        const BREAKING: &[&str] = &[" :", " ;", " !", " ?", " »", "« "];
        let mut found = Vec::new();
        let mut breaking = Vec::new();
        for (file, text, banned) in files {
            let value: serde_json::Value = serde_json::from_str(text).expect("valid JSON");
            let mut texts = Vec::new();
            strings(&value, &mut texts);
            assert!(!texts.is_empty(), "{file} has texts");
            let french = file.contains("fr.json");
            for t in texts {
                // Quoted, so that a whole text ("Kaart") is told from a word inside one.
                let quoted = format!("\"{}\"", t.to_lowercase());
                for word in banned.iter().filter(|w| quoted.contains(*w)) {
                    found.push(format!("{file}: {word} in {t:?}"));
                }
                if french && BREAKING.iter().any(|pair| t.contains(pair)) {
                    breaking.push(format!("{file}: {t:?}"));
                }
            }
        }
        assert!(
            found.is_empty(),
            "words the glossary replaced:\n{}",
            found.join("\n")
        );
        assert!(
            breaking.is_empty(),
            "a plain space beside French punctuation:\n{}",
            breaking.join("\n")
        );

        fn strings(v: &serde_json::Value, out: &mut Vec<String>) {
            match v {
                serde_json::Value::String(s) => out.push(s.clone()),
                serde_json::Value::Object(map) => map.values().for_each(|v| strings(v, out)),
                serde_json::Value::Array(items) => items.iter().for_each(|v| strings(v, out)),
                _ => {}
            }
        }
    }

    #[test]
    fn parameters_are_filled_in() {
        let params = BTreeMap::from([
            ("table".to_string(), "3".to_string()),
            ("seat".to_string(), "7".to_string()),
        ]);
        assert_eq!(
            error_message("nl", "SEAT_TAKEN", &params),
            "Stoel 7 aan tafel 3 is bezet."
        );
    }
}
