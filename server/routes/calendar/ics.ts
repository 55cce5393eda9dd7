import type { Event } from "../../../lib/schemas/events";
import { ACCESSIBILITY_FEATURE_TEXT } from "../../../lib/schemas/labels";
import { localDateString, wallTimeOf, addDays } from "../content/time";

// iCalendar (RFC 5545) files for events. Times in America/Monterrey are written with their
// TZID and a VTIMEZONE (the zone has had a fixed UTC−6 offset since 30 Oct 2022); any other
// zone, or older dates, are written in UTC, which every calendar app converts correctly.
// Content lines are folded at 75 octets without splitting UTF-8 characters, and TEXT values
// are escaped (backslash, semicolon, comma, newline).

const CRLF = "\r\n";
const MONTERREY = "America/Monterrey";
const MONTERREY_FIXED_SINCE = Date.UTC(2022, 9, 30, 7, 0, 0);

export interface IcsOptions {
  /** Absolute origin for event URLs, e.g. "https://plaza.example". */
  baseUrl: string;
  calendarName: string;
  /** DTSTAMP: when this file was generated. */
  now?: Date;
  /** Calendar apps re-fetch subscribed feeds this often. */
  refreshInterval?: string;
}

export function escapeText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r\n|\r|\n/g, "\\n");
}

/** Folds one content line: at most 75 octets per physical line, continuation lines start with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let currentBytes = 0;
  let limit = 75;
  for (const char of line) {
    const bytes = Buffer.byteLength(char, "utf8");
    if (currentBytes + bytes > limit) {
      parts.push(current);
      current = "";
      currentBytes = 0;
      // The leading space of a continuation line counts towards its 75 octets.
      limit = 74;
    }
    current += char;
    currentBytes += bytes;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const pad = (n: number) => String(n).padStart(2, "0");

function utcStamp(date: Date): string {
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`;
}

function dateValue(date: Date, timeZone: string): string {
  return localDateString(date, timeZone).replace(/-/g, "");
}

function inMonterreyZone(event: Event, date: Date): boolean {
  return event.timeZone === MONTERREY && date.getTime() >= MONTERREY_FIXED_SINCE;
}

function dateTimeProperty(name: string, date: Date, event: Event): string {
  if (inMonterreyZone(event, date)) {
    const w = wallTimeOf(date, MONTERREY);
    return `${name};TZID=${MONTERREY}:${w.year}${pad(w.month)}${pad(w.day)}T${pad(w.hour)}${pad(w.minute)}${pad(w.second)}`;
  }
  return `${name}:${utcStamp(date)}`;
}

const STATUS: Record<Event["status"], string> = { published: "CONFIRMED", cancelled: "CANCELLED", postponed: "TENTATIVE" };

function location(event: Event): string | null {
  if (event.place) return [event.place.name, event.place.addressLine].filter(Boolean).join(", ");
  if (event.address) return event.address;
  return event.onlineUrl;
}

function description(event: Event, url: string): string {
  const lines: string[] = [];
  if (event.status === "cancelled") lines.push("CANCELADO.");
  if (event.status === "postponed") lines.push("POSPUESTO.");
  if (event.statusNote) lines.push(event.statusNote);
  if (event.description) lines.push(event.description);
  lines.push(event.priceType === "free" ? "Entrada libre." : `Precio: $${event.priceAmount} MXN${event.priceNote ? ` (${event.priceNote})` : ""}.`);
  if (event.onlineUrl) lines.push(`En línea: ${event.onlineUrl}`);
  // Declared features in words, then the organiser's own note: calendar apps have no field for them.
  const access = [event.accessibilityFeatures.map((feature) => ACCESSIBILITY_FEATURE_TEXT[feature]).join(", "), event.accessibility].filter(Boolean);
  if (access.length > 0) lines.push(`Accesibilidad: ${access.join(". ")}`);
  if (event.organizer) lines.push(`Organiza: ${event.organizer.name}`);
  lines.push(`Más información: ${url}`);
  return lines.join("\n");
}

function vevent(event: Event, options: IcsOptions, stamp: Date): string[] {
  const url = `${options.baseUrl}/events/${event._id}`;
  const start = new Date(event.startsAt);
  const lines = ["BEGIN:VEVENT", `UID:${event._id}@plaza`, `DTSTAMP:${utcStamp(stamp)}`];
  if (event.allDay) {
    const end = event.endsAt ? new Date(event.endsAt) : start;
    const lastDay = wallTimeOf(end, event.timeZone);
    const after = addDays(lastDay, 1);
    lines.push(`DTSTART;VALUE=DATE:${dateValue(start, event.timeZone)}`);
    lines.push(`DTEND;VALUE=DATE:${after.year}${pad(after.month)}${pad(after.day)}`);
  } else {
    lines.push(dateTimeProperty("DTSTART", start, event));
    // Without an end, calendar apps would show a zero-length event: two hours is a fair guess.
    const end = event.endsAt ? new Date(event.endsAt) : new Date(start.getTime() + 2 * 3600_000);
    lines.push(dateTimeProperty("DTEND", end, event));
  }
  lines.push(`SUMMARY:${escapeText(event.status === "cancelled" ? `Cancelado: ${event.title}` : event.title)}`);
  lines.push(`DESCRIPTION:${escapeText(description(event, url))}`);
  const where = location(event);
  if (where) lines.push(`LOCATION:${escapeText(where)}`);
  if (event.lat !== null && event.lng !== null) lines.push(`GEO:${event.lat.toFixed(6)};${event.lng.toFixed(6)}`);
  lines.push(`URL:${url}`);
  lines.push(`STATUS:${STATUS[event.status]}`);
  if (event.tags.length > 0) lines.push(`CATEGORIES:${event.tags.map((t) => escapeText(t.name)).join(",")}`);
  if (event.organizer) lines.push(`X-PLAZA-ORGANIZER:${escapeText(event.organizer.name)}`);
  lines.push(`LAST-MODIFIED:${utcStamp(new Date(event.updatedAt))}`);
  lines.push("END:VEVENT");
  return lines;
}

const MONTERREY_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${MONTERREY}`,
  "BEGIN:STANDARD",
  "DTSTART:20221030T010000",
  "TZOFFSETFROM:-0500",
  "TZOFFSETTO:-0600",
  "TZNAME:CST",
  "END:STANDARD",
  "END:VTIMEZONE",
];

export function buildCalendar(events: Event[], options: IcsOptions): string {
  const stamp = options.now ?? new Date();
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Plaza//Agenda cultural//ES",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(options.calendarName)}`,
    `X-WR-TIMEZONE:${MONTERREY}`,
  ];
  if (options.refreshInterval) {
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:${options.refreshInterval}`, `X-PUBLISHED-TTL:${options.refreshInterval}`);
  }
  const needsZone = events.some((e) => !e.allDay && inMonterreyZone(e, new Date(e.startsAt)));
  if (needsZone) lines.push(...MONTERREY_VTIMEZONE);
  for (const event of events) lines.push(...vevent(event, options, stamp));
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join(CRLF) + CRLF;
}
