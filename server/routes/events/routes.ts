import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { deletedSchema, idParamsSchema } from "../../../lib/schemas/content";
import {
  eventDeleteQuerySchema,
  eventListQuerySchema,
  eventMineQuerySchema,
  eventPayloadSchema,
  eventSchema,
  eventShapeIssues,
  eventUpdatePayloadSchema,
  EVENT_TIME_ZONE,
  forYouQuerySchema,
  forYouSchema,
  SERIES_HORIZON_DAYS,
  SERIES_MAX_OCCURRENCES,
  type Event,
  type EventPayload,
  type EventUpdatePayload,
  type EventWhen,
} from "../../../lib/schemas/events";
import { pageSchema, PAGE_LIMIT_DEFAULT } from "../../../lib/schemas/pagination";
import type { Database, Queryable } from "../../db/client";
import type { ImageStore } from "../../storage/store";
import { forbidBanned, optionalIdentity, requireUser } from "../../plugins/auth";
import { badRequest, forbidden } from "../../plugins/errors";
import { buildCalendar } from "../calendar/ics";
import { registerCommonContentRoutes } from "../content/common-routes";
import { registerContentImageRoutes } from "../content/images";
import { deleteContent } from "../content/deletion";
import { createOnce, idempotencyKeyOf, sendCreated } from "../content/idempotency";
import type { ContentNotifier } from "../content/notify";
import { assertWithinQuota } from "../content/spam";
import { todayWindow, weekendWindow } from "../content/time";
import { actorOf, assertVisibilityAllowed, assertVisible, viewerOf, type Viewer } from "../content/viewer";
import { bearerSecurity, envelope, errorResponses } from "../contract";
import { createTagsRepository } from "../tags/repository";
import { canEditEvent, toEvent } from "./mappers";
import { changeNotifications, deletionNotifications, publicationNotifications } from "./notifications";
import { createEventsRepository, forYou, popularUpcoming, type EventRow, type EventWindow, type EventWrite } from "./repository";
import { generateOccurrences } from "./series";

export interface EventsRoutesOptions {
  database: Database;
  notify: ContentNotifier;
  /** Image store of the accounts pipeline; without it the image routes are not registered. */
  images?: ImageStore;
}

export const EVENT_NOT_FOUND = "Evento no encontrado.";

const validationError = (issues: { path: (string | number)[]; message: string }[]) =>
  badRequest("Los datos enviados no son válidos.", "VALIDATION_ERROR", issues);

function windowFor(when: EventWhen | undefined, from: string | undefined, to: string | undefined, now: Date): EventWindow {
  if (when === "past") return { kind: "past", before: from ? new Date(Math.min(Date.parse(from), now.getTime())) : now };
  const base = when === "today" ? todayWindow(now, EVENT_TIME_ZONE) : when === "weekend" ? weekendWindow(now, EVENT_TIME_ZONE) : { from: now, to: null };
  return { kind: "forward", from: from ? new Date(from) : base.from, to: to ? new Date(to) : base.to };
}

function writeFrom(payload: EventPayload): EventWrite {
  return {
    title: payload.title,
    description: payload.description ?? "",
    startsAt: new Date(payload.startsAt),
    endsAt: payload.endsAt ? new Date(payload.endsAt) : null,
    allDay: payload.allDay ?? false,
    timeZone: payload.timeZone ?? EVENT_TIME_ZONE,
    placeId: payload.placeId ?? null,
    address: payload.address ?? null,
    lat: payload.lat ?? null,
    lng: payload.lng ?? null,
    onlineUrl: payload.onlineUrl ?? null,
    priceType: payload.priceType ?? "free",
    priceAmount: payload.priceAmount ?? null,
    priceNote: payload.priceNote ?? null,
    capacity: payload.capacity ?? null,
    accessibility: payload.accessibility ?? null,
    communityId: payload.communityId ?? null,
    status: "published",
    statusNote: null,
  };
}

/** How long the "popular" candidates of para ti are reused (per API instance). */
const POPULAR_TTL_MS = 60_000;

