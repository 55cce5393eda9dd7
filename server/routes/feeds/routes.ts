import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { entityIdSchema } from "../../../lib/schemas/content";
import { tagSlugSchema } from "../../../lib/schemas/tags";
import type { Database } from "../../db/client";
import { toNews } from "../news/mappers";
import { createNewsRepository } from "../news/repository";
import { lastModifiedOf, sendConditional } from "../conditional";
import { routeOptions } from "../routing";
import { buildFeed, FEED_CONTENT_TYPES, type FeedFormat } from "./build";
import { createEventSelection } from "./event-selection";

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

const id = entityIdSchema;
const eventFeedQuery = z.object({ placeId: id.optional(), communityId: id.optional(), tag: tagSlugSchema.optional(), organizerId: id.optional() }).strict();
const newsFeedQuery = z.object({ communityId: id.optional(), authorId: id.optional() }).strict();

function send(request: FastifyRequest, reply: FastifyReply, format: FeedFormat, body: string, lastModified: Date) {
  return sendConditional(request, reply, { body, contentType: FEED_CONTENT_TYPES[format], lastModified, maxAgeSeconds: MAX_AGE_SECONDS });
}

/** The configured public origin (never the Host header, which the client chooses), and the feed's own URLs. */
function urlsOf(request: FastifyRequest, scope: "events" | "news", query: Record<string, string | undefined>, page: string) {
  const origin = request.server.publicUrl;
  const search = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
  const feedUrls = Object.fromEntries(FORMATS.map((f) => [f, `${origin}/api/feeds/${scope}.${f}${search ? `?${search}` : ""}`])) as Record<FeedFormat, string>;
  return { origin, feedUrls, pageUrl: `${origin}${page}` };
}

export const feedsRoutes: FastifyPluginAsyncZod<FeedsRoutesOptions> = async (app, { database }) => {
  const selection = createEventSelection(database);
  const news = createNewsRepository(database);
  const anonymous = { id: null, user: null, isAdmin: false };

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
        const { subject, kind, page } = await selection.subjectOf(q);
        const list = await selection.upcoming(q, MAX_ITEMS);
        const title = kind === "person" || kind === "tag" ? `Eventos de ${subject} · ${SITE_NAME}` : `Eventos en ${subject} · ${SITE_NAME}`;
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
        if (q.communityId) [title, page] = [`Noticias de ${await selection.visibleName("community", q.communityId)} · ${SITE_NAME}`, `/communities/${q.communityId}`];
        else if (q.authorId) [title, page] = [`Noticias de ${await selection.personName(q.authorId)} · ${SITE_NAME}`, `/profile/${q.authorId}`];
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
