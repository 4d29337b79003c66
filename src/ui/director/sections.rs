//! The console's sections: the director switches between them in one tap, and the address
//! keeps the choice (`#tables`), so a reload or a link opens the same one. Every section stays
//! rendered, only hidden, so a name half typed at the desk survives a look at the tables.

use crate::i18n::*;
use leptos::prelude::*;

/// One part of the director's work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    Desk,
    Tables,
    Players,
    Clock,
    Money,
    Rulings,
    Results,
}

impl Section {
    pub const ALL: [Section; 7] = [
        Section::Desk,
        Section::Tables,
        Section::Players,
        Section::Clock,
        Section::Money,
        Section::Rulings,
        Section::Results,
    ];

    /// The name in the address (`#tables`) and in the tests' ids.
    pub fn slug(self) -> &'static str {
        match self {
            Section::Desk => "desk",
            Section::Tables => "tables",
            Section::Players => "players",
            Section::Clock => "clock",
            Section::Money => "money",
            Section::Rulings => "rulings",
            Section::Results => "results",
        }
    }

    /// The section an address names (read in the browser only).
    #[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
    pub fn from_slug(slug: &str) -> Option<Section> {
        Section::ALL.into_iter().find(|s| s.slug() == slug)
    }
}

/// The section shown, read from the address once in the browser and written back on a change.
pub fn use_section() -> RwSignal<Section> {
    let section = RwSignal::new(Section::Desk);
    #[cfg(feature = "hydrate")]
    {
        let hash = window().location().hash().unwrap_or_default();
        let asked = Section::from_slug(hash.trim_start_matches('#'));
        // Set once the page has hydrated: hydration takes the server's page (the desk) as it
        // is, so a section chosen before it would be selected without being shown.
        Effect::new(move |_| {
            if let Some(s) = asked {
                section.set(s);
            }
        });
        // A link to another section of the page already open (`#money`) switches to it.
        let follow = window_event_listener(leptos::ev::hashchange, move |_| {
            let hash = window().location().hash().unwrap_or_default();
            section
                .try_set(Section::from_slug(hash.trim_start_matches('#')).unwrap_or(Section::Desk));
        });
        on_cleanup(move || follow.remove());
        Effect::new(move |_| {
            let chosen = section.get();
            let location = window().location();
            // The desk is the console's front page: its address has no fragment.
            let url = format!(
                "{}{}{}",
                location.pathname().unwrap_or_default(),
                location.search().unwrap_or_default(),
                match chosen {
                    Section::Desk => String::new(),
                    other => format!("#{}", other.slug()),
                }
            );
            // replaceState: switching sections is not a page the back button should walk.
            if let Ok(history) = window().history() {
                let _ =
                    history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
            }
        });
    }
    section
}

/// The row of section buttons; a badge counts what waits in a section (calls, stopped
/// tables, moves).
#[component]
pub fn SectionTabs(
    section: RwSignal<Section>,
    /// What waits per section, to show as a badge.
    #[prop(into)]
    waiting: Signal<Vec<(Section, usize)>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let label = move |s: Section| match s {
        Section::Desk => t!(i18n, section_desk).into_any(),
        Section::Tables => t!(i18n, section_tables).into_any(),
        Section::Players => t!(i18n, section_players).into_any(),
        Section::Clock => t!(i18n, section_clock).into_any(),
        Section::Money => t!(i18n, section_money).into_any(),
        Section::Rulings => t!(i18n, section_rulings).into_any(),
        Section::Results => t!(i18n, section_results).into_any(),
    };
    view! {
        <nav class="section-tabs" aria-label=move || t_string!(i18n, sections).to_string()>
            {Section::ALL.into_iter().map(|s| view! {
                <button class="tab" class:active=move || section.get() == s
                    aria-pressed=move || (section.get() == s).to_string()
                    data-testid=format!("tab-{}", s.slug())
                    on:click=move |_| section.set(s)>
                    {label(s)}
                    {move || waiting.with(|w| w.iter().find(|(x, _)| *x == s).map(|(_, n)| *n).filter(|n| *n > 0))
                        .map(|n| view! { <span class="badge">{n}</span> })}
                </button>
            }).collect_view()}
        </nav>
    }
}

/// One section of the console: shown when chosen.
#[component]
pub fn SectionPane(section: RwSignal<Section>, this: Section, children: Children) -> impl IntoView {
    view! {
        <div class="section-pane" data-testid=format!("section-{}", this.slug()) hidden=move || section.get() != this>
            {children()}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::Section;

    #[test]
    fn every_section_reads_back_from_its_address() {
        for s in Section::ALL {
            assert_eq!(Section::from_slug(s.slug()), Some(s));
        }
        assert_eq!(Section::from_slug("nowhere"), None);
    }
}
