//! The table's seats: names, the button (one tap moves it), the blinds, abandoned stacks.

use super::super::live::CommandAction;
use crate::domain::command::{Command, SetButton};
use crate::domain::ids::SeatNo;
use crate::domain::view::TableView;
use crate::i18n::*;
use leptos::prelude::*;

/// Every seat of the table, in order.
#[component]
pub fn Seats(
    tv: TableView,
    send: CommandAction,
    /// Without the table's key the seats are only shown.
    read_only: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    let table = tv.table;
    view! {
        {(!read_only).then(|| view! { <p class="hint">{t!(i18n, tap_seat_for_button)}</p> })}
        <ol class="seats">
            {(1..=tv.size).map(|s| {
                let seat = SeatNo(s);
                let occupant = tv.seats.iter().find(|x| x.seat == seat).map(|o| o.name.clone());
                let abandoned = tv.abandoned.iter().find(|a| a.seat == seat).map(|a| a.owner_name.clone());
                // Kept for a busted player who may still rebuy: nobody new sits there.
                let kept = tv.held.iter().find(|h| h.seat == seat).map(|h| t_string!(i18n, seat_kept_for, name = h.name.clone()).to_string());
                let is_kept = kept.is_some();
                let is_button = tv.button == Some(seat);
                let is_sb = tv.small_blind_seat == Some(seat);
                let is_bb = tv.big_blind_seat == Some(seat);
                let empty = occupant.is_none() && abandoned.is_none();
                let has_abandoned = abandoned.is_some();
                view! {
                    <li>
                        <button
                            class="seat"
                            class:button=is_button
                            class:empty=empty
                            class:abandoned=has_abandoned
                            class:kept=is_kept
                            data-testid=format!("seat-{s}")
                            disabled=read_only
                            on:click=move |_| { send.dispatch(Command::SetButton(SetButton { table, seat })); }
                        >
                            <span class="seat-no">{s}</span>
                            <span class="seat-name">{occupant.or(abandoned.map(|n| format!("({n})"))).or(kept).unwrap_or_default()}</span>
                            <span class="marks">
                                {is_button.then(|| view! { <b class="mark-btn" data-testid="button-mark">"D"</b> })}
                                {is_sb.then(|| view! { <b class="mark">"SB"</b> })}
                                {is_bb.then(|| view! { <b class="mark">"BB"</b> })}
                            </span>
                        </button>
                    </li>
                }
            }).collect_view()}
        </ol>
    }
}
