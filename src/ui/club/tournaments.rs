//! `/director/tournaments`: the club's tournaments (name, date, status, entries), a new one
//! from a template or as a copy of another's configuration, archiving, the season's points
//! rule and the club's chip set.

use super::chip_set::ChipSetPanel;
use super::points::PointsRulePanel;
use super::{date_of, DirectorOnly, RefusalMessage};
use crate::domain::ranking::TournamentStatus;
use crate::i18n::*;
use crate::server_fns::club::{
    archive_tournament, copy_tournament, create_from_template, list_tournaments, Template,
    TournamentSummary,
};
use crate::ui::components::{LangSwitch, PageTitle};
use crate::ui::outbox::new_command_id;
use leptos::prelude::*;

/// Where a new tournament's configuration comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    Template(Template),
    Copy(i64),
}

impl Source {
    fn value(self) -> String {
        match self {
            Source::Template(Template::ClubEvening) => "evening".into(),
            Source::Template(Template::ClubPko) => "pko".into(),
            Source::Template(Template::ClubRebuy) => "rebuy".into(),
            Source::Template(Template::ClubSatellite) => "satellite".into(),
            Source::Copy(id) => format!("copy-{id}"),
        }
    }

    fn parse(value: &str) -> Source {
        match value.strip_prefix("copy-").and_then(|id| id.parse().ok()) {
            Some(id) => Source::Copy(id),
            None if value == "pko" => Source::Template(Template::ClubPko),
            None if value == "rebuy" => Source::Template(Template::ClubRebuy),
            None if value == "satellite" => Source::Template(Template::ClubSatellite),
            None => Source::Template(Template::ClubEvening),
        }
    }
}

/// The new tournament's form as the director filled it in.
#[derive(Clone, Debug)]
struct NewTournament {
    /// Made once per filled-in form: a double tap or a retry makes one tournament.
    command_id: String,
    name: String,
    source: Source,
    tables: u16,
}

