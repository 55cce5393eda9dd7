import type { ImportSource } from "../../../lib/schemas/imports";
import type { FetchText } from "../../net/fetcher";
import { badRequest } from "../../plugins/errors";
import { parseEventPage, parseIcs, type ParsedSource } from "./sources";

// An import's source, read: the file as sent, or the document at the address (through the bounded
// fetcher); iCalendar if it says so, else an event page. Anything else is a 400 in Spanish.

const ACCEPT = ["text/calendar", "application/calendar", "text/html", "application/xhtml+xml", "text/plain", "application/octet-stream"];
const isCalendar = (text: string) => /^\s*BEGIN:VCALENDAR/i.test(text);

export async function readSource(fetchText: FetchText, source: ImportSource): Promise<ParsedSource> {
  let text: string;
  let pageUrl: string | null = null;
  if (source.kind === "file") text = source.content;
  else {
    const fetched = await fetchText(source.url, ACCEPT);
    text = fetched.text;
    if (!isCalendar(text) && /^(text\/html|application\/xhtml\+xml)/.test(fetched.contentType)) pageUrl = fetched.url;
  }
  if (isCalendar(text)) {
    try {
      return parseIcs(text);
    } catch (error) {
      throw badRequest((error as Error).message);
    }
  }
  if (pageUrl) {
    let parsed: ParsedSource | null = null;
    try {
      parsed = parseEventPage(text, pageUrl);
    } catch {
      // A page the parsers cannot read describes no event we can take.
    }
    if (!parsed || (parsed.candidates.length === 0 && parsed.skipped.length === 0)) {
      throw badRequest("La página no describe ningún evento (schema.org Event en JSON-LD o h-event).");
    }
    return parsed;
  }
  throw badRequest("El archivo no es un calendario iCalendar (.ics).");
}
