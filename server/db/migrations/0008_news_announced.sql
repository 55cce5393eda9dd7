-- News followers are told when a piece goes live, which for a scheduled piece is later than when
-- it was written. `announced_at` marks a piece whose notices were sent: the announcer claims due,
-- unannounced pieces with one UPDATE, so two API instances never announce the same piece twice.
-- Rows inserted without it (seeds, pieces already out) count as announced; a scheduled piece is
-- written with NULL. Pieces already scheduled when this column arrives wait for their time.
ALTER TABLE news ADD COLUMN announced_at timestamptz DEFAULT now();
UPDATE news SET announced_at = NULL WHERE published_at > now();
CREATE INDEX news_unannounced_idx ON news (published_at) WHERE announced_at IS NULL;
