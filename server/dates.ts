// Dates shown to people are written for the city the platform serves.
export const APP_TIME_ZONE = "America/Monterrey";

const longDateTime = new Intl.DateTimeFormat("es-MX", { dateStyle: "long", timeStyle: "short", timeZone: APP_TIME_ZONE });

/** e.g. "21 de noviembre de 2026, 7:30 p.m." */
export function formatDateTimeEsMx(date: Date): string {
  return longDateTime.format(date);
}
