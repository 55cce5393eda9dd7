// Dates as people in Saltillo read them: es-MX, in the America/Monterrey zone whatever the
// device's zone is (an event at 20:00 in Saltillo is at 20:00 for someone browsing from abroad).
// Here the city's clock and the short forms every card shows; the long forms of a detail page are
// in long-dates.ts, and turning form inputs into instants in city-clock.ts.

import { CITY_TIME_ZONE, LOCALE } from "@/lib/schemas/constants";

export { CITY_TIME_ZONE };

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

export function toDate(value: string | Date): Date {
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

export function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/** "sáb, 14 mar": compact, for cards. */
export function formatShortDay(value: string | Date): string {
  return shortDayFormat.format(toDate(value)).replace(/\./g, "");
}

/** "20:00" in the city's zone. */
export function formatTime(value: string | Date): string {
  return timeFormat.format(toDate(value));
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
