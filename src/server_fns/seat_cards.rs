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
    use crate::domain::state::PlayerStatus;
    use crate::server::application::{links, reads};
    ssr::require_director().await?;
    let state = ssr::state()?;
    let Some(tournament) = ssr::chosen(tournament).await? else {
        return Ok(Vec::new());
    };
    let snap = ssr::plain(reads::snapshot(&state.app, tournament))?;
    let name = snap
        .state
        .config
        .as_ref()
        .map(|c| c.name.clone())
        .unwrap_or_default();
    let host = ssr::host().await;
    let mut cards: Vec<SeatCard> = snap
        .state
        .players
        .values()
        .filter(|p| p.status == PlayerStatus::Playing)
        .filter(|p| player.is_none_or(|only| p.id.0 == only))
        .filter_map(|p| {
            let place = p.seat?;
            let path = format!(
                "/me/{}",
                links::personal_token(&state.app, tournament, p.id)
            );
            Some(SeatCard {
                tournament: name.clone(),
                player: p.id,
                name: p.name.clone(),
                table: place.table.0,
                seat: place.seat.0,
                qr_svg: ssr::qr_svg(&format!("http://{host}{path}")),
                path,
            })
        })
        .collect();
    cards.sort_by_key(|c| (c.table, c.seat));
    Ok(cards)
}
