import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  markViewedPayloadSchema,
  markViewedResultSchema,
  NOTIFICATION_KINDS,
  notificationPageSchema,
  sendNotificationPayloadSchema,
  sendNotificationResultSchema,
} from "../../../lib/schemas/notifications";
import { currentUser } from "../../plugins/auth";
import { notFound, USER_NOT_FOUND } from "../../plugins/errors";
import { bodyDefaultsToObject } from "../../plugins/validation";
import type { Database } from "../../db/client";
import { routeOptions } from "../routing";
import { notifyUsers } from "./service";
import { notificationStreamRoutes, type NotificationStreamOptions } from "./stream-routes";

// A person's notifications (list, mark as viewed), the admins' messages, and the realtime stream
// (stream-routes.ts).

export interface NotificationsRoutesOptions extends NotificationStreamOptions {
  /** Finds the recipient of a message to one user; the users repository fits. */
  users: { findById(id: string): Promise<{ id: string } | null> };
  database: Pick<Database, "query" | "schema">;
}

const pageQuery = z
  .object({
    cursor: z.string().trim().min(1).max(512).optional(),
    limit: z.coerce
      .number()
      .int("El límite debe ser un número entero.")
      .min(1, "El límite debe ser al menos 1.")
      .max(100, "El límite admite hasta 100.")
      .optional(),
  })
  .strict();

export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async (
  app,
  { notifications, users, database, hub, heartbeatMs },
) => {
  app.get(
    "",
    routeOptions("notifications", "signedIn", {
      summary: "Mis notificaciones",
      description: "Las más recientes primero (`createdAt` descendente); `{ items, nextCursor, unviewed }`, `limit` 1–100 (20).",
      querystring: pageQuery,
      data: { 200: notificationPageSchema },
      errors: [400, 401, 403],
    }),
    async (request) => {
      const me = await currentUser(request);
      const [page, unviewed] = await Promise.all([
        notifications.listForUser(me.id, { cursor: request.query.cursor, limit: request.query.limit ?? 20 }),
        notifications.countUnviewed(me.id),
      ]);
      return { data: { ...page, unviewed } };
    },
  );

  app.post(
    "/viewed",
    {
      ...routeOptions("notifications", "writer", {
        summary: "Marcar notificaciones como vistas",
        description: "`ids` marca esas; sin cuerpo o sin `ids` marca todas. Responde cuántas cambiaron y cuántas quedan sin ver.",
        body: markViewedPayloadSchema,
        data: { 200: markViewedResultSchema },
        errors: [400, 401, 403],
      }),
      preValidation: bodyDefaultsToObject,
      // The caller's own notifications: they move no content version (plugins/http-cache.ts).
      config: { changesOnlyOwnData: true },
    },
    async (request) => {
      const me = await currentUser(request);
      const updated = await notifications.markViewed(me.id, request.body.ids);
      return { data: { updated, unviewed: await notifications.countUnviewed(me.id) } };
    },
  );

  app.post(
    "/send",
    routeOptions("admin", "admin", {
      summary: "Enviar una notificación (panel)",
      description:
        "Solo administradores. `audience`: `all` (todas las cuentas), `verified` (verificadas) o `user` (con `userId`); `title` (≤ 120), `body` (≤ 1000) y `link` opcional (ruta de la app). Llega en tiempo real a quien tenga la app abierta.",
      body: sendNotificationPayloadSchema,
      data: { 200: sendNotificationResultSchema },
      errors: [400, 401, 403, 404],
    }),
    async (request) => {
      const me = await currentUser(request);
      const { audience, userId, title, body, link } = request.body;
      const item = { kind: NOTIFICATION_KINDS.ADMIN_MESSAGE, title, body, link: link ?? null, data: { senderId: me.id } };
      if (audience === "user") {
        const target = userId ? await users.findById(userId) : null;
        if (!target) throw notFound(USER_NOT_FOUND);
        await notifyUsers(database, [{ ...item, userId: target.id }]);
        return { data: { sent: 1 } };
      }
      return { data: { sent: await notifications.insertForAudience(audience, item) } };
    },
  );

  await app.register(notificationStreamRoutes, { notifications, hub, heartbeatMs });
};
