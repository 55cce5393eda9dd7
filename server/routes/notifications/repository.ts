import { randomUUID } from "node:crypto";
import type { Notification } from "../../../lib/schemas/notifications";
import type { Database, Queryable } from "../../db/client";
import { exactTimestamp, Params } from "../../db/sql";
import { MAX_INLINE_PAYLOAD_BYTES, notificationsChannel } from "../../realtime/channel";
import { decodeCursor, keysetAfter, pageOf, timestampKey } from "../paging";

// The only code that touches SQL for notifications and stream tickets. Inserts publish on the
// LISTEN/NOTIFY channel in the same statement, so an event exists exactly when its row does
// (NOTIFY is delivered at commit, and not at all on rollback).

export interface NewNotification {
  userId: string;
  kind: string;
  title: string;
  body: string;
  link?: string | null;
  data?: Record<string, unknown>;
  /** Same user + same key → stored once; later copies are ignored. */
  idempotencyKey?: string | null;
}

interface NotificationRecord {
  id: string;
  user_id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  data: Record<string, unknown> | string;
  viewed: boolean;
  created_at_iso: string;
}

/** A person's list, newest first; the cursor keeps microseconds (see timestampKey). */
const NEWEST_FIRST = [timestampKey("created_at"), { column: "id" }];
const CREATED_AT_ISO = exactTimestamp("created_at");
const INVALID_CURSOR = "El cursor no es válido.";
const COLUMNS = `id, user_id, kind, title, body, link, data, viewed_at IS NOT NULL AS viewed, ${CREATED_AT_ISO} AS created_at_iso`;

/** The JSON published for each inserted row; `r` is the RETURNING alias. */
function publishedPayload(alias: string): string {
  const full = `json_build_object('type', 'notification', 'userId', ${alias}.user_id, 'id', ${alias}.id, 'notification',
      json_build_object('_id', ${alias}.id, 'userId', ${alias}.user_id, 'kind', ${alias}.kind, 'title', ${alias}.title,
        'body', ${alias}.body, 'link', ${alias}.link, 'data', ${alias}.data, 'viewed', false, 'createdAt', ${alias}.created_at_iso))::text`;
  const compact = `json_build_object('type', 'notification', 'userId', ${alias}.user_id, 'id', ${alias}.id)::text`;
  return `CASE WHEN octet_length(${full}) <= ${MAX_INLINE_PAYLOAD_BYTES} THEN ${full} ELSE ${compact} END`;
}

export function toNotification(record: NotificationRecord): Notification {
  return {
    _id: record.id,
    userId: record.user_id,
    kind: record.kind,
    title: record.title,
    body: record.body,
    link: record.link,
    data: typeof record.data === "string" ? (JSON.parse(record.data) as Record<string, unknown>) : record.data,
    viewed: record.viewed,
    // Milliseconds on the wire, like every other date of the API.
    createdAt: new Date(record.created_at_iso).toISOString(),
  };
}

function newId(): string {
  return randomUUID();
}

