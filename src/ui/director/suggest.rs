//! The registration desk's name field with the club's players suggested as the director
//! types: tapping a suggestion fills the name exactly as the club knows it, so the entry
//! joins that club player instead of making a near-duplicate.

use crate::i18n::*;
use crate::server_fns::club::{search_players, ClubPlayer};
use leptos::prelude::*;

/// The name input of the desk, with suggestions under it.
#[component]
pub fn NameWithSuggestions(name: RwSignal<String>) -> impl IntoView {
    let i18n = use_i18n();
    let open = RwSignal::new(false);
    // Each answer carries its query: an answer that arrives after the director typed on (or
    // after the name was cleared) is not shown.
    let search = Action::new(|q: &String| {
        let q = q.clone();
        async move {
            let found = search_players(q.clone()).await.unwrap_or_default();
            (q, found)
        }
    });
    let shown = move || -> Vec<ClubPlayer> {
        if !open.get() {
            return Vec::new();
        }
        match search.value().get() {
            Some((q, found)) if q == name.get() => found,
            _ => Vec::new(),
        }
    };
    view! {
        <label>{t!(i18n, player_name)}
            <input data-testid="reg-name" autocomplete="off" role="combobox" aria-autocomplete="list"
                aria-expanded=move || (!shown().is_empty()).to_string()
                prop:value=name
                on:input=move |ev| {
                    let typed = event_target_value(&ev);
                    name.set(typed.clone());
                    open.set(true);
                    if !typed.trim().is_empty() {
                        search.dispatch(typed);
                    }
                } />
        </label>
        {move || {
            let found = shown();
            (!found.is_empty()).then(|| view! {
                <ul class="suggestions" role="listbox" aria-label=move || t_string!(i18n, suggestions).to_string() data-testid="suggestions">
                    {found.into_iter().map(|p| {
                        let pick = p.name.clone();
                        view! {
                            <li role="option">
                                <button type="button" class="suggestion" data-testid="suggestion"
                                    on:click=move |_| { name.set(pick.clone()); open.set(false); }>
                                    <span class="name">{p.name.clone()}</span>
                                    <span class="hint">{t!(i18n, played_n, n = p.tournaments)}</span>
                                </button>
                            </li>
                        }
                    }).collect_view()}
                </ul>
            })
        }}
    }
}
