import { randomUUID } from "node:crypto";
import type { EventStatus, RecurrenceRule } from "../../../lib/schemas/events";
import type { Queryable } from "../../db/client";
import { followColumns } from "../content/follows";
import { cursorTimestamp, decodeCursor, encodeCursor, exactTimestamp, Params } from "../content/sql";

// The only SQL of events, their series and tags.
//
// Every list is "events ordered by (starts_at, id)" (or the reverse for past events) with a
// keyset cursor, narrowed by one indexed key (place, community, organiser, tag, follows). A
// time window [from, to) keeps events that overlap it, so an exhibition that opened last week
// still shows as happening today: events lasting up to a day are found by a short range scan
// of starts_at (from − 1 day), longer ones through their own small branch.

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
  communityId: string | null;
  status: EventStatus;
  statusNote: string | null;
}

export interface SeriesWrite {
  rule: RecurrenceRule;
  interval: number;
  until: string | null;
  dates: Date[];
  firstStartsAt: Date;
  durationMinutes: number | null;
  timeZone: string;
  materialisedUntil: Date;
}

export type EventVisibility = "visible" | "hidden" | "all";

export interface EventFilters {
  placeId?: string;
  communityId?: string;
  organizerId?: string;
  tag?: string;
  featured?: boolean;
  free?: boolean;
  seriesId?: string;
  followedBy?: string;
  visibility: EventVisibility;
}

/** Upcoming-style windows go forward from `from`; "past" goes backwards from `before`. */
export type EventWindow = { kind: "forward"; from: Date; to: Date | null } | { kind: "past"; before: Date };

const WRITE_COLUMNS: [keyof EventWrite, string, string?][] = [
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
  ["communityId", "community_id"],
  ["status", "status"],
  ["statusNote", "status_note"],
];

const VISIBILITY: Record<EventVisibility, string> = { visible: "NOT e.hidden", hidden: "e.hidden", all: "true" };

function selectEvents(p: Params, viewerId: string | null): string {
  const viewer = p.add(viewerId);
  return `SELECT e.id, e.title, e.description, e.starts_at, e.ends_at, ${exactTimestamp("e.starts_at")} AS starts_key, e.all_day, e.time_zone,
      e.place_id, e.address, coalesce(e.lat, pl.lat) AS lat, coalesce(e.lng, pl.lng) AS lng, e.online_url, e.price_type,
      e.price_amount::float8 AS price_amount, e.price_note, e.capacity, e.accessibility, e.cover_image, e.organizer_id, e.community_id,
      e.status, e.status_note, e.hidden, e.hidden_reason, e.featured, e.series_id, e.created_at, e.updated_at,
      pl.name AS place_name, pl.category AS place_category, pl.street AS place_street, pl.number AS place_number,
      pl.neighbourhood AS place_neighbourhood, pl.city AS place_city, pl.lat AS place_lat, pl.lng AS place_lng,
      u.name AS organizer_name, u.verified AS organizer_verified, u.profile_image AS organizer_image,
      c.name AS community_name, c.image AS community_image,
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
    LEFT JOIN LATERAL (SELECT name, image FROM communities WHERE id = e.community_id OFFSET 0) c ON true
    LEFT JOIN LATERAL (SELECT rule, interval, until FROM event_series WHERE id = e.series_id OFFSET 0) s ON true`;
}

function filterClauses(filters: EventFilters, p: Params): string[] {
  const where = [VISIBILITY[filters.visibility]];
  if (filters.placeId) where.push(`e.place_id = ${p.add(filters.placeId)}`);
  if (filters.communityId) where.push(`e.community_id = ${p.add(filters.communityId)}`);
  if (filters.organizerId) where.push(`e.organizer_id = ${p.add(filters.organizerId)}`);
  if (filters.seriesId) where.push(`e.series_id = ${p.add(filters.seriesId)}`);
  if (filters.featured !== undefined) where.push(filters.featured ? "e.featured" : "NOT e.featured");
  if (filters.free !== undefined) where.push(filters.free ? "e.price_type = 'free'" : "e.price_type = 'paid'");
  if (filters.tag) {
    where.push(`EXISTS (SELECT 1 FROM event_tags et JOIN tags t ON t.id = et.tag_id WHERE et.event_id = e.id AND t.slug = ${p.add(filters.tag)})`);
  }
  if (filters.followedBy) {
    where.push(`EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${p.add(filters.followedBy)} AND f.target_kind = 'events' AND f.target_id = e.id)`);
  }
  return where;
}

