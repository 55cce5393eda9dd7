import { createHash } from "node:crypto";
import type { Database } from "../db/client";

// The LISTEN/NOTIFY channel that carries notification events between API instances. NOTIFY is
// database-wide, so handles working in a schema (test runs sharing one PostgreSQL) get a channel
// of their own and never see each other's events.

const BASE = "plaza_notifications";

export function notificationsChannel(database: Pick<Database, "schema">): string {
  if (!database.schema) return BASE;
  const name = `${BASE}_${database.schema}`;
  // Identifiers stop at 63 bytes; a hash keeps long schema names distinct.
  return name.length <= 63 ? name : `${BASE}_${createHash("sha256").update(database.schema).digest("hex").slice(0, 32)}`;
}

/**
 * What travels on the channel. `notification` carries the whole row when it fits in NOTIFY's
 * 8000-byte payload, else only its id (the receiver reads the row). `disconnect` closes a user's
 * open streams on every instance (account deleted).
 */
export type ChannelMessage =
  | { type: "notification"; userId: string; id: string; notification?: Record<string, unknown> }
  | { type: "disconnect"; userId: string };

/** Leaves room under PostgreSQL's 8000-byte limit for the JSON wrapper. */
export const MAX_INLINE_PAYLOAD_BYTES = 7500;
