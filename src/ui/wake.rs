//! Keeping a device's screen on and filling it: the room screen and the tables' devices must
//! not dim or lock in the middle of a level.
//!
//! `navigator.wakeLock` is not in web-sys's stable API, so it is reached through
//! `js_sys::Reflect`; a browser without it (or one refusing it: a page not visible, a battery
//! saver) simply keeps its own settings. The lock is released by the browser whenever the page
//! is hidden, so it is asked for again each time the page becomes visible. Nothing happens on
//! the server.

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
        let Ok(lock) = Reflect::get(&navigator, &JsValue::from_str("wakeLock")) else {
            return;
        };
        if lock.is_undefined() || lock.is_null() {
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
