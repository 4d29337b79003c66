//! The table counts its own chips (at a break, or when the TD asks), on its light page: one
//! field per seated player, filled in with the stack the tournament knows, sent once as the
//! table's count (`light-table.js` builds `ReportTableChips` from the fields; a field it
//! cannot read as a whole number stops the send and says so).

use super::send::BuildForm;
use crate::domain::ids::TableNo;
use crate::domain::view::SeatView;
use crate::i18n::*;
use crate::ui::ruling::seat_label;
use leptos::prelude::*;

/// The chip count of one table, with its answer next to its button.
#[component]
pub fn ChipCount(table: TableNo, seats: Vec<SeatView>) -> impl IntoView {
    let i18n = use_i18n();
    let fields = seats
        .iter()
        .map(|s| {
            let id = s.player.0;
            view! {
                <label class="count-field">
                    <span>{seat_label(i18n, s.seat, &s.name)}</span>
                    <input type="text" inputmode="numeric" autocomplete="off" name=format!("count-{id}")
                        data-testid=format!("count-{id}") data-player=id.to_string() value=s.stack.0.to_string() />
                </label>
            }
        })
        .collect_view();
    view! {
        <section class="panel chip-count" data-testid="chip-count">
            <button type="button" class="wide" data-testid="count-open" aria-expanded="false" data-light-toggle="count">
                {t!(i18n, table_count_chips)}
            </button>
            <div hidden data-light-toggled="count">
                <p class="hint">{t!(i18n, table_count_hint)}</p>
                <BuildForm builder="count" table=table.0 label=t_string!(i18n, table_count_chips).to_string()>
                    <div class="count-fields">{fields}</div>
                    <div class="send-row">
                        <button class="primary" type="submit" data-testid="count-send">{t!(i18n, table_count_send)}</button>
                        <span data-light-answer-here="" data-answer-testid="count-answer"></span>
                    </div>
                </BuildForm>
            </div>
        </section>
    }
}
