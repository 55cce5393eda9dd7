"use client";

import { useEffect, useId, useRef, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { Button } from "./button";
import { FormAlert } from "./form-alert";
import styles from "./dialog.module.css";

/**
 * A modal dialog on the native <dialog> element: showModal() gives the focus trap, the inert
 * background and the top layer. Escape asks the parent to close (it owns `open`), and focus goes
 * back to what had it before the dialog opened, also where showModal is missing (jsdom).
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
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      // jsdom has no showModal; a plain attribute is enough there.
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    // After the opener is remembered: React's autoFocus would have moved focus before this ran.
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    return () => {
      if (dialog.open) {
        if (typeof dialog.close === "function") dialog.close();
        else dialog.removeAttribute("open");
      }
      if (opener?.isConnected) opener.focus();
    };
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

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    // Where the browser sends no `cancel` on Escape, the key itself closes.
    if (event.key !== "Escape") return;
    event.preventDefault();
    onCloseRef.current();
  }

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onKeyDown={onKeyDown}
    >
      {open ? (
        <>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {description ? (
            <div id={descriptionId} className={styles.description}>
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
 * The one confirmation of the app: asks before an action. `children` adds fields (a reason, a
 * date…); the confirm button submits the form, so Enter confirms. The caller validates (messages
 * in Spanish, in the app's words) and passes what is wrong as `error`. Escape and 'Cancelar'
 * call `onCancel` only, and never while the action is under way.
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
  role = "alertdialog",
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
  /** Content screens ask in a plain `dialog`; account and admin confirmations interrupt. */
  role?: "dialog" | "alertdialog";
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy) onConfirm();
  }
  return (
    <Dialog open={open} title={title} description={message} onClose={busy ? () => {} : onCancel} role={role}>
      <form className={`form ${styles.form}`} onSubmit={onSubmit} noValidate>
        {children}
        <FormAlert message={error} />
        <div className={`actions ${styles.actions}`}>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant={danger ? "danger" : "primary"} disabled={busy} data-autofocus={children ? undefined : true}>
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
      <div className={`actions ${styles.actions}`}>
        <Button onClick={onClose} data-autofocus>
          {buttonLabel}
        </Button>
      </div>
    </Dialog>
  );
}
