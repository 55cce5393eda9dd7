"use client";

import { useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { placeQueries } from "@/lib/api/places";
import { useRouteId } from "@/lib/hooks/use-route-id";
import { isSignedInAtom } from "@/lib/state/auth";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { NotFoundState } from "@/components/content/not-found-state";
import { SignInNotice } from "@/components/content/sign-in-notice";
import { PlaceForm } from "./place-form";

export function CreatePlace() {
  const signedIn = useAtomValue(isSignedInAtom);
  return (
    <>
      <PageHeader title="Agregar lugar" description="Foros, museos, parques, cafés: los espacios donde pasa la vida cultural." />
      {signedIn ? <PlaceForm /> : <SignInNotice what="agregar lugares" />}
    </>
  );
}

export function EditPlace() {
  const id = useRouteId("/places/[placeId]/edit");
  const signedIn = useAtomValue(isSignedInAtom);
  const query = useQuery({ ...placeQueries.detailQuery(id ?? ""), enabled: id !== null && signedIn });
  return (
    <>
      <span className="visually-hidden" data-testid="route-id">
        {id}
      </span>
      <PageHeader title="Editar lugar" />
      {!signedIn ? (
        <SignInNotice what="editar lugares" />
      ) : id === null || query.isPending ? (
        <Skeleton lines={6} label="Cargando lugar" />
      ) : !query.data ? (
        <NotFoundState title="Este lugar no existe o ya no está disponible." />
      ) : !query.data.canEdit ? (
        <NotFoundState title="No puedes editar este lugar." />
      ) : (
        <PlaceForm key={query.data._id} place={query.data} />
      )}
    </>
  );
}
