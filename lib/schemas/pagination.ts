import { z } from "zod";

// Cursor pagination shared by every list: `?cursor=&limit=` → `{ items, nextCursor }`.
// Cursors are opaque strings made by the server (keyset positions, never offsets, so items
// added while someone scrolls cannot shift a page into a repeat or a gap).

export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 50;

export const pageQuerySchema = z.object({
  cursor: z.string().trim().min(1).max(512, "El cursor no es válido.").optional(),
  limit: z.coerce
    .number()
    .int("El límite debe ser un número entero.")
    .min(1, "El límite debe ser al menos 1.")
    .max(PAGE_LIMIT_MAX, `El límite admite hasta ${PAGE_LIMIT_MAX}.`)
    .optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
