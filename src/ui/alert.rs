//! A phone told something that needs its player now (a move, a call to the desk): a chime and
//! a short vibration, where the browser lets a page do them. Browsers allow sound (and most
//! allow vibration) only after the person has tapped the page once; before that both are
//! refused quietly, and the big banner on the page is what remains.

/// Chimes (`/sounds/call.wav`) and vibrates twice.
pub fn chime_and_vibrate() {
    #[cfg(feature = "hydrate")]
    {
        if let Some(window) = web_sys::window() {
            let _ = window.navigator().vibrate_with_duration(300);
        }
    }
    super::sound::play("/sounds/call.wav");
}
