"use client";

import { useQuery } from "@tanstack/react-query";
import { EVENT_STATUSES, EVENT_STATUS_LABELS, type Event } from "@/lib/schemas/events";
import { EVENT_TAGS_MAX } from "@/lib/schemas/tags";
import { tagQueries } from "@/lib/api/tags";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { Fieldset } from "@/components/content/fields";
import { CommunitySelect } from "@/components/forms/community-select";
import styles from "@/components/content/fields.module.css";
import type { SectionProps } from "./event-form-state";

/** «Más detalles»: tags, the community it is published for, and (on edit) its status. */
export function EventDetailsFields({ s, set, err, event }: SectionProps & { event?: Event }) {
  const tags = useQuery(tagQueries.list());
  const tagList = tags.data ?? [];
  return (
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
      <CommunitySelect value={s.communityId} onChange={(id) => set("communityId", id)} error={err("communityId")} current={event?.community} />
      {event ? (
        <>
          <SelectField label="Estado" value={s.status} onChange={(e) => set("status", e.target.value as Event["status"])} error={err("status")} hint="Quienes siguen el evento reciben un aviso si lo cancelas o pospones.">
            {EVENT_STATUSES.map((st) => (
              <option key={st} value={st}>
                {EVENT_STATUS_LABELS[st]}
              </option>
            ))}
          </SelectField>
          {s.status !== "published" ? <TextField label="Nota de estado" value={s.statusNote} onChange={(e) => set("statusNote", e.target.value)} error={err("statusNote")} /> : null}
        </>
      ) : null}
    </Fieldset>
  );
}
