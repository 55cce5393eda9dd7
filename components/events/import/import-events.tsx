"use client";

import { useId, useState, type FormEvent } from "react";
import Link from "@/components/ui/link";
import { useAtomValue } from "jotai";
import { previewImport, runImport } from "@/lib/api/imports";
import { errorMessage } from "@/lib/api/errors";
import { formatDateTime } from "@/lib/format/long-dates";
import type { ImportItem, ImportReport, ImportSource } from "@/lib/schemas/imports";
import { authUserAtom, isSignedInAtom } from "@/lib/state/auth";
import { notify } from "@/lib/toast/notify";
import { SignInNotice } from "@/components/content/sign-in-notice";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { PageHeader } from "@/components/ui/page-header";
import { TextField } from "@/components/ui/text-field";
import textStyles from "@/components/ui/text.module.css";
import { CalendarSubscriptions, SubscribeCalendarButton } from "./calendar-subscriptions";
import styles from "./import-events.module.css";

const FILE_LIMIT_BYTES = 2 * 1024 * 1024;

/**
 * /events/import: bring in the events an organiser already publishes elsewhere — an .ics file,
 * a calendar's address, or an event page — after a preview of what will be created, updated or
 * skipped. Importing again updates instead of duplicating (server/routes/imports).
 */
export function ImportEvents() {
  const signedIn = useAtomValue(isSignedInAtom);
  const me = useAtomValue(authUserAtom);
  return (
    <>
      <PageHeader
        title="Importar eventos"
        description="Trae a Plaza los eventos que ya publicas en otro lado: un archivo .ics, la dirección de tu calendario (Google Calendar, Nextcloud…) o la página de un evento."
      />
      {!signedIn ? (
        <SignInNotice what="importar eventos" />
      ) : me && !me.verified && !me.isAdmin ? (
        <p className="notice" role="status">
          Solo las cuentas verificadas y la administración pueden importar eventos. <Link href="/verify/">Solicita la verificación</Link>.
        </p>
      ) : (
        <>
          <ImportForm />
          <CalendarSubscriptions />
        </>
      )}
    </>
  );
}

