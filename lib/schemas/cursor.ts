// Cursor pagination shared by every list: `?cursor=&limit=` → `{ items, nextCursor }`.
// Cursors are opaque strings made by the server (keyset positions, never offsets, so items
// added while someone scrolls cannot shift a page into a repeat or a gap).
// No zod here: the browser's lists import this module, and zod's schemas probe `new Function`
// when built (a CSP violation, and 30 KB the home page does not need).

export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 50;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

// The one cursor codec: base64url of a JSON array of keyset values. Pure (no Buffer), so the
// server and the browser share it; the server decides what a part means and rejects the rest.

const CURSOR_PART_MAX = 256;

function toBase64Url(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(value: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(value)) throw new Error("not base64url");
  const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** Opaque cursor from keyset values (the last row's sort key and id). */
export function encodeCursor(values: readonly (string | number)[]): string {
  return toBase64Url(JSON.stringify(values));
}

/** The keyset values of a cursor, or null when it is not one of ours with `length` string parts. */
export function decodeCursor(cursor: string, length: number): string[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(cursor));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== length) return null;
  return parsed.every((v) => typeof v === "string" && v.length <= CURSOR_PART_MAX) ? (parsed as string[]) : null;
}

/** The query of one page request; no cursor is the first page. */
export function pageQuery(cursor: string | null | undefined, limit: number): { cursor?: string; limit: number } {
  return cursor ? { cursor, limit } : { limit };
}

/** The cursor after `page`, or undefined after the last one (React Query's "no next page"). */
export function nextPageParam(page: Page<unknown>): string | undefined {
  return page.nextCursor ?? undefined;
}
