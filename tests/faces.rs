//! Every command of the rules core has its place on a face (issue M, part 2): a button, a form
//! or a flow in `src/ui/` that sends it. A new command without one fails here until it gets a
//! face or an exemption below, with its reason. The list of commands is read from the core's
//! own `Command` enum, so it cannot fall behind.

use std::fs;
use std::path::Path;

/// Commands no page sends as `Command::…`, each with where it is done instead.
const EXEMPT: &[(&str, &str)] = &[
    (
        "CreateTournament",
        "the tournaments page creates one through the club's server function (a new log), src/server_fns/club.rs",
    ),
    (
        "RequestReEntry",
        "the personal page (src/ui/me.rs) asks through its own server function, request_reentry, with the link's token",
    ),
    (
        "SignUp",
        "the sign-up page (src/ui/sign_up.rs) sends it through its own server function, sign_up, which answers with the phone's token",
    ),
    (
        "ResumeClock",
        "the console's Start button resumes a stopped clock (StartClock), one button for both",
    ),
];

/// The variant names of `Command` in the core's source (its `commands!` list), each with its
/// name on the wire (the `#[serde(rename = "…")]` line above it).
fn command_variants() -> Vec<(String, String)> {
    let source =
        fs::read_to_string("crates/clubtd-core/src/log/command.rs").expect("the core's commands");
    let body = source
        .split("\ncommands! {")
        .nth(1)
        .expect("the commands! list")
        .split("\n}")
        .next()
        .expect("its end");
    let mut wire = String::new();
    body.lines()
        .filter_map(|line| {
            if let Some(name) = line
                .trim()
                .strip_prefix("#[serde(rename = \"")
                .and_then(|rest| rest.split('"').next())
            {
                wire = name.to_string();
                return None;
            }
            // A variant is a line of its own at four spaces, with a capital ("    ReportChips,").
            let rest = line.strip_prefix("    ")?;
            let first = rest.chars().next()?;
            if !first.is_ascii_uppercase() {
                return None;
            }
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            Some((name, std::mem::take(&mut wire)))
        })
        .collect()
}

/// The light pages' scripts (`public/*.js`): the table's device builds some commands there
/// from its forms' fields (`type: "report_table_chips"`).
fn light_scripts() -> String {
    let mut out = String::new();
    for entry in fs::read_dir("public").expect("public/") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "js") {
            out.push_str(&fs::read_to_string(&path).expect("a script"));
        }
    }
    out
}

fn ui_sources(dir: &Path, out: &mut String) {
    for entry in fs::read_dir(dir).expect("src/ui") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            ui_sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push_str(&fs::read_to_string(&path).expect("a source file"));
        }
    }
}

#[test]
fn every_command_has_a_face() {
    let variants = command_variants();
    assert!(variants.len() > 30, "read the Command enum: {variants:?}");
    let mut ui = String::new();
    ui_sources(Path::new("src/ui"), &mut ui);
    let scripts = light_scripts();
    let missing: Vec<&String> = variants
        .iter()
        .filter(|(_, wire)| wire.is_empty() || !scripts.contains(&format!("type: \"{wire}\"")))
        .map(|(v, _)| v)
        .filter(|v| !EXEMPT.iter().any(|(e, _)| e == v))
        .filter(|v| {
            !ui.contains(&format!("Command::{v}("))
                && !ui.contains(&format!("Command::{v} "))
                && !ui.contains(&format!("Command::{v};"))
                && !ui.contains(&format!("Command::{v})"))
                && !ui.contains(&format!("Command::{v},"))
        })
        .collect();
    assert!(missing.is_empty(), "commands no face sends: {missing:?}");
    // An exemption for a command that is gone, or that got a face, is stale.
    for (name, _) in EXEMPT {
        assert!(
            variants.iter().any(|(v, _)| v == name),
            "exempt but no such command: {name}"
        );
    }
}
