//! Error messages in Dutch, French and English, keyed by the stable error codes of the core
//! (`DomainError::code`) plus the server's own (`SERVER_CODES`).
//! Kept as data (`locales/errors.json`) so the club can read and correct them.

use std::collections::BTreeMap;
use std::sync::OnceLock;

/// Codes the server answers with besides the core's: roles, internal failures, and the club
/// database's refusals.
pub const SERVER_CODES: &[&str] = &[
    "UNAUTHORIZED",
    "UNAUTHENTICATED",
    "NOT_FOUND",
    "INVALID_COMMAND_ID",
    "INTERNAL",
    "SAME_CLUB_PLAYER",
    "UNKNOWN_CLUB_PLAYER",
];

type Catalogue = BTreeMap<String, BTreeMap<String, String>>;

fn catalogue() -> &'static Catalogue {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(|| {
        serde_json::from_str(include_str!("../locales/errors.json")).unwrap_or_default()
    })
}

/// The message for `code` in `lang` ("en", "nl" or "fr"), with `{name}` parameters filled in.
/// Falls back to English, then to the code itself.
pub fn error_message(lang: &str, code: &str, params: &BTreeMap<String, String>) -> String {
    let entry = catalogue().get(code);
    let template = entry
        .and_then(|m| m.get(lang).or_else(|| m.get("en")))
        .cloned()
        .unwrap_or_else(|| code.to_string());
    params.iter().fold(template, |text, (k, v)| {
        text.replace(&format!("{{{k}}}"), v)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::DomainError;

    #[test]
    fn every_error_code_has_a_message_in_every_language() {
        for code in DomainError::ALL_CODES.iter().chain(SERVER_CODES.iter()) {
            let entry = catalogue()
                .get(*code)
                .unwrap_or_else(|| panic!("{code} has no messages"));
            for lang in ["en", "nl", "fr"] {
                assert!(
                    entry.get(lang).is_some_and(|m| !m.is_empty()),
                    "{code} lacks {lang}"
                );
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
