-- The append-only event log: one row per event, gapless per tournament, never updated.
CREATE TABLE tournaments (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL,
    created_at  INTEGER NOT NULL,           -- ms since the Unix epoch
    archived    INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE events (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    seq           INTEGER NOT NULL,         -- 1, 2, 3 ... per tournament
    command_id    TEXT    NOT NULL,         -- the client-made id of the command that caused it
    actor         TEXT    NOT NULL,         -- director, table:N, system
    device        TEXT    NOT NULL DEFAULT '',
    at            INTEGER NOT NULL,
    payload       TEXT    NOT NULL,         -- the event as JSON
    PRIMARY KEY (tournament_id, seq)
) WITHOUT ROWID;

-- Every command seen, accepted or refused, so a retry returns the first answer.
CREATE TABLE commands (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    command_id    TEXT    NOT NULL,
    outcome       TEXT    NOT NULL,         -- JSON: {"accepted":{"first":n,"last":m}} or {"rejected":{...}}
    at            INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, command_id)
) WITHOUT ROWID;