export function createNotificationsRepository(database: Pick<Database, "query" | "schema">) {
  const channel = notificationsChannel(database);

  async function insertMany(items: NewNotification[], q: Pick<Queryable, "query"> = database): Promise<Notification[]> {
    if (items.length === 0) return [];
    const rows = items.map((item) => ({
      id: newId(),
      user_id: item.userId,
      kind: item.kind,
      title: item.title,
      body: item.body,
      link: item.link ?? null,
      data: item.data ?? {},
      idempotency_key: item.idempotencyKey ?? null,
    }));
    // One statement: insert what is new for users that still exist, then publish each row.
    const records = await q.query<NotificationRecord>(
      `WITH input AS (
         SELECT x.* FROM jsonb_to_recordset($1::jsonb)
           AS x(id text, user_id text, kind text, title text, body text, link text, data jsonb, idempotency_key text)
         WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = x.user_id)
       ),
       inserted AS (
         INSERT INTO notifications (id, user_id, kind, title, body, link, data, idempotency_key)
         SELECT id, user_id, kind, title, body, link, coalesce(data, '{}'::jsonb), idempotency_key FROM input
         ON CONFLICT (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
         RETURNING id, user_id, kind, title, body, link, data, false AS viewed, ${CREATED_AT_ISO} AS created_at_iso
       ),
       published AS (SELECT r.*, pg_notify($2, ${publishedPayload("r")}) AS sent FROM inserted r)
       SELECT id, user_id, kind, title, body, link, data, viewed, created_at_iso FROM published`,
      [JSON.stringify(rows), channel],
    );
    return records.map(toNotification);
  }

  return {
    channel,
    insertMany,

    /** One notification for every user of an audience; returns how many were stored. */
    async insertForAudience(
      audience: "all" | "verified",
      item: Omit<NewNotification, "userId" | "idempotencyKey">,
    ): Promise<number> {
      const rows = await database.query<{ n: number }>(
        `WITH inserted AS (
           INSERT INTO notifications (id, user_id, kind, title, body, link, data)
           SELECT gen_random_uuid()::text, u.id, $1, $2, $3, $4, $5::jsonb FROM users u
           WHERE ($6::boolean IS FALSE OR u.verified)
           RETURNING id, user_id, kind, title, body, link, data, ${CREATED_AT_ISO} AS created_at_iso
         ),
         published AS (SELECT pg_notify($7, ${publishedPayload("r")}) AS sent FROM inserted r)
         SELECT count(*)::int AS n FROM published`,
        [item.kind, item.title, item.body, item.link ?? null, JSON.stringify(item.data ?? {}), audience === "verified", channel],
      );
      return rows[0]?.n ?? 0;
    },

    async findById(id: string): Promise<Notification | null> {
      const rows = await database.query<NotificationRecord>(`SELECT ${COLUMNS} FROM notifications WHERE id = $1`, [id]);
      return rows[0] ? toNotification(rows[0]) : null;
    },

    /** A user's notifications, newest first, after `cursor` (exclusive; 400 when forged). */
    async listForUser(
      userId: string,
      options: { cursor?: string | null; limit: number },
    ): Promise<{ items: Notification[]; nextCursor: string | null }> {
      const p = new Params();
      const where = [`user_id = ${p.add(userId)}`];
      const after = keysetAfter(NEWEST_FIRST, decodeCursor(options.cursor ?? undefined, NEWEST_FIRST, INVALID_CURSOR), true, p);
      if (after) where.push(after);
      const rows = await database.query<NotificationRecord>(
        `SELECT ${COLUMNS} FROM notifications WHERE ${where.join(" AND ")} ORDER BY created_at DESC, id DESC LIMIT ${p.add(options.limit + 1)}`,
        p.values,
      );
      const page = pageOf(rows, options.limit, (last) => [last.created_at_iso, last.id]);
      return { items: page.rows.map(toNotification), nextCursor: page.nextCursor };
    },

    /** Notifications stored after the one with id `lastId`, oldest first (stream catch-up). */
    async listAfter(userId: string, lastId: string, limit = 100): Promise<Notification[]> {
      const rows = await database.query<NotificationRecord>(
        `SELECT ${COLUMNS} FROM notifications n
         WHERE user_id = $1 AND (created_at, id) > (SELECT created_at, id FROM notifications WHERE id = $2 AND user_id = $1)
         ORDER BY created_at ASC, id ASC LIMIT $3`,
        [userId, lastId, limit],
      );
      return rows.map(toNotification);
    },

    async countUnviewed(userId: string): Promise<number> {
      const rows = await database.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND viewed_at IS NULL",
        [userId],
      );
      return rows[0]?.n ?? 0;
    },

    /** Marks the given ids (or all when `ids` is undefined) of this user as viewed. */
    async markViewed(userId: string, ids: string[] | undefined): Promise<number> {
      const rows = ids
        ? await database.query<{ id: string }>(
            "UPDATE notifications SET viewed_at = now() WHERE user_id = $1 AND viewed_at IS NULL AND id = ANY($2::text[]) RETURNING id",
            [userId, ids],
          )
        : await database.query<{ id: string }>(
            "UPDATE notifications SET viewed_at = now() WHERE user_id = $1 AND viewed_at IS NULL RETURNING id",
            [userId],
          );
      return rows.length;
    },

    /** Tells every instance to close this user's streams. */
    async publishDisconnect(userId: string): Promise<void> {
      await database.query("SELECT pg_notify($1, $2)", [channel, JSON.stringify({ type: "disconnect", userId })]);
    },

    async createStreamTicket(ticketHash: string, userId: string, expiresAt: Date): Promise<void> {
      // Expired tickets are swept here rather than by a timer, so idle instances do no work.
      await database.query("DELETE FROM notification_stream_tickets WHERE expires_at < now() - interval '1 hour'");
      await database.query("INSERT INTO notification_stream_tickets (ticket_hash, user_id, expires_at) VALUES ($1, $2, $3)", [
        ticketHash,
        userId,
        expiresAt,
      ]);
    },

    /** The user a live ticket belongs to, or null (unknown or expired). */
    async userOfStreamTicket(ticketHash: string): Promise<string | null> {
      const rows = await database.query<{ user_id: string }>(
        "SELECT user_id FROM notification_stream_tickets WHERE ticket_hash = $1 AND expires_at > now()",
        [ticketHash],
      );
      return rows[0]?.user_id ?? null;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
