"use client";

import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { PushPreferencesForm } from "./push-preferences";
import { usePushState } from "./use-push-state";
import styles from "./push.module.css";

export const DENIED_HELP =
  "Bloqueaste las notificaciones de este sitio. Para volver a recibirlas, permítelas en los ajustes del sitio de tu navegador (el icono junto a la dirección) y recarga la página.";
export const UNSUPPORTED_HELP =
  "Este navegador no puede recibir notificaciones push. En iPhone o iPad, primero agrega Plaza a tu pantalla de inicio y ábrela desde ahí.";

/** Profile: push on this device ('Activar notificaciones') and which notifications arrive as push. */
export function PushSettings() {
  const { state, busy, error, enable, disable } = usePushState();
  return (
    <section className={`card ${styles.section}`} aria-labelledby="push-title">
      <h2 id="push-title">Notificaciones push</h2>
      <p>Recibe en este dispositivo los avisos de Plaza aunque no tengas la app abierta.</p>
      {state === "unsupported" ? <p className="notice">{UNSUPPORTED_HELP}</p> : null}
      {state === "denied" ? <p className="notice">{DENIED_HELP}</p> : null}
      {state === "on" ? (
        <p className="form-success" role="status">
          Las notificaciones están activadas en este dispositivo.
        </p>
      ) : null}
      <FormAlert message={error} />
      {state === "off" ? (
        <div className="actions">
          <Button onClick={() => void enable()} disabled={busy}>
            {busy ? "Activando..." : "Activar notificaciones"}
          </Button>
        </div>
      ) : null}
      {state === "on" ? (
        <div className="actions">
          <Button variant="secondary" onClick={() => void disable()} disabled={busy}>
            {busy ? "Desactivando..." : "Desactivar notificaciones"}
          </Button>
        </div>
      ) : null}
      <PushPreferencesForm />
    </section>
  );
}
