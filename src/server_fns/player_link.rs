//! Server functions of the players' personal links (issues D and E): the director gets a
//! player's link and QR code (at the desk right after registering, or again at any time);
//! a phone opens its link and learns which player of which tournament it shows.

use crate::domain::ids::PlayerId;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// A player's personal link, for the director to show at the desk.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PersonalLink {
    pub player: PlayerId,
    /// Path with the player's token, e.g. `/me/1-7-…`.
    pub path: String,
    /// The QR code of the full address, as SVG markup made on the server.
    pub qr_svg: String,
}

/// What a valid personal link opens: one player of one tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkedPlayer {
    pub tournament: i64,
    pub player: PlayerId,
}

/// A player's personal link and its QR code (director only). `tournament`: the current one
/// when `None`. With `replace`, the player gets a new link and the old one stops working (a
/// phone lost or lent, a link sent to the wrong person).
#[server(endpoint = "player_link")]
pub async fn player_link(
    player: u32,
    tournament: Option<i64>,
    #[server(default)] replace: bool,
) -> Result<PersonalLink, ServerFnError> {
    use super::ssr;
    use crate::server::application::links;
    let player = PlayerId(player);
    let credentials = ssr::credentials(None).await;
    let token = ssr::plain(
        links::personal_link(
            &ssr::state()?.app,
            &credentials,
            tournament,
            player,
            replace,
        )
        .await,
    )?;
    let path = format!("/me/{token}");
    let qr_svg = ssr::qr_svg(&format!("http://{}{path}", ssr::host().await));
    Ok(PersonalLink {
        player,
        path,
        qr_svg,
    })
}

/// The player a personal link opens. Anything but a valid link of a registered player
/// (malformed, forged, of a tournament or player that is not there) gets the same refusal,
/// `UNAUTHORIZED`, so a wrong token learns nothing.
#[server(endpoint = "open_player_link")]
pub async fn open_player_link(token: String) -> Result<LinkedPlayer, ServerFnError> {
    use crate::server::application::links;
    let app = super::ssr::state()?.app;
    let (tournament, player) = super::ssr::plain(links::open_personal_link(&app, &token))?;
    Ok(LinkedPlayer { tournament, player })
}

/// A busted player asks the desk for a re-entry from their personal page (issue T): the link's
/// token is the credential, and it asks for this player only.
#[server(endpoint = "request_reentry", input = leptos::server_fn::codec::Json)]
pub async fn request_reentry(
    token: String,
    command_id: String,
) -> Result<crate::protocol::CommandReply, ServerFnError> {
    use super::ssr;
    use crate::domain::command::Command;
    use crate::protocol::{CommandReply, Refused};
    use crate::server::application::{Credentials, Refusal};
    let state = ssr::state()?;
    let token = token.trim().to_string();
    let Some((tournament, player)) = state.app.player_links.verify(&token) else {
        return Ok(CommandReply::Rejected(Refused::from(&Refusal::Forbidden)));
    };
    let token = Credentials {
        player_token: Some(token),
        ..Credentials::default()
    };
    let ask = Command::RequestReEntry(crate::domain::command::RequestReEntry { player });
    ssr::execute_for_phone(
        &state,
        token,
        tournament,
        &command_id,
        &ask,
        "personal page",
    )
    .await
}
