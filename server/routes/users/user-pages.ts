import type { Queryable } from "../../db/queryable";
import { exactTimestamp, type Params } from "../../db/sql";
import { toUserRow, type UserRecord, type UserRow } from "./rows";

// Keyset pagination over `users` for the admin lists (search, verification queue). The cursor is
// the last row's sort timestamp (microseconds) and id.
// Unify note: the content modules have their own opaque cursor codec; this one keeps its wire form.

/** A position in a list ordered by a timestamp and the id (keyset pagination). */
export interface KeysetCursor {
  at: string;
  id: string;
}

export interface UserPage {
  rows: UserRow[];
  /** The position after the last row, when there are more. */
  next: KeysetCursor | null;
}

export function encodeKeysetCursor(cursor: KeysetCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString("base64url");
}

export function decodeKeysetCursor(value: string): KeysetCursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [at, id] = parsed as unknown[];
    if (typeof at !== "string" || typeof id !== "string" || Number.isNaN(Date.parse(at))) return null;
    return { at, id };
  } catch {
    return null;
  }
}

export interface UserPageQuery {
  /** SQL conditions on `users`, joined with AND; their parameters are in `params`. */
  conditions: string[];
  params: Params;
  orderColumn: "created_at" | "verification_requested_at";
  direction: "asc" | "desc";
  cursor: KeysetCursor | null;
  limit: number;
}

export async function pageOfUsers(db: Queryable, query: UserPageQuery): Promise<UserPage> {
  const { conditions, params: p, orderColumn, direction, cursor, limit } = query;
  const where = [...conditions];
  if (cursor) {
    const after = direction === "desc" ? "<" : ">";
    where.push(`(${orderColumn}, id) ${after} (${p.add(cursor.at)}::timestamptz, ${p.add(cursor.id)})`);
  }
  const rows = await db.query<UserRecord & { cursor_at: string }>(
    `SELECT *, ${exactTimestamp(orderColumn)} AS cursor_at FROM users
     ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""}
     ORDER BY ${orderColumn} ${direction}, id ${direction} LIMIT ${p.add(limit + 1)}`,
    p.values,
  );
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return { rows: shown.map(toUserRow), next: rows.length > limit && last ? { at: last.cursor_at, id: last.id as string } : null };
}
