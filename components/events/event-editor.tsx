"use client";

import { eventQueries } from "@/lib/api/events";
import { CreatePage, EditPage } from "@/components/forms/content-editor";
import { EventForm } from "./event-form";

export function CreateEvent() {
  return (
    <CreatePage title="Crear evento" description="Comparte lo que organizas con la ciudad." signInTo="publicar eventos">
      <EventForm />
    </CreatePage>
  );
}

export function EditEvent() {
  return (
    <EditPage
      route="/events/[eventId]/edit"
      query={eventQueries.detailQuery}
      title="Editar evento"
      signInTo="editar eventos"
      loading={{ label: "Cargando evento", lines: 6 }}
      notFound="Este evento no existe o ya no está disponible."
      forbidden={{
        when: (event) => !event.canEdit,
        title: "No puedes editar este evento.",
        hint: "Solo quien lo organiza, su comunidad o el equipo de moderación pueden hacerlo.",
      }}
    >
      {(event) => <EventForm event={event} />}
    </EditPage>
  );
}
