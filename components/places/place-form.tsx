"use client";

import { useRef, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  PLACE_CATEGORIES,
  PLACE_CATEGORY_LABELS,
  WEEKDAY_LABELS,
  placePayloadSchema,
  placeUpdatePayloadSchema,
  type Place,
  type PlaceCategory,
  type PlacePayload,
} from "@/lib/schemas/places";
import { createMutationKey, newIdempotencyKey, type CreateVariables } from "@/lib/api/content";
import { storePlace, updatePlace, uploadPlaceImage } from "@/lib/api/places";
import { errorMessage } from "@/lib/api/errors";
import { pathFor } from "@/lib/routes";
import { notify } from "@/lib/toast/notify";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Field, Fieldset, Select, TextArea } from "@/components/content/fields";
import { ImageField } from "@/components/content/image-field";
import { AddressLookup } from "@/components/content/address-lookup";
import { apiFieldErrors, focusFirstInvalid, validate, type FieldErrors } from "@/components/content/form-errors";
import styles from "@/components/content/content.module.css";

const CONTACT_FIELDS = [
  ["phone", "Teléfono", "tel"],
  ["email", "Correo", "email"],
  ["website", "Sitio web", "url"],
  ["facebook", "Facebook", "url"],
  ["instagram", "Instagram", "url"],
  ["whatsapp", "WhatsApp", "tel"],
] as const;

interface Hours {
  day: number;
  opens: string;
  closes: string;
}

function initial(place?: Place) {
  return {
    name: place?.name ?? "",
    description: place?.description ?? "",
    category: (place?.category ?? "centro-cultural") as PlaceCategory,
    street: place?.address.street ?? "",
    number: place?.address.number ?? "",
    neighbourhood: place?.address.neighbourhood ?? "",
    city: place?.address.city ?? "Saltillo",
    state: place?.address.state ?? "Coahuila",
    postalCode: place?.address.postalCode ?? "",
    country: place?.address.country ?? "México",
    lat: place?.lat != null ? String(place.lat) : "",
    lng: place?.lng != null ? String(place.lng) : "",
    hours: (place?.openingHours ?? []) as Hours[],
    openingHoursNote: place?.openingHoursNote ?? "",
    contact: { ...(place?.contact ?? {}) } as Record<string, string>,
    accessibility: place?.accessibility ?? "",
  };
}

type State = ReturnType<typeof initial>;

function toPayload(s: State): PlacePayload {
  const contact: Record<string, string> = {};
  for (const [k, v] of Object.entries(s.contact)) if (v && v.trim() !== "") contact[k] = v.trim();
  const coord = (v: string) => (v.trim() === "" ? null : Number(v));
  return {
    name: s.name,
    description: s.description,
    category: s.category,
    address: {
      street: s.street || null,
      number: s.number,
      neighbourhood: s.neighbourhood,
      city: s.city,
      state: s.state,
      postalCode: s.postalCode,
      country: s.country,
    },
    lat: coord(s.lat),
    lng: coord(s.lng),
    openingHours: s.hours,
    openingHoursNote: s.openingHoursNote,
    contact,
    accessibility: s.accessibility,
  } as PlacePayload;
}

