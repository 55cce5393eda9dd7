import { CITY_TIME_ZONE, LOCALE } from "./constants";

// A moment as the server's messages write it (bans, event changes), in the city's zone whatever
// the server's or the device's zone is. The app's own date formats are lib/format/dates.ts.

const longDateTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: "long", timeStyle: "short", timeZone: CITY_TIME_ZONE });

/** e.g. "1 de diciembre de 2026 a las 2:30 p.m." */
export function formatCityDateTime(date: Date): string {
  return longDateTime.format(date);
}
