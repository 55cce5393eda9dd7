import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { deletedSchema, followQuerySchema, followResultSchema, idParamsSchema } from "../../../lib/schemas/content";
import { pageSchema } from "../../../lib/schemas/pagination";
import { tagPayloadSchema, tagSchema, tagUpdatePayloadSchema } from "../../../lib/schemas/tags";
import type { Database } from "../../db/client";
import { currentUser, forbidBanned, optionalIdentity, requireAdmin } from "../../plugins/auth";
import { badRequest, conflict, notFound } from "../../plugins/errors";
import { narrowChange, viewerScope } from "../../plugins/http-cache";
import { createContentFollows } from "../content/follows";
import { slugify } from "../content/sql";
import { routeOptions } from "../routing";
import { bearerSecurity, envelope, errorResponses } from "../contract";
import { createTagsRepository, type TagRow } from "./repository";

export interface TagsRoutesOptions {
  database: Database;
}

const TAG_NOT_FOUND = "Etiqueta no encontrada.";
const SLUG_TAKEN = "Ya existe una etiqueta con ese identificador.";

const toTag = (row: TagRow) => ({
  _id: row.id,
  name: row.name,
  slug: row.slug,
  upcomingEventsCount: row.upcoming_events_count,
  followersCount: row.followers_count,
});

function slugFor(name: string, slug: string | undefined): string {
  const result = slug ?? slugify(name, 40);
  if (!result) throw badRequest("El nombre de la etiqueta necesita letras o números.", "VALIDATION_ERROR", [{ path: ["name"], message: "El nombre de la etiqueta necesita letras o números." }]);
  return result;
}

export const tagsRoutes: FastifyPluginAsyncZod<TagsRoutesOptions> = async (app, { database }) => {
  const tags = createTagsRepository(database);
  const follows = createContentFollows(database);
  const adminWrite = [requireAdmin, forbidBanned];

  app.get(
    "/",
    {
      onRequest: optionalIdentity,
      schema: {
        tags: ["tags"],
        summary: "Etiquetas de eventos",
        description: "Todas las etiquetas por nombre (son pocas: una sola página).",
        response: { 200: envelope(pageSchema(tagSchema)), ...errorResponses(401) },
      },
    },
    async () => ({ data: { items: (await tags.list()).map(toTag), nextCursor: null } }),
  );

  app.post(
    "/:id/follow",
    routeOptions("tags", "writer", {
      summary: "Seguir o dejar de seguir una etiqueta",
      description:
        "Idempotente. Con `?unfollow=true` deja de seguir. Sus próximos eventos pesan en «Eventos para ti» y cada evento nuevo con ella se avisa.",
      params: idParamsSchema,
      querystring: followQuerySchema,
      data: { 200: followResultSchema },
      errors: [400, 401, 403, 404],
    }),
    async (request) => {
      const unfollow = request.query.unfollow === true;
      // Unfollowing a tag that was deleted meanwhile is fine: nothing is left to follow.
      if (!unfollow && !(await tags.findById(request.params.id))) throw notFound(TAG_NOT_FOUND);
      const me = await currentUser(request);
      const result = await follows.set("tags", request.params.id, me.id, !unfollow);
      // Nothing kept for everyone shows who follows a tag; only what is kept of the follower changes.
      narrowChange(request, [viewerScope(me.id)]);
      return { data: result };
    },
  );

  app.post(
    "/",
    {
      onRequest: adminWrite,
      schema: {
        tags: ["tags"],
        summary: "Crear una etiqueta (administración)",
        security: bearerSecurity,
        body: tagPayloadSchema,
        response: { 201: envelope(tagSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const id = await tags.create({ name: request.body.name, slug: slugFor(request.body.name, request.body.slug) });
      if (!id) throw conflict(SLUG_TAKEN);
      return reply.code(201).send({ data: toTag((await tags.findById(id))!) });
    },
  );

  app.put(
    "/:id",
    {
      onRequest: adminWrite,
      schema: {
        tags: ["tags"],
        summary: "Editar una etiqueta (administración)",
        security: bearerSecurity,
        params: idParamsSchema,
        body: tagUpdatePayloadSchema,
        response: { 200: envelope(tagSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const result = await tags.update(request.params.id, request.body);
      if (result === "missing") throw notFound(TAG_NOT_FOUND);
      if (result === "slug_taken") throw conflict(SLUG_TAKEN);
      return { data: toTag((await tags.findById(request.params.id))!) };
    },
  );

  app.delete(
    "/:id",
    {
      onRequest: adminWrite,
      schema: {
        tags: ["tags"],
        summary: "Borrar una etiqueta (administración)",
        description: "Los eventos que la tenían simplemente dejan de tenerla.",
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 200: envelope(deletedSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      if (!(await tags.remove(request.params.id))) throw notFound(TAG_NOT_FOUND);
      return { data: { _id: request.params.id, deleted: true as const } };
    },
  );
};

