"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { tagQueries } from "@/lib/api/tags";
import { addressQueries } from "@/lib/api/addresses";
import { isSignedInAtom } from "@/lib/state/auth";
import { useMe } from "@/lib/hooks/use-me";
import { ACCESSIBILITY_FEATURES, type AccessibilityFeature } from "@/lib/schemas/accessibility";
import { PLACE_CATEGORIES } from "@/lib/schemas/places";
import { ACCESSIBILITY_FEATURE_TEXT, PLACE_CATEGORY_TEXT } from "@/lib/format/labels";
import { cityDateKey } from "@/lib/format/dates";
import { DISCOVERY_RADII_KM, NEAR_HERE, type DiscoveryFilters } from "@/lib/schemas/discovery";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { FormAlert } from "@/components/ui/form-alert";
import { Checkbox, Fieldset } from "@/components/content/fields";
import fieldStyles from "@/components/content/fields.module.css";
import styles from "./discovery.module.css";

export const WHEN_TEXT = { today: "Hoy", weekend: "Este fin de semana", week: "Esta semana", range: "Entre fechas" } as const;
export const MODE_TEXT = { online: "En línea", "in-person": "Presencial" } as const;
export const PRICE_CHOICES = [100, 200, 500, 1000] as const;

const GEOLOCATION_ERRORS: Record<number, string> = {
  1: "No diste permiso para usar tu ubicación. Actívalo en tu navegador o elige una dirección guardada.",
  2: "No pudimos saber dónde estás. Inténtalo de nuevo o elige una dirección guardada.",
  3: "Tu ubicación tardó demasiado. Inténtalo de nuevo o elige una dirección guardada.",
};

type Update = (patch: Partial<DiscoveryFilters>) => void;

