"use client";

import { communityQueries } from "@/lib/api/communities";
import type { Community } from "@/lib/schemas/communities";
import { CreateLink, PersonalListPage, PublicList } from "@/components/content/list-pages";
import { CommunityCard } from "./community-card";

const card = (c: Community) => <CommunityCard community={c} />;

export function CommunityList({ featured, label, empty, limit }: { featured?: boolean; label: string; empty: string; limit?: number }) {
  return <PublicList<Community> options={communityQueries.listQuery(featured ? { featured } : {}, limit)} limit={limit} label={label} empty={empty} layout="grid" renderItem={card} />;
}

export function MyCommunities() {
  return <PersonalListPage<Community> kind="communities" list="mine" options={communityQueries.mineQuery()} pending={(p) => String(p.name ?? "Comunidad")} renderItem={card} />;
}

export function FollowingCommunities() {
  return (
    <PersonalListPage<Community> kind="communities" list="following" actions={<CreateLink kind="communities" variant="secondary" />} options={communityQueries.followingQuery()} renderItem={card}>
      <h2 className="section-title">Todas las comunidades</h2>
      <CommunityList label="Comunidades de la ciudad" empty="Aún no hay comunidades." />
    </PersonalListPage>
  );
}
