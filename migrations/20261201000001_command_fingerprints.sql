-- What each stored answer answered: the SHA-256 of the command as sent (its JSON), so a
-- command id reused for another command gets a clear refusal instead of the first answer.
-- NULL for the commands stored before (and for imports): those are answered as before.
ALTER TABLE commands ADD COLUMN fingerprint TEXT;
