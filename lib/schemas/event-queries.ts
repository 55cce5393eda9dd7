import { z } from "zod";
import { entityIdSchema, optionalText, visibilitySchema } from "./content";
import { pageQuerySchema } from "./pagination";
import { ACCESSIBILITY_FEATURES, type AccessibilityFeature } from "./accessibility";
import { PLACE_CATEGORIES } from "./places";
import { tagSlugSchema } from "./tags";
import { EVENT_UPDATE_SCOPES, EVENT_WHEN, PRICE_MAX_MXN, eventListItemSchema } from "./events";

// The query strings of the events calls (lists and their filters, own lists, deletion) and the
// shape of "Eventos para ti"; the event itself and its payloads are in events.ts.

const booleanQuery = z.enum(["true", "false"], { error: "Usa true o false." }).transform((v) => v === "true");

/** An instant, or a calendar day (AAAA-MM-DD) read in the city's zone: `from` its start, `to` its end. */
const windowBound = (label: string) =>
  z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
    error: `${label} no es válida; usa AAAA-MM-DD o ISO 8601 con zona (p. ej. 2026-05-02T19:00:00-06:00).`,
  });

export const EVENT_MODES = ["online", "in-person"] as const;
export type EventMode = (typeof EVENT_MODES)[number];
/** Largest distance a list may be narrowed to, in kilometres. */
export const EVENT_RADIUS_MAX_KM = 100;

const coordinateQuery = (label: string, max: number) =>
  z.coerce
    .number({ error: `${label} debe ser un número.` })
    .min(-max, `${label} va de -${max} a ${max}.`)
    .max(max, `${label} va de -${max} a ${max}.`);

/** `accessibility=a,b`: the features an event must declare, all of them. */
export const accessibilityQuerySchema = z
  .string()
  .transform((value) => value.split(",").map((f) => f.trim()).filter((f) => f.length > 0))
  .refine((list) => list.length > 0 && list.every((f) => (ACCESSIBILITY_FEATURES as readonly string[]).includes(f)), {
    message: `accessibility es una lista separada por comas de: ${ACCESSIBILITY_FEATURES.join(", ")}.`,
  })
  .transform((list) => ACCESSIBILITY_FEATURES.filter((f) => list.includes(f)) as AccessibilityFeature[]);

export const eventListQuerySchema = z
  .object({
    ...pageQuerySchema.shape,
    visibility: visibilitySchema.optional(),
    when: z.enum(EVENT_WHEN, { error: "when debe ser upcoming, today, weekend, week o past." }).optional(),
    from: windowBound("La fecha desde").optional(),
    to: windowBound("La fecha hasta").optional(),
    category: z.enum(PLACE_CATEGORIES, { error: `La categoría debe ser una de: ${PLACE_CATEGORIES.join(", ")}.` }).optional(),
    maxPrice: z.coerce
      .number({ error: "El precio máximo debe ser un número." })
      .min(0, "El precio máximo no puede ser negativo.")
      .max(PRICE_MAX_MXN, `El precio máximo admite hasta ${PRICE_MAX_MXN} pesos.`)
      .optional(),
    mode: z.enum(EVENT_MODES, { error: "mode debe ser online o in-person." }).optional(),
    lat: coordinateQuery("La latitud", 90).optional(),
    lng: coordinateQuery("La longitud", 180).optional(),
    radius: z.coerce
      .number({ error: "El radio debe ser un número de kilómetros." })
      .gt(0, "El radio debe ser mayor que 0.")
      .max(EVENT_RADIUS_MAX_KM, `El radio admite hasta ${EVENT_RADIUS_MAX_KM} km.`)
      .optional(),
    accessibility: accessibilityQuerySchema.optional(),
    placeId: entityIdSchema.optional(),
    communityId: entityIdSchema.optional(),
    organizerId: entityIdSchema.optional(),
    tag: tagSlugSchema.optional(),
    featured: booleanQuery.optional(),
    free: booleanQuery.optional(),
    seriesId: entityIdSchema.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    const near = [value.lat, value.lng, value.radius].filter((v) => v !== undefined).length;
    if (near > 0 && near < 3) ctx.addIssue({ code: "custom", path: ["radius"], message: "Para buscar por distancia indica lat, lng y radius juntos." });
  });
export type EventListQuery = z.infer<typeof eventListQuerySchema>;

export const eventMineQuerySchema = z
  .object({
    ...pageQuerySchema.shape,
    when: z.enum(["upcoming", "past"], { error: "when debe ser upcoming o past." }).optional(),
  })
  .strict();

export const eventDeleteQuerySchema = z
  .object({
    scope: z.enum(EVENT_UPDATE_SCOPES, { error: "El alcance debe ser occurrence o following." }).optional(),
    reason: optionalText("El motivo", 500),
  })
  .strict();

export const forYouQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1, "El límite debe ser al menos 1.").max(50, "El límite admite hasta 50.").optional(),
  })
  .strict();

/** Why an event is suggested, for a short hint on the card ("Sigues este lugar"). */
export const FOR_YOU_REASONS = ["place", "community", "organizer", "tag", "nearby", "following", "popular"] as const;
export const forYouItemSchema = eventListItemSchema.extend({ reasons: z.array(z.enum(FOR_YOU_REASONS)) });
export const forYouSchema = z.object({ items: z.array(forYouItemSchema), nextCursor: z.null() });
