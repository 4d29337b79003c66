//! Players' personal links (issues D and E): every entry of a tournament has a token that
//! opens the player page focused on that player, read only. A token is
//! `<tournament>-<player>-<mac>`, the MAC an HMAC-SHA256 of the two ids under the server's
//! secret (made at random by the migration `player_links`), so the director can show a
//! player's link again at any time. The ids in the token are not secret (every face shows
//! them); the MAC is what cannot be guessed. The director can replace a player's link: its
//! generation (stored only for links that were replaced) then enters the MAC, and the old
//! link stops working.

use crate::domain::ids::{EntryNo, PlayerId};
use crate::server::store::{Store, StoreError};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::collections::HashMap;
use std::sync::{Arc, PoisonError, RwLock};

type HmacSha256 = Hmac<Sha256>;

/// Bytes of the MAC kept in a token: 128 bits are beyond guessing and keep the QR code small.
const MAC_BYTES: usize = 16;
/// Longer input is refused before any work (two ids and the MAC fit in well under this).
const MAX_TOKEN: usize = 80;

/// Makes and checks personal links with the server's secret.
#[derive(Clone)]
pub struct PlayerLinks {
    secret: Vec<u8>,
    /// The links replaced so far: (tournament, player) → generation (0 when absent). Kept in
    /// memory so checking a link reads no database; written through on every replacement.
    generations: Arc<RwLock<HashMap<(i64, PlayerId), u32>>>,
}

impl std::fmt::Debug for PlayerLinks {
    // The secret must not end up in a log line.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PlayerLinks(..)")
    }
}

impl PlayerLinks {
    /// Reads the secret the migration made.
    pub async fn load(store: &Store) -> Result<PlayerLinks, StoreError> {
        let hex_secret = store.player_link_secret().await?;
        let secret = hex::decode(hex_secret.trim())
            .map_err(|e| StoreError::Secret(format!("player link secret: {e}")))?;
        let rows = store.player_link_generations().await?;
        let generations = rows
            .into_iter()
            .filter_map(|(t, p, g)| {
                Some((
                    (t, PlayerId(u32::try_from(p).ok()?)),
                    u32::try_from(g).ok()?,
                ))
            })
            .collect();
        Ok(PlayerLinks::with_generations(secret, generations))
    }

    fn with_generations(
        secret: Vec<u8>,
        generations: HashMap<(i64, PlayerId), u32>,
    ) -> PlayerLinks {
        PlayerLinks {
            secret,
            generations: Arc::new(RwLock::new(generations)),
        }
    }

    /// The current generation of a player's link (0 until it is first replaced).
    fn generation(&self, tournament: i64, player: PlayerId) -> u32 {
        let generations = self
            .generations
            .read()
            .unwrap_or_else(PoisonError::into_inner);
        generations.get(&(tournament, player)).copied().unwrap_or(0)
    }

    fn mac(&self, tournament: i64, player: PlayerId) -> HmacSha256 {
        // HMAC takes a key of any length; `new_from_slice` cannot fail for HMAC.
        let mut mac = HmacSha256::new_from_slice(&self.secret)
            .unwrap_or_else(|_| unreachable!("HMAC accepts any key length"));
        mac.update(b"clubtd player link v1\0");
        mac.update(&tournament.to_be_bytes());
        mac.update(&player.0.to_be_bytes());
        // Generation 0 adds nothing, so the links made before replacements existed stay good.
        let generation = self.generation(tournament, player);
        if generation > 0 {
            mac.update(&generation.to_be_bytes());
        }
        mac
    }

    /// Replaces a player's link: the next generation is stored, and from then on only the new
    /// token (returned) opens the page; the old one is refused like any wrong link.
    pub async fn replace(
        &self,
        store: &Store,
        tournament: i64,
        player: PlayerId,
    ) -> Result<String, StoreError> {
        let generation = store
            .next_player_link_generation(tournament, player.0)
            .await?;
        let generation = u32::try_from(generation)
            .map_err(|e| StoreError::Secret(format!("link generation: {e}")))?;
        self.generations
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .insert((tournament, player), generation);
        Ok(self.token(tournament, player))
    }

    /// The personal token of one player of one tournament (the same one until replaced).
    pub fn token(&self, tournament: i64, player: PlayerId) -> String {
        let tag = self.mac(tournament, player).finalize().into_bytes();
        format!(
            "{tournament}-{}-{}",
            player.0,
            hex::encode(&tag[..MAC_BYTES])
        )
    }

    /// The tournament and player a token was made for, or `None` for anything else (bad
    /// form, forged or altered MAC); the check takes the same time whatever the MAC's bytes.
    pub fn verify(&self, token: &str) -> Option<(i64, PlayerId)> {
        let (tournament, player, tag) = parse(token)?;
        let player = PlayerId(player);
        self.mac(tournament, player)
            .verify_truncated_left(&tag)
            .ok()
            .map(|()| (tournament, player))
    }

