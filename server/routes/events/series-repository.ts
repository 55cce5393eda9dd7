import { randomUUID } from "node:crypto";
import type { RecurrenceRule } from "../../../lib/schemas/events";
import type { Queryable } from "../../db/client";
import { insertOccurrences, replaceTags, type EventWrite } from "./rows";

// The SQL of series: one event_series row with the rule, and one events row per date
// materialised so far (see extender.ts for open-ended ones).

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

export interface SeriesRow {
  id: string;
  rule: RecurrenceRule;
  interval: number;
  until: string | null;
  dates: string[];
  first_starts_at: unknown;
  time_zone: string;
  materialised_until: unknown;
}

export function createSeriesRepository(db: Queryable) {
  return {
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
      const ids = await insertOccurrences(db, input, starts, organizerId, seriesId);
      await replaceTags(db, ids, tagIds);
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


    async seriesById(id: string): Promise<SeriesRow | null> {
      const rows = await db.query<SeriesRow>(
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
      const ids = fresh.length > 0 ? await insertOccurrences(db, template, fresh, organizerId, seriesId) : [];
      await replaceTags(db, ids, tagIds);
      await db.query("UPDATE event_series SET materialised_until = $2 WHERE id = $1", [seriesId, materialisedUntil]);
      return ids;
    },
  };
}
