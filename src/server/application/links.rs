//! The links a phone opens: a player's personal link (`/me/<token>`) and a phone's sign-up
//! place (`/signup/<token>`). Made and checked with the server's secret; a token is only good
//! for an entry the tournament still has.

use super::{directors_tournament, reads, Credentials, Refusal, Services};
use crate::domain::ids::{EntryNo, PlayerId};
use crate::domain::state::PlayerStatus;

/// Is `player` an entry of `tournament` (registered and not taken back)?
fn registered(app: &Services, tournament: i64, player: PlayerId) -> bool {
    reads::snapshot(app, tournament).is_ok_and(|snap| {
        snap.state
            .players
            .get(&player)
            .is_some_and(|p| p.status != PlayerStatus::Unregistered)
    })
}

/// The token of `player`'s personal link in `tournament` (the faces' default when `None`), for
/// the director (`replace`: a new one, and the old link stops working). `NOT_FOUND` for a
/// player the tournament lacks.
pub async fn personal_link(
    app: &Services,
    credentials: &Credentials,
    tournament: Option<i64>,
    player: PlayerId,
    replace: bool,
) -> Result<String, Refusal> {
    let Some(tournament) = directors_tournament(app, credentials, tournament).await? else {
        return Err(Refusal::NotFound("player"));
    };
    if !registered(app, tournament, player) {
        return Err(Refusal::NotFound("player"));
    }
    if replace {
        app.player_links
            .replace(app.engine.store(), tournament, player)
            .await
            .map_err(Refusal::internal)
    } else {
        Ok(app.player_links.token(tournament, player))
    }
}

/// The personal link's token of a player the caller already shows (a seat card, a place
/// admitted from the door): no check, the token is only ever good for that player.
pub fn personal_token(app: &Services, tournament: i64, player: PlayerId) -> String {
    app.player_links.token(tournament, player)
}

/// The player a personal link opens. Anything but a valid link of a registered player
/// (malformed, forged, of a tournament or player that is not there) gets the same refusal,
/// `UNAUTHORIZED`, so a wrong token learns nothing.
pub fn open_personal_link(app: &Services, token: &str) -> Result<(i64, PlayerId), Refusal> {
    app.player_links
        .verify(token.trim())
        .filter(|(tournament, player)| registered(app, *tournament, *player))
        .ok_or(Refusal::Forbidden)
}

/// The place a phone's sign-up token stands for, and the admitted player's personal link
/// token once the desk admitted it (a place the desk merged follows the one it kept). A wrong
/// token of any kind: `UNAUTHORIZED`.
pub fn open_sign_up(
    app: &Services,
    token: &str,
) -> Result<(i64, EntryNo, Option<String>), Refusal> {
    let (tournament, entry) = app
        .player_links
        .verify_sign_up(token.trim())
        .filter(|(t, _)| reads::exists(app, *t))
        .ok_or(Refusal::Forbidden)?;
    let player = reads::snapshot(app, tournament).ok().and_then(|s| {
        let door = &s.state.door;
        door.admitted.get(&door.resolve(entry)).copied()
    });
    Ok((
        tournament,
        entry,
        player.map(|p| personal_token(app, tournament, p)),
    ))
}

/// The key of every open table of `tournament` (the faces' default when `None`), in table
/// order, for the director's QR sheet, with the tournament they are good for; `reissue`: that
/// table gets a new key first (its old link stops working). An unknown tournament has no
/// tables; `None` when there is no tournament at all.
pub async fn table_keys(
    app: &Services,
    credentials: &Credentials,
    tournament: Option<i64>,
    reissue: Option<crate::domain::ids::TableNo>,
) -> Result<Option<(i64, Vec<(crate::domain::ids::TableNo, String)>)>, Refusal> {
    let Some(tournament) = directors_tournament(app, credentials, tournament).await? else {
        return Ok(None);
    };
    let Ok(snap) = reads::snapshot(app, tournament) else {
        return Ok(Some((tournament, Vec::new())));
    };
    if let Some(table) = reissue {
        app.auth
            .reissue_table_key(tournament, table)
            .await
            .map_err(Refusal::internal)?;
    }
    let mut keys = Vec::new();
    for (table, tb) in &snap.state.tables {
        if tb.open {
            let key = app
                .auth
                .table_key(tournament, *table)
                .await
                .map_err(Refusal::internal)?;
            keys.push((*table, key));
        }
    }
    Ok(Some((tournament, keys)))
}

/// A seated player's place with their personal link, for a printed seat card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatPlace {
    pub player: PlayerId,
    pub name: String,
    pub place: crate::domain::event::Place,
    /// The personal link's token (`/me/<token>`).
    pub token: String,
}

/// Every seated player of `tournament` (the faces' default when `None`), or `only` that one,
/// with the tournament's name, in table and seat order, for the director's seat cards. A
/// player who is not seated (busted, not registered) has no card; no tournament at all has
/// none either.
pub async fn seat_places(
    app: &Services,
    credentials: &Credentials,
    tournament: Option<i64>,
    only: Option<PlayerId>,
) -> Result<(String, Vec<SeatPlace>), Refusal> {
    let Some(tournament) = directors_tournament(app, credentials, tournament).await? else {
        return Ok((String::new(), Vec::new()));
    };
    let snap = reads::snapshot(app, tournament)?;
    let name = snap
        .state
        .config
        .as_ref()
        .map(|c| c.name.clone())
        .unwrap_or_default();
    let mut places: Vec<SeatPlace> = snap
        .state
        .players
        .values()
        .filter(|p| p.status == PlayerStatus::Playing)
        .filter(|p| only.is_none_or(|o| p.id == o))
        .filter_map(|p| {
            Some(SeatPlace {
                player: p.id,
                name: p.name.clone(),
                place: p.seat?,
                token: personal_token(app, tournament, p.id),
            })
        })
        .collect();
    places.sort_by_key(|p| (p.place.table, p.place.seat));
    Ok((name, places))
}
