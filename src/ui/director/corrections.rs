//! One reason form for every correction the director makes: a button anywhere on the console
//! names the correction, and this sheet asks for the reason and sends it. The sheet lives
//! outside the parts that re-render on live updates, so a reason being typed survives the
//! busts that keep coming in.

use super::super::components::{colon, Answer};
use super::super::live::CommandAction;
use crate::domain::command::{
    CancelAddOn, CancelEntry, CancelRebuy, Command, Disqualify, OverruleRuling, ReinstatePlayer,
    ReopenRegistration, ReopenTable, RescindPenalty, RevivePlayer, UndoLast,
};
use crate::domain::ids::{PlayerId, TableNo};
use crate::domain::view::{TournamentView, UndoView};
use crate::i18n::*;
use crate::server_fns::CommandReply;
use leptos::prelude::*;

/// A correction waiting for its reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Correction {
    /// A wrong bust report: the player returns to the seat.
    Revive(PlayerId),
    Disqualify(PlayerId),
    /// A re-entry bought by mistake.
    CancelEntry(PlayerId),
    /// The latest rebuy, or the add-on, bought by mistake.
    CancelRebuy(PlayerId),
    CancelAddOn(PlayerId),
    /// An early leave or a disqualification taken back.
    Reinstate(PlayerId),
    /// A table broken too early.
    ReopenTable(TableNo),
    /// Registration closed by mistake.
    ReopenRegistration,
    /// The latest action.
    Undo,
    /// PKR4U 1: the director overrules a recorded ruling.
    Overrule(u32),
    /// A penalty given by mistake.
    Rescind(u32),
}

impl Correction {
    /// The command, once the reason is known.
    pub fn command(self, reason: String) -> Command {
        match self {
            Correction::Revive(player) => Command::RevivePlayer(RevivePlayer { player, reason }),
            Correction::Disqualify(player) => Command::Disqualify(Disqualify { player, reason }),
            Correction::CancelEntry(player) => Command::CancelEntry(CancelEntry { player, reason }),
            Correction::CancelRebuy(player) => Command::CancelRebuy(CancelRebuy { player, reason }),
            Correction::CancelAddOn(player) => Command::CancelAddOn(CancelAddOn { player, reason }),
            Correction::Reinstate(player) => {
                Command::ReinstatePlayer(ReinstatePlayer { player, reason })
            }
            Correction::ReopenTable(table) => Command::ReopenTable(ReopenTable { table, reason }),
            Correction::ReopenRegistration => {
                Command::ReopenRegistration(ReopenRegistration { reason })
            }
            Correction::Undo => Command::UndoLast(UndoLast { reason }),
            Correction::Overrule(incident) => {
                Command::OverruleRuling(OverruleRuling { incident, reason })
            }
            Correction::Rescind(index) => Command::RescindPenalty(RescindPenalty { index, reason }),
        }
    }

    /// The player concerned, if any (for the sheet's title).
    fn player(self) -> Option<PlayerId> {
        match self {
            Correction::Revive(p)
            | Correction::Disqualify(p)
            | Correction::CancelEntry(p)
            | Correction::CancelRebuy(p)
            | Correction::CancelAddOn(p)
            | Correction::Reinstate(p) => Some(p),
            _ => None,
        }
    }
}

/// The pending correction, shared by every panel of the console.
pub type PendingCorrection = RwSignal<Option<Correction>>;

/// A small button that opens the reason sheet for `correction`.
#[component]
pub fn CorrectionButton(
    correction: Correction,
    pending: PendingCorrection,
    #[prop(into)] testid: String,
    children: Children,
) -> impl IntoView {
    view! {
        <button class="small" data-testid=testid on:click=move |_| pending.set(Some(correction))>
            {children()}
        </button>
    }
}

