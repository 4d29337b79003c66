//! Move instructions on the table's device (TDA 25, PKR4U 13): who stands up and where they
//! go, the arrivals this table is waiting for (confirmed here once seated), moves that wait
//! for the receiving table's button, and the seats of the latest table break or final-table
//! draw.

use super::super::live::CommandAction;
use crate::domain::command::{Command, MovePlayer};
use crate::domain::event::MoveReason;
use crate::domain::ids::TableNo;
use crate::domain::read::faces::table::TableFaceView;
use crate::i18n::*;
use leptos::prelude::*;

/// The balancing moves that concern this table. With confirm-first balancing the director
/// carries moves out from the console, so the table sees nothing until a move is made.
#[component]
pub fn TableMoves(
    view: TableFaceView,
    table: TableNo,
    send: CommandAction,
    /// Without the table's key: the moves are shown, not confirmed here.
    read_only: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    // The view has the moves from and to this table only, and none with confirm-first
    // balancing (`TableFaceView::moves`).
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
                        <li class="move-in waiting" role="alert" data-testid="move-waits-in">
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
                    view! {
                        <li class="move-out" data-testid="move-out">
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
                        <li class="move-in" data-testid="move-in">
                            <span>{t!(i18n, move_in, name = name, from = m.from.table.0, seat = m.to.seat.0)}</span>
                            <button class="primary" data-testid="move-confirm" hidden=read_only on:click=move |_| { send.dispatch(command.clone()); }>
                                {t!(i18n, confirm_seated)}
                            </button>
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
