//! How the table's light page sends what is tapped (`public/light-table.js` does the sending).
//!
//! Every control that changes the tournament is a `<form>` the server renders with the command
//! it sends (`data-command`, the command's JSON as the server reads it) or, for a form with
//! fields (the bust report, the chip count), the name of the builder that makes the command
//! from those fields (`data-light-build`). The script keeps the command in the device's outbox
//! (local storage, the same one the app's pages use: `ui/outbox.rs`) before it is first sent,
//! sends it with the table's key and a command id made at the tap, and shows the answer at the
//! form. Forms are `method="dialog"` outside any dialog: a tap before the script runs submits
//! nothing at all (the browser fires the submit event, which the script takes, and stops
//! there), so it can never reload the page without its key.

use crate::domain::command::Command;
use leptos::prelude::*;

/// A form that sends one command, its button(s) inside.
#[component]
pub fn SendForm(
    /// What is sent.
    command: Command,
    /// What the command is, in a word of the reader's language, for the outbox's list.
    #[prop(into)]
    label: String,
    /// Two taps: the first turns the button into "<arm>: …" for a few seconds.
    #[prop(optional, into)]
    arm: Option<String>,
    /// The address to open once the command is answered (the rulings after a call, the table
    /// again after a ruling is recorded).
    #[prop(optional, into)]
    then: Option<String>,
    /// Said on the button once the command is accepted (before `then` opens).
    #[prop(optional, into)]
    done: Option<String>,
    children: Children,
) -> impl IntoView {
    // Serialising a command cannot fail (plain data); an empty attribute sends nothing.
    let json = serde_json::to_string(&command).unwrap_or_default();
    view! {
        <form method="dialog" class="light-send" data-light-send=label data-command=json.clone() data-light-key=json
            data-light-arm=arm data-light-then=then data-light-done=done>
            {children()}
        </form>
    }
}

/// A form whose command the script builds from its fields (`builder`: `busts`, `count`,
/// `abandoned`), for the table `table`.
#[component]
pub fn BuildForm(
    builder: &'static str,
    table: u16,
    #[prop(into)] label: String,
    #[prop(optional, into)] class: String,
    #[prop(optional, into)] key: Option<String>,
    /// Two taps, as for `SendForm`.
    #[prop(optional, into)]
    arm: Option<String>,
    children: Children,
) -> impl IntoView {
    let key = key.unwrap_or_else(|| builder.to_string());
    view! {
        <form method="dialog" class=format!("light-send {class}") data-light-send=label data-light-build=builder
            data-light-key=key.clone() data-light-form=key data-table=table.to_string() data-light-arm=arm>
            {children()}
        </form>
    }
}
