import { z } from "zod";
import { communitySummarySchema, contentMetaSchema, entityIdSchema, optionalText, requiredText, userSummarySchema, visibilitySchema } from "./content";
import { pageQuerySchema } from "./pagination";

// News: title, summary, body (plain text with links), cover image, author, optional community.
// A future `publishedAt` schedules the piece: it stays out of public lists until then.

export const newsSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    summary: z.string(),
    body: z.string(),
    coverImage: z.string().nullable(),
    author: userSummarySchema.nullable(),
    community: communitySummarySchema.nullable(),
    publishedAt: z.string(),
  })
  .extend(contentMetaSchema.shape);
export type News = z.infer<typeof newsSchema>;

/** A piece in a list: its card shows the summary; the body (up to 20,000 characters) is on its page. */
export const newsListItemSchema = newsSchema.omit({ body: true });
export type NewsListItem = z.infer<typeof newsListItemSchema>;

const newsObject = z
  .object({
    title: requiredText("El título", 160, 3),
    summary: optionalText("El resumen", 400),
    body: requiredText("El texto", 20_000),
    communityId: entityIdSchema.nullable().optional(),
    publishedAt: z.iso.datetime({ offset: true, error: "La fecha de publicación no es válida; usa el formato ISO 8601." }).optional(),
  })
  .strict();

export const newsPayloadSchema = newsObject;
export type NewsPayload = z.infer<typeof newsPayloadSchema>;
export const newsUpdatePayloadSchema = newsObject.partial().strict();
export type NewsUpdatePayload = z.infer<typeof newsUpdatePayloadSchema>;

export const newsListQuerySchema = z
  .object({
    ...pageQuerySchema.shape,
    visibility: visibilitySchema.optional(),
    communityId: entityIdSchema.optional(),
    authorId: entityIdSchema.optional(),
    featured: z.enum(["true", "false"]).transform((v) => v === "true").optional(),
  })
  .strict();
