import { z } from "zod";
import { EVENT_STATUS_TEXT } from "./labels";
import {
  communitySummarySchema,
  contentMetaSchema,
  entityIdSchema,
  httpUrlSchema,
  latitudeSchema,
  longitudeSchema,
  optionalText,
  requiredText,
  userSummarySchema,
} from "./content";
import { accessibilityFields, accessibilityPayloadFields } from "./accessibility";
import { placeSummarySchema } from "./places";
import { EVENT_TAGS_MAX, tagRefSchema, tagSlugSchema } from "./tags";

// Events: one-off or in a series (weekly, monthly or a list of dates; each occurrence is its
// own event with its own _id), in person (a place or an address) and/or online, free or paid in
// MXN, with a status that followers are told about when it changes.

export const EVENT_TIME_ZONE = "America/Monterrey";
export const EVENT_STATUSES = ["published", "cancelled", "postponed"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const EVENT_STATUS_LABELS: Record<EventStatus, string> = EVENT_STATUS_TEXT;
export const PRICE_TYPES = ["free", "paid"] as const;
export const RECURRENCE_RULES = ["weekly", "monthly", "dates"] as const;
export type RecurrenceRule = (typeof RECURRENCE_RULES)[number];

/** Longest an event may last (exhibitions run for weeks). */
export const EVENT_MAX_DURATION_DAYS = 120;
/** Occurrences of one series, and how far ahead open-ended series are materialised. */
export const SERIES_MAX_OCCURRENCES = 60;
export const SERIES_HORIZON_DAYS = 180;
export const PRICE_MAX_MXN = 100_000;

/** "week": from now until Monday 00:00 of next week, in the city's zone. */
export const EVENT_WHEN = ["upcoming", "today", "weekend", "week", "past"] as const;
export type EventWhen = (typeof EVENT_WHEN)[number];

const isoDateTime = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} no es válida; usa el formato ISO 8601 con zona (p. ej. 2026-05-02T19:00:00-06:00).` });

const timeZoneSchema = z
  .string()
  .trim()
  .max(64)
  .refine((value) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }, "La zona horaria no es válida.");

export const recurrenceSchema = z
  .object({
    rule: z.enum(RECURRENCE_RULES, { error: "La repetición debe ser weekly, monthly o dates." }),
    interval: z.number().int().min(1, "El intervalo va de 1 a 12.").max(12, "El intervalo va de 1 a 12.").optional(),
    /** Last day (AAAA-MM-DD, local) an occurrence may start; open-ended when omitted. */
    until: z.iso.date({ error: "La fecha final no es válida; usa el formato AAAA-MM-DD." }).nullable().optional(),
    /** For rule "dates": the start of every other occurrence (the event's startsAt is the first). */
    dates: z.array(isoDateTime("La fecha")).max(SERIES_MAX_OCCURRENCES - 1, `Una serie admite hasta ${SERIES_MAX_OCCURRENCES} fechas.`).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.rule === "dates" && (!value.dates || value.dates.length === 0)) {
      ctx.addIssue({ code: "custom", path: ["dates"], message: "Indica al menos otra fecha para la serie." });
    }
    if (value.rule !== "dates" && value.dates && value.dates.length > 0) {
      ctx.addIssue({ code: "custom", path: ["dates"], message: "Las fechas solo se usan con la repetición «dates»." });
    }
  });
export type RecurrencePayload = z.infer<typeof recurrenceSchema>;

export const seriesSchema = z.object({
  _id: z.string(),
  rule: z.enum(RECURRENCE_RULES),
  interval: z.number().int(),
  until: z.string().nullable(),
  /** Occurrences that exist now (visible ones), and this event's position among them (1-based). */
  occurrencesCount: z.number().int(),
  position: z.number().int(),
});

export const eventSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    description: z.string(),
    startsAt: z.string(),
    endsAt: z.string().nullable(),
    allDay: z.boolean(),
    timeZone: z.string(),
    place: placeSummarySchema.nullable(),
    /** Free-text address when the event is not at a registered place. */
    address: z.string().nullable(),
    /** Where to put the pin: the event's own coordinates, else its place's. */
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    onlineUrl: z.string().nullable(),
    priceType: z.enum(PRICE_TYPES),
    /** Pesos mexicanos; null when free. */
    priceAmount: z.number().nullable(),
    priceCurrency: z.literal("MXN"),
    priceNote: z.string().nullable(),
    capacity: z.number().int().nullable(),
    ...accessibilityFields,
    coverImage: z.string().nullable(),
    organizer: userSummarySchema.nullable(),
    community: communitySummarySchema.nullable(),
    tags: z.array(tagRefSchema),
    status: z.enum(EVENT_STATUSES),
    statusNote: z.string().nullable(),
    series: seriesSchema.nullable(),
  })
  .extend(contentMetaSchema.shape);
export type Event = z.infer<typeof eventSchema>;

/**
 * An event in a list: what its card and the map show. The long texts only its page shows (up to
 * 5,000 characters of description) stay out, so a page of a list is light to download and to
 * keep offline; the page asks for the whole event.
 */
export const eventListItemSchema = eventSchema.omit({ description: true, accessibility: true, priceNote: true, statusNote: true });
export type EventListItem = z.infer<typeof eventListItemSchema>;

const eventFields = {
  title: requiredText("El título", 140, 3),
  description: optionalText("La descripción", 5000),
  startsAt: isoDateTime("La fecha de inicio"),
  endsAt: isoDateTime("La fecha de fin").nullable().optional(),
  allDay: z.boolean().optional(),
  timeZone: timeZoneSchema.optional(),
  placeId: entityIdSchema.nullable().optional(),
  address: optionalText("La dirección", 300),
  lat: latitudeSchema.nullable().optional(),
  lng: longitudeSchema.nullable().optional(),
  onlineUrl: httpUrlSchema.nullable().optional(),
  priceType: z.enum(PRICE_TYPES, { error: "El precio debe ser free (gratis) o paid (con costo)." }).optional(),
  priceAmount: z
    .number({ error: "El precio debe ser un número." })
    .min(0, "El precio no puede ser negativo.")
    .max(PRICE_MAX_MXN, `El precio admite hasta ${PRICE_MAX_MXN} pesos.`)
    .multipleOf(0.01, "El precio admite hasta dos decimales.")
    .nullable()
    .optional(),
  priceNote: optionalText("La nota de precio", 200),
  capacity: z.number().int("El cupo debe ser un número entero.").min(1, "El cupo debe ser al menos 1.").max(1_000_000).nullable().optional(),
  ...accessibilityPayloadFields,
  communityId: entityIdSchema.nullable().optional(),
  tags: z.array(tagSlugSchema).max(EVENT_TAGS_MAX, `Un evento admite hasta ${EVENT_TAGS_MAX} etiquetas.`).optional(),
};

/** Shape rules every event must meet; the server re-checks them after merging an update. */
export interface EventShape {
  startsAt?: string | null;
  endsAt?: string | null;
  placeId?: string | null;
  address?: string | null;
  onlineUrl?: string | null;
  priceType?: "free" | "paid" | null;
  priceAmount?: number | null;
  lat?: number | null;
  lng?: number | null;
}

export function eventShapeIssues(value: EventShape): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  if (value.startsAt && value.endsAt) {
    const start = Date.parse(value.startsAt);
    const end = Date.parse(value.endsAt);
    if (end < start) issues.push({ path: ["endsAt"], message: "La fecha de fin debe ser posterior al inicio." });
    else if (end - start > EVENT_MAX_DURATION_DAYS * 86_400_000) {
      issues.push({ path: ["endsAt"], message: `Un evento puede durar hasta ${EVENT_MAX_DURATION_DAYS} días; usa una serie para más.` });
    }
  }
  if (!value.placeId && !value.address && !value.onlineUrl) {
    issues.push({ path: ["placeId"], message: "Indica un lugar, una dirección o un enlace para conectarse." });
  }
  if (value.priceType === "paid" && value.priceAmount == null) {
    issues.push({ path: ["priceAmount"], message: "Indica el precio en pesos." });
  }
  if ((value.priceType ?? "free") === "free" && value.priceAmount != null) {
    issues.push({ path: ["priceAmount"], message: "Un evento gratuito no lleva precio." });
  }
  if ((value.lat == null) !== (value.lng == null)) {
    issues.push({ path: [value.lat == null ? "lat" : "lng"], message: "Indica latitud y longitud juntas." });
  }
  return issues;
}

function refineShape(value: EventShape, ctx: z.RefinementCtx) {
  for (const issue of eventShapeIssues(value)) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
}

/** POST /events. With `recurrence`, one event per occurrence is created (same series). */
export const eventPayloadSchema = z
  .object({ ...eventFields, recurrence: recurrenceSchema.optional() })
  .strict()
  .superRefine(refineShape);
export type EventPayload = z.infer<typeof eventPayloadSchema>;

export const EVENT_UPDATE_SCOPES = ["occurrence", "following"] as const;

/**
 * PUT /events/{id}: any subset of the fields, plus status. In a series, `scope: "following"`
 * applies the change to this occurrence and every later one (a time change shifts them all by
 * the same amount); the default changes this occurrence only.
 */
export const eventUpdatePayloadSchema = z
  .object({
    ...eventFields,
    startsAt: eventFields.startsAt.optional(),
    title: eventFields.title.optional(),
    status: z.enum(EVENT_STATUSES, { error: "El estado debe ser published, cancelled o postponed." }).optional(),
    statusNote: optionalText("La nota de estado", 300),
    scope: z.enum(EVENT_UPDATE_SCOPES, { error: "El alcance debe ser occurrence o following." }).optional(),
  })
  .strict();
export type EventUpdatePayload = z.infer<typeof eventUpdatePayloadSchema>;
