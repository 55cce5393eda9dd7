"use client";

import { communityQueries } from "@/lib/api/communities";
import type { Community } from "@/lib/schemas/communities";
import { PersonalListPage, PublicList } from "@/components/content/list-pages";
import { PendingCreates } from "@/components/content/pending-creates";
import { ButtonLink } from "@/components/ui/button";
import { CommunityCard } from "./community-card";

const card = (c: Community) => <CommunityCard community={c} />;

export function CommunityList({ featured, label, empty, limit }: { featured?: boolean; label: string; empty: string; limit?: number }) {
  return <PublicList<Community> options={communityQueries.listQuery(featured ? { featured } : {}, limit)} limit={limit} label={label} empty={empty} layout="grid" renderItem={card} />;
}

export function MyCommunities() {
  return (
    <PersonalListPage<Community>
      title="Mis comunidades"
      actions={<ButtonLink href="/communities/create/">Crear comunidad</ButtonLink>}
      options={communityQueries.mineQuery()}
      signInTo="ver tus comunidades"
      before={<PendingCreates kind="communities" label="Comunidades por crear" describe={(p) => String(p.name ?? "Comunidad")} />}
      label="Mis comunidades"
      empty="Aún no eres parte de ninguna comunidad."
      emptyHint="Únete a una o crea la tuya."
      renderItem={card}
    />
  );
}

export function FollowingCommunities() {
  return (
    <PersonalListPage<Community>
      title="Comunidades que sigo"
      actions={
        <ButtonLink href="/communities/create/" variant="secondary">
          Crear comunidad
        </ButtonLink>
      }
      options={communityQueries.followingQuery()}
      signInTo="ver las comunidades que sigues"
      label="Comunidades que sigo"
      empty="Aún no sigues comunidades."
      renderItem={card}
    >
      <h2 className="section-title">Todas las comunidades</h2>
      <CommunityList label="Comunidades de la ciudad" empty="Aún no hay comunidades." />
    </PersonalListPage>
  );
}
