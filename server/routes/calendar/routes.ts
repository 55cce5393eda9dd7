import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { calendarFeedSchema } from "../../../lib/schemas/calendar";
import type { Database } from "../../db/client";
import { forbidBanned, requireUser } from "../../plugins/auth";
import { notFound } from "../../plugins/errors";
import { toIso } from "../content/sql";
import { actorOf } from "../content/viewer";
import { bearerSecurity, envelope, errorResponses } from "../contract";
import { toEvent } from "../events/mappers";
import { createEventsRepository } from "../events/repository";
import { buildCalendar } from "./ics";
import { createCalendarFeedsRepository, type FeedRow } from "./repository";

export interface CalendarRoutesOptions {
  database: Database;
}

/** Followed events that ended up to this many days ago stay in the feed. */
const FEED_PAST_DAYS = 30;
const FEED_MAX_EVENTS = 500;

// The configured public origin: the Host header is whatever the client chose to send.
function origin(request: FastifyRequest): string {
  return request.server.publicUrl;
}

function toFeed(row: FeedRow, request: FastifyRequest) {
  const url = `${origin(request)}/api/calendar/${row.token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:/, "webcal:"), createdAt: toIso(row.created_at) };
}

export const calendarRoutes: FastifyPluginAsyncZod<CalendarRoutesOptions> = async (app, { database }) => {
  const feeds = createCalendarFeedsRepository(database);
  const events = createEventsRepository(database);

  // Showing the address creates it the first time; renewing replaces it. Both answer the feed.
  const feedCalls = [
    {
      method: "GET" as const,
      url: "/feed-url",
      onRequest: [requireUser],
      summary: "Dirección de mi calendario",
      description:
        "Una URL secreta (.ics) con los eventos que sigo, para suscribirse desde Google Calendar, Apple Calendar u Outlook. " +
        "Se crea la primera vez; quien tenga la URL ve esos eventos, así que puede renovarse.",
      feedOf: (userId: string) => feeds.ensure(userId),
    },
    {
      method: "POST" as const,
      url: "/feed-url/rotate",
      onRequest: [requireUser, forbidBanned],
      summary: "Renovar la dirección de mi calendario",
      description: "La dirección anterior deja de funcionar en ese momento.",
      feedOf: (userId: string) => feeds.rotate(userId),
    },
  ];
  for (const call of feedCalls) {
    app.route({
      method: call.method,
      url: call.url,
      onRequest: call.onRequest,
      schema: {
        tags: ["calendar"],
        summary: call.summary,
        description: call.description,
        security: bearerSecurity,
        response: { 200: envelope(calendarFeedSchema), ...errorResponses(401, 403) },
      },
      handler: async (request) => {
        const viewer = await actorOf(request);
        return { data: toFeed(await call.feedOf(viewer.id), request) };
      },
    });
  }

  app.delete(
    "/feed-url",
    {
      onRequest: [requireUser, forbidBanned],
      schema: {
        tags: ["calendar"],
        summary: "Desactivar la dirección de mi calendario",
        security: bearerSecurity,
        response: { 200: envelope(z.object({ revoked: z.literal(true) })), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const viewer = await actorOf(request);
      await feeds.revoke(viewer.id);
      return { data: { revoked: true as const } };
    },
  );

  app.get(
    "/:token.ics",
    {
      schema: {
        tags: ["calendar"],
        summary: "Calendario personal (.ics) de los eventos que sigo",
        description: "Sin token de sesión: la URL es la credencial. 404 si la dirección se renovó o desactivó.",
        params: z.object({ token: z.string().min(20).max(100) }).strict(),
        produces: ["text/calendar"],
      },
    },
    async (request, reply) => {
      const userId = await feeds.userByToken(request.params.token);
      if (!userId) throw notFound("Este calendario ya no existe; pide una dirección nueva en Plaza.");
      const viewer = { id: userId, user: null, isAdmin: false };
      const ids = await events.followedForFeed(userId, new Date(Date.now() - FEED_PAST_DAYS * 86_400_000), FEED_MAX_EVENTS);
      const list = (await events.findMany(ids, userId)).map((row) => toEvent(row, viewer));
      const body = buildCalendar(list, { baseUrl: origin(request), calendarName: "Plaza: eventos que sigo", refreshInterval: "PT1H" });
      return reply.type("text/calendar; charset=utf-8").header("cache-control", "private, max-age=300").send(body);
    },
  );
};
