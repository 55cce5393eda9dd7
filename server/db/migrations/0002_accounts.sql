-- Accounts: profile details, moderation bookkeeping, provider and device tokens, notifications
-- and the tickets that open a notification stream.

-- Profile links shown on a profile (label + URL), at most a handful; validated by the API.
ALTER TABLE users ADD COLUMN links jsonb NOT NULL DEFAULT '[]'::jsonb;
-- Every stored size of the current images ({ key, sizes: { "96": url, ... } }), so an upload can
-- offer srcset and a replacement or deletion can remove the old files.
ALTER TABLE users ADD COLUMN profile_image_set jsonb;
ALTER TABLE users ADD COLUMN cover_image_set jsonb;
-- The last rejected verification request, kept so the person can read why.
ALTER TABLE users ADD COLUMN verification_rejection_reason text;
ALTER TABLE users ADD COLUMN verification_reviewed_at timestamptz;
-- Who banned and when, for the panel; the ban itself is ban_reason + ban_ends_at.
ALTER TABLE users ADD COLUMN banned_by text;
ALTER TABLE users ADD COLUMN banned_at timestamptz;
-- Impact is a documented 0–100 score set by admins (docs/authorization.md).
ALTER TABLE users ADD CONSTRAINT users_impact_check CHECK (impact BETWEEN 0 AND 100);

-- Bans are read on every write and by content listings that must not promote banned authors.
CREATE INDEX users_ban_ends_at_idx ON users (ban_ends_at) WHERE ban_ends_at IS NOT NULL;
-- The admin panel lists users newest first.
CREATE INDEX users_created_at_idx ON users (created_at DESC, id DESC);

-- OAuth tokens a provider gave on sign-in (Google calendar scope), one row per provider.
CREATE TABLE user_provider_tokens (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider_id text NOT NULL,
  access_token text NOT NULL,
  id_token text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, provider_id)
);

-- Push tokens of a user's devices; a token moves to whoever registered it last.
CREATE TABLE user_notification_tokens (
  token text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_notification_tokens_user_idx ON user_notification_tokens (user_id);

CREATE TABLE notifications (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  link text,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Lets a caller retry (or a replayed offline action re-run) without notifying twice.
  idempotency_key text,
  viewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- A user's list, newest first, with the id as the tie-breaker of the cursor.
CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at DESC, id DESC);
CREATE UNIQUE INDEX notifications_user_idempotency_key ON notifications (user_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL;
CREATE INDEX notifications_unviewed_idx ON notifications (user_id) WHERE viewed_at IS NULL;

-- Short-lived tickets that authenticate an EventSource (which cannot send headers); only a hash
-- is stored, so a leaked database row cannot open someone's stream.
CREATE TABLE notification_stream_tickets (
  ticket_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX notification_stream_tickets_expires_idx ON notification_stream_tickets (expires_at);