function valuesOf(input: EventWrite): unknown[] {
  return WRITE_COLUMNS.map(([key]) => input[key]);
}

export function createEventsRepository(db: Queryable) {
  async function findMany(ids: string[], viewerId: string | null): Promise<EventRow[]> {
    if (ids.length === 0) return [];
    const p = new Params();
    const select = selectEvents(p, viewerId);
    const rows = await db.query<EventRow>(`${select} WHERE e.id = ANY(${p.add(ids)}::text[])`, p.values);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The ids of one page, in list order, and whether more follow. */
  async function pageIds(filters: EventFilters, window: EventWindow, page: { cursor?: string; limit: number }) {
    const p = new Params();
    const common = filterClauses(filters, p);
    const cursor = decodeCursor(page.cursor, 2);
    const limit = p.add(page.limit + 1);
    let sql: string;
    if (window.kind === "past") {
      const before = p.add(window.before);
      const where = [...common, `e.starts_at < ${before}`, `coalesce(e.ends_at, e.starts_at) < ${before}`];
      if (cursor) where.push(`(e.starts_at, e.id) < (${p.add(cursorTimestamp(cursor[0]!))}::timestamptz, ${p.add(cursor[1])})`);
      sql = `SELECT e.id, ${exactTimestamp("e.starts_at")} AS starts_key FROM events e WHERE ${where.join(" AND ")}
             ORDER BY e.starts_at DESC, e.id DESC LIMIT ${limit}`;
    } else {
      const from = p.add(window.from);
      const extra = [...common];
      if (window.to) extra.push(`e.starts_at < ${p.add(window.to)}`);
      if (cursor) extra.push(`(e.starts_at, e.id) > (${p.add(cursorTimestamp(cursor[0]!))}::timestamptz, ${p.add(cursor[1])})`);
      const shortBranch = [...extra, `e.starts_at >= ${from}::timestamptz - interval '24 hours'`, `coalesce(e.ends_at, e.starts_at) >= ${from}`];
      // Started more than a day before the window and still running: necessarily long events.
      const longBranch = [
        ...extra,
        `e.starts_at < ${from}::timestamptz - interval '24 hours'`,
        `e.ends_at >= ${from}`,
        "e.ends_at - e.starts_at > interval '24 hours'",
      ];
      sql = `SELECT id, starts_key FROM (
               (SELECT e.id, e.starts_at, ${exactTimestamp("e.starts_at")} AS starts_key FROM events e
                 WHERE ${shortBranch.join(" AND ")} ORDER BY e.starts_at, e.id LIMIT ${limit})
               UNION ALL
               -- No ORDER BY here: the few long-running events come from their partial index and
               -- are sorted with the short branch's page (an ordered scan would walk the past).
               (SELECT e.id, e.starts_at, ${exactTimestamp("e.starts_at")} AS starts_key FROM events e
                 WHERE ${longBranch.join(" AND ")})
             ) page ORDER BY starts_at, id LIMIT ${limit}`;
    }
    const rows = await db.query<{ id: string; starts_key: string }>(sql, p.values);
    const pageRows = rows.slice(0, page.limit);
    const last = pageRows[pageRows.length - 1];
    return { ids: pageRows.map((r) => r.id), nextCursor: rows.length > page.limit && last ? encodeCursor([last.starts_key, last.id]) : null };
  }

  async function replaceTags(eventIds: string[], tagIds: string[]): Promise<void> {
    if (eventIds.length === 0) return;
    await db.query("DELETE FROM event_tags WHERE event_id = ANY($1::text[])", [eventIds]);
    if (tagIds.length === 0) return;
    await db.query(
      "INSERT INTO event_tags (event_id, tag_id) SELECT ev, tg FROM unnest($1::text[]) ev CROSS JOIN unnest($2::text[]) tg ON CONFLICT DO NOTHING",
      [eventIds, tagIds],
    );
  }

  /** Inserts one row per start (same fields, shifted ends), returning the ids in order. */
  async function insertOccurrences(input: EventWrite, starts: Date[], organizerId: string, seriesId: string | null): Promise<string[]> {
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

  return {
    findMany,
    pageIds,
    replaceTags,

    async findById(id: string, viewerId: string | null): Promise<EventRow | null> {
      return (await findMany([id], viewerId))[0] ?? null;
    },

    async list(filters: EventFilters, window: EventWindow, page: { cursor?: string; limit: number }, viewerId: string | null) {
      const { ids, nextCursor } = await pageIds(filters, window, page);
      return { rows: await findMany(ids, viewerId), nextCursor };
    },

    async createSingle(input: EventWrite, organizerId: string, tagIds: string[]): Promise<string> {
      const [id] = await insertOccurrences(input, [input.startsAt], organizerId, null);
      await replaceTags([id!], tagIds);
      return id!;
    },

    async createSeries(input: EventWrite, series: SeriesWrite, starts: Date[], organizerId: string, tagIds: string[]): Promise<string[]> {
      const seriesId = randomUUID();
      await db.query(
        `INSERT INTO event_series (id, rule, interval, until, dates, first_starts_at, duration_minutes, time_zone, materialised_until, organizer_id)
         VALUES ($1, $2, $3, $4::date, $5::jsonb, $6, $7, $8, $9, $10)`,
        [
          seriesId,
          series.rule,
          series.interval,
          series.until,
          JSON.stringify(series.dates.map((d) => d.toISOString())),
          series.firstStartsAt,
          series.durationMinutes,
          series.timeZone,
          series.materialisedUntil,
          organizerId,
        ],
      );
      const ids = await insertOccurrences(input, starts, organizerId, seriesId);
      await replaceTags(ids, tagIds);
      return ids;
    },

    /** Open-ended series whose occurrences stop before `horizon`, with a template occurrence. */
    async seriesToExtend(horizon: Date): Promise<{ id: string; template_id: string; organizer_id: string; materialised_until: unknown }[]> {
      return db.query(
        `SELECT s.id, s.organizer_id, s.materialised_until,
            (SELECT e.id FROM events e WHERE e.series_id = s.id ORDER BY e.starts_at DESC, e.id DESC LIMIT 1) AS template_id
           FROM event_series s
          WHERE s.until IS NULL AND s.rule <> 'dates' AND s.materialised_until < $1
          ORDER BY s.materialised_until LIMIT 100`,
        [horizon],
      );
    },

    async seriesById(id: string): Promise<{
      id: string;
      rule: RecurrenceRule;
      interval: number;
      until: string | null;
      dates: string[];
      first_starts_at: unknown;
      time_zone: string;
      materialised_until: unknown;
    } | null> {
      const rows = await db.query<{
        id: string;
        rule: RecurrenceRule;
        interval: number;
        until: string | null;
        dates: string[];
        first_starts_at: unknown;
        time_zone: string;
        materialised_until: unknown;
      }>(
        `SELECT id, rule, interval, to_char(until, 'YYYY-MM-DD') AS until, dates, first_starts_at, time_zone, materialised_until
           FROM event_series WHERE id = $1`,
        [id],
      );
      return rows[0] ?? null;
    },

    async appendOccurrences(seriesId: string, template: EventWrite, starts: Date[], organizerId: string, tagIds: string[], materialisedUntil: Date) {
      // Starts that already exist (a concurrent extender) are skipped.
      const existing = await db.query<{ starts_at: unknown }>("SELECT starts_at FROM events WHERE series_id = $1 AND starts_at = ANY($2::timestamptz[])", [
        seriesId,
        starts.map((s) => s.toISOString()),
      ]);
      const taken = new Set(existing.map((r) => new Date(r.starts_at as string).getTime()));
      const fresh = starts.filter((s) => !taken.has(s.getTime()));
      const ids = fresh.length > 0 ? await insertOccurrences(template, fresh, organizerId, seriesId) : [];
      await replaceTags(ids, tagIds);
      await db.query("UPDATE event_series SET materialised_until = $2 WHERE id = $1", [seriesId, materialisedUntil]);
      return ids;
    },

    /** Raw rows of the occurrences an update reaches, locked for the transaction. */
    async lockForUpdate(ids: string[]) {
      return db.query<{
        id: string;
        title: string;
        starts_at: unknown;
        ends_at: unknown;
        place_id: string | null;
        address: string | null;
        online_url: string | null;
        status: EventStatus;
        status_note: string | null;
        time_zone: string;
      }>(
        `SELECT id, title, starts_at, ends_at, place_id, address, online_url, status, status_note, time_zone
           FROM events WHERE id = ANY($1::text[]) ORDER BY starts_at, id FOR UPDATE`,
        [ids],
      );
    },

    /** Ids of this occurrence and every later one of its series. */
    async followingOccurrences(seriesId: string, fromEventId: string): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `SELECT o.id FROM events o, events e
          WHERE e.id = $2 AND o.series_id = $1 AND (o.starts_at, o.id) >= (e.starts_at, e.id)
          ORDER BY o.starts_at, o.id`,
        [seriesId, fromEventId],
      );
      return rows.map((r) => r.id);
    },

    /**
     * Applies `patch` (columns other than the times) to the rows and moves their times: starts
     * shift by `time.shiftMs` (a series edited "from here on" moves every later occurrence by the
     * same amount); ends shift with them, or are set `lengthMs` after the new start, or cleared.
     */
    async update(
      ids: string[],
      patch: Partial<Omit<EventWrite, "startsAt" | "endsAt">>,
      time: { shiftMs: number; lengthMs?: number | null },
      detach: boolean,
    ): Promise<void> {
      if (ids.length === 0) return;
      const p = new Params();
      const idsParam = p.add(ids);
      const sets: string[] = ["updated_at = now()"];
      for (const [key, column] of WRITE_COLUMNS) {
        if (key === "startsAt" || key === "endsAt") continue;
        const value = patch[key as keyof typeof patch];
        if (value !== undefined) sets.push(`${column} = ${p.add(value)}`);
      }
      // SET expressions read the old row, so both ends are computed from the old start.
      const shift = p.add(`${time.shiftMs} milliseconds`);
      sets.push(`starts_at = starts_at + ${shift}::interval`);
      if (time.lengthMs === undefined) sets.push(`ends_at = ends_at + ${shift}::interval`);
      else if (time.lengthMs === null) sets.push("ends_at = NULL");
      else sets.push(`ends_at = starts_at + ${shift}::interval + ${p.add(`${time.lengthMs} milliseconds`)}::interval`);
      if (detach) sets.push("series_detached = true");
      await db.query(`UPDATE events SET ${sets.join(", ")} WHERE id = ANY(${idsParam}::text[])`, p.values);
    },

    async remove(ids: string[]): Promise<void> {
      await db.query("DELETE FROM events WHERE id = ANY($1::text[])", [ids]);
    },

    async setCoverImage(id: string, url: string | null, set: unknown): Promise<void> {
      await db.query("UPDATE events SET cover_image = $2, cover_image_set = $3::jsonb, updated_at = now() WHERE id = $1", [
        id,
        url,
        set === null ? null : JSON.stringify(set),
      ]);
    },

    async tagIdsOf(eventId: string): Promise<string[]> {
      const rows = await db.query<{ tag_id: string }>("SELECT tag_id FROM event_tags WHERE event_id = $1", [eventId]);
      return rows.map((r) => r.tag_id);
    },

    async placeExists(placeId: string): Promise<{ id: string; name: string; hidden: boolean } | null> {
      const rows = await db.query<{ id: string; name: string; hidden: boolean }>("SELECT id, name, hidden FROM places WHERE id = $1", [placeId]);
      return rows[0] ?? null;
    },

    /** Events a user follows, for the personal calendar feed: recent and upcoming. */
    async followedForFeed(userId: string, since: Date, limit: number): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `SELECT e.id FROM follows f JOIN events e ON e.id = f.target_id
          WHERE f.follower_id = $1 AND f.target_kind = 'events' AND NOT e.hidden AND coalesce(e.ends_at, e.starts_at) >= $2
          ORDER BY e.starts_at, e.id LIMIT $3`,
        [userId, since, limit],
      );
      return rows.map((r) => r.id);
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;

export interface ForYouRow {
  id: string;
  score: number;
  by_place: boolean;
  by_community: boolean;
  by_organizer: boolean;
  by_tag: boolean;
  nearby: boolean;
  followed: boolean;
  popular: boolean;
}

/** Candidates come from these many days ahead. */
export const FOR_YOU_HORIZON_DAYS = 60;

/**
 * "Eventos para ti": upcoming visible events gathered from what the user follows (places,
 * communities, organisers, and the tags of events they follow) and from the area of their
 * saved addresses, plus the most followed upcoming events of verified organisers (`popularIds`,
 * see popularUpcoming) and the soonest ones as the fallback; then scored:
 *   followed place +4, community +3, organiser +3, each shared tag +1 (at most 2),
 *   within 2 km of an address +2 (5 km +1.5, 10 km +1), already followed +1,
 *   popularity +0.5·ln(1 + followers), and −1 per 30 days away, so sooner ranks higher.
 * Each source is a small indexed look-up capped at 40 rows (a few hundred candidates at most
 * for a page of 20), so the cost does not grow with the size of the agenda. Cancelled events are never suggested.
 */
export async function forYou(db: Queryable, userId: string | null, now: Date, limit: number, popularIds: string[]): Promise<ForYouRow[]> {
  const horizon = new Date(now.getTime() + FOR_YOU_HORIZON_DAYS * 86_400_000);
  return db.query<ForYouRow>(
    `WITH
      fp AS (SELECT target_id FROM follows WHERE follower_id = $1 AND target_kind = 'places'),
      fc AS (SELECT target_id FROM follows WHERE follower_id = $1 AND target_kind = 'communities'),
      fo AS (SELECT target_id FROM follows WHERE follower_id = $1 AND target_kind = 'users'),
      fe AS (SELECT target_id FROM follows WHERE follower_id = $1 AND target_kind = 'events'),
      ft AS (SELECT DISTINCT et.tag_id FROM event_tags et JOIN fe ON fe.target_id = et.event_id),
      addr AS (SELECT lat, lng FROM addresses WHERE user_id = $1 AND lat IS NOT NULL LIMIT 10),
      cand AS (
        (SELECT e.id FROM fp CROSS JOIN LATERAL (SELECT id FROM events e WHERE e.place_id = fp.target_id AND NOT e.hidden
           AND e.starts_at >= $2 AND e.starts_at < $3 ORDER BY e.starts_at LIMIT 20) e LIMIT 40)
        UNION
        (SELECT e.id FROM fc CROSS JOIN LATERAL (SELECT id FROM events e WHERE e.community_id = fc.target_id AND NOT e.hidden
           AND e.starts_at >= $2 AND e.starts_at < $3 ORDER BY e.starts_at LIMIT 20) e LIMIT 40)
        UNION
        (SELECT e.id FROM fo CROSS JOIN LATERAL (SELECT id FROM events e WHERE e.organizer_id = fo.target_id AND NOT e.hidden
           AND e.starts_at >= $2 AND e.starts_at < $3 ORDER BY e.starts_at LIMIT 20) e LIMIT 40)
        UNION
        (SELECT e.id FROM ft CROSS JOIN LATERAL (SELECT id FROM events e WHERE NOT e.hidden AND e.starts_at >= $2 AND e.starts_at < $3
            AND EXISTS (SELECT 1 FROM event_tags et WHERE et.event_id = e.id AND et.tag_id = ft.tag_id) ORDER BY e.starts_at LIMIT 20) e LIMIT 40)
        UNION
        (SELECT e.id FROM addr a JOIN places pl ON pl.lat IS NOT NULL AND NOT pl.hidden
            AND pl.lat BETWEEN a.lat - 0.09 AND a.lat + 0.09 AND pl.lng BETWEEN a.lng - 0.1 AND a.lng + 0.1
          CROSS JOIN LATERAL (SELECT id FROM events e WHERE e.place_id = pl.id AND NOT e.hidden
            AND e.starts_at >= $2 AND e.starts_at < $3 ORDER BY e.starts_at LIMIT 5) e LIMIT 40)
        UNION
        (SELECT id FROM unnest($5::text[]) AS popular(id))
        UNION
        -- With nothing followed and nothing popular yet, the soonest events still fill the list.
        (SELECT e.id FROM events e JOIN users u ON u.id = e.organizer_id
          WHERE NOT e.hidden AND e.starts_at >= $2 AND e.starts_at < $3 AND u.verified ORDER BY e.starts_at LIMIT 30)
      ),
      facts AS (
        SELECT e.id, e.starts_at,
          EXISTS (SELECT 1 FROM fp WHERE fp.target_id = e.place_id) AS by_place,
          EXISTS (SELECT 1 FROM fc WHERE fc.target_id = e.community_id) AS by_community,
          EXISTS (SELECT 1 FROM fo WHERE fo.target_id = e.organizer_id) AS by_organizer,
          EXISTS (SELECT 1 FROM fe WHERE fe.target_id = e.id) AS followed,
          (SELECT count(*)::int FROM event_tags et JOIN ft ON ft.tag_id = et.tag_id WHERE et.event_id = e.id) AS shared_tags,
          (SELECT min(6371 * 2 * asin(sqrt(power(sin(radians(coalesce(e.lat, pl.lat) - a.lat) / 2), 2)
              + cos(radians(a.lat)) * cos(radians(coalesce(e.lat, pl.lat))) * power(sin(radians(coalesce(e.lng, pl.lng) - a.lng) / 2), 2))))
             FROM addr a WHERE coalesce(e.lat, pl.lat) IS NOT NULL) AS distance_km,
          (SELECT count(*)::int FROM follows f WHERE f.target_kind = 'events' AND f.target_id = e.id) AS followers,
          u.verified AS organizer_verified
        FROM cand JOIN events e ON e.id = cand.id
        LEFT JOIN places pl ON pl.id = e.place_id
        LEFT JOIN users u ON u.id = e.organizer_id
        WHERE e.status <> 'cancelled'
      )
    SELECT id,
      (CASE WHEN by_place THEN 4 ELSE 0 END) + (CASE WHEN by_community THEN 3 ELSE 0 END) + (CASE WHEN by_organizer THEN 3 ELSE 0 END)
        + least(shared_tags, 2)
        + (CASE WHEN distance_km <= 2 THEN 2 WHEN distance_km <= 5 THEN 1.5 WHEN distance_km <= 10 THEN 1 ELSE 0 END)
        + (CASE WHEN followed THEN 1 ELSE 0 END)
        + (CASE WHEN organizer_verified THEN 0.5 * ln(1 + followers) ELSE 0 END)
        - extract(epoch FROM (starts_at - $2::timestamptz)) / (30 * 86400.0) AS score,
      by_place, by_community, by_organizer, shared_tags > 0 AS by_tag, coalesce(distance_km <= 10, false) AS nearby, followed,
      (organizer_verified AND followers > 0) AS popular
    FROM facts
    ORDER BY score DESC, starts_at, id
    LIMIT $4`,
    [userId, now, horizon, limit, popularIds],
  );
}

/**
 * The most followed upcoming events of verified organisers: the same for everyone, and the only
 * part of "para ti" that reads every follow, so callers cache it for a minute.
 */
export async function popularUpcoming(db: Queryable, now: Date, limit: number): Promise<string[]> {
  const horizon = new Date(now.getTime() + FOR_YOU_HORIZON_DAYS * 86_400_000);
  const rows = await db.query<{ id: string }>(
    `SELECT f.target_id AS id FROM follows f JOIN events e ON e.id = f.target_id JOIN users u ON u.id = e.organizer_id
      WHERE f.target_kind = 'events' AND NOT e.hidden AND e.starts_at >= $1 AND e.starts_at < $2 AND u.verified
      GROUP BY f.target_id ORDER BY count(*) DESC, f.target_id LIMIT $3`,
    [now, horizon, limit],
  );
  return rows.map((r) => r.id);
}
