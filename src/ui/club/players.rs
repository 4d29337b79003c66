//! `/director/players`: find club players, rename one (a typo at the desk), and merge
//! duplicates (the same person registered under two spellings): tap the one to keep, then
//! the duplicate.

use super::{DirectorOnly, RefusalMessage};
use crate::i18n::*;
use crate::server_fns::club::{
    merge_players, rename_club_player, search_players, ClubPlayer, Refused,
};
use crate::ui::components::LangSwitch;
use leptos::prelude::*;

/// `/director/players`.
#[component]
pub fn PlayersPage() -> impl IntoView {
    let i18n = use_i18n();
    let query = RwSignal::new(String::new());
    let keep = RwSignal::new(None::<ClubPlayer>);
    let merge = Action::new(|(keep, duplicate): &(i64, i64)| merge_players(*keep, *duplicate));
    let rename = Action::new(|(id, name): &(i64, String)| rename_club_player(*id, name.clone()));
    let merges = RwSignal::new(0u32);
    Effect::new(move |_| {
        if let Some(Ok(Ok(()))) = merge.value().get() {
            merges.update(|n| *n += 1);
        }
    });
    Effect::new(move |_| {
        if let Some(Ok(Ok(()))) = rename.value().get() {
            merges.update(|n| *n += 1);
        }
    });
    // Refetched as the director types and after each merge; `try_get`: see `use_live`.
    let found = Resource::new(
        move || (query.try_get().unwrap_or_default(), merges.try_get()),
        |(q, _)| async move {
            if q.trim().is_empty() {
                Ok(Vec::new())
            } else {
                search_players(q).await
            }
        },
    );
    view! {
        <main class="page club">
            <header class="bar"><h1>{t!(i18n, club_players)}</h1>
                <a class="face small-link" href="/director">{t!(i18n, face_director)}</a>
                <LangSwitch />
            </header>
            <p class="hint">{t!(i18n, merge_help)}</p>
            <label>{t!(i18n, search_players)}
                <input type="search" data-testid="player-search" autocomplete="off" prop:value=query
                    on:input=move |ev| query.set(event_target_value(&ev)) />
            </label>
            {move || merge.value().get().map(|r| match r {
                Ok(Ok(())) => view! { <p class="answer ok" role="status" data-testid="merged">{t!(i18n, merged)}</p> }.into_any(),
                Ok(Err(refusal)) => view! { <RefusalMessage refusal /> }.into_any(),
                Err(_) => view! { <p class="answer error" role="alert">{t!(i18n, server_error)}</p> }.into_any(),
            })}
            {move || rename.value().get().map(|r| match r {
                Ok(Ok(())) => view! { <p class="answer ok" role="status" data-testid="renamed">{t!(i18n, renamed)}</p> }.into_any(),
                Ok(Err(refusal)) => view! { <RefusalMessage refusal /> }.into_any(),
                Err(_) => view! { <p class="answer error" role="alert">{t!(i18n, server_error)}</p> }.into_any(),
            })}
            <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
                {move || found.get().map(|r| match r {
                    Ok(players) => view! {
                        <ul class="club-players" data-testid="club-players">
                            {players.into_iter().map(|p| view! { <PlayerRow player=p keep merge rename /> }).collect_view()}
                        </ul>
                    }.into_any(),
                    Err(_) => view! { <DirectorOnly /> }.into_any(),
                })}
            </Transition>
        </main>
    }
}

/// What a club-player action answers.
type ClubAction<I> = Action<I, Result<Result<(), Refused>, ServerFnError>>;

/// One club player: "keep" marks them; once another is kept, "merge into" joins them to it.
/// "Rename" opens the name for editing.
#[component]
fn PlayerRow(
    player: ClubPlayer,
    keep: RwSignal<Option<ClubPlayer>>,
    merge: ClubAction<(i64, i64)>,
    rename: ClubAction<(i64, String)>,
) -> impl IntoView {
    let i18n = use_i18n();
    let id = player.id;
    let editing = RwSignal::new(false);
    let draft = RwSignal::new(player.name.clone());
    let kept = move || keep.get().is_some_and(|k| k.id == id);
    let this = player.clone();
    view! {
        <li class="club-player" class:kept=kept data-testid="club-player">
            <div class="what">
                {
                    let name = player.name.clone();
                    // Only opening and closing the form re-renders: typing changes `draft` alone,
                    // so the input keeps its focus.
                    move || if editing.get() {
                        view! {
                            <form class="rename" on:submit=move |ev| {
                                ev.prevent_default();
                                rename.dispatch((id, draft.get_untracked()));
                                editing.set(false);
                            }>
                                <label>{t!(i18n, new_name)}
                                    <input data-testid="new-name" prop:value=draft
                                        on:input=move |ev| draft.set(event_target_value(&ev)) />
                                </label>
                                <button type="submit" class="primary" data-testid="save-name">{t!(i18n, rename)}</button>
                            </form>
                        }.into_any()
                    } else {
                        view! { <span class="name">{name.clone()}</span> }.into_any()
                    }
                }
                <span class="hint">{t!(i18n, played_n, n = player.tournaments)}</span>
            </div>
            <div class="actions">
                {move || (!editing.get()).then(|| view! {
                    <button type="button" data-testid="rename" on:click=move |_| editing.set(true)>{t!(i18n, rename)}</button>
                })}
                {move || match keep.get() {
                    Some(k) if k.id == id => view! { <span class="mark">{t!(i18n, keep)}</span> }.into_any(),
                    Some(k) => {
                        let into = k.name.clone();
                        view! {
                            <button type="button" class="primary" data-testid="merge-into"
                                on:click=move |_| { merge.dispatch((k.id, id)); keep.set(None); }>
                                {t!(i18n, merge_into, name = into.clone())}
                            </button>
                        }.into_any()
                    }
                    None => {
                        let this = this.clone();
                        view! {
                            <button type="button" data-testid="keep" on:click=move |_| keep.set(Some(this.clone()))>{t!(i18n, keep)}</button>
                        }.into_any()
                    }
                }}
            </div>
        </li>
    }
}
