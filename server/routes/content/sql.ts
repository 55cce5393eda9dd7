// Small helpers for the hand-written SQL of the content repositories.

/** Collects positional parameters while a statement is assembled: `p.add(value)` → "$3". */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

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
