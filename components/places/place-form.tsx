"use client";

import { useState } from "react";
import { PLACE_CATEGORIES, PLACE_CATEGORY_LABELS, placePayloadSchema, placeUpdatePayloadSchema, type Place, type PlaceCategory, type PlacePayload } from "@/lib/schemas/places";
import { storePlace, updatePlace, uploadPlaceImage } from "@/lib/api/places";
import { SelectField } from "@/components/ui/select-field";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TextField } from "@/components/ui/text-field";
import { Fieldset } from "@/components/content/fields";
import { AddressFields, type AddressParts } from "@/components/content/address-lookup";
import { AccessibilityFields } from "@/components/accessibility/accessibility-fields";
import { ContentForm } from "@/components/forms/content-form";
import { useSaveContent } from "@/components/forms/use-save-content";
import styles from "@/components/content/fields.module.css";
import { OpeningHoursFields, type Hours } from "./opening-hours-fields";

const CONTACT_FIELDS = [
  ["phone", "Teléfono", "tel"],
  ["email", "Correo", "email"],
  ["website", "Sitio web", "url"],
  ["facebook", "Facebook", "url"],
  ["instagram", "Instagram", "url"],
  ["whatsapp", "WhatsApp", "tel"],
] as const;

function initial(place?: Place) {
  const address: AddressParts = {
    street: place?.address.street ?? "",
    number: place?.address.number ?? "",
    neighbourhood: place?.address.neighbourhood ?? "",
    city: place?.address.city ?? "Saltillo",
    state: place?.address.state ?? "Coahuila",
    postalCode: place?.address.postalCode ?? "",
    country: place?.address.country ?? "México",
    lat: place?.lat != null ? String(place.lat) : "",
    lng: place?.lng != null ? String(place.lng) : "",
  };
  return {
    ...address,
    name: place?.name ?? "",
    description: place?.description ?? "",
    category: (place?.category ?? "centro-cultural") as PlaceCategory,
    hours: (place?.openingHours ?? []) as Hours[],
    openingHoursNote: place?.openingHoursNote ?? "",
    contact: { ...(place?.contact ?? {}) } as Record<string, string>,
    accessibility: place?.accessibility ?? "",
    accessibilityFeatures: place?.accessibilityFeatures ?? [],
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
    accessibilityFeatures: s.accessibilityFeatures,
  } as PlacePayload;
}

export function PlaceForm({ place }: { place?: Place }) {
  const [s, setS] = useState<State>(() => initial(place));
  const change = (parts: Partial<State>) => setS((prev) => ({ ...prev, ...parts }));
  const schemas = { create: placePayloadSchema, update: placeUpdatePayloadSchema };
  const flow = useSaveContent({ kind: "places", existing: place, schemas, update: updatePlace, store: storePlace, uploadImage: uploadPlaceImage });
  const err = flow.err;

  return (
    <ContentForm flow={flow} image={{ current: place?.coverImage }} onSubmit={() => void flow.save(toPayload(s))}>
      <TextField label="Nombre" value={s.name} onChange={(e) => change({ name: e.target.value })} error={err("name")} required />
      <SelectField label="Categoría" value={s.category} onChange={(e) => change({ category: e.target.value as PlaceCategory })} error={err("category")}>
        {PLACE_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {PLACE_CATEGORY_LABELS[c]}
          </option>
        ))}
      </SelectField>
      <TextAreaField label="Descripción" value={s.description} onChange={(e) => change({ description: e.target.value })} error={err("description")} />
      <Fieldset legend="Dirección">
        <AddressFields value={s} onChange={change} err={err} errorPrefix="address." />
        <div className={styles.row}>
          <TextField label="Latitud" inputMode="decimal" value={s.lat} onChange={(e) => change({ lat: e.target.value })} error={err("lat")} hint="Opcional; la búsqueda la llena." />
          <TextField label="Longitud" inputMode="decimal" value={s.lng} onChange={(e) => change({ lng: e.target.value })} error={err("lng")} />
        </div>
      </Fieldset>
      <OpeningHoursFields hours={s.hours} note={s.openingHoursNote} onChange={change} err={err} />
      <Fieldset legend="Contacto">
        {CONTACT_FIELDS.map(([key, label, type]) => (
          <TextField
            key={key}
            label={label}
            type={type}
            value={s.contact[key] ?? ""}
            onChange={(e) => change({ contact: { ...s.contact, [key]: e.target.value } })}
            error={err(`contact.${key}`)}
          />
        ))}
      </Fieldset>
      <AccessibilityFields value={s} onChange={change} err={err} />
    </ContentForm>
  );
}
