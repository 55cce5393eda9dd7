-- Users are keyed by their Firebase uid: the identity service owns credentials, this table owns
-- the profile, the role and moderation state.
CREATE TABLE users (
  id text PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  account_type text NOT NULL DEFAULT 'NORMAL'
    CONSTRAINT users_account_type_check CHECK (account_type IN ('NORMAL', 'ADMIN', 'MASTER')),
  verified boolean NOT NULL DEFAULT false,
  bio text,
  profile_image text,
  cover_image text,
  impact integer NOT NULL DEFAULT 0,
  verification_requested boolean NOT NULL DEFAULT false,
  verification_type text,
  verification_requested_at timestamptz,
  ban_reason text,
  ban_ends_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- A ban is a reason and an end date together, never one without the other.
  CONSTRAINT users_ban_check CHECK ((ban_reason IS NULL) = (ban_ends_at IS NULL))
);

-- Emails are unique regardless of case, like the identity service treats them.
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
-- The admin queue of pending verification requests, oldest first.
CREATE INDEX users_verification_pending_idx ON users (verification_requested_at)
  WHERE verification_requested;

CREATE TABLE follows (
  follower_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  target_kind text NOT NULL
    CONSTRAINT follows_target_kind_check CHECK (target_kind IN ('users', 'events', 'places', 'news', 'communities')),
  target_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (follower_id, target_kind, target_id)
);

-- Followers of one target (counts, fan-out of notifications); the primary key already serves
-- "what does this user follow".
CREATE INDEX follows_target_idx ON follows (target_kind, target_id);
