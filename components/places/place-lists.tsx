"use client";

import { placeQueries } from "@/lib/api/places";
import type { Place } from "@/lib/schemas/places";
import { PersonalListPage, PublicList } from "@/components/content/list-pages";
import { PendingCreates } from "@/components/content/pending-creates";
import { ButtonLink } from "@/components/ui/button";
import { PlaceCard } from "./place-card";

const card = (p: Place) => <PlaceCard place={p} />;

export function MyPlaces() {
  return (
    <PersonalListPage<Place>
      title="Mis lugares"
      actions={<ButtonLink href="/places/create/">Agregar lugar</ButtonLink>}
      options={placeQueries.mineQuery()}
      signInTo="ver tus lugares"
      before={<PendingCreates kind="places" label="Lugares por publicar" describe={(p) => String(p.name ?? "Lugar")} />}
      label="Mis lugares"
      empty="Aún no has agregado lugares."
      emptyHint="Agrega foros, museos, cafés o parques de tu ciudad."
      renderItem={card}
    />
  );
}

export function FollowingPlaces() {
  return (
    <PersonalListPage<Place>
      title="Lugares que sigo"
      options={placeQueries.followingQuery()}
      signInTo="ver los lugares que sigues"
      label="Lugares que sigo"
      empty="Aún no sigues lugares."
      emptyHint="Sigue un lugar para ver sus eventos en «Eventos para ti»."
      renderItem={card}
    >
      <h2 className="section-title">Todos los lugares</h2>
      <PlaceList label="Lugares de la ciudad" empty="Aún no hay lugares." />
    </PersonalListPage>
  );
}

/** All places (featured first on the home; the public directory). */
export function PlaceList({ featured, label, empty, limit }: { featured?: boolean; label: string; empty: string; limit?: number }) {
  return <PublicList<Place> options={placeQueries.listQuery(featured ? { featured } : {}, limit)} limit={limit} label={label} empty={empty} layout="grid" renderItem={card} />;
}
