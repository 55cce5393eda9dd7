"use client";

import { useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { communityQueries } from "@/lib/api/communities";
import { useRouteId } from "@/lib/hooks/use-route-id";
import { isSignedInAtom } from "@/lib/state/auth";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { NotFoundState } from "@/components/content/not-found-state";
import { SignInNotice } from "@/components/content/sign-in-notice";
import { CommunityForm } from "./community-form";

export function CreateCommunity() {
  const signedIn = useAtomValue(isSignedInAtom);
  return (
    <>
      <PageHeader title="Crear comunidad" description="Colectivos, clubes y grupos que publican juntos." />
      {signedIn ? <CommunityForm /> : <SignInNotice what="crear comunidades" />}
    </>
  );
}

export function EditCommunity() {
  const id = useRouteId("/communities/[communityId]/edit");
  const signedIn = useAtomValue(isSignedInAtom);
  const query = useQuery({ ...communityQueries.detailQuery(id ?? ""), enabled: id !== null && signedIn });
  return (
    <>
      <span className="visually-hidden" data-testid="route-id">
        {id}
      </span>
      <PageHeader title="Editar comunidad" />
      {!signedIn ? (
        <SignInNotice what="editar comunidades" />
      ) : id === null || query.isPending ? (
        <Skeleton lines={4} label="Cargando comunidad" />
      ) : !query.data ? (
        <NotFoundState title="Esta comunidad no existe o ya no está disponible." />
      ) : !query.data.canEdit ? (
        <NotFoundState title="No puedes editar esta comunidad." />
      ) : (
        <CommunityForm key={query.data._id} community={query.data} />
      )}
    </>
  );
}
