import type { RecurrenceRule } from "../../../lib/schemas/events";
import { addDays, daysInMonth, localDateString, wallTimeOf, wallTimeToDate } from "../content/time";

// Occurrences of a series, computed in the series' time zone so "every Tuesday at 19:00" stays
// at 19:00 local. Monthly series repeat on the same day of the month and skip months that do
// not have it (the 31st), as RFC 5545 does for BYMONTHDAY.

export interface SeriesPattern {
  rule: RecurrenceRule;
  interval: number;
  /** Last local date (YYYY-MM-DD) an occurrence may start on; null = open-ended. */
  until: string | null;
  /** Rule "dates": every start, the first included. */
  dates: Date[];
  firstStartsAt: Date;
  timeZone: string;
}

export interface GenerateOptions {
  /** Open-ended series stop here. */
  horizon: Date;
  /** Never more than this many in total. */
  max: number;
  /** Only occurrences strictly after this instant (extending an existing series). */
  after?: Date;
}

export function generateOccurrences(pattern: SeriesPattern, options: GenerateOptions): Date[] {
  const result: Date[] = [];
  const push = (start: Date): boolean => {
    if (options.after && start.getTime() <= options.after.getTime()) return true;
    result.push(start);
    return result.length < options.max;
  };

  if (pattern.rule === "dates") {
    const unique = [...new Map([pattern.firstStartsAt, ...pattern.dates].map((d) => [d.getTime(), d])).values()];
    unique.sort((a, b) => a.getTime() - b.getTime());
    for (const start of unique) if (!push(start)) break;
    return result;
  }

  const first = wallTimeOf(pattern.firstStartsAt, pattern.timeZone);
  const beyond = (start: Date) =>
    start.getTime() > options.horizon.getTime() || (pattern.until !== null && localDateString(start, pattern.timeZone) > pattern.until);

  // A generous bound on iterations: skipped months never loop forever.
  for (let k = 0; k < options.max * 12 + 12; k++) {
    let start: Date;
    if (pattern.rule === "weekly") {
      start = wallTimeToDate(addDays(first, 7 * pattern.interval * k), pattern.timeZone);
    } else {
      const monthIndex = first.month - 1 + pattern.interval * k;
      const year = first.year + Math.floor(monthIndex / 12);
      const month = (monthIndex % 12) + 1;
      if (first.day > daysInMonth(year, month)) continue;
      start = wallTimeToDate({ ...first, year, month }, pattern.timeZone);
    }
    if (beyond(start)) break;
    if (!push(start)) break;
  }
  return result;
}
