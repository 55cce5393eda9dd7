// Small helpers for the hand-written, parameterised SQL every repository sends through
// `Queryable.query(sql, params)`. They sit next to the database handle, not in any resource's
// folder, so accounts, notifications and content all build statements the same way.

/** Collects positional parameters while a statement is assembled: `p.add(value)` → "$3". */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * A timestamp as text with microseconds, for cursors: PostgreSQL keeps microseconds (now()) and
 * a JavaScript Date only milliseconds, so a cursor made from a Date could repeat or skip rows.
 */
export const exactTimestamp = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * A timestamp column as a Date of this realm: rows may carry dates from another JS realm (PGlite
 * under Jest, see pglite-loader.ts) or strings, and callers compare with `instanceof Date`.
 */
export function toDate(value: unknown): Date {
  return new Date(value as string | number | Date);
}

export function toDateOrNull(value: unknown): Date | null {
  return value === null || value === undefined ? null : toDate(value);
}

/** A jsonb column: both drivers parse it, but a text column or cast may still arrive as a string. */
export function fromJson<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

/** A value for a `$n::jsonb` parameter: node-postgres would send a JS array as a PostgreSQL array. */
export function toJsonParam(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

/** LIKE pattern that matches `text` literally anywhere (backslash is LIKE's default escape). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