/** The discovery page's filter form: every control writes the URL through `update`. */
export function DiscoveryFilterForm({ filters, update }: { filters: DiscoveryFilters; update: Update }) {
  const tags = useQuery(tagQueries.list());
  const signedIn = useAtomValue(isSignedInAtom);
  const addresses = useQuery({ ...addressQueries.list(), enabled: signedIn });
  const needs = useMe()?.accessibilityNeeds ?? [];
  const [locating, setLocating] = useState(false);
  const [locationError, setLocationError] = useState<string | null>(null);
  const located = (addresses.data ?? []).filter((a) => a.lat !== null && a.lng !== null);

  const chooseNear = (value: string) => {
    setLocationError(null);
    if (!value) return update({ near: undefined, lat: undefined, lng: undefined, radius: undefined });
    if (value !== NEAR_HERE) {
      const address = located.find((a) => a._id === value);
      if (address) update({ near: address._id, lat: address.lat!, lng: address.lng!, radius: filters.radius });
      return;
    }
    if (!("geolocation" in navigator)) return setLocationError("Este navegador no puede darnos tu ubicación. Elige una dirección guardada.");
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        update({ near: NEAR_HERE, lat: position.coords.latitude, lng: position.coords.longitude, radius: filters.radius });
      },
      (error) => {
        setLocating(false);
        setLocationError(GEOLOCATION_ERRORS[error.code] ?? GEOLOCATION_ERRORS[2]!);
      },
      { timeout: 15_000, maximumAge: 300_000 },
    );
  };

  const toggleNeed = (feature: AccessibilityFeature, on: boolean) => {
    const chosen = new Set(filters.accessibility ?? []);
    if (on) chosen.add(feature);
    else chosen.delete(feature);
    update({ accessibility: ACCESSIBILITY_FEATURES.filter((f) => chosen.has(f)) });
  };

  return (
    <form className={styles.filters} aria-label="Filtros" onSubmit={(e) => e.preventDefault()}>
      <SelectField label="Fecha" value={filters.when ?? ""} onChange={(e) => update({ when: (e.target.value || undefined) as DiscoveryFilters["when"], from: undefined, to: undefined })}>
        <option value="">Cualquier fecha</option>
        {Object.entries(WHEN_TEXT).map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </SelectField>
      <RangeFields filters={filters} update={update} />
      <SelectField label="Etiqueta" value={filters.tag ?? ""} onChange={(e) => update({ tag: e.target.value || undefined })}>
        <option value="">Todas las etiquetas</option>
        {filters.tag && !tags.data?.some((t) => t.slug === filters.tag) ? <option value={filters.tag}>{filters.tag}</option> : null}
        {(tags.data ?? []).map((t) => (
          <option key={t.slug} value={t.slug}>
            {t.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Categoría del lugar" value={filters.category ?? ""} onChange={(e) => update({ category: (e.target.value || undefined) as DiscoveryFilters["category"] })}>
        <option value="">Todas las categorías</option>
        {PLACE_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {PLACE_CATEGORY_TEXT[c]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Precio" value={filters.price === undefined ? "" : String(filters.price)} onChange={(e) => update({ price: e.target.value === "free" ? "free" : e.target.value ? Number(e.target.value) : undefined })}>
        <option value="">Cualquier precio</option>
        <option value="free">Gratis</option>
        {typeof filters.price === "number" && !(PRICE_CHOICES as readonly number[]).includes(filters.price) ? <option value={filters.price}>Hasta ${filters.price}</option> : null}
        {PRICE_CHOICES.map((amount) => (
          <option key={amount} value={amount}>
            Hasta ${amount}
          </option>
        ))}
      </SelectField>
      <SelectField label="Modalidad" value={filters.mode ?? ""} onChange={(e) => update({ mode: (e.target.value || undefined) as DiscoveryFilters["mode"] })}>
        <option value="">En línea o presencial</option>
        <option value="in-person">{MODE_TEXT["in-person"]}</option>
        <option value="online">{MODE_TEXT.online}</option>
      </SelectField>
      <SelectField label="Cerca de" value={filters.near ?? ""} onChange={(e) => chooseNear(e.target.value)} disabled={locating} hint={locating ? "Buscando tu ubicación…" : undefined}>
        <option value="">Cualquier lugar</option>
        <option value={NEAR_HERE}>Mi ubicación</option>
        {filters.near && filters.near !== NEAR_HERE && !located.some((a) => a._id === filters.near) ? <option value={filters.near}>Dirección guardada</option> : null}
        {located.map((a) => (
          <option key={a._id} value={a._id}>
            {a.label}
          </option>
        ))}
      </SelectField>
      {filters.near ? (
        <SelectField label="Distancia" value={String(filters.radius)} onChange={(e) => update({ radius: Number(e.target.value) })}>
          {DISCOVERY_RADII_KM.map((km) => (
            <option key={km} value={km}>
              Hasta {km} km
            </option>
          ))}
        </SelectField>
      ) : null}
      {locationError ? <FormAlert message={locationError} /> : null}
      <div className={styles.wide}>
        <Fieldset legend="Necesidades de accesibilidad">
          {needs.length > 0 ? (
            <button type="button" className="button button--ghost" onClick={() => update({ accessibility: [...needs] })}>
              Usar mis necesidades
            </button>
          ) : null}
          <div className={fieldStyles.radios}>
            {ACCESSIBILITY_FEATURES.map((feature) => (
              <Checkbox
                key={feature}
                label={ACCESSIBILITY_FEATURE_TEXT[feature]}
                checked={filters.accessibility?.includes(feature) ?? false}
                onChange={(e) => toggleNeed(feature, e.target.checked)}
              />
            ))}
          </div>
        </Fieldset>
      </div>
    </form>
  );
}

/** "Entre fechas": two days of the city, from today on. */
function RangeFields({ filters, update }: { filters: DiscoveryFilters; update: Update }) {
  if (filters.when !== "range") return null;
  const today = cityDateKey(new Date());
  return (
    <>
      <TextField label="Desde" type="date" min={today} value={filters.from ?? ""} onChange={(e) => update({ when: "range", from: e.target.value || undefined })} />
      <TextField label="Hasta" type="date" min={filters.from ?? today} value={filters.to ?? ""} onChange={(e) => update({ when: "range", to: e.target.value || undefined })} />
    </>
  );
}
