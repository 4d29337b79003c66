-- Players' personal links (issues D and E): `/me/<token>` opens the player page focused on one
-- entry of one tournament, read only.
--
-- The tokens are derived, not stored: HMAC-SHA256 of (tournament, player) under this secret,
-- made here once at random. Derived rather than random-and-hashed (like the API tokens)
-- because the director must be able to show a player's link again at any time, which a
-- stored hash cannot give back, and because nothing needs writing per player at the desk.
-- The secret never leaves the server; a backup of this file carries it with everything else.
INSERT OR IGNORE INTO settings (key, value)
VALUES ('player_link_secret', lower(hex(randomblob(32))));
