-- A deleted account's ID token keeps verifying with Firebase until it expires (up to an hour):
-- tokens of this uid issued up to revoked_at are refused. Rows older than the longest token
-- lifetime are pruned as new ones are written. No foreign key: the user row is gone.
CREATE TABLE revoked_sessions (
  user_id text PRIMARY KEY,
  revoked_at timestamptz NOT NULL
);
