"use client";

import type { Event } from "@/lib/schemas/events";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { Checkbox, Fieldset } from "@/components/content/fields";
import styles from "@/components/content/fields.module.css";
import type { Repeat, SectionProps, State } from "./event-form-state";

/**
 * «Fecha y hora»: start and end, all day or not; a new event may repeat (weekly, monthly, on
 * chosen dates); an edit of a series says whether it applies to the following dates too.
 */
export function EventScheduleFields({ s, set, err, event }: SectionProps & { event?: Event }) {
  return (
    <Fieldset legend="Fecha y hora (hora de Saltillo)">
      <Checkbox label="Todo el día" checked={s.allDay} onChange={(e) => set("allDay", e.target.checked)} />
      <div className={styles.row}>
        <TextField label="Fecha de inicio" type="date" value={s.startDate} onChange={(e) => set("startDate", e.target.value)} error={err("startsAt")} required />
        {!s.allDay ? <TextField label="Hora de inicio" type="time" value={s.startTime} onChange={(e) => set("startTime", e.target.value)} /> : null}
      </div>
      <div className={styles.row}>
        <TextField label="Fecha de fin" type="date" value={s.endDate} onChange={(e) => set("endDate", e.target.value)} error={err("endsAt")} hint="Opcional." />
        {!s.allDay ? <TextField label="Hora de fin" type="time" value={s.endTime} onChange={(e) => set("endTime", e.target.value)} /> : null}
      </div>
      {!event ? (
        <>
          <SelectField label="Repetición" value={s.repeat} onChange={(e) => set("repeat", e.target.value as Repeat)} error={err("recurrence.rule") ?? err("recurrence")}>
            <option value="none">No se repite</option>
            <option value="weekly">Cada semana</option>
            <option value="monthly">Cada mes</option>
            <option value="dates">En varias fechas</option>
          </SelectField>
          {s.repeat === "weekly" || s.repeat === "monthly" ? (
            <div className={styles.row}>
              <TextField
                label={s.repeat === "weekly" ? "Cada cuántas semanas" : "Cada cuántos meses"}
                type="number"
                min={1}
                max={12}
                value={s.interval}
                onChange={(e) => set("interval", e.target.value)}
                error={err("recurrence.interval")}
              />
              <TextField label="Hasta (opcional)" type="date" value={s.until} onChange={(e) => set("until", e.target.value)} error={err("recurrence.until")} />
            </div>
          ) : null}
          {s.repeat === "dates" ? (
            <div className="stack">
              {s.extraDates.map((d, i) => (
                <div key={i} className={styles.row}>
                  <TextField
                    label={`Otra fecha ${i + 1}`}
                    type="date"
                    value={d.date}
                    onChange={(e) => set("extraDates", s.extraDates.map((x, j) => (j === i ? { ...x, date: e.target.value } : x)))}
                  />
                  {!s.allDay ? (
                    <TextField
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
        <SelectField label="Aplicar cambios a" value={s.scope} onChange={(e) => set("scope", e.target.value as State["scope"])}>
          <option value="occurrence">Solo esta fecha</option>
          <option value="following">Esta fecha y las siguientes de la serie</option>
        </SelectField>
      ) : null}
    </Fieldset>
  );
}
