// Row and text helpers of the content repositories (the parameter builder is server/db/sql.ts).

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
