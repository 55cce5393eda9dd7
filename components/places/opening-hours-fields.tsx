"use client";

import { WEEKDAY_LABELS } from "@/lib/schemas/places";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { Fieldset } from "@/components/content/fields";
import styles from "@/components/content/fields.module.css";

export interface Hours {
  day: number;
  opens: string;
  closes: string;
}

/** «Horario»: any number of day / opens / closes rows, and a free note. */
export function OpeningHoursFields({
  hours,
  note,
  onChange,
  err,
}: {
  hours: Hours[];
  note: string;
  onChange: (parts: { hours?: Hours[]; openingHoursNote?: string }) => void;
  err: (key: string) => string | null;
}) {
  const edit = (i: number, patch: Partial<Hours>) => onChange({ hours: hours.map((h, j) => (j === i ? { ...h, ...patch } : h)) });
  return (
    <Fieldset legend="Horario">
      {hours.map((h, i) => (
        <div key={i} className={styles.row}>
          <SelectField label={`Día ${i + 1}`} value={h.day} onChange={(e) => edit(i, { day: Number(e.target.value) })}>
            {WEEKDAY_LABELS.map((d, n) => (
              <option key={d} value={n}>
                {d}
              </option>
            ))}
          </SelectField>
          <TextField label={`Abre ${i + 1}`} type="time" value={h.opens} onChange={(e) => edit(i, { opens: e.target.value })} error={err(`openingHours.${i}.opens`)} />
          <TextField label={`Cierra ${i + 1}`} type="time" value={h.closes} onChange={(e) => edit(i, { closes: e.target.value })} error={err(`openingHours.${i}.closes`)} />
          <Button variant="ghost" onClick={() => onChange({ hours: hours.filter((_, j) => j !== i) })}>
            Quitar horario {i + 1}
          </Button>
        </div>
      ))}
      <div>
        <Button variant="secondary" onClick={() => onChange({ hours: [...hours, { day: 1, opens: "10:00", closes: "18:00" }] })}>
          Agregar horario
        </Button>
      </div>
      <TextField label="Nota de horario" value={note} onChange={(e) => onChange({ openingHoursNote: e.target.value })} error={err("openingHoursNote")} hint="Opcional: días festivos, temporada…" />
    </Fieldset>
  );
}
