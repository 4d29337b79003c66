//! The incident log: every ruling with its table, rule and text; the director may overrule
//! one with a reason (PKR4U 1), which is logged beside it; penalties can be taken back.

use super::super::components::{clock_of, lang_code, zone_offset};
use super::super::ruling::{reason_text, text_in};
use super::corrections::{Correction, CorrectionButton, PendingCorrection};
use crate::domain::event::PenaltyKind;
use crate::domain::rulings::SituationSummary;
use crate::domain::view::{IncidentView, PenaltyView};
use crate::i18n::*;
use crate::ui::components::colon;
use leptos::prelude::*;

/// A tap time is shown beside the time of receipt from this much earlier: a command on a
/// good network arrives within a second or two.
const TAPPED_EARLIER_MS: i64 = 30_000;

/// The log of rulings, newest first.
#[component]
pub fn IncidentLog(
    incidents: Vec<IncidentView>,
    penalties: Vec<PenaltyView>,
    pending: PendingCorrection,
    /// The guided flows' titles (from the server: the rules data stays out of the bundle).
    situations: Vec<SituationSummary>,
) -> impl IntoView {
    let i18n = use_i18n();
    let offset = zone_offset();
    let lines = incidents
        .iter()
        .map(|inc| {
            let lang = lang_code(i18n.get_locale_untracked());
            let incident = inc.index;
            let (at, tapped) = (inc.at.0, inc.tapped_at.map(|t| t.0));
            // A ruling a table's outbox delivered late says when it was tapped as well: the
            // order of events at the table is the tap's (issue N).
            let when = move || match tapped.filter(|&t| at - t >= TAPPED_EARLIER_MS) {
                Some(t) => t_string!(i18n, incident_tapped, time = clock_of(t, offset.get()), received = clock_of(at, offset.get())).to_string(),
                None => clock_of(at, offset.get()),
            };
            view! {
                <li class="incident">
                    <small class="incident-time" data-testid="incident-time">{when}</small>" "
                    <b>{inc.table.map(|t| format!("T{} · ", t.0)).unwrap_or_default()}{inc.title.as_ref().map(|t| text_in(t, lang)).unwrap_or_else(|| inc.flow.clone())}</b>
                    " — "{inc.rule.clone()}
                    <p>{inc.text.as_ref().map(|t| text_in(t, lang)).unwrap_or_default()}</p>
                    {match inc.overruled.clone() {
                        Some(r) => view! { <p class="alarm" data-testid="overruled">{t!(i18n, overruled)}{colon()}{r}</p> }.into_any(),
                        None => view! {
                            <CorrectionButton correction=Correction::Overrule(incident) pending testid="overrule">{t!(i18n, overrule)}</CorrectionButton>
                        }.into_any(),
                    }}
                </li>
            }
        })
        .collect_view();
    // A ruling's penalty reads as its situation ("Talking about a hand (PKR4U 10)"), not as
    // the flow's id.
    let lang = lang_code(i18n.get_locale_untracked());
    let any_penalty = !penalties.is_empty();
    let penalties = penalties
        .iter()
        .map(|p| {
            let index = p.index;
            let what = match p.kind {
                PenaltyKind::Warning => t!(i18n, warning).into_any(),
                PenaltyKind::Hands { .. } => t!(i18n, hands_left, n = p.hands_left.unwrap_or(0)).into_any(),
                PenaltyKind::Minutes { minutes } => format!("{minutes} min").into_any(),
            };
            view! {
                <li data-testid="director-penalty">
                    <b>{p.name.clone()}</b>" · "{what}" · "{reason_text(&p.reason, &situations, lang)}
                    " "<CorrectionButton correction=Correction::Rescind(index) pending testid="rescind">{t!(i18n, rescind)}</CorrectionButton>
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="panel">
            <h3>{t!(i18n, incidents)}</h3>
            <ul class="incidents" data-testid="incidents">{lines}</ul>
            {any_penalty.then(|| view! {
                <h3>{t!(i18n, penalties)}</h3>
                <ul class="penalties" data-testid="director-penalties">{penalties}</ul>
            })}
        </section>
    }
}