/// The reason sheet: what is being corrected, the reason, confirm or cancel.
#[component]
pub fn ReasonSheet(
    pending: PendingCorrection,
    send: CommandAction,
    #[prop(into)] view: Signal<Option<TournamentView>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let reason = RwSignal::new(String::new());
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if send.pending().get_untracked() {
            return;
        }
        if let Some(c) = pending.get_untracked() {
            send.dispatch(c.command(reason.get_untracked()));
        }
    };
    // The sheet stays until the answer: accepted, it closes; refused, the reason shows here
    // and the director can change it or go back.
    Effect::new(move |_| {
        if let Some(Ok(CommandReply::Accepted { .. })) = send.value().get() {
            pending.set(None);
            reason.set(String::new());
        }
    });
    // Another correction opened: the last one's answer is not its answer.
    Effect::new(move |_| {
        if pending.get().is_some() {
            send.value().set(None);
        }
    });
    let title = move || {
        let c = pending.get()?;
        let who = c
            .player()
            .and_then(|p| view.with(|v| v.as_ref().map(|v| v.player_name(p))))
            .unwrap_or_default();
        Some(match c {
            Correction::Revive(_) => view! { {t!(i18n, revive)}" · "{who} }.into_any(),
            Correction::Disqualify(_) => view! { {t!(i18n, disqualify)}" · "{who} }.into_any(),
            Correction::CancelEntry(_) => view! { {t!(i18n, cancel_entry)}" · "{who} }.into_any(),
            Correction::CancelRebuy(_) => view! { {t!(i18n, cancel_rebuy)}" · "{who} }.into_any(),
            Correction::CancelAddOn(_) => view! { {t!(i18n, cancel_add_on)}" · "{who} }.into_any(),
            Correction::Reinstate(_) => view! { {t!(i18n, reinstate)}" · "{who} }.into_any(),
            Correction::ReopenTable(t) => t!(i18n, reopen_table, table = t.0).into_any(),
            Correction::ReopenRegistration => t!(i18n, reopen_registration).into_any(),
            Correction::Undo => {
                let what = view.with(|v| v.as_ref().and_then(|v| v.undo_last.clone()));
                view! { {t!(i18n, undo_last)}{what.map(|w| view! { {colon()} <span data-testid="undo-what">{undo_words(i18n, &w)}</span> })} }.into_any()
            }
            Correction::Overrule(_) => t!(i18n, overrule).into_any(),
            Correction::Rescind(_) => t!(i18n, rescind).into_any(),
        })
    };
    view! {
        <form class="reason-sheet" data-testid="reason-sheet" class:open=move || pending.with(|p| p.is_some()) on:submit=submit>
            <h3>{title}</h3>
            <label>{t!(i18n, reason)}
                <input data-testid="correction-reason" required prop:value=reason on:input=move |ev| reason.set(event_target_value(&ev)) />
            </label>
            <div class="sheet-buttons">
                <button type="button" on:click=move |_| pending.set(None)>{t!(i18n, back)}</button>
                <button class="primary" type="submit" data-testid="correction-confirm" disabled=move || send.pending().get()>{t!(i18n, confirm)}</button>
            </div>
            <Answer reply=send.value().into() view />
        </form>
    }
}

/// What "undo" would take back, in words: "Jan Peeters out at table 3 (won by Piet Maes)".
pub fn undo_words(i18n: leptos_i18n::I18nContext<Locale>, what: &UndoView) -> String {
    match what {
        UndoView::Busts {
            table,
            out,
            winners,
        } => t_string!(
            i18n,
            undo_what_busts,
            out = out.join(", "),
            table = table.0,
            winners = winners.join(", ")
        )
        .to_string(),
        UndoView::Move { name, from, to } => t_string!(
            i18n,
            undo_what_move,
            name = name.clone(),
            from = from.0,
            to = to.0
        )
        .to_string(),
        UndoView::Button { table } => {
            t_string!(i18n, undo_what_button, table = table.0).to_string()
        }
        UndoView::Count { name } => {
            t_string!(i18n, undo_what_count, name = name.clone()).to_string()
        }
        UndoView::Clock => t_string!(i18n, undo_what_clock).to_string(),
        UndoView::Penalty => t_string!(i18n, undo_what_penalty).to_string(),
    }
}
