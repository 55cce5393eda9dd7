import type { FastifyBaseLogger } from "fastify";
import type { Notification } from "../../lib/schemas/notifications";
import type { Database } from "../db/client";
import { notificationsChannel, type ChannelMessage } from "./channel";
import { formatSseEvent } from "./sse";

// One hub per API instance. It LISTENs on the notifications channel (every instance does, so an
// event written anywhere reaches a stream open on any instance) and hands each event to the
// streams this instance holds for that user.

declare module "fastify" {
  interface FastifyInstance {
    /** This instance's hub (open stream counts for tests and benchmarks). */
    realtimeHub: RealtimeHub;
  }
}

/** A notification as streams receive it: the row, and its SSE frame serialised once for all of them. */
export interface LiveNotification {
  notification: Notification;
  frame: string;
}

export interface StreamSubscriber {
  send(event: LiveNotification): void;
  /** The hub asks the stream to end (account deleted, server shutting down). */
  close(): void;
}

export interface RealtimeHub {
  start(): Promise<void>;
  subscribe(userId: string, subscriber: StreamSubscriber): () => void;
  /** Streams open on this instance. */
  size(): number;
  close(): Promise<void>;
}

export interface RealtimeHubOptions {
  database: Pick<Database, "listen" | "schema">;
  /** Reads a notification whose row did not fit in the NOTIFY payload. */
  loadNotification(id: string): Promise<Notification | null>;
  log: FastifyBaseLogger;
}

export function createRealtimeHub({ database, loadNotification, log }: RealtimeHubOptions): RealtimeHub {
  const streams = new Map<string, Set<StreamSubscriber>>();
  let stopListening: (() => Promise<void>) | null = null;
  let count = 0;

  const deliver = async (message: ChannelMessage) => {
    const subscribers = streams.get(message.userId);
    if (!subscribers || subscribers.size === 0) return;
    if (message.type === "disconnect") {
      for (const subscriber of [...subscribers]) subscriber.close();
      return;
    }
    const notification = (message.notification as Notification | undefined) ?? (await loadNotification(message.id));
    if (!notification) return;
    // Same millisecond precision as the REST answers.
    const normalised = { ...notification, createdAt: new Date(notification.createdAt).toISOString() };
    const event = { notification: normalised, frame: notificationFrame(normalised) };
    for (const subscriber of subscribers) subscriber.send(event);
  };

  const onPayload = (payload: string) => {
    let message: ChannelMessage;
    try {
      message = JSON.parse(payload) as ChannelMessage;
    } catch {
      log.warn({ payload: payload.slice(0, 200) }, "Mensaje de tiempo real ilegible");
      return;
    }
    deliver(message).catch((error: unknown) => log.error({ err: error }, "No se pudo entregar una notificación en tiempo real"));
  };

  return {
    async start() {
      stopListening ??= await database.listen(notificationsChannel(database), onPayload);
    },
    subscribe(userId, subscriber) {
      let set = streams.get(userId);
      if (!set) streams.set(userId, (set = new Set()));
      set.add(subscriber);
      count++;
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        count--;
        const current = streams.get(userId);
        current?.delete(subscriber);
        if (current?.size === 0) streams.delete(userId);
      };
    },
    size: () => count,
    async close() {
      for (const set of [...streams.values()]) for (const subscriber of [...set]) subscriber.close();
      streams.clear();
      const stop = stopListening;
      stopListening = null;
      await stop?.().catch(() => undefined);
    },
  };
}

/** The `notification` event of the stream; `id:` lets a reconnect ask for what it missed. */
export function notificationFrame(notification: Notification): string {
  return formatSseEvent({ id: notification._id, event: "notification", data: notification });
}
