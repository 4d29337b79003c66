//! The club's points rule for the season ranking: the rule in words (on /ranking and as the
//! director types) and the director's form (on /director/tournaments).

use super::RefusalMessage;
use crate::domain::ranking::{FieldCount, PointsFormula, PointsRule, PointsRuleError};
use crate::i18n::*;
use crate::server_fns::club::{club_points_rule, set_points_rule, Refused};
use leptos::prelude::*;

/// The rule as a sentence or two, in the reader's language.
#[component]
pub fn RuleInWords(rule: PointsRule) -> impl IntoView {
    let i18n = use_i18n();
    // A points table does not look at the field.
    let uses_field = !matches!(rule.formula, PointsFormula::PerPlace { .. });
    let formula = match rule.formula {
        PointsFormula::SquareRoot => t!(i18n, points_sqrt).into_any(),
        PointsFormula::PerPlace { table, others } => {
            let last = table.len();
            let table = table
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            t!(
                i18n,
                points_per_place,
                table = table.clone(),
                last = last,
                others = others
            )
            .into_any()
        }
        PointsFormula::Beaten {
            per_player,
            money_bonus,
        } => t!(
            i18n,
            points_beaten,
            per_player = per_player,
            bonus = money_bonus
        )
        .into_any(),
    };
    let field = uses_field.then(|| match rule.field {
        FieldCount::Entries => t!(i18n, field_is_entries).into_any(),
        FieldCount::EntriesAndRebuys => t!(i18n, field_is_entries_rebuys).into_any(),
        FieldCount::Players => t!(i18n, field_is_players).into_any(),
    });
    view! {
        <p class="hint rule-in-words" data-testid="points-in-words">
            {formula}" "{field.map(|f| view! { {f}" " })}{t!(i18n, only_finished_count)}
        </p>
    }
}

/// Which formula the form shows, as the radio buttons name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    SquareRoot,
    PerPlace,
    Beaten,
}

impl Kind {
    const ALL: [Kind; 3] = [Kind::SquareRoot, Kind::PerPlace, Kind::Beaten];

    fn of(formula: &PointsFormula) -> Kind {
        match formula {
            PointsFormula::SquareRoot => Kind::SquareRoot,
            PointsFormula::PerPlace { .. } => Kind::PerPlace,
            PointsFormula::Beaten { .. } => Kind::Beaten,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Kind::SquareRoot => "sqrt",
            Kind::PerPlace => "per_place",
            Kind::Beaten => "beaten",
        }
    }
}

/// The form's fields as typed (text until saved: a half-typed table is not a rule yet).
#[derive(Clone, Copy)]
struct Draft {
    kind: RwSignal<Kind>,
    table: RwSignal<String>,
    others: RwSignal<String>,
    per_player: RwSignal<String>,
    money_bonus: RwSignal<String>,
    field: RwSignal<FieldCount>,
}

impl Draft {
    /// The fields filled in from the stored rule; the other formulas' fields get a club's
    /// usual figures, so switching formula shows something sensible to edit.
    fn from(rule: &PointsRule) -> Draft {
        let (table, others) = match &rule.formula {
            PointsFormula::PerPlace { table, others } => (table.clone(), *others),
            _ => (vec![100, 80, 65, 50, 40, 30, 25, 20, 15], 5),
        };
        let (per_player, money_bonus) = match &rule.formula {
            PointsFormula::Beaten {
                per_player,
                money_bonus,
            } => (*per_player, *money_bonus),
            _ => (1, 10),
        };
        let listed = table
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        Draft {
            kind: RwSignal::new(Kind::of(&rule.formula)),
            table: RwSignal::new(listed),
            others: RwSignal::new(others.to_string()),
            per_player: RwSignal::new(per_player.to_string()),
            money_bonus: RwSignal::new(money_bonus.to_string()),
            field: RwSignal::new(rule.field),
        }
    }

    /// The rule the fields make, checked as the server will (the same core, in the page).
    fn rule(&self) -> Result<PointsRule, PointsRuleError> {
        let number = |text: &str, err| text.trim().parse::<u32>().map_err(|_| err);
        let formula = match self.kind.get() {
            Kind::SquareRoot => PointsFormula::SquareRoot,
            Kind::PerPlace => PointsFormula::PerPlace {
                table: self
                    .table
                    .get()
                    .split([',', ';', ' '])
                    .filter(|s| !s.trim().is_empty())
                    .map(|s| number(s, PointsRuleError::Table))
                    .collect::<Result<_, _>>()?,
                others: number(&self.others.get(), PointsRuleError::Others)?,
            },
            Kind::Beaten => PointsFormula::Beaten {
                per_player: number(&self.per_player.get(), PointsRuleError::PerPlayer)?,
                money_bonus: number(&self.money_bonus.get(), PointsRuleError::MoneyBonus)?,
            },
        };
        let rule = PointsRule {
            formula,
            field: self.field.get(),
        };
        rule.check().map(|()| rule)
    }
}

/// The director's panel: choose the formula and the field, see it in words, save.
#[component]
pub fn PointsRulePanel() -> impl IntoView {
    let i18n = use_i18n();
    let stored = Resource::new(|| (), |_| club_points_rule());
    view! {
        <section class="panel points-rule" data-testid="points-rule">
            <h2>{t!(i18n, points_rule)}</h2>
            <p class="hint">{t!(i18n, points_rule_help)}</p>
            <Transition fallback=move || view! { <p>{t!(i18n, loading)}</p> }>
                {move || stored.get().map(|r| match r {
                    Ok(rule) => view! { <PointsRuleForm rule /> }.into_any(),
                    Err(_) => view! { <p class="answer error" role="alert">{t!(i18n, server_error)}</p> }.into_any(),
                })}
            </Transition>
        </section>
    }
}

