import { z } from "zod";

// Pieces shared by the content contracts (events, places, news, communities): summaries of
// related entities, the viewer-dependent fields, follow and moderation payloads, and text
// helpers with Spanish messages.

/** Ids of content rows (uuids) and of users (Firebase uids, up to 128 characters). */
export const entityIdSchema = z.string().trim().min(1, "El identificador es obligatorio.").max(128, "El identificador no es válido.");
export const idParamsSchema = z.object({ id: entityIdSchema }).strict();

export const CONTENT_KINDS = ["events", "places", "news", "communities"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** Required trimmed text: `label` reads like "El título" / "La descripción". */
export function requiredText(label: string, max: number, min = 1) {
  return z
    .string({ error: `${label} es obligatorio.` })
    .trim()
    .min(min, min <= 1 ? `${label} es obligatorio.` : `${label} debe tener al menos ${min} caracteres.`)
    .max(max, `${label} admite hasta ${max} caracteres.`);
}

/** Optional text; an empty string is stored as null. */
export function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `${label} admite hasta ${max} caracteres.`)
    .transform((value) => (value === "" ? null : value))
    .nullable()
    .optional();
}

export { httpUrlSchema } from "./links";

export const latitudeSchema = z.number({ error: "La latitud debe ser un número." }).min(-90, "La latitud no es válida.").max(90, "La latitud no es válida.");
export const longitudeSchema = z
  .number({ error: "La longitud debe ser un número." })
  .min(-180, "La longitud no es válida.")
  .max(180, "La longitud no es válida.");

/** Who made something, as cards show it. */
export const userSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  verified: z.boolean(),
  profileImage: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const communitySummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Null when it has none or is hidden by moderation (its own answer still has it). */
  image: z.string().nullable(),
});
export type CommunitySummary = z.infer<typeof communitySummarySchema>;

/** Fields every content item carries besides its own. */
export const contentMetaSchema = z.object({
  featured: z.boolean(),
  /** Only admins and the author see a hidden item; for everyone else it does not exist. */
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
  followersCount: z.number().int(),
  /** Whether the signed-in viewer follows it (false when signed out). */
  following: z.boolean(),
  /** Whether the viewer may edit it (author, community owner/admin, or admin). */
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** `POST /<kind>/{id}/follow` (`?unfollow=true` to stop following). */
export const followQuerySchema = z
  .object({
    unfollow: z
      .enum(["true", "false"], { error: "unfollow debe ser true o false." })
      .transform((value) => value === "true")
      .optional(),
  })
  .strict();

export const followResultSchema = z.object({
  following: z.boolean(),
  followersCount: z.number().int(),
});
export type FollowResult = z.infer<typeof followResultSchema>;

export const MODERATION_ACTIONS = ["hide", "unhide", "feature", "unfeature"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const MODERATION_REASON_MAX = 500;

/** `POST /<kind>/{id}/moderate` (admins). Hiding needs a reason the author will read. */
export const moderationPayloadSchema = z
  .object({
    action: z.enum(MODERATION_ACTIONS, { error: "La acción debe ser hide, unhide, feature o unfeature." }),
    reason: optionalText("El motivo", MODERATION_REASON_MAX),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.action === "hide" && !value.reason) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: "Indica el motivo para ocultar el contenido." });
    }
  });
export type ModerationPayload = z.infer<typeof moderationPayloadSchema>;

/** `DELETE /<kind>/{id}`: an admin deleting someone else's item says why (`?reason=`). */
export const deleteQuerySchema = z
  .object({
    reason: optionalText("El motivo", MODERATION_REASON_MAX),
  })
  .strict();

export const deletedSchema = z.object({ _id: z.string(), deleted: z.literal(true) });

/** Header a create may carry so an offline replay or a retry cannot publish twice. */
export const IDEMPOTENCY_HEADER = "idempotency-key";
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8, "La clave de idempotencia debe tener entre 8 y 128 caracteres.")
  .max(128, "La clave de idempotencia debe tener entre 8 y 128 caracteres.")
  .regex(/^[A-Za-z0-9._:-]+$/, "La clave de idempotencia solo admite letras, números y . _ : -");

/** Lists: `visible` for everyone; `hidden` and `all` are for the admin panel only (403 otherwise). */
export const VISIBILITIES = ["visible", "hidden", "all"] as const;
export const visibilitySchema = z.enum(VISIBILITIES, { error: "visibility debe ser visible, hidden o all." });
