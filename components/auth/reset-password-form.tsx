"use client";

import Link from "@/components/ui/link";
import { useState, type FormEvent } from "react";
import { resetPassword } from "@/lib/auth/account-email";
import { authErrorMessage } from "@/lib/auth/errors";
import { checkPassword, describeMissing } from "@/lib/auth/password-policy";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { TextField } from "@/components/ui/text-field";
import { PasswordChecklist } from "./password-checklist";

/** The new password of a reset link; the account it is for is shown (and offered to password managers). */
export function ResetPasswordForm({ oobCode, email, next }: { oobCode: string; email: string; next: string | null }) {
  const [password, setPassword] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    const check = checkPassword(password);
    setFieldError(check.valid ? null : describeMissing(check.missing));
    if (!check.valid) return;
    setBusy(true);
    try {
      await resetPassword(oobCode, password);
      setDone(true);
    } catch (caught) {
      setError(authErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <>
        <p className="form-success" role="status">
          Tu contraseña cambió. Ya puedes iniciar sesión con ella.
        </p>
        <p>
          <Link href={next ?? "/login-email/"}>Iniciar sesión</Link>
        </p>
      </>
    );
  }
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p>
        Cuenta: <strong>{email}</strong>
      </p>
      {/* For password managers: which account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextField
        label="Nueva contraseña"
        type="password"
        name="new-password"
        autoComplete="new-password"
        required
        value={password}
        error={fieldError}
        aria-describedby="reset-password-requirements"
        onChange={(e) => setPassword(e.target.value)}
      />
      <PasswordChecklist id="reset-password-requirements" password={password} />
      <FormAlert message={error} />
      <div className="actions">
        <Button type="submit" disabled={busy}>
          {busy ? "Guardando..." : "Guardar contraseña"}
        </Button>
      </div>
    </form>
  );
}
