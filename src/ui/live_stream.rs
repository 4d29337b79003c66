//! The live stream of a tournament's event numbers (`/live/<id>`), kept open whatever the
//! browser does with it.
//!
//! Browsers reopen an EventSource by themselves after a dropped connection, but not always:
//! Firefox closes for good a stream created while the device was offline, and every engine
//! closes for good on an error status (a server restarting, a proxy's 502/503). A page whose
//! stream is closed never updates again, its offline banner stays, and only a reload helps.
//! So when the stream is closed it is opened anew after a pause that grows with each failure
//! (about 1 s, 2 s, 4 s … 15 s, spread a little so a room of phones does not come back in one
//! burst), and at once when the browser says the network is back. The first message of a new
//! stream is the last event's number, which catches the page up.

#[cfg(feature = "hydrate")]
pub use browser::LiveStream;

/// The longest pause between two tries, in milliseconds.
const LONGEST_PAUSE_MS: f64 = 15_000.0;

#[cfg(feature = "hydrate")]
mod browser {
    use super::pause_ms;
    use std::cell::{Cell, RefCell};
    use std::rc::{Rc, Weak};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{Event, EventSource, MessageEvent};

    /// A live stream that reopens itself until the page closes it.
    pub struct LiveStream(Rc<Inner>);

    struct Inner {
        url: String,
        source: RefCell<Option<EventSource>>,
        /// Tries that failed since the stream was last open.
        failures: Cell<u32>,
        /// The timer of the next try, if one is waiting.
        retry: Cell<Option<i32>>,
        closed: Cell<bool>,
        on_message: Closure<dyn FnMut(MessageEvent)>,
        on_error: Closure<dyn FnMut(Event)>,
        on_open: Closure<dyn FnMut(Event)>,
        on_online: Closure<dyn FnMut(Event)>,
    }

    impl LiveStream {
        /// Opens the stream at `url`. `message` gets every message; `error` every break (the page
        /// shows itself offline); `open` every (re)opening (the page is live again).
        pub fn open(
            url: String,
            mut message: impl FnMut(MessageEvent) + 'static,
            mut error: impl FnMut() + 'static,
            mut open: impl FnMut() + 'static,
        ) -> Self {
            let inner = Rc::new_cyclic(|me: &Weak<Inner>| {
                let on_error = {
                    let me = me.clone();
                    Closure::new(move |_: Event| {
                        error();
                        if let Some(me) = me.upgrade() {
                            me.after_error();
                        }
                    })
                };
                let on_open = {
                    let me = me.clone();
                    Closure::new(move |_: Event| {
                        if let Some(me) = me.upgrade() {
                            me.failures.set(0);
                        }
                        open();
                    })
                };
                let on_online = {
                    let me = me.clone();
                    Closure::new(move |_: Event| {
                        if let Some(me) = me.upgrade() {
                            me.network_back();
                        }
                    })
                };
                Inner {
                    url,
                    source: RefCell::new(None),
                    failures: Cell::new(0),
                    retry: Cell::new(None),
                    closed: Cell::new(false),
                    on_message: Closure::new(move |e: MessageEvent| message(e)),
                    on_error,
                    on_open,
                    on_online,
                }
            });
            if let Some(window) = web_sys::window() {
                let _ = window.add_event_listener_with_callback(
                    "online",
                    inner.on_online.as_ref().unchecked_ref(),
                );
            }
            inner.connect();
            LiveStream(inner)
        }

        /// Closes the stream for good (the page is left).
        pub fn close(&self) {
            let inner = &self.0;
            inner.closed.set(true);
            inner.cancel_retry();
            if let Some(source) = inner.source.borrow_mut().take() {
                source.close();
            }
            if let Some(window) = web_sys::window() {
                let _ = window.remove_event_listener_with_callback(
                    "online",
                    inner.on_online.as_ref().unchecked_ref(),
                );
            }
        }
    }

    impl Inner {
        /// A new EventSource in place of the old one (closed first).
        fn connect(self: &Rc<Self>) {
            if self.closed.get() {
                return;
            }
            if let Some(old) = self.source.borrow_mut().take() {
                old.close();
            }
            match EventSource::new(&self.url) {
                Ok(source) => {
                    source.set_onmessage(Some(self.on_message.as_ref().unchecked_ref()));
                    source.set_onerror(Some(self.on_error.as_ref().unchecked_ref()));
                    source.set_onopen(Some(self.on_open.as_ref().unchecked_ref()));
                    *self.source.borrow_mut() = Some(source);
                }
                Err(_) => self.try_later(),
            }
        }

        /// After an error the browser either tries again itself (the stream is `CONNECTING`) or
        /// has given up (`CLOSED`): then the page tries later.
        fn after_error(self: &Rc<Self>) {
            if self.given_up() {
                self.try_later();
            }
        }

        /// The network is back: a stream given up on, or waiting for its next try, opens now.
        fn network_back(self: &Rc<Self>) {
            if self.given_up() {
                self.cancel_retry();
                self.failures.set(0);
                self.connect();
            }
        }

        /// No stream, or one the browser closed for good (it will not try again itself).
        fn given_up(&self) -> bool {
            self.source
                .borrow()
                .as_ref()
                .is_none_or(|s| s.ready_state() == EventSource::CLOSED)
        }

        fn try_later(self: &Rc<Self>) {
            if self.closed.get() || self.retry.get().is_some() {
                return;
            }
            let failures = self.failures.get();
            self.failures.set(failures.saturating_add(1));
            let Some(window) = web_sys::window() else {
                return;
            };
            let me = Rc::downgrade(self);
            let again = Closure::once_into_js(move || {
                if let Some(me) = me.upgrade() {
                    me.retry.set(None);
                    me.connect();
                }
            });
            if let Ok(handle) = window.set_timeout_with_callback_and_timeout_and_arguments_0(
                again.unchecked_ref(),
                pause_ms(failures, js_sys::Math::random()) as i32,
            ) {
                self.retry.set(Some(handle));
            }
        }

        fn cancel_retry(&self) {
            if let (Some(handle), Some(window)) = (self.retry.take(), web_sys::window()) {
                window.clear_timeout_with_handle(handle);
            }
        }
    }
}

/// The pause before the next try after `failures` failed ones: 1 s doubled each time up to
/// 15 s, lengthened by up to half again by `spread` (0 to 1), so phones that lost the same
/// server do not all come back in the same instant.
#[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
fn pause_ms(failures: u32, spread: f64) -> f64 {
    let base = (1_000.0 * 2f64.powi(failures.min(8) as i32)).min(LONGEST_PAUSE_MS);
    base * (1.0 + spread.clamp(0.0, 1.0) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::pause_ms;

    #[test]
    fn the_pause_doubles_up_to_fifteen_seconds_and_is_spread_by_up_to_half() {
        assert_eq!(pause_ms(0, 0.0), 1_000.0);
        assert_eq!(pause_ms(1, 0.0), 2_000.0);
        assert_eq!(pause_ms(3, 0.0), 8_000.0);
        assert_eq!(pause_ms(4, 0.0), 15_000.0);
        assert_eq!(pause_ms(u32::MAX, 0.0), 15_000.0);
        assert_eq!(pause_ms(0, 1.0), 1_500.0);
        assert_eq!(pause_ms(0, 7.0), 1_500.0);
    }
}
