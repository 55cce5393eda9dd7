import { createHash, randomBytes } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ERROR_CODES } from "../../../lib/schemas/errors";
import {
  markViewedPayloadSchema,
  markViewedResultSchema,
  NOTIFICATION_KINDS,
  notificationPageSchema,
  sendNotificationPayloadSchema,
  sendNotificationResultSchema,
  streamTicketSchema,
  type Notification,
} from "../../../lib/schemas/notifications";
import { currentUser, forbidBanned, requireAdmin, requireUser } from "../../plugins/auth";
import { badRequest, HttpError, notFound, USER_NOT_FOUND } from "../../plugins/errors";
import { bodyDefaultsToObject } from "../../plugins/validation";
import type { RealtimeHub } from "../../realtime/hub";
import { formatSseComment, formatSseEvent } from "../../realtime/sse";
import { bearerSecurity, envelope, errorResponses } from "../contract";
import { decodeCursor, type NotificationsRepository } from "./repository";
import { notifyUsers } from "./service";
import type { Database } from "../../db/client";

export interface NotificationsRoutesOptions {
  notifications: NotificationsRepository;
  /** Finds the recipient of a message to one user; the users repository fits. */
  users: { findById(id: string): Promise<{ id: string } | null> };
  database: Pick<Database, "query" | "schema">;
  hub: RealtimeHub;
  heartbeatMs: number;
}

// A stream ticket opens GET /notifications/stream, because EventSource cannot send an
// Authorization header. It lives a few minutes and may be reused in that time, so EventSource's
// own reconnects work; after that the client asks for a new one. Tickets never travel in
// headers or bodies other than this answer and the stream URL.
export const STREAM_TICKET_TTL_MS = 5 * 60 * 1000;
const INVALID_TICKET = "El permiso para recibir notificaciones no es válido o expiró. Pide uno nuevo.";
const CATCH_UP_LIMIT = 100;

const hashTicket = (ticket: string) => createHash("sha256").update(ticket).digest("hex");

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

const streamQuery = z.object({ ticket: z.string().min(1).max(200) }).strict();

