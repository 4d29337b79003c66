//! Names people type (a player at the desk, a tournament): what the server keeps is what the
//! room reads, so a name may not hide as another. Control characters (NUL, a newline, a tab)
//! and the bidirectional controls that turn text around ("Ann" shown for "nnA") make a name
//! refused; invisible characters (zero-width spaces and joiners, the soft hyphen, the byte
//! order mark) are removed, so "A\u{200B}nn" is "Ann"; runs of spaces become one, and the
//! ends are trimmed. What is left must not be empty.

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// The most characters a player's name has.
pub const MAX_NAME_CHARS: usize = 60;
/// The most characters a tournament's name has.
pub const MAX_TOURNAMENT_NAME_CHARS: usize = 120;

/// Runs of white space made one space, the ends trimmed.
pub fn collapse_spaces(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Characters that turn the direction of the text around, or mark it.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Characters that show nothing and take no room (the Braille blank, tag characters and
/// variation selectors among them: each passes for a space, or for nothing, on the TV).
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{17B4}'
            | '\u{17B5}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200D}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2800}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{E0000}'..='\u{E007F}'
            | '\u{E0100}'..='\u{E01EF}'
    )
}

/// A Cyrillic or Greek letter (in lower case) that looks like a Latin one, as that Latin
/// letter: "Јаn" typed with two Cyrillic letters reads as "Jan" in the room, so it must
/// find Jan, and be asked about as the same name.
fn latin_look_alike(c: char) -> char {
    match c {
        'а' | 'α' => 'a',
        'в' | 'β' => 'b',
        'с' | 'ϲ' => 'c',
        'ԁ' => 'd',
        'е' | 'ε' => 'e',
        'һ' | 'н' | 'η' => 'h',
        'і' | 'ι' | 'ӏ' => 'i',
        'ј' => 'j',
        'к' | 'κ' => 'k',
        'м' => 'm',
        'о' | 'ο' => 'o',
        'р' | 'ρ' => 'p',
        'ԛ' => 'q',
        'ѕ' => 's',
        'т' | 'τ' => 't',
        'υ' => 'u',
        'ν' => 'v',
        'ԝ' | 'ω' => 'w',
        'х' | 'χ' => 'x',
        'у' | 'γ' => 'y',
        _ => c,
    }
}

/// The name as kept, or `None` when it is refused: a control or bidirectional character, or
/// nothing visible, or more than `max_chars` characters once cleaned.
pub fn clean_name(raw: &str, max_chars: usize) -> Option<String> {
    if raw.chars().any(|c| c.is_control() || is_bidi_control(c)) {
        return None;
    }
    let visible: String = raw.chars().filter(|c| !is_invisible(*c)).collect();
    let name = collapse_spaces(&visible);
    if name.is_empty() || name.chars().count() > max_chars {
        return None;
    }
    Some(name)
}

