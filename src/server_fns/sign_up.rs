//! Server functions of the door (issue T): a phone signs its player up and gets a token for
//! its place in the queue; the token follows and leaves that place and, once the desk has
//! admitted the entry, opens the player's personal page. The screen and the print sheet show
//! the sign-up page's QR code.

use crate::domain::event::PaymentMethod;
use crate::domain::ids::EntryNo;
use crate::protocol::{CommandReply, Refused};
use leptos::prelude::*;
use leptos::server_fn::codec::Json;
use serde::{Deserialize, Serialize};

/// The answer to a sign-up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SignUpReply {
    /// In the queue: the phone keeps `token` (`/signup/<token>` follows the place).
    Queued { token: String },
    /// Refused, with the code and its parameters (shown next to the button).
    Rejected(Refused),
}

/// What a sign-up token opens: its place in one tournament's queue, and the player's
/// personal page once the desk admitted it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignUpEntry {
    pub tournament: i64,
    pub entry: EntryNo,
    /// `/me/<token>` once admitted.
    pub player_page: Option<String>,
}

/// The sign-up page of a tournament, with its QR code (for the screen and the door's sheet).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignUpQr {
    pub tournament: i64,
    /// The full address a phone opens.
    pub url: String,
    pub qr_svg: String,
}

/// A player joins the queue (anyone may; the application layer counts sign-ups per
/// address). `command_id` is made on the phone at the tap, so a retry after a lost answer
/// returns the same place. A name the club knows (case, accents and spacing aside) is
/// written the club's way.
#[server(endpoint = "sign_up", input = Json)]
pub async fn sign_up(
    tournament: Option<i64>,
    command_id: String,
    name: String,
    method: PaymentMethod,
) -> Result<SignUpReply, ServerFnError> {
    use super::ssr;
    use crate::server::application::{sign_up, Refusal};
    let state = ssr::state()?;
    let credentials = ssr::credentials(None).await;
    match sign_up::sign_up(
        &state.app,
        &credentials,
        tournament,
        &command_id,
        &name,
        method,
        "sign-up",
    )
    .await
    {
        Ok(place) => Ok(SignUpReply::Queued { token: place.token }),
        Err(refusal @ Refusal::Internal(_)) => Err(ssr::refused(refusal)),
        Err(refusal) => Ok(SignUpReply::Rejected(Refused::from(&refusal))),
    }
}

/// The player leaves the queue from their phone (the token is the credential).
#[server(endpoint = "leave_queue", input = Json)]
pub async fn leave_queue(token: String, command_id: String) -> Result<CommandReply, ServerFnError> {
    use super::ssr;
    use crate::domain::command::Command;
    use crate::server::application::{Credentials, Refusal};
    let state = ssr::state()?;
    let Some((tournament, entry)) = state.app.player_links.verify_sign_up(token.trim()) else {
        return Ok(CommandReply::Rejected(Refused::from(&Refusal::Forbidden)));
    };
    let token = Credentials {
        sign_up_token: Some(token.trim().to_string()),
        ..Credentials::default()
    };
    let leave = Command::LeaveQueue(crate::domain::command::LeaveQueue { entry });
    ssr::execute_for_phone(&state, token, tournament, &command_id, &leave, "sign-up").await
}

/// The place a sign-up token stands for; a wrong token of any kind gets `UNAUTHORIZED`.
#[server(endpoint = "open_sign_up")]
pub async fn open_sign_up(token: String) -> Result<SignUpEntry, ServerFnError> {
    use super::ssr;
    use crate::server::application::links;
    let app = ssr::state()?.app;
    let (tournament, entry, player_token) = ssr::plain(links::open_sign_up(&app, &token))?;
    Ok(SignUpEntry {
        tournament,
        entry,
        player_page: player_token.map(|token| format!("/me/{token}")),
    })
}

/// The sign-up page's address and QR code for a tournament (the current one when `None`).
#[server(endpoint = "sign_up_door")]
pub async fn sign_up_door(tournament: Option<i64>) -> Result<SignUpQr, ServerFnError> {
    use super::ssr;
    use crate::server::application::Refusal;
    let tournament = ssr::chosen(tournament)
        .await?
        .ok_or_else(|| ssr::refused(Refusal::NoTournament))?;
    let url = format!("http://{}/signup?t={tournament}", ssr::host().await);
    Ok(SignUpQr {
        tournament,
        qr_svg: ssr::qr_svg(&url),
        url,
    })
}
