"use client";

import { useState } from "react";
import { eventPayloadSchema, eventShapeIssues, eventUpdatePayloadSchema, type Event, type EventUpdatePayload } from "@/lib/schemas/events";
import { storeEvent, updateEvent, uploadEventImage } from "@/lib/api/events";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TextField } from "@/components/ui/text-field";
import { AccessibilityFields } from "@/components/accessibility/accessibility-fields";
import { ContentForm } from "@/components/forms/content-form";
import { useSaveContent } from "@/components/forms/use-save-content";
import { fieldKey, initialState, toPayload, type State } from "./event-form-state";
import { EventScheduleFields } from "./event-schedule-fields";
import { EventPlaceFields } from "./event-place-fields";
import { EventPriceFields } from "./event-price-fields";
import { EventDetailsFields } from "./event-details-fields";

/** Create or edit an event; validated by the server's own schemas before it is sent. */
export function EventForm({ event }: { event?: Event }) {
  const [s, setS] = useState<State>(() => initialState(event));
  const set = <K extends keyof State>(key: K, value: State[K]) => setS((prev) => ({ ...prev, [key]: value }));
  const schemas = { create: eventPayloadSchema, update: eventUpdatePayloadSchema };
  const flow = useSaveContent({ kind: "events", existing: event, schemas, update: updateEvent, store: storeEvent, uploadImage: uploadEventImage, errorKey: fieldKey });
  const err = flow.err;
  const sections = { s, set, err };

  const submit = () => {
    const { payload, errors } = toPayload(s);
    if (!event) return void flow.save(payload, { errors });
    // An edit changes one date (or the following ones of its series), never the repetition; its
    // schema is partial, so the start/end rules are checked here on the whole edit.
    const { recurrence: _recurrence, ...update } = payload;
    void _recurrence;
    const body: EventUpdatePayload = { ...update, status: s.status, statusNote: s.statusNote, ...(event.series ? { scope: s.scope } : {}) };
    void flow.save(body, { errors, check: (data) => eventShapeIssues(data as EventUpdatePayload) });
  };

  return (
    <ContentForm flow={flow} image={{ current: event?.coverImage }} onSubmit={submit}>
      <TextField label="Título" value={s.title} onChange={(e) => set("title", e.target.value)} error={err("title")} maxLength={140} required />
      <TextAreaField
        label="Descripción"
        value={s.description}
        onChange={(e) => set("description", e.target.value)}
        error={err("description")}
        rows={6}
        hint="Texto simple; los enlaces se pueden copiar."
      />
      <EventScheduleFields {...sections} event={event} />
      <EventPlaceFields {...sections} />
      <EventPriceFields {...sections} />
      <AccessibilityFields value={s} onChange={(parts) => setS((prev) => ({ ...prev, ...parts }))} err={err} />
      <EventDetailsFields {...sections} event={event} />
    </ContentForm>
  );
}
