//! A phone told something that needs its player now (a move, a call to the desk): a chime and
//! a short vibration, where the browser lets a page do them. Browsers allow sound (and most
//! allow vibration) only after the person has tapped the page once; before that both are
//! refused quietly, and the big banner on the page is what remains.

/// Chimes (`/sounds/call.wav`) and vibrates twice.
pub fn chime_and_vibrate() {
    #[cfg(feature = "hydrate")]
    {
        use wasm_bindgen::prelude::*;
        if let Some(window) = web_sys::window() {
            let _ = window.navigator().vibrate_with_duration(300);
        }
        if let Ok(audio) = web_sys::HtmlAudioElement::new_with_src("/sounds/call.wav") {
            if let Ok(promise) = audio.play() {
                // Refused before the first tap: nothing to report.
                let swallow = Closure::<dyn FnMut(JsValue)>::new(|_| {});
                let _ = promise.catch(&swallow);
                swallow.forget();
            }
        }
    }
}
