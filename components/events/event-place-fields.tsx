"use client";

import { useQuery } from "@tanstack/react-query";
import { placeQueries } from "@/lib/api/places";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { Checkbox, Fieldset } from "@/components/content/fields";
import styles from "@/components/content/fields.module.css";
import type { SectionProps } from "./event-form-state";

/** «Lugar»: a place of Plaza, another address, or online (a place or address may also stream). */
export function EventPlaceFields({ s, set, err }: SectionProps) {
  const places = useQuery(placeQueries.optionsQuery());
  return (
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
        <SelectField label="Lugar" value={s.placeId} onChange={(e) => set("placeId", e.target.value)} error={err("placeId")} hint={places.isPending ? "Cargando lugares..." : undefined}>
          <option value="">Elige un lugar</option>
          {(places.data ?? []).map((p) => (
            <option key={p._id} value={p._id}>
              {p.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      {s.mode === "address" ? (
        <TextField label="Dirección" value={s.address} onChange={(e) => set("address", e.target.value)} error={err("address") ?? err("placeId")} hint="Calle, número, colonia y ciudad." />
      ) : null}
      {s.mode !== "online" ? <Checkbox label="También se transmite en línea" checked={s.alsoOnline} onChange={(e) => set("alsoOnline", e.target.checked)} /> : null}
      {s.mode === "online" || s.alsoOnline ? (
        <TextField
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
  );
}
