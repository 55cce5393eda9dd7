-- Events imported from an iCalendar file or feed, or from an event page (schema.org JSON-LD or
-- h-event), keep where they came from: "ics:<UID>" or "url:<page>#<n>". A second import by the
-- same organiser finds them by it and updates instead of duplicating (issue 13).
ALTER TABLE events ADD COLUMN import_source text;
CREATE UNIQUE INDEX events_import_source_idx ON events (organizer_id, import_source) WHERE import_source IS NOT NULL;

-- Calendar feeds an organiser subscribed to: re-imported on a schedule, with the last report.
CREATE TABLE import_subscriptions (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  next_run_at timestamptz NOT NULL DEFAULT now(),
  last_run_at timestamptz,
  last_report jsonb,
  UNIQUE (user_id, url)
);
CREATE INDEX import_subscriptions_due_idx ON import_subscriptions (next_run_at);
