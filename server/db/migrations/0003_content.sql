-- Content: places, communities with members, events (single or in series), news, tags,
-- addresses, plus the bookkeeping that keeps writes safe (idempotency keys, moderation log) and
-- the personal calendar feeds. Ids are text (uuids by default) like users' Firebase uids, so the
-- `follows` table can point at any kind with one column.

-- Accent- and case-insensitive text for search. `unaccent()` is not IMMUTABLE (its dictionary can
-- change), so it cannot feed a generated column or an index, and it is an extension PGlite must
-- be handed at start-up. translate() + lower() are immutable and built in, and the Spanish
-- snowball stemmer then works on the folded words ('Música' and 'musica' both give 'music').
CREATE FUNCTION plaza_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN translate(lower(coalesce(value, '')), 'áàâäãéèêëíìîïóòôöõúùûüñç', 'aaaaaeeeeiiiiooooouuuunc');

CREATE TABLE places (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  name text NOT NULL,
  slug text,
  description text NOT NULL DEFAULT '',
  category text NOT NULL,
  street text,
  number text,
  neighbourhood text,
  city text NOT NULL DEFAULT 'Saltillo',
  state text NOT NULL DEFAULT 'Coahuila',
  postal_code text,
  country text NOT NULL DEFAULT 'México',
  lat double precision,
  lng double precision,
  -- [{ day: 0..6 (0 = domingo), opens: 'HH:MM', closes: 'HH:MM' }]
  opening_hours jsonb NOT NULL DEFAULT '[]'::jsonb,
  opening_hours_note text,
  -- { phone?, email?, website?, facebook?, instagram?, tiktok?, whatsapp? }
  contact jsonb NOT NULL DEFAULT '{}'::jsonb,
  accessibility text,
  cover_image text,
  cover_image_set jsonb,
  -- Venues outlive the account that added them: admins keep maintaining them.
  author_id text REFERENCES users (id) ON DELETE SET NULL,
  hidden boolean NOT NULL DEFAULT false,
  hidden_reason text,
  featured boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('spanish'::regconfig, plaza_fold(name)), 'A') ||
    setweight(to_tsvector('spanish'::regconfig, plaza_fold(coalesce(neighbourhood, '') || ' ' || category)), 'B') ||
    setweight(to_tsvector('spanish'::regconfig, plaza_fold(description)), 'C')
  ) STORED,
  CONSTRAINT places_coordinates_check CHECK ((lat IS NULL) = (lng IS NULL) AND (lat IS NULL OR (lat BETWEEN -90 AND 90 AND lng BETWEEN -180 AND 180)))
);
CREATE UNIQUE INDEX places_slug_key ON places (slug) WHERE slug IS NOT NULL;
-- Public list (by name), featured first on the home, mine, and the area search of "para ti".
CREATE INDEX places_name_idx ON places (name, id) WHERE NOT hidden;
CREATE INDEX places_featured_idx ON places (name, id) WHERE featured AND NOT hidden;
CREATE INDEX places_author_idx ON places (author_id, name, id);
CREATE INDEX places_coordinates_idx ON places (lat, lng) WHERE lat IS NOT NULL AND NOT hidden;
CREATE INDEX places_search_idx ON places USING gin (search);

CREATE TABLE communities (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  image text,
  image_set jsonb,
  -- Who founded it; who runs it is community_members.role.
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  hidden boolean NOT NULL DEFAULT false,
  hidden_reason text,
  featured boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('spanish'::regconfig, plaza_fold(name)), 'A') ||
    setweight(to_tsvector('spanish'::regconfig, plaza_fold(description)), 'C')
  ) STORED
);
CREATE INDEX communities_name_idx ON communities (name, id) WHERE NOT hidden;
CREATE INDEX communities_featured_idx ON communities (name, id) WHERE featured AND NOT hidden;
CREATE INDEX communities_search_idx ON communities USING gin (search);

