import { z } from "zod";
import { sameOriginPathSchema } from "./links";

// Notification contract (docs/product.md#entities: userId, createdAt, title, body). Lists are
// newest first; the stream (GET /notifications/stream) sends the same shape as SSE events.

/** Kinds the accounts module creates; content modules add their own (e.g. "event_updated"). */
export const NOTIFICATION_KINDS = {
  FOLLOW: "follow",
  VERIFICATION_APPROVED: "verification_approved",
  VERIFICATION_REJECTED: "verification_rejected",
  /** To admins: someone asked to be verified. */
  VERIFICATION_REQUESTED: "verification_requested",
  ADMIN_MESSAGE: "admin_message",
  /** To a reporter: the moderation decided on what they reported. */
  REPORT_RESOLVED: "report_resolved",
} as const;

export const NOTIFICATION_TITLE_MAX = 120;
export const NOTIFICATION_BODY_MAX = 1000;

export const notificationSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** An in-app path to open (e.g. "/profile/abc"), or null. */
  link: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  viewed: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
  /** How many of the user's notifications are not viewed yet (all pages). */
  unviewed: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const NOTIFICATION_AUDIENCES = ["all", "verified", "user"] as const;

const title = z
  .string()
  .trim()
  .min(1, "El título es obligatorio.")
  .max(NOTIFICATION_TITLE_MAX, `El título admite hasta ${NOTIFICATION_TITLE_MAX} caracteres.`);
const body = z
  .string()
  .trim()
  .min(1, "El mensaje es obligatorio.")
  .max(NOTIFICATION_BODY_MAX, `El mensaje admite hasta ${NOTIFICATION_BODY_MAX} caracteres.`);
const link = sameOriginPathSchema.nullable().optional();

/** POST /notifications/send (admins): to everyone, to verified users, or to one user. */
export const sendNotificationPayloadSchema = z
  .object({
    audience: z.enum(NOTIFICATION_AUDIENCES, "Elige a quién enviar: all, verified o user."),
    userId: z.string().trim().max(128).optional(),
    title,
    body,
    link,
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.audience === "user" && !value.userId) {
      ctx.addIssue({ code: "custom", path: ["userId"], message: "ID required" });
    }
  });
export type SendNotificationPayload = z.infer<typeof sendNotificationPayloadSchema>;

export const sendNotificationResultSchema = z.object({ sent: z.number().int() });

/** POST /notifications/viewed: the given ids, or every notification when `ids` is absent. */
export const markViewedPayloadSchema = z
  .object({
    ids: z.array(z.string().min(1).max(64)).max(200, "Marca como máximo 200 notificaciones a la vez.").optional(),
  })
  .strict();
export type MarkViewedPayload = z.infer<typeof markViewedPayloadSchema>;

export const markViewedResultSchema = z.object({ updated: z.number().int(), unviewed: z.number().int() });

export const streamTicketSchema = z.object({
  ticket: z.string(),
  expiresAt: z.string(),
  /** Ready to hand to `new EventSource(url)`. */
  url: z.string(),
});
export type StreamTicket = z.infer<typeof streamTicketSchema>;
