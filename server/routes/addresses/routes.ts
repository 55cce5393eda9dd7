import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ADDRESS_LIMIT,
  addressCandidateSchema,
  addressLookupQuerySchema,
  addressPayloadSchema,
  addressSchema,
  addressUpdatePayloadSchema,
  GEOCODER_UNAVAILABLE_MESSAGE,
  type AddressPayload,
} from "../../../lib/schemas/addresses";
import { deletedSchema, idParamsSchema } from "../../../lib/schemas/content";
import { pageSchema } from "../../../lib/schemas/pagination";
import type { Database } from "../../db/client";
import { GeocoderBusyError, GeocoderUnavailableError, type Geocoder } from "../../geocoding/nominatim";
import { forbidBanned, requireUser } from "../../plugins/auth";
import { conflict, HttpError, notFound } from "../../plugins/errors";
import { createOnce, idempotencyKeyOf, sendCreated } from "../content/idempotency";
import { actorOf } from "../content/viewer";
import { bearerSecurity, envelope, errorResponses } from "../contract";
import { createAddressesRepository, toAddress, type AddressRow, type AddressWrite } from "./repository";

export interface AddressesRoutesOptions {
  database: Database;
  geocoder: Geocoder;
}

const ADDRESS_NOT_FOUND = "Dirección no encontrada.";

function toWrite(payload: Partial<AddressPayload>, existing: AddressRow | null): AddressWrite {
  const pick = <T>(value: T | undefined, fallback: T): T => (value === undefined ? fallback : value);
  return {
    label: pick(payload.label, existing?.label ?? ""),
    street: pick(payload.street, existing?.street ?? ""),
    number: pick(payload.number, existing?.number ?? null) ?? null,
    neighbourhood: pick(payload.neighbourhood, existing?.neighbourhood ?? null) ?? null,
    city: pick(payload.city, existing?.city ?? ""),
    state: pick(payload.state, existing?.state ?? ""),
    postalCode: pick(payload.postalCode, existing?.postal_code ?? null) ?? null,
    country: pick(payload.country, existing?.country ?? "México"),
    lat: pick(payload.lat, existing?.lat ?? null) ?? null,
    lng: pick(payload.lng, existing?.lng ?? null) ?? null,
  };
}

export const addressesRoutes: FastifyPluginAsyncZod<AddressesRoutesOptions> = async (app, { database, geocoder }) => {
  const addresses = createAddressesRepository(database);
  // Someone else's address answers 404, exactly like one that does not exist.
  const own = async (id: string, userId: string) => {
    const row = await addresses.find(id, userId);
    if (!row) throw notFound(ADDRESS_NOT_FOUND);
    return row;
  };

  app.get(
    "/",
    {
      onRequest: requireUser,
      schema: {
        tags: ["addresses"],
        summary: "Mis direcciones",
        description: `Hasta ${ADDRESS_LIMIT}, de la más antigua a la más nueva (una sola página).`,
        security: bearerSecurity,
        response: { 200: envelope(pageSchema(addressSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const viewer = await actorOf(request);
      return { data: { items: (await addresses.listOf(viewer.id)).map(toAddress), nextCursor: null } };
    },
  );

  app.get(
    "/lookup",
    {
      onRequest: requireUser,
      schema: {
        tags: ["addresses"],
        summary: "Buscar una dirección (geocodificación)",
        description:
          "Consulta el servicio configurado (formato Nominatim, GEOCODER_URL) con un límite de 4 s, a lo sumo una petición por segundo y respuestas en caché 24 h. " +
          `Si no responde: 503 «${GEOCODER_UNAVAILABLE_MESSAGE}».`,
        security: bearerSecurity,
        querystring: addressLookupQuerySchema,
        response: { 200: envelope(z.object({ items: z.array(addressCandidateSchema) })), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      try {
        return { data: { items: await geocoder.search(request.query.q) } };
      } catch (error) {
        if (!(error instanceof GeocoderUnavailableError)) throw error;
        request.log.warn({ reason: error.message }, "Geocodificación no disponible");
        if (error instanceof GeocoderBusyError) reply.header("retry-after", String(error.retryAfterSeconds));
        throw new HttpError(503, "GEOCODER_UNAVAILABLE", GEOCODER_UNAVAILABLE_MESSAGE);
      }
    },
  );

  app.get(
    "/:id",
    {
      onRequest: requireUser,
      schema: {
        tags: ["addresses"],
        summary: "Una de mis direcciones",
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 200: envelope(addressSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = await actorOf(request);
      return { data: toAddress(await own(request.params.id, viewer.id)) };
    },
  );

  app.post(
    "/",
    {
      onRequest: [requireUser, forbidBanned],
      // The caller's own addresses: they move no content version (plugins/http-cache.ts).
      config: { changesOnlyOwnData: true },
      schema: {
        tags: ["addresses"],
        summary: "Guardar una dirección",
        description: `Hasta ${ADDRESS_LIMIT} por persona (409 al pasarse). Acepta \`Idempotency-Key\`.`,
        security: bearerSecurity,
        body: addressPayloadSchema,
        response: { 200: envelope(addressSchema), 201: envelope(addressSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const viewer = await actorOf(request);
      const result = await createOnce(database, { userId: viewer.id, key: idempotencyKeyOf(request), kind: "addresses" }, async (tx) => {
        const repo = createAddressesRepository(tx);
        if ((await repo.count(viewer.id)) >= ADDRESS_LIMIT) {
          throw conflict(`Puedes guardar hasta ${ADDRESS_LIMIT} direcciones. Borra una para agregar otra.`);
        }
        return repo.create(viewer.id, toWrite(request.body, null));
      });
      return sendCreated(reply, result, toAddress(await own(result.id, viewer.id)));
    },
  );

  app.put(
    "/:id",
    {
      onRequest: [requireUser, forbidBanned],
      // The caller's own addresses: they move no content version (plugins/http-cache.ts).
      config: { changesOnlyOwnData: true },
      schema: {
        tags: ["addresses"],
        summary: "Editar una de mis direcciones",
        security: bearerSecurity,
        params: idParamsSchema,
        body: addressUpdatePayloadSchema,
        response: { 200: envelope(addressSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = await actorOf(request);
      const row = await own(request.params.id, viewer.id);
      await addresses.update(row.id, toWrite(request.body, row));
      return { data: toAddress(await own(row.id, viewer.id)) };
    },
  );

  app.delete(
    "/:id",
    {
      onRequest: [requireUser, forbidBanned],
      // The caller's own addresses: they move no content version (plugins/http-cache.ts).
      config: { changesOnlyOwnData: true },
      schema: {
        tags: ["addresses"],
        summary: "Borrar una de mis direcciones",
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 200: envelope(deletedSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = await actorOf(request);
      if (!(await addresses.remove(request.params.id, viewer.id))) throw notFound(ADDRESS_NOT_FOUND);
      return { data: { _id: request.params.id, deleted: true as const } };
    },
  );
};

