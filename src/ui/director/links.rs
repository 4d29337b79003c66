//! Players' personal links at the director's desk (issues D and E): the link and QR code of
//! a player, shown right after registering and again for any player on request.

use crate::domain::ids::PlayerId;
use crate::i18n::*;
use crate::server_fns::player_link;
use crate::ui::live::Live;
use leptos::prelude::*;

/// One player's personal link and its QR code, for the player to scan at the desk.
#[component]
pub fn PlayerLinkCard(player: PlayerId, tournament: Option<i64>) -> impl IntoView {
    let i18n = use_i18n();
    // Each confirmed "new link" asks the server for one replacement (the old link stops
    // working); the count is part of the resource's key, so nothing else replaces a link.
    let replaced = RwSignal::new(0u32);
    let confirming = RwSignal::new(false);
    let link = Resource::new(
        move || (player.0, tournament, replaced.get()),
        |(p, t, n)| player_link(p, t, n > 0),
    );
    view! {
        <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
            {move || link.get().map(|r| match r {
                Ok(l) => view! {
                    <div class="personal-link" data-testid="personal-link">
                        <p class="hint">{t!(i18n, personal_link_hint)}</p>
                        <div class="qr" inner_html=l.qr_svg.clone()></div>
                        <a href=l.path.clone() target="_blank" data-testid="personal-link-url">{l.path.clone()}</a>
                        {(replaced.get_untracked() > 0).then(|| view! {
                            <p class="answer ok" role="status" data-testid="link-replaced">{t!(i18n, link_replaced)}</p>
                        })}
                        {move || if confirming.get() {
                            view! {
                                <button type="button" class="small danger" data-testid="replace-link-confirm"
                                    on:click=move |_| { confirming.set(false); replaced.update(|n| *n += 1); }>
                                    {t!(i18n, replace_link_confirm)}
                                </button>
                            }.into_any()
                        } else {
                            view! {
                                <button type="button" class="small" data-testid="replace-link"
                                    on:click=move |_| confirming.set(true)>{t!(i18n, replace_link)}</button>
                            }.into_any()
                        }}
                    </div>
                }.into_any(),
                Err(_) => view! { <p class="answer error">{t!(i18n, director_only)}</p> }.into_any(),
            })}
        </Transition>
    }
}

/// Any player's link again: pick the player, see the code.
#[component]
pub fn PersonalLinks(live: Live) -> impl IntoView {
    let i18n = use_i18n();
    // Only a change of the field re-renders the list, so the choice survives live updates.
    let players = Memo::new(move |_| {
        live.view
            .get()
            .and_then(|r| r.ok())
            .flatten()
            .map(|l| {
                l.view
                    .players
                    .iter()
                    .map(|p| (p.player, p.name.clone()))
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default()
    });
    let chosen = RwSignal::new(None::<PlayerId>);
    view! {
        <details class="panel personal-links">
            <summary data-testid="personal-links">{t!(i18n, personal_links)}</summary>
            <label>{t!(i18n, choose_player)}
                <select data-testid="link-player" on:change=move |ev| {
                    chosen.set(event_target_value(&ev).parse::<u32>().ok().map(PlayerId));
                }>
                    <option value="">"—"</option>
                    {move || players.get().into_iter().map(|(id, name)| view! {
                        <option value=id.0.to_string() selected=move || chosen.get() == Some(id)>{name}</option>
                    }).collect_view()}
                </select>
            </label>
            {move || chosen.get().map(|player| view! { <PlayerLinkCard player tournament=live.shown().get_untracked() /> })}
        </details>
    }
}
