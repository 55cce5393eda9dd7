"use client";

import { useState, type FormEvent } from "react";
import { requestPasswordReset } from "@/lib/auth/account-email";
import { authErrorMessage } from "@/lib/auth/errors";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/form-alert";
import { EmailField } from "./account-fields";

/** '¿Olvidaste tu contraseña?': asks for the email and sends the reset link. */
export function ForgotPasswordDialog({ open, initialEmail, onClose }: { open: boolean; initialEmail: string; onClose: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    if (email.trim() === "") {
      setError("Escribe tu correo.");
      return;
    }
    setBusy(true);
    try {
      await requestPasswordReset(email);
      setSent(true);
    } catch (caught) {
      setError(authErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      title="Restablecer contraseña"
      description="Te enviaremos un enlace para crear una contraseña nueva."
      onClose={busy ? () => {} : onClose}
    >
      {sent ? (
        <div className="stack">
          <p className="form-success" role="status">
            Si hay una cuenta con ese correo, te enviamos un enlace para crear una contraseña nueva. Revisa tu bandeja de entrada.
          </p>
          <div className="actions">
            <Button onClick={onClose} data-autofocus>
              Cerrar
            </Button>
          </div>
        </div>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate>
          <EmailField value={email} onValue={setEmail} data-autofocus />
          <FormAlert message={error} />
          <div className="actions">
            <Button variant="ghost" onClick={onClose} disabled={busy}>
              Cancelar
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Enviando..." : "Enviar enlace"}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
