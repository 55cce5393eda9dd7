"use client";

import { placeQueries } from "@/lib/api/places";
import { CreatePage, EditPage } from "@/components/forms/content-editor";
import { PlaceForm } from "./place-form";

export function CreatePlace() {
  return (
    <CreatePage title="Agregar lugar" description="Foros, museos, parques, cafés: los espacios donde pasa la vida cultural." signInTo="agregar lugares">
      <PlaceForm />
    </CreatePage>
  );
}

export function EditPlace() {
  return (
    <EditPage
      route="/places/[placeId]/edit"
      query={placeQueries.detailQuery}
      title="Editar lugar"
      signInTo="editar lugares"
      loading={{ label: "Cargando lugar", lines: 6 }}
      notFound="Este lugar no existe o ya no está disponible."
      forbidden={{ when: (place) => !place.canEdit, title: "No puedes editar este lugar." }}
    >
      {(place) => <PlaceForm place={place} />}
    </EditPage>
  );
}
