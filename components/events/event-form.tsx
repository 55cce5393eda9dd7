"use client";

import { useRef, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  EVENT_STATUSES,
  EVENT_STATUS_LABELS,
  eventPayloadSchema,
  eventShapeIssues,
  eventUpdatePayloadSchema,
  type Event,
  type EventPayload,
  type EventUpdatePayload,
} from "@/lib/schemas/events";
import { EVENT_TAGS_MAX } from "@/lib/schemas/tags";
import { createMutationKey, flattenPages, newIdempotencyKey } from "@/lib/api/content";
import { storeEvent, updateEvent, uploadEventImage, type CreateEventVariables } from "@/lib/api/events";
import { placeQueries } from "@/lib/api/places";
import { tagQueries } from "@/lib/api/tags";
import { communityQueries } from "@/lib/api/communities";
import { errorMessage } from "@/lib/api/errors";
import { cityWallTimeToIso, isoToCityInputs } from "@/lib/format/dates";
import { pathFor } from "@/lib/routes";
import { notify } from "@/lib/toast/notify";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Checkbox, Field, Fieldset, Select, TextArea } from "@/components/content/fields";
import { ImageField } from "@/components/content/image-field";
import { apiFieldErrors, fieldErrorsFrom, focusFirstInvalid, validate, type FieldErrors } from "@/components/content/form-errors";
import styles from "@/components/content/content.module.css";

type LocationMode = "place" | "address" | "online";
type Repeat = "none" | "weekly" | "monthly" | "dates";

interface State {
  title: string;
  description: string;
  allDay: boolean;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  repeat: Repeat;
  interval: string;
  until: string;
  extraDates: { date: string; time: string }[];
  mode: LocationMode;
  placeId: string;
  address: string;
  onlineUrl: string;
  alsoOnline: boolean;
  priceType: "free" | "paid";
  priceAmount: string;
  priceNote: string;
  capacity: string;
  tags: string[];
  accessibility: string;
  communityId: string;
  status: Event["status"];
  statusNote: string;
  scope: "occurrence" | "following";
}

function initialState(event?: Event): State {
  const start = event ? isoToCityInputs(event.startsAt) : { date: "", time: "19:00" };
  const end = event?.endsAt ? isoToCityInputs(event.endsAt) : { date: "", time: "" };
  return {
    title: event?.title ?? "",
    description: event?.description ?? "",
    allDay: event?.allDay ?? false,
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    repeat: "none",
    interval: "1",
    until: "",
    extraDates: [],
    mode: event ? (event.place ? "place" : event.address ? "address" : event.onlineUrl ? "online" : "place") : "place",
    placeId: event?.place?._id ?? "",
    address: event?.address ?? "",
    onlineUrl: event?.onlineUrl ?? "",
    alsoOnline: Boolean(event?.onlineUrl && (event.place || event.address)),
    priceType: event?.priceType ?? "free",
    priceAmount: event?.priceAmount != null ? String(event.priceAmount) : "",
    priceNote: event?.priceNote ?? "",
    capacity: event?.capacity != null ? String(event.capacity) : "",
    tags: event?.tags.map((t) => t.slug) ?? [],
    accessibility: event?.accessibility ?? "",
    communityId: event?.community?._id ?? "",
    status: event?.status ?? "published",
    statusNote: event?.statusNote ?? "",
    scope: "occurrence",
  };
}

function numberOrNull(text: string): number | null {
  if (text.trim() === "") return null;
  const n = Number(text.replace(",", "."));
  return Number.isNaN(n) ? NaN : n;
}

/** The form's state as the API payload (what the server's schema validates). */
function toPayload(s: State): { payload: EventPayload & EventUpdatePayload; errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (!s.startDate) errors.startsAt = "Indica la fecha de inicio.";
  if (!s.allDay && !s.startTime) errors.startsAt = "Indica la hora de inicio.";
  const startsAt = s.startDate ? cityWallTimeToIso(s.startDate, s.allDay ? "00:00" : s.startTime || "00:00") : null;
  let endsAt: string | null = null;
  if (s.endDate || s.endTime) {
    const endDate = s.endDate || s.startDate;
    endsAt = endDate ? cityWallTimeToIso(endDate, s.allDay ? "23:59" : s.endTime || "23:59") : null;
  }
  const online = s.mode === "online" || s.alsoOnline ? s.onlineUrl.trim() || null : null;
  const payload: EventPayload & EventUpdatePayload = {
    title: s.title,
    description: s.description,
    startsAt: startsAt ?? "",
    endsAt,
    allDay: s.allDay,
    timeZone: "America/Monterrey",
    placeId: s.mode === "place" ? s.placeId || null : null,
    address: s.mode === "address" ? s.address : null,
    onlineUrl: online,
    priceType: s.priceType,
    priceAmount: s.priceType === "paid" ? (numberOrNull(s.priceAmount) as number | null) : null,
    priceNote: s.priceNote,
    capacity: numberOrNull(s.capacity) as number | null,
    accessibility: s.accessibility,
    communityId: s.communityId || null,
    tags: s.tags,
  };
  if (s.repeat !== "none") {
    payload.recurrence = {
      rule: s.repeat,
      ...(s.repeat !== "dates" ? { interval: Number(s.interval) || 1, until: s.until || null } : {}),
      ...(s.repeat === "dates"
        ? { dates: s.extraDates.filter((d) => d.date).map((d) => cityWallTimeToIso(d.date, s.allDay ? "00:00" : d.time || s.startTime || "00:00") ?? "") }
        : {}),
    };
  }
  return { payload, errors };
}

