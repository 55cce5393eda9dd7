"use client";

import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { listSubscriptions, subscribeCalendar, unsubscribeCalendar } from "@/lib/api/imports";
import { errorMessage } from "@/lib/api/errors";
import { formatDateTime } from "@/lib/format/long-dates";
import type { ImportRun, ImportSubscription } from "@/lib/schemas/imports";
import { notify } from "@/lib/toast/notify";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import textStyles from "@/components/ui/text.module.css";
import styles from "./import-events.module.css";

const subscriptionsKey = ["imports", "subscriptions"] as const;

export function useCalendarSubscriptions() {
  return useQuery({ queryKey: subscriptionsKey, queryFn: listSubscriptions });
}

/** What a run did, in a sentence. */
export function describeRun(run: ImportRun): string {
  const when = formatDateTime(run.at);
  if (run.error) return `${when}: no se pudo leer. ${run.error}`;
  const parts = [
    `${run.created.length} ${run.created.length === 1 ? "nuevo" : "nuevos"}`,
    `${run.updated.length} ${run.updated.length === 1 ? "actualizado" : "actualizados"}`,
    `${run.skipped} ${run.skipped === 1 ? "omitido" : "omitidos"}`,
  ];
  return `${when}: ${parts.join(", ")}.`;
}

/** "Suscribirse": import this calendar now and every few hours. */
export function SubscribeCalendarButton({ url }: { url: string }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function onClick() {
    setBusy(true);
    try {
      const subscription = await subscribeCalendar(url);
      await queryClient.invalidateQueries({ queryKey: subscriptionsKey });
      notify("success", subscription.lastRun ? `Suscripción lista. ${describeRun(subscription.lastRun)}` : "Suscripción lista.");
    } catch (caught) {
      notify("danger", errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="secondary" onClick={() => void onClick()} disabled={busy}>
      {busy ? "Suscribiendo…" : "Suscribirse (importar cada 6 horas)"}
    </Button>
  );
}

/** The calendars this account imports on a schedule, with what the last run did. */
export function CalendarSubscriptions() {
  const query = useCalendarSubscriptions();
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<ImportSubscription | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onRemove() {
    if (!removing) return;
    setBusy(true);
    setError(null);
    try {
      await unsubscribeCalendar(removing._id);
      await queryClient.invalidateQueries({ queryKey: subscriptionsKey });
      notify("success", "Ya no se importará ese calendario.");
      setRemoving(null);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.report} aria-labelledby="import-subscriptions">
      <h2 id="import-subscriptions">Calendarios suscritos</h2>
      {query.isPending ? (
        <Skeleton lines={2} />
      ) : query.isError ? (
        <p role="alert">{errorMessage(query.error)}</p>
      ) : query.data.length === 0 ? (
        <p className={textStyles.small}>Aún no te suscribes a ningún calendario. Escribe su dirección arriba, revisa la vista previa y elige «Suscribirse».</p>
      ) : (
        <ul className={styles.list} aria-label="Calendarios suscritos">
          {query.data.map((subscription) => (
            <li key={subscription._id}>
              <span className={styles.url}>{subscription.url}</span>
              <br />
              <span className={textStyles.small}>
                {subscription.lastRun ? `Última vez ${describeRun(subscription.lastRun)}` : "Aún no se importa."} Próxima: {formatDateTime(subscription.nextRunAt)}.
              </span>{" "}
              <Button variant="ghost" onClick={() => setRemoving(subscription)} aria-label={`Quitar ${subscription.url}`}>
                Quitar
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="¿Quitar esta suscripción?"
        message="El calendario ya no se importará; los eventos que ya trajiste se quedan en Plaza."
        confirmLabel="Quitar"
        danger
        busy={busy}
        error={error}
        onConfirm={() => void onRemove()}
        onCancel={() => {
          setRemoving(null);
          setError(null);
        }}
      />
    </section>
  );
}