CREATE TABLE community_members (
  community_id text NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL DEFAULT 'member' CONSTRAINT community_members_role_check CHECK (role IN ('owner', 'admin', 'member')),
  joined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (community_id, user_id)
);
-- "Mis comunidades" and the permission check of one user on many communities.
CREATE INDEX community_members_user_idx ON community_members (user_id, community_id);
-- The member list: owners, then admins, then members, oldest first.
CREATE INDEX community_members_list_idx ON community_members (community_id, joined_at, user_id);

CREATE TABLE tags (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  name text NOT NULL,
  slug text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT tags_slug_check CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
CREATE UNIQUE INDEX tags_slug_key ON tags (slug);

-- A recurrence: each occurrence is its own addressable event row (materialised up to a horizon
-- for open-ended series), so follows, notifications and calendar files work per occurrence.
CREATE TABLE event_series (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  rule text NOT NULL CONSTRAINT event_series_rule_check CHECK (rule IN ('weekly', 'monthly', 'dates')),
  interval integer NOT NULL DEFAULT 1 CONSTRAINT event_series_interval_check CHECK (interval BETWEEN 1 AND 12),
  -- Last day an occurrence may start (local date in the series' time zone); null = open-ended.
  until date,
  -- For rule 'dates': the start instants (ISO strings) of every occurrence.
  dates jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- First occurrence (the pattern) and its length, the template of generated occurrences.
  first_starts_at timestamptz NOT NULL,
  duration_minutes integer,
  time_zone text NOT NULL DEFAULT 'America/Monterrey',
  -- Up to where occurrences exist; the extender moves it forward for open-ended series.
  materialised_until timestamptz NOT NULL,
  organizer_id text REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX event_series_open_idx ON event_series (materialised_until) WHERE until IS NULL AND rule <> 'dates';

CREATE TABLE events (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  starts_at timestamptz NOT NULL,
  ends_at timestamptz,
  all_day boolean NOT NULL DEFAULT false,
  time_zone text NOT NULL DEFAULT 'America/Monterrey',
  place_id text REFERENCES places (id) ON DELETE SET NULL,
  -- Where it happens when it is not at a registered place.
  address text,
  lat double precision,
  lng double precision,
  online_url text,
  price_type text NOT NULL DEFAULT 'free' CONSTRAINT events_price_type_check CHECK (price_type IN ('free', 'paid')),
  -- Pesos mexicanos.
  price_amount numeric(10, 2),
  price_note text,
  capacity integer CONSTRAINT events_capacity_check CHECK (capacity IS NULL OR capacity > 0),
  accessibility text,
  cover_image text,
  cover_image_set jsonb,
  organizer_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  community_id text REFERENCES communities (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'published' CONSTRAINT events_status_check CHECK (status IN ('published', 'cancelled', 'postponed')),
  status_note text,
  hidden boolean NOT NULL DEFAULT false,
  hidden_reason text,
  featured boolean NOT NULL DEFAULT false,
  series_id text REFERENCES event_series (id) ON DELETE CASCADE,
  -- An occurrence edited on its own: regenerating the series leaves it alone.
  series_detached boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('spanish'::regconfig, plaza_fold(title)), 'A') ||
    setweight(to_tsvector('spanish'::regconfig, plaza_fold(coalesce(address, ''))), 'B') ||
    setweight(to_tsvector('spanish'::regconfig, plaza_fold(description)), 'C')
  ) STORED,
  CONSTRAINT events_dates_check CHECK (ends_at IS NULL OR ends_at >= starts_at),
  CONSTRAINT events_price_check CHECK ((price_type = 'free' AND price_amount IS NULL) OR (price_type = 'paid' AND price_amount IS NOT NULL AND price_amount >= 0)),
  CONSTRAINT events_coordinates_check CHECK ((lat IS NULL) = (lng IS NULL))
);
-- Every public list is "visible events ordered by (starts_at, id)", narrowed by one key.
CREATE INDEX events_upcoming_idx ON events (starts_at, id) WHERE NOT hidden;
CREATE INDEX events_place_idx ON events (place_id, starts_at, id) WHERE NOT hidden;
CREATE INDEX events_community_idx ON events (community_id, starts_at, id) WHERE NOT hidden;
-- The organiser's own list includes hidden events.
CREATE INDEX events_organizer_idx ON events (organizer_id, starts_at, id);
CREATE INDEX events_featured_idx ON events (starts_at, id) WHERE featured AND NOT hidden;
CREATE UNIQUE INDEX events_series_occurrence_key ON events (series_id, starts_at) WHERE series_id IS NOT NULL;
CREATE INDEX events_search_idx ON events USING gin (search);
-- Spam quota: what one account created in the last day.
CREATE INDEX events_organizer_created_idx ON events (organizer_id, created_at);

CREATE TABLE event_tags (
  event_id text NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  tag_id text NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  PRIMARY KEY (event_id, tag_id)
);
CREATE INDEX event_tags_tag_idx ON event_tags (tag_id, event_id);

CREATE TABLE news (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  title text NOT NULL,
  summary text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  cover_image text,
  cover_image_set jsonb,
  author_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  community_id text REFERENCES communities (id) ON DELETE SET NULL,
  -- A future date schedules the piece: it stays out of public lists until then.
  published_at timestamptz NOT NULL DEFAULT now(),
  hidden boolean NOT NULL DEFAULT false,
  hidden_reason text,
  featured boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('spanish'::regconfig, plaza_fold(title)), 'A') ||
    setweight(to_tsvector('spanish'::regconfig, plaza_fold(summary)), 'B') ||
    setweight(to_tsvector('spanish'::regconfig, plaza_fold(body)), 'C')
  ) STORED
);
CREATE INDEX news_published_idx ON news (published_at DESC, id DESC) WHERE NOT hidden;
CREATE INDEX news_community_idx ON news (community_id, published_at DESC, id DESC) WHERE NOT hidden;
CREATE INDEX news_author_idx ON news (author_id, published_at DESC, id DESC);
CREATE INDEX news_author_created_idx ON news (author_id, created_at);
CREATE INDEX news_search_idx ON news USING gin (search);