export function PlaceForm({ place }: { place?: Place }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [s, setS] = useState<State>(() => initial(place));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const create = useMutation<Place, Error, CreateVariables<PlacePayload>>({ mutationKey: createMutationKey("places") });
  const set = <K extends keyof State>(key: K, value: State[K]) => setS((prev) => ({ ...prev, [key]: value }));
  const err = (k: string) => errors[k] ?? null;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const payload = toPayload(s);
    const result = validate(place ? placeUpdatePayloadSchema : placePayloadSchema, payload);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    if (!place && typeof navigator !== "undefined" && !navigator.onLine) {
      create.mutate({ payload: result.data as PlacePayload, idempotencyKey });
      notify("primary", "Sin conexión: el lugar se publicará cuando vuelvas a estar en línea.");
      router.push("/places/mine/");
      return;
    }
    setBusy(true);
    try {
      const saved = place ? await updatePlace(place._id, result.data) : await create.mutateAsync({ payload: result.data as PlacePayload, idempotencyKey });
      storePlace(queryClient, saved);
      if (file) {
        setProgress(0);
        try {
          storePlace(queryClient, await uploadPlaceImage(saved._id, file, { onProgress: setProgress }));
        } catch (error) {
          notify("danger", `El lugar se guardó, pero la imagen no: ${errorMessage(error)}`);
        } finally {
          setProgress(null);
        }
      }
      notify("success", place ? "Lugar actualizado." : "Lugar publicado.");
      router.push(pathFor("/places/[placeId]", saved._id));
    } catch (error) {
      setErrors(apiFieldErrors(error));
      setFormError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void onSubmit(e)} aria-label={place ? "Editar lugar" : "Agregar lugar"}>
      <FormAlert message={formError} />
      {Object.keys(errors).length > 0 ? (
        <p className="form-alert" role="alert">
          Revisa los campos marcados.
        </p>
      ) : null}
      <Field label="Nombre" value={s.name} onChange={(e) => set("name", e.target.value)} error={err("name")} required />
      <Select label="Categoría" value={s.category} onChange={(e) => set("category", e.target.value as PlaceCategory)} error={err("category")}>
        {PLACE_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {PLACE_CATEGORY_LABELS[c]}
          </option>
        ))}
      </Select>
      <TextArea label="Descripción" value={s.description} onChange={(e) => set("description", e.target.value)} error={err("description")} />
      <Fieldset legend="Dirección">
        <AddressLookup
          onPick={(c) =>
            setS((prev) => ({
              ...prev,
              street: c.street ?? prev.street,
              number: c.number ?? prev.number,
              neighbourhood: c.neighbourhood ?? prev.neighbourhood,
              city: c.city ?? prev.city,
              state: c.state ?? prev.state,
              postalCode: c.postalCode ?? prev.postalCode,
              country: c.country ?? prev.country,
              lat: String(c.lat),
              lng: String(c.lng),
            }))
          }
        />
        <div className={styles.row}>
          <Field label="Calle" value={s.street} onChange={(e) => set("street", e.target.value)} error={err("address.street")} />
          <Field label="Número" value={s.number} onChange={(e) => set("number", e.target.value)} error={err("address.number")} />
        </div>
        <div className={styles.row}>
          <Field label="Colonia" value={s.neighbourhood} onChange={(e) => set("neighbourhood", e.target.value)} error={err("address.neighbourhood")} />
          <Field label="Código postal" inputMode="numeric" value={s.postalCode} onChange={(e) => set("postalCode", e.target.value)} error={err("address.postalCode")} />
        </div>
        <div className={styles.row}>
          <Field label="Ciudad" value={s.city} onChange={(e) => set("city", e.target.value)} error={err("address.city")} />
          <Field label="Estado" value={s.state} onChange={(e) => set("state", e.target.value)} error={err("address.state")} />
        </div>
        <div className={styles.row}>
          <Field label="Latitud" inputMode="decimal" value={s.lat} onChange={(e) => set("lat", e.target.value)} error={err("lat")} hint="Opcional; la búsqueda la llena." />
          <Field label="Longitud" inputMode="decimal" value={s.lng} onChange={(e) => set("lng", e.target.value)} error={err("lng")} />
        </div>
      </Fieldset>
      <Fieldset legend="Horario">
        {s.hours.map((h, i) => (
          <div key={i} className={styles.row}>
            <Select label={`Día ${i + 1}`} value={h.day} onChange={(e) => set("hours", s.hours.map((x, j) => (j === i ? { ...x, day: Number(e.target.value) } : x)))}>
              {WEEKDAY_LABELS.map((d, n) => (
                <option key={d} value={n}>
                  {d}
                </option>
              ))}
            </Select>
            <Field label={`Abre ${i + 1}`} type="time" value={h.opens} onChange={(e) => set("hours", s.hours.map((x, j) => (j === i ? { ...x, opens: e.target.value } : x)))} error={err(`openingHours.${i}.opens`)} />
            <Field label={`Cierra ${i + 1}`} type="time" value={h.closes} onChange={(e) => set("hours", s.hours.map((x, j) => (j === i ? { ...x, closes: e.target.value } : x)))} error={err(`openingHours.${i}.closes`)} />
            <Button variant="ghost" onClick={() => set("hours", s.hours.filter((_, j) => j !== i))}>
              Quitar horario {i + 1}
            </Button>
          </div>
        ))}
        <div>
          <Button variant="secondary" onClick={() => set("hours", [...s.hours, { day: 1, opens: "10:00", closes: "18:00" }])}>
            Agregar horario
          </Button>
        </div>
        <Field label="Nota de horario" value={s.openingHoursNote} onChange={(e) => set("openingHoursNote", e.target.value)} error={err("openingHoursNote")} hint="Opcional: días festivos, temporada…" />
      </Fieldset>
      <Fieldset legend="Contacto">
        {CONTACT_FIELDS.map(([key, label, type]) => (
          <Field
            key={key}
            label={label}
            type={type}
            value={s.contact[key] ?? ""}
            onChange={(e) => set("contact", { ...s.contact, [key]: e.target.value })}
            error={err(`contact.${key}`)}
          />
        ))}
      </Fieldset>
      <TextArea label="Accesibilidad" value={s.accessibility} onChange={(e) => set("accessibility", e.target.value)} error={err("accessibility")} rows={3} />
      <ImageField current={place?.coverImage} file={file} onChange={setFile} progress={progress} />
      <div className="actions">
        <Button type="submit" disabled={busy}>
          {busy ? "Guardando..." : place ? "Guardar cambios" : "Publicar lugar"}
        </Button>
      </div>
    </form>
  );
}
