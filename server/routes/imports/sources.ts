import ICAL from "ical.js";
import { mf2 } from "microformats-parser";
import { parse as parseHtml } from "parse5";
import { CITY_TIME_ZONE } from "../../../lib/schemas/constants";
import { SERIES_MAX_OCCURRENCES } from "../../../lib/schemas/events";
import { wallTimeToDate } from "../content/time";

// Events read from what organisers already publish: an iCalendar file or feed (RFC 5545: series
// with RRULE/EXDATE/RECURRENCE-ID, time zones), or an event's web page (schema.org JSON-LD, or the
// h-event microformat). Each becomes a candidate with a stable source key, so importing the same
// calendar or page again finds what it created the first time.

export interface ImportCandidate {
  /** "ics:<UID>" or "url:<page>#<n>"; unique per organiser. */
  source: string;
  title: string;
  description: string;
  startsAt: string;
  endsAt: string | null;
  allDay: boolean;
  /** What the source says about where: a place's name or an address. */
  location: string | null;
  onlineUrl: string | null;
  /** The other upcoming dates of a series (the first is startsAt). */
  dates: string[];
}

export interface SourceSkip {
  title: string;
  reason: string;
}

export interface ParsedSource {
  candidates: ImportCandidate[];
  skipped: SourceSkip[];
}

/** How far ahead the dates of a repeating event are read. */
export const SERIES_IMPORT_HORIZON_DAYS = 365;

const UNTITLED = "(sin título)";
const isHttpUrl = (value: string | null | undefined) => !!value && /^https?:\/\/\S+$/i.test(value.trim());
const clean = (value: unknown, max: number) => (typeof value === "string" ? value.replace(/\s+\n/g, "\n").trim().slice(0, max) : "");

