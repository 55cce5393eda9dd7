"use client";

import { useState } from "react";
import type { ReportPayload } from "@/lib/api/reports";
import { REPORT_MESSAGES, REPORT_REASONS, REPORT_REASON_LABELS, REPORT_TEXT_MAX, type ReportReason } from "@/lib/schemas/report-reasons";
import { ConfirmDialog } from "@/components/ui/dialog";
import { TextAreaField } from "@/components/ui/text-area-field";
import styles from "./report.module.css";

/**
 * The report form in a dialog: a reason, and a detail that is required for «Otro». Checks are
 * the server's, with its Spanish words (lib/schemas/report-reasons.ts), so nobody sends a report
 * only to read the same message back.
 */
export function ReportDialog({
  open,
  label,
  alreadyReported,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  /** What is reported, quoted in the question. */
  label: string;
  alreadyReported: boolean;
  busy: boolean;
  error: string | null;
  onSubmit: (report: Pick<ReportPayload, "reason" | "text">) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState("");
  const [problems, setProblems] = useState<{ reason?: string; text?: string }>({});

  function confirm() {
    const detail = text.trim();
    const found: typeof problems = {};
    if (!reason) found.reason = REPORT_MESSAGES.reason;
    if (reason === "other" && !detail) found.text = REPORT_MESSAGES.textRequired;
    if (detail.length > REPORT_TEXT_MAX) found.text = REPORT_MESSAGES.textTooLong;
    setProblems(found);
    if (found.reason || found.text || !reason) return;
    onSubmit({ reason, text: detail || null });
  }

  return (
    <ConfirmDialog
      open={open}
      role="dialog"
      title="Reportar"
      message={
        <p>
          {alreadyReported ? `Ya reportaste «${label}». Si lo envías de nuevo, actualizamos tu reporte.` : `¿Qué problema tiene «${label}»?`} La
          moderación lo revisará; quien lo publicó no sabrá quién lo reportó.
        </p>
      }
      confirmLabel="Enviar reporte"
      busy={busy}
      error={error ?? problems.reason ?? null}
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <fieldset className={styles.reasons} aria-invalid={problems.reason ? true : undefined}>
        <legend className="field__label">Motivo</legend>
        {REPORT_REASONS.map((value, i) => (
          <label key={value} className={styles.reason}>
            <input
              type="radio"
              name="report-reason"
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
              data-autofocus={i === 0 ? true : undefined}
            />
            {REPORT_REASON_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <TextAreaField
        label={reason === "other" ? "Detalle" : "Detalle (opcional)"}
        name="report-text"
        hint={`Hasta ${REPORT_TEXT_MAX} caracteres.`}
        maxLength={REPORT_TEXT_MAX}
        value={text}
        error={problems.text}
        onChange={(event) => setText(event.target.value)}
      />
    </ConfirmDialog>
  );
}
