// Row and text helpers of the content repositories (the parameter builder is server/db/sql.ts).

// A kept row (shared-rows.ts) is mapped again for every signed-in reader, about 100 dates per
// page of events; copying and formatting them each time cost a quarter of a signed-in list's CPU
// (0.29 → 0.21 ms in an A/B, docs/operations/rendimiento-bitacora.md). The text is kept with the Date it
// came from, checked against its time in case the Date was changed since.
const isoOf = new WeakMap<Date, { time: number; iso: string }>();

// A timestamptz as PostgreSQL writes it in JSON in a UTC session (json_agg of rows, to_json):
// "2026-11-29T18:45:07.123456+00:00". Rewritten as text it is the same ISO string a Date would
// give (microseconds truncated, as Date truncates them) in 0.1 µs instead of 0.67; my-data's
// addresses arrive this way, two dates each. Anything else goes through Date, and so do days
// 29 to 31, which only a calendar knows are real.
const POSTGRES_UTC_JSON = /^(\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|1\d|2[0-8])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d)(?:\.(\d{1,6}))?\+00:00$/;

/** Rows may carry dates from another JS realm (PGlite under Jest) or strings: normalise. */
export function toIso(value: unknown): string {
  if (typeof value === "string") {
    const utc = POSTGRES_UTC_JSON.exec(value);
    if (utc) return `${utc[1]}.${`${utc[2] ?? ""}000`.slice(0, 3)}Z`;
  }
  if (!(value instanceof Date)) return new Date(value as string | number).toISOString();
  const time = value.getTime();
  const known = isoOf.get(value);
  if (known !== undefined && known.time === time) return known.iso;
  const iso = value.toISOString();
  isoOf.set(value, { time, iso });
  return iso;
}
export function toIsoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : toIso(value);
}
export function toNumberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
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

/**
 * The picture of a place or community that another item names (an event's place, a news item's
 * community), as SQL: none while it is hidden by moderation, which may have been for the picture.
 * Its own page, where the reason shows to who may see it, still has it.
 */
export const pictureUnlessHidden = (alias: string, column: string): string => `CASE WHEN NOT ${alias}.hidden THEN ${alias}.${column} END`;
