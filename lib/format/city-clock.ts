// Wall-clock times in the city turned into instants and back, for date and time inputs, day keys
// and calendar links: whatever zone the device is in, "20:00" means 20:00 in the city.

import { cityParts, pad, toDate } from "./dates";

/** Offset of the city's zone from UTC at that instant, in minutes (UTC-6 → -360). */
function cityOffsetMinutes(instant: Date): number {
  const p = cityParts(instant);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant of a wall-clock time in the city ("2026-03-14" + "20:00"), whatever the device's
 * zone is. Returns null for an invalid input.
 */
export function cityWallTimeToIso(date: string, time = "00:00"): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!m || !t) return null;
  const guess = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(t[1]), Number(t[2]));
  if (Number.isNaN(guess)) return null;
  // Two passes settle the offset even next to a zone change.
  let instant = guess - cityOffsetMinutes(new Date(guess)) * 60_000;
  instant = guess - cityOffsetMinutes(new Date(instant)) * 60_000;
  return new Date(instant).toISOString();
}

/** Splits an instant into the city's "YYYY-MM-DD" and "HH:MM", for date and time inputs. */
export function isoToCityInputs(value: string | Date): { date: string; time: string } {
  const p = cityParts(value);
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
}

/** "20260314T020000Z": the UTC form calendar links use. */
export function toCalendarUtc(value: string | Date): string {
  return toDate(value)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** Adds days to a "YYYY-MM-DD" key. */
export function addDaysToKey(key: string, days: number): string {
  const [y, m, d] = key.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + days));
  return next.toISOString().slice(0, 10);
}
