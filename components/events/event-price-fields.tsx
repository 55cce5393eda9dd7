"use client";

import { TextField } from "@/components/ui/text-field";
import { Fieldset } from "@/components/content/fields";
import styles from "@/components/content/fields.module.css";
import type { SectionProps } from "./event-form-state";

/** «Precio y cupo»: free or paid (with an amount), a price note, and the capacity. */
export function EventPriceFields({ s, set, err }: SectionProps) {
  return (
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
        <TextField label="Precio (MXN)" type="number" inputMode="decimal" min={0} step="0.01" value={s.priceAmount} onChange={(e) => set("priceAmount", e.target.value)} error={err("priceAmount")} />
      ) : null}
      <TextField label="Nota de precio" value={s.priceNote} onChange={(e) => set("priceNote", e.target.value)} error={err("priceNote")} hint="Opcional: preventa, descuentos, cooperación voluntaria…" />
      <TextField label="Cupo" type="number" inputMode="numeric" min={1} value={s.capacity} onChange={(e) => set("capacity", e.target.value)} error={err("capacity")} hint="Opcional: número de personas." />
    </Fieldset>
  );
}
