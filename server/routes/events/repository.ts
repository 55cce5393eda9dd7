import type { Queryable } from "../../db/client";
import { exactTimestamp, Params } from "../../db/sql";
import { afterCursor, pageOf, timestampKey, type PageRequest } from "../paging";
import { rowFinder, sharedConditions, type SharedFilters } from "../content/repository";
import { replaceTags, selectEvents, WRITE_COLUMNS, insertOccurrences, type EventRow, type EventWrite } from "./rows";
import type { EventStateRow } from "./notifications";
import { createSeriesRepository } from "./series-repository";

// The only SQL of events, their series and tags.
//
// Every list is "events ordered by (starts_at, id)" (or the reverse for past events) with a
// keyset cursor, narrowed by one indexed key (place, community, organiser, tag, follows). A
// time window [from, to) keeps events that overlap it, so an exhibition that opened last week
// still shows as happening today: events lasting up to a day are found by a short range scan
// of starts_at (from − 1 day), longer ones through their own small branch.

export type { EventRow, EventWrite } from "./rows";

export interface EventFilters extends SharedFilters {
  placeId?: string;
  communityId?: string;
  organizerId?: string;
  tag?: string;
  free?: boolean;
  seriesId?: string;
  /** The category of the event's place. */
  category?: string;
  /** Free events, and paid ones costing at most this (MXN). */
  maxPrice?: number;
  mode?: "online" | "in-person";
  /** Within `radius` km of (lat, lng), by the event's own pin or else its place's. */
  lat?: number;
  lng?: number;
  radius?: number;
  /** Events declaring every one of these accessibility features. */
  accessibility?: string[];
}

const KM_PER_DEGREE = 111.32;

/** Upcoming-style windows go forward from `from`; "past" goes backwards from `before`. */
export type EventWindow = { kind: "forward"; from: Date; to: Date | null } | { kind: "past"; before: Date };

const BY_START = [timestampKey("e.starts_at"), { column: "e.id" }];

function filterClauses(filters: EventFilters, p: Params): string[] {
  const where = sharedConditions("events", filters, p);
  if (filters.placeId) where.push(`e.place_id = ${p.add(filters.placeId)}`);
  if (filters.communityId) where.push(`e.community_id = ${p.add(filters.communityId)}`);
  if (filters.organizerId) where.push(`e.organizer_id = ${p.add(filters.organizerId)}`);
  if (filters.seriesId) where.push(`e.series_id = ${p.add(filters.seriesId)}`);
  if (filters.free !== undefined) where.push(filters.free ? "e.price_type = 'free'" : "e.price_type = 'paid'");
  if (filters.category) where.push(`e.place_id IN (SELECT pl.id FROM places pl WHERE pl.category = ${p.add(filters.category)})`);
  if (filters.maxPrice !== undefined) where.push(`(e.price_type = 'free' OR e.price_amount <= ${p.add(filters.maxPrice)})`);
  if (filters.mode === "online") where.push("e.online_url IS NOT NULL");
  if (filters.mode === "in-person") where.push("(e.place_id IS NOT NULL OR e.address IS NOT NULL)");
  if (filters.accessibility && filters.accessibility.length > 0) where.push(`e.accessibility_features @> ${p.add(filters.accessibility)}::text[]`);
  if (filters.lat !== undefined && filters.lng !== undefined && filters.radius !== undefined) where.push(nearClause(filters.lat, filters.lng, filters.radius, p));
  if (filters.tag) {
    where.push(`EXISTS (SELECT 1 FROM event_tags et JOIN tags t ON t.id = et.tag_id WHERE et.event_id = e.id AND t.slug = ${p.add(filters.tag)})`);
  }
  return where;
}

/**
 * Great-circle distance (haversine) from the event's pin, else its place's, to the point; a
 * bounding box first so most rows are discarded without the trigonometry.
 */
function nearClause(lat: number, lng: number, radiusKm: number, p: Params): string {
  const la = p.add(lat);
  const ln = p.add(lng);
  const dLat = p.add(radiusKm / KM_PER_DEGREE);
  const dLng = p.add(radiusKm / (KM_PER_DEGREE * Math.max(Math.cos((lat * Math.PI) / 180), 0.01)));
  const radius = p.add(radiusKm);
  const pin = `(SELECT coalesce(e.lat, pl.lat) AS lat, coalesce(e.lng, pl.lng) AS lng FROM (SELECT 1) one LEFT JOIN places pl ON pl.id = e.place_id)`;
  return `EXISTS (SELECT 1 FROM ${pin} pin WHERE pin.lat BETWEEN ${la}::float8 - ${dLat}::float8 AND ${la}::float8 + ${dLat}::float8
      AND pin.lng BETWEEN ${ln}::float8 - ${dLng}::float8 AND ${ln}::float8 + ${dLng}::float8
      AND 6371 * 2 * asin(sqrt(power(sin(radians(pin.lat - ${la}::float8) / 2), 2)
        + cos(radians(${la}::float8)) * cos(radians(pin.lat)) * power(sin(radians(pin.lng - ${ln}::float8) / 2), 2))) <= ${radius}::float8)`;
}

