import { SERIES_HORIZON_DAYS, SERIES_MAX_OCCURRENCES } from "../../../lib/schemas/events";
import type { Database } from "../../db/client";
import { createEventsRepository, type EventRow, type EventWrite } from "./repository";
import { generateOccurrences } from "./series";

// Open-ended series ("every Tuesday", no end date) have their occurrences materialised up to
// SERIES_HORIZON_DAYS ahead; this moves the horizon forward as time passes. It runs when the
// server starts and every few hours; the latest occurrence is the template, so edits made
// "from this date on" carry over to the new dates. Safe to run on several instances at once:
// each series is extended under a row lock and existing starts are skipped.

export const EXTEND_EVERY_MS = 6 * 3600_000;

export async function extendOpenSeries(database: Database, now: Date = new Date()): Promise<number> {
  const horizon = new Date(now.getTime() + SERIES_HORIZON_DAYS * 86_400_000);
  const due = await createEventsRepository(database).seriesToExtend(horizon);
  let added = 0;
  for (const item of due) {
    added += await database.transaction(async (tx) => {
      const locked = await tx.query<{ materialised_until: unknown }>(
        "SELECT materialised_until FROM event_series WHERE id = $1 AND materialised_until < $2 FOR UPDATE",
        [item.id, horizon],
      );
      if (locked.length === 0 || !item.template_id) return 0;
      const repo = createEventsRepository(tx);
      const series = await repo.seriesById(item.id);
      const template = await tx.query<
        Pick<EventRow, "title" | "description" | "starts_at" | "ends_at" | "all_day" | "time_zone" | "place_id" | "address" | "lat" | "lng">
          & Pick<EventRow, "online_url" | "price_type" | "price_amount" | "price_note" | "capacity" | "accessibility" | "accessibility_features" | "community_id">
      >(
        `SELECT title, description, starts_at, ends_at, all_day, time_zone, place_id, address, lat, lng, online_url, price_type,
            price_amount::float8 AS price_amount, price_note, capacity, accessibility, accessibility_features, community_id
           FROM events WHERE id = $1`,
        [item.template_id],
      );
      const t = template[0];
      if (!series || !t) return 0;
      const startsAt = new Date(t.starts_at as string);
      const write: EventWrite = {
        title: t.title,
        description: t.description,
        startsAt,
        endsAt: t.ends_at === null ? null : new Date(t.ends_at as string),
        allDay: t.all_day,
        timeZone: t.time_zone,
        placeId: t.place_id,
        address: t.address,
        lat: t.lat,
        lng: t.lng,
        onlineUrl: t.online_url,
        priceType: t.price_type,
        priceAmount: t.price_amount === null ? null : Number(t.price_amount),
        priceNote: t.price_note,
        capacity: t.capacity,
        accessibility: t.accessibility,
        accessibilityFeatures: t.accessibility_features,
        communityId: t.community_id,
        status: "published",
        statusNote: null,
      };
      const starts = generateOccurrences(
        { rule: series.rule, interval: series.interval, until: null, dates: [], firstStartsAt: startsAt, timeZone: t.time_zone },
        { horizon, max: SERIES_MAX_OCCURRENCES, after: startsAt },
      );
      const ids = await repo.appendOccurrences(item.id, write, starts, item.organizer_id, await repo.tagIdsOf(item.template_id), horizon);
      return ids.length;
    });
  }
  return added;
}
