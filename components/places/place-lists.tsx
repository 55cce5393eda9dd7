"use client";

import { placeQueries } from "@/lib/api/places";
import type { PlaceListItem } from "@/lib/schemas/places";
import { PersonalListPage } from "@/components/content/list-pages";
import { PublicList } from "@/components/content/public-list";
import { PlaceCard } from "./place-card";

const card = (p: PlaceListItem) => <PlaceCard place={p} />;

export function MyPlaces() {
  return <PersonalListPage<PlaceListItem> kind="places" list="mine" options={placeQueries.mineQuery()} pending={(p) => String(p.name ?? "Lugar")} renderItem={card} />;
}

export function FollowingPlaces() {
  return (
    <PersonalListPage<PlaceListItem> kind="places" list="following" options={placeQueries.followingQuery()} renderItem={card}>
      <h2 className="section-title">Todos los lugares</h2>
      <PlaceList label="Lugares de la ciudad" empty="Aún no hay lugares." />
    </PersonalListPage>
  );
}

/** All places (featured first on the home; the public directory). */
export function PlaceList({ featured, label, empty, limit }: { featured?: boolean; label: string; empty: string; limit?: number }) {
  return <PublicList<PlaceListItem> options={placeQueries.listQuery(featured ? { featured } : {}, limit)} limit={limit} label={label} empty={empty} layout="grid" renderItem={card} />;
}
