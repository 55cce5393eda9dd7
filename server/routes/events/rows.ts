import { randomUUID } from "node:crypto";
import type { AccessibilityFeature } from "../../../lib/schemas/accessibility";
import type { EventStatus, RecurrenceRule } from "../../../lib/schemas/events";
import type { Queryable } from "../../db/client";
import { followColumns } from "../content/follows";
import { pictureUnlessHidden } from "../content/sql";
import { exactTimestamp, Params } from "../../db/sql";

// The shape of an event row as read (with its place, organiser, community, series and tags)
// and as written, and the statements that write occurrences.

export interface EventRow {
  id: string;
  title: string;
  description: string;
  starts_at: unknown;
  ends_at: unknown;
  starts_key: string;
  all_day: boolean;
  time_zone: string;
  place_id: string | null;
  address: string | null;
  lat: number | null;
  lng: number | null;
  online_url: string | null;
  price_type: "free" | "paid";
  price_amount: number | string | null;
  price_note: string | null;
  capacity: number | null;
  accessibility: string | null;
  accessibility_features: AccessibilityFeature[];
  cover_image: string | null;
  organizer_id: string;
  community_id: string | null;
  status: EventStatus;
  status_note: string | null;
  hidden: boolean;
  hidden_reason: string | null;
  featured: boolean;
  series_id: string | null;
  created_at: unknown;
  updated_at: unknown;
  place_name: string | null;
  place_category: string | null;
  place_street: string | null;
  place_number: string | null;
  place_neighbourhood: string | null;
  place_city: string | null;
  place_lat: number | null;
  place_lng: number | null;
  place_cover_image: string | null;
  organizer_name: string | null;
  organizer_verified: boolean | null;
  organizer_image: string | null;
  community_name: string | null;
  community_image: string | null;
  viewer_community_role: string | null;
  series_rule: RecurrenceRule | null;
  series_interval: number | null;
  series_until: string | null;
  series_count: number | null;
  series_position: number | null;
  tags: { _id: string; name: string; slug: string }[];
  followers_count: number;
  following: boolean;
}

export interface EventWrite {
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date | null;
  allDay: boolean;
  timeZone: string;
  placeId: string | null;
  address: string | null;
  lat: number | null;
  lng: number | null;
  onlineUrl: string | null;
  priceType: "free" | "paid";
  priceAmount: number | null;
  priceNote: string | null;
  capacity: number | null;
  accessibility: string | null;
  accessibilityFeatures: AccessibilityFeature[];
  communityId: string | null;
  status: EventStatus;
  statusNote: string | null;
}

export const WRITE_COLUMNS: [keyof EventWrite, string, string?][] = [
  ["title", "title"],
  ["description", "description"],
  ["startsAt", "starts_at"],
  ["endsAt", "ends_at"],
  ["allDay", "all_day"],
  ["timeZone", "time_zone"],
  ["placeId", "place_id"],
  ["address", "address"],
  ["lat", "lat"],
  ["lng", "lng"],
  ["onlineUrl", "online_url"],
  ["priceType", "price_type"],
  ["priceAmount", "price_amount"],
  ["priceNote", "price_note"],
  ["capacity", "capacity"],
  ["accessibility", "accessibility"],
  ["accessibilityFeatures", "accessibility_features"],
  ["communityId", "community_id"],
  ["status", "status"],
  ["statusNote", "status_note"],
];

