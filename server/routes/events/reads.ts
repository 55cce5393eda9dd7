import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamsSchema } from "../../../lib/schemas/content";
import type { Event } from "../../../lib/schemas/events";
import { forYouQuerySchema, forYouSchema } from "../../../lib/schemas/event-queries";
import { PAGE_LIMIT_DEFAULT } from "../../../lib/schemas/cursor";
import { buildCalendar } from "../calendar/ics";
import type { ResourceContext } from "../content/resource";
import { viewerOf, type Viewer } from "../content/viewer";
import { Params } from "../../db/sql";
import { forYouQuery, popularUpcoming } from "./for-you";
import { createEventsRepository, type EventRow } from "./repository";

// Reads only events have: "Eventos para ti" and an event (or its series) as a calendar file.

/** The ranking's flags (for-you.ts) and the reason each one gives, in the order reasons are listed. */
const REASONS = [
  ["by_place", "place"],
  ["by_community", "community"],
  ["by_organizer", "organizer"],
  ["by_tag", "tag"],
  ["nearby", "nearby"],
  ["followed", "following"],
  ["popular", "popular"],
] as const;

/** How long the "popular" candidates of para ti are reused (per API instance). */
const POPULAR_TTL_MS = 60_000;

const presenter = (ctx: ResourceContext<EventRow, Event>) => async (ids: string[], viewer: Viewer): Promise<Event[]> =>
  (await createEventsRepository(ctx.database).findMany(ids, viewer.id)).map((r) => ctx.toItem(r, viewer));

export function registerForYou(plugin: FastifyInstance, ctx: ResourceContext<EventRow, Event>): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { database } = ctx;
  const events = createEventsRepository(database);
  let popular: { at: number; ids: Promise<string[]> } | null = null;
  const popularIds = (): Promise<string[]> => {
    if (!popular || Date.now() - popular.at > POPULAR_TTL_MS) {
      const ids = popularUpcoming(database, new Date(), 60);
      popular = { at: Date.now(), ids };
      // A failed refresh is retried by the next request instead of being cached.
      ids.catch(() => (popular = null));
    }
    return popular.ids;
  };

  app.get(
    "/for-you",
    {
      // Signed out, the same suggestions for everyone: ETag and brief public caching.
      config: { publicCache: true },
      ...ctx.route("public", {
        summary: "Eventos para ti",
        description:
          "Próximos eventos (60 días) ordenados por lo que sigues (lugares, comunidades, organizadores, etiquetas y las etiquetas de los eventos que sigues) " +
          "y por cercanía a tus direcciones; si no hay señales, los más seguidos de cuentas verificadas y los más próximos. " +
          "Sin sesión, solo esto último. `reasons` dice por qué aparece cada uno. Una sola página (`limit`, 20 por omisión).",
        querystring: forYouQuerySchema,
        data: { 200: forYouSchema },
        errors: [400, 401],
      }),
    },
    async (request) => {
      const viewer = await viewerOf(request);
      // The ranking and its events' rows in one statement.
      const p = new Params();
      const sql = forYouQuery(p, viewer.id, new Date(), request.query.limit ?? PAGE_LIMIT_DEFAULT, await popularIds());
      const rows = await events.findPage({ sql, columns: REASONS.map(([column]) => column), p }, viewer.id);
      const items = rows.map((row) => ({
        ...ctx.toItem(row, viewer),
        reasons: REASONS.filter(([column]) => row[`page_${column}`] === true).map(([, reason]) => reason),
      }));
      return { data: { items, nextCursor: null } };
    },
  );
}

export function registerCalendarFile(plugin: FastifyInstance, ctx: ResourceContext<EventRow, Event>): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const events = createEventsRepository(ctx.database);
  const present = presenter(ctx);
  app.get(
    "/:id.ics",
    ctx.route("public", {
      summary: "El evento como archivo de calendario (.ics)",
      description: "RFC 5545. Con `?series=true`, todas las fechas de su serie (una VEVENT por fecha).",
      params: idParamsSchema,
      querystring: z.object({ series: z.enum(["true", "false"]).optional() }).strict(),
      produces: ["text/calendar"],
    }),
    async (request, reply) => {
      const viewer = await viewerOf(request);
      const row = await ctx.load(request.params.id, viewer);
      let list = [ctx.toItem(row, viewer)];
      if (request.query.series === "true" && row.series_id) {
        const ids: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await events.pageIds({ seriesId: row.series_id, visibility: "visible" }, { kind: "forward", from: new Date(0), to: null }, { cursor, limit: 100 });
          ids.push(...page.ids);
          cursor = page.nextCursor ?? undefined;
        } while (cursor && ids.length < 500);
        list = await present(ids, viewer);
      }
      const body = buildCalendar(list, { baseUrl: app.publicUrl, calendarName: list[0]?.title ?? "Plaza" });
      return reply
        .type("text/calendar; charset=utf-8")
        .header("content-disposition", `attachment; filename="evento-${row.id}.ics"`)
        .send(body);
    },
  );
}
