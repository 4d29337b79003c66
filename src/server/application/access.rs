//! Who may come in, for both doors: the director signing in with the PIN and out (on this
//! device or on every one), a table's key, and the API tokens the director hands to a club
//! website. The rules live here (the lockout is `Auth`'s, a token's label 1 to 100
//! characters, who may list or revoke); the doors only carry the result (a cookie, problem
//! details).

use super::{Credentials, Refusal, Services};
use crate::domain::ids::TableNo;
use crate::server::api_tokens::{Scope, TokenInfo};
use crate::server::auth::LoginError;
use crate::server::engine::now;
use std::net::IpAddr;

/// How a sign-in with the PIN ended, when the server itself did not fail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SignIn {
    /// The PIN was right: the new session's token, for the cookie.
    SignedIn { session: String },
    /// A wrong PIN (counted towards the lockout of `address`).
    WrongPin,
    /// Too many wrong PINs from this address (or from everywhere): try again after `seconds`.
    Locked { seconds: u64 },
    /// The server is checking too many PINs at once; try again in a moment.
    Busy,
}

/// Signs the director in with `pin` from `address` (the lockout counts per address).
pub async fn sign_in(app: &Services, address: IpAddr, pin: &str) -> Result<SignIn, Refusal> {
    match app.auth.login(address, pin.trim()).await {
        Ok(session) => Ok(SignIn::SignedIn { session }),
        Err(LoginError::WrongPin) => Ok(SignIn::WrongPin),
        Err(LoginError::Locked { seconds }) => Ok(SignIn::Locked { seconds }),
        Err(LoginError::Busy) => Ok(SignIn::Busy),
        Err(LoginError::Storage) => Err(Refusal::internal("the sign-in could not be stored")),
    }
}

/// Ends the session the request carried, if any (anyone may end their own).
pub async fn sign_out(app: &Services, credentials: &Credentials) {
    if let Some(session) = &credentials.session {
        app.auth.logout(session).await;
    }
}

/// Ends every director session on every device (a tablet left signed in, a PIN seen over a
/// shoulder): the director only. How many ended, the caller's own included.
pub async fn sign_out_everywhere(
    app: &Services,
    credentials: &Credentials,
) -> Result<u64, Refusal> {
    super::require_director(app, credentials).await?;
    app.auth
        .logout_everywhere()
        .await
        .map_err(Refusal::internal)
}

/// Whether `key` is table `table`'s key in `tournament` (a table's device checks its link
/// before it shows the controls).
pub async fn is_table_key(app: &Services, tournament: i64, table: TableNo, key: &str) -> bool {
    app.auth.table_of_key(tournament, key).await == Some(table)
}

/// The longest label an API token may have, in characters.
pub const LABEL_MAX: usize = 100;

/// Makes an API token for `label` (who it is for) with `scope`: the director only. The
/// token itself is in the answer this once and never again (only its hash is kept).
pub async fn make_token(
    app: &Services,
    credentials: &Credentials,
    label: &str,
    scope: Scope,
) -> Result<(TokenInfo, String), Refusal> {
    // Who asks before what is asked: a stranger learns nothing from the label's check.
    super::require_director(app, credentials).await?;
    let label = label.trim();
    if label.is_empty() || label.chars().count() > LABEL_MAX {
        return Err(Refusal::InvalidLabel { max: LABEL_MAX });
    }
    app.tokens
        .create(label, scope, now().0)
        .await
        .map_err(Refusal::internal)
}

/// The live API tokens (never the tokens themselves): the director only.
pub async fn tokens(app: &Services, credentials: &Credentials) -> Result<Vec<TokenInfo>, Refusal> {
    super::require_director(app, credentials).await?;
    app.tokens.list().await.map_err(Refusal::internal)
}

/// Revokes API token `id` at once: the director only; an unknown or revoked one is
/// `NOT_FOUND`.
pub async fn revoke_token(
    app: &Services,
    credentials: &Credentials,
    id: i64,
) -> Result<(), Refusal> {
    super::require_director(app, credentials).await?;
    match app.tokens.revoke(id, now().0).await {
        Ok(true) => Ok(()),
        Ok(false) => Err(Refusal::NotFound("token")),
        Err(e) => Err(Refusal::internal(e)),
    }
}
