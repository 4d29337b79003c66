//! The chimes a page plays (`public/sounds/`, made by `tools/make_sounds.py`): the TV's level,
//! break and call sounds, a phone's call, the desk's stopped table.
//!
//! Browsers play a sound only after the person has tapped the page, and WebKit (Safari, every
//! iPhone browser) is stricter still: it lets an audio element play only if that same element
//! was first played inside a tap; a `new Audio()` made later for a level change is refused
//! (NotAllowedError) however often the screen was tapped. So each sound has one element for
//! the page's life, and the page's first tap anywhere plays every element once, muted, which
//! unlocks them; later chimes replay those elements.

/// Every sound a page may play.
pub const ALL: [&str; 5] = [
    "/sounds/level.wav",
    "/sounds/break.wav",
    "/sounds/minute.wav",
    "/sounds/call.wav",
    "/sounds/table-stopped.wav",
];

/// Plays `src` (one of `ALL`) from its start. Refused quietly before the page's first tap: the
/// page shows what the sound would have said.
pub fn play(src: &'static str) {
    #[cfg(feature = "hydrate")]
    browser::play(src);
    #[cfg(not(feature = "hydrate"))]
    let _ = src;
}

/// Unlocks the sounds at the page's first tap (a click, a touch or a key): called once when
/// the app starts in the browser.
pub fn unlock_on_first_tap() {
    #[cfg(feature = "hydrate")]
    browser::unlock_on_first_tap();
}

#[cfg(feature = "hydrate")]
mod browser {
    use super::ALL;
    use std::cell::{Cell, RefCell};
    use std::collections::HashMap;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::HtmlAudioElement;

    thread_local! {
        /// One element per sound, made at the first tap or the first play.
        static ELEMENTS: RefCell<HashMap<&'static str, HtmlAudioElement>> = RefCell::new(HashMap::new());
        /// The sounds were played once inside a tap.
        static UNLOCKED: Cell<bool> = const { Cell::new(false) };
    }

    fn element(src: &'static str) -> Option<HtmlAudioElement> {
        ELEMENTS.with(|all| {
            let mut all = all.borrow_mut();
            if let Some(audio) = all.get(src) {
                return Some(audio.clone());
            }
            let audio = HtmlAudioElement::new_with_src(src).ok()?;
            audio.set_preload("auto");
            all.insert(src, audio.clone());
            Some(audio)
        })
    }

    /// Swallows a refused play (before the first tap): nothing to report. `then` runs once it
    /// played. (The two callbacks are a few bytes each, left to the page.)
    fn quietly(promise: js_sys::Promise, then: Option<Box<dyn FnOnce()>>) {
        let done = Closure::once(move |_: JsValue| {
            if let Some(then) = then {
                then();
            }
        });
        let refused = Closure::once(|_: JsValue| {});
        let _ = promise.then(&done).catch(&refused);
        done.forget();
        refused.forget();
    }

    pub fn play(src: &'static str) {
        let Some(audio) = element(src) else {
            return;
        };
        audio.set_muted(false);
        audio.set_current_time(0.0);
        if let Ok(promise) = audio.play() {
            quietly(promise, None);
        }
    }

    /// Inside a tap: plays every element once, muted, and rewinds it.
    fn unlock() {
        if UNLOCKED.with(Cell::get) {
            return;
        }
        for src in ALL {
            let Some(audio) = element(src) else {
                continue;
            };
            audio.set_muted(true);
            if let Ok(promise) = audio.play() {
                let played = audio.clone();
                quietly(
                    promise,
                    Some(Box::new(move || {
                        let _ = played.pause();
                        played.set_current_time(0.0);
                        played.set_muted(false);
                        UNLOCKED.with(|u| u.set(true));
                    })),
                );
            }
        }
    }

    pub fn unlock_on_first_tap() {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        // Kept for the page's life (a few bytes); `unlock` does nothing once it has worked.
        let on_tap = Closure::<dyn FnMut(web_sys::Event)>::new(|_| unlock());
        for kind in ["click", "touchend", "keydown"] {
            let _ = document.add_event_listener_with_callback_and_bool(
                kind,
                on_tap.as_ref().unchecked_ref(),
                true,
            );
        }
        on_tap.forget();
    }
}

#[cfg(test)]
mod tests {
    use super::ALL;

    #[test]
    fn every_sound_a_page_plays_is_bundled() {
        for src in ALL {
            let file = std::path::Path::new("public").join(src.trim_start_matches('/'));
            assert!(file.is_file(), "{} is not in public/", file.display());
        }
    }
}
