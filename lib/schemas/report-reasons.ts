// What can be reported and why, without zod: the report dialog on every detail page imports
// these, and zod on those pages would cost its weight and trip the CSP (docs/architecture.md).

export const REPORT_TARGET_KINDS = ["event", "place", "news", "community", "user"] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];

export const REPORT_REASONS = ["spam", "inappropriate", "false_information", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam",
  inappropriate: "Contenido inapropiado",
  false_information: "Información falsa",
  other: "Otro",
};

export const REPORT_TEXT_MAX = 1000;

/** Reports one person may file per hour (repeats of an open report do not count). */
export const REPORTS_PER_HOUR = 10;

export const REPORT_ACTIONS = ["dismiss", "hide", "delete", "ban"] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const REPORT_ACTION_LABELS: Record<ReportAction, string> = {
  dismiss: "Descartar",
  hide: "Ocultar",
  delete: "Borrar",
  ban: "Suspender a quien lo publicó",
};

/** Spanish messages shared by the dialog's checks and the server's. */
export const REPORT_MESSAGES = {
  reason: "Elige un motivo: spam, contenido inapropiado, información falsa u otro.",
  textRequired: "Cuéntanos qué pasa: el detalle es obligatorio cuando eliges «Otro».",
  textTooLong: `El detalle admite hasta ${REPORT_TEXT_MAX} caracteres.`,
} as const;
