import type { FastifyReply, FastifyRequest } from "fastify";
import { etagMatches, etagOf } from "../plugins/etag";

// Conditional answers for public documents that readers poll (feeds, embedded agendas): an ETag
// and a Last-Modified on every answer, and 304 without a body when the reader already has it.

export function notModified(request: FastifyRequest, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = request.headers["if-none-match"];
  // RFC 9110 §13.1.3: with If-None-Match, If-Modified-Since is ignored.
  if (ifNoneMatch) return etagMatches(ifNoneMatch, etag);
  const since = Date.parse(request.headers["if-modified-since"] ?? "");
  return Number.isFinite(since) && lastModified.getTime() <= since;
}

export function sendConditional(
  request: FastifyRequest,
  reply: FastifyReply,
  { body, contentType, lastModified, maxAgeSeconds }: { body: string; contentType: string; lastModified: Date; maxAgeSeconds: number },
) {
  const etag = etagOf(body);
  reply.header("etag", etag).header("last-modified", lastModified.toUTCString()).header("cache-control", `public, max-age=${maxAgeSeconds}`);
  if (notModified(request, etag, lastModified)) return reply.code(304).send();
  return reply.type(contentType).send(body);
}

/** The newest change among the items: a document's date and its Last-Modified. */
export function lastModifiedOf(items: { updatedAt: string }[]): Date {
  const newest = Math.max(0, ...items.map((item) => Date.parse(item.updatedAt)));
  // Whole seconds: HTTP dates have no fractions, and If-Modified-Since is compared to this.
  return new Date(Math.floor(newest / 1000) * 1000);
}
