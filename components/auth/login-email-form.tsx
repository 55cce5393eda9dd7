"use client";

import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useAtomValue } from "jotai";
import { authErrorMessage } from "@/lib/auth/errors";
import { signInWithEmail } from "@/lib/auth/email-password";
import { identityAtom } from "@/lib/state/auth";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { TextField } from "@/components/ui/text-field";
import { EmailField } from "./account-fields";
import { ForgotPasswordDialog } from "./forgot-password-dialog";

export function LoginEmailForm() {
  const router = useRouter();
  const identity = useAtomValue(identityAtom);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setError(null);
    if (email.trim() === "" || password === "") {
      setError("Escribe tu correo y tu contraseña.");
      return;
    }
    setSubmitting(true);
    try {
      await signInWithEmail(email, password);
      router.push("/profile/");
    } catch (caught) {
      setError(authErrorMessage(caught));
      setSubmitting(false);
    }
  }

  return (
    <div className="stack">
      {identity ? (
        <p className="notice">
          Ya iniciaste sesión como {identity.email}. <Link href="/profile/">Ir a mi perfil</Link>
        </p>
      ) : null}
      <form className="form" onSubmit={onSubmit} noValidate>
        <EmailField value={email} onValue={setEmail} />
        <TextField
          label="Contraseña"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <FormAlert message={error} />
        <div className="actions">
          <Button type="submit" disabled={submitting}>
            {submitting ? "Entrando..." : "Iniciar sesión"}
          </Button>
        </div>
      </form>
      <p>
        <Button variant="ghost" onClick={() => setForgotOpen(true)} aria-haspopup="dialog">
          ¿Olvidaste tu contraseña?
        </Button>
      </p>
      {/* Keyed by the open state: each opening starts from the email typed in the form. */}
      <ForgotPasswordDialog key={forgotOpen ? "open" : "closed"} open={forgotOpen} initialEmail={email} onClose={() => setForgotOpen(false)} />
      <p>
        ¿No tienes cuenta? <Link href="/register/">Crea una</Link>
      </p>
    </div>
  );
}
