//! The page's connection, as the person sees it (issue N): offline, what the device keeps
//! waiting for the server (each with a way to let it go), and the answers that came after the
//! reconnect, a refusal plainly, until read.

use super::components::{format_ms, lang_code, ConfirmButton};
use super::live::Live;
use super::outbox::{refusal, Outbox, Waiting};
use crate::domain::command::{Command, RegisterPlayer};
use crate::domain::read::faces::FaceView;
use crate::i18n::*;
use crate::messages::error_message;
use leptos::prelude::*;

/// What a waiting or late command was, in a word of the reader's language.
fn command_label(i18n: leptos_i18n::I18nContext<Locale>, command: &Command) -> String {
    match command {
        Command::ReportBusts(_) => t_string!(i18n, cmd_bust).to_string(),
        Command::SetButton(_) => t_string!(i18n, button).to_string(),
        Command::MovePlayer(_) => t_string!(i18n, cmd_move).to_string(),
        Command::FinishHand(_) => t_string!(i18n, hand_finished).to_string(),
        Command::ReportTableChips(_) | Command::ReportChips(_) => {
            t_string!(i18n, table_count_chips).to_string()
        }
        Command::CallDirector(_) => t_string!(i18n, call_director).to_string(),
        Command::RecordRuling(_) => t_string!(i18n, cmd_ruling).to_string(),
        Command::GivePenalty(_) | Command::ReportPenaltyHandServed(_) => {
            t_string!(i18n, penalty).to_string()
        }
        Command::RegisterPlayer(RegisterPlayer { name, .. }) => {
            format!("{} · {name}", t_string!(i18n, registration))
        }
        Command::ConfirmArrival(_) => t_string!(i18n, bonus_stack_here).to_string(),
        _ => t_string!(i18n, cmd_other).to_string(),
    }
}

/// The time of a tap, `hh:mm`, by the device's clock.
fn tap_time(waiting: &Waiting) -> String {
    #[cfg(feature = "hydrate")]
    {
        let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(waiting.tapped_at as f64));
        format!("{:02}:{:02}", d.get_hours(), d.get_minutes())
    }
    #[cfg(not(feature = "hydrate"))]
    {
        let _ = waiting;
        String::new()
    }
}

/// Offline, waiting commands and late answers; nothing when all is well.
#[component]
pub fn OfflineBanner<V: FaceView>(live: Live<V>) -> impl IntoView {
    let i18n = use_i18n();
    let outbox = Outbox::get();
    let offline = move || {
        !live.online.get()
            || live.network_down.get()
            || outbox.unreachable.get()
            || live.kept_since.get().is_some()
    };
    let waiting = move || outbox.waiting.get();
    let late = move || outbox.late.get();
    view! {
        // The server answered but could not write (its disk is full): said in words, not
        // as "offline"; what was tapped waits below and is sent again.
        {move || outbox.trouble.get().map(|code| view! {
            <div class="offline trouble" role="alert" data-testid="server-trouble" data-code=code.clone()>
                {error_message(lang_code(i18n.get_locale()), &code, &Default::default())}
            </div>
        })}
        <Show when=move || offline() && outbox.trouble.with(Option::is_none)>
            <div class="offline" role="status" data-testid="offline">
                {t!(i18n, offline)}
                // The page shows what this device kept, counted from when it came.
                {move || live.kept_since.get().map(|at| {
                    let age = format_ms((live.now.get() - at).max(0.0) as i64);
                    view! { " "<span data-testid="view-kept">{t!(i18n, view_kept, age = age)}</span> }
                })}
            </div>
        </Show>
        <Show when=move || !outbox.waiting.with(Vec::is_empty)>
            <section class="outbox" role="status" data-testid="outbox">
                <p><b data-testid="outbox-count">{move || t!(i18n, outbox_waiting, n = outbox.waiting.with(Vec::len))}</b></p>
                <ul>
                    {move || waiting().into_iter().map(|w| {
                        let id = w.id.clone();
                        let testid = format!("outbox-forget-{}", &w.id[..8.min(w.id.len())]);
                        view! {
                            <li data-testid="outbox-item">
                                <span>{tap_time(&w)}" · "{command_label(i18n, &w.command)}</span>
                                <ConfirmButton testid class="small" on_confirm=move |_| outbox.forget(&id)>{t!(i18n, outbox_forget)}</ConfirmButton>
                            </li>
                        }
                    }).collect_view()}
                </ul>
            </section>
        </Show>
        <Show when=move || !outbox.late.with(Vec::is_empty)>
            <section class="outbox late" role="alert" data-testid="outbox-late">
                <p><b>{t!(i18n, outbox_late)}</b></p>
                <ul>
                    {move || late().into_iter().map(|a| {
                        let label = command_label(i18n, &a.waiting.command);
                        let answer = match refusal(&a) {
                            Some(r) => view! { <span class="answer error" data-code=r.code.clone()>{error_message(lang_code(i18n.get_locale_untracked()), &r.code, &r.params)}</span> }.into_any(),
                            None => view! { <span class="answer ok">{t!(i18n, saved)}</span> }.into_any(),
                        };
                        view! { <li data-testid="outbox-late-item">{tap_time(&a.waiting)}" · "{label}" — "{answer}</li> }
                    }).collect_view()}
                </ul>
                <button class="small" data-testid="outbox-read" on:click=move |_| outbox.clear_late()>{t!(i18n, outbox_read)}</button>
            </section>
        </Show>
    }
}
