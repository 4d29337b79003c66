//! Search keys for names: what the desk types and what is stored compare equal when they
//! differ only by case, accents or spacing ("Chloé  Dubois" = "chloe dubois").

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// The normalized key of a name: decomposed (NFKD) with the combining marks dropped, lower
/// case, inner whitespace collapsed to one space, trimmed. Letters that do not decompose
/// into a base letter and a mark are spelled out the way Dutch and French keyboards type
/// them without the special key (ß → ss, æ → ae, œ → oe, ø → o, ł → l, đ → d).
pub fn search_key(name: &str) -> String {
    let folded: String = name
        .nfkd()
        .filter(|c| !is_combining_mark(*c))
        .flat_map(char::to_lowercase)
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

#[cfg(test)]
mod tests {
    use super::search_key;

    #[test]
    fn case_accents_and_spaces_do_not_matter() {
        assert_eq!(search_key("  Chloé   DUBOIS "), "chloe dubois");
        assert_eq!(search_key("François Lefèvre"), "francois lefevre");
        assert_eq!(search_key("Jürgen Groß"), "jurgen gross");
        assert_eq!(search_key("Zoë Cœur"), "zoe coeur");
        assert_eq!(search_key("Ĳsbrand"), "ijsbrand");
    }
}
