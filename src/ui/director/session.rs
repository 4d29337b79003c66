//! The director's sessions: sign this tablet out, or every device at once (a tablet left
//! signed in at the bar, a PIN seen over a shoulder). Ending every session asks for a second
//! tap; both go back to the PIN form.

use super::go_to;
use crate::i18n::*;
use crate::server_fns::{director_logout, director_logout_everywhere};
use leptos::prelude::*;

#[component]
pub fn SessionPanel() -> impl IntoView {
    let i18n = use_i18n();
    let confirming = RwSignal::new(false);
    let sign_out = Action::new(|_: &()| director_logout());
    let everywhere = Action::new(|_: &()| director_logout_everywhere());
    Effect::new(move |_| {
        let done = matches!(sign_out.value().get(), Some(Ok(())))
            || matches!(everywhere.value().get(), Some(Ok(_)));
        if done {
            go_to(crate::ui::SIGN_IN_PATH);
        }
    });
    let busy = move || sign_out.pending().get() || everywhere.pending().get();
    view! {
        <section class="panel session" data-testid="session">
            <h3>{t!(i18n, session)}</h3>
            <div class="row">
                <button type="button" data-testid="sign-out" disabled=busy
                    on:click=move |_| { sign_out.dispatch(()); }>{t!(i18n, sign_out)}</button>
                {move || if confirming.get() {
                    view! {
                        <button type="button" class="danger" data-testid="sign-out-everywhere-confirm" disabled=busy
                            on:click=move |_| { confirming.set(false); everywhere.dispatch(()); }>
                            {t!(i18n, sign_out_everywhere_confirm)}
                        </button>
                    }.into_any()
                } else {
                    view! {
                        <button type="button" data-testid="sign-out-everywhere"
                            on:click=move |_| confirming.set(true)>{t!(i18n, sign_out_everywhere)}</button>
                    }.into_any()
                }}
            </div>
            {move || matches!(everywhere.value().get(), Some(Err(_))).then(|| view! {
                <p class="answer error" role="alert">{t!(i18n, director_only)}</p>
            })}
        </section>
    }
}