export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async (
  app,
  { notifications, users, database, hub, heartbeatMs },
) => {
  app.get(
    "",
    {
      onRequest: requireUser,
      schema: {
        tags: ["notifications"],
        summary: "Mis notificaciones",
        description: "Las más recientes primero (`createdAt` descendente); `{ items, nextCursor, unviewed }`, `limit` 1–100 (20).",
        security: bearerSecurity,
        querystring: pageQuery,
        response: { 200: envelope(notificationPageSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const me = await currentUser(request);
      const cursor = request.query.cursor === undefined ? null : decodeCursor(request.query.cursor);
      if (request.query.cursor !== undefined && !cursor) throw badRequest("El cursor no es válido.");
      const [page, unviewed] = await Promise.all([
        notifications.listForUser(me.id, { cursor, limit: request.query.limit ?? 20 }),
        notifications.countUnviewed(me.id),
      ]);
      return { data: { ...page, unviewed } };
    },
  );

  app.post(
    "/viewed",
    {
      onRequest: [requireUser, forbidBanned],
      preValidation: bodyDefaultsToObject,
      schema: {
        tags: ["notifications"],
        summary: "Marcar notificaciones como vistas",
        description: "`ids` marca esas; sin cuerpo o sin `ids` marca todas. Responde cuántas cambiaron y cuántas quedan sin ver.",
        security: bearerSecurity,
        body: markViewedPayloadSchema,
        response: { 200: envelope(markViewedResultSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const me = await currentUser(request);
      const updated = await notifications.markViewed(me.id, request.body.ids);
      return { data: { updated, unviewed: await notifications.countUnviewed(me.id) } };
    },
  );

  app.post(
    "/send",
    {
      onRequest: [requireAdmin, forbidBanned],
      schema: {
        tags: ["admin"],
        summary: "Enviar una notificación (panel)",
        description:
          "Solo administradores. `audience`: `all` (todas las cuentas), `verified` (verificadas) o `user` (con `userId`); `title` (≤ 120), `body` (≤ 1000) y `link` opcional (ruta de la app). Llega en tiempo real a quien tenga la app abierta.",
        security: bearerSecurity,
        body: sendNotificationPayloadSchema,
        response: { 200: envelope(sendNotificationResultSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
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

  app.post(
    "/stream-ticket",
    {
      // Not a write: banned users can still read what they were told.
      onRequest: requireUser,
      schema: {
        tags: ["notifications"],
        summary: "Pedir un permiso para el stream de notificaciones",
        description:
          "EventSource no puede enviar el token en una cabecera: esta llamada devuelve un `ticket` válido 5 minutos (reutilizable en ese tiempo, para las reconexiones) y la `url` lista para `new EventSource(url)`.",
        security: bearerSecurity,
        response: { 200: envelope(streamTicketSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const me = await currentUser(request);
      const ticket = randomBytes(32).toString("base64url");
      const expiresAt = new Date(Date.now() + STREAM_TICKET_TTL_MS);
      await notifications.createStreamTicket(hashTicket(ticket), me.id, expiresAt);
      return { data: { ticket, expiresAt: expiresAt.toISOString(), url: `/api/notifications/stream?ticket=${ticket}` } };
    },
  );

  app.get(
    "/stream",
    {
      schema: {
        tags: ["notifications"],
        summary: "Stream de notificaciones en tiempo real (SSE)",
        description:
          "text/event-stream autenticado con `?ticket=` (POST /notifications/stream-ticket). Eventos: `ready` (`{ unviewed }`, al conectar), `notification` (una notificación nueva; `id:` es su `_id`) y comentarios `: ping` cada ~25 s. Con `Last-Event-ID` (reconexión) reenvía primero las que se perdieron. 401 con un ticket vencido: pide otro.",
        querystring: streamQuery,
        response: { 401: errorResponses(401)[401]! },
      },
    },
    async (request, reply) => {
      const userId = await notifications.userOfStreamTicket(hashTicket(request.query.ticket));
      if (!userId) throw new HttpError(401, ERROR_CODES.INVALID_TOKEN, INVALID_TICKET);

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        // Security headers already set on the reply by the hooks (helmet); the rest is SSE.
        ...(reply.getHeaders() as Record<string, string>),
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        connection: "keep-alive",
        // Proxies (nginx) would otherwise buffer the stream and delay every event.
        "x-accel-buffering": "no",
      });
      res.socket?.setNoDelay(true);

      let open = true;
      let catchingUp = true;
      const sentDuringCatchUp = new Set<string>();
      const pending: Notification[] = [];
      const write = (chunk: string) => {
        if (open) res.write(chunk);
      };
      const send = (notification: Notification) => write(formatSseEvent({ id: notification._id, event: "notification", data: notification }));

      const heartbeat = setInterval(() => write(formatSseComment("ping")), heartbeatMs);
      const unsubscribe = hub.subscribe(userId, {
        send(notification) {
          if (catchingUp) pending.push(notification);
          else send(notification);
        },
        close() {
          cleanup();
          res.end();
        },
      });
      function cleanup() {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        unsubscribe();
      }
      // Whichever side notices first: the client going away, or the socket failing.
      request.raw.on("close", cleanup);
      res.on("close", cleanup);
      res.on("error", cleanup);

      write("retry: 3000\n\n");
      try {
        // Subscribed first, then caught up, so nothing falls between the two; duplicates are
        // dropped by id.
        const lastEventId = request.headers["last-event-id"];
        if (typeof lastEventId === "string" && lastEventId.length > 0 && lastEventId.length <= 64) {
          for (const missed of await notifications.listAfter(userId, lastEventId, CATCH_UP_LIMIT)) {
            sentDuringCatchUp.add(missed._id);
            send(missed);
          }
        }
        write(formatSseEvent({ event: "ready", data: { unviewed: await notifications.countUnviewed(userId) } }));
      } catch (error) {
        request.log.error({ err: error }, "No se pudo preparar el stream de notificaciones");
      }
      catchingUp = false;
      for (const notification of pending.splice(0)) if (!sentDuringCatchUp.has(notification._id)) send(notification);
    },
  );
};
