// Dates as people in Saltillo read them: es-MX, in the America/Monterrey zone whatever the
// device's zone is (an event at 20:00 in Saltillo is at 20:00 for someone browsing from abroad).

import { CITY_TIME_ZONE } from "@/lib/schemas/constants";

export { CITY_TIME_ZONE };
const LOCALE = "es-MX";

const dayFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: CITY_TIME_ZONE, weekday: "long", day: "numeric", month: "long" });
const dayYearFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: CITY_TIME_ZONE, weekday: "long", day: "numeric", month: "long", year: "numeric" });
const shortDayFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: CITY_TIME_ZONE, weekday: "short", day: "numeric", month: "short" });
const timeFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: CITY_TIME_ZONE, hour: "numeric", minute: "2-digit", hour12: false });
const partsFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: CITY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

function toDate(value: string | Date): Date {
  return typeof value === "string" ? new Date(value) : value;
}

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock parts of an instant in the city's zone. */
export function cityParts(value: string | Date): Parts {
  const parts: Record<string, number> = {};
  for (const p of partsFormat.formatToParts(toDate(value))) if (p.type !== "literal") parts[p.type] = Number(p.value);
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** "YYYY-MM-DD" of the instant in the city's zone. */
export function cityDateKey(value: string | Date): string {
  const p = cityParts(value);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

function sameCityDay(a: Date, b: Date): boolean {
  return cityDateKey(a) === cityDateKey(b);
}

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase(LOCALE) + text.slice(1);
}

/** "sábado, 14 de marzo" (with the year when it is not the current one). */
export function formatDay(value: string | Date, now: Date = new Date()): string {
  const date = toDate(value);
  const format = cityParts(date).year === cityParts(now).year ? dayFormat : dayYearFormat;
  return format.format(date);
}

/** "sáb, 14 mar": compact, for cards. */
export function formatShortDay(value: string | Date): string {
  return shortDayFormat.format(toDate(value)).replace(/\./g, "");
}

/** "20:00" in the city's zone. */
export function formatTime(value: string | Date): string {
  return timeFormat.format(toDate(value));
}

/**
 * When an event happens, in one line: "Sábado, 14 de marzo · 20:00 a 22:00",
 * "Sábado, 14 de marzo · Todo el día", or a range over days.
 */
export function formatEventWhen(
  { startsAt, endsAt, allDay }: { startsAt: string; endsAt?: string | null; allDay?: boolean },
  now: Date = new Date(),
): string {
  const start = toDate(startsAt);
  const end = endsAt ? toDate(endsAt) : null;
  if (allDay) {
    if (end && !sameCityDay(start, end)) return `${capitalise(formatDay(start, now))} al ${formatDay(end, now)} · Todo el día`;
    return `${capitalise(formatDay(start, now))} · Todo el día`;
  }
  if (!end) return `${capitalise(formatDay(start, now))} · ${formatTime(start)}`;
  if (sameCityDay(start, end)) return `${capitalise(formatDay(start, now))} · ${formatTime(start)} a ${formatTime(end)}`;
  return `${capitalise(formatDay(start, now))}, ${formatTime(start)} al ${formatDay(end, now)}, ${formatTime(end)}`;
}

/** Compact card line: "sáb, 14 mar · 20:00". */
export function formatEventWhenShort(
  { startsAt, endsAt, allDay }: { startsAt: string; endsAt?: string | null; allDay?: boolean },
  now: Date = new Date(),
): string {
  // Exhibitions and fairs that already opened: what matters is until when.
  if (endsAt && new Date(startsAt) < now && new Date(endsAt) > now && cityDateKey(startsAt) !== cityDateKey(endsAt)) {
    return `En curso · hasta el ${formatShortDay(endsAt).replace(/^\S+ /, "")}`;
  }
  return `${formatShortDay(startsAt)} · ${allDay ? "Todo el día" : formatTime(startsAt)}`;
}

/** "14 de marzo de 2026, 10:30" for news and moderation logs. */
export function formatDateTime(value: string | Date): string {
  const date = toDate(value);
  return `${new Intl.DateTimeFormat(LOCALE, { timeZone: CITY_TIME_ZONE, day: "numeric", month: "long", year: "numeric" }).format(date)}, ${formatTime(date)}`;
}

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

/** "hace 5 minutos", "hace 2 días": relative, for news. */
export function formatRelative(value: string | Date, now: Date = new Date()): string {
  const diff = (toDate(value).getTime() - now.getTime()) / 1000;
  const rtf = new Intl.RelativeTimeFormat(LOCALE, { numeric: "auto" });
  const abs = Math.abs(diff);
  if (abs < 60) return rtf.format(Math.round(diff), "second");
  if (abs < 3600) return rtf.format(Math.round(diff / 60), "minute");
  if (abs < 86_400) return rtf.format(Math.round(diff / 3600), "hour");
  if (abs < 86_400 * 30) return rtf.format(Math.round(diff / 86_400), "day");
  return formatDay(value, now);
}
