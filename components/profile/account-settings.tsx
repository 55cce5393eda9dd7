"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useAtomValue } from "jotai";
import { deleteAccount, finishAccountDeletion } from "@/lib/auth/account";
import { authErrorMessage, linkErrorMessage } from "@/lib/auth/errors";
import { logout } from "@/lib/auth/sign-out";
import {
  PROVIDER_IDS,
  PROVIDER_LABELS,
  emulatorIdToken,
  linkWithProviderToken,
  startRedirect,
  unlinkProvider,
  usesAuthEmulator,
  type SocialProvider,
} from "@/lib/auth/social";
import { useMe } from "@/lib/hooks/use-me";
import { identityAtom } from "@/lib/state/auth";
import { notify } from "@/lib/toast/notify";
import { Button } from "@/components/ui/button";
import { AlertDialog, ConfirmDialog } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/form-alert";
import { CredentialSettings } from "@/components/auth/credential-settings";
import { EmulatorAccountDialog, type EmulatorAccount } from "@/components/auth/emulator-account-dialog";
import { ProviderIcon } from "@/components/auth/provider-icon";
import styles from "./profile.module.css";

const SOCIAL: readonly SocialProvider[] = ["google", "apple"];

/** The alerts of account deletion (docs/product.md#errors). */
const SIGN_IN_AGAIN = "Vuelve a iniciar sesión para hacer esto";
const DELETED = "Cuenta borrado con éxito";

