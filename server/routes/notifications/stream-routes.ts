import { createHash, randomBytes } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ERROR_CODES } from "../../../lib/schemas/errors";
import { streamTicketSchema } from "../../../lib/schemas/notifications";
import { currentUser } from "../../plugins/auth";
import { HttpError } from "../../plugins/errors";
import { createHeartbeat } from "../../realtime/heartbeat";
import { notificationFrame, type LiveNotification, type RealtimeHub } from "../../realtime/hub";
import { formatSseComment, formatSseEvent } from "../../realtime/sse";
import { errorResponses } from "../contract";
import { routeOptions } from "../routing";
import type { NotificationsRepository } from "./repository";

export interface NotificationStreamOptions {
  notifications: NotificationsRepository;
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

const streamQuery = z.object({ ticket: z.string().min(1).max(200) }).strict();
const PING = formatSseComment("ping");

export const notificationStreamRoutes: FastifyPluginAsyncZod<NotificationStreamOptions> = async (app, { notifications, hub, heartbeatMs }) => {
  // One timer for every stream of this instance (server/realtime/heartbeat.ts).
  const heartbeat = createHeartbeat(heartbeatMs);
  app.addHook("onClose", async () => heartbeat.stop());

  app.post(
    "/stream-ticket",
    {
      // Not a write: banned users can still read what they were told.
      ...routeOptions("notifications", "signedIn", {
        summary: "Pedir un permiso para el stream de notificaciones",
        description:
          "EventSource no puede enviar el token en una cabecera: esta llamada devuelve un `ticket` válido 5 minutos (reutilizable en ese tiempo, para las reconexiones) y la `url` lista para `new EventSource(url)`.",
        data: { 200: streamTicketSchema },
        errors: [401, 403],
      }),
      // Every app that opens asks for one: it moves no content version (plugins/http-cache.ts).
      config: { changesOnlyOwnData: true },
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
      // Until the catch-up below is written, live events wait here (then are sent unless the
      // catch-up already had them); afterwards both are dropped so an open stream holds neither.
      let pending: LiveNotification[] | null = [];
      let sentDuringCatchUp: Set<string> | null = new Set<string>();
      const write = (chunk: string) => {
        if (open) res.write(chunk);
      };

      const stopBeating = heartbeat.add(() => write(PING));
      const unsubscribe = hub.subscribe(userId, {
        send(event) {
          if (pending) pending.push(event);
          else write(event.frame);
        },
        close() {
          cleanup();
          res.end();
        },
      });
      function cleanup() {
        if (!open) return;
        open = false;
        stopBeating();
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
            write(notificationFrame(missed));
          }
        }
        write(formatSseEvent({ event: "ready", data: { unviewed: await notifications.countUnviewed(userId) } }));
      } catch (error) {
        request.log.error({ err: error }, "No se pudo preparar el stream de notificaciones");
      }
      const waiting = pending;
      const caughtUp = sentDuringCatchUp;
      pending = null;
      sentDuringCatchUp = null;
      for (const event of waiting) if (!caughtUp.has(event.notification._id)) write(event.frame);
    },
  );
};
