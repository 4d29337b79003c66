//! This device: its clock and its local storage, for the pages that count down or keep what
//! was tapped (the live view, the outbox, a table's key, a phone's sign-up).

#[cfg(feature = "hydrate")]
use leptos::prelude::window;

/// This device's local storage (the outbox, the kept views, a table's key), if the browser
/// gives one.
#[cfg(feature = "hydrate")]
pub fn device_storage() -> Option<web_sys::Storage> {
    window().local_storage().ok().flatten()
}

/// Milliseconds since the epoch on this device (0 on the server, where nothing counts down).
pub fn device_now() -> f64 {
    #[cfg(feature = "hydrate")]
    {
        js_sys::Date::now()
    }
    #[cfg(not(feature = "hydrate"))]
    {
        0.0
    }
}