/// The normalized key of a name: decomposed (NFKD) with the combining marks dropped, lower
/// case, inner whitespace collapsed to one space, trimmed. Letters that do not decompose
/// into a base letter and a mark are spelled out the way Dutch and French keyboards type
/// them without the special key (ß → ss, æ → ae, œ → oe, ø → o, ł → l, đ → d), and Cyrillic
/// and Greek letters that look like Latin ones are read as those (`latin_look_alike`).
pub fn search_key(name: &str) -> String {
    let folded: String = name
        .nfkd()
        .filter(|c| !is_combining_mark(*c))
        .flat_map(char::to_lowercase)
        .map(latin_look_alike)
        .flat_map(|c| {
            let spelled: &[char] = match c {
                'ß' => &['s', 's'],
                'æ' => &['a', 'e'],
                'œ' => &['o', 'e'],
                'ø' => &['o'],
                'ł' => &['l'],
                'đ' => &['d'],
                _ => return vec![c],
            };
            spelled.to_vec()
        })
        .collect();
    folded.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Does `name` hold `query`, case, accents and spacing aside, whichever side has the accent?
/// The one rule of every search for a name: a player's seat (`/player`), the desk's list, the
/// club's players and the door's same-name check (which compares the whole keys): "chloe"
/// finds "Chloé Dubois", and "Chloé" finds a "Chloe" typed without the accent.
pub fn name_contains(name: &str, query: &str) -> bool {
    search_key(name).contains(&search_key(query))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_finds_a_name_case_accents_and_spacing_aside_both_ways() {
        assert!(name_contains("Chloé Dubois", "chloe"));
        assert!(name_contains("Chloé Dubois", "Chlo"));
        assert!(name_contains("Chloe Dubois", "chloé"));
        assert!(name_contains("Chloé  Dubois", " É DUB "));
        assert!(name_contains("Jürgen Groß", "jurgen gross"));
        assert!(!name_contains("Chloé Dubois", "chloe x"));
    }

    #[test]
    fn names_are_trimmed_and_spaces_collapsed() {
        assert_eq!(
            clean_name("  Jan   Peeters ", 60).as_deref(),
            Some("Jan Peeters")
        );
        assert_eq!(
            clean_name("Zoë D'Hondt", 60).as_deref(),
            Some("Zoë D'Hondt")
        );
        assert_eq!(clean_name("李小龙", 60).as_deref(), Some("李小龙"));
    }

    #[test]
    fn a_name_cannot_hide_as_another() {
        assert_eq!(clean_name("A\u{200B}nn", 60).as_deref(), Some("Ann"));
        assert_eq!(
            clean_name("\u{FEFF}Ann\u{00AD}", 60).as_deref(),
            Some("Ann")
        );
        for refused in [
            "\u{202E}nnA",
            "Ann\u{2066}",
            "Ann\u{0}",
            "Ann\nBob",
            "Ann\tBob",
            "\u{200B}\u{200C}\u{200D}",
            "\u{2800}",
            "\u{E0041}\u{E0042}",
            "\u{FE0F}",
            "   ",
            "",
        ] {
            assert_eq!(clean_name(refused, 60), None, "{refused:?}");
        }
    }

    #[test]
    fn blanks_tags_and_variation_selectors_are_nothing() {
        assert_eq!(clean_name("Ann\u{2800}", 60).as_deref(), Some("Ann"));
        assert_eq!(
            clean_name("A\u{E0020}nn\u{E007F}", 60).as_deref(),
            Some("Ann")
        );
        assert_eq!(clean_name("Ann\u{FE0F}", 60).as_deref(), Some("Ann"));
    }

    #[test]
    fn a_cyrillic_look_alike_has_the_latin_names_key() {
        // "Jan Janssens" with a Cyrillic Ј, а and е: the room reads the same name.
        assert_eq!(
            search_key("\u{0408}\u{0430}n J\u{0430}nss\u{0435}ns"),
            search_key("Jan Janssens")
        );
        assert_eq!(search_key("\u{041E}\u{0422}\u{0422}\u{041E}"), "otto");
        assert_eq!(search_key("Αννα"), "avva", "Greek nu reads as v");
    }

    #[test]
    fn the_length_is_counted_in_characters_after_cleaning() {
        assert!(clean_name(&"é".repeat(60), 60).is_some());
        assert!(clean_name(&"é".repeat(61), 60).is_none());
        let padded = format!("{}{}", "\u{200B}".repeat(100), "a".repeat(60));
        assert_eq!(clean_name(&padded, 60).map(|n| n.len()), Some(60));
    }

    #[test]
    fn search_keys_ignore_case_accents_and_spaces_do_not_matter() {
        assert_eq!(search_key("  Chloé   DUBOIS "), "chloe dubois");
        assert_eq!(search_key("François Lefèvre"), "francois lefevre");
        assert_eq!(search_key("Jürgen Groß"), "jurgen gross");
        assert_eq!(search_key("Zoë Cœur"), "zoe coeur");
        assert_eq!(search_key("Ĳsbrand"), "ijsbrand");
    }
}
