"use client";

import { useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useSearchParams } from "next/navigation";
import { newsQueries } from "@/lib/api/news";
import { useRouteId } from "@/lib/hooks/use-route-id";
import { isSignedInAtom } from "@/lib/state/auth";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { NotFoundState } from "@/components/content/not-found-state";
import { SignInNotice } from "@/components/content/sign-in-notice";
import { NewsForm } from "./news-form";

export function CreateNews() {
  const signedIn = useAtomValue(isSignedInAtom);
  const community = useSearchParams().get("community") ?? undefined;
  return (
    <>
      <PageHeader title="Publicar noticia" />
      {signedIn ? <NewsForm presetCommunityId={community} /> : <SignInNotice what="publicar noticias" />}
    </>
  );
}

export function EditNews() {
  const id = useRouteId("/news/[newsId]/edit");
  const signedIn = useAtomValue(isSignedInAtom);
  const query = useQuery({ ...newsQueries.detailQuery(id ?? ""), enabled: id !== null && signedIn });
  return (
    <>
      <span className="visually-hidden" data-testid="route-id">
        {id}
      </span>
      <PageHeader title="Editar noticia" />
      {!signedIn ? (
        <SignInNotice what="editar noticias" />
      ) : id === null || query.isPending ? (
        <Skeleton lines={6} label="Cargando noticia" />
      ) : !query.data ? (
        <NotFoundState title="Esta noticia no existe o ya no está disponible." />
      ) : !query.data.canEdit ? (
        <NotFoundState title="No puedes editar esta noticia." />
      ) : (
        <NewsForm key={query.data._id} news={query.data} />
      )}
    </>
  );
}
