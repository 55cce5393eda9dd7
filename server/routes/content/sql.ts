import { badRequest } from "../../plugins/errors";

// Small helpers for the hand-written SQL of the content repositories.

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

/** Rows may carry dates from another JS realm (PGlite under Jest) or strings: normalise. */
export function toIso(value: unknown): string {
  return new Date(value as string | number | Date).toISOString();
}
export function toIsoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : toIso(value);
}
export function toNumberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

const CURSOR_ERROR = "El cursor no es válido; vuelve a cargar la lista.";

/** Opaque cursor: base64url of a JSON array of keyset values. */
export function encodeCursor(values: (string | number)[]): string {
  return Buffer.from(JSON.stringify(values), "utf8").toString("base64url");
}

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

/** Checks that a cursor part is an exact timestamp made by `exactTimestamp`. */
export function cursorTimestamp(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(value)) throw badRequest(CURSOR_ERROR);
  return value;
}

/** Lower-case ASCII slug: "Música en vivo" → "musica-en-vivo". */
export function slugify(text: string, max = 60): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/g, "");
}

export const PAGE_LIMIT_DEFAULT = 20;
