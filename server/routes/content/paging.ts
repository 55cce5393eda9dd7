import { badRequest } from "../../plugins/errors";
import type { Params } from "./sql";

// The one cursor codec of the server's keyset lists. A cursor is opaque to clients (see
// lib/schemas/pagination.ts): base64url of a JSON array with the sort keys of the last row of a
// page. Lists ask for one row more than the page to know whether another page follows.

const CURSOR_ERROR = "El cursor no es válido; vuelve a cargar la lista.";

export interface PageRequest {
  cursor?: string;
  limit: number;
}

export interface Page<T> {
  rows: T[];
  nextCursor: string | null;
}

export function encodeCursor(values: (string | number)[]): string {
  return Buffer.from(JSON.stringify(values), "utf8").toString("base64url");
}

/** The `length` keys of a cursor made by encodeCursor; null without a cursor; 400 when forged. */
export function decodeCursor(cursor: string | undefined, length: number): string[] | null {
  if (cursor === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw badRequest(CURSOR_ERROR);
  }
  if (!Array.isArray(parsed) || parsed.length !== length || !parsed.every((v) => typeof v === "string" && v.length <= 256)) {
    throw badRequest(CURSOR_ERROR);
  }
  return parsed as string[];
}

/**
 * A timestamp as text with microseconds, for cursors: PostgreSQL keeps microseconds (now()) and
 * a JavaScript Date only milliseconds, so a cursor made from a Date could repeat or skip rows.
 */
export const exactTimestamp = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Checks that a cursor part is an exact timestamp made by `exactTimestamp`. */
export function cursorTimestamp(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(value)) throw badRequest(CURSOR_ERROR);
  return value;
}

/** Splits a `LIMIT page.limit + 1` result into the page and the cursor of its last row. */
export function pageOf<T>(rows: T[], limit: number, keysOf: (row: T) => (string | number)[]): Page<T> {
  const pageRows = rows.slice(0, limit);
  const last = pageRows[pageRows.length - 1];
  return { rows: pageRows, nextCursor: rows.length > limit && last ? encodeCursor(keysOf(last)) : null };
}

/** One sort key of a keyset list: the SQL expression, its cast in a cursor comparison, and its cursor text. */
export interface SortKey {
  column: string;
  /** How the cursor's text is compared with the column (e.g. "::timestamptz"); checked by `check`. */
  cast?: string;
  /** SQL that gives the key as cursor text (exactTimestamp for timestamps); the column itself by default. */
  text?: string;
  check?: (value: string) => unknown;
}

/** Timestamps are compared exactly (see exactTimestamp). */
export const timestampKey = (column: string): SortKey => ({
  column,
  cast: "::timestamptz",
  text: exactTimestamp(column),
  check: cursorTimestamp,
});

/**
 * The keyset condition after (or, descending, before) the cursor's row, or null without a
 * cursor: `(name, id) > ($1, $2)`.
 */
export function afterCursor(keys: SortKey[], cursor: string | undefined, descending: boolean, p: Params): string | null {
  const values = decodeCursor(cursor, keys.length);
  if (!values) return null;
  const params = keys.map((key, i) => `${p.add(key.check ? key.check(values[i]!) : values[i])}${key.cast ?? ""}`);
  return `(${keys.map((k) => k.column).join(", ")}) ${descending ? "<" : ">"} (${params.join(", ")})`;
}
