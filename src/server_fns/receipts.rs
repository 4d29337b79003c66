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
    ssr::require_director().await?;
    let engine = ssr::engine()?;
    let Some(tournament) = ssr::chosen(tournament).await? else {
        return Ok(None);
    };
    let Some(row) = engine
        .store()
        .tournament(tournament)
        .await
        .map_err(ssr::internal)?
    else {
        return Ok(None);
    };
    // The stored log, as the export reads it, with the time each event was stored.
    let log = engine
        .store()
        .timed_events(tournament)
        .await
        .map_err(ssr::internal)?;
    let now = crate::server::engine::now();
    Ok(
        crate::domain::receipts::receipt(&log, PlayerId(player), now).map(|receipt| {
            PrintableReceipt {
                tournament,
                date: row.created_at,
                receipt,
            }
        }),
    )
}
