import type { IncomingHttpHeaders } from "node:http";

// Some URLs are credentials: the notification stream's `?ticket=` (EventSource cannot send an
// Authorization header) and the personal calendar feed, whose path segment is its only key.
// Logs keep the route, so a request can still be followed, but never the secret.

export const REDACTED = "[oculto]";

const SECRET_QUERY_KEYS = new Set(["ticket", "token"]);
// Everything under /api/calendar/ other than these fixed routes is a feed token.
const CALENDAR_PREFIX = "/api/calendar/";
const CALENDAR_FIXED = new Set(["feed-url", "rotate"]);

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

function redactPath(path: string): string {
  // Work on the decoded path: a token spelled with percent-escapes must not slip through.
  const plain = decoded(path);
  const at = plain.toLowerCase().indexOf(CALENDAR_PREFIX);
  if (at === -1) return path;
  const head = plain.slice(0, at + CALENDAR_PREFIX.length);
  const segments = plain.slice(head.length).split("/").map((segment) => {
    if (segment === "" || CALENDAR_FIXED.has(segment.toLowerCase())) return segment;
    return REDACTED + (segment.toLowerCase().endsWith(".ics") ? ".ics" : "");
  });
  return head + segments.join("/");
}

function redactQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const key = equals === -1 ? pair : pair.slice(0, equals);
      return SECRET_QUERY_KEYS.has(decoded(key).trim().toLowerCase()) ? `${key}=${REDACTED}` : pair;
    })
    .join("&");
}

/** The URL as logs may show it: stream tickets and calendar feed tokens masked. */
export function redactUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const hash = url.indexOf("#");
  const withoutHash = hash === -1 ? url : url.slice(0, hash);
  const question = withoutHash.indexOf("?");
  if (question === -1) return redactPath(withoutHash);
  return `${redactPath(withoutHash.slice(0, question))}?${redactQuery(withoutHash.slice(question + 1))}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: IncomingHttpHeaders;
  socket?: { remoteAddress?: string; remotePort?: number } | null;
}

/** Fastify's request serializer (same fields) with the URL redacted. */
export const logSerializers = {
  req(req: LoggedRequest) {
    return {
      method: req.method,
      url: redactUrl(req.url),
      host: req.host ?? req.headers?.host,
      remoteAddress: req.ip ?? req.socket?.remoteAddress,
      remotePort: req.socket?.remotePort,
    };
  },
};
