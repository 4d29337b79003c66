//! One player's sheet: what the director does for a single player besides the list's
//! everyday buttons: a chip count, a new spelling of the name, a penalty given directly
//! (a warning, hands or minutes), a stack surrendered at a break (PKR4U 5), and an
//! unregistration with the money back before the start. It lives outside the list that
//! re-renders on every live update, so what is typed here survives the busts coming in.

use super::super::components::{chip_count, chips, Answer, ConfirmButton};
use super::super::live::{command_action, Live};
use crate::domain::command::{
    Command, GivePenalty, RenamePlayer, ReportChips, SurrenderStack, UnregisterPlayer,
};
use crate::domain::ids::PlayerId;
use crate::domain::state::{PenaltyKind, PlayerStatus};
use crate::domain::view::TournamentView;
use crate::i18n::*;
use crate::server_fns::CommandReply;
use leptos::prelude::*;

#[component]
pub fn PlayerSheet(
    live: Live,
    selected: RwSignal<Option<PlayerId>>,
    #[prop(into)] view: Signal<Option<TournamentView>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let send = command_action(RwSignal::new(None), live.shown());
    let busy = Signal::derive(move || send.pending().get());
    let count = RwSignal::new(String::new());
    let new_name = RwSignal::new(String::new());
    let kind = RwSignal::new("warning".to_string());
    let amount = RwSignal::new("2".to_string());
    let reason = RwSignal::new(String::new());
    // A new player chosen: the forms start from that player's stack and name.
    Effect::new(move |_| {
        let Some(p) = selected.get() else { return };
        let found = view.with_untracked(|v| {
            v.as_ref()
                .and_then(|v| v.players.iter().find(|x| x.player == p).cloned())
        });
        if let Some(p) = found {
            count.set(p.stack.0.to_string());
            new_name.set(p.name.clone());
        }
        reason.set(String::new());
        send.value().set(None);
    });
    // The sheet is drawn anew only when its player (or the clock's phase) changed: a bust at
    // another table must not take the field being typed in, or a button, from under the
    // director's finger.
    let shown = Memo::new(move |_| {
        let p = selected.get()?;
        view.with(|v| {
            let v = v.as_ref()?;
            let player = v.players.iter().find(|x| x.player == p).cloned()?;
            let before_start = !v.clock.started;
            let on_break = v.clock.started && v.clock.level.number.is_none();
            Some((player, before_start, on_break))
        })
    });
    let dispatch = move |c: Command| {
        if !send.pending().get_untracked() {
            send.dispatch(c);
        }
    };
    let save_count = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if let (Some(player), Some(chips)) =
            (selected.get_untracked(), chip_count(&count.get_untracked()))
        {
            dispatch(Command::ReportChips(ReportChips { player, chips }));
        }
    };
    let rename = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if let Some(player) = selected.get_untracked() {
            dispatch(Command::RenamePlayer(RenamePlayer {
                player,
                name: new_name.get_untracked(),
            }));
        }
    };
    let penalise = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let Some(player) = selected.get_untracked() else {
            return;
        };
        let n = amount.get_untracked().trim().parse::<u16>().unwrap_or(0);
        let penalty = match kind.get_untracked().as_str() {
            "hands" => PenaltyKind::Hands { hands: n },
            "minutes" => PenaltyKind::Minutes { minutes: n },
            _ => PenaltyKind::Warning,
        };
        dispatch(Command::GivePenalty(GivePenalty {
            player,
            penalty,
            reason: reason.get_untracked(),
        }));
    };
    // Accepted: a penalty's reason is cleared, so the next one starts empty.
    Effect::new(move |_| {
        if let Some(Ok(CommandReply::Accepted { .. })) = send.value().get() {
            reason.set(String::new());
        }
    });
    view! {
        <div class="player-sheet" data-testid="player-sheet" class:open=move || selected.with(|s| s.is_some()) role="dialog"
            aria-label=move || t_string!(i18n, player_sheet).to_string()>
            {move || shown.get().map(|(p, before_start, on_break)| {
                let id = p.player;
                let playing = p.status == PlayerStatus::Playing;
                let seat = match (p.table, p.seat) {
                    (Some(t), Some(s)) => t!(i18n, table_seat, table = t.0, seat = s.0).into_any(),
                    _ => ().into_any(),
                };
                view! {
                    <header class="sheet-head">
                        <h3 data-testid="sheet-name">{p.name.clone()}" · "{seat}" · "{chips(p.stack)}</h3>
                        <button class="small" data-testid="sheet-close" on:click=move |_| selected.set(None)>{t!(i18n, close)}</button>
                    </header>
                    {(!playing && !before_start).then(|| view! { <p class="hint">{t!(i18n, not_playing_now)}</p> })}
                    <div class="sheet-actions">
                        {before_start.then(|| view! {
                            <ConfirmButton testid="unregister" busy on_confirm=move |_| dispatch(Command::UnregisterPlayer(UnregisterPlayer { player: id }))>{t!(i18n, unregister_refund)}</ConfirmButton>
                        })}
                        {(playing && on_break).then(|| view! {
                            <ConfirmButton testid="surrender" busy on_confirm=move |_| dispatch(Command::SurrenderStack(SurrenderStack { player: id }))>{t!(i18n, surrender_stack)}</ConfirmButton>
                        })}
                    </div>
                }
            })}
            <form class="sheet-row" on:submit=save_count>
                <label>{t!(i18n, chip_count)}
                    <input data-testid="sheet-chips" inputmode="numeric" autocomplete="off" prop:value=count on:input=move |ev| count.set(event_target_value(&ev)) />
                </label>
                <button type="submit" class="primary" data-testid="sheet-chips-save" disabled=busy>{t!(i18n, save)}</button>
            </form>
            <form class="sheet-row" on:submit=rename>
                <label>{t!(i18n, rename)}
                    <input data-testid="sheet-name-input" autocomplete="off" prop:value=new_name on:input=move |ev| new_name.set(event_target_value(&ev)) />
                </label>
                <button type="submit" data-testid="sheet-rename" disabled=busy>{t!(i18n, save)}</button>
            </form>
            <form class="sheet-row penalty" on:submit=penalise>
                <label>{t!(i18n, penalty)}
                    <select data-testid="sheet-penalty-kind" on:change=move |ev| kind.set(event_target_value(&ev))>
                        <option value="warning" selected=move || kind.get() == "warning">{t!(i18n, penalty_warning)}</option>
                        <option value="hands" selected=move || kind.get() == "hands">{t!(i18n, penalty_hands)}</option>
                        <option value="minutes" selected=move || kind.get() == "minutes">{t!(i18n, penalty_minutes)}</option>
                    </select>
                </label>
                <Show when=move || kind.get() != "warning">
                    <label>{t!(i18n, how_many)}
                        <input data-testid="sheet-penalty-amount" inputmode="numeric" autocomplete="off" prop:value=amount on:input=move |ev| amount.set(event_target_value(&ev)) />
                    </label>
                </Show>
                <label>{t!(i18n, reason)}
                    <input data-testid="sheet-penalty-reason" autocomplete="off" prop:value=reason on:input=move |ev| reason.set(event_target_value(&ev)) />
                </label>
                <button type="submit" class="danger" data-testid="sheet-penalty-give" disabled=busy>{t!(i18n, give_penalty)}</button>
            </form>
            <Answer reply=send.value().into() view />
        </div>
    }
}
