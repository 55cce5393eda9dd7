"use client";

import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import styles from "./content.module.css";

/**
 * A confirmation on the native <dialog> (focus trap, Escape, inert background). With
 * `reasonLabel` it asks for a reason first (hide, delete as admin).
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  danger = false,
  reasonLabel,
  reasonRequired = false,
  busy = false,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  reasonLabel?: string;
  reasonRequired?: boolean;
  busy?: boolean;
  error?: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    } else if (!open && dialog.open) dialog.close();
  }, [open]);

  const close = () => {
    setReason("");
    setMissing(false);
    onClose();
  };

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
    >
      {open ? (
        <form
          method="dialog"
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            if (reasonLabel && reasonRequired && reason.trim() === "") {
              setMissing(true);
              return;
            }
            onConfirm(reason.trim());
          }}
        >
          <h2 id={titleId}>{title}</h2>
          {description ? <div>{description}</div> : null}
          {reasonLabel ? (
            <div className="field">
              <label className="field__label" htmlFor={reasonId}>
                {reasonLabel}
              </label>
              <textarea
                id={reasonId}
                className="field__input"
                rows={3}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                aria-invalid={missing || undefined}
                aria-describedby={missing ? `${reasonId}-error` : undefined}
              />
              {missing ? (
                <p id={`${reasonId}-error`} className="field__error">
                  Indica el motivo.
                </p>
              ) : null}
            </div>
          ) : null}
          <FormAlert message={error ?? null} />
          <div className="actions">
            <Button type="submit" variant={danger ? "danger" : "primary"} disabled={busy}>
              {busy ? "Un momento..." : confirmLabel}
            </Button>
            <Button variant="ghost" onClick={close}>
              Cancelar
            </Button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
