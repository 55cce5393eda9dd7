-- Editing a series "from this occurrence on" shifts every later occurrence by the same amount in
-- one UPDATE; a unique (series_id, starts_at) index is checked row by row and would reject the
-- intermediate state (moving week 1 onto week 2 before week 2 moves). Uniqueness of generated
-- starts is kept by the series extender instead (it skips starts that exist).
DROP INDEX events_series_occurrence_key;
CREATE INDEX events_series_idx ON events (series_id, starts_at, id) WHERE series_id IS NOT NULL;

-- Events longer than a day (exhibitions, festivals) that are still running: the small second
-- branch of every time-window list (see routes/events/repository.ts).
CREATE INDEX events_long_running_idx ON events (ends_at) WHERE NOT hidden AND ends_at - starts_at > interval '24 hours';
