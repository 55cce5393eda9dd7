import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import { notifyUsers, type NotifyItem } from "../notifications/service";

// Content changes notify followers through the accounts module's notifyUsers (stored rows plus
// the realtime stream). A failure to notify must not undo or fail the change people asked for:
// it is logged and the request still succeeds.

export type ContentNotifier = (items: NotifyItem[]) => Promise<void>;

export function createContentNotifier(database: Database, log: FastifyBaseLogger): ContentNotifier {
  return async (items) => {
    if (items.length === 0) return;
    try {
      await notifyUsers(database, items);
    } catch (error) {
      log.error({ err: error, count: items.length }, "No se pudieron crear las notificaciones de contenido");
    }
  };
}

export type { NotifyItem };
