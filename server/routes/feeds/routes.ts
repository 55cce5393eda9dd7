import { createHash } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { entityIdSchema } from "../../../lib/schemas/content";
import { tagSlugSchema } from "../../../lib/schemas/tags";
import type { Database } from "../../db/client";
import { notFound, USER_NOT_FOUND } from "../../plugins/errors";
import { createCommunitiesRepository } from "../communities/repository";
import { COMMUNITY_NOT_FOUND } from "../communities/resource";
import { toEvent } from "../events/mappers";
import { createEventsRepository } from "../events/repository";
import { windowFor } from "../events/resource";
import { toNews } from "../news/mappers";
import { createNewsRepository } from "../news/repository";
import { createPlacesRepository } from "../places/repository";
import { PLACE_NOT_FOUND } from "../places/resource";
import { routeOptions } from "../routing";
import { createTagsRepository } from "../tags/repository";
import { findUserById } from "../users/user-queries";
import { buildFeed, FEED_CONTENT_TYPES, lastModifiedOf, type FeedFormat } from "./build";

// Public feeds (RSS 2.0, Atom, JSON Feed) of the city's upcoming events and of all news, each
// narrowed to one place, community, tag or person: GET /api/feeds/{events|news}.{rss|atom|json}.
// The items come from the same list queries as GET /events and GET /news (visible items only,
// at most 50). Feed readers poll every few minutes, so every answer carries an ETag and a
// Last-Modified and a matching If-None-Match / If-Modified-Since is answered 304 without a body.

export interface FeedsRoutesOptions {
  database: Database;
}

const SITE_NAME = "Plaza";
const MAX_ITEMS = 50;
const MAX_AGE_SECONDS = 300;
const FORMATS: FeedFormat[] = ["rss", "atom", "json"];
const TAG_NOT_FOUND = "Etiqueta no encontrada.";

const id = entityIdSchema;
const eventFeedQuery = z.object({ placeId: id.optional(), communityId: id.optional(), tag: tagSlugSchema.optional(), organizerId: id.optional() }).strict();
const newsFeedQuery = z.object({ communityId: id.optional(), authorId: id.optional() }).strict();

/** Weak, like plugins/http-cache.ts: the same text may leave as Brotli, gzip or as it is. */
const etagOf = (body: string) => `W/"${createHash("sha1").update(body).digest("base64url")}"`;

function notModified(request: FastifyRequest, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = request.headers["if-none-match"];
  // RFC 9110 §13.1.3: with If-None-Match, If-Modified-Since is ignored.
  if (ifNoneMatch) return ifNoneMatch.split(",").some((tag) => [etag, etag.slice(2), "*"].includes(tag.trim()));
  const since = Date.parse(request.headers["if-modified-since"] ?? "");
  return Number.isFinite(since) && lastModified.getTime() <= since;
}

function send(request: FastifyRequest, reply: FastifyReply, format: FeedFormat, body: string, lastModified: Date) {
  const etag = etagOf(body);
  reply.header("etag", etag).header("last-modified", lastModified.toUTCString()).header("cache-control", `public, max-age=${MAX_AGE_SECONDS}`);
  if (notModified(request, etag, lastModified)) return reply.code(304).send();
  return reply.type(FEED_CONTENT_TYPES[format]).send(body);
}

/** The configured public origin (never the Host header, which the client chooses), and the feed's own URLs. */
function urlsOf(request: FastifyRequest, scope: "events" | "news", query: Record<string, string | undefined>, page: string) {
  const origin = request.server.publicUrl;
  const search = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
  const feedUrls = Object.fromEntries(FORMATS.map((f) => [f, `${origin}/api/feeds/${scope}.${f}${search ? `?${search}` : ""}`])) as Record<FeedFormat, string>;
  return { origin, feedUrls, pageUrl: `${origin}${page}` };
}

