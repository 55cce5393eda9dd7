import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import {
  followQuerySchema,
  followResultSchema,
  idParamsSchema,
  moderationPayloadSchema,
  type ContentKind,
} from "../../../lib/schemas/content";
import type { Database } from "../../db/client";
import { forbidBanned, requireAdmin, requireUser } from "../../plugins/auth";
import { notFound } from "../../plugins/errors";
import { itemScope, LISTS_SCOPE, narrowChange, viewerScope } from "../../plugins/http-cache";
import { bearerSecurity, envelope, errorResponses } from "../contract";
import { createContentFollows } from "./follows";
import { KINDS, linkTo } from "./kinds";
import { moderate } from "./moderation";
import type { ContentNotifier } from "./notify";
import { actorOf, type Viewer } from "./viewer";

// The calls every content kind has in the same shape: follow/unfollow and admin moderation.

export interface FollowAndModerationOptions {
  kind: ContentKind;
  database: Database;
  notify: ContentNotifier;
  notFoundMessage: string;
  /** Loads what visibility needs; null when the id does not exist. */
  find(id: string, viewer: Viewer): Promise<{ hidden: boolean; canEdit: boolean } | null>;
  /** Answers the moderated item in its full shape. */
  present(id: string, viewer: Viewer): Promise<unknown>;
  itemSchema: z.ZodType;
}

export function registerFollowAndModeration(app: FastifyInstance, options: FollowAndModerationOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const follows = createContentFollows(options.database);
  const words = KINDS[options.kind].words;

  api.post(
    "/:id/follow",
    {
      onRequest: [requireUser, forbidBanned],
      schema: {
        tags: [options.kind],
        summary: `Seguir o dejar de seguir (${words.one})`,
        description: "Idempotente. Con `?unfollow=true` deja de seguir. Responde el estado final y el número de seguidores.",
        security: bearerSecurity,
        params: idParamsSchema,
        querystring: followQuerySchema,
        response: { 200: envelope(followResultSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = await actorOf(request);
      const unfollow = request.query.unfollow === true;
      // Unfollowing is always allowed, even for an item that is now hidden, so nobody is stuck.
      if (!unfollow) {
        const item = await options.find(request.params.id, viewer);
        if (!item || (item.hidden && !viewer.isAdmin && !item.canEdit)) throw notFound(options.notFoundMessage);
      }
      const result = await follows.set(options.kind, request.params.id, viewer.id, !unfollow);
      // What a follow changes that anyone reads: the item's count, the lists that show it, and
      // what is kept of the follower. Everything else kept stays.
      narrowChange(request, [LISTS_SCOPE, itemScope(options.kind, request.params.id), viewerScope(viewer.id)]);
      return { data: result };
    },
  );

  api.post(
    "/:id/moderate",
    {
      onRequest: [requireAdmin, forbidBanned],
      schema: {
        tags: [options.kind],
        summary: `Moderar (${words.one}): ocultar, mostrar, destacar, quitar de destacados`,
        description: "Solo administración. Ocultar exige un motivo, que se notifica a quien lo publicó.",
        security: bearerSecurity,
        params: idParamsSchema,
        body: moderationPayloadSchema,
        response: { 200: envelope(options.itemSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = await actorOf(request);
      const { action, reason } = request.body;
      const item = await moderate(options.database, options.kind, request.params.id, action, reason ?? null, viewer.id);
      if (!item) throw notFound(options.notFoundMessage);
      if (action === "hide" && item.authorId && item.authorId !== viewer.id) {
        await options.notify([
          {
            userId: item.authorId,
            kind: "content_hidden",
            title: `Tu ${words.one} «${item.label}» fue ${words.hidden}`,
            body: `La moderación lo ocultó. Motivo: ${reason}`,
            link: linkTo(options.kind, item.id),
            data: { kind: options.kind, id: item.id },
          },
        ]);
      }
      return { data: await options.present(item.id, viewer) };
    },
  );
}
