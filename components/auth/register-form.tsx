"use client";

import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { signUpPayloadSchema } from "@/lib/schemas/users";
import { ApiError } from "@/lib/api/errors";
import { authErrorMessage } from "@/lib/auth/errors";
import { checkPassword, describeMissing } from "@/lib/auth/password-policy";
import { WeakPasswordError, registerWithEmail } from "@/lib/auth/email-password";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { AccountFields, type AccountErrors, type AccountValues } from "./account-fields";
import { SocialSignIn } from "./social-sign-in";

function validate({ name, email, password }: AccountValues): AccountErrors {
  const errors: AccountErrors = {};
  // The sign-up contract carries the name and email rules; the uid is not known yet.
  const parsed = signUpPayloadSchema.safeParse({ name, email, uid: "pendiente" });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === "name" || field === "email") && !errors[field]) errors[field] = issue.message;
    }
  }
  const check = checkPassword(password);
  if (!check.valid) errors.password = describeMissing(check.missing);
  return errors;
}

export function RegisterForm() {
  const router = useRouter();
  const [values, setValues] = useState<AccountValues>({ name: "", email: "", password: "" });
  const [fieldErrors, setFieldErrors] = useState<AccountErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setError(null);
    const errors = validate(values);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setSubmitting(true);
    try {
      await registerWithEmail(values);
      router.push("/profile/");
    } catch (caught) {
      if (caught instanceof WeakPasswordError) {
        setFieldErrors({ password: caught.message });
      } else {
        // API failures carry their own Spanish message; identity failures go through the code
        // map (email in use → 'El correo introducido ya existe.', else the provider's message).
        setError(caught instanceof ApiError ? caught.message : authErrorMessage(caught));
      }
      setSubmitting(false);
    }
  }

  return (
    <div className="stack">
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Crear cuenta con correo">
        <AccountFields values={values} errors={fieldErrors} onChange={(field, value) => setValues((prev) => ({ ...prev, [field]: value }))} own checklistId="password-requirements" />
        <FormAlert message={error} />
        <p className="field__hint">
          Al crear tu cuenta aceptas los <Link href="/termsAndConditions/">Términos y condiciones</Link> y la{" "}
          <Link href="/privacyPolicy/">Política de privacidad</Link>.
        </p>
        <div className="actions">
          <Button type="submit" disabled={submitting}>
            {submitting ? "Creando cuenta..." : "Crear cuenta"}
          </Button>
        </div>
      </form>
      <SocialSignIn />
      <p>
        ¿Ya tienes cuenta? <Link href="/login-email/">Inicia sesión</Link>
      </p>
    </div>
  );
}
