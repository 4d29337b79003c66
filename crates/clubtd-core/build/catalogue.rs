//! Reading and checking the code-keyed catalogues (`locales/errors/`, `locales/rulings/`) and
//! writing them out as Rust. Shared by `build.rs` and the tests in `tests/catalogues.rs`, so
//! the checks that stop the build are themselves tested.

use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// The languages, in the order of the generated `Phrase` fields.
pub const LANGS: [&str; 3] = ["en", "nl", "fr"];

/// One catalogue: a key and its text in each language of `LANGS`.
pub type Catalogue = BTreeMap<String, [String; 3]>;

/// Reads `dir/{en,nl,fr}.json`, each an object nested `depth` levels deep with strings at
/// the bottom (keys joined with dots), and checks the three agree.
pub fn read_catalogue(dir: &Path, depth: usize) -> Result<Catalogue, String> {
    let mut by_lang: Vec<BTreeMap<String, String>> = Vec::new();
    for lang in LANGS {
        let path = dir.join(format!("{lang}.json"));
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
        let value: Value = serde_json::from_str(&text)
            .map_err(|e| format!("{}: not valid JSON: {e}", path.display()))?;
        let mut flat = BTreeMap::new();
        flatten(&value, depth, "", &mut flat).map_err(|e| format!("{}: {e}", path.display()))?;
        by_lang.push(flat);
    }
    let mut catalogue = Catalogue::new();
    let mut problems = Vec::new();
    for (i, lang) in LANGS.iter().enumerate() {
        for key in by_lang[i].keys() {
            for (j, other) in LANGS.iter().enumerate() {
                if !by_lang[j].contains_key(key) {
                    problems.push(format!("`{key}` is in {lang}.json but not in {other}.json"));
                }
            }
        }
    }
    for (key, en) in &by_lang[0] {
        let (Some(nl), Some(fr)) = (by_lang[1].get(key), by_lang[2].get(key)) else {
            continue;
        };
        let texts = [en.clone(), nl.clone(), fr.clone()];
        for (lang, text) in LANGS.iter().zip(&texts) {
            // (The words amounts are written with may be a lone space, like French's.)
            if text.is_empty() || (text.trim().is_empty() && !key.starts_with("amounts.")) {
                problems.push(format!("`{key}` is empty in {lang}.json"));
            }
        }
        let names = placeholders(en);
        for (lang, text) in LANGS.iter().zip(&texts).skip(1) {
            if placeholders(text) != names {
                problems.push(format!(
                    "`{key}`: {lang}.json has placeholders {:?}, en.json has {names:?}",
                    placeholders(text)
                ));
            }
        }
        catalogue.insert(key.clone(), texts);
    }
    if problems.is_empty() {
        Ok(catalogue)
    } else {
        Err(format!("{}:\n  {}", dir.display(), problems.join("\n  ")))
    }
}

/// Flattens `value` into `out`: objects for the first `depth - 1` levels, strings below.
fn flatten(
    value: &Value,
    depth: usize,
    prefix: &str,
    out: &mut BTreeMap<String, String>,
) -> Result<(), String> {
    let object: &Map<String, Value> = value
        .as_object()
        .ok_or_else(|| format!("`{prefix}` should be an object"))?;
    for (key, inner) in object {
        let full = if prefix.is_empty() {
            key.clone()
        } else {
            format!("{prefix}.{key}")
        };
        if depth > 1 {
            flatten(inner, depth - 1, &full, out)?;
        } else {
            let text = inner
                .as_str()
                .ok_or_else(|| format!("`{full}` should be a text"))?;
            out.insert(full, text.to_string());
        }
    }
    Ok(())
}

/// The `{name}` placeholders of a text, sorted.
pub fn placeholders(text: &str) -> Vec<&str> {
    let mut names: Vec<&str> = text
        .split('{')
        .skip(1)
        .filter_map(|part| part.split_once('}').map(|(name, _)| name))
        .collect();
    names.sort_unstable();
    names.dedup();
    names
}

/// `static NAME: [(&str, Phrase); n]`, sorted by key for a binary search.
pub fn write_table(code: &mut String, name: &str, catalogue: &Catalogue) -> std::fmt::Result {
    writeln!(
        code,
        "static {name}: [(&str, Phrase); {}] = [",
        catalogue.len()
    )?;
    for (key, [en, nl, fr]) in catalogue {
        writeln!(
            code,
            "    ({key:?}, Phrase {{ en: {en:?}, nl: {nl:?}, fr: {fr:?} }}),"
        )?;
    }
    writeln!(code, "];")
}
