import { NOTIFICATION_BODY_MAX, NOTIFICATION_TITLE_MAX, type Notification } from "../../../lib/schemas/notifications";
import type { Database } from "../../db/client";
import { createNotificationsRepository } from "./repository";

// The one way any module creates notifications: rows are stored and published on the realtime
// channel, which every API instance listens to and forwards to the user's open streams.
//
//   await notifyUsers(database, [{ userId, kind: "event_updated", title, body, link: `/events/${id}` }]);
//
// Stable API for the content modules; keep the signature.

export interface NotifyItem {
  userId: string;
  title: string;
  body: string;
  /** Machine name of what happened, e.g. "follow", "event_updated". */
  kind: string;
  /** In-app path the notification opens, e.g. "/events/abc". */
  link?: string | null;
  /** Small JSON the client may use (ids); keep it well under a few KB. */
  data?: Record<string, unknown>;
  /**
   * Optional: the same user + key is stored only once, so a retried request (or a replayed
   * offline action) does not notify twice. E.g. `follow:${followerId}`.
   */
  idempotencyKey?: string;
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * Stores one notification per item and publishes them (delivered on commit). Items for users
 * that no longer exist, and repeats of an idempotency key, are skipped. A no-op for [].
 */
export async function notifyUsers(database: Pick<Database, "query" | "schema">, items: NotifyItem[]): Promise<void> {
  await notifyUsersReturning(database, items);
}

/** `notifyUsers` that also returns the rows it stored. */
export async function notifyUsersReturning(database: Pick<Database, "query" | "schema">, items: NotifyItem[]): Promise<Notification[]> {
  if (items.length === 0) return [];
  const repository = createNotificationsRepository(database);
  return repository.insertMany(
    items.map((item) => ({
      userId: item.userId,
      kind: item.kind,
      // Long titles would only be cut by the client; clipping here keeps NOTIFY payloads small.
      title: clip(item.title, NOTIFICATION_TITLE_MAX),
      body: clip(item.body, NOTIFICATION_BODY_MAX),
      link: item.link ?? null,
      data: item.data ?? {},
      idempotencyKey: item.idempotencyKey ?? null,
    })),
  );
}
