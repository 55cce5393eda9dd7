import { createHash } from "node:crypto";

// One entity tag for every answer the server builds as it goes (anonymous API reads, feeds,
// embedded agendas, detail pages with their cover) and one reading of If-None-Match.

/** Weak: the same text may leave as Brotli, gzip or as it is. */
export const etagOf = (body: string) => `W/"${createHash("sha1").update(body).digest("base64url")}"`;

/** Whether an If-None-Match header names this tag (weak comparison, RFC 9110 §13.1.2), or `*`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed === etag || `W/${trimmed}` === etag;
  });
}
