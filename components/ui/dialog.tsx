"use client";

import { useEffect, useId, useRef, type FormEvent, type ReactNode } from "react";
import { Button } from "./button";
import { FormAlert } from "./form-alert";
import "./dialog.css";

/**
 * A modal dialog on the native <dialog> element: showModal() gives the focus trap, Escape,
 * the inert background and the top layer; focus returns to the opener when it closes.
 */
export function Dialog({
  open,
  title,
  description,
  onClose,
  role = "dialog",
  children,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  onClose: () => void;
  /** `alertdialog` for messages that interrupt (the alerts of docs/product.md#errors, confirmations). */
  role?: "dialog" | "alertdialog";
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // jsdom has no showModal; a plain attribute is enough there.
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape fires `cancel`; the parent owns `open`, so it decides.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener("cancel", onCancel);
    return () => dialog.removeEventListener("cancel", onCancel);
  }, []);

  return (
    <dialog
      ref={ref}
      className="dialog"
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
    >
      {open ? (
        <>
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {description ? (
            <div id={descriptionId} className="dialog__description">
              {description}
            </div>
          ) : null}
          {children}
        </>
      ) : null}
    </dialog>
  );
}

/**
 * Asks before an action. `children` adds fields (a reason, a date…); the confirm button submits
 * the form, so Enter confirms. The caller validates (messages in Spanish, in the app's words)
 * and passes what is wrong as `error`.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = "Cancelar",
  danger = false,
  busy = false,
  error = null,
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  message?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy) onConfirm();
  }
  return (
    <Dialog open={open} title={title} description={message} onClose={busy ? () => {} : onCancel} role="alertdialog">
      <form className="form dialog__form" onSubmit={onSubmit} noValidate>
        {children}
        <FormAlert message={error} />
        <div className="actions dialog__actions">
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant={danger ? "danger" : "primary"} disabled={busy} autoFocus={!children}>
            {busy ? "Un momento..." : confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** A message the user acknowledges (the alerts of docs/product.md#errors). */
export function AlertDialog({
  open,
  title,
  message,
  buttonLabel = "Aceptar",
  onClose,
}: {
  open: boolean;
  title: string;
  message?: ReactNode;
  buttonLabel?: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} title={title} description={message} onClose={onClose} role="alertdialog">
      <div className="actions dialog__actions">
        <Button onClick={onClose} autoFocus>
          {buttonLabel}
        </Button>
      </div>
    </Dialog>
  );
}
