-- A key names one request, not just one kind of create: keep a hash of what was sent (method,
-- route, canonical JSON body) so reusing the key with other data can be refused. Keys stored
-- before this column existed have no hash and keep replaying as they did.
ALTER TABLE idempotency_keys ADD COLUMN request_hash text;
