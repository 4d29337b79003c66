//! Seat cards to print (issue P): each seated player's table and seat with the QR code of their
//! personal link, made on the server like the desk's link card, so the card and the desk
//! show the same link.

use crate::domain::ids::PlayerId;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// One player's seat card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatCard {
    pub tournament: String,
    pub player: PlayerId,
    pub name: String,
    pub table: u16,
    pub seat: u8,
    /// The personal link's path, `/me/…`.
    pub path: String,
    /// The QR code of the full address, as SVG markup.
    pub qr_svg: String,
}

/// The seat cards of every seated player, by table and seat, or of `player` alone (director
/// only). `tournament`: the current one when `None`. A player who is not seated (busted, not
/// registered) has no card.
#[server(endpoint = "seat_cards")]
pub async fn seat_cards(
    tournament: Option<i64>,
    player: Option<u32>,
) -> Result<Vec<SeatCard>, ServerFnError> {
    use super::ssr;
    use crate::server::application::links;
    let state = ssr::state()?;
    let (name, places) = ssr::plain(
        links::seat_places(
            &state.app,
            &ssr::credentials(None).await,
            tournament,
            player.map(PlayerId),
        )
        .await,
    )?;
    let host = ssr::host().await;
    Ok(places
        .into_iter()
        .map(|p| {
            let path = format!("/me/{}", p.token);
            SeatCard {
                tournament: name.clone(),
                player: p.player,
                name: p.name,
                table: p.place.table.0,
                seat: p.place.seat.0,
                qr_svg: ssr::qr_svg(&format!("http://{host}{path}")),
                path,
            }
        })
        .collect())
}
