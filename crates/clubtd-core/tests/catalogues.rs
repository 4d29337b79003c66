//! The checks `build.rs` runs on the code-keyed catalogues (`locales/errors/`,
//! `locales/rulings/`): a malformed file, a missing key, an empty text or placeholders that
//! differ between languages each stop the build with a message naming the file and the key.

#[path = "../build/catalogue.rs"]
mod catalogue;

use std::path::{Path, PathBuf};

/// A fresh folder holding `en.json`, `nl.json` and `fr.json` with the given contents.
fn folder(name: &str, files: [&str; 3]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("clubtd-catalogue-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    for (lang, text) in catalogue::LANGS.iter().zip(files) {
        std::fs::write(dir.join(format!("{lang}.json")), text).expect("write");
    }
    dir
}

fn refusal(dir: &Path, depth: usize) -> String {
    match catalogue::read_catalogue(dir, depth) {
        Ok(c) => panic!("accepted {c:?}"),
        Err(e) => e,
    }
}

#[test]
fn a_sound_catalogue_is_read_with_its_nested_keys_joined() {
    let dir = folder(
        "sound",
        [
            r#"{"flow": {"q": "Seat {seat}?", "q.yes": "Yes"}}"#,
            r#"{"flow": {"q": "Stoel {seat}?", "q.yes": "Ja"}}"#,
            r#"{"flow": {"q": "Siège {seat} ?", "q.yes": "Oui"}}"#,
        ],
    );
    let read = catalogue::read_catalogue(&dir, 2).expect("sound");
    assert_eq!(read["flow.q"][1], "Stoel {seat}?");
    assert_eq!(read["flow.q.yes"][2], "Oui");
    assert_eq!(read.len(), 2);
}

#[test]
fn malformed_json_is_refused_naming_the_file() {
    let dir = folder(
        "malformed",
        [r#"{"A": "a"}"#, r#"{"A": "a",}"#, r#"{"A": "a"}"#],
    );
    let e = refusal(&dir, 1);
    assert!(e.contains("nl.json") && e.contains("not valid JSON"), "{e}");
}

#[test]
fn a_key_missing_in_one_language_is_refused() {
    let dir = folder(
        "missing",
        [
            r#"{"A": "a", "B": "b"}"#,
            r#"{"A": "a"}"#,
            r#"{"A": "a", "B": "b"}"#,
        ],
    );
    let e = refusal(&dir, 1);
    assert!(e.contains("`B` is in en.json but not in nl.json"), "{e}");
}

#[test]
fn an_empty_text_is_refused() {
    let dir = folder("empty", [r#"{"A": "a"}"#, r#"{"A": "a"}"#, r#"{"A": " "}"#]);
    assert!(refusal(&dir, 1).contains("`A` is empty in fr.json"));
}

#[test]
fn placeholders_must_match_across_languages() {
    let dir = folder(
        "placeholders",
        [
            r#"{"A": "Seat {seat} at table {table}"}"#,
            r#"{"A": "Stoel {stoel} aan tafel {table}"}"#,
            r#"{"A": "Siège {seat} à la table {table}"}"#,
        ],
    );
    let e = refusal(&dir, 1);
    assert!(e.contains("`A`: nl.json has placeholders"), "{e}");
}

#[test]
fn a_text_where_a_section_belongs_is_refused() {
    let dir = folder("shape", [r#"{"A": "a"}"#, r#"{"A": "a"}"#, r#"{"A": "a"}"#]);
    assert!(refusal(&dir, 2).contains("`A` should be an object"));
}

#[test]
fn the_generated_table_is_sorted_rust() {
    let mut c = catalogue::Catalogue::new();
    c.insert("b".into(), ["B".into(), "B".into(), "B\u{a0}!".into()]);
    c.insert("a".into(), ["\"A\"".into(), "A".into(), "A".into()]);
    let mut code = String::new();
    catalogue::write_table(&mut code, "T", &c).expect("write");
    let a = code.find("(\"a\"").expect("a");
    let b = code.find("(\"b\"").expect("b");
    assert!(a < b, "{code}");
    assert!(code.contains(r#"en: "\"A\"""#), "{code}");
}
