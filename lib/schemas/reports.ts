import { z } from "zod";
import { MODERATION_REASON_MAX } from "./content";
import { pageQuerySchema } from "./pagination";
import {
  REPORT_ACTIONS,
  REPORT_MESSAGES,
  REPORT_REASONS,
  REPORT_TARGET_KINDS,
  REPORT_TEXT_MAX,
  type ReportAction,
  type ReportTargetKind,
} from "./report-reasons";

// Reports of content and profiles (POST /reports) and the admins' queue (GET /admin/reports,
// POST /admin/reports/{targetKind}/{targetId}/resolve). Constants and labels: ./report-reasons.ts.

export * from "./report-reasons";

const targetKind = z.enum(REPORT_TARGET_KINDS, { error: "Solo se puede reportar un evento, lugar, noticia, comunidad o perfil." });
const targetId = z.string().trim().min(1, "Indica qué quieres reportar.").max(256, "El identificador no es válido.");

export const createReportPayloadSchema = z
  .object({
    targetKind,
    targetId,
    reason: z.enum(REPORT_REASONS, { error: REPORT_MESSAGES.reason }),
    text: z.string().trim().max(REPORT_TEXT_MAX, REPORT_MESSAGES.textTooLong).nullable().optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.reason === "other" && !value.text) ctx.addIssue({ code: "custom", path: ["text"], message: REPORT_MESSAGES.textRequired });
  });
export type CreateReportPayload = z.input<typeof createReportPayloadSchema>;

export const reportSchema = z.object({
  _id: z.string(),
  targetKind,
  targetId: z.string(),
  reason: z.enum(REPORT_REASONS),
  text: z.string().nullable(),
  createdAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

export const reportTargetParamsSchema = z.object({ targetKind, targetId });

export const adminReportsQuerySchema = pageQuerySchema.strict();

/** One target of the queue with its open reports, newest report first. */
export const reportGroupSchema = z.object({
  targetKind,
  targetId: z.string(),
  /** Its title or name when last reported (it may have changed or gone since). */
  label: z.string().nullable(),
  /** The app's page of the target. */
  link: z.string(),
  count: z.number().int(),
  reasons: z.object({ spam: z.number().int(), inappropriate: z.number().int(), false_information: z.number().int(), other: z.number().int() }),
  /** The latest texts reporters wrote (up to 5), without who wrote them. */
  texts: z.array(z.string()),
  firstReportedAt: z.string(),
  lastReportedAt: z.string(),
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;

export const BAN_DAYS_MAX = 3650;

export const resolveReportsPayloadSchema = z
  .object({
    action: z.enum(REPORT_ACTIONS, { error: "La acción debe ser dismiss, hide, delete o ban." }),
    reason: z
      .string({ error: "Indica el motivo de la decisión." })
      .trim()
      .min(1, "Indica el motivo de la decisión.")
      .max(MODERATION_REASON_MAX, `El motivo admite hasta ${MODERATION_REASON_MAX} caracteres.`),
    banDays: z
      .number({ error: "Indica cuántos días dura la suspensión." })
      .int("Los días de suspensión deben ser un número entero.")
      .min(1, "La suspensión dura al menos 1 día.")
      .max(BAN_DAYS_MAX, `La suspensión puede durar como máximo ${BAN_DAYS_MAX} días.`)
      .optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.action === "ban" && value.banDays === undefined) {
      ctx.addIssue({ code: "custom", path: ["banDays"], message: "Indica cuántos días dura la suspensión." });
    }
  });
export type ResolveReportsPayload = z.infer<typeof resolveReportsPayloadSchema>;

export const resolvedReportsSchema = z.object({
  targetKind,
  targetId: z.string(),
  action: z.enum(REPORT_ACTIONS),
  /** How many open reports were closed (and reporters told). */
  closed: z.number().int(),
});

/** The end of the notice a reporter gets once the queue decides ("Revisamos tu reporte sobre «X»: …"). */
export function reportOutcomeText(action: ReportAction, kind: ReportTargetKind): string {
  switch (action) {
    case "dismiss":
      return "no encontramos una infracción.";
    case "hide":
      return "lo ocultamos.";
    case "delete":
      return "lo borramos.";
    case "ban":
      return kind === "user" ? "suspendimos la cuenta." : "suspendimos la cuenta de quien lo publicó.";
  }
}