export function selectEvents(p: Params, viewerId: string | null): string {
  const viewer = p.add(viewerId);
  return `SELECT e.id, e.title, e.description, e.starts_at, e.ends_at, ${exactTimestamp("e.starts_at")} AS starts_key, e.all_day, e.time_zone,
      e.place_id, e.address, coalesce(e.lat, pl.lat) AS lat, coalesce(e.lng, pl.lng) AS lng, e.online_url, e.price_type,
      e.price_amount::float8 AS price_amount, e.price_note, e.capacity, e.accessibility, e.accessibility_features, e.cover_image, e.organizer_id, e.community_id,
      e.status, e.status_note, e.hidden, e.hidden_reason, e.featured, e.series_id, e.created_at, e.updated_at,
      pl.name AS place_name, pl.category AS place_category, pl.street AS place_street, pl.number AS place_number,
      pl.neighbourhood AS place_neighbourhood, pl.city AS place_city, pl.lat AS place_lat, pl.lng AS place_lng, ${pictureUnlessHidden("pl", "cover_image")} AS place_cover_image,
      u.name AS organizer_name, u.verified AS organizer_verified, u.profile_image AS organizer_image,
      c.name AS community_name, ${pictureUnlessHidden("c", "image")} AS community_image,
      (SELECT m.role FROM community_members m WHERE e.community_id IS NOT NULL AND m.community_id = e.community_id AND m.user_id = ${viewer}::text)
        AS viewer_community_role,
      s.rule AS series_rule, s.interval AS series_interval, to_char(s.until, 'YYYY-MM-DD') AS series_until,
      CASE WHEN e.series_id IS NOT NULL THEN (SELECT count(*)::int FROM events o WHERE o.series_id = e.series_id AND NOT o.hidden) END AS series_count,
      CASE WHEN e.series_id IS NOT NULL THEN (SELECT count(*)::int FROM events o WHERE o.series_id = e.series_id AND NOT o.hidden
        AND (o.starts_at, o.id) <= (e.starts_at, e.id)) END AS series_position,
      coalesce((SELECT json_agg(json_build_object('_id', t.id, 'name', t.name, 'slug', t.slug) ORDER BY t.name)
        FROM event_tags et JOIN tags t ON t.id = et.tag_id WHERE et.event_id = e.id), '[]'::json) AS tags,
      ${followColumns("events", "e", viewer)}
    FROM events e
    -- LATERAL look-ups (OFFSET 0 keeps them from being flattened into hash joins): a page is ~20
    -- rows, so one index probe each beats hashing whole tables.
    LEFT JOIN LATERAL (SELECT * FROM places WHERE id = e.place_id OFFSET 0) pl ON true
    LEFT JOIN LATERAL (SELECT name, verified, profile_image FROM users WHERE id = e.organizer_id OFFSET 0) u ON true
    LEFT JOIN LATERAL (SELECT name, image, hidden FROM communities WHERE id = e.community_id OFFSET 0) c ON true
    LEFT JOIN LATERAL (SELECT rule, interval, until FROM event_series WHERE id = e.series_id OFFSET 0) s ON true`;
}

function valuesOf(input: EventWrite): unknown[] {
  return WRITE_COLUMNS.map(([key]) => input[key]);
}

/** Replaces the tags of every event given. */
export async function replaceTags(db: Queryable, eventIds: string[], tagIds: string[]): Promise<void> {
  if (eventIds.length === 0) return;
  await db.query("DELETE FROM event_tags WHERE event_id = ANY($1::text[])", [eventIds]);
  if (tagIds.length === 0) return;
  await db.query(
    "INSERT INTO event_tags (event_id, tag_id) SELECT ev, tg FROM unnest($1::text[]) ev CROSS JOIN unnest($2::text[]) tg ON CONFLICT DO NOTHING",
    [eventIds, tagIds],
  );
}

/** Inserts one row per start (same fields, shifted ends), returning the ids in order. */
export async function insertOccurrences(db: Queryable, input: EventWrite, starts: Date[], organizerId: string, seriesId: string | null): Promise<string[]> {
  const ids = starts.map(() => randomUUID());
  const duration = input.endsAt ? input.endsAt.getTime() - input.startsAt.getTime() : null;
  const columns = ["id", "organizer_id", "series_id", ...WRITE_COLUMNS.map(([, column]) => column)];
  // Chunks keep the statement well under PostgreSQL's 65,535 parameters.
  for (let offset = 0; offset < starts.length; offset += 100) {
    const p = new Params();
    const tuples = starts.slice(offset, offset + 100).map((start, i) => {
      const values = valuesOf({ ...input, startsAt: start, endsAt: duration === null ? null : new Date(start.getTime() + duration) });
      return `(${[ids[offset + i], organizerId, seriesId, ...values].map((v) => p.add(v)).join(", ")})`;
    });
    await db.query(`INSERT INTO events (${columns.join(", ")}) VALUES ${tuples.join(", ")}`, p.values);
  }
  return ids;
}
