import type { FastifyBaseLogger } from "fastify";
import { pushGroupOf, DEFAULT_PUSH_PREFERENCES } from "../../lib/schemas/push";
import type { Database } from "../db/client";
import { notificationsChannel, type ChannelMessage } from "../realtime/channel";
import { pushMessageOf } from "./payload";
import type { ClaimedNotification, PushRepository } from "./repository";
import type { PushSender } from "./sender";

// Every notification a person receives is also sent as web push. The dispatcher hears stored
// notifications on the realtime channel rather than being called by each writer: the channel
// carries every path that stores one (single notices, broadcasts to everyone), only after the
// writer's transaction commits, and never delays the request that caused it. Every instance
// hears every notification; `claim` lets exactly one of them send it.

export interface PushDispatcherOptions {
  database: Pick<Database, "listen" | "schema">;
  repository: PushRepository;
  sender: PushSender;
  log: FastifyBaseLogger;
  /** Messages in flight at once, across all recipients. */
  concurrency?: number;
}

export interface PushDispatcher {
  start(): Promise<void>;
  /** Resolves once everything heard so far has been sent or has failed. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Claims are made for the ids heard in the same moment at once (a broadcast is one statement). */
const BATCH_MAX = 500;

export function createPushDispatcher({ database, repository, sender, log, concurrency = 8 }: PushDispatcherOptions): PushDispatcher {
  let stopListening: (() => Promise<void>) | null = null;
  let pendingIds: string[] = [];
  let flushScheduled = false;
  const queue: (() => Promise<void>)[] = [];
  let running = 0;
  const inFlight = new Set<Promise<void>>();
  let idleWaiters: (() => void)[] = [];

  const settleIfIdle = () => {
    if (running === 0 && queue.length === 0 && inFlight.size === 0 && pendingIds.length === 0 && !flushScheduled) {
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
    }
  };

  const track = (work: Promise<void>) => {
    inFlight.add(work);
    void work.finally(() => {
      inFlight.delete(work);
      settleIfIdle();
    });
  };

  // Bounded concurrency: a broadcast to thousands of subscribers must not open thousands of sockets.
  const pump = () => {
    while (running < concurrency && queue.length > 0) {
      const job = queue.shift()!;
      running++;
      track(
        job().finally(() => {
          running--;
          pump();
        }),
      );
    }
  };

  const deliver = async (notifications: ClaimedNotification[]) => {
    const userIds = [...new Set(notifications.map((n) => n.userId))];
    const [subscriptions, preferences] = await Promise.all([repository.subscriptionsOf(userIds), repository.preferencesOfMany(userIds)]);
    for (const notification of notifications) {
      const wanted = (preferences.get(notification.userId) ?? DEFAULT_PUSH_PREFERENCES)[pushGroupOf(notification.kind)];
      if (!wanted) continue;
      const payload = JSON.stringify(pushMessageOf(notification));
      for (const subscription of subscriptions) {
        if (subscription.userId !== notification.userId) continue;
        queue.push(async () => {
          const result = await sender.send(subscription, payload);
          if (result.outcome === "gone") {
            await repository.prune(subscription.endpoint);
            log.info({ status: result.status }, "Suscripción push vencida: borrada");
          } else if (result.outcome === "failed") {
            log.warn({ err: result.error, status: result.status, notificationId: notification.id }, "No se pudo enviar una notificación push");
          }
        });
      }
    }
    pump();
  };

  const flush = async () => {
    flushScheduled = false;
    while (pendingIds.length > 0) {
      const batch = pendingIds.slice(0, BATCH_MAX);
      pendingIds = pendingIds.slice(BATCH_MAX);
      const claimed = await repository.claim(batch);
      if (claimed.length > 0) await deliver(claimed);
    }
  };

  const onPayload = (payload: string) => {
    let message: ChannelMessage;
    try {
      message = JSON.parse(payload) as ChannelMessage;
    } catch {
      return; // The hub reports unreadable messages.
    }
    if (message.type !== "notification") return;
    pendingIds.push(message.id);
    if (flushScheduled) return;
    flushScheduled = true;
    // The rest of a broadcast's NOTIFYs arrive in the same tick: claim them in one statement.
    setImmediate(() => track(flush().catch((error: unknown) => log.error({ err: error }, "No se pudieron preparar las notificaciones push"))));
  };

  const idle = () =>
    new Promise<void>((resolve) => {
      idleWaiters.push(resolve);
      settleIfIdle();
    });

  // Plain functions, not methods: they are handed to Fastify hooks on their own.
  return {
    async start() {
      stopListening ??= await database.listen(notificationsChannel(database), onPayload);
    },
    idle,
    async close() {
      const stop = stopListening;
      stopListening = null;
      await stop?.();
      // Messages already claimed are sent before the process ends (a few seconds at most).
      await Promise.race([idle(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    },
  };
}
