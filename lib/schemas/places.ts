import { z } from "zod";
import { PLACE_CATEGORY_TEXT, WEEKDAY_TEXT } from "./labels";
import { postalAddressFields } from "./addresses";
import { pageQuerySchema } from "./pagination";
import { accessibilityFields, accessibilityPayloadFields } from "./accessibility";
import { contentMetaSchema, httpUrlSchema, optionalText, requiredText, userSummarySchema, visibilitySchema } from "./content";

// Places: venues, museums, parks… with address and coordinates, opening hours, contact links
// and accessibility. A place's page lists its upcoming and past events (`GET /events?placeId=`).

export const PLACE_CATEGORIES = [
  "museo",
  "teatro",
  "centro-cultural",
  "galeria",
  "biblioteca",
  "plaza",
  "parque",
  "foro",
  "cafe",
  "restaurante",
  "bar",
  "mercado",
  "deportivo",
  "otro",
] as const;
export type PlaceCategory = (typeof PLACE_CATEGORIES)[number];

export const PLACE_CATEGORY_LABELS: Record<PlaceCategory, string> = PLACE_CATEGORY_TEXT;
/** 0 = domingo … 6 = sábado, like JavaScript's getDay(). */
export const WEEKDAY_LABELS = WEEKDAY_TEXT;

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "La hora debe tener el formato HH:MM (24 horas).");

export const openingHoursSchema = z
  .array(
    z
      .object({
        day: z.number().int().min(0, "El día va de 0 (domingo) a 6 (sábado).").max(6, "El día va de 0 (domingo) a 6 (sábado)."),
        opens: timeOfDay,
        closes: timeOfDay,
      })
      .strict(),
  )
  .max(21, "Indica como máximo 21 horarios.");
export type OpeningHours = z.infer<typeof openingHoursSchema>;

export const placeContactSchema = z
  .object({
    phone: z
      .string()
      .trim()
      .regex(/^\+?[\d\s()-]{7,20}$/, "El teléfono no es válido.")
      .optional(),
    email: z.string().trim().email("El correo no es válido.").optional(),
    website: httpUrlSchema.optional(),
    facebook: httpUrlSchema.optional(),
    instagram: httpUrlSchema.optional(),
    tiktok: httpUrlSchema.optional(),
    whatsapp: z
      .string()
      .trim()
      .regex(/^\+?[\d\s()-]{7,20}$/, "El número de WhatsApp no es válido.")
      .optional(),
  })
  .strict();
export type PlaceContact = z.infer<typeof placeContactSchema>;

export const placeAddressSchema = z.object({
  street: z.string().nullable(),
  number: z.string().nullable(),
  neighbourhood: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string().nullable(),
  country: z.string(),
});

export const placeSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.enum(PLACE_CATEGORIES),
  /** One line: "Calle 123, Colonia, Ciudad". */
  addressLine: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /**
   * The place's cover, null when it has none or is hidden by moderation (its own answer still has
   * it): its page draws it while that answer is on its way.
   */
  coverImage: z.string().nullable(),
});
export type PlaceSummary = z.infer<typeof placeSummarySchema>;

export const placeSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    slug: z.string().nullable(),
    description: z.string(),
    category: z.enum(PLACE_CATEGORIES),
    address: placeAddressSchema,
    addressLine: z.string(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    openingHours: openingHoursSchema,
    openingHoursNote: z.string().nullable(),
    contact: placeContactSchema,
    ...accessibilityFields,
    coverImage: z.string().nullable(),
    author: userSummarySchema.nullable(),
    upcomingEventsCount: z.number().int(),
  })
  .extend(contentMetaSchema.shape);
export type Place = z.infer<typeof placeSchema>;

/** A place in a list: its card and pin; the description, hours and contact are on its page. */
export const placeListItemSchema = placeSchema.omit({ description: true, openingHours: true, openingHoursNote: true, contact: true, accessibility: true });
export type PlaceListItem = z.infer<typeof placeListItemSchema>;

const placeObject = z
  .object({
    name: requiredText("El nombre", 120, 2),
    description: optionalText("La descripción", 5000),
    category: z.enum(PLACE_CATEGORIES, { error: `La categoría debe ser una de: ${PLACE_CATEGORIES.join(", ")}.` }),
    address: z
      .object({ ...postalAddressFields, street: postalAddressFields.street.nullable().optional(), city: postalAddressFields.city.optional(), state: postalAddressFields.state.optional() })
      .omit({ lat: true, lng: true })
      .strict(),
    lat: postalAddressFields.lat,
    lng: postalAddressFields.lng,
    openingHours: openingHoursSchema.optional(),
    openingHoursNote: optionalText("La nota de horario", 300),
    contact: placeContactSchema.optional(),
    ...accessibilityPayloadFields,
  })
  .strict();

function coordinatesTogether(value: { lat?: number | null; lng?: number | null }, ctx: z.RefinementCtx) {
  if ((value.lat == null) !== (value.lng == null)) {
    ctx.addIssue({ code: "custom", path: [value.lat == null ? "lat" : "lng"], message: "Indica latitud y longitud juntas." });
  }
}

export const placePayloadSchema = placeObject.superRefine(coordinatesTogether);
export type PlacePayload = z.infer<typeof placePayloadSchema>;

export const placeUpdatePayloadSchema = placeObject.partial().strict().superRefine(coordinatesTogether);
export type PlaceUpdatePayload = z.infer<typeof placeUpdatePayloadSchema>;

export const placeListQuerySchema = z
  .object({
    ...pageQuerySchema.shape,
    visibility: visibilitySchema.optional(),
    category: z.enum(PLACE_CATEGORIES, { error: "La categoría no es válida." }).optional(),
    featured: z.enum(["true", "false"]).transform((v) => v === "true").optional(),
    authorId: z.string().max(128).optional(),
  })
  .strict();