    /// What a phone keeps after signing up at the door (issue T): `<tournament>-<entry>-<mac>`,
    /// with a MAC of its own kind, so it never opens a player's page, nor a player's link
    /// a place in the queue. It lets the phone follow and leave its own place, nothing else.
    pub fn sign_up_token(&self, tournament: i64, entry: EntryNo) -> String {
        let tag = self.sign_up_mac(tournament, entry).finalize().into_bytes();
        format!(
            "{tournament}-{}-{}",
            entry.0,
            hex::encode(&tag[..MAC_BYTES])
        )
    }

    /// The tournament and queue entry a sign-up token was made for (`None` for anything
    /// else, as [`PlayerLinks::verify`]).
    pub fn verify_sign_up(&self, token: &str) -> Option<(i64, EntryNo)> {
        let (tournament, entry, tag) = parse(token)?;
        let entry = EntryNo(entry);
        self.sign_up_mac(tournament, entry)
            .verify_truncated_left(&tag)
            .ok()
            .map(|()| (tournament, entry))
    }

    fn sign_up_mac(&self, tournament: i64, entry: EntryNo) -> HmacSha256 {
        let mut mac = HmacSha256::new_from_slice(&self.secret)
            .unwrap_or_else(|_| unreachable!("HMAC accepts any key length"));
        mac.update(b"clubtd sign-up entry v1\0");
        mac.update(&tournament.to_be_bytes());
        mac.update(&entry.0.to_be_bytes());
        mac
    }
}

/// `<tournament>-<number>-<hex MAC>` read into its parts, or `None` for any other form.
fn parse(token: &str) -> Option<(i64, u32, Vec<u8>)> {
    if token.len() > MAX_TOKEN {
        return None;
    }
    let mut parts = token.split('-');
    let tournament: i64 = parts.next()?.parse().ok()?;
    let number: u32 = parts.next()?.parse().ok()?;
    let tag = hex::decode(parts.next()?).ok()?;
    if parts.next().is_some() || tag.len() != MAC_BYTES {
        return None;
    }
    Some((tournament, number, tag))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn links() -> PlayerLinks {
        PlayerLinks::with_generations(vec![7; 32], HashMap::new())
    }

    #[test]
    fn a_token_opens_its_own_player_only() {
        let l = links();
        let token = l.token(3, PlayerId(12));
        assert_eq!(l.token(3, PlayerId(12)), token, "the same link every time");
        assert_eq!(l.verify(&token), Some((3, PlayerId(12))));
        // The ids are readable, but changing them breaks the MAC.
        let mac = token.rsplit('-').next().unwrap_or_default();
        assert_eq!(l.verify(&format!("3-13-{mac}")), None);
        assert_eq!(l.verify(&format!("4-12-{mac}")), None);
        let other = PlayerLinks::with_generations(vec![8; 32], HashMap::new());
        assert_eq!(other.verify(&token), None, "another server's secret");
        for bad in [
            "",
            "3-12",
            "3-12-zz",
            "3-12-00",
            "x-12-00",
            &format!("{token}-1"),
        ] {
            assert_eq!(l.verify(bad), None, "{bad:?}");
        }
        assert_eq!(l.verify(&"1".repeat(500)), None);
    }

    #[test]
    fn a_sign_up_token_follows_its_own_entry_and_is_no_players_link() {
        let l = links();
        let token = l.sign_up_token(3, EntryNo(12));
        assert_eq!(l.verify_sign_up(&token), Some((3, EntryNo(12))));
        assert_eq!(l.verify(&token), None, "not a player's link");
        assert_eq!(
            l.verify_sign_up(&l.token(3, PlayerId(12))),
            None,
            "nor the reverse"
        );
        let mac = token.rsplit('-').next().unwrap_or_default();
        assert_eq!(l.verify_sign_up(&format!("3-13-{mac}")), None);
        assert_eq!(l.verify_sign_up("3-12"), None);
    }

    #[test]
    fn a_replaced_link_opens_nothing_and_the_new_one_opens_the_same_page() {
        let first = links().token(3, PlayerId(12));
        let neighbour = links().token(3, PlayerId(13));
        let mut generations = HashMap::new();
        generations.insert((3, PlayerId(12)), 1);
        let after = PlayerLinks::with_generations(vec![7; 32], generations);
        let second = after.token(3, PlayerId(12));
        assert_ne!(second, first);
        assert_eq!(after.verify(&first), None, "the old link stops working");
        assert_eq!(after.verify(&second), Some((3, PlayerId(12))));
        assert_eq!(
            after.token(3, PlayerId(13)),
            neighbour,
            "other players keep theirs"
        );
    }
}