CREATE TABLE addresses (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  label text NOT NULL,
  street text NOT NULL,
  number text,
  neighbourhood text,
  city text NOT NULL,
  state text NOT NULL,
  postal_code text,
  country text NOT NULL DEFAULT 'México',
  lat double precision,
  lng double precision,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT addresses_coordinates_check CHECK ((lat IS NULL) = (lng IS NULL))
);
CREATE INDEX addresses_user_idx ON addresses (user_id, created_at, id);

-- Creates that carried an Idempotency-Key: a replay (offline queue, retry after a timeout)
-- gets the resource the first request made instead of a duplicate.
CREATE TABLE idempotency_keys (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL,
  resource_kind text NOT NULL,
  resource_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- What admins did to content, with their reason: hides, features and deletions.
CREATE TABLE content_moderation_log (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  admin_id text REFERENCES users (id) ON DELETE SET NULL,
  target_kind text NOT NULL,
  target_id text NOT NULL,
  -- Title or name at the time, so a deleted item stays recognisable in the log.
  target_label text,
  action text NOT NULL,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX content_moderation_log_target_idx ON content_moderation_log (target_kind, target_id, created_at);

-- Secret calendar-feed tokens (one per user): the URL is the credential, as calendar apps cannot
-- send a bearer token. Revoking replaces the token.
CREATE TABLE calendar_feeds (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  token text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX calendar_feeds_token_key ON calendar_feeds (token);

-- User search by name ("búsqueda"), accent-insensitive like the rest.
CREATE INDEX users_name_search_idx ON users USING gin (to_tsvector('simple'::regconfig, plaza_fold(name)));
