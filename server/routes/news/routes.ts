import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { deleteQuerySchema, deletedSchema, idParamsSchema } from "../../../lib/schemas/content";
import { newsListQuerySchema, newsPayloadSchema, newsSchema, newsUpdatePayloadSchema, type News } from "../../../lib/schemas/news";
import { pageQuerySchema, pageSchema, PAGE_LIMIT_DEFAULT } from "../../../lib/schemas/pagination";
import type { Database } from "../../db/client";
import type { ImageStore } from "../../storage/store";
import { forbidBanned, optionalIdentity, requireUser } from "../../plugins/auth";
import { badRequest, forbidden } from "../../plugins/errors";
import { registerCommonContentRoutes } from "../content/common-routes";
import { registerContentImageRoutes } from "../content/images";
import { deleteContent } from "../content/deletion";
import { followersByTarget } from "../content/follows";
import { createOnce, idempotencyKeyOf, sendCreated } from "../content/idempotency";
import type { ContentNotifier, NotifyItem } from "../content/notify";
import { assertWithinQuota } from "../content/spam";
import { actorOf, assertVisibilityAllowed, assertVisible, viewerOf, type Viewer } from "../content/viewer";
import { bearerSecurity, envelope, errorResponses } from "../contract";
import { canEditNews, toNews } from "./mappers";
import { createNewsRepository, type NewsRepository, type NewsRow } from "./repository";

export interface NewsRoutesOptions {
  database: Database;
  notify: ContentNotifier;
  /** Image store of the accounts pipeline; without it the image routes are not registered. */
  images?: ImageStore;
}

export const NEWS_NOT_FOUND = "Noticia no encontrada.";
const SCHEDULE_LIMIT_DAYS = 365;

