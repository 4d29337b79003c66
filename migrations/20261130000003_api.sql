-- The public API (issue H): tokens for websites and integrations, and the director's choice
-- to publish a tournament's results without a token.
CREATE TABLE api_tokens (
    id          INTEGER PRIMARY KEY,
    label       TEXT    NOT NULL,
    scope       TEXT    NOT NULL CHECK (scope IN ('read', 'full')),
    token_hash  TEXT    NOT NULL UNIQUE,    -- SHA-256 of the token; the token itself is never stored
    created_at  INTEGER NOT NULL,
    revoked_at  INTEGER
);

ALTER TABLE tournaments ADD COLUMN public INTEGER NOT NULL DEFAULT 0;