export const feedsRoutes: FastifyPluginAsyncZod<FeedsRoutesOptions> = async (app, { database }) => {
  const events = createEventsRepository(database);
  const news = createNewsRepository(database);
  const places = createPlacesRepository(database);
  const communities = createCommunitiesRepository(database);
  const tags = createTagsRepository(database);
  const anonymous = { id: null, user: null, isAdmin: false };

  async function visibleName(kind: "place" | "community", value: string): Promise<string> {
    const row = kind === "place" ? await places.findById(value, null) : await communities.findById(value, null);
    if (!row || row.hidden) throw notFound(kind === "place" ? PLACE_NOT_FOUND : COMMUNITY_NOT_FOUND);
    return row.name;
  }
  async function personName(value: string): Promise<string> {
    const row = await findUserById(database, value);
    if (!row) throw notFound(USER_NOT_FOUND);
    return row.name;
  }
  async function tagName(slug: string): Promise<string> {
    const { ids } = await tags.resolveSlugs([slug]);
    const row = ids[0] ? await tags.findById(ids[0]) : null;
    if (!row) throw notFound(TAG_NOT_FOUND);
    return row.name;
  }

  for (const format of FORMATS) {
    app.get(
      `/events.${format}`,
      routeOptions("feeds", "public", {
        summary: `Eventos próximos (${format === "json" ? "JSON Feed" : format === "rss" ? "RSS 2.0" : "Atom"})`,
        description:
          "Los 50 próximos eventos visibles de la ciudad; con placeId, communityId, tag (slug) u organizerId, solo los de ese lugar, " +
          "comunidad, etiqueta o persona (404 si no existe o está oculto). Sin sesión. ETag y Last-Modified: If-None-Match o " +
          "If-Modified-Since responden 304 sin cuerpo.",
        querystring: eventFeedQuery,
        produces: [FEED_CONTENT_TYPES[format].split(";")[0]!],
        errors: [400, 404],
      }),
      async (request, reply) => {
        const q = request.query;
        let subject = "Saltillo";
        let page = "/";
        if (q.placeId) [subject, page] = [`${await visibleName("place", q.placeId)}`, `/places/${q.placeId}`];
        else if (q.communityId) [subject, page] = [await visibleName("community", q.communityId), `/communities/${q.communityId}`];
        else if (q.tag) [subject, page] = [`#${await tagName(q.tag)}`, `/search/?tag=${encodeURIComponent(q.tag)}`];
        else if (q.organizerId) [subject, page] = [await personName(q.organizerId), `/users/${q.organizerId}`];
        const found = await events.list({ ...q, visibility: "visible" }, windowFor(undefined, undefined, undefined, new Date()), { limit: MAX_ITEMS }, null);
        const list = found.rows.map((row) => toEvent(row, anonymous));
        const title = q.organizerId ? `Eventos de ${subject} · ${SITE_NAME}` : q.tag ? `Eventos de ${subject} · ${SITE_NAME}` : `Eventos en ${subject} · ${SITE_NAME}`;
        const updated = lastModifiedOf(list);
        const body = buildFeed(
          { title, description: `Próximos eventos: ${subject}.`, ...urlsOf(request, "events", q, page) },
          list.map((item) => ({ kind: "events" as const, item })),
          updated,
          format,
        );
        return send(request, reply, format, body, updated);
      },
    );

    app.get(
      `/news.${format}`,
      routeOptions("feeds", "public", {
        summary: `Noticias (${format === "json" ? "JSON Feed" : format === "rss" ? "RSS 2.0" : "Atom"})`,
        description:
          "Las 50 noticias publicadas más recientes; con communityId o authorId, solo las de esa comunidad o persona " +
          "(404 si no existe o está oculta). Sin sesión. ETag y Last-Modified: If-None-Match o If-Modified-Since responden 304 sin cuerpo.",
        querystring: newsFeedQuery,
        produces: [FEED_CONTENT_TYPES[format].split(";")[0]!],
        errors: [400, 404],
      }),
      async (request, reply) => {
        const q = request.query;
        let title = `Noticias · ${SITE_NAME}`;
        let page = "/news";
        if (q.communityId) [title, page] = [`Noticias de ${await visibleName("community", q.communityId)} · ${SITE_NAME}`, `/communities/${q.communityId}`];
        else if (q.authorId) [title, page] = [`Noticias de ${await personName(q.authorId)} · ${SITE_NAME}`, `/users/${q.authorId}`];
        const found = await news.list({ ...q, visibility: "visible" }, { limit: MAX_ITEMS }, null);
        const list = found.rows.map((row) => toNews(row, anonymous));
        const updated = lastModifiedOf(list);
        const body = buildFeed(
          { title, description: "Noticias de la agenda de la ciudad.", ...urlsOf(request, "news", q, page) },
          list.map((item) => ({ kind: "news" as const, item })),
          updated,
          format,
        );
        return send(request, reply, format, body, updated);
      },
    );
  }
};
