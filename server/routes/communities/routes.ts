import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  addMemberPayloadSchema,
  changeMemberRolePayloadSchema,
  communityListQuerySchema,
  communityMemberSchema,
  communityPayloadSchema,
  communitySchema,
  communityUpdatePayloadSchema,
  memberParamsSchema,
  type CommunityRole,
} from "../../../lib/schemas/communities";
import { deleteQuerySchema, deletedSchema, idParamsSchema } from "../../../lib/schemas/content";
import { pageQuerySchema, pageSchema, PAGE_LIMIT_DEFAULT } from "../../../lib/schemas/pagination";
import type { Database } from "../../db/client";
import type { ImageStore } from "../../storage/store";
import { forbidBanned, optionalIdentity, requireUser } from "../../plugins/auth";
import { conflict, forbidden, notFound } from "../../plugins/errors";
import { registerCommonContentRoutes } from "../content/common-routes";
import { registerContentImageRoutes } from "../content/images";
import { deleteContent } from "../content/deletion";
import { createOnce, idempotencyKeyOf, sendCreated } from "../content/idempotency";
import type { ContentNotifier } from "../content/notify";
import { assertWithinQuota } from "../content/spam";
import { actorOf, assertVisibilityAllowed, assertVisible, viewerOf, type Viewer } from "../content/viewer";
import { bearerSecurity, envelope, errorResponses } from "../contract";
import { managesCommunity, toCommunity, toMember } from "./mappers";
import { createCommunitiesRepository, type CommunityRow } from "./repository";

export interface CommunitiesRoutesOptions {
  database: Database;
  notify: ContentNotifier;
  /** Image store of the accounts pipeline; without it the image routes are not registered. */
  images?: ImageStore;
}

export const COMMUNITY_NOT_FOUND = "Comunidad no encontrada.";
const MEMBER_NOT_FOUND = "Esa persona no es miembro de la comunidad.";
const NEEDS_OWNER = "La comunidad necesita al menos un propietario.";

const memberPageSchema = pageSchema(communityMemberSchema);

