//! `/ranking`: the club's season ranking (public), one calendar year at a time
//! (`?year=2026`), with the club's points rule spelled out under it.

use super::points::RuleInWords;
use crate::i18n::*;
use crate::server_fns::club::season_ranking;
use crate::ui::components::{euro, LangSwitch, PageTitle};
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

/// `/ranking`.
#[component]
pub fn RankingPage() -> impl IntoView {
    let i18n = use_i18n();
    let query = use_query_map();
    let year = Memo::new(move |_| {
        query
            .try_with(|q| q.get("year").and_then(|y| y.trim().parse::<i32>().ok()))
            .flatten()
    });
    // `try_get`: see `use_live` (the owner may be gone before the task runs on the server).
    let ranking = Resource::new(move || year.try_get().flatten(), season_ranking);
    view! {
        <PageTitle text=move || format!("{} · clubtd", t_string!(i18n, season_ranking)) />
        <main class="page ranking">
            <header class="bar"><h1>{t!(i18n, season_ranking)}</h1>
                <a class="face small-link" href="/">{t!(i18n, app_name)}</a>
                <LangSwitch />
            </header>
            <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
                {move || ranking.get().map(|r| match r {
                    Ok(season) => {
                        let year = season.year;
                        view! {
                            <nav class="seasons" aria-label=move || t_string!(i18n, season).to_string()>
                                {season.seasons.iter().map(|y| {
                                    let y = *y;
                                    view! { <a class="face small-link" class:active=y == year href=format!("/ranking?year={y}")>{y}</a> }
                                }).collect_view()}
                            </nav>
                            <h2 data-testid="season">{t!(i18n, season)}" "{year}</h2>
                            <p class="hint">{t!(i18n, tournaments_counted, n = season.tournaments)}</p>
                            {if season.lines.is_empty() {
                                view! { <p data-testid="no-results">{t!(i18n, no_results)}</p> }.into_any()
                            } else {
                                view! {
                                    <div class="scroll-x">
                                        <table class="places ranking-table" data-testid="ranking">
                                            <thead><tr>
                                                <th>{t!(i18n, rank)}</th><th>{t!(i18n, player_sheet)}</th><th>{t!(i18n, points)}</th>
                                                <th>{t!(i18n, played)}</th><th>{t!(i18n, best_place)}</th>
                                                <th>{t!(i18n, prizes_won)}</th><th>{t!(i18n, bounties_won)}</th>
                                            </tr></thead>
                                            <tbody>
                                                {season.lines.into_iter().map(|l| view! {
                                                    <tr data-testid="ranking-line">
                                                        <td>{l.rank}</td><td class="name">{l.name}</td><td class="points">{l.points}</td>
                                                        <td>{l.tournaments}</td><td>{l.best_place}</td>
                                                        <td>{euro(l.prizes)}</td><td>{euro(l.bounties)}</td>
                                                    </tr>
                                                }).collect_view()}
                                            </tbody>
                                        </table>
                                    </div>
                                }.into_any()
                            }}
                            <RuleInWords rule=season.rule />
                        }.into_any()
                    }
                    Err(_) => view! { <p class="answer error" role="alert">{t!(i18n, server_error)}</p> }.into_any(),
                })}
            </Transition>
        </main>
    }
}
