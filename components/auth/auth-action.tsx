"use client";

import Link from "@/components/ui/link";
import { useEffect, useState } from "react";
import { applyEmailAction, passwordResetEmail, readEmailAction, type EmailAction } from "@/lib/auth/account-email";
import { authErrorMessage } from "@/lib/auth/errors";
import { FormAlert } from "@/components/ui/form-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { ResetPasswordForm } from "./reset-password-form";

type Status =
  | { kind: "checking" }
  | { kind: "reset"; action: EmailAction; email: string }
  | { kind: "done"; title: string; message: string; next: string; nextLabel: string }
  | { kind: "error"; message: string };

const TITLES = {
  resetPassword: "Restablecer contraseña",
  verifyEmail: "Verificación de correo",
  verifyAndChangeEmail: "Cambio de correo",
  recoverEmail: "Recuperación de correo",
} as const;

async function settle(action: EmailAction): Promise<Status> {
  if (action.mode === "resetPassword") return { kind: "reset", action, email: await passwordResetEmail(action.oobCode) };
  const email = await applyEmailAction(action);
  switch (action.mode) {
    case "verifyEmail":
      return { kind: "done", title: TITLES.verifyEmail, message: "Tu correo quedó verificado. Ya puedes publicar.", next: action.next ?? "/", nextLabel: "Continuar" };
    case "verifyAndChangeEmail":
      return {
        kind: "done",
        title: TITLES.verifyAndChangeEmail,
        message: `Listo: tu correo ahora es ${email ?? "el nuevo"}. Inicia sesión con él.`,
        next: "/login-email/",
        nextLabel: "Iniciar sesión",
      };
    default:
      return {
        kind: "done",
        title: TITLES.recoverEmail,
        message: `Tu cuenta volvió a tu correo ${email ?? "anterior"}. Si tú no pediste el cambio, cambia tu contraseña al entrar.`,
        next: "/login-email/",
        nextLabel: "Iniciar sesión",
      };
  }
}

/**
 * The app's handler of Firebase's email links (the project's action URL points here): password
 * reset, email verification, change and recovery of email. The query is read after mount: the page
 * is prerendered without it.
 */
export function AuthAction() {
  const [status, setStatus] = useState<Status>({ kind: "checking" });

  useEffect(() => {
    let cancelled = false;
    const action = readEmailAction(window.location.search, window.location.origin);
    const show = (next: Status) => {
      if (!cancelled) setStatus(next);
    };
    if (!action) show({ kind: "error", message: "El enlace no es válido o está incompleto. Ábrelo de nuevo desde el correo." });
    else settle(action).then(show, (error: unknown) => show({ kind: "error", message: authErrorMessage(error) }));
    return () => {
      cancelled = true;
    };
  }, []);

  if (status.kind === "checking") return <Skeleton lines={1} label="Revisando el enlace" />;
  if (status.kind === "reset") {
    return (
      <section className="card stack" aria-labelledby="action-title">
        <h2 id="action-title">{TITLES.resetPassword}</h2>
        <ResetPasswordForm oobCode={status.action.oobCode} email={status.email} next={status.action.next} />
      </section>
    );
  }
  return (
    <section className="card stack" aria-labelledby="action-title">
      <h2 id="action-title">{status.kind === "done" ? status.title : "No se pudo usar el enlace"}</h2>
      {status.kind === "done" ? (
        <p className="form-success" role="status">
          {status.message}
        </p>
      ) : (
        <FormAlert message={status.message} />
      )}
      <p>{status.kind === "done" ? <Link href={status.next}>{status.nextLabel}</Link> : <Link href="/">Ir al inicio</Link>}</p>
    </section>
  );
}