#[component]
fn PointsRuleForm(rule: PointsRule) -> impl IntoView {
    let i18n = use_i18n();
    let draft = Draft::from(&rule);
    let save = Action::new(|rule: &PointsRule| set_points_rule(rule.clone()));
    // What the last tap answered; cleared as soon as the director edits again.
    let local_error = RwSignal::new(None::<PointsRuleError>);
    let edited = move || {
        local_error.set(None);
        save.value().set(None);
    };
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        match draft.rule() {
            Ok(rule) => {
                local_error.set(None);
                save.dispatch(rule);
            }
            Err(e) => local_error.set(Some(e)),
        }
    };
    // The field a refusal is about, from the page's own check or the server's answer.
    let wrong = move || {
        local_error
            .get()
            .map(|e| e.field().to_string())
            .or_else(|| {
                save.value().get().and_then(|r| match r {
                    Ok(Err(refusal)) => refusal.params.get("field").cloned(),
                    _ => None,
                })
            })
    };
    let invalid = move |name: &'static str| move || wrong().as_deref() == Some(name);
    let number_input = move |value: RwSignal<String>, testid: &'static str, name: &'static str| {
        view! {
            <input type="number" inputmode="numeric" min="0" data-testid=testid prop:value=value
                aria-invalid=move || invalid(name)().then_some("true")
                on:input=move |ev| { value.set(event_target_value(&ev)); edited(); } />
        }
    };
    view! {
        <form class="points-form" on:submit=submit>
            <fieldset class="choices">
                {Kind::ALL.into_iter().map(|kind| {
                    let label = match kind {
                        Kind::SquareRoot => t!(i18n, formula_sqrt).into_any(),
                        Kind::PerPlace => t!(i18n, formula_per_place).into_any(),
                        Kind::Beaten => t!(i18n, formula_beaten).into_any(),
                    };
                    view! {
                        <label class="check">
                            <input type="radio" name="points-formula" data-testid=format!("points-formula-{}", kind.name())
                                checked=draft.kind.get_untracked() == kind prop:checked=move || draft.kind.get() == kind
                                on:change=move |_| { draft.kind.set(kind); edited(); } />
                            {label}
                        </label>
                    }
                }).collect_view()}
            </fieldset>
            {move || match draft.kind.get() {
                Kind::SquareRoot => ().into_any(),
                Kind::PerPlace => view! {
                    <label>{t!(i18n, points_table)}
                        <input data-testid="points-table" inputmode="numeric" autocomplete="off" prop:value=draft.table
                            aria-invalid=move || invalid("table")().then_some("true")
                            on:input=move |ev| { draft.table.set(event_target_value(&ev)); edited(); } />
                    </label>
                    <label>{t!(i18n, points_others)}{number_input(draft.others, "points-others", "others")}</label>
                }.into_any(),
                Kind::Beaten => view! {
                    <label>{t!(i18n, points_per_player)}{number_input(draft.per_player, "points-per-player", "per_player")}</label>
                    <label>{t!(i18n, points_money_bonus)}{number_input(draft.money_bonus, "points-money-bonus", "money_bonus")}</label>
                }.into_any(),
            }}
            <Show when=move || draft.kind.get() != Kind::PerPlace>
                <label>{t!(i18n, field_counts)}
                    <select data-testid="points-field" prop:value=move || field_name(draft.field.get())
                        on:change=move |ev| { draft.field.set(field_from(&event_target_value(&ev))); edited(); }>
                        <option value="entries">{t!(i18n, count_entries)}</option>
                        <option value="entries_and_rebuys">{t!(i18n, count_entries_rebuys)}</option>
                        <option value="players">{t!(i18n, count_players)}</option>
                    </select>
                </label>
            </Show>
            // As typed, in the words /ranking will use.
            {move || draft.rule().ok().map(|rule| view! { <RuleInWords rule /> })}
            <div class="row">
                <button class="primary" type="submit" data-testid="points-save" disabled=move || save.pending().get()>
                    {t!(i18n, save)}
                </button>
                <a class="small-link" href="/ranking">{t!(i18n, see_ranking)}</a>
            </div>
            {move || local_error.get().map(|e| {
                let refusal = Refused::new("INVALID_POINTS_RULE", Some(("field", e.field())));
                view! { <RefusalMessage refusal /> }
            })}
            {move || save.value().get().map(|r| match r {
                Ok(Ok(())) => view! { <p class="answer ok" role="status" data-testid="points-saved">{t!(i18n, points_saved)}</p> }.into_any(),
                Ok(Err(refusal)) => view! { <RefusalMessage refusal /> }.into_any(),
                Err(_) => view! { <p class="answer error" role="alert">{t!(i18n, server_error)}</p> }.into_any(),
            })}
        </form>
    }
}

fn field_name(field: FieldCount) -> &'static str {
    match field {
        FieldCount::Entries => "entries",
        FieldCount::EntriesAndRebuys => "entries_and_rebuys",
        FieldCount::Players => "players",
    }
}

fn field_from(name: &str) -> FieldCount {
    match name {
        "entries_and_rebuys" => FieldCount::EntriesAndRebuys,
        "players" => FieldCount::Players,
        _ => FieldCount::Entries,
    }
}
