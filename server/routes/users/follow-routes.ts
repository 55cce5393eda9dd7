import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { NOTIFICATION_KINDS } from "../../../lib/schemas/notifications";
import { userSummarySchema } from "../../../lib/schemas/public-users";
import { followQuerySchema, followResultSchema, requiredUserId } from "../../../lib/schemas/users";
import { currentUser } from "../../plugins/auth";
import { badRequest, notFound, USER_NOT_FOUND } from "../../plugins/errors";
import { narrowChange, viewerScope } from "../../plugins/http-cache";
import { routeOptions } from "../routing";
import { notifyUsers } from "../notifications/service";
import { toUserSummary } from "./mappers";
import type { UsersRoutesOptions } from "./shared";

// Following people (content is followed through the content modules).

const CANNOT_FOLLOW_SELF = "No puedes seguirte a ti mismo.";
const followParams = z.object({ id: requiredUserId }).strict();

export const followRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { users, database }) => {
  app.get(
    "/following/users",
    routeOptions("users", "signedIn", {
      summary: "Usuarios que sigo",
      description: "Resúmenes de perfil, el seguido más reciente primero (hasta 1000).",
      data: { 200: z.array(userSummarySchema) },
      errors: [401, 403],
    }),
    async (request) => {
      const me = await currentUser(request);
      const rows = await users.followedUsers(me.id);
      const counts = await users.followersCounts(rows.map((r) => r.id));
      return { data: rows.map((row) => toUserSummary(row, counts.get(row.id) ?? 0, me)) };
    },
  );

  app.post(
    "/follow/:id/user",
    routeOptions("users", "writer", {
      summary: "Seguir o dejar de seguir a un usuario",
      description:
        "`?unfollow=true` deja de seguir. Idempotente: repetirla deja el mismo estado. Un seguimiento nuevo avisa a la persona ('X empezó a seguirte'), una sola vez.",
      params: followParams,
      querystring: followQuerySchema,
      data: { 200: followResultSchema },
      errors: [400, 401, 403, 404],
    }),
    async (request) => {
      const me = await currentUser(request);
      const targetId = request.params.id;
      const unfollow = request.query.unfollow === true;
      if (targetId === me.id) throw badRequest(CANNOT_FOLLOW_SELF);
      const target = await users.findById(targetId);
      if (!target) throw notFound(USER_NOT_FOUND);
      if (unfollow) {
        await users.unfollow(me.id, target.id);
      } else if (await users.follow(me.id, target.id)) {
        await notifyUsers(database, [
          {
            userId: target.id,
            kind: NOTIFICATION_KINDS.FOLLOW,
            title: "Nuevo seguidor",
            body: `${me.name} empezó a seguirte`,
            link: `/profile/${me.id}`,
            data: { actorId: me.id },
            // Follow, unfollow, follow again: one notification, not one per tap.
            idempotencyKey: `follow:${me.id}`,
          },
        ]);
      }
      // Nothing kept for everyone says who follows a person or how many do (content shows its
      // organiser without counts); what is kept of the follower (their follows) is read again.
      narrowChange(request, [viewerScope(me.id)]);
      return { data: { userId: target.id, following: !unfollow, followersCount: await users.followersCount(target.id) } };
    },
  );
};
