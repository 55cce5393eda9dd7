"use client";

import { useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { eventQueries } from "@/lib/api/events";
import { useRouteId } from "@/lib/hooks/use-route-id";
import { isSignedInAtom } from "@/lib/state/auth";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { NotFoundState } from "@/components/content/not-found-state";
import { SignInNotice } from "@/components/content/sign-in-notice";
import { EventForm } from "./event-form";

export function CreateEvent() {
  const signedIn = useAtomValue(isSignedInAtom);
  return (
    <>
      <PageHeader title="Crear evento" description="Comparte lo que organizas con la ciudad." />
      {signedIn ? <EventForm /> : <SignInNotice what="publicar eventos" />}
    </>
  );
}

export function EditEvent() {
  const id = useRouteId("/events/[eventId]/edit");
  const signedIn = useAtomValue(isSignedInAtom);
  const query = useQuery({ ...eventQueries.detailQuery(id ?? ""), enabled: id !== null && signedIn });
  return (
    <>
      <span className="visually-hidden" data-testid="route-id">
        {id}
      </span>
      <PageHeader title="Editar evento" />
      {!signedIn ? (
        <SignInNotice what="editar eventos" />
      ) : id === null || query.isPending ? (
        <Skeleton lines={6} label="Cargando evento" />
      ) : !query.data ? (
        <NotFoundState title="Este evento no existe o ya no está disponible." />
      ) : !query.data.canEdit ? (
        <NotFoundState title="No puedes editar este evento." hint="Solo quien lo organiza, su comunidad o el equipo de moderación pueden hacerlo." />
      ) : (
        <EventForm key={query.data._id} event={query.data} />
      )}
    </>
  );
}
