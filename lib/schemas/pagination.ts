import { z } from "zod";
import { PAGE_LIMIT_MAX } from "./cursor";

// The request and answer schemas of every paged list; the page shape and the cursor codec are
// in ./cursor.ts (zod-free, for the browser).

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

