//! Live data for a page: its face's view from the server (the console's whole view, the room
//! screen's, a player's own, `domain::read::faces`), refetched whenever the live stream
//! announces a new event; an offline flag while the stream is down (the stream reopens by
//! itself, `live_stream`, and the first message after it catches the page up).

use super::device::device_now;
use super::outbox::Outbox;
use crate::domain::command::Command;
use crate::domain::read::faces::FaceView;
use crate::domain::view::TournamentView;
use crate::server_fns::{CommandReply, LiveView};
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

/// The tournament the address chose (`?t=<id>`); `None` means the club's default, the
/// newest tournament not archived (the server decides, so every face agrees).
pub fn use_tournament_choice() -> Memo<Option<i64>> {
    let query = use_query_map();
    Memo::new(move |_| {
        query
            .try_with(|q| q.get("t").and_then(|t| t.trim().parse::<i64>().ok()))
            .flatten()
    })
}

/// `path` keeping the chosen tournament, so moving between faces stays on it.
pub fn with_tournament(path: &str, tournament: Option<i64>) -> String {
    match tournament {
        Some(t) if path.contains('?') => format!("{path}&t={t}"),
        Some(t) => format!("{path}?t={t}"),
        None => path.to_string(),
    }
}

/// What a page needs to show and change the tournament: its face's view (the whole one by
/// default), the connection and the device's clock.
pub struct Live<V: FaceView = TournamentView> {
    pub view: Resource<Result<Option<LiveView<V>>, ServerFnError>>,
    /// Bumped on every live message: the view refetches.
    pub version: RwSignal<u64>,
    pub online: RwSignal<bool>,
    /// The browser's clock (ms) when the view last arrived, to count the clock down locally.
    pub received_at: RwSignal<f64>,
    /// Ticks every second on the client, for countdowns.
    pub now: RwSignal<f64>,
    /// The tournament the address chose (`None`: the default).
    pub choice: Memo<Option<i64>>,
    /// The view shown is the one this device kept (the server could not be reached), as it
    /// was at this time (device ms).
    pub kept_since: RwSignal<Option<f64>>,
    /// The browser says the device has no network (its own offline and online events; the
    /// live stream may still look open for a while, or deliver a last message).
    pub network_down: RwSignal<bool>,
}

impl<V: FaceView> Clone for Live<V> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<V: FaceView> Copy for Live<V> {}

impl<V: FaceView> Live<V> {
    /// The tournament the page shows: the one of the view it has, else the address's choice.
    /// Commands go there, so a tournament created meanwhile never receives them.
    pub fn shown(&self) -> Signal<Option<i64>> {
        let (view, choice) = (self.view, self.choice);
        Signal::derive(move || {
            view.try_get()
                .flatten()
                .and_then(|r| r.ok())
                .flatten()
                .map(|l| l.tournament)
                .or_else(|| choice.try_get().flatten())
        })
    }
}

/// A face's view of the tournament: on the server straight from the engine, in the browser
/// from `GET /view/{tournament}{face's path}`, the bytes the server shares between all pages of
/// that face (issue G).
pub async fn fetch_view<V: FaceView>(
    tournament: Option<i64>,
    key: V::Key,
) -> Result<Option<LiveView<V>>, ServerFnError> {
    #[cfg(not(feature = "hydrate"))]
    {
        crate::server_fns::face_view::<V>(tournament, key).await
    }
    #[cfg(feature = "hydrate")]
    {
        let which = tournament.map_or_else(|| "current".to_string(), |t| t.to_string());
        let path = V::path(key);
        send_wrapper::SendWrapper::new(async move {
            let answer = gloo_net::http::Request::get(&format!("/view/{which}{path}"))
                .send()
                .await
                .map_err(|e| ServerFnError::new(format!("request: {e}")))?;
            if !answer.ok() {
                return Err(ServerFnError::new(format!("HTTP {}", answer.status())));
            }
            let text = answer
                .text()
                .await
                .map_err(|e| ServerFnError::new(format!("view: {e}")))?;
            let view = serde_json::from_str::<Option<LiveView<V>>>(&text)
                .map_err(|e| ServerFnError::new(format!("view: {e}")))?;
            // Kept on the device as it came, for a page opened without a network.
            if view.is_some() {
                kept_view::save(&kept_view::key(tournament, &path), &text);
            }
            Ok(view)
        })
        .await
    }
}

/// Sets up the view resource of the current tournament and, in the browser, the live stream
/// and the second tick.
pub fn use_live() -> Live {
    use_live_of(None)
}

/// `use_live` for one tournament (`None`: the current one), e.g. the one a sign-up belongs to.
pub fn use_live_of(tournament: Option<i64>) -> Live {
    use_face(tournament, ())
}

