//! Rebuys from the table: a player busted here who may still rebuy is listed with one tap
//! that asks the desk for the rebuy (the desk takes the money and seats them again, the old
//! seat first). Once asked, the line says so until the desk has sold it.

use super::super::live::CommandAction;
use crate::domain::command::{Command, RequestRebuy};
use crate::domain::ids::TableNo;
use crate::domain::read::faces::table::TableFaceView;
use crate::domain::state::PlayerStatus;
use crate::i18n::*;
use leptos::prelude::*;

/// The busted players of this table who may still rebuy.
#[component]
pub fn RebuyAsks(view: TableFaceView, table: TableNo, send: CommandAction) -> impl IntoView {
    let i18n = use_i18n();
    let here: Vec<_> = view
        .players
        .iter()
        .filter(|p| p.status == PlayerStatus::Busted && p.can_rebuy && p.rebuy_table == Some(table))
        .map(|p| {
            (
                p.player,
                p.name.clone(),
                view.rebuy_requests.contains(&p.player),
            )
        })
        .collect();
    (!here.is_empty()).then(|| {
        let lines = here
            .into_iter()
            .map(|(player, name, asked)| {
                let id = player.0;
                view! {
                    <li data-testid=format!("table-rebuy-{id}")>
                        <b>{name}</b>
                        {if asked {
                            view! { <span class="hint" data-testid=format!("rebuy-asked-{id}")>{t!(i18n, rebuy_asked)}</span> }.into_any()
                        } else {
                            view! {
                                <button data-testid=format!("ask-rebuy-{id}") disabled=move || send.pending().get()
                                    on:click=move |_| { send.dispatch(Command::RequestRebuy(RequestRebuy { player })); }>
                                    {t!(i18n, ask_rebuy)}
                                </button>
                            }.into_any()
                        }}
                    </li>
                }
            })
            .collect_view();
        view! {
            <section class="panel table-rebuys" data-testid="table-rebuys">
                <h2>{t!(i18n, rebuy_open_here)}</h2>
                <ul class="bonus-list">{lines}</ul>
            </section>
        }
    })
}
