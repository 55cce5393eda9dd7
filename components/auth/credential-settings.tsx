"use client";

import { useId, useState, type FormEvent } from "react";
import { useAtomValue } from "jotai";
import { changePassword, isWrongCurrentPassword, requestEmailChange, WRONG_CURRENT_PASSWORD_MESSAGE } from "@/lib/auth/account-email";
import { authErrorMessage } from "@/lib/auth/errors";
import { checkPassword, describeMissing } from "@/lib/auth/password-policy";
import { identityAtom } from "@/lib/state/auth";
import { notify } from "@/lib/toast/notify";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { TextField } from "@/components/ui/text-field";
import { PasswordChecklist } from "./password-checklist";

type Open = "email" | "password" | null;

/**
 * The account's email (verified or not) and, for email/password accounts, changing the email or
 * the password (docs/product.md#email-and-password). Both ask for the current password first.
 */
export function CredentialSettings() {
  const identity = useAtomValue(identityAtom);
  const [open, setOpen] = useState<Open>(null);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  if (!identity) return null;
  const hasPassword = identity.providers.includes("password");
  const toggle = (which: Exclude<Open, null>) => setOpen((current) => (current === which ? null : which));

  return (
    <>
      <h3>Correo</h3>
      <p>
        Estado: <strong data-testid="email-status">{identity.emailVerified ? "Correo verificado" : "Sin verificar"}</strong>
      </p>
      {pendingEmail ? (
        <p className="notice" role="status">
          Te enviamos un enlace a {pendingEmail}. Tu correo cambiará cuando lo abras; después inicia sesión con él.
        </p>
      ) : null}
      {hasPassword ? (
        <>
          <div className="actions">
            <Button variant="secondary" aria-expanded={open === "email"} aria-controls="change-email" onClick={() => toggle("email")}>
              Cambiar correo
            </Button>
            <Button variant="secondary" aria-expanded={open === "password"} aria-controls="change-password" onClick={() => toggle("password")}>
              Cambiar contraseña
            </Button>
          </div>
          <div id="change-email">
            {open === "email" ? (
              <ChangeForm
                title="Cambiar correo"
                field={{ label: "Nuevo correo", type: "email", autoComplete: "email" }}
                submitLabel="Enviar enlace de confirmación"
                validate={(value) => (/^\S+@\S+\.\S+$/.test(value.trim()) ? null : "Escribe un correo válido.")}
                onSubmit={async (current, value) => {
                  await requestEmailChange(current, value);
                  setPendingEmail(value.trim());
                  notify("success", "Revisa tu nuevo correo para confirmar el cambio");
                  setOpen(null);
                }}
              />
            ) : null}
          </div>
          <div id="change-password">
            {open === "password" ? (
              <ChangeForm
                title="Cambiar contraseña"
                field={{ label: "Nueva contraseña", type: "password", autoComplete: "new-password", checklist: true }}
                submitLabel="Guardar contraseña"
                validate={(value) => {
                  const check = checkPassword(value);
                  return check.valid ? null : describeMissing(check.missing);
                }}
                onSubmit={async (current, value) => {
                  await changePassword(current, value);
                  notify("success", "Tu contraseña cambió");
                  setOpen(null);
                }}
              />
            ) : null}
          </div>
        </>
      ) : null}
    </>
  );
}

function ChangeForm({
  title,
  field,
  submitLabel,
  validate,
  onSubmit,
}: {
  title: string;
  field: { label: string; type: "email" | "password"; autoComplete: string; checklist?: boolean };
  submitLabel: string;
  validate: (value: string) => string | null;
  onSubmit: (currentPassword: string, value: string) => Promise<void>;
}) {
  const checklistId = useId();
  const [current, setCurrent] = useState("");
  const [value, setValue] = useState("");
  const [errors, setErrors] = useState<{ current?: string | null; value?: string | null }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    const found = { current: current === "" ? "Escribe tu contraseña actual." : null, value: validate(value) };
    setErrors(found);
    if (found.current || found.value) return;
    setBusy(true);
    try {
      await onSubmit(current, value);
    } catch (caught) {
      if (isWrongCurrentPassword(caught)) setErrors({ current: WRONG_CURRENT_PASSWORD_MESSAGE });
      else setError(authErrorMessage(caught));
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-label={title}>
      <TextField
        label="Contraseña actual"
        type="password"
        name="current-password"
        autoComplete="current-password"
        required
        value={current}
        error={errors.current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <TextField
        label={field.label}
        type={field.type}
        name={field.type === "email" ? "new-email" : "new-password"}
        autoComplete={field.autoComplete}
        required
        value={value}
        error={errors.value}
        aria-describedby={field.checklist ? checklistId : undefined}
        onChange={(e) => setValue(e.target.value)}
      />
      {field.checklist ? <PasswordChecklist id={checklistId} password={value} /> : null}
      <FormAlert message={error} />
      <div className="actions">
        <Button type="submit" disabled={busy}>
          {busy ? "Un momento..." : submitLabel}
        </Button>
      </div>
    </form>
  );
}
