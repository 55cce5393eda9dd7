-- Web push (issue 11). One row per browser subscription: the endpoint is the push service's
-- address for that browser, so it is the key, and it moves to whoever registered it last.
CREATE TABLE push_subscriptions (
  endpoint text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id, updated_at);

-- Which groups of notifications a person receives as push; no row means all of them.
CREATE TABLE push_preferences (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  follows boolean NOT NULL DEFAULT true,
  followed_events boolean NOT NULL DEFAULT true,
  followed_content boolean NOT NULL DEFAULT true,
  admin_messages boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every API instance hears every stored notification; the one that sets this first sends the push.
ALTER TABLE notifications ADD COLUMN pushed_at timestamptz;

-- The placeholder tokens stored before subscriptions existed were never sent anywhere.
DROP TABLE user_notification_tokens;