export function createEventsRepository(db: Queryable) {
  const rows = rowFinder<EventRow>(db, "events", selectEvents);

  /**
   * The statement of one page: `id`, its cursor keys `k0` (start, exact) and `k1` (id), and its
   * place `ord`, one row more than the page to tell whether another follows.
   */
  function pageQuery(filters: EventFilters, window: EventWindow, page: PageRequest, p: Params): string {
    const common = filterClauses(filters, p);
    const limit = p.add(page.limit + 1);
    if (window.kind === "past") {
      const before = p.add(window.before);
      const where = [...common, `e.starts_at < ${before}`, `coalesce(e.ends_at, e.starts_at) < ${before}`];
      const after = afterCursor(BY_START, page.cursor, true, p);
      if (after) where.push(after);
      return `SELECT e.id, ${exactTimestamp("e.starts_at")} AS k0, e.id AS k1, row_number() OVER (ORDER BY e.starts_at DESC, e.id DESC) AS ord
             FROM events e WHERE ${where.join(" AND ")} ORDER BY e.starts_at DESC, e.id DESC LIMIT ${limit}`;
    }
    const from = p.add(window.from);
    const extra = [...common];
    if (window.to) extra.push(`e.starts_at < ${p.add(window.to)}`);
    const after = afterCursor(BY_START, page.cursor, false, p);
    if (after) extra.push(after);
    const shortBranch = [...extra, `e.starts_at >= ${from}::timestamptz - interval '24 hours'`, `coalesce(e.ends_at, e.starts_at) >= ${from}`];
    // Started more than a day before the window and still running: necessarily long events.
    const longBranch = [
      ...extra,
      `e.starts_at < ${from}::timestamptz - interval '24 hours'`,
      `e.ends_at >= ${from}`,
      "e.ends_at - e.starts_at > interval '24 hours'",
    ];
    return `SELECT id, starts_key AS k0, id AS k1, row_number() OVER (ORDER BY starts_at, id) AS ord FROM (
             (SELECT e.id, e.starts_at, ${exactTimestamp("e.starts_at")} AS starts_key FROM events e
               WHERE ${shortBranch.join(" AND ")} ORDER BY e.starts_at, e.id LIMIT ${limit})
             UNION ALL
             -- No ORDER BY here: the few long-running events come from their partial index and
             -- are sorted with the short branch's page (an ordered scan would walk the past).
             (SELECT e.id, e.starts_at, ${exactTimestamp("e.starts_at")} AS starts_key FROM events e
               WHERE ${longBranch.join(" AND ")})
           ) window_rows ORDER BY starts_at, id LIMIT ${limit}`;
  }

  /** The ids of one page, in list order, and whether more follow. */
  async function pageIds(filters: EventFilters, window: EventWindow, page: PageRequest) {
    const p = new Params();
    const found = await db.query<{ id: string; k0: string }>(pageQuery(filters, window, page, p), p.values);
    const result = pageOf(found, page.limit, (last) => [last.k0, last.id]);
    return { ids: result.rows.map((r) => r.id), nextCursor: result.nextCursor };
  }

  return {
    ...rows,
    ...createSeriesRepository(db),
    pageIds,
    replaceTags: (eventIds: string[], tagIds: string[]) => replaceTags(db, eventIds, tagIds),

    /** One page of full rows, in one statement. */
    async list(filters: EventFilters, window: EventWindow, page: PageRequest, viewerId: string | null) {
      const p = new Params();
      const found = await rows.findPage({ sql: pageQuery(filters, window, page, p), columns: ["k0"], p }, viewerId);
      return pageOf(found, page.limit, (last) => [String(last.page_k0), last.id]);
    },

    async createSingle(input: EventWrite, organizerId: string, tagIds: string[]): Promise<string> {
      const [id] = await insertOccurrences(db, input, [input.startsAt], organizerId, null);
      await replaceTags(db, [id!], tagIds);
      return id!;
    },

    /** Raw rows of the occurrences an update reaches, locked for the transaction. */
    async lockForUpdate(ids: string[]) {
      return db.query<EventStateRow & { status_note: string | null; time_zone: string }>(
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