/// `/director/tournaments`.
#[component]
pub fn TournamentsPage() -> impl IntoView {
    let i18n = use_i18n();
    let changed = RwSignal::new(0u32);
    // `try_get`: see `use_live` (the owner may be gone before the task runs on the server).
    let list = Resource::new(
        move || changed.try_get().unwrap_or_default(),
        |_| list_tournaments(),
    );
    let name = RwSignal::new(String::new());
    let source = RwSignal::new(Source::Template(Template::ClubEvening));
    let tables = RwSignal::new(3u16);
    let command_id = RwSignal::new(new_command_id());
    let create = Action::new(|form: &NewTournament| {
        let form = form.clone();
        async move {
            match form.source {
                Source::Template(template) => {
                    create_from_template(form.command_id, form.name, template, form.tables).await
                }
                Source::Copy(from) => copy_tournament(form.command_id, from, form.name).await,
            }
        }
    });
    let archive = Action::new(|(id, archived): &(i64, bool)| archive_tournament(*id, *archived));
    Effect::new(move |_| {
        if let Some(Ok(Ok(_))) = create.value().get() {
            name.set(String::new());
            command_id.set(new_command_id());
            changed.update(|n| *n += 1);
        }
    });
    Effect::new(move |_| {
        if archive.value().get().is_some() {
            changed.update(|n| *n += 1);
        }
    });
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        create.dispatch(NewTournament {
            command_id: command_id.get_untracked(),
            name: name.get_untracked(),
            source: source.get_untracked(),
            tables: tables.get_untracked(),
        });
    };
    view! {
        <PageTitle text=move || format!("{} · clubtd", t_string!(i18n, tournaments)) />
        <main class="page club">
            <header class="bar"><h1>{t!(i18n, tournaments)}</h1>
                <a class="face small-link" href="/director">{t!(i18n, face_director)}</a>
                <LangSwitch />
            </header>
            <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
                {move || list.get().map(|r| match r {
                    Ok(items) => {
                        let copyable: Vec<TournamentSummary> = items.iter().filter(|t| t.status != TournamentStatus::Empty).cloned().collect();
                        view! {
                            <form class="panel new-tournament" on:submit=submit>
                                <h2>{t!(i18n, new_tournament)}</h2>
                                <label>{t!(i18n, tournament_name)}
                                    <input data-testid="new-name" required maxlength="120" autocomplete="off" prop:value=name
                                        on:input=move |ev| name.set(event_target_value(&ev)) />
                                </label>
                                <label>{t!(i18n, start_from)}
                                    <select data-testid="new-source" prop:value=move || source.get().value()
                                        on:change=move |ev| source.set(Source::parse(&event_target_value(&ev)))>
                                        <option value="evening">{t!(i18n, template_evening)}</option>
                                        <option value="pko">{t!(i18n, template_pko)}</option>
                                        <option value="rebuy">{t!(i18n, template_rebuy)}</option>
                                        <option value="satellite">{t!(i18n, template_satellite)}</option>
                                        {copyable.into_iter().map(|t| view! {
                                            <option value=Source::Copy(t.id).value()>{t!(i18n, copy_of, name = t.name.clone())}</option>
                                        }).collect_view()}
                                    </select>
                                </label>
                                <Show when=move || matches!(source.get(), Source::Template(_))>
                                    <label>{t!(i18n, tables_count)}
                                        <input type="number" inputmode="numeric" min="1" max="100" data-testid="new-tables" prop:value=move || tables.get().to_string()
                                            on:input=move |ev| tables.set(event_target_value(&ev).parse().unwrap_or(1)) />
                                    </label>
                                </Show>
                                <button class="primary" type="submit" data-testid="new-create">{t!(i18n, create)}</button>
                                {move || create.value().get().map(|r| match r {
                                    Ok(Ok(id)) => view! {
                                        <p class="answer ok" role="status" data-testid="created">
                                            {t!(i18n, created)}" "<a href=format!("/director?t={id}")>{t!(i18n, open)}</a>
                                        </p>
                                    }.into_any(),
                                    Ok(Err(refusal)) => view! { <RefusalMessage refusal /> }.into_any(),
                                    Err(_) => view! { <p class="answer error" role="alert">{t!(i18n, server_error)}</p> }.into_any(),
                                })}
                            </form>
                            <ul class="tournament-list" data-testid="tournament-list">
                                {items.into_iter().map(|t| view! { <TournamentRow item=t source archive /> }).collect_view()}
                            </ul>
                            <PointsRulePanel />
                            <ChipSetPanel />
                        }.into_any()
                    }
                    Err(_) => view! { <DirectorOnly /> }.into_any(),
                })}
            </Transition>
        </main>
    }
}

/// One tournament of the list, with its actions.
#[component]
fn TournamentRow(
    item: TournamentSummary,
    source: RwSignal<Source>,
    archive: Action<
        (i64, bool),
        Result<Result<(), crate::server_fns::club::Refused>, ServerFnError>,
    >,
) -> impl IntoView {
    let i18n = use_i18n();
    let id = item.id;
    let archived = item.archived;
    let status = match item.status {
        TournamentStatus::Empty => t!(i18n, status_empty).into_any(),
        TournamentStatus::Registering => t!(i18n, status_registering).into_any(),
        TournamentStatus::Running => t!(i18n, status_running).into_any(),
        TournamentStatus::Finished => t!(i18n, status_finished).into_any(),
    };
    view! {
        <li class="tournament-item" class:archived=archived data-testid=format!("tournament-{id}")>
            <div class="what">
                <a class="name" href=format!("/director?t={id}")>{item.name.clone()}</a>
                <span class="hint">{date_of(item.created_at)}" · "{status}" · "{t!(i18n, entries)}" "{item.entries}</span>
                {item.default.then(|| view! { <span class="mark" data-testid="default">{t!(i18n, shown_by_default)}</span> })}
                {archived.then(|| view! { <span class="mark">{t!(i18n, archived)}</span> })}
            </div>
            <div class="actions">
                {(item.status != TournamentStatus::Empty).then(|| view! {
                    <button type="button" data-testid=format!("copy-{id}") on:click=move |_| source.set(Source::Copy(id))>{t!(i18n, copy)}</button>
                })}
                <button type="button" data-testid=format!("archive-{id}") on:click=move |_| { archive.dispatch((id, !archived)); }>
                    {if archived { t!(i18n, restore).into_any() } else { t!(i18n, archive).into_any() }}
                </button>
            </div>
        </li>
    }
}
