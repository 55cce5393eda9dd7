import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  addMemberPayloadSchema,
  changeMemberRolePayloadSchema,
  communityMemberSchema,
  communitySchema,
  memberParamsSchema,
  type Community,
  type CommunityRole,
} from "../../../lib/schemas/communities";
import { deletedSchema, idParamsSchema } from "../../../lib/schemas/content";
import { PAGE_LIMIT_DEFAULT } from "../../../lib/schemas/cursor";
import { pageQuerySchema, pageSchema } from "../../../lib/schemas/pagination";
import { conflict, forbidden, notFound } from "../../plugins/errors";
import { itemScope, LISTS_SCOPE, narrowChange, viewerScope } from "../../plugins/http-cache";
import type { ResourceContext } from "../content/resource";
import { actorOf, viewerOf } from "../content/viewer";
import { toMember } from "./mappers";
import { createCommunitiesRepository, type CommunityRow } from "./repository";

// Members of a community: listing them, adding and removing them, changing their role, joining
// and leaving. A community always keeps at least one owner.

const MEMBER_NOT_FOUND = "Esa persona no es miembro de la comunidad.";
const NEEDS_OWNER = "La comunidad necesita al menos un propietario.";

export function registerMemberRoutes(plugin: FastifyInstance, ctx: ResourceContext<CommunityRow, Community>): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { database, notify, load, route } = ctx;
  const managed = ctx.editable;
  const communities = createCommunitiesRepository(database);
  const isOwner = (row: CommunityRow, viewer: { isAdmin: boolean }) => viewer.isAdmin || row.my_role === "owner";
  /**
   * What a change of membership touches that is kept: the community's count (its item and the
   * lists that show it) and the member's roles (what they may edit, read with their follows).
   * Everything else kept stays. Called before the change, whose failure moves nothing.
   */
  const membershipOf = (request: FastifyRequest, communityId: string, userId: string) =>
    narrowChange(request, [LISTS_SCOPE, itemScope("communities", communityId), viewerScope(userId)]);

  app.get(
    "/:id/members",
    route("public", {
      summary: "Miembros de una comunidad",
      description: "Propietarios, luego administradores, luego miembros; por antigüedad.",
      params: idParamsSchema,
      querystring: pageQuerySchema.strict(),
      data: { 200: pageSchema(communityMemberSchema) },
      errors: [400, 401, 404],
    }),
    async (request) => {
      const viewer = await viewerOf(request);
      const row = await load(request.params.id, viewer);
      const page = await communities.members(row.id, { cursor: request.query.cursor, limit: request.query.limit ?? PAGE_LIMIT_DEFAULT });
      return { data: { items: page.rows.map(toMember), nextCursor: page.nextCursor } };
    },
  );

  app.post(
    "/:id/members",
    route("writer", {
      summary: "Agregar un miembro",
      description: "Propietarios y administradores de la comunidad (o la administración del sitio). Solo un propietario da los roles owner o admin.",
      params: idParamsSchema,
      body: addMemberPayloadSchema,
      data: { 201: communityMemberSchema },
      errors: [400, 401, 403, 404, 409],
    }),
    async (request, reply) => {
      const viewer = await actorOf(request);
      const row = await managed(request.params.id, viewer);
      const role: CommunityRole = request.body.role ?? "member";
      if (role !== "member" && !isOwner(row, viewer)) throw forbidden("Solo un propietario puede nombrar administradores o propietarios.");
      const user = await plugin.loadUserById(request.body.userId);
      if (!user) throw notFound("Usuario no encontrado.");
      membershipOf(request, row.id, user.id);
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
    route("writer", {
      summary: "Cambiar el rol de un miembro",
      description: "Propietarios de la comunidad o la administración del sitio. Siempre queda al menos un propietario (409).",
      params: memberParamsSchema,
      body: changeMemberRolePayloadSchema,
      data: { 200: communityMemberSchema },
      errors: [400, 401, 403, 404, 409],
    }),
    async (request) => {
      const viewer = await actorOf(request);
      const row = await load(request.params.id, viewer);
      if (!isOwner(row, viewer)) throw forbidden("Solo un propietario puede cambiar roles.");
      membershipOf(request, row.id, request.params.userId);
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
    route("writer", {
      summary: "Quitar a un miembro",
      description:
        "Propietarios (a cualquiera salvo a un propietario), administradores de la comunidad (solo a miembros) o la administración del sitio. " +
        "A un propietario primero se le cambia el rol.",
      params: memberParamsSchema,
      data: { 200: deletedSchema },
      errors: [400, 401, 403, 404, 409],
    }),
    async (request) => {
      const viewer = await actorOf(request);
      const row = await managed(request.params.id, viewer);
      const member = await communities.member(row.id, request.params.userId);
      if (!member) throw notFound(MEMBER_NOT_FOUND);
      if (member.role === "owner") throw conflict("No se puede quitar a un propietario; primero cámbiale el rol.");
      if (member.role === "admin" && !isOwner(row, viewer)) throw forbidden("Solo un propietario puede quitar a un administrador.");
      membershipOf(request, row.id, member.user_id);
      await communities.removeMember(row.id, member.user_id);
      return { data: { _id: member.user_id, deleted: true as const } };
    },
  );

  // Joining and leaving answer the community, with the caller's new role.
  const membership = (path: "/:id/join" | "/:id/leave", doc: { summary: string; description: string; errors: number[] }, change: (row: CommunityRow, userId: string) => Promise<void>) =>
    app.post(path, route("writer", { ...doc, params: idParamsSchema, data: { 200: communitySchema } }), async (request) => {
      const viewer = await actorOf(request);
      const row = await load(request.params.id, viewer);
      membershipOf(request, row.id, viewer.id);
      await change(row, viewer.id);
      // Leaving, read again without `load`'s visibility check, which passed for this viewer above:
      // one who may edit a hidden community no longer sees it once they leave. The leave took, and
      // its answer (their role gone) says so instead of a 404, whose failure would also keep what
      // this change touched. Gone meanwhile (deleted), `load` answers the 404.
      const after = path === "/:id/leave" ? await communities.findById(row.id, viewer.id) : null;
      return { data: ctx.toItem(after ?? (await load(row.id, viewer)), viewer) };
    });

  membership(
    "/:id/join",
    { summary: "Unirme a una comunidad", description: "Idempotente: si ya eres miembro, conservas tu rol.", errors: [401, 403, 404] },
    async (row, userId) => void (await communities.addMember(row.id, userId, "member")),
  );
  membership(
    "/:id/leave",
    { summary: "Salir de una comunidad", description: "Idempotente. El último propietario no puede salir (409): antes nombra a otro.", errors: [401, 403, 404, 409] },
    (row, userId) =>
      database.transaction(async (tx) => {
        const repo = createCommunitiesRepository(tx);
        await repo.lock(row.id);
        const role = await repo.roleOf(row.id, userId);
        if (role === "owner" && (await repo.ownersCount(row.id)) <= 1) throw conflict(NEEDS_OWNER);
        await repo.removeMember(row.id, userId);
      }),
  );
}
