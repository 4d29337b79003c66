//! The registration desk's name field with the club's players suggested as the director
//! types: tapping a suggestion fills the name exactly as the club knows it, so the entry
//! joins that club player instead of making a near-duplicate.

use crate::i18n::*;
use crate::server_fns::club::{search_players, ClubPlayer};
use leptos::prelude::*;

/// The name input of the desk, with suggestions under it while `open`: typing opens them,
/// a pick closes them, and so does the desk when the name is sent (the list must not stand
/// between the name and the desk's answer or its same-name question).
#[component]
pub fn NameWithSuggestions(name: RwSignal<String>, open: RwSignal<bool>) -> impl IntoView {
    let i18n = use_i18n();
    // Each answer carries its query and is kept only while the name still reads that query: a
    // fast typist's answers arrive out of order, and an older one must neither show nor hide
    // the newest (one action's single value lost the newest answer that way).
    let found = RwSignal::new(None::<(String, Vec<ClubPlayer>)>);
    let ask = move |q: String| {
        leptos::task::spawn_local(async move {
            let answer = search_players(q.clone()).await.unwrap_or_default();
            if name.get_untracked() == q {
                found.set(Some((q, answer)));
            }
        });
    };
    let shown = move || -> Vec<ClubPlayer> {
        if !open.get() {
            return Vec::new();
        }
        match found.get() {
            Some((q, list)) if q == name.get() => list,
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
                        ask(typed);
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
