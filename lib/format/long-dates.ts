// The long forms of a date, for an item's own page and for news ("Sábado, 14 de marzo · 20:00 a
// 22:00", "hace 5 minutos"): apart from dates.ts, which every card loads.

import { CITY_TIME_ZONE, LOCALE } from "@/lib/schemas/constants";
import { cityDateKey, cityParts, formatTime, toDate } from "./dates";

const dayFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: CITY_TIME_ZONE, weekday: "long", day: "numeric", month: "long" });
const dayYearFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: CITY_TIME_ZONE, weekday: "long", day: "numeric", month: "long", year: "numeric" });

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

/** "14 de marzo de 2026, 10:30" for news and moderation logs. */
export function formatDateTime(value: string | Date): string {
  const date = toDate(value);
  return `${new Intl.DateTimeFormat(LOCALE, { timeZone: CITY_TIME_ZONE, day: "numeric", month: "long", year: "numeric" }).format(date)}, ${formatTime(date)}`;
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