function validZone(zone: string | null | undefined): string | null {
  if (!zone) return null;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

/** A moment of the calendar: in its VTIMEZONE or UTC as written, else its TZID's or the city's wall clock. */
function momentOf(time: ICAL.Time, tzid: string | null): Date {
  const zone = time.zone?.tzid;
  if (zone === "UTC" || (zone && zone !== "floating" && ICAL.TimezoneService.has(zone))) return time.toJSDate();
  const wall = { year: time.year, month: time.month, day: time.day, hour: time.isDate ? 0 : time.hour, minute: time.isDate ? 0 : time.minute, second: 0 };
  return wallTimeToDate(wall, validZone(tzid) ?? CITY_TIME_ZONE);
}

export function parseIcs(text: string, now = new Date()): ParsedSource {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text));
  } catch {
    throw new Error("El archivo no es un calendario iCalendar válido.");
  }
  if (root.name !== "vcalendar") throw new Error("El archivo no es un calendario iCalendar válido.");
  for (const zone of root.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);

  const vevents = root.getAllSubcomponents("vevent");
  const exceptions = vevents.filter((v) => v.hasProperty("recurrence-id"));
  const candidates: ImportCandidate[] = [];
  const skipped: SourceSkip[] = [];

  for (const component of vevents.filter((v) => !v.hasProperty("recurrence-id"))) {
    const uid = String(component.getFirstPropertyValue("uid") ?? "").trim();
    const event = new ICAL.Event(component, { strictExceptions: false, exceptions: exceptions.filter((e) => e.getFirstPropertyValue("uid") === uid) });
    const title = clean(event.summary, 140) || UNTITLED;
    if (!uid) {
      skipped.push({ title, reason: "No tiene UID: no se podría reconocer al importar de nuevo." });
      continue;
    }
    if (String(component.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED") {
      skipped.push({ title, reason: "Está cancelado en el calendario." });
      continue;
    }
    const tzid = (component.getFirstProperty("dtstart")?.getParameter("tzid") as string | undefined) ?? null;
    const durationMs = event.endDate ? momentOf(event.endDate, tzid).getTime() - momentOf(event.startDate, tzid).getTime() : 0;
    const starts: Date[] = [];
    if (event.isRecurring()) {
      // A year of dates from today, or from the first date if the series starts later.
      const from = Math.max(now.getTime(), momentOf(event.startDate, tzid).getTime());
      const horizon = new Date(from + SERIES_IMPORT_HORIZON_DAYS * 86_400_000);
      const iterator = event.iterator();
      for (let next = iterator.next(), guard = 0; next && guard < 5000; next = iterator.next(), guard++) {
        const details = event.getOccurrenceDetails(next);
        const start = momentOf(details.startDate, tzid);
        if (start > horizon || starts.length >= SERIES_MAX_OCCURRENCES) break;
        if (start < now) continue;
        if (String(details.item.component.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED") continue;
        starts.push(start);
      }
    } else {
      const start = momentOf(event.startDate, tzid);
      if (start >= now) starts.push(start);
    }
    if (starts.length === 0) {
      skipped.push({ title, reason: "Ya pasó: solo se importan fechas próximas." });
      continue;
    }
    const location = clean(event.location, 300) || null;
    const url = String(component.getFirstPropertyValue("url") ?? "");
    candidates.push({
      source: `ics:${uid}`,
      title,
      description: clean(event.description, 5000),
      startsAt: starts[0]!.toISOString(),
      endsAt: durationMs > 0 ? new Date(starts[0]!.getTime() + durationMs).toISOString() : null,
      allDay: event.startDate.isDate,
      location: location && !isHttpUrl(location) ? location : null,
      onlineUrl: location && isHttpUrl(location) ? location : isHttpUrl(url) && !location ? url : null,
      dates: starts.slice(1).map((d) => d.toISOString()),
    });
  }
  return { candidates, skipped };
}

/** A schema.org or microformats date: with an offset as written, without one on the city's clock. */
function pageDate(value: unknown): Date | null {
  if (typeof value !== "string" || !value.trim()) return null;
  const text = value.trim().replace(" ", "T");
  if (/[zZ]|[+-]\d{2}:?\d{2}$/.test(text)) {
    const parsed = new Date(text);
    return Number.isNaN(parsed.getTime()) ? null : parsed;
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(text);
  if (!m) return null;
  return wallTimeToDate({ year: +m[1]!, month: +m[2]!, day: +m[3]!, hour: +(m[4] ?? 0), minute: +(m[5] ?? 0), second: 0 }, CITY_TIME_ZONE);
}

type Json = Record<string, unknown>;
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);
const typesOf = (node: Json) => asArray(node["@type"]).map(String);
const isEvent = (node: Json) => typesOf(node).some((type) => /(^|:|\/)(\w*Event)$/.test(type));

/** Every JSON object in the page's ld+json scripts, @graph and nested arrays included. */
function jsonLdNodes(html: string): Json[] {
  const scripts: string[] = [];
  type HtmlNode = { nodeName: string; attrs?: { name: string; value: string }[]; childNodes?: HtmlNode[]; value?: string; content?: HtmlNode };
  const walk = (node: HtmlNode) => {
    if (node.nodeName === "script" && node.attrs?.some((a) => a.name === "type" && a.value.trim().toLowerCase() === "application/ld+json")) {
      scripts.push((node.childNodes ?? []).map((c) => c.value ?? "").join(""));
    }
    for (const child of node.childNodes ?? []) walk(child);
    if (node.content) walk(node.content);
  };
  walk(parseHtml(html) as unknown as HtmlNode);
  const nodes: Json[] = [];
  const collect = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === "object") {
      nodes.push(value as Json);
      collect((value as Json)["@graph"]);
    }
  };
  for (const script of scripts) {
    try {
      collect(JSON.parse(script));
    } catch {
      /* a broken block is skipped like a browser's structured-data reader would */
    }
  }
  return nodes;
}

function textOf(value: unknown): string {
  const first = asArray(value)[0];
  if (typeof first === "string") return first;
  if (first && typeof first === "object") {
    const node = first as Json;
    if (typeof node.value === "string") return node.value;
    if (typeof node["@value"] === "string") return node["@value"] as string;
  }
  return "";
}

