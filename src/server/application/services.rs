//! The application layer's own state: what carrying out a command, a query or a club action
//! needs (the tournaments' engine, the director's sign-in, the API tokens, the players' links,
//! the door's allowance per address), and nothing of the web. The web's state holds one
//! (`AppState::app`); the doors hand it to the application layer with what they read from
//! the request.

use super::sign_up::SignUpLimiter;
use crate::server::api_tokens::Tokens;
use crate::server::auth::Auth;
use crate::server::engine::Engine;
use crate::server::player_links::PlayerLinks;
use std::sync::Arc;

/// Shared by every door; cheap to clone (each part is shared).
#[derive(Clone)]
pub struct Services {
    pub engine: Arc<Engine>,
    pub auth: Arc<Auth>,
    /// API tokens for websites and integrations.
    pub tokens: Tokens,
    /// Players' personal links and phones' sign-up tokens (made and checked with the server's
    /// secret).
    pub player_links: PlayerLinks,
    /// Sign-ups at the door counted per address (issue T).
    pub sign_ups: Arc<SignUpLimiter>,
    /// The SQLite file: backups are written into `backups/` beside it.
    pub database: std::path::PathBuf,
    /// Serialises the creation of tournaments, so a retried `command_id` finds its tournament
    /// instead of making a second one (`creation.rs`): one per server, not per process.
    pub(super) creating: Arc<tokio::sync::Mutex<()>>,
}

impl Services {
    pub fn new(
        engine: Arc<Engine>,
        auth: Arc<Auth>,
        tokens: Tokens,
        player_links: PlayerLinks,
        sign_ups: SignUpLimiter,
        database: std::path::PathBuf,
    ) -> Services {
        Services {
            engine,
            auth,
            tokens,
            player_links,
            sign_ups: Arc::new(sign_ups),
            database,
            creating: Arc::default(),
        }
    }
}
