import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { deleteQuerySchema, deletedSchema, idParamsSchema } from "../../../lib/schemas/content";
import { pageQuerySchema, pageSchema, PAGE_LIMIT_DEFAULT } from "../../../lib/schemas/pagination";
import {
  placeListQuerySchema,
  placePayloadSchema,
  placeSchema,
  placeUpdatePayloadSchema,
  type PlacePayload,
} from "../../../lib/schemas/places";
import type { Database } from "../../db/client";
import type { ImageStore } from "../../storage/store";
import { forbidBanned, optionalIdentity, requireUser } from "../../plugins/auth";
import { forbidden } from "../../plugins/errors";
import { registerCommonContentRoutes } from "../content/common-routes";
import { registerContentImageRoutes } from "../content/images";
import { deleteContent } from "../content/deletion";
import { createOnce, idempotencyKeyOf, sendCreated } from "../content/idempotency";
import type { ContentNotifier } from "../content/notify";
import { assertWithinQuota } from "../content/spam";
import { actorOf, assertVisibilityAllowed, assertVisible, viewerOf, type Viewer } from "../content/viewer";
import { bearerSecurity, envelope, errorResponses } from "../contract";
import { canEditPlace, toPlace } from "./mappers";
import { createPlacesRepository, type PlaceRow, type PlaceWrite } from "./repository";

export interface PlacesRoutesOptions {
  database: Database;
  notify: ContentNotifier;
  /** Image store of the accounts pipeline; without it the image routes are not registered. */
  images?: ImageStore;
}

export const PLACE_NOT_FOUND = "Lugar no encontrado.";

function toWrite(payload: Partial<PlacePayload>, existing: PlaceRow | null): PlaceWrite {
  const address = payload.address;
  const pick = <T>(value: T | undefined, fallback: T): T => (value === undefined ? fallback : value);
  return {
    name: pick(payload.name, existing?.name ?? ""),
    description: pick(payload.description, existing?.description ?? null) ?? "",
    category: pick(payload.category, existing?.category ?? "otro"),
    street: pick(address?.street, existing?.street ?? null),
    number: pick(address?.number, existing?.number ?? null),
    neighbourhood: pick(address?.neighbourhood, existing?.neighbourhood ?? null),
    city: pick(address?.city, existing?.city ?? "Saltillo"),
    state: pick(address?.state, existing?.state ?? "Coahuila"),
    postalCode: pick(address?.postalCode, existing?.postal_code ?? null),
    country: pick(address?.country, existing?.country ?? "México"),
    lat: pick(payload.lat, existing?.lat ?? null),
    lng: pick(payload.lng, existing?.lng ?? null),
    openingHours: pick(payload.openingHours, existing?.opening_hours ?? []),
    openingHoursNote: pick(payload.openingHoursNote, existing?.opening_hours_note ?? null),
    contact: pick(payload.contact, existing?.contact ?? {}),
    accessibility: pick(payload.accessibility, existing?.accessibility ?? null),
  };
}

