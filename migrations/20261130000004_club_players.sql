-- One player database for the club (issue D). A tournament's entries keep their own names
-- in the event log (the domain core knows no club); the link from an entry to a club
-- player lives here, beside the log, as a projection of it: written after a registration
-- is acknowledged, caught up at start-up, never needed to replay a tournament.
CREATE TABLE club_players (
    id            INTEGER PRIMARY KEY,
    display_name  TEXT    NOT NULL,
    search_key    TEXT    NOT NULL,         -- lower case, accents and extra spaces removed
    created_at    INTEGER NOT NULL,         -- ms since the Unix epoch
    last_seen_at  INTEGER NOT NULL          -- the latest registration linked: "recent activity"
);

-- Every spelling known for a club player, by search key. A new registration whose name's
-- key is here joins that player; a merge moves the duplicate's spellings to the kept
-- player, so the next registration under the old spelling does not make the duplicate
-- again.
CREATE TABLE club_player_names (
    search_key      TEXT    PRIMARY KEY,
    club_player_id  INTEGER NOT NULL REFERENCES club_players(id) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX club_player_names_player ON club_player_names (club_player_id);

-- Entry → club player: one row per (tournament, the domain's PlayerId).
CREATE TABLE entry_links (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments(id),
    player_id       INTEGER NOT NULL,
    club_player_id  INTEGER NOT NULL REFERENCES club_players(id),
    PRIMARY KEY (tournament_id, player_id)
) WITHOUT ROWID;
CREATE INDEX entry_links_club_player ON entry_links (club_player_id);
