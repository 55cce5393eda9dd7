import type { Queryable } from "../../db/queryable";
import type { Params } from "../../db/sql";
import { decodeCursor, keysetAfter, pageOf, timestampKey, type Page } from "../paging";
import { toUserRow, type UserRecord, type UserRow } from "./rows";

// Keyset pagination over `users` for the admin lists (search, verification queue), with the
// server's one cursor codec (server/routes/paging.ts): the last row's sort timestamp
// (microseconds) and id.

/** What the admin lists answer to a forged cursor (shorter than the content lists' message). */
const INVALID_CURSOR = "El cursor no es válido.";

export type UserPage = Page<UserRow>;

export interface UserPageQuery {
  /** SQL conditions on `users`, joined with AND; their parameters are in `params`. */
  conditions: string[];
  params: Params;
  orderColumn: "created_at" | "verification_requested_at";
  direction: "asc" | "desc";
  /** The cursor of the previous page (400 when forged); none for the first page. */
  cursor: string | undefined;
  limit: number;
}

export async function pageOfUsers(db: Queryable, query: UserPageQuery): Promise<UserPage> {
  const { conditions, params: p, orderColumn, direction, limit } = query;
  const keys = [timestampKey(orderColumn), { column: "id" }];
  const after = keysetAfter(keys, decodeCursor(query.cursor, keys, INVALID_CURSOR), direction === "desc", p);
  const where = after ? [...conditions, after] : conditions;
  const rows = await db.query<UserRecord & { cursor_at: string }>(
    `SELECT *, ${keys[0]!.text} AS cursor_at FROM users
     ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""}
     ORDER BY ${orderColumn} ${direction}, id ${direction} LIMIT ${p.add(limit + 1)}`,
    p.values,
  );
  const page = pageOf(rows, limit, (last) => [last.cursor_at, last.id as string]);
  return { rows: page.rows.map(toUserRow), nextCursor: page.nextCursor };
}