function ImportForm() {
  const [mode, setMode] = useState<"url" | "file">("url");
  const [url, setUrl] = useState("");
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [preview, setPreview] = useState<{ source: ImportSource; report: ImportReport } | null>(null);
  const [result, setResult] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState<"preview" | "import" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileId = useId();

  function sourceOf(): ImportSource | null {
    if (mode === "url") return url.trim() ? { kind: "url", url: url.trim() } : null;
    return file ? { kind: "file", name: file.name, content: file.content } : null;
  }

  async function onFile(list: FileList | null) {
    setPreview(null);
    setResult(null);
    const chosen = list?.[0];
    if (!chosen) return setFile(null);
    if (chosen.size > FILE_LIMIT_BYTES) {
      setFile(null);
      return setError("El archivo supera el límite de 2 MB.");
    }
    setError(null);
    setFile({ name: chosen.name, content: await chosen.text() });
  }

  async function onPreview(event: FormEvent) {
    event.preventDefault();
    const source = sourceOf();
    if (!source) return setError(mode === "url" ? "Escribe la dirección del calendario o de la página." : "Elige un archivo .ics.");
    setBusy("preview");
    setError(null);
    setResult(null);
    try {
      setPreview({ source, report: await previewImport(source) });
    } catch (caught) {
      setPreview(null);
      setError(errorMessage(caught));
    } finally {
      setBusy(null);
    }
  }

  async function onImport() {
    if (!preview) return;
    setBusy("import");
    setError(null);
    try {
      const done = await runImport(preview.source);
      setResult(done);
      setPreview(null);
      notify("success", `Importación lista: ${done.create.length} ${done.create.length === 1 ? "evento nuevo" : "eventos nuevos"}, ${done.update.length} ${done.update.length === 1 ? "actualizado" : "actualizados"}.`);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(null);
    }
  }

  const toDo = preview ? preview.report.create.length + preview.report.update.length : 0;
  // A calendar feed (its items come from iCalendar UIDs) can also be followed on a schedule.
  const calendarUrl =
    preview?.source.kind === "url" && [...preview.report.create, ...preview.report.update].some((item) => item.source.startsWith("ics:")) ? preview.source.url : null;
  return (
    <>
      <form className={styles.form} onSubmit={onPreview} noValidate>
        <fieldset className={styles.modes}>
          <legend>¿De dónde?</legend>
          <label>
            <input type="radio" name="import-mode" checked={mode === "url"} onChange={() => { setMode("url"); setPreview(null); }} /> Desde una dirección
          </label>
          <label>
            <input type="radio" name="import-mode" checked={mode === "file"} onChange={() => { setMode("file"); setPreview(null); }} /> Desde un archivo .ics
          </label>
        </fieldset>
        {mode === "url" ? (
          <TextField
            label="Dirección del calendario o de la página del evento"
            hint="Un calendario .ics (por ejemplo, la dirección pública de tu Google Calendar) o una página con los datos del evento (schema.org o h-event)."
            type="url"
            inputMode="url"
            value={url}
            onChange={(e) => { setUrl(e.target.value); setPreview(null); }}
            placeholder="https://"
          />
        ) : (
          <div className="field">
            <label className="field__label" htmlFor={fileId}>
              Archivo de calendario (.ics)
            </label>
            <input id={fileId} className="field__input" type="file" accept=".ics,text/calendar" onChange={(e) => void onFile(e.target.files)} />
            <p className={textStyles.small}>Hasta 2 MB. Las series se importan con sus fechas del próximo año.</p>
          </div>
        )}
        <FormAlert message={error} />
        <div className="actions">
          <Button type="submit" variant="secondary" disabled={busy !== null}>
            {busy === "preview" ? "Leyendo…" : "Vista previa"}
          </Button>
        </div>
      </form>

      {preview ? (
        <section className={styles.report} aria-labelledby="import-preview" aria-live="polite">
          <h2 id="import-preview">Vista previa</h2>
          <ReportGroups report={preview.report} future />
          <div className="actions">
            <Button variant="primary" onClick={() => void onImport()} disabled={busy !== null || toDo === 0}>
              {busy === "import" ? "Importando…" : toDo === 0 ? "Nada que importar" : `Importar ${toDo} ${toDo === 1 ? "evento" : "eventos"}`}
            </Button>
            {calendarUrl ? <SubscribeCalendarButton url={calendarUrl} /> : null}
          </div>
        </section>
      ) : null}

      {result ? (
        <section className={styles.report} aria-labelledby="import-result" aria-live="polite">
          <h2 id="import-result">Resultado</h2>
          <ReportGroups report={result} future={false} />
          <p>
            <Link href="/events/mine/">Ver mis eventos</Link>
          </p>
        </section>
      ) : null}
    </>
  );
}

function ReportGroups({ report, future }: { report: ImportReport; future: boolean }) {
  return (
    <>
      <Group title={future ? `Se crearán (${report.create.length})` : `Creados (${report.create.length})`} items={report.create} />
      <Group title={future ? `Se actualizarán (${report.update.length})` : `Actualizados (${report.update.length})`} items={report.update} />
      <h3>{future ? `Se omitirán (${report.skip.length})` : `Omitidos (${report.skip.length})`}</h3>
      {report.skip.length ? (
        <ul className={styles.list} aria-label={future ? "Se omitirán" : "Omitidos"}>
          {report.skip.map((skip, index) => (
            <li key={`${skip.title}-${index}`}>
              <strong>{skip.title}</strong>: {skip.reason}
            </li>
          ))}
        </ul>
      ) : (
        <p className={textStyles.small}>Ninguno.</p>
      )}
    </>
  );
}

function Group({ title, items }: { title: string; items: ImportItem[] }) {
  return (
    <>
      <h3>{title}</h3>
      {items.length ? (
        <ul className={styles.list} aria-label={title.replace(/ \(\d+\)$/, "")}>
          {items.map((item) => (
            <li key={item.source}>
              {item.eventId ? <Link href={`/events/${item.eventId}/`}>{item.title}</Link> : <strong>{item.title}</strong>}
              {" · "}
              {formatDateTime(item.startsAt)}
              {item.moreDates > 0 ? ` y ${item.moreDates} ${item.moreDates === 1 ? "fecha más" : "fechas más"}` : ""}
              {" · "}
              {item.where}
              {item.changes.length ? <span className={textStyles.small}> (cambia: {item.changes.join(", ")})</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className={textStyles.small}>Ninguno.</p>
      )}
    </>
  );
}