export const newsRoutes: FastifyPluginAsyncZod<NewsRoutesOptions> = async (app, { database, notify, images }) => {
  const news = createNewsRepository(database);

  async function load(id: string, viewer: Viewer): Promise<NewsRow> {
    const row = await news.findById(id, viewer.id);
    // A piece scheduled for later is, until then, as private as a hidden one.
    const scheduled = row !== null && new Date(row.published_at as string).getTime() > Date.now();
    assertVisible(row ? { hidden: row.hidden || scheduled, canEdit: canEditNews(row, viewer) } : null, viewer, NEWS_NOT_FOUND);
    return row!;
  }

  async function editable(id: string, viewer: Viewer): Promise<NewsRow> {
    const row = await load(id, viewer);
    if (!canEditNews(row, viewer)) throw forbidden("Solo quien la publicó, los responsables de su comunidad o la administración pueden cambiarla.");
    return row;
  }

  async function checkCommunity(repo: NewsRepository, communityId: string | null | undefined, viewer: Viewer & { id: string }) {
    if (!communityId) return;
    const role = await repo.communityRole(communityId, viewer.id, viewer.isAdmin);
    if (role === undefined) throw badRequest("Los datos enviados no son válidos.", "VALIDATION_ERROR", [{ path: ["communityId"], message: "La comunidad no existe." }]);
    if (role === null && !viewer.isAdmin) throw forbidden("Solo los miembros de la comunidad pueden publicar en ella.");
  }

  function checkSchedule(publishedAt: string | undefined) {
    if (publishedAt && Date.parse(publishedAt) > Date.now() + SCHEDULE_LIMIT_DAYS * 86_400_000) {
      throw badRequest("Los datos enviados no son válidos.", "VALIDATION_ERROR", [
        { path: ["publishedAt"], message: "Se puede programar hasta con un año de anticipación." },
      ]);
    }
  }

  async function publicationNotices(item: News): Promise<NotifyItem[]> {
    if (!item.community || Date.parse(item.publishedAt) > Date.now()) return [];
    const followers = (await followersByTarget(database, "communities", [item.community._id], item.author?._id ?? null)).get(item.community._id) ?? [];
    return followers.map((userId) => ({
      userId,
      kind: "news_published",
      title: `Noticia de ${item.community!.name}`,
      body: item.summary ? `${item.title}: ${item.summary}` : item.title,
      link: `/news/${item._id}`,
      data: { newsId: item._id, communityId: item.community!._id },
      idempotencyKey: `news_published:${item._id}`,
    }));
  }

  const list = async (filters: Parameters<NewsRepository["list"]>[0], query: { cursor?: string; limit?: number }, viewer: Viewer) => {
    const page = await news.list(filters, { cursor: query.cursor, limit: query.limit ?? PAGE_LIMIT_DEFAULT }, viewer.id);
    return { data: { items: page.rows.map((row) => toNews(row, viewer)), nextCursor: page.nextCursor } };
  };

  app.get(
    "/",
    {
      onRequest: optionalIdentity,
      schema: {
        tags: ["news"],
        summary: "Noticias",
        description: "De la más reciente a la más antigua. Filtros: communityId, authorId, featured. `visibility=hidden|all` solo para administración.",
        querystring: newsListQuerySchema,
        response: { 200: envelope(pageSchema(newsSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      const { cursor, limit, visibility, ...filters } = request.query;
      assertVisibilityAllowed(visibility, viewer);
      return list({ ...filters, visibility: visibility ?? "visible" }, { cursor, limit }, viewer);
    },
  );

  app.get(
    "/mine",
    {
      onRequest: requireUser,
      schema: {
        tags: ["news"],
        summary: "Noticias que publiqué",
        description: "Incluye las programadas y las ocultas por moderación.",
        security: bearerSecurity,
        querystring: pageQuerySchema.strict(),
        response: { 200: envelope(pageSchema(newsSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const viewer = await actorOf(request);
      return list({ authorId: viewer.id, visibility: "all", includeScheduled: true }, request.query, viewer);
    },
  );

  app.get(
    "/following",
    {
      onRequest: requireUser,
      schema: {
        tags: ["news"],
        summary: "Noticias que sigo",
        security: bearerSecurity,
        querystring: pageQuerySchema.strict(),
        response: { 200: envelope(pageSchema(newsSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const viewer = await actorOf(request);
      return list({ followedBy: viewer.id, visibility: "visible" }, request.query, viewer);
    },
  );

  app.get(
    "/:id",
    {
      onRequest: optionalIdentity,
      schema: {
        tags: ["news"],
        summary: "Una noticia",
        params: idParamsSchema,
        response: { 200: envelope(newsSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      return { data: toNews(await load(request.params.id, viewer), viewer) };
    },
  );

  app.post(
    "/",
    {
      onRequest: [requireUser, forbidBanned],
      schema: {
        tags: ["news"],
        summary: "Publicar una noticia",
        description:
          "En una comunidad, solo sus miembros; avisa a quienes siguen la comunidad. `publishedAt` futuro la programa (sin aviso). " +
          "Acepta `Idempotency-Key`. Cuentas sin verificar: 3 al día (429).",
        security: bearerSecurity,
        body: newsPayloadSchema,
        response: { 200: envelope(newsSchema), 201: envelope(newsSchema), ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const viewer = await actorOf(request);
      const body = request.body;
      checkSchedule(body.publishedAt);
      const result = await createOnce(database, { userId: viewer.id, key: idempotencyKeyOf(request), kind: "news" }, async (tx) => {
        await assertWithinQuota(tx, viewer, "news");
        const repo = createNewsRepository(tx);
        await checkCommunity(repo, body.communityId, viewer);
        return repo.create(
          {
            title: body.title,
            summary: body.summary ?? "",
            body: body.body,
            communityId: body.communityId ?? null,
            publishedAt: body.publishedAt ? new Date(body.publishedAt) : new Date(),
          },
          viewer.id,
        );
      });
      const item = toNews(await load(result.id, viewer), viewer);
      if (!result.replayed) await notify(await publicationNotices(item));
      return sendCreated(reply, result, item);
    },
  );

  app.put(
    "/:id",
    {
      onRequest: [requireUser, forbidBanned],
      schema: {
        tags: ["news"],
        summary: "Editar una noticia",
        description: "Quien la publicó, propietarios y administradores de su comunidad, o la administración.",
        security: bearerSecurity,
        params: idParamsSchema,
        body: newsUpdatePayloadSchema,
        response: { 200: envelope(newsSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = await actorOf(request);
      const row = await editable(request.params.id, viewer);
      const body = request.body;
      checkSchedule(body.publishedAt);
      if (body.communityId !== undefined && body.communityId !== row.community_id) await checkCommunity(news, body.communityId, viewer);
      await news.update(row.id, {
        title: body.title ?? row.title,
        summary: body.summary === undefined ? row.summary : (body.summary ?? ""),
        body: body.body ?? row.body,
        communityId: body.communityId === undefined ? row.community_id : body.communityId,
        publishedAt: body.publishedAt ? new Date(body.publishedAt) : new Date(row.published_at as string),
      });
      return { data: toNews(await load(row.id, viewer), viewer) };
    },
  );

  app.delete(
    "/:id",
    {
      onRequest: [requireUser, forbidBanned],
      schema: {
        tags: ["news"],
        summary: "Borrar una noticia",
        description: "Quien la publicó, responsables de su comunidad o la administración (que indica `?reason=` al borrar lo de otra persona).",
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
        kind: "news",
        ids: [row.id],
        label: row.title,
        authorId: row.author_id,
        viewer,
        reason: request.query.reason ?? null,
        remove: (tx) => createNewsRepository(tx).remove(row.id),
      });
      return { data: { _id: row.id, deleted: true as const } };
    },
  );

  registerCommonContentRoutes(app, {
    kind: "news",
    database,
    notify,
    notFoundMessage: NEWS_NOT_FOUND,
    itemSchema: newsSchema,
    find: async (id, viewer) => {
      const row = await news.findById(id, viewer.id);
      return row ? { hidden: row.hidden, canEdit: canEditNews(row, viewer) } : null;
    },
    present: async (id, viewer) => toNews((await news.findById(id, viewer.id))!, viewer),
  });

  if (images) {
    await registerContentImageRoutes(app, {
      kind: "news",
      database,
      images,
      notFoundMessage: NEWS_NOT_FOUND,
      itemSchema: newsSchema,
      canEdit: async (id, viewer) => {
        const row = await news.findById(id, viewer.id);
        if (!row) return null;
        const can = canEditNews(row, viewer);
        return row.hidden && !can && !viewer.isAdmin ? null : can;
      },
      present: async (id, viewer) => toNews((await news.findById(id, viewer.id))!, viewer),
    });
  }
};
