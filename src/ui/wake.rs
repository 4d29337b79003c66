//! Keeping a device's screen on and filling it: the room screen and the tables' devices must
//! not dim or lock in the middle of a level.
//!
//! `navigator.wakeLock` is not in web-sys's stable API, so it is reached through
//! `js_sys::Reflect`. Browsers offer it only in a secure context (https, or the laptop's own
//! `localhost`), and the club's WiFi reaches the laptop at plain `http://<LAN address>`: there
//! the page plays a tiny silent video in a loop instead (`public/wake/`, NoSleep.js's), which
//! keeps a TV's or a tablet's screen on in every engine; it may start only inside a tap, and the
//! TV and the tables' pages call this from theirs. The lock is released by the browser whenever
//! the page is hidden, so it is asked for again each time the page becomes visible. Nothing
//! happens on the server.

/// Keeps the screen awake while this page is shown: asks for a screen wake lock now and again
/// every time the page comes back into view. Safe to call more than once (one listener per
/// page). For the room screen and the table's device.
pub fn keep_screen_awake() {
    #[cfg(feature = "hydrate")]
    imp::keep_screen_awake();
}

/// Asks the browser to show the page full screen. Browsers only grant it during a user's tap,
/// so call it from a click handler.
pub fn request_fullscreen() {
    #[cfg(feature = "hydrate")]
    imp::request_fullscreen();
}

#[cfg(feature = "hydrate")]
mod imp {
    use js_sys::{Function, Promise, Reflect};
    use std::cell::Cell;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    thread_local! {
        /// The visibility listener is installed once per page.
        static LISTENING: Cell<bool> = const { Cell::new(false) };
    }

    /// A refused promise is expected (no lock without a visible page, no full screen without
    /// a tap): swallow it rather than report an unhandled rejection.
    fn ignore_refusal(value: JsValue) {
        if let Ok(promise) = value.dyn_into::<Promise>() {
            let swallow = Closure::<dyn FnMut(JsValue)>::new(|_| {});
            let _ = promise.catch(&swallow);
            swallow.forget();
        }
    }

    fn request_lock() {
        let Some(window) = web_sys::window() else {
            return;
        };
        let navigator = window.navigator();
        let lock = Reflect::get(&navigator, &JsValue::from_str("wakeLock")).unwrap_or_default();
        if lock.is_undefined() || lock.is_null() {
            play_awake_video();
            return;
        }
        let Ok(request) = Reflect::get(&lock, &JsValue::from_str("request")) else {
            return;
        };
        if let Some(request) = request.dyn_ref::<Function>() {
            if let Ok(promise) = request.call1(&lock, &JsValue::from_str("screen")) {
                ignore_refusal(promise);
            }
        }
    }

    pub fn keep_screen_awake() {
        request_lock();
        if LISTENING.with(|l| l.replace(true)) {
            return;
        }
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        let again = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
            let visible = web_sys::window()
                .and_then(|w| w.document())
                .is_some_and(|d| !d.hidden());
            if visible {
                request_lock();
            }
        });
        let _ = document
            .add_event_listener_with_callback("visibilitychange", again.as_ref().unchecked_ref());
        // The listener lives as long as the page.
        again.forget();
        // Without a wake lock the video may start only inside a tap: any tap on the page
        // starts it (again, if the browser paused it).
        let no_lock = Reflect::get(
            &web_sys::window().map(|w| w.navigator()).into(),
            &"wakeLock".into(),
        )
        .map(|l| l.is_undefined() || l.is_null())
        .unwrap_or(true);
        if no_lock {
            let on_tap = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| play_awake_video());
            for kind in ["click", "touchend"] {
                let _ = document.add_event_listener_with_callback_and_bool(
                    kind,
                    on_tap.as_ref().unchecked_ref(),
                    true,
                );
            }
            on_tap.forget();
        }
    }

    thread_local! {
        /// The looping video of a page without the Wake Lock API (plain http), made once.
        static AWAKE_VIDEO: std::cell::RefCell<Option<web_sys::HtmlMediaElement>> =
            const { std::cell::RefCell::new(None) };
    }

    /// The fallback without a wake lock: a one-pixel, silent, looping video, playing. Kept in
    /// the page (hidden) so a test and the browser's own tools can see it.
    fn play_awake_video() {
        let video = AWAKE_VIDEO.with(|kept| {
            if let Some(video) = kept.borrow().as_ref() {
                return Some(video.clone());
            }
            let document = web_sys::window()?.document()?;
            let element = document.create_element("video").ok()?;
            for (name, value) in [
                ("playsinline", ""),
                ("loop", ""),
                ("title", "clubtd"),
                ("aria-hidden", "true"),
                ("data-testid", "keep-awake"),
                ("class", "keep-awake"),
            ] {
                let _ = element.set_attribute(name, value);
            }
            for (src, kind) in [
                ("/wake/keep-awake.webm", "video/webm"),
                ("/wake/keep-awake.mp4", "video/mp4"),
            ] {
                if let Ok(source) = document.create_element("source") {
                    let _ = source.set_attribute("src", src);
                    let _ = source.set_attribute("type", kind);
                    let _ = element.append_child(&source);
                }
            }
            let _ = document.body()?.append_child(&element);
            let video = element.dyn_into::<web_sys::HtmlMediaElement>().ok()?;
            *kept.borrow_mut() = Some(video.clone());
            Some(video)
        });
        if let Some(video) = video.filter(|v| v.paused()) {
            if let Ok(promise) = video.play() {
                ignore_refusal(promise.into());
            }
        }
    }

    pub fn request_fullscreen() {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        if document.fullscreen_element().is_some() {
            return;
        }
        let Some(root) = document.document_element() else {
            return;
        };
        // `requestFullscreen` answers with a promise in today's browsers; web-sys types it
        // as returning nothing, so it is called through Reflect to catch the refusal.
        if let Ok(request) = Reflect::get(&root, &JsValue::from_str("requestFullscreen")) {
            if let Some(request) = request.dyn_ref::<Function>() {
                if let Ok(promise) = request.call0(&root) {
                    ignore_refusal(promise);
                }
            }
        }
    }
}
