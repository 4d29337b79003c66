-- The director's sign-in: each address's wrong PINs in a row and its lock (an IPv4 address,
-- or the /64 network of an IPv6 one), kept so that a restart does not lift a lockout.
CREATE TABLE sign_in_failures (
    address      TEXT PRIMARY KEY,
    failures     INTEGER NOT NULL,
    locked_until INTEGER,                 -- ms since the epoch; NULL: not locked
    last_at      INTEGER NOT NULL         -- ms since the epoch of the last attempt
) WITHOUT ROWID;
