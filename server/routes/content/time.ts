// Wall-clock arithmetic in a named time zone (the city's, America/Monterrey by default) with
// Intl only: "today", "this weekend" and series occurrences are defined in local time, and a
// weekly event at 19:00 stays at 19:00 even across a DST change in zones that have one.

export interface WallTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function wallTimeOf(date: Date, timeZone: string): WallTime {
  const parts = Object.fromEntries(formatterFor(timeZone).formatToParts(date).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Offset of the zone from UTC at `date`, in milliseconds (e.g. -6 h for Monterrey). */
function offsetAt(date: Date, timeZone: string): number {
  const w = wallTimeOf(date, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

/** The instant at which the zone's clocks show `wall` (the later one when it does not exist). */
export function wallTimeToDate(wall: WallTime, timeZone: string): Date {
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  let result = guess - offsetAt(new Date(guess), timeZone);
  // A second pass settles instants next to an offset change.
  result = guess - offsetAt(new Date(result), timeZone);
  return new Date(result);
}

/** Day of the week of a local calendar date, 0 = Sunday. */
export function weekdayOf(wall: Pick<WallTime, "year" | "month" | "day">): number {
  return new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
}

/** Adds calendar days to a local date, keeping the clock time. */
export function addDays<T extends Pick<WallTime, "year" | "month" | "day">>(wall: T, days: number): T {
  const d = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days));
  return { ...wall, year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function startOfDay(date: Date, timeZone: string): Date {
  const w = wallTimeOf(date, timeZone);
  return wallTimeToDate({ ...w, hour: 0, minute: 0, second: 0 }, timeZone);
}

/** YYYY-MM-DD of `date` in the zone. */
export function localDateString(date: Date, timeZone: string): string {
  const w = wallTimeOf(date, timeZone);
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
}

export interface TimeWindow {
  from: Date;
  to: Date | null;
}

/** "Hoy": from now until local midnight. */
export function todayWindow(now: Date, timeZone: string): TimeWindow {
  const today = wallTimeOf(now, timeZone);
  return { from: now, to: wallTimeToDate({ ...addDays(today, 1), hour: 0, minute: 0, second: 0 }, timeZone) };
}

/**
 * "Este fin de semana": Friday 18:00 until Monday 00:00, local. During it, from now; from
 * Monday to Friday afternoon, the coming one.
 */
export function weekendWindow(now: Date, timeZone: string): TimeWindow {
  const today = wallTimeOf(now, timeZone);
  const weekday = weekdayOf(today);
  // Days from today to this week's Friday (Sunday belongs to the weekend that began on Friday).
  const toFriday = weekday === 0 ? -2 : 5 - weekday;
  const friday = addDays(today, toFriday);
  const start = wallTimeToDate({ ...friday, hour: 18, minute: 0, second: 0 }, timeZone);
  const end = wallTimeToDate({ ...addDays(friday, 3), hour: 0, minute: 0, second: 0 }, timeZone);
  return { from: start.getTime() > now.getTime() ? start : now, to: end };
}

/** "Esta semana": from now until the coming Monday 00:00, local (on a Sunday, until midnight). */
export function weekWindow(now: Date, timeZone: string): TimeWindow {
  const today = wallTimeOf(now, timeZone);
  const weekday = weekdayOf(today);
  const toMonday = weekday === 0 ? 1 : 8 - weekday;
  return { from: now, to: wallTimeToDate({ ...addDays(today, toMonday), hour: 0, minute: 0, second: 0 }, timeZone) };
}