function jsonLdLocation(value: unknown): { location: string | null; onlineUrl: string | null } {
  let location: string | null = null;
  let onlineUrl: string | null = null;
  for (const item of asArray(value)) {
    if (typeof item === "string") location ??= item;
    else if (item && typeof item === "object") {
      const node = item as Json;
      if (typesOf(node).includes("VirtualLocation")) onlineUrl ??= textOf(node.url) || null;
      else {
        const address = node.address;
        const street =
          typeof address === "string"
            ? address
            : address && typeof address === "object"
              ? [textOf((address as Json).streetAddress), textOf((address as Json).addressLocality)].filter(Boolean).join(", ")
              : "";
        location ??= textOf(node.name) || street || null;
      }
    }
  }
  return { location, onlineUrl: isHttpUrl(onlineUrl) ? onlineUrl : null };
}

function pageCandidate(pageUrl: string, index: number, fields: { title: string; description: string; start: Date | null; end: Date | null; location: string | null; onlineUrl: string | null; allDay: boolean }, now: Date, skipped: SourceSkip[]): ImportCandidate | null {
  const title = clean(fields.title, 140) || UNTITLED;
  if (!fields.start) {
    skipped.push({ title, reason: "No dice cuándo empieza." });
    return null;
  }
  if (fields.start < now) {
    skipped.push({ title, reason: "Ya pasó: solo se importan fechas próximas." });
    return null;
  }
  return {
    source: `url:${pageUrl}#${index}`,
    title,
    description: clean(fields.description, 5000),
    startsAt: fields.start.toISOString(),
    endsAt: fields.end && fields.end > fields.start ? fields.end.toISOString() : null,
    allDay: fields.allDay,
    location: fields.location ? clean(fields.location, 300) : null,
    onlineUrl: fields.onlineUrl,
    dates: [],
  };
}

/** The events an event page describes: its schema.org JSON-LD, or else its h-event markup. */
export function parseEventPage(html: string, pageUrl: string, now = new Date()): ParsedSource {
  const skipped: SourceSkip[] = [];
  const candidates: ImportCandidate[] = [];
  const events = jsonLdNodes(html).filter(isEvent);
  events.forEach((node, index) => {
    const startText = textOf(node.startDate);
    const candidate = pageCandidate(
      pageUrl,
      index,
      {
        title: textOf(node.name),
        description: textOf(node.description),
        start: pageDate(startText),
        end: pageDate(textOf(node.endDate)),
        allDay: /^\d{4}-\d{2}-\d{2}$/.test(startText.trim()),
        ...jsonLdLocation(node.location),
      },
      now,
      skipped,
    );
    if (candidate) candidates.push(candidate);
  });
  if (events.length > 0) return { candidates, skipped };

  const hEvents = mf2(html, { baseUrl: pageUrl }).items.filter((item) => item.type?.includes("h-event"));
  hEvents.forEach((item, index) => {
    const p = item.properties;
    const locationValue = p.location?.[0];
    const location = typeof locationValue === "string" ? locationValue : locationValue && "properties" in locationValue ? textOf(locationValue.properties.name) || null : null;
    const url = textOf(p.url);
    const startText = textOf(p.start);
    const candidate = pageCandidate(
      pageUrl,
      index,
      {
        title: textOf(p.name),
        description: textOf(p.description) || textOf(p.summary),
        start: pageDate(startText),
        end: pageDate(textOf(p.end)),
        allDay: /^\d{4}-\d{2}-\d{2}$/.test(startText.trim()),
        location: location && !isHttpUrl(location) ? location : null,
        onlineUrl: location && isHttpUrl(location) ? location : !location && isHttpUrl(url) && url !== pageUrl ? url : null,
      },
      now,
      skipped,
    );
    if (candidate) candidates.push(candidate);
  });
  return { candidates, skipped };
}