/// The live view of one face (`key`: which of its views, e.g. the player's) of one tournament
/// (`None`: the address's choice, else the current one).
pub fn use_face<V: FaceView>(tournament: Option<i64>, key: V::Key) -> Live<V> {
    use_face_keyed(tournament, Signal::stored(key))
}

/// `use_face` for a key that can change while the page is open (a table's number in its
/// address): the view is fetched again for the new key.
pub fn use_face_keyed<V: FaceView>(tournament: Option<i64>, key: Signal<V::Key>) -> Live<V> {
    let version = RwSignal::new(0u64);
    let online = RwSignal::new(true);
    let received_at = RwSignal::new(0.0);
    let now = RwSignal::new(0.0);
    let kept_since = RwSignal::new(None::<f64>);
    let network_down = RwSignal::new(false);
    // Coalescing: while a fetch is under way, news only marks the view stale; when the fetch
    // ends, one more fetch follows. A burst of events costs a page two fetches, not one per
    // event (400 phones refetching on every event were the server's bottleneck, issue G).
    let fetching = StoredValue::new(false);
    let stale = StoredValue::new(false);
    // The last event number the live stream announced; forgotten when a view could not be
    // fetched, so the stream's next word (after a reconnect) fetches again.
    let seen = StoredValue::new(0u64);
    // `try_get`: on the server the page's owner can be gone (its response already sent, e.g.
    // a route that never reads the view) before the resource's task first runs; `get` on a
    // disposed signal panics in that task.
    // The caller's tournament (a personal link's), else the address's choice.
    let choice = use_tournament_choice();
    let view = Resource::new(
        move || {
            (
                version.try_get().unwrap_or_default(),
                tournament.or_else(|| choice.try_get().flatten()),
                key.try_get(),
            )
        },
        move |(_, tournament, key)| async move {
            // The page's owner is gone (see above): nothing to fetch for.
            let Some(key) = key else {
                return Ok(None);
            };
            fetching.try_set_value(true);
            let v = match fetch_view::<V>(tournament, key).await {
                Ok(v) => {
                    kept_since.try_set(None);
                    received_at.try_set(device_now());
                    Ok(v)
                }
                // No network: the last view this device kept, counted from when it came.
                Err(e) => match kept_view::load::<V>(&kept_view::key(tournament, &V::path(key))) {
                    Some((kept, at)) => {
                        seen.try_set_value(0);
                        kept_since.try_set(Some(at));
                        received_at.try_set(at);
                        Ok(Some(kept))
                    }
                    None => Err(e),
                },
            };
            fetching.try_set_value(false);
            if stale.try_get_value().unwrap_or(false) {
                stale.try_set_value(false);
                version.try_update(|v| *v += 1);
            }
            v
        },
    );
    #[cfg(feature = "hydrate")]
    {
        // The browser knows first when the network goes (a WiFi drop keeps a stream open for
        // a while before it errors); the outbox tries again by itself when it returns, and the
        // view is asked for again at once (the stream may not have noticed). Listening from
        // the start: a drop right after the page opened counts too.
        // (`try_`: a listener outlives a page left by a link; it must not touch its values.)
        let offline = window_event_listener(leptos::ev::offline, move |_| {
            online.try_set(false);
            network_down.try_set(true);
        });
        let back = window_event_listener(leptos::ev::online, move |_| {
            online.try_set(true);
            network_down.try_set(false);
            version.try_update(|v| *v += 1);
        });
        on_cleanup(move || {
            offline.remove();
            back.remove();
        });
        // The page's owner, to close its stream when the page is left.
        let page = Owner::current();
        // Both live as long as the page's `Live`: values created inside the effect would be
        // disposed when it re-runs, while the stream's callbacks still hold them.
        let started = StoredValue::new(false);
        Effect::new(move |_| {
            let Some(Ok(Some(live))) = view.get() else {
                return;
            };
            if started.get_value() {
                return;
            }
            started.set_value(true);
            // The page may be an old copy (the service worker's, opened offline) while this
            // device kept a newer view: ask again, which falls back to the newer one. Else the
            // page's view is the newest this device has: keep it.
            let asked = tournament.or_else(|| choice.get_untracked());
            let kept_key = kept_view::key(asked, &V::path(key.get_untracked()));
            match kept_view::load::<V>(&kept_key) {
                Some((kept, _)) if kept.last_seq > live.last_seq => version.update(|v| *v += 1),
                _ => {
                    if let Ok(text) = serde_json::to_string(&Some(&live)) {
                        kept_view::save(&kept_key, &text);
                    }
                }
            }
            // A view that came with the server's page was never fetched here: count its
            // clock down from the moment it arrived (hydration), not from the epoch.
            if received_at.get_untracked() == 0.0 {
                received_at.set(device_now());
            }
            now.set(device_now());
            let _ = set_interval_with_handle(
                move || now.set(device_now()),
                std::time::Duration::from_millis(1000),
            );
            seen.set_value(live.last_seq);
            // `try_` throughout: the stream's callbacks must never touch the values of a page
            // already left (its stream is closed then, but a message may be on its way).
            let on_message = move |e: web_sys::MessageEvent| {
                online.try_set(true);
                let seq = e
                    .data()
                    .as_string()
                    .and_then(|s| s.parse::<u64>().ok())
                    .unwrap_or(0);
                if Some(seq) != seen.try_get_value() {
                    seen.try_set_value(seq);
                    if fetching.try_get_value().unwrap_or(false) {
                        stale.try_set_value(true);
                    } else {
                        version.try_update(|v| *v += 1);
                    }
                }
            };
            // The stream broke: the server or the network is gone. Asking for the view once
            // shows the device's kept one, marked with its age (a page opened from the service
            // worker's copy shows its own old view until then).
            let on_error = move || {
                online.try_set(false);
                if kept_since.try_get_untracked().flatten().is_none() {
                    version.try_update(|v| *v += 1);
                }
            };
            // The stream is back: so is the server, and the outbox tries at once.
            let outbox = Outbox::get();
            let on_open = move || {
                online.try_set(true);
                outbox.wake();
            };
            // Reopened by itself whenever the browser gives it up (`live_stream`); closed
            // when the page is left by a link.
            let stream = super::live_stream::LiveStream::open(
                format!("/live/{}", live.tournament),
                on_message,
                on_error,
                on_open,
            );
            let stream = send_wrapper::SendWrapper::new(stream);
            match &page {
                Some(page) => page.with(|| on_cleanup(move || stream.close())),
                None => std::mem::forget(stream),
            }
        });
    }
    Live {
        view,
        version,
        online,
        received_at,
        now,
        choice,
        kept_since,
        network_down,
    }
}

