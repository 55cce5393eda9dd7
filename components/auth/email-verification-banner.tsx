"use client";

import { useEffect, useState } from "react";
import { useAtomValue } from "jotai";
import { refreshIdentity, sendVerificationEmail } from "@/lib/auth/account-email";
import { authErrorMessage } from "@/lib/auth/errors";
import { identityAtom } from "@/lib/state/auth";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import styles from "./auth.module.css";

/**
 * Tells a signed-in account whose email is not verified that it cannot publish yet
 * (docs/authorization.md#unverified-email), offers to send the link again, and goes away once the
 * email is verified, also when that happened in another tab or device (checked when the app comes
 * back into view).
 */
export function EmailVerificationBanner() {
  const identity = useAtomValue(identityAtom);
  const pending = identity !== null && identity.email !== null && !identity.emailVerified;
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!pending) return;
    const check = () => {
      if (document.visibilityState === "visible") refreshIdentity().catch(() => undefined);
    };
    window.addEventListener("focus", check);
    document.addEventListener("visibilitychange", check);
    return () => {
      window.removeEventListener("focus", check);
      document.removeEventListener("visibilitychange", check);
    };
  }, [pending]);

  if (!pending) return null;

  async function onResend() {
    setBusy(true);
    setError(null);
    setSent(false);
    try {
      await sendVerificationEmail();
      setSent(true);
    } catch (caught) {
      // auth/too-many-requests has its Spanish message: Firebase limits how often it writes.
      setError(authErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={`notice ${styles.banner}`} aria-labelledby="email-verification-title">
      <p id="email-verification-title" className={styles.bannerTitle}>
        Verifica tu correo
      </p>
      <p>Abre el enlace que te enviamos para poder publicar eventos, lugares, noticias y comunidades.</p>
      <div className="actions">
        <Button variant="secondary" onClick={() => void onResend()} disabled={busy}>
          {busy ? "Enviando..." : "Reenviar correo"}
        </Button>
      </div>
      {sent ? (
        <p className="form-success" role="status">
          Te enviamos un nuevo enlace. Revisa tu bandeja de entrada y la carpeta de spam.
        </p>
      ) : null}
      <FormAlert message={error} />
    </section>
  );
}
