//! The club's chip set: the director's form (on /director/tournaments), the plan it gives a
//! structure (warnings, colour-up suggestions, the starting stack in chips; in the settings)
//! and the chips to hand over at the desk.

use super::RefusalMessage;
use crate::domain::chip_plan::{
    colour_up_suggestions, stack_breakdown, structure_warnings, ChipSet, ChipWarning, Denomination,
};
use crate::domain::config::Level;
use crate::domain::money::Chips;
use crate::i18n::*;
use crate::server_fns::club::{club_chip_set, set_chip_set, Refused};
use crate::ui::components::{chip_count, chips, whole_number};
use leptos::prelude::*;

/// The club's chip set, read once per director's page and shared by the desk (the chips to
/// hand over) and the settings (the plan): one request, and one answer in the page, however
/// often the settings render again.
#[derive(Clone, Copy)]
pub struct ClubChipSet(pub Resource<Result<ChipSet, ServerFnError>>);

impl ClubChipSet {
    /// Reads the set for the page being built and shares it with everything in it.
    pub fn provide() {
        provide_context(ClubChipSet(Resource::new(|| (), |_| club_chip_set())));
    }

    /// The page's set, or a read of its own where no page provided one.
    pub fn use_or_read() -> Resource<Result<ChipSet, ServerFnError>> {
        use_context::<ClubChipSet>()
            .map(|shared| shared.0)
            .unwrap_or_else(|| Resource::new(|| (), |_| club_chip_set()))
    }
}

/// One denomination as typed.
#[derive(Clone, Copy)]
struct ChipRow {
    id: u64,
    value: RwSignal<String>,
    count: RwSignal<String>,
    colour: RwSignal<String>,
}

impl ChipRow {
    fn new(id: u64, d: &Denomination) -> ChipRow {
        ChipRow {
            id,
            value: RwSignal::new(if d.value.0 > 0 {
                d.value.0.to_string()
            } else {
                String::new()
            }),
            count: RwSignal::new(d.count.to_string()),
            colour: RwSignal::new(d.colour.clone()),
        }
    }

    /// The denomination typed; `None` when the value or the count is not a whole number
    /// (thousands grouped as the desk's counts are).
    fn read(&self) -> Option<Denomination> {
        Some(Denomination {
            value: chip_count(&self.value.get_untracked())?,
            count: u32::try_from(whole_number(&self.count.get_untracked())?).ok()?,
            colour: self.colour.get_untracked().trim().to_string(),
        })
    }
}

/// The director's panel: one row per denomination (value, how many, colour).
#[component]
pub fn ChipSetPanel() -> impl IntoView {
    let i18n = use_i18n();
    let stored = Resource::new(|| (), |_| club_chip_set());
    view! {
        <section class="panel chip-set" data-testid="chip-set">
            <h2>{t!(i18n, chip_set)}</h2>
            <p class="hint">{t!(i18n, chip_set_help)}</p>
            <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
                {move || stored.get().map(|r| match r {
                    Ok(set) => view! { <ChipSetForm set /> }.into_any(),
                    Err(_) => view! { <p class="answer error" role="alert">{t!(i18n, server_error)}</p> }.into_any(),
                })}
            </Transition>
        </section>
    }
}

#[component]
fn ChipSetForm(set: ChipSet) -> impl IntoView {
    let i18n = use_i18n();
    let next_id = StoredValue::new(set.denominations.len() as u64);
    let rows = RwSignal::new(
        set.denominations
            .iter()
            .enumerate()
            .map(|(i, d)| ChipRow::new(i as u64, d))
            .collect::<Vec<_>>(),
    );
    // New rows belong to the form, not to the button that made them.
    let owner = StoredValue::new(Owner::current());
    let add = move |_| {
        let id = next_id.get_value();
        next_id.set_value(id + 1);
        let blank = Denomination {
            value: Chips(0),
            count: 0,
            colour: String::new(),
        };
        let row = owner.with_value(|o| match o {
            Some(o) => o.with(|| ChipRow::new(id, &blank)),
            None => ChipRow::new(id, &blank),
        });
        rows.update(|r| r.push(row));
    };
    let save = Action::new(|set: &ChipSet| set_chip_set(set.clone()));
    let local = RwSignal::new(None::<usize>);
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let typed: Vec<Option<Denomination>> =
            rows.with_untracked(|r| r.iter().map(ChipRow::read).collect());
        match typed.iter().position(Option::is_none) {
            Some(bad) => {
                save.value().set(None);
                local.set(Some(bad + 1));
            }
            None => {
                local.set(None);
                let mut denominations: Vec<Denomination> = typed.into_iter().flatten().collect();
                denominations.sort_by_key(|d| d.value);
                save.dispatch(ChipSet { denominations });
            }
        }
    };
    view! {
        <form class="chip-set-form" on:submit=submit>
            <table class="places chip-rows">
                <thead><tr><th>{t!(i18n, chip_value)}</th><th>{t!(i18n, chips_owned)}</th><th>{t!(i18n, chip_colour)}</th><th><span class="visually-hidden">{t!(i18n, row_actions)}</span></th></tr></thead>
                <tbody>
                    <For each=move || rows.get() key=|r| r.id let:row>
                        <tr data-testid="chip-row">
                            <td><input data-testid="chip-value" inputmode="numeric" aria-label=move || t_string!(i18n, chip_value).to_string()
                                prop:value=row.value on:input=move |ev| row.value.set(event_target_value(&ev)) /></td>
                            <td><input data-testid="chip-count" inputmode="numeric" aria-label=move || t_string!(i18n, chips_owned).to_string()
                                prop:value=row.count on:input=move |ev| row.count.set(event_target_value(&ev)) /></td>
                            <td><input data-testid="chip-colour" maxlength="20" aria-label=move || t_string!(i18n, chip_colour).to_string()
                                prop:value=row.colour on:input=move |ev| row.colour.set(event_target_value(&ev)) /></td>
                            <td><button type="button" data-testid="chip-remove"
                                on:click=move |_| rows.update(|r| r.retain(|x| x.id != row.id))>{t!(i18n, remove)}</button></td>
                        </tr>
                    </For>
                </tbody>
            </table>
            <div class="row">
                <button type="button" data-testid="chip-add" on:click=add>{t!(i18n, chip_add)}</button>
                <button class="primary" type="submit" data-testid="chip-save" disabled=move || save.pending().get()>{t!(i18n, save)}</button>
            </div>
            {move || local.get().map(|row| {
                let refusal = Refused::new("INVALID_CHIP_SET", Some(("row", &row.to_string())));
                view! { <RefusalMessage refusal /> }
            })}
            {move || save.value().get().map(|r| match r {
                Ok(Ok(())) => view! { <p class="answer ok" role="status" data-testid="chip-saved">{t!(i18n, saved)}</p> }.into_any(),
                Ok(Err(refusal)) => view! { <RefusalMessage refusal /> }.into_any(),
                Err(_) => view! { <p class="answer error" role="alert">{t!(i18n, server_error)}</p> }.into_any(),
            })}
        </form>
    }
}