export const communitiesRoutes: FastifyPluginAsyncZod<CommunitiesRoutesOptions> = async (app, { database, notify, images }) => {
  const communities = createCommunitiesRepository(database);

  async function load(id: string, viewer: Viewer): Promise<CommunityRow> {
    const row = await communities.findById(id, viewer.id);
    assertVisible(row ? { hidden: row.hidden, canEdit: managesCommunity(row.my_role, viewer) } : null, viewer, COMMUNITY_NOT_FOUND);
    return row!;
  }

  async function managed(id: string, viewer: Viewer): Promise<CommunityRow> {
    const row = await load(id, viewer);
    if (!managesCommunity(row.my_role, viewer)) throw forbidden("Solo propietarios y administradores de la comunidad pueden hacer esto.");
    return row;
  }

  const list = (filters: Parameters<typeof communities.list>[0], query: { cursor?: string; limit?: number }, viewer: Viewer) =>
    communities
      .list(filters, { cursor: query.cursor, limit: query.limit ?? PAGE_LIMIT_DEFAULT }, viewer.id)
      .then((page) => ({ data: { items: page.rows.map((row) => toCommunity(row, viewer)), nextCursor: page.nextCursor } }));

  app.get(
    "/",
    {
      onRequest: optionalIdentity,
      schema: {
        tags: ["communities"],
        summary: "Comunidades",
        description: "Por nombre; `featured=true` para las destacadas. `visibility=hidden|all` solo para administración.",
        querystring: communityListQuerySchema,
        response: { 200: envelope(pageSchema(communitySchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      const { visibility, featured } = request.query;
      assertVisibilityAllowed(visibility, viewer);
      return list({ featured, visibility: visibility ?? "visible" }, request.query, viewer);
    },
  );

  app.get(
    "/mine",
    {
      onRequest: requireUser,
      schema: {
        tags: ["communities"],
        summary: "Comunidades de las que soy miembro",
        description: "Con mi rol en `myRole`; incluye las ocultas.",
        security: bearerSecurity,
        querystring: pageQuerySchema.strict(),
        response: { 200: envelope(pageSchema(communitySchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const viewer = await actorOf(request);
      return list({ memberId: viewer.id, visibility: "all" }, request.query, viewer);
    },
  );

  app.get(
    "/following",
    {
      onRequest: requireUser,
      schema: {
        tags: ["communities"],
        summary: "Comunidades que sigo",
        security: bearerSecurity,
        querystring: pageQuerySchema.strict(),
        response: { 200: envelope(pageSchema(communitySchema)), ...errorResponses(400, 401, 403) },
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
        tags: ["communities"],
        summary: "Una comunidad",
        description: "Sus eventos: `GET /events?communityId=`; sus noticias: `GET /news?communityId=`.",
        params: idParamsSchema,
        response: { 200: envelope(communitySchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      return { data: toCommunity(await load(request.params.id, viewer), viewer) };
    },
  );

  app.post(
    "/",
    {
      onRequest: [requireUser, forbidBanned],
      schema: {
        tags: ["communities"],
        summary: "Crear una comunidad",
        description: "Quien la crea queda como propietario. Acepta `Idempotency-Key`. Cuentas sin verificar: 1 al día (429).",
        security: bearerSecurity,
        body: communityPayloadSchema,
        response: { 200: envelope(communitySchema), 201: envelope(communitySchema), ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const viewer = await actorOf(request);
      const result = await createOnce(database, { userId: viewer.id, key: idempotencyKeyOf(request), kind: "communities" }, async (tx) => {
        await assertWithinQuota(tx, viewer, "communities");
        return createCommunitiesRepository(tx).create({ name: request.body.name, description: request.body.description ?? "" }, viewer.id);
      });
      return sendCreated(reply, result, toCommunity(await load(result.id, viewer), viewer));
    },
  );

  app.put(
    "/:id",
    {
      onRequest: [requireUser, forbidBanned],
      schema: {
        tags: ["communities"],
        summary: "Editar una comunidad",
        description: "Propietarios y administradores de la comunidad, o la administración del sitio.",
        security: bearerSecurity,
        params: idParamsSchema,
        body: communityUpdatePayloadSchema,
        response: { 200: envelope(communitySchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = await actorOf(request);
      const row = await managed(request.params.id, viewer);
      await communities.update(row.id, {
        name: request.body.name ?? row.name,
        description: request.body.description === undefined ? row.description : (request.body.description ?? ""),
      });
      return { data: toCommunity(await load(row.id, viewer), viewer) };
    },
  );

  app.delete(
    "/:id",
    {
      onRequest: [requireUser, forbidBanned],
      schema: {
        tags: ["communities"],
        summary: "Borrar una comunidad",
        description:
          "Sus propietarios o la administración (con `?reason=`). Sus eventos y noticias se conservan, sin comunidad.",
        security: bearerSecurity,
        params: idParamsSchema,
        querystring: deleteQuerySchema,
        response: { 200: envelope(deletedSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = await actorOf(request);
      const row = await load(request.params.id, viewer);
      if (!viewer.isAdmin && row.my_role !== "owner") throw forbidden("Solo los propietarios de la comunidad pueden borrarla.");
      await deleteContent(database, notify, {
        kind: "communities",
        ids: [row.id],
        label: row.name,
        // An owner deleting is not moderation; an admin who is not an owner is.
        authorId: row.my_role === "owner" ? viewer.id : row.created_by,
        viewer,
        reason: request.query.reason ?? null,
        remove: (tx) => createCommunitiesRepository(tx).remove(row.id),
      });
      return { data: { _id: row.id, deleted: true as const } };
    },
  );

  // ── Members ─────────────────────────────────────────────────────────────────────────────

  app.get(
    "/:id/members",
    {
      onRequest: optionalIdentity,
      schema: {
        tags: ["communities"],
        summary: "Miembros de una comunidad",
        description: "Propietarios, luego administradores, luego miembros; por antigüedad.",
        params: idParamsSchema,
        querystring: pageQuerySchema.strict(),
        response: { 200: envelope(memberPageSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      const row = await load(request.params.id, viewer);
      const page = await communities.members(row.id, { cursor: request.query.cursor, limit: request.query.limit ?? PAGE_LIMIT_DEFAULT });
      return { data: { items: page.rows.map(toMember), nextCursor: page.nextCursor } };
    },
  );

  app.post(
    "/:id/members",
    {
      onRequest: [requireUser, forbidBanned],
      schema: {
        tags: ["communities"],
        summary: "Agregar un miembro",
        description:
          "Propietarios y administradores de la comunidad (o la administración del sitio). Solo un propietario da los roles owner o admin.",
        security: bearerSecurity,
        params: idParamsSchema,
        body: addMemberPayloadSchema,
        response: { 201: envelope(communityMemberSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const viewer = await actorOf(request);
      const row = await managed(request.params.id, viewer);
      const role: CommunityRole = request.body.role ?? "member";
      if (role !== "member" && !viewer.isAdmin && row.my_role !== "owner") {
        throw forbidden("Solo un propietario puede nombrar administradores o propietarios.");
      }
      const user = await app.loadUserById(request.body.userId);
      if (!user) throw notFound("Usuario no encontrado.");
      if (!(await communities.addMember(row.id, user.id, role))) throw conflict("Esa persona ya es miembro de la comunidad.");
      if (user.id !== viewer.id) {
        await notify([
          {
            userId: user.id,
            kind: "community_member_added",
            title: `Te agregaron a «${row.name}»`,
            body: role === "member" ? "Ahora eres miembro de la comunidad." : `Ahora eres ${role === "owner" ? "propietario" : "administrador"} de la comunidad.`,
            link: `/communities/${row.id}`,
            data: { communityId: row.id, role },
          },
        ]);
      }
      return reply.code(201).send({ data: toMember((await communities.member(row.id, user.id))!) });
    },
  );

  app.put(
    "/:id/members/:userId",
    {
      onRequest: [requireUser, forbidBanned],
      schema: {
        tags: ["communities"],
        summary: "Cambiar el rol de un miembro",
        description: "Propietarios de la comunidad o la administración del sitio. Siempre queda al menos un propietario (409).",
        security: bearerSecurity,
        params: memberParamsSchema,
        body: changeMemberRolePayloadSchema,
        response: { 200: envelope(communityMemberSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const viewer = await actorOf(request);
      const row = await load(request.params.id, viewer);
      if (!viewer.isAdmin && row.my_role !== "owner") throw forbidden("Solo un propietario puede cambiar roles.");
      await database.transaction(async (tx) => {
        const repo = createCommunitiesRepository(tx);
        await repo.lock(row.id);
        const member = await repo.member(row.id, request.params.userId);
        if (!member) throw notFound(MEMBER_NOT_FOUND);
        if (member.role === "owner" && request.body.role !== "owner" && (await repo.ownersCount(row.id)) <= 1) throw conflict(NEEDS_OWNER);
        await repo.setRole(row.id, member.user_id, request.body.role);
      });
      return { data: toMember((await communities.member(row.id, request.params.userId))!) };
    },
  );

  app.delete(
    "/:id/members/:userId",
    {
      onRequest: [requireUser, forbidBanned],
      schema: {
        tags: ["communities"],
        summary: "Quitar a un miembro",
        description:
          "Propietarios (a cualquiera salvo a un propietario), administradores de la comunidad (solo a miembros) o la administración del sitio. " +
          "A un propietario primero se le cambia el rol.",
        security: bearerSecurity,
        params: memberParamsSchema,
        response: { 200: envelope(deletedSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const viewer = await actorOf(request);
      const row = await managed(request.params.id, viewer);
      const member = await communities.member(row.id, request.params.userId);
      if (!member) throw notFound(MEMBER_NOT_FOUND);
      if (member.role === "owner") throw conflict("No se puede quitar a un propietario; primero cámbiale el rol.");
      if (member.role === "admin" && !viewer.isAdmin && row.my_role !== "owner") throw forbidden("Solo un propietario puede quitar a un administrador.");
      await communities.removeMember(row.id, member.user_id);
      return { data: { _id: member.user_id, deleted: true as const } };
    },
  );

  app.post(
    "/:id/join",
    {
      onRequest: [requireUser, forbidBanned],
      schema: {
        tags: ["communities"],
        summary: "Unirme a una comunidad",
        description: "Idempotente: si ya eres miembro, conservas tu rol.",
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 200: envelope(communitySchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = await actorOf(request);
      const row = await load(request.params.id, viewer);
      await communities.addMember(row.id, viewer.id, "member");
      return { data: toCommunity(await load(row.id, viewer), viewer) };
    },
  );

  app.post(
    "/:id/leave",
    {
      onRequest: [requireUser, forbidBanned],
      schema: {
        tags: ["communities"],
        summary: "Salir de una comunidad",
        description: "Idempotente. El último propietario no puede salir (409): antes nombra a otro.",
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 200: envelope(communitySchema), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const viewer = await actorOf(request);
      const row = await load(request.params.id, viewer);
      await database.transaction(async (tx) => {
        const repo = createCommunitiesRepository(tx);
        await repo.lock(row.id);
        const role = await repo.roleOf(row.id, viewer.id);
        if (role === "owner" && (await repo.ownersCount(row.id)) <= 1) throw conflict(NEEDS_OWNER);
        await repo.removeMember(row.id, viewer.id);
      });
      return { data: toCommunity(await load(row.id, viewer), viewer) };
    },
  );

  registerCommonContentRoutes(app, {
    kind: "communities",
    database,
    notify,
    notFoundMessage: COMMUNITY_NOT_FOUND,
    itemSchema: communitySchema,
    find: async (id, viewer) => {
      const row = await communities.findById(id, viewer.id);
      return row ? { hidden: row.hidden, canEdit: managesCommunity(row.my_role, viewer) } : null;
    },
    present: async (id, viewer) => toCommunity((await communities.findById(id, viewer.id))!, viewer),
  });

  if (images) {
    await registerContentImageRoutes(app, {
      kind: "communities",
      database,
      images,
      notFoundMessage: COMMUNITY_NOT_FOUND,
      itemSchema: communitySchema,
      canEdit: async (id, viewer) => {
        const row = await communities.findById(id, viewer.id);
        if (!row) return null;
        const can = managesCommunity(row.my_role, viewer);
        return row.hidden && !can && !viewer.isAdmin ? null : can;
      },
      present: async (id, viewer) => toCommunity((await communities.findById(id, viewer.id))!, viewer),
    });
  }
};
