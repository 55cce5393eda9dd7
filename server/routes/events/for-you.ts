import type { Queryable } from "../../db/client";
import { Params } from "../../db/sql";

// The SQL of "Eventos para ti".

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
 * communities, organisers, tags, and the tags of events they follow) and from the area of their
 * saved addresses, plus the most followed upcoming events of verified organisers (`popularIds`,
 * see popularUpcoming) and the soonest ones as the fallback; then scored:
 *   followed place +4, community +3, organiser +3, a followed tag +2 (once), each tag shared with
 *   followed events +1 (at most 2),
 *   within 2 km of an address +2 (5 km +1.5, 10 km +1), already followed +1,
 *   popularity +0.5·ln(1 + followers), and −1 per 30 days away, so sooner ranks higher.
 * Each source is a small indexed look-up capped at 40 rows (a few hundred candidates at most
 * for a page of 20), so the cost does not grow with the size of the agenda. Cancelled events are never suggested.
 */
export function forYouQuery(p: Params, userId: string | null, now: Date, limit: number, popularIds: string[]): string {
  const horizon = new Date(now.getTime() + FOR_YOU_HORIZON_DAYS * 86_400_000);
  const params = [userId, now, horizon, limit, popularIds].map((value) => p.add(value));
  const ranking = `WITH
      fp AS (SELECT target_id FROM follows WHERE follower_id = $1 AND target_kind = 'places'),
      fc AS (SELECT target_id FROM follows WHERE follower_id = $1 AND target_kind = 'communities'),
      fo AS (SELECT target_id FROM follows WHERE follower_id = $1 AND target_kind = 'users'),
      fe AS (SELECT target_id FROM follows WHERE follower_id = $1 AND target_kind = 'events'),
      ft AS (SELECT DISTINCT et.tag_id FROM event_tags et JOIN fe ON fe.target_id = et.event_id),
      ftag AS (SELECT target_id AS tag_id FROM follows WHERE follower_id = $1 AND target_kind = 'tags'),
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
        -- Its own source, so followed tags are not crowded out by the tags of many followed events.
        (SELECT e.id FROM ftag CROSS JOIN LATERAL (SELECT id FROM events e WHERE NOT e.hidden AND e.starts_at >= $2 AND e.starts_at < $3
            AND EXISTS (SELECT 1 FROM event_tags et WHERE et.event_id = e.id AND et.tag_id = ftag.tag_id) ORDER BY e.starts_at LIMIT 20) e LIMIT 40)
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
          -- Counted, like shared_tags, rather than EXISTS: PostgreSQL ran that EXISTS as one hash of
          -- every event of the tags followed (thousands per tag of a city's agenda) instead of each
          -- candidate's own tags: 20.7 ms instead of 11.2 for someone who follows three of 12 tags
          -- on 100,000 events (docs/operations/rendimiento-bitacora.md, "Quien sigue etiquetas").
          (SELECT count(*)::int FROM event_tags et JOIN ftag ON ftag.tag_id = et.tag_id WHERE et.event_id = e.id) > 0 AS followed_tag,
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
    SELECT id, starts_at,
      (CASE WHEN by_place THEN 4 ELSE 0 END) + (CASE WHEN by_community THEN 3 ELSE 0 END) + (CASE WHEN by_organizer THEN 3 ELSE 0 END)
        + least(shared_tags, 2) + (CASE WHEN followed_tag THEN 2 ELSE 0 END)
        + (CASE WHEN distance_km <= 2 THEN 2 WHEN distance_km <= 5 THEN 1.5 WHEN distance_km <= 10 THEN 1 ELSE 0 END)
        + (CASE WHEN followed THEN 1 ELSE 0 END)
        + (CASE WHEN organizer_verified THEN 0.5 * ln(1 + followers) ELSE 0 END)
        - extract(epoch FROM (starts_at - $2::timestamptz)) / (30 * 86400.0) AS score,
      by_place, by_community, by_organizer, (shared_tags > 0 OR followed_tag) AS by_tag, coalesce(distance_km <= 10, false) AS nearby, followed,
      (organizer_verified AND followers > 0) AS popular
    FROM facts
    ORDER BY score DESC, starts_at, id
    LIMIT $4`;
  // Its place in the ranking, for the rows read after it in the same statement (rowFinder.findPage).
  return `SELECT ranked.*, row_number() OVER (ORDER BY score DESC, starts_at, id) AS ord
    FROM (${ranking.replace(/\$([1-5])\b/g, (_, n: string) => params[Number(n) - 1]!)}) ranked`;
}

/** The ranking alone (ids, scores and reasons), in order. */
export async function forYou(db: Queryable, userId: string | null, now: Date, limit: number, popularIds: string[]): Promise<ForYouRow[]> {
  const p = new Params();
  return db.query<ForYouRow>(`${forYouQuery(p, userId, now, limit, popularIds)} ORDER BY ord`, p.values);
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
