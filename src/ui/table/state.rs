//! The table's state on top of its page, one line each (issue U.1): stopped and the TD
//! called, closed, its button asked for, a break with its colour-up. The moves follow (their
//! own lines), then the call, then the bust report: what the dealer acts on first is in view.

use super::super::components::{chips, format_ms, remaining_now};
use super::super::live::Live;
use crate::domain::read::faces::table::TableFaceView;
use crate::domain::view::TableView;
use crate::i18n::*;
use leptos::prelude::*;

#[component]
pub fn TableState(
    view: TableFaceView,
    tv: TableView,
    live: Live<TableFaceView>,
    /// Without the table's key nothing is asked of it.
    read_only: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    // A table a player waits to come to is told so in its moves, with the same request for
    // its button (TDA 25); the plain request is for the rest.
    let arrival_waits = view.arrival_waits();
    let need_button = view.need_button && !arrival_waits && !read_only;
    let clock = view.clock.clone();
    // A break (a level without a number) once the clock has started: its time left ticks, and
    // the colour-up it brings is said on the same line.
    let on_break = (clock.started && clock.level.number.is_none() && !view.finished).then(|| {
        let colour_up = clock.level.colour_up;
        let left = move || format_ms(remaining_now(&clock, &live));
        view! {
            <p class="state-line break" role="status" data-testid="table-break">
                {t!(i18n, break_)}" · "{left}
                {colour_up.map(|chip| view! { " · "{t!(i18n, colour_up, chip = chips(chip))} })}
            </p>
        }
    });
    view! {
        {tv.stopped.then(|| view! { <div class="stopped state-line" role="alert" data-testid="stopped">{t!(i18n, stopped)}</div> })}
        // Closed (broken, or by the final-table draw): where its players went is listed right
        // below, in the moves.
        {(!tv.open).then(|| view! { <div class="big-news" role="status" data-testid="table-closed">{t!(i18n, table_closed_here)}</div> })}
        {need_button.then(|| view! { <div class="state-line" role="alert" data-testid="need-button">{t!(i18n, need_button)}</div> })}
        {on_break}
    }
}