export const eventsRoutes: FastifyPluginAsyncZod<EventsRoutesOptions> = async (app, { database, notify, images }) => {
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

  async function load(id: string, viewer: Viewer): Promise<EventRow> {
    const row = await events.findById(id, viewer.id);
    assertVisible(row ? { hidden: row.hidden, canEdit: canEditEvent(row, viewer) } : null, viewer, EVENT_NOT_FOUND);
    return row!;
  }

  async function editable(id: string, viewer: Viewer): Promise<EventRow> {
    const row = await load(id, viewer);
    if (!canEditEvent(row, viewer)) {
      throw forbidden("Solo quien organiza el evento, los responsables de su comunidad o la administración pueden cambiarlo.");
    }
    return row;
  }

  /** Place, community and tags must exist, and only members publish in a community. */
  async function checkReferences(
    db: Queryable,
    viewer: Viewer,
    refs: { placeId?: string | null; communityId?: string | null; tags?: string[] },
  ): Promise<string[] | undefined> {
    const issues: { path: string[]; message: string }[] = [];
    if (refs.placeId) {
      const place = await createEventsRepository(db).placeExists(refs.placeId);
      if (!place || (place.hidden && !viewer.isAdmin)) issues.push({ path: ["placeId"], message: "El lugar no existe." });
    }
    if (refs.communityId) {
      const rows = await db.query<{ role: string | null }>(
        `SELECT (SELECT role FROM community_members m WHERE m.community_id = c.id AND m.user_id = $2) AS role
           FROM communities c WHERE c.id = $1 AND (NOT c.hidden OR $3)`,
        [refs.communityId, viewer.id, viewer.isAdmin],
      );
      if (rows.length === 0) issues.push({ path: ["communityId"], message: "La comunidad no existe." });
      else if (!rows[0]?.role && !viewer.isAdmin) throw forbidden("Solo los miembros de la comunidad pueden publicar en ella.");
    }
    let tagIds: string[] | undefined;
    if (refs.tags) {
      const resolved = await createTagsRepository(db).resolveSlugs(refs.tags);
      for (const slug of resolved.missing) issues.push({ path: ["tags"], message: `La etiqueta «${slug}» no existe.` });
      tagIds = resolved.ids;
    }
    if (issues.length > 0) throw validationError(issues);
    return tagIds;
  }

  const present = async (ids: string[], viewer: Viewer): Promise<Event[]> => (await events.findMany(ids, viewer.id)).map((r) => toEvent(r, viewer));

  // ── Reads ───────────────────────────────────────────────────────────────────────────────

  app.get(
    "/",
    {
      onRequest: optionalIdentity,
      schema: {
        tags: ["events"],
        summary: "Eventos",
        description:
          "Próximos por hora de inicio (incluye los que están en curso). `when`: upcoming (por omisión), today, weekend " +
          "(viernes 18:00 a domingo, hora de Saltillo) o past (del más reciente hacia atrás). `from`/`to` ajustan la ventana. " +
          "Filtros: placeId, communityId, organizerId, tag (slug), featured, free, seriesId. `visibility=hidden|all` solo para administración.",
        querystring: eventListQuerySchema,
        response: { 200: envelope(pageSchema(eventSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      const { cursor, limit, when, from, to, visibility, ...filters } = request.query;
      assertVisibilityAllowed(visibility, viewer);
      const page = await events.list(
        { ...filters, visibility: visibility ?? "visible" },
        windowFor(when, from, to, new Date()),
        { cursor, limit: limit ?? PAGE_LIMIT_DEFAULT },
        viewer.id,
      );
      return { data: { items: page.rows.map((row) => toEvent(row, viewer)), nextCursor: page.nextCursor } };
    },
  );

  app.get(
    "/mine",
    {
      onRequest: requireUser,
      schema: {
        tags: ["events"],
        summary: "Eventos que organizo",
        description: "Próximos (o `when=past`), incluidos los ocultos por moderación con su motivo.",
        security: bearerSecurity,
        querystring: eventMineQuerySchema,
        response: { 200: envelope(pageSchema(eventSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const viewer = await actorOf(request);
      const page = await events.list(
        { organizerId: viewer.id, visibility: "all" },
        windowFor(request.query.when, undefined, undefined, new Date()),
        { cursor: request.query.cursor, limit: request.query.limit ?? PAGE_LIMIT_DEFAULT },
        viewer.id,
      );
      return { data: { items: page.rows.map((row) => toEvent(row, viewer)), nextCursor: page.nextCursor } };
    },
  );

  app.get(
    "/following",
    {
      onRequest: requireUser,
      schema: {
        tags: ["events"],
        summary: "Eventos que sigo",
        description: "Próximos (o `when=past`).",
        security: bearerSecurity,
        querystring: eventMineQuerySchema,
        response: { 200: envelope(pageSchema(eventSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const viewer = await actorOf(request);
      const page = await events.list(
        { followedBy: viewer.id, visibility: "visible" },
        windowFor(request.query.when, undefined, undefined, new Date()),
        { cursor: request.query.cursor, limit: request.query.limit ?? PAGE_LIMIT_DEFAULT },
        viewer.id,
      );
      return { data: { items: page.rows.map((row) => toEvent(row, viewer)), nextCursor: page.nextCursor } };
    },
  );

  app.get(
    "/for-you",
    {
      onRequest: optionalIdentity,
      schema: {
        tags: ["events"],
        summary: "Eventos para ti",
        description:
          "Próximos eventos (60 días) ordenados por lo que sigues (lugares, comunidades, organizadores, etiquetas de los eventos que sigues) " +
          "y por cercanía a tus direcciones; si no hay señales, los más seguidos de cuentas verificadas y los más próximos. " +
          "Sin sesión, solo esto último. `reasons` dice por qué aparece cada uno. Una sola página (`limit`, 20 por omisión).",
        querystring: forYouQuerySchema,
        response: { 200: envelope(forYouSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      const ranked = await forYou(database, viewer.id, new Date(), request.query.limit ?? PAGE_LIMIT_DEFAULT, await popularIds());
      const byId = new Map((await present(ranked.map((r) => r.id), viewer)).map((e) => [e._id, e]));
      const items = ranked.flatMap((r) => {
        const event = byId.get(r.id);
        if (!event) return [];
        const reasons = [
          r.by_place && "place",
          r.by_community && "community",
          r.by_organizer && "organizer",
          r.by_tag && "tag",
          r.nearby && "nearby",
          r.followed && "following",
          r.popular && "popular",
        ].filter((x): x is "place" => typeof x === "string");
        return [{ ...event, reasons }];
      });
      return { data: { items, nextCursor: null } };
    },
  );

  app.get(
    "/:id",
    {
      onRequest: optionalIdentity,
      schema: {
        tags: ["events"],
        summary: "Un evento",
        params: idParamsSchema,
        response: { 200: envelope(eventSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      return { data: toEvent(await load(request.params.id, viewer), viewer) };
    },
  );

  app.get(
    "/:id.ics",
    {
      onRequest: optionalIdentity,
      schema: {
        tags: ["events"],
        summary: "El evento como archivo de calendario (.ics)",
        description: "RFC 5545. Con `?series=true`, todas las fechas de su serie (una VEVENT por fecha).",
        params: idParamsSchema,
        querystring: z.object({ series: z.enum(["true", "false"]).optional() }).strict(),
        produces: ["text/calendar"],
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      const row = await load(request.params.id, viewer);
      let list = [toEvent(row, viewer)];
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

  // ── Writes ──────────────────────────────────────────────────────────────────────────────

  app.post(
    "/",
    {
      onRequest: [requireUser, forbidBanned],
      schema: {
        tags: ["events"],
        summary: "Publicar un evento (o una serie)",
        description:
          "Con `recurrence` crea una serie: weekly/monthly (cada `interval` semanas o meses, hasta `until` o, sin fin, " +
          `${SERIES_HORIZON_DAYS} días por delante, que se extienden solos) o dates (lista de fechas); como máximo ` +
          `${SERIES_MAX_OCCURRENCES} fechas. Cada fecha es un evento con su propio _id; responde la primera. ` +
          "Acepta `Idempotency-Key`. Cuentas sin verificar: 3 al día (una serie cuenta como uno); 429 al pasarse. " +
          "Avisa a quienes siguen el lugar, la comunidad o a quien organiza.",
        security: bearerSecurity,
        body: eventPayloadSchema,
        response: { 200: envelope(eventSchema), 201: envelope(eventSchema), ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const viewer = await actorOf(request);
      const payload = request.body;
      const input = writeFrom(payload);
      let created: string[] = [];
      const result = await createOnce(database, { userId: viewer.id, key: idempotencyKeyOf(request), kind: "events" }, async (tx) => {
        await assertWithinQuota(tx, viewer, "events");
        const tagIds = (await checkReferences(tx, viewer, { placeId: input.placeId, communityId: input.communityId, tags: payload.tags ?? [] })) ?? [];
        const repo = createEventsRepository(tx);
        if (!payload.recurrence) {
          created = [await repo.createSingle(input, viewer.id, tagIds)];
          return created[0]!;
        }
        const recurrence = payload.recurrence;
        // Open-ended series are materialised SERIES_HORIZON_DAYS ahead (of their start, if later);
        // a series with an end date is limited only by it and by SERIES_MAX_OCCURRENCES.
        const horizon = recurrence.until
          ? new Date(8_640_000_000_000_000)
          : new Date(Math.max(Date.now(), input.startsAt.getTime()) + SERIES_HORIZON_DAYS * 86_400_000);
        const pattern = {
          rule: recurrence.rule,
          interval: recurrence.interval ?? 1,
          until: recurrence.until ?? null,
          dates: (recurrence.dates ?? []).map((d) => new Date(d)),
          firstStartsAt: input.startsAt,
          timeZone: input.timeZone,
        };
        const starts = generateOccurrences(pattern, { horizon, max: SERIES_MAX_OCCURRENCES });
        if (starts.length === 0) throw validationError([{ path: ["recurrence", "until"], message: "La serie no tiene ninguna fecha." }]);
        created = await repo.createSeries(
          input,
          {
            ...pattern,
            durationMinutes: input.endsAt ? Math.round((input.endsAt.getTime() - input.startsAt.getTime()) / 60_000) : null,
            materialisedUntil: pattern.until === null && pattern.rule !== "dates" ? horizon : starts[starts.length - 1]!,
          },
          starts,
          viewer.id,
          tagIds,
        );
        return created[0]!;
      });
      const event = toEvent(await load(result.id, viewer), viewer);
      if (!result.replayed) await notify(await publicationNotifications(database, event));
      return sendCreated(reply, result, event);
    },
  );

  app.put(
    "/:id",
    {
      onRequest: [requireUser, forbidBanned],
      schema: {
        tags: ["events"],
        summary: "Editar un evento",
        description:
          "Quien organiza, propietarios y administradores de su comunidad, o la administración. Los campos que no se envían se conservan. " +
          "En una serie, `scope: \"following\"` aplica el cambio a esta fecha y a las siguientes (un cambio de hora las mueve a todas " +
          "lo mismo). Quienes siguen el evento reciben un aviso si cambia la hora o el lugar, o si se cancela o pospone.",
        security: bearerSecurity,
        params: idParamsSchema,
        body: eventUpdatePayloadSchema,
        response: { 200: envelope(eventSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = await actorOf(request);
      const row = await editable(request.params.id, viewer);
      const { scope, tags, status, statusNote, ...fields } = request.body as EventUpdatePayload;

      const oldStart = new Date(row.starts_at as string);
      const newStart = fields.startsAt ? new Date(fields.startsAt) : oldStart;
      const merged = {
        startsAt: newStart.toISOString(),
        endsAt: fields.endsAt !== undefined ? fields.endsAt : row.ends_at === null ? null : new Date(row.ends_at as string).toISOString(),
        placeId: fields.placeId !== undefined ? fields.placeId : row.place_id,
        address: fields.address !== undefined ? fields.address : row.address,
        onlineUrl: fields.onlineUrl !== undefined ? fields.onlineUrl : row.online_url,
        priceType: fields.priceType ?? row.price_type,
        priceAmount: fields.priceAmount !== undefined ? fields.priceAmount : row.price_amount === null ? null : Number(row.price_amount),
        // Only coordinates sent now are checked for pairing; the stored ones already passed.
        lat: fields.lat === undefined && fields.lng === undefined ? null : (fields.lat ?? null),
        lng: fields.lat === undefined && fields.lng === undefined ? null : (fields.lng ?? null),
      };
      // Making an event free drops its price.
      if (fields.priceType === "free" && fields.priceAmount === undefined) merged.priceAmount = null;
      const issues = eventShapeIssues(merged);
      if (issues.length > 0) throw validationError(issues);

      const ids = scope === "following" && row.series_id ? await events.followingOccurrences(row.series_id, row.id) : [row.id];
      const changes = await database.transaction(async (tx) => {
        const repo = createEventsRepository(tx);
        const tagIds = await checkReferences(tx, viewer, {
          placeId: fields.placeId !== undefined && fields.placeId !== row.place_id ? fields.placeId : undefined,
          communityId: fields.communityId !== undefined && fields.communityId !== row.community_id ? fields.communityId : undefined,
          tags,
        });
        const before = await repo.lockForUpdate(ids);
        const patch: Partial<Omit<EventWrite, "startsAt" | "endsAt">> = {
          title: fields.title,
          description: fields.description === undefined ? undefined : (fields.description ?? ""),
          allDay: fields.allDay,
          timeZone: fields.timeZone,
          placeId: fields.placeId,
          address: fields.address,
          lat: fields.lat,
          lng: fields.lng,
          onlineUrl: fields.onlineUrl,
          priceType: fields.priceType,
          priceAmount: fields.priceAmount !== undefined ? fields.priceAmount : fields.priceType === "free" ? null : undefined,
          priceNote: fields.priceNote,
          capacity: fields.capacity,
          accessibility: fields.accessibility,
          communityId: fields.communityId,
          status,
          statusNote: statusNote !== undefined ? statusNote : status !== undefined && status !== row.status ? null : undefined,
        };
        const shiftMs = newStart.getTime() - oldStart.getTime();
        const lengthMs =
          fields.endsAt === undefined ? undefined : fields.endsAt === null ? null : Date.parse(fields.endsAt) - newStart.getTime();
        await repo.update(ids, patch, { shiftMs, lengthMs }, Boolean(row.series_id) && scope !== "following" && (shiftMs !== 0 || lengthMs !== undefined));
        if (tagIds) await repo.replaceTags(ids, tagIds);
        const after = await repo.lockForUpdate(ids);
        return { before, after };
      });
      const updated = await present(ids, viewer);
      await notify(await changeNotifications(database, changes.before, changes.after, updated, viewer.id));
      return { data: toEvent(await load(row.id, viewer), viewer) };
    },
  );

  app.delete(
    "/:id",
    {
      onRequest: [requireUser, forbidBanned],
      schema: {
        tags: ["events"],
        summary: "Borrar un evento",
        description:
          "Quien organiza, responsables de su comunidad o la administración (que indica `?reason=` al borrar lo de otra persona). " +
          "En una serie, `scope=following` borra esta fecha y las siguientes. Quienes lo seguían reciben un aviso. " +
          "Para avisar que no se hará, mejor cambia su estado a cancelled.",
        security: bearerSecurity,
        params: idParamsSchema,
        querystring: eventDeleteQuerySchema,
        response: { 200: envelope(deletedSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = await actorOf(request);
      const row = await editable(request.params.id, viewer);
      const ids = request.query.scope === "following" && row.series_id ? await events.followingOccurrences(row.series_id, row.id) : [row.id];
      const gone = await present(ids, viewer);
      const followerNotices = await deletionNotifications(database, gone, viewer.id);
      await deleteContent(database, notify, {
        kind: "events",
        ids,
        label: row.title,
        authorId: row.organizer_id,
        viewer,
        reason: request.query.reason ?? null,
        remove: (tx) => createEventsRepository(tx).remove(ids),
      });
      await notify(followerNotices);
      return { data: { _id: row.id, deleted: true as const } };
    },
  );

  registerCommonContentRoutes(app, {
    kind: "events",
    database,
    notify,
    notFoundMessage: EVENT_NOT_FOUND,
    itemSchema: eventSchema,
    find: async (id, viewer) => {
      const row = await events.findById(id, viewer.id);
      return row ? { hidden: row.hidden, canEdit: canEditEvent(row, viewer) } : null;
    },
    present: async (id, viewer) => toEvent((await events.findById(id, viewer.id))!, viewer),
  });

  if (images) {
    await registerContentImageRoutes(app, {
      kind: "events",
      database,
      images,
      notFoundMessage: EVENT_NOT_FOUND,
      itemSchema: eventSchema,
      canEdit: async (id, viewer) => {
        const row = await events.findById(id, viewer.id);
        if (!row) return null;
        const can = canEditEvent(row, viewer);
        return row.hidden && !can && !viewer.isAdmin ? null : can;
      },
      present: async (id, viewer) => toEvent((await events.findById(id, viewer.id))!, viewer),
    });
  }
};
