"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { authErrorMessage } from "@/lib/auth/errors";
import {
  PROVIDER_LABELS,
  emulatorIdToken,
  signInWithProviderToken,
  startRedirect,
  usesAuthEmulator,
  type SocialProvider,
} from "@/lib/auth/social";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { EmulatorAccountDialog, type EmulatorAccount } from "./emulator-account-dialog";
import { ProviderIcon } from "./provider-icon";
import styles from "./auth.module.css";

/** An access token for the emulator's Google credential, so the token call runs as in production. */
const EMULATOR_ACCESS_TOKEN = "emulator-access-token";

/** "Continuar con Google" and "Continuar con Apple". */
export function SocialSignIn() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const [emulatorFor, setEmulatorFor] = useState<SocialProvider | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);

  async function start(provider: SocialProvider) {
    setError(null);
    if (usesAuthEmulator) {
      setDialogError(null);
      setEmulatorFor(provider);
      return;
    }
    setBusy(provider);
    try {
      // Leaves the page; the start-up flow finishes the sign-in when the provider sends us back.
      await startRedirect(provider, "signIn");
    } catch (caught) {
      setError(authErrorMessage(caught));
      setBusy(null);
    }
  }

  async function signInWithEmulator(account: EmulatorAccount) {
    const provider = emulatorFor;
    if (!provider) return;
    if (account.email.trim() === "") {
      setDialogError("Escribe un correo.");
      return;
    }
    setBusy(provider);
    setDialogError(null);
    try {
      const idToken = emulatorIdToken({ provider, email: account.email, name: account.name });
      const outcome = await signInWithProviderToken(provider, idToken, provider === "google" ? EMULATOR_ACCESS_TOKEN : undefined);
      setEmulatorFor(null);
      if (outcome === "ready") router.push("/profile/");
    } catch (caught) {
      setDialogError(authErrorMessage(caught));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className={styles.socialSignIn} aria-label="Otras formas de entrar">
      <p className={styles.divider}>
        <span>o</span>
      </p>
      <div className={styles.buttons}>
        {(["google", "apple"] as const).map((provider) => (
          <Button key={provider} variant="secondary" onClick={() => void start(provider)} disabled={busy !== null}>
            <ProviderIcon provider={provider} />
            {busy === provider && !usesAuthEmulator ? `Abriendo ${PROVIDER_LABELS[provider]}...` : `Continuar con ${PROVIDER_LABELS[provider]}`}
          </Button>
        ))}
      </div>
      <FormAlert message={error} />
      <EmulatorAccountDialog
        key={emulatorFor ?? "closed"}
        provider={emulatorFor}
        purpose="signIn"
        busy={busy !== null}
        error={dialogError}
        onSubmit={(account) => void signInWithEmulator(account)}
        onCancel={() => setEmulatorFor(null)}
      />
    </section>
  );
}
