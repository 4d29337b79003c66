//! Move instructions and the seats on the table's light page (TDA 25, PKR4U 13): who stands
//! up and where they go, the arrivals this table waits for (confirmed here once seated), moves
//! that wait for the receiving table's button, the seats of the latest table break or
//! final-table draw, and the seats themselves (one tap puts the button there).

use super::send::SendForm;
use crate::domain::command::{Command, MovePlayer, SetButton};
use crate::domain::event::MoveReason;
use crate::domain::ids::{SeatNo, TableNo};
use crate::domain::read::faces::table::TableFaceView;
use crate::domain::view::TableView;
use crate::i18n::*;
use leptos::prelude::*;

/// The balancing moves that concern this table. With confirm-first balancing the director
/// carries moves out from the console, so the table sees nothing until a move is made.
#[component]
pub fn TableMoves(
    view: TableFaceView,
    table: TableNo,
    /// Without the table's key: the moves are shown, not confirmed here.
    read_only: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    let moves = view.moves.clone();
    // TDA 25: a move into a table whose button is unknown has no seat yet. The receiving
    // table is asked for its button (the seats below set it); the giving table's player stays.
    let waits = view.waits.clone();
    let redraw = view.redraw.clone();
    (!moves.is_empty() || !waits.is_empty() || redraw.is_some()).then(|| {
        let waiting_lines = waits
            .into_iter()
            .map(|w| {
                let name = view.player_name(w.player);
                if w.to_table == table {
                    view! {
                        <li class="move-in waiting" role="alert" data-testid="move-waits-in" data-light-chime="">
                            {t!(i18n, move_waits_in, name = name, from = w.from.table.0)}
                        </li>
                    }
                    .into_any()
                } else {
                    view! {
                        <li class="move-out waiting" data-testid="move-waits-out">
                            {t!(i18n, move_waits_out, name = name, table = w.to_table.0)}
                        </li>
                    }
                    .into_any()
                }
            })
            .collect_view();
        let lines = moves
            .into_iter()
            .map(|m| {
                let name = view.player_name(m.player);
                if m.from.table == table {
                    // A player to send away: the table hears it (`data-light-chime`).
                    view! {
                        <li class="move-out" data-testid="move-out" data-light-chime="">
                            {t!(i18n, move_out, name = name, table = m.to.table.0, seat = m.to.seat.0)}
                        </li>
                    }
                    .into_any()
                } else {
                    let command = Command::MovePlayer(MovePlayer {
                        player: m.player,
                        to: m.to,
                        reason: MoveReason::Balance,
                    });
                    view! {
                        <li class="move-in" data-testid="move-in" data-light-chime="">
                            <span>{t!(i18n, move_in, name = name, from = m.from.table.0, seat = m.to.seat.0)}</span>
                            {(!read_only).then(|| view! {
                                <SendForm command label=t_string!(i18n, cmd_move).to_string()>
                                    <button class="primary" data-testid="move-confirm">{t!(i18n, confirm_seated)}</button>
                                </SendForm>
                            })}
                        </li>
                    }
                    .into_any()
                }
            })
            .collect_view();
        let redraw_view = redraw.map(|r| {
            let title = match r.broken {
                Some(b) => t!(i18n, table_broken_n, table = b.0).into_any(),
                None => t!(i18n, final_table_drawn).into_any(),
            };
            let shown: Vec<_> = r
                .moves
                .iter()
                // Who leaves this table (broken, or closed by the final-table draw) and who
                // comes to it.
                .filter(|m| r.broken == Some(table) || m.to.table == table || m.from.table == table)
                .map(|m| {
                    let name = view.player_name(m.player);
                    view! { <li>{t!(i18n, moved_to, name = name, table = m.to.table.0, seat = m.to.seat.0)}</li> }
                })
                .collect();
            view! {
                <h3>{title}</h3>
                <ul class="redraw" data-testid="redraw">{shown}</ul>
            }
        });
        view! {
            <section class="moves panel" data-testid="table-moves">
                <h2>{t!(i18n, moves_here)}</h2>
                <ul class="move-list">{waiting_lines}{lines}</ul>
                {redraw_view}
            </section>
        }
    })
}

/// Every seat of the table, in order; a tap puts the button there.
#[component]
pub fn Seats(
    tv: TableView,
    /// Without the table's key the seats are only shown.
    read_only: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    let table = tv.table;
    let label = t_string!(i18n, button).to_string();
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
                let button = view! {
                    <button
                        class="seat"
                        class:button=is_button
                        class:empty=empty
                        class:abandoned=has_abandoned
                        class:kept=is_kept
                        data-testid=format!("seat-{s}")
                        disabled=read_only
                    >
                        <span class="seat-no">{s}</span>
                        <span class="seat-name">{occupant.or(abandoned.map(|n| format!("({n})"))).or(kept).unwrap_or_default()}</span>
                        <span class="marks">
                            {is_button.then(|| view! { <b class="mark-btn" data-testid="button-mark">"D"</b> })}
                            {is_sb.then(|| view! { <b class="mark">"SB"</b> })}
                            {is_bb.then(|| view! { <b class="mark">"BB"</b> })}
                        </span>
                    </button>
                };
                view! {
                    <li>
                        <SendForm command=Command::SetButton(SetButton { table, seat }) label=label.clone()>
                            {button}
                        </SendForm>
                    </li>
                }
            }).collect_view()}
        </ol>
    }
}