/// "8 × 25 · 13 × 100 · …", each chip with its colour when the club named one.
pub fn chips_in_words(chips: &[(Chips, u32)], set: &ChipSet) -> String {
    chips
        .iter()
        .map(|(value, n)| {
            let colour = set
                .denominations
                .iter()
                .find(|d| d.value == *value)
                .map(|d| d.colour.trim())
                .filter(|c| !c.is_empty());
            match colour {
                Some(c) => format!("{n} × {} ({c})", super::super::components::chips(*value)),
                None => format!("{n} × {}", super::super::components::chips(*value)),
            }
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The number a level has on the clock (play levels only are numbered), for a structure
/// index: a break is "after level n".
fn level_number(levels: &[Level], index: usize) -> usize {
    levels
        .iter()
        .take(index + 1)
        .filter(|l| !l.is_break())
        .count()
}

/// The structure against the club's chip set: the starting stack in chips, what cannot be
/// made, what the club lacks, and when each chip can leave play. Nothing without a set.
#[component]
pub fn ChipPlan(levels: Vec<Level>, stack: Chips, players: u32) -> impl IntoView {
    let i18n = use_i18n();
    let set = ClubChipSet::use_or_read();
    view! {
        <Transition fallback=|| ()>
            {move || set.get().and_then(Result::ok).map(|set| {
                if set.denominations.is_empty() {
                    return view! {
                        <p class="hint" data-testid="chip-plan-none">{t!(i18n, chip_plan_no_set)}" "
                            <a href="/director/tournaments">{t!(i18n, chip_set)}</a></p>
                    }.into_any();
                }
                let warnings = structure_warnings(&levels, &set, stack, players);
                let suggestions = colour_up_suggestions(&levels, &set);
                let breakdown = stack_breakdown(stack, &set).map(|c| chips_in_words(&c, &set));
                let lines = warnings.iter().map(|w| {
                    let text = match w {
                        ChipWarning::NotMakeable { level, amount, smallest } => t!(i18n, chip_not_makeable,
                            level = level_number(&levels, *level), amount = chips(*amount), smallest = chips(*smallest)).into_any(),
                        ChipWarning::UnknownColourUp { level, chip } => t!(i18n, chip_colour_up_unknown,
                            level = level_number(&levels, *level), chip = chips(*chip)).into_any(),
                        ChipWarning::StackNotMakeable { stack } => t!(i18n, chip_stack_not_makeable, stack = chips(*stack)).into_any(),
                        ChipWarning::Short { value, needed, owned } => t!(i18n, chip_short,
                            value = chips(*value), needed = *needed, owned = *owned, players = players).into_any(),
                    };
                    view! { <li data-testid="chip-warning">{text}</li> }
                }).collect_view();
                let tips = suggestions.iter().map(|s| view! {
                    <li data-testid="colour-up-suggestion">{t!(i18n, chip_colour_up_suggest,
                        chip = chips(s.chip), level = level_number(&levels, s.level))}</li>
                }).collect_view();
                let clean = warnings.is_empty();
                view! {
                    <section class="chip-plan" data-testid="chip-plan">
                        <h4>{t!(i18n, chip_plan)}</h4>
                        {breakdown.map(|b| view! { <p data-testid="stack-chips">{t!(i18n, stack_in_chips, stack = chips(stack))}" "<b>{b}</b></p> })}
                        {if clean {
                            view! { <p class="answer ok" data-testid="chip-plan-ok">{t!(i18n, chip_plan_ok, players = players)}</p> }.into_any()
                        } else {
                            view! { <ul class="answer refused chip-warnings">{lines}</ul> }.into_any()
                        }}
                        {(!suggestions.is_empty()).then(|| view! { <ul class="hint colour-up-suggestions">{tips}</ul> })}
                    </section>
                }.into_any()
            })}
        </Transition>
    }
}

/// At the desk: the chips a stack is handed over in, from the club's set (nothing without
/// one, or for a stack the set cannot make).
#[component]
pub fn StackChips(stack: Chips, set: ChipSet) -> impl IntoView {
    let i18n = use_i18n();
    stack_breakdown(stack, &set).map(|c| {
        let words = chips_in_words(&c, &set);
        view! {
            <p class="stack-chips" data-testid="desk-stack-chips">{t!(i18n, stack_in_chips, stack = chips(stack))}" "<b>{words}</b></p>
        }
    })
}