/** Profile settings: email and password, linked sign-in methods, sign-out and account deletion. */
export function AccountSettings() {
  const router = useRouter();
  const identity = useAtomValue(identityAtom);
  const me = useMe();
  // The owner role cannot delete itself (docs/authorization.md): it is removed by command first.
  const canDelete = me?.accountType !== "MASTER";
  const providers = identity?.providers ?? [];
  const [busy, setBusy] = useState(false);
  const [linkFor, setLinkFor] = useState<SocialProvider | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [unlinkFor, setUnlinkFor] = useState<SocialProvider | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [alert, setAlert] = useState<"signInAgain" | "deleted" | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function onLink(provider: SocialProvider) {
    if (usesAuthEmulator) {
      setLinkError(null);
      setLinkFor(provider);
      return;
    }
    setBusy(true);
    try {
      await startRedirect(provider, "link");
    } catch (caught) {
      notify("danger", linkErrorMessage(provider, caught));
      setBusy(false);
    }
  }

  async function linkWithEmulator(account: EmulatorAccount) {
    const provider = linkFor;
    if (!provider) return;
    if (account.email.trim() === "") {
      setLinkError("Escribe un correo.");
      return;
    }
    setBusy(true);
    try {
      await linkWithProviderToken(provider, emulatorIdToken({ provider, ...account }), provider === "google" ? "emulator-access-token" : undefined);
      setLinkFor(null);
      notify("success", `Cuenta de ${PROVIDER_LABELS[provider]} vinculada`);
    } catch (caught) {
      // docs/product.md#errors: a toast, 'ya se encuentra en uso' or the provider's message.
      setLinkFor(null);
      notify("danger", linkErrorMessage(provider, caught));
    } finally {
      setBusy(false);
    }
  }

  async function onUnlink() {
    const provider = unlinkFor;
    if (!provider) return;
    setBusy(true);
    try {
      await unlinkProvider(provider);
      // docs/product.md#account-deletion-and-providers: unlinking reloads the page.
      window.location.reload();
    } catch (caught) {
      setUnlinkFor(null);
      setBusy(false);
      notify("danger", authErrorMessage(caught));
    }
  }

  async function onDelete() {
    setBusy(true);
    try {
      await deleteAccount();
      setAlert("deleted");
    } catch {
      setAlert("signInAgain");
    } finally {
      setConfirmDelete(false);
      setBusy(false);
    }
  }

  async function onAlertClosed() {
    const which = alert;
    setAlert(null);
    if (which === "deleted") {
      await finishAccountDeletion().catch(() => undefined);
      // docs/product.md#errors: the browser goes to the site root — a full load, so nothing of the
      // deleted account stays in memory.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- the product asks for a full load
      window.location.href = "/";
      return;
    }
    try {
      await logout();
      router.push("/login/");
    } catch (caught) {
      setError(authErrorMessage(caught));
    }
  }

  async function onLogout() {
    setBusy(true);
    setError(null);
    try {
      await logout();
      router.push("/");
    } catch (caught) {
      setError(authErrorMessage(caught));
      setBusy(false);
    }
  }

  const canUnlink = providers.length > 1;
  return (
    <section id="ajustes" className={`card ${styles.section}`} aria-labelledby="settings-title" tabIndex={-1}>
      <h2 id="settings-title">Ajustes de la cuenta</h2>
      <CredentialSettings />
      <h3>Métodos de acceso</h3>
      <ul className={styles.providers}>
        {providers.includes("password") ? (
          <li>
            <span>Correo y contraseña</span>
            <span className="field__hint">Vinculado</span>
          </li>
        ) : null}
        {SOCIAL.map((provider) => {
          const linked = providers.includes(PROVIDER_IDS[provider]);
          const label = PROVIDER_LABELS[provider];
          return (
            <li key={provider} data-testid={`provider-${provider}`}>
              <span className="actions">
                <ProviderIcon provider={provider} /> {label}
                <span className="field__hint">{linked ? "Vinculada" : "Sin vincular"}</span>
              </span>
              {linked ? (
                <Button variant="ghost" disabled={busy || !canUnlink} onClick={() => setUnlinkFor(provider)} title={canUnlink ? undefined : "Es tu único método de acceso"}>
                  Desvincular {label}
                </Button>
              ) : (
                <Button variant="secondary" disabled={busy} onClick={() => void onLink(provider)}>
                  Vincular {label}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {!canUnlink ? <p className="field__hint">Para desvincular un método necesitas tener al menos otro vinculado.</p> : null}
      <h3>Sesión</h3>
      <FormAlert message={error} />
      <div className="actions">
        <Button variant="secondary" onClick={() => void onLogout()} disabled={busy}>
          Cerrar sesión
        </Button>
        {canDelete ? (
          <Button variant="danger" onClick={() => setConfirmDelete(true)} disabled={busy}>
            Borrar mi cuenta
          </Button>
        ) : null}
      </div>
      {canDelete ? null : <p className="field__hint">La cuenta de administrador principal no puede borrarse; primero hay que quitarle ese rol.</p>}

      <EmulatorAccountDialog
        key={linkFor ?? "closed"}
        provider={linkFor}
        purpose="link"
        busy={busy}
        error={linkError}
        onSubmit={(account) => void linkWithEmulator(account)}
        onCancel={() => setLinkFor(null)}
      />
      <ConfirmDialog
        open={unlinkFor !== null}
        title={`¿Desvincular tu cuenta de ${unlinkFor ? PROVIDER_LABELS[unlinkFor] : ""}?`}
        message="Ya no podrás entrar con ella. La página se recargará."
        confirmLabel="Desvincular"
        danger
        busy={busy}
        onConfirm={() => void onUnlink()}
        onCancel={() => setUnlinkFor(null)}
      />
      <ConfirmDialog
        open={confirmDelete}
        title="¿Borrar tu cuenta?"
        message={
          <>
            <p>Se borrarán tu perfil, tus seguimientos, tus notificaciones y los eventos y noticias que publicaste. Esta acción no se puede deshacer.</p>
            <p>Por seguridad, necesitas haber iniciado sesión hace menos de 10 minutos.</p>
          </>
        }
        confirmLabel="Borrar mi cuenta"
        danger
        busy={busy}
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirmDelete(false)}
      />
      <AlertDialog open={alert === "signInAgain"} title={SIGN_IN_AGAIN} onClose={() => void onAlertClosed()} />
      <AlertDialog open={alert === "deleted"} title={DELETED} onClose={() => void onAlertClosed()} />
    </section>
  );
}