export const placesRoutes: FastifyPluginAsyncZod<PlacesRoutesOptions> = async (app, { database, notify, images }) => {
  const places = createPlacesRepository(database);

  async function load(id: string, viewer: Viewer) {
    const row = await places.findById(id, viewer.id);
    const item = row ? { hidden: row.hidden, canEdit: canEditPlace(row, viewer) } : null;
    assertVisible(item, viewer, PLACE_NOT_FOUND);
    return row!;
  }

  async function editable(id: string, viewer: Viewer) {
    const row = await load(id, viewer);
    if (!canEditPlace(row, viewer)) throw forbidden("Solo quien publicó este lugar o la administración pueden cambiarlo.");
    return row;
  }

  app.get(
    "/",
    {
      onRequest: optionalIdentity,
      schema: {
        tags: ["places"],
        summary: "Lugares",
        description: "Por nombre. Filtros: category, featured, authorId. `visibility=hidden|all` solo para administración.",
        querystring: placeListQuerySchema,
        response: { 200: envelope(pageSchema(placeSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      const { cursor, limit, visibility, ...filters } = request.query;
      assertVisibilityAllowed(visibility, viewer);
      const page = await places.list({ ...filters, visibility: visibility ?? "visible" }, { cursor, limit: limit ?? PAGE_LIMIT_DEFAULT }, viewer.id);
      return { data: { items: page.rows.map((row) => toPlace(row, viewer)), nextCursor: page.nextCursor } };
    },
  );

  app.get(
    "/mine",
    {
      onRequest: requireUser,
      schema: {
        tags: ["places"],
        summary: "Lugares que publiqué",
        description: "Incluye los ocultos por moderación (con su motivo).",
        security: bearerSecurity,
        querystring: pageQuerySchema.strict(),
        response: { 200: envelope(pageSchema(placeSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const viewer = await actorOf(request);
      const page = await places.list(
        { authorId: viewer.id, visibility: "all" },
        { cursor: request.query.cursor, limit: request.query.limit ?? PAGE_LIMIT_DEFAULT },
        viewer.id,
      );
      return { data: { items: page.rows.map((row) => toPlace(row, viewer)), nextCursor: page.nextCursor } };
    },
  );

  app.get(
    "/following",
    {
      onRequest: requireUser,
      schema: {
        tags: ["places"],
        summary: "Lugares que sigo",
        security: bearerSecurity,
        querystring: pageQuerySchema.strict(),
        response: { 200: envelope(pageSchema(placeSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const viewer = await actorOf(request);
      const page = await places.list(
        { followedBy: viewer.id, visibility: "visible" },
        { cursor: request.query.cursor, limit: request.query.limit ?? PAGE_LIMIT_DEFAULT },
        viewer.id,
      );
      return { data: { items: page.rows.map((row) => toPlace(row, viewer)), nextCursor: page.nextCursor } };
    },
  );

  app.get(
    "/:id",
    {
      onRequest: optionalIdentity,
      schema: {
        tags: ["places"],
        summary: "Un lugar",
        description: "Sus eventos: `GET /events?placeId=` (próximos) y `GET /events?placeId=&when=past` (pasados).",
        params: idParamsSchema,
        response: { 200: envelope(placeSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      return { data: toPlace(await load(request.params.id, viewer), viewer) };
    },
  );

  app.post(
    "/",
    {
      onRequest: [requireUser, forbidBanned],
      schema: {
        tags: ["places"],
        summary: "Publicar un lugar",
        description:
          "Acepta `Idempotency-Key`: repetir la petición con la misma clave devuelve el mismo lugar (200) sin duplicarlo. " +
          "Cuentas sin verificar: hasta 2 lugares al día (429).",
        security: bearerSecurity,
        body: placePayloadSchema,
        response: { 200: envelope(placeSchema), 201: envelope(placeSchema), ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const viewer = await actorOf(request);
      const result = await createOnce(database, { userId: viewer.id, key: idempotencyKeyOf(request), kind: "places" }, async (tx) => {
        await assertWithinQuota(tx, viewer, "places");
        return createPlacesRepository(tx).create(toWrite(request.body, null), viewer.id);
      });
      return sendCreated(reply, result, toPlace(await load(result.id, viewer), viewer));
    },
  );

  app.put(
    "/:id",
    {
      onRequest: [requireUser, forbidBanned],
      schema: {
        tags: ["places"],
        summary: "Editar un lugar",
        description: "Quien lo publicó o la administración. Los campos que no se envían se conservan.",
        security: bearerSecurity,
        params: idParamsSchema,
        body: placeUpdatePayloadSchema,
        response: { 200: envelope(placeSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = await actorOf(request);
      const existing = await editable(request.params.id, viewer);
      await places.update(existing.id, toWrite(request.body, existing));
      return { data: toPlace(await load(existing.id, viewer), viewer) };
    },
  );

  app.delete(
    "/:id",
    {
      onRequest: [requireUser, forbidBanned],
      schema: {
        tags: ["places"],
        summary: "Borrar un lugar",
        description:
          "Quien lo publicó o la administración (que indica `?reason=` al borrar lo de otra persona). Sus eventos se conservan sin lugar.",
        security: bearerSecurity,
        params: idParamsSchema,
        querystring: deleteQuerySchema,
        response: { 200: envelope(deletedSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = await actorOf(request);
      const row = await editable(request.params.id, viewer);
      await deleteContent(database, notify, {
        kind: "places",
        ids: [row.id],
        label: row.name,
        authorId: row.author_id,
        viewer,
        reason: request.query.reason ?? null,
        remove: (tx) => createPlacesRepository(tx).remove(row.id),
      });
      return { data: { _id: row.id, deleted: true as const } };
    },
  );

  registerCommonContentRoutes(app, {
    kind: "places",
    database,
    notify,
    notFoundMessage: PLACE_NOT_FOUND,
    itemSchema: placeSchema,
    find: async (id, viewer) => {
      const row = await places.findById(id, viewer.id);
      return row ? { hidden: row.hidden, canEdit: canEditPlace(row, viewer) } : null;
    },
    present: async (id, viewer) => toPlace((await places.findById(id, viewer.id))!, viewer),
  });

  if (images) {
    await registerContentImageRoutes(app, {
      kind: "places",
      database,
      images,
      notFoundMessage: PLACE_NOT_FOUND,
      itemSchema: placeSchema,
      canEdit: async (id, viewer) => {
        const row = await places.findById(id, viewer.id);
        if (!row) return null;
        const can = canEditPlace(row, viewer);
        return row.hidden && !can && !viewer.isAdmin ? null : can;
      },
      present: async (id, viewer) => toPlace((await places.findById(id, viewer.id))!, viewer),
    });
  }
};
