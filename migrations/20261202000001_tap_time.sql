-- When the person tapped, by the sending device's clock (issue N): a command can reach the
-- server long after the tap (a device's outbox held it through a WiFi drop). `at` stays the
-- server's time of receipt, which orders the log; NULL where the sender did not say.
ALTER TABLE events ADD COLUMN tapped_at INTEGER;
