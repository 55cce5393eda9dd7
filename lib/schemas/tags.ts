import { z } from "zod";
import { requiredText } from "./content";

// Tags classify events ("música", "teatro"…). Admins manage them; events take them by slug.

export const TAG_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const EVENT_TAGS_MAX = 8;

export const tagSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  /** Upcoming visible events with the tag. */
  upcomingEventsCount: z.number().int(),
  /** People who follow the tag. */
  followersCount: z.number().int(),
});
export type Tag = z.infer<typeof tagSchema>;

export const tagRefSchema = tagSchema.pick({ _id: true, name: true, slug: true });
export type TagRef = z.infer<typeof tagRefSchema>;

export const tagSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "La etiqueta es obligatoria.")
  .max(40, "La etiqueta admite hasta 40 caracteres.")
  .regex(TAG_SLUG_PATTERN, "La etiqueta solo admite letras sin acentos, números y guiones (p. ej. «musica-en-vivo»).");

/** POST /tags (admins); the slug is derived from the name when omitted. */
export const tagPayloadSchema = z
  .object({
    name: requiredText("El nombre", 40),
    slug: tagSlugSchema.optional(),
  })
  .strict();
export type TagPayload = z.infer<typeof tagPayloadSchema>;

export const tagUpdatePayloadSchema = tagPayloadSchema.partial().strict();