function fieldKey(key: string): string {
  // Errors are shown where the person fixes them.
  if (key === "lat" || key === "lng") return "placeId";
  if (key.startsWith("recurrence.dates")) return "recurrence.dates";
  return key;
}

function normaliseErrors(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [k, v] of Object.entries(errors)) out[fieldKey(k)] ??= v;
  return out;
}

/** Create or edit an event; validated by the server's own schemas before it is sent. */
export function EventForm({ event }: { event?: Event }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [s, setS] = useState<State>(() => initialState(event));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per form: pressing «Publicar» twice, or a replay after going offline, is one event.
  const [idempotencyKey] = useState(newIdempotencyKey);

  const places = useQuery(placeQueries.optionsQuery());
  const tags = useQuery(tagQueries.list());
  const communities = useInfiniteQuery(communityQueries.mineQuery());
  const myCommunities = flattenPages(communities.data).filter((c) => c.myRole !== null);

  const create = useMutation<Event, Error, CreateEventVariables>({ mutationKey: createMutationKey("events") });

  const set = <K extends keyof State>(key: K, value: State[K]) => setS((prev) => ({ ...prev, [key]: value }));
  const err = (key: string) => errors[key] ?? null;

  const uploadImage = async (id: string) => {
    if (!file) return;
    setProgress(0);
    try {
      const updated = await uploadEventImage(id, file, { onProgress: setProgress });
      if (updated) storeEvent(queryClient, updated);
    } catch (error) {
      notify("danger", `El evento se guardó, pero la imagen no: ${errorMessage(error)}`);
    } finally {
      setProgress(null);
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const { payload, errors: local } = toPayload(s);
    let found: FieldErrors = { ...local };
    if (event) {
      const { recurrence: _r, ...update } = payload;
      void _r;
      const body: EventUpdatePayload = { ...update, status: s.status, statusNote: s.statusNote, ...(event.series ? { scope: s.scope } : {}) };
      const result = validate(eventUpdatePayloadSchema, body);
      if (!result.ok) found = { ...result.errors, ...found };
      else found = { ...fieldErrorsFrom(eventShapeIssues(result.data)), ...found };
      if (Object.keys(found).length > 0) {
        setErrors(normaliseErrors(found));
        focusFirstInvalid(formRef.current);
        return;
      }
      setErrors({});
      setBusy(true);
      try {
        const saved = await updateEvent(event._id, result.ok ? result.data : body);
        storeEvent(queryClient, saved);
        await uploadImage(saved._id);
        notify("success", "Evento actualizado.");
        router.push(pathFor("/events/[eventId]", saved._id));
      } catch (error) {
        setErrors(normaliseErrors(apiFieldErrors(error)));
        setFormError(errorMessage(error));
      } finally {
        setBusy(false);
      }
      return;
    }

    const result = validate(eventPayloadSchema, payload);
    if (!result.ok) found = { ...result.errors, ...found };
    if (Object.keys(found).length > 0 || !result.ok) {
      setErrors(normaliseErrors(found));
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    const variables: CreateEventVariables = { payload: result.data, idempotencyKey };
    if (typeof navigator !== "undefined" && !navigator.onLine) {
      // Waits in the persisted queue (also across a reload) and goes out once online.
      create.mutate(variables);
      notify("primary", "Sin conexión: tu evento se publicará cuando vuelvas a estar en línea.");
      if (file) notify("warning", "La imagen no se puede subir sin conexión; agrégala después editando el evento.");
      router.push("/events/mine/");
      return;
    }
    setBusy(true);
    try {
      const created = await create.mutateAsync(variables);
      await uploadImage(created._id);
      notify("success", "Evento publicado.");
      router.push(pathFor("/events/[eventId]", created._id));
    } catch (error) {
      setErrors(normaliseErrors(apiFieldErrors(error)));
      setFormError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const tagList = tags.data ?? [];
  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void onSubmit(e)} aria-label={event ? "Editar evento" : "Crear evento"}>
      <FormAlert message={formError} />
      {Object.keys(errors).length > 0 ? (
        <p className="form-alert" role="alert">
          Revisa los campos marcados.
        </p>
      ) : null}
      <Field label="Título" value={s.title} onChange={(e) => set("title", e.target.value)} error={err("title")} maxLength={140} required />
      <TextArea label="Descripción" value={s.description} onChange={(e) => set("description", e.target.value)} error={err("description")} rows={6} hint="Texto simple; los enlaces se pueden copiar." />

      <Fieldset legend="Fecha y hora (hora de Saltillo)">
        <Checkbox label="Todo el día" checked={s.allDay} onChange={(e) => set("allDay", e.target.checked)} />
        <div className={styles.row}>
          <Field label="Fecha de inicio" type="date" value={s.startDate} onChange={(e) => set("startDate", e.target.value)} error={err("startsAt")} required />
          {!s.allDay ? <Field label="Hora de inicio" type="time" value={s.startTime} onChange={(e) => set("startTime", e.target.value)} /> : null}
        </div>
        <div className={styles.row}>
          <Field label="Fecha de fin" type="date" value={s.endDate} onChange={(e) => set("endDate", e.target.value)} error={err("endsAt")} hint="Opcional." />
          {!s.allDay ? <Field label="Hora de fin" type="time" value={s.endTime} onChange={(e) => set("endTime", e.target.value)} /> : null}
        </div>
        {!event ? (
          <>
            <Select label="Repetición" value={s.repeat} onChange={(e) => set("repeat", e.target.value as Repeat)} error={err("recurrence.rule") ?? err("recurrence")}>
              <option value="none">No se repite</option>
              <option value="weekly">Cada semana</option>
              <option value="monthly">Cada mes</option>
              <option value="dates">En varias fechas</option>
            </Select>
            {s.repeat === "weekly" || s.repeat === "monthly" ? (
              <div className={styles.row}>
                <Field
                  label={s.repeat === "weekly" ? "Cada cuántas semanas" : "Cada cuántos meses"}
                  type="number"
                  min={1}
                  max={12}
                  value={s.interval}
                  onChange={(e) => set("interval", e.target.value)}
                  error={err("recurrence.interval")}
                />
                <Field label="Hasta (opcional)" type="date" value={s.until} onChange={(e) => set("until", e.target.value)} error={err("recurrence.until")} />
              </div>
            ) : null}
            {s.repeat === "dates" ? (
              <div className="stack">
                {s.extraDates.map((d, i) => (
                  <div key={i} className={styles.row}>
                    <Field
                      label={`Otra fecha ${i + 1}`}
                      type="date"
                      value={d.date}
                      onChange={(e) => set("extraDates", s.extraDates.map((x, j) => (j === i ? { ...x, date: e.target.value } : x)))}
                    />
                    {!s.allDay ? (
                      <Field
                        label={`Hora ${i + 1}`}
                        type="time"
                        value={d.time}
                        onChange={(e) => set("extraDates", s.extraDates.map((x, j) => (j === i ? { ...x, time: e.target.value } : x)))}
                      />
                    ) : null}
                    <Button variant="ghost" onClick={() => set("extraDates", s.extraDates.filter((_, j) => j !== i))}>
                      Quitar fecha {i + 1}
                    </Button>
                  </div>
                ))}
                {err("recurrence.dates") ? <p className="field__error" role="alert">{err("recurrence.dates")}</p> : null}
                <div>
                  <Button variant="secondary" onClick={() => set("extraDates", [...s.extraDates, { date: "", time: s.startTime }])}>
                    Agregar fecha
                  </Button>
                </div>
              </div>
            ) : null}
          </>
        ) : event.series ? (
          <Select label="Aplicar cambios a" value={s.scope} onChange={(e) => set("scope", e.target.value as State["scope"])}>
            <option value="occurrence">Solo esta fecha</option>
            <option value="following">Esta fecha y las siguientes de la serie</option>
          </Select>
        ) : null}
      </Fieldset>

      <Fieldset legend="Lugar">
        <fieldset className={styles.radios}>
          <legend>¿Dónde es?</legend>
          {(
            [
              ["place", "En un lugar de Plaza"],
              ["address", "En otra dirección"],
              ["online", "En línea"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className={styles.check}>
              <input type="radio" name="mode" value={value} checked={s.mode === value} onChange={() => set("mode", value)} /> {label}
            </label>
          ))}
        </fieldset>
        {s.mode === "place" ? (
          <Select label="Lugar" value={s.placeId} onChange={(e) => set("placeId", e.target.value)} error={err("placeId")} hint={places.isPending ? "Cargando lugares..." : undefined}>
            <option value="">Elige un lugar</option>
            {(places.data ?? []).map((p) => (
              <option key={p._id} value={p._id}>
                {p.name}
              </option>
            ))}
          </Select>
        ) : null}
        {s.mode === "address" ? (
          <Field label="Dirección" value={s.address} onChange={(e) => set("address", e.target.value)} error={err("address") ?? err("placeId")} hint="Calle, número, colonia y ciudad." />
        ) : null}
        {s.mode !== "online" ? <Checkbox label="También se transmite en línea" checked={s.alsoOnline} onChange={(e) => set("alsoOnline", e.target.checked)} /> : null}
        {s.mode === "online" || s.alsoOnline ? (
          <Field
            label="Enlace para conectarse"
            type="url"
            inputMode="url"
            placeholder="https://"
            value={s.onlineUrl}
            onChange={(e) => set("onlineUrl", e.target.value)}
            error={err("onlineUrl") ?? (s.mode === "online" ? err("placeId") : null)}
          />
        ) : null}
      </Fieldset>

      <Fieldset legend="Precio y cupo">
        <fieldset className={styles.radios}>
          <legend>Precio</legend>
          <label className={styles.check}>
            <input type="radio" name="priceType" checked={s.priceType === "free"} onChange={() => set("priceType", "free")} /> Gratis
          </label>
          <label className={styles.check}>
            <input type="radio" name="priceType" checked={s.priceType === "paid"} onChange={() => set("priceType", "paid")} /> Con costo
          </label>
        </fieldset>
        {s.priceType === "paid" ? (
          <Field label="Precio (MXN)" type="number" inputMode="decimal" min={0} step="0.01" value={s.priceAmount} onChange={(e) => set("priceAmount", e.target.value)} error={err("priceAmount")} />
        ) : null}
        <Field label="Nota de precio" value={s.priceNote} onChange={(e) => set("priceNote", e.target.value)} error={err("priceNote")} hint="Opcional: preventa, descuentos, cooperación voluntaria…" />
        <Field label="Cupo" type="number" inputMode="numeric" min={1} value={s.capacity} onChange={(e) => set("capacity", e.target.value)} error={err("capacity")} hint="Opcional: número de personas." />
      </Fieldset>

      <Fieldset legend="Más detalles">
        <fieldset className={styles.radios} aria-describedby="tags-hint">
          <legend>Etiquetas</legend>
          {tagList.length === 0 ? <p className="field__hint">{tags.isPending ? "Cargando etiquetas..." : "No hay etiquetas todavía."}</p> : null}
          {tagList.map((t) => (
            <label key={t._id} className={styles.check}>
              <input
                type="checkbox"
                checked={s.tags.includes(t.slug)}
                disabled={!s.tags.includes(t.slug) && s.tags.length >= EVENT_TAGS_MAX}
                onChange={(e) => set("tags", e.target.checked ? [...s.tags, t.slug] : s.tags.filter((x) => x !== t.slug))}
              />{" "}
              {t.name}
            </label>
          ))}
          <p id="tags-hint" className="field__hint" style={{ flexBasis: "100%" }}>
            Hasta {EVENT_TAGS_MAX} etiquetas.
          </p>
          {err("tags") ? <p className="field__error">{err("tags")}</p> : null}
        </fieldset>
        <TextArea
          label="Accesibilidad"
          value={s.accessibility}
          onChange={(e) => set("accessibility", e.target.value)}
          error={err("accessibility")}
          hint="Rampas, baños accesibles, intérprete de LSM, asientos reservados…"
          rows={3}
        />
        <Select label="Comunidad" value={s.communityId} onChange={(e) => set("communityId", e.target.value)} error={err("communityId")} hint="Publica a nombre de una comunidad de la que eres parte.">
          <option value="">Ninguna (a mi nombre)</option>
          {event?.community && !myCommunities.some((c) => c._id === event.community?._id) ? (
            <option value={event.community._id}>{event.community.name}</option>
          ) : null}
          {myCommunities.map((c) => (
            <option key={c._id} value={c._id}>
              {c.name}
            </option>
          ))}
        </Select>
        {event ? (
          <>
            <Select label="Estado" value={s.status} onChange={(e) => set("status", e.target.value as Event["status"])} error={err("status")} hint="Quienes siguen el evento reciben un aviso si lo cancelas o pospones.">
              {EVENT_STATUSES.map((st) => (
                <option key={st} value={st}>
                  {EVENT_STATUS_LABELS[st]}
                </option>
              ))}
            </Select>
            {s.status !== "published" ? <Field label="Nota de estado" value={s.statusNote} onChange={(e) => set("statusNote", e.target.value)} error={err("statusNote")} /> : null}
          </>
        ) : null}
      </Fieldset>

      <ImageField current={event?.coverImage} file={file} onChange={setFile} progress={progress} />

      <div className="actions">
        <Button type="submit" disabled={busy}>
          {busy ? "Guardando..." : event ? "Guardar cambios" : "Publicar evento"}
        </Button>
      </div>
    </form>
  );
}
