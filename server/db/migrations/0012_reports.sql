-- Reports of content and profiles (issue 12). One open report per person and target: a repeat
-- updates it. Resolving closes every open report on the target and records the decision.
CREATE TABLE reports (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  reporter_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  target_kind text NOT NULL,
  target_id text NOT NULL,
  -- Title or name when reported, so the queue still names an item that changed or is gone.
  target_label text,
  reason text NOT NULL,
  text text,
  status text NOT NULL DEFAULT 'open',
  outcome text,
  outcome_reason text,
  resolved_by text REFERENCES users (id) ON DELETE SET NULL,
  resolved_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX reports_open_key ON reports (reporter_id, target_kind, target_id) WHERE status = 'open';
CREATE INDEX reports_open_target_idx ON reports (target_kind, target_id) WHERE status = 'open';
-- The hourly limit counts a person's recent reports.
CREATE INDEX reports_reporter_created_idx ON reports (reporter_id, created_at);
