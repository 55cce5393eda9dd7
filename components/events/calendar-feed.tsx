"use client";

import { useId, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { calendarFeedKey, fetchCalendarFeed, rotateCalendarFeed } from "@/lib/api/events";
import { errorMessage } from "@/lib/api/errors";
import { notify } from "@/lib/toast/notify";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { ConfirmDialog } from "@/components/ui/dialog";
import fieldStyles from "@/components/content/fields.module.css";
import textStyles from "@/components/ui/text.module.css";

/** The private calendar URL of the events a person follows, for Google Calendar, Apple, Outlook. */
export function CalendarFeed() {
  const inputId = useId();
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const feed = useQuery({ queryKey: calendarFeedKey(), queryFn: ({ signal }) => fetchCalendarFeed(signal), enabled: asked });
  const rotate = useMutation({
    mutationFn: rotateCalendarFeed,
    onSuccess: (next) => {
      queryClient.setQueryData(calendarFeedKey(), next);
      setConfirming(false);
      notify("success", "Enlace renovado; el anterior dejó de funcionar.");
    },
  });

  return (
    <section className={fieldStyles.fieldset} aria-labelledby="calendar-feed" style={{ marginBottom: "1.25rem" }}>
      <h2 id="calendar-feed" style={{ fontSize: "1.1rem", margin: 0 }}>
        Tu calendario
      </h2>
      <p className={textStyles.small} style={{ margin: 0 }}>
        Suscribe tu app de calendario a los eventos que sigues; se actualiza sola.
      </p>
      {!asked ? (
        <div>
          <Button variant="secondary" onClick={() => setAsked(true)}>
            Obtener enlace de calendario
          </Button>
        </div>
      ) : feed.isPending ? (
        <p className={textStyles.small}>Un momento...</p>
      ) : feed.isError ? (
        <FormAlert message={errorMessage(feed.error)} />
      ) : (
        <>
          <div className="field">
            <label className="field__label" htmlFor={inputId}>
              Enlace privado (no lo compartas)
            </label>
            <input id={inputId} className="field__input" readOnly value={feed.data.url} onFocus={(e) => e.target.select()} />
          </div>
          <div className="actions">
            <a className="button button--primary" href={feed.data.webcalUrl}>
              Suscribirme
            </a>
            <Button
              variant="ghost"
              onClick={() =>
                void navigator.clipboard.writeText(feed.data.url).then(
                  () => notify("success", "Enlace copiado."),
                  () => notify("danger", "No se pudo copiar; selecciona el enlace y cópialo."),
                )
              }
            >
              Copiar enlace
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(true)}>
              Renovar enlace
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        role="dialog"
        open={confirming}
        title="¿Renovar el enlace de tu calendario?"
        message="El enlace actual dejará de funcionar en las apps donde lo agregaste."
        confirmLabel="Renovar"
        busy={rotate.isPending}
        error={rotate.isError ? errorMessage(rotate.error) : null}
        onConfirm={() => rotate.mutate()}
        onCancel={() => {
          setConfirming(false);
          rotate.reset();
        }}
      />
    </section>
  );
}
