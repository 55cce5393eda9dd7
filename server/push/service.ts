import type { FastifyBaseLogger } from "fastify";
import webPush from "web-push";
import type { PushSubscriptionJson } from "../../lib/schemas/push";
import type { Database } from "../db/client";
import type { PushConfig } from "../env";
import { badRequest } from "../plugins/errors";
import { createPushDispatcher, type PushDispatcher } from "./dispatcher";
import { createPushRepository, type PushRepository } from "./repository";
import { createPushSender } from "./sender";
import type { VapidKeys } from "./vapid";

// Web push as the rest of the server sees it: the public key, storing a device's subscription,
// and the dispatcher that sends every stored notification (dispatcher.ts).

declare module "fastify" {
  interface FastifyInstance {
    push: PushService;
  }
}

export interface PushService {
  publicKey: string;
  repository: PushRepository;
  dispatcher: PushDispatcher;
  /** Stores `userId`'s subscription; refuses (400) what this server must not send to. */
  register(userId: string, subscription: PushSubscriptionJson): Promise<void>;
}

export interface PushServiceOptions {
  database: Pick<Database, "query" | "listen" | "schema">;
  config: PushConfig;
  /** The pair from loadVapidKeys (main.ts); without it, the configured one or a fresh pair for this process (tests). */
  vapidKeys?: VapidKeys;
  log: FastifyBaseLogger;
}

export function createPushService({ database, config, vapidKeys, log }: PushServiceOptions): PushService {
  const vapid = vapidKeys ?? (config.publicKey && config.privateKey ? { publicKey: config.publicKey, privateKey: config.privateKey } : webPush.generateVAPIDKeys());
  const repository = createPushRepository(database);
  const sender = createPushSender({ vapid, subject: config.subject, allowLoopbackEndpoints: config.allowLoopbackEndpoints });
  const dispatcher = createPushDispatcher({ database, repository, sender, log });
  return {
    publicKey: vapid.publicKey,
    repository,
    dispatcher,
    async register(userId, subscription) {
      if (!config.allowLoopbackEndpoints && new URL(subscription.endpoint).protocol !== "https:") {
        throw badRequest("El servicio de notificaciones debe usar https.");
      }
      await repository.save(userId, subscription);
    },
  };
}
