// Row and text helpers of the content repositories (the parameter builder is server/db/sql.ts).

// A kept row (shared-rows.ts) is mapped again for every signed-in reader, about 100 dates per
// page of events; copying and formatting them each time cost a quarter of a signed-in list's CPU
// (0.29 → 0.21 ms in an A/B, docs/operations/rendimiento-bitacora.md). The text is kept with the Date it
// came from, checked against its time in case the Date was changed since.
const isoOf = new WeakMap<Date, { time: number; iso: string }>();

/** Rows may carry dates from another JS realm (PGlite under Jest) or strings: normalise. */
export function toIso(value: unknown): string {
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
