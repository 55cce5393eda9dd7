import { z } from "zod";
import { httpUrlSchema } from "./links";

// Importing events (POST /api/imports/preview, POST /api/imports): from an iCalendar file sent
// as text, or from a URL (a calendar feed, or an event page with schema.org JSON-LD or h-event).

/** An .ics file is read as text in the browser and sent as is. */
export const IMPORT_FILE_MAX_CHARS = 2 * 1024 * 1024;
/** Events one import creates or updates at most (the rest are listed as skipped). */
export const IMPORT_MAX_EVENTS = 50;

export const importSourceSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("url"), url: httpUrlSchema }).strict(),
    z
      .object({
        kind: z.literal("file"),
        name: z.string().trim().max(200, "El nombre del archivo admite hasta 200 caracteres.").optional(),
        content: z
          .string({ error: "Falta el contenido del archivo." })
          .min(1, "El archivo está vacío.")
          .max(IMPORT_FILE_MAX_CHARS, "El archivo supera el límite de 2 MB."),
      })
      .strict(),
  ],
  { error: "Indica un archivo (kind: file) o una dirección (kind: url)." },
);
export type ImportSource = z.infer<typeof importSourceSchema>;

export const importRequestSchema = z.object({ source: importSourceSchema }).strict();

export const importItemSchema = z.object({
  /** Where it came from: "ics:<UID>" or "url:<page>#<n>". */
  source: z.string(),
  title: z.string(),
  startsAt: z.string(),
  /** How many more dates (a series). */
  moreDates: z.number().int(),
  /** Where, as Plaza will show it: a place's name, the address, or "En línea". */
  where: z.string(),
  /** The Plaza event: set for updates, and for creates once imported. */
  eventId: z.string().nullable(),
  /** For updates: what changes, in Spanish ("título", "fecha"…). */
  changes: z.array(z.string()),
});
export type ImportItem = z.infer<typeof importItemSchema>;

export const importSkipSchema = z.object({ title: z.string(), reason: z.string() });
export type ImportSkip = z.infer<typeof importSkipSchema>;

/** The preview says what would happen; the import says what happened. */
export const importReportSchema = z.object({
  create: z.array(importItemSchema),
  update: z.array(importItemSchema),
  skip: z.array(importSkipSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** A subscribed calendar is read again this often. */
export const IMPORT_SUBSCRIPTION_EVERY_HOURS = 6;
export const IMPORT_SUBSCRIPTIONS_MAX = 10;

/** What one run of a subscription did. */
export const importRunSchema = z.object({
  at: z.string(),
  created: z.array(z.string()),
  updated: z.array(z.string()),
  skipped: z.number().int(),
  /** Why the calendar could not be read, in Spanish; null when it was. */
  error: z.string().nullable(),
});
export type ImportRun = z.infer<typeof importRunSchema>;

export const importSubscriptionSchema = z.object({
  _id: z.string(),
  url: z.string(),
  createdAt: z.string(),
  nextRunAt: z.string(),
  lastRun: importRunSchema.nullable(),
});
export type ImportSubscription = z.infer<typeof importSubscriptionSchema>;

export const importSubscriptionPayloadSchema = z.object({ url: httpUrlSchema }).strict();
