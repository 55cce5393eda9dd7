import { decodeCursor as decodeCursorText, encodeCursor } from "../../lib/schemas/cursor";
import { exactTimestamp, type Params } from "../db/sql";
import { badRequest } from "../plugins/errors";

// Keyset pagination of every server list. The cursor codec itself is lib/schemas/cursor.ts
// (shared with the client); this adds what only the server knows: which keys a list sorts by,
// how to check a cursor's parts before they reach SQL, and the 400 for a forged cursor. Lists ask
// for one row more than the page to know whether another page follows.

/** The answer to a forged or stale cursor on the content lists. */
export const CURSOR_ERROR = "El cursor no es válido; vuelve a cargar la lista.";

export interface PageRequest {
  cursor?: string;
  limit: number;
}

export interface Page<T> {
  rows: T[];
  nextCursor: string | null;
}

/** One sort key of a keyset list: the SQL expression, its cast in a cursor comparison, and its cursor text. */
export interface SortKey {
  column: string;
  /** How the cursor's text is compared with the column (e.g. "::timestamptz"). */
  cast?: string;
  /** SQL that gives the key as cursor text (exactTimestamp for timestamps); the column itself by default. */
  text?: string;
  /** Whether a cursor part can be this key; a forged part is answered with 400 before it reaches SQL. */
  accepts?: (value: string) => boolean;
}

const EXACT_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Timestamps are compared exactly, to the microsecond (see exactTimestamp in server/db/sql.ts). */
export const timestampKey = (column: string): SortKey => ({
  column,
  cast: "::timestamptz",
  text: exactTimestamp(column),
  accepts: (value) => EXACT_TIMESTAMP.test(value),
});

/** A whole number key (a rank), compared as an integer. */
export const integerKey = (column: string): SortKey => ({ column, cast: "::int", accepts: (value) => /^\d{1,9}$/.test(value) });

/**
 * The key values of a cursor made by pageOf for `keys`; null without a cursor; 400 with `invalid`
 * when it is forged or made for another list.
 */
export function decodeCursor(cursor: string | undefined, keys: readonly SortKey[], invalid = CURSOR_ERROR): string[] | null {
  if (cursor === undefined) return null;
  const values = decodeCursorText(cursor, keys.length);
  if (!values || !keys.every((key, i) => key.accepts?.(values[i]!) ?? true)) throw badRequest(invalid);
  return values;
}

/** Splits a `LIMIT page.limit + 1` result into the page and the cursor of its last row. */
export function pageOf<T>(rows: T[], limit: number, keysOf: (row: T) => (string | number)[]): Page<T> {
  const pageRows = rows.slice(0, limit);
  const last = pageRows[pageRows.length - 1];
  return { rows: pageRows, nextCursor: rows.length > limit && last ? encodeCursor(keysOf(last)) : null };
}

/**
 * The keyset condition after (or, descending, before) the row whose key values are `values`, or
 * null on the first page: `(name, id) > ($1, $2)`.
 */
export function keysetAfter(keys: readonly SortKey[], values: readonly string[] | null, descending: boolean, p: Params): string | null {
  if (!values) return null;
  const params = keys.map((key, i) => `${p.add(values[i])}${key.cast ?? ""}`);
  return `(${keys.map((k) => k.column).join(", ")}) ${descending ? "<" : ">"} (${params.join(", ")})`;
}

/** keysetAfter for a cursor of a content list (400 with CURSOR_ERROR when forged). */
export function afterCursor(keys: readonly SortKey[], cursor: string | undefined, descending: boolean, p: Params): string | null {
  return keysetAfter(keys, decodeCursor(cursor, keys), descending, p);
}
