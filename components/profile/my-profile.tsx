"use client";

import Link from "@/components/ui/link";
import { useState } from "react";
import { useAtomValue } from "jotai";
import { logout } from "@/lib/auth/sign-out";
import { authErrorMessage } from "@/lib/auth/errors";
import { useMe } from "@/lib/hooks/use-me";
import { identityAtom, sessionStatusAtom } from "@/lib/state/auth";
import { Button, ButtonLink } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { AccessibilityNeedsSettings } from "@/components/accessibility/accessibility-needs-settings";
import { AccountSettings } from "./account-settings";
import { ProfileEditForm } from "./profile-edit-form";
import { ProfileHeader } from "./profile-header";
import { VerificationRequest } from "./verification-request";
import { PushSettings } from "@/components/push/push-settings";

/** The signed-in user's own profile, or an invitation to sign in. */
export function MyProfile() {
  const user = useMe();
  const identity = useAtomValue(identityAtom);
  const status = useAtomValue(sessionStatusAtom);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  if (!identity) {
    return (
      <section className="card stack">
        <p>Inicia sesión para ver tu perfil, seguir lo que te interesa y recibir notificaciones.</p>
        <div className="actions">
          <ButtonLink href="/login/">Iniciar sesión</ButtonLink>
          <ButtonLink href="/register/" variant="secondary">
            Crear cuenta
          </ButtonLink>
        </div>
      </section>
    );
  }

  if (!user) {
    async function onLogout() {
      setLeaving(true);
      setError(null);
      try {
        await logout();
      } catch (caught) {
        setError(authErrorMessage(caught));
        setLeaving(false);
      }
    }
    return (
      <section className="card stack">
        {status === "no-profile" ? (
          <p>
            Tu cuenta ({identity.email}) aún no tiene un perfil. Si acabas de registrarte, espera un momento y recarga
            la página.
          </p>
        ) : status === "error" ? (
          <p>No pudimos cargar tu perfil. Revisa tu conexión e inténtalo de nuevo.</p>
        ) : (
          <Skeleton lines={2} label="Cargando tu perfil" />
        )}
        <FormAlert message={error} />
        <div className="actions">
          <Button variant="secondary" onClick={() => void onLogout()} disabled={leaving}>
            {leaving ? "Cerrando sesión..." : "Cerrar sesión"}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <div className="stack">
      <ProfileHeader
        user={user}
        followingHref="/profile/following/"
        actions={
          <>
            <Button variant={editing ? "ghost" : "primary"} aria-expanded={editing} aria-controls="edit-profile" onClick={() => setEditing((v) => !v)}>
              {editing ? "Cerrar edición" : "Editar perfil"}
            </Button>
            {user.isAdmin ? <ButtonLink href="/panel/home/" variant="secondary">Panel de administración</ButtonLink> : null}
          </>
        }
      />
      <nav aria-label="Tu cuenta" className="actions">
        <Link href="/addresses/index/">Mis direcciones</Link>
        <Link href="/profile/following/">Lo que sigo</Link>
        <a href="#ajustes">Ajustes de la cuenta</a>
      </nav>
      <div id="edit-profile">{editing ? <ProfileEditForm user={user} onDone={() => setEditing(false)} /> : null}</div>
      <VerificationRequest user={user} />
      <AccessibilityNeedsSettings user={user} />
      <PushSettings />
      <AccountSettings />
    </div>
  );
}
