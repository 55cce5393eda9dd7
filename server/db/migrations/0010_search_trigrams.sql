-- Typo-tolerant search ("tatro" finds "Noche de teatro"): trigram similarity between the folded
-- query and the folded title or name, next to the full-text match of 0003. The extension lives in
-- `public` because extensions are per database, not per schema: test schemas (dropped with
-- CASCADE) and every app schema share the one copy, visible through their search_path.
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

-- GIN trigram indexes on exactly the expressions the search compares (`<<%`), so the typo
-- fallback does not read every row.
CREATE INDEX events_title_trgm_idx ON events USING gin (plaza_fold(title) gin_trgm_ops);
CREATE INDEX places_name_trgm_idx ON places USING gin (plaza_fold(name) gin_trgm_ops);
CREATE INDEX news_title_trgm_idx ON news USING gin (plaza_fold(title) gin_trgm_ops);
CREATE INDEX communities_name_trgm_idx ON communities USING gin (plaza_fold(name) gin_trgm_ops);
CREATE INDEX users_name_trgm_idx ON users USING gin (plaza_fold(name) gin_trgm_ops);
