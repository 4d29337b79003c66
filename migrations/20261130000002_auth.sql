-- Roles: the director's PIN (argon2 hash), director sessions, and one pairing key per table.
CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE sessions (
    token_hash  TEXT PRIMARY KEY,           -- SHA-256 of the cookie's token; the token itself is never stored
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE table_keys (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    table_no      INTEGER NOT NULL,
    key           TEXT    NOT NULL,         -- the key in the table's QR code (grants only that table's actions)
    created_at    INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, table_no)
) WITHOUT ROWID;
