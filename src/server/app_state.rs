//! The state every handler and server function reaches through axum's `FromRef`.

use super::application::Services;
use axum::extract::FromRef;
use leptos::prelude::LeptosOptions;
use std::sync::Arc;

/// Shared by the router, the server functions and the live stream.
#[derive(Clone, FromRef)]
pub struct AppState {
    pub leptos_options: LeptosOptions,
    /// The application layer's own state (engine, sign-in, tokens, links, sign-ups).
    pub app: Services,
    /// The view's bytes as every page gets them (the live push's cache).
    pub shared_views: Arc<super::http::view_bytes::SharedViews>,
    /// This machine's address on the local network, for links phones open (`None` when
    /// bound to one address, or without a network).
    pub lan: Option<std::net::SocketAddr>,
}
