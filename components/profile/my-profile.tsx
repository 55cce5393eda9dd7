"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useAtomValue } from "jotai";
import { logout } from "@/lib/auth/session";
import { authErrorMessage } from "@/lib/auth/errors";
import { authUserAtom, identityAtom, sessionStatusAtom } from "@/lib/state/auth";
import { Button, ButtonLink } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Skeleton } from "@/components/ui/skeleton";

const ACCOUNT_LABELS = { NORMAL: "Cuenta personal", ADMIN: "Administrador", MASTER: "Administrador principal" } as const;

/** The signed-in user's own profile, or an invitation to sign in. */
export function MyProfile() {
  const router = useRouter();
  const user = useAtomValue(authUserAtom);
  const identity = useAtomValue(identityAtom);
  const status = useAtomValue(sessionStatusAtom);
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  async function onLogout() {
    setLeaving(true);
    setError(null);
    try {
      await logout();
      router.push("/");
    } catch (caught) {
      setError(authErrorMessage(caught));
      setLeaving(false);
    }
  }

  const logoutButton = (
    <Button variant="secondary" onClick={onLogout} disabled={leaving}>
      {leaving ? "Cerrando sesión..." : "Cerrar sesión"}
    </Button>
  );

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
        <div className="actions">{logoutButton}</div>
      </section>
    );
  }

  return (
    <section className="card stack" aria-labelledby="profile-name">
      <div>
        <h2 id="profile-name">{user.name}</h2>
        <p className="page-header__description">{user.email}</p>
      </div>
      <dl className="profile-facts">
        <dt>Tipo de cuenta</dt>
        <dd>{ACCOUNT_LABELS[user.accountType]}</dd>
        <dt>Verificación</dt>
        <dd>{user.verified ? "Cuenta verificada" : "Sin verificar"}</dd>
      </dl>
      <FormAlert message={error} />
      <div className="actions">
        {user.isAdmin ? <ButtonLink href="/panel/home/">Panel de administración</ButtonLink> : null}
        {logoutButton}
      </div>
    </section>
  );
}
