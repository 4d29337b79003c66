//! The director's receipt of one player (SPEC §2 "every payment is recorded with its
//! method"): the server reads the tournament's log and the pure core works the receipt out.

use crate::domain::receipts::Receipt;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

/// A receipt with what the page prints around it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrintableReceipt {
    pub tournament: i64,
    /// The tournament's date (its creation, ms since the epoch), as the club's list shows it.
    pub date: i64,
    pub receipt: Receipt,
}

/// The receipt of `player` in `tournament` (the club's default when `None`); director only
/// (anyone else: `UNAUTHENTICATED`, before anything is looked up, so a refusal says nothing about
/// which players exist). `None` for an unknown tournament or player.
#[server(endpoint = "player_receipt")]
pub async fn player_receipt(
    player: u32,
    tournament: Option<i64>,
) -> Result<Option<PrintableReceipt>, ServerFnError> {
    use super::ssr;
    use crate::domain::ids::PlayerId;
    use crate::server::application::exports;
    let app = ssr::state()?.app;
    let credentials = ssr::credentials(None).await;
    let found = exports::receipt(&app, &credentials, tournament, PlayerId(player)).await;
    Ok(ssr::plain(found)?.map(|r| PrintableReceipt {
        tournament: r.tournament,
        date: r.date,
        receipt: r.receipt,
    }))
}
