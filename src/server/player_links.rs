//! Players' personal links (issues D and E): every entry of a tournament has a token that
//! opens the player page focused on that player, read only. A token is
//! `<tournament>-<player>-<mac>`, the MAC an HMAC-SHA256 of the two ids under the server's
//! secret (made at random by the migration `player_links`), so the director can show a
//! player's link again at any time and nothing per player is stored. The ids in the token
//! are not secret (every face shows them); the MAC is what cannot be guessed.

use crate::domain::ids::PlayerId;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use sqlx::SqlitePool;

type HmacSha256 = Hmac<Sha256>;

/// Bytes of the MAC kept in a token: 128 bits are beyond guessing and keep the QR code small.
const MAC_BYTES: usize = 16;
/// Longer input is refused before any work (two ids and the MAC fit in well under this).
const MAX_TOKEN: usize = 80;

/// Makes and checks personal links with the server's secret.
#[derive(Clone)]
pub struct PlayerLinks {
    secret: Vec<u8>,
}

impl std::fmt::Debug for PlayerLinks {
    // The secret must not end up in a log line.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PlayerLinks(..)")
    }
}

impl PlayerLinks {
    /// Reads the secret the migration made.
    pub async fn load(pool: &SqlitePool) -> Result<PlayerLinks, sqlx::Error> {
        let hex_secret: String =
            sqlx::query_scalar("SELECT value FROM settings WHERE key = 'player_link_secret'")
                .fetch_one(pool)
                .await?;
        let secret = hex::decode(hex_secret.trim())
            .map_err(|e| sqlx::Error::Protocol(format!("player link secret: {e}")))?;
        Ok(PlayerLinks { secret })
    }

    fn mac(&self, tournament: i64, player: PlayerId) -> HmacSha256 {
        // HMAC takes a key of any length; `new_from_slice` cannot fail for HMAC.
        let mut mac = HmacSha256::new_from_slice(&self.secret)
            .unwrap_or_else(|_| unreachable!("HMAC accepts any key length"));
        mac.update(b"clubtd player link v1\0");
        mac.update(&tournament.to_be_bytes());
        mac.update(&player.0.to_be_bytes());
        mac
    }

    /// The personal token of one player of one tournament (always the same one).
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
        if token.len() > MAX_TOKEN {
            return None;
        }
        let mut parts = token.split('-');
        let tournament: i64 = parts.next()?.parse().ok()?;
        let player = PlayerId(parts.next()?.parse().ok()?);
        let tag = hex::decode(parts.next()?).ok()?;
        if parts.next().is_some() || tag.len() != MAC_BYTES {
            return None;
        }
        self.mac(tournament, player)
            .verify_truncated_left(&tag)
            .ok()
            .map(|()| (tournament, player))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn links() -> PlayerLinks {
        PlayerLinks {
            secret: vec![7; 32],
        }
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
        let other = PlayerLinks {
            secret: vec![8; 32],
        };
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
}
