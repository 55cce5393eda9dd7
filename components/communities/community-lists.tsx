"use client";

import { communityQueries, type CommunityFilters } from "@/lib/api/communities";
import { useRouteId } from "@/lib/hooks/use-route-id";
import styles from "@/components/content/detail.module.css";
import type { CommunityListItem } from "@/lib/schemas/communities";
import { CreateLink, PersonalListPage } from "@/components/content/list-pages";
import { PublicList } from "@/components/content/public-list";
import { CommunityCard } from "./community-card";

const card = (c: CommunityListItem) => <CommunityCard community={c} />;

export function CommunityList({ filters = {}, label, empty, limit }: { filters?: CommunityFilters; label: string; empty: string; limit?: number }) {
  return <PublicList<CommunityListItem> options={communityQueries.listQuery(filters, limit)} limit={limit} label={label} empty={empty} layout="grid" renderItem={card} />;
}

/** The communities of the person whose profile this is. */
export function MemberCommunities() {
  const id = useRouteId("/profile/[profileId]");
  if (id === null) return null;
  return (
    <section className={styles.section} aria-labelledby="route-communities">
      <div className={styles.sectionHead}>
        <h2 id="route-communities">Comunidades</h2>
      </div>
      <CommunityList filters={{ memberId: id }} label="Comunidades" empty="Aún no forma parte de ninguna comunidad." />
    </section>
  );
}

export function MyCommunities() {
  return <PersonalListPage<CommunityListItem> kind="communities" list="mine" options={communityQueries.mineQuery()} pending={(p) => String(p.name ?? "Comunidad")} renderItem={card} />;
}

export function FollowingCommunities() {
  return (
    <PersonalListPage<CommunityListItem> kind="communities" list="following" actions={<CreateLink kind="communities" variant="secondary" />} options={communityQueries.followingQuery()} renderItem={card}>
      <h2 className="section-title">Todas las comunidades</h2>
      <CommunityList label="Comunidades de la ciudad" empty="Aún no hay comunidades." />
    </PersonalListPage>
  );
}
