"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { placeQueries } from "@/lib/api/places";
import type { Place } from "@/lib/schemas/places";
import { isSignedInAtom } from "@/lib/state/auth";
import { InfiniteList } from "@/components/content/infinite-list";
import { SignInNotice } from "@/components/content/sign-in-notice";
import { PendingCreates } from "@/components/content/pending-creates";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { PlaceCard } from "./place-card";

export function MyPlaces() {
  const signedIn = useAtomValue(isSignedInAtom);
  const query = useInfiniteQuery({ ...placeQueries.mineQuery(), enabled: signedIn });
  return (
    <>
      <PageHeader title="Mis lugares" actions={<ButtonLink href="/places/create/">Agregar lugar</ButtonLink>} />
      {signedIn ? (
        <>
        <PendingCreates kind="places" label="Lugares por publicar" describe={(p) => String(p.name ?? "Lugar")} />
        <InfiniteList<Place> query={query} label="Mis lugares" empty="Aún no has agregado lugares." emptyHint="Agrega foros, museos, cafés o parques de tu ciudad." renderItem={(p) => <PlaceCard place={p} />} />
        </>
      ) : (
        <SignInNotice what="ver tus lugares" />
      )}
    </>
  );
}

export function FollowingPlaces() {
  const signedIn = useAtomValue(isSignedInAtom);
  const query = useInfiniteQuery({ ...placeQueries.followingQuery(), enabled: signedIn });
  return (
    <>
      <PageHeader title="Lugares que sigo" />
      {signedIn ? (
        <InfiniteList<Place> query={query} label="Lugares que sigo" empty="Aún no sigues lugares." emptyHint="Sigue un lugar para ver sus eventos en «Eventos para ti»." renderItem={(p) => <PlaceCard place={p} />} />
      ) : (
        <SignInNotice what="ver los lugares que sigues" />
      )}
      <h2 className="section-title">Todos los lugares</h2>
      <PlaceList label="Lugares de la ciudad" empty="Aún no hay lugares." />
    </>
  );
}

/** All places (featured first on the home; the public directory). */
export function PlaceList({ featured, label, empty, limit }: { featured?: boolean; label: string; empty: string; limit?: number }) {
  const query = useInfiniteQuery(placeQueries.listQuery(featured ? { featured } : {}, limit));
  return <InfiniteList<Place> query={query} label={label} empty={empty} paginate={limit === undefined} skeletons={limit ? Math.min(limit, 3) : 3} layout="grid" renderItem={(p) => <PlaceCard place={p} />} />;
}