/// What a page sends commands with: its `value()` is the last answer (the server's, or
/// `Queued` when the device keeps the command until the server can be reached), `pending()`
/// is true while a tap waits for it.
pub type CommandAction = Action<Command, Result<CommandReply, ServerFnError>>;

/// An action whose taps go through the device's outbox (`ui::outbox`): the command id is made
/// at the tap, the command kept on the device before it is first sent, and sent until the
/// server answers. The director is recognised by the session cookie; a table device sends its
/// table's key.
pub fn command_action(
    table_key: RwSignal<Option<String>>,
    tournament: Signal<Option<i64>>,
) -> CommandAction {
    let outbox = Outbox::get();
    Action::new(move |command: &Command| {
        let sent = outbox.send(
            command.clone(),
            table_key.get_untracked(),
            tournament.get_untracked(),
        );
        async move { Ok(sent.await) }
    })
}

/// The last view of each tournament and face this device received, in local storage, for a
/// page opened or reloaded while the server cannot be reached (issue N). Nothing on the server
/// side.
mod kept_view {
    use crate::domain::read::faces::FaceView;
    use crate::server_fns::LiveView;

    /// Where a tournament's view of one face is kept (`path`: the face's, `""` for the whole
    /// view, so the console's key is the one it always was).
    pub fn key(tournament: Option<i64>, path: &str) -> String {
        match tournament {
            Some(t) => format!("clubtd.view.{t}{path}"),
            None => format!("clubtd.view.current{path}"),
        }
    }

    /// Keeps the view's JSON (as the server sent it) with the time it came.
    #[cfg(feature = "hydrate")]
    pub fn save(key: &str, view_json: &str) {
        if let Some(s) = crate::ui::device::device_storage() {
            let at = crate::ui::device::device_now();
            // A full storage only costs the offline copy, never the page.
            let _ = s.set_item(key, &format!("{at}\n{view_json}"));
        }
    }

    /// The kept view and when it came (device ms).
    pub fn load<V: FaceView>(key: &str) -> Option<(LiveView<V>, f64)> {
        #[cfg(feature = "hydrate")]
        {
            let text = crate::ui::device::device_storage()?.get_item(key).ok()??;
            let (at, json) = text.split_once('\n')?;
            let view: Option<LiveView<V>> = serde_json::from_str(json).ok()?;
            Some((view?, at.parse().ok()?))
        }
        #[cfg(not(feature = "hydrate"))]
        {
            let _ = key;
            None
        }
    }
}
