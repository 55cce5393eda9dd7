"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { communityQueries } from "@/lib/api/communities";
import type { Community } from "@/lib/schemas/communities";
import { isSignedInAtom } from "@/lib/state/auth";
import { InfiniteList } from "@/components/content/infinite-list";
import { SignInNotice } from "@/components/content/sign-in-notice";
import { PendingCreates } from "@/components/content/pending-creates";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { CommunityCard } from "./community-card";

export function CommunityList({ featured, label, empty, limit }: { featured?: boolean; label: string; empty: string; limit?: number }) {
  const query = useInfiniteQuery(communityQueries.listQuery(featured ? { featured } : {}, limit));
  return <InfiniteList<Community> query={query} label={label} empty={empty} paginate={limit === undefined} skeletons={limit ? Math.min(limit, 3) : 3} layout="grid" renderItem={(c) => <CommunityCard community={c} />} />;
}

export function MyCommunities() {
  const signedIn = useAtomValue(isSignedInAtom);
  const query = useInfiniteQuery({ ...communityQueries.mineQuery(), enabled: signedIn });
  return (
    <>
      <PageHeader title="Mis comunidades" actions={<ButtonLink href="/communities/create/">Crear comunidad</ButtonLink>} />
      {signedIn ? (
        <>
        <PendingCreates kind="communities" label="Comunidades por crear" describe={(p) => String(p.name ?? "Comunidad")} />
        <InfiniteList<Community> query={query} label="Mis comunidades" empty="Aún no eres parte de ninguna comunidad." emptyHint="Únete a una o crea la tuya." renderItem={(c) => <CommunityCard community={c} />} />
        </>
      ) : (
        <SignInNotice what="ver tus comunidades" />
      )}
    </>
  );
}

export function FollowingCommunities() {
  const signedIn = useAtomValue(isSignedInAtom);
  const query = useInfiniteQuery({ ...communityQueries.followingQuery(), enabled: signedIn });
  return (
    <>
      <PageHeader title="Comunidades que sigo" actions={<ButtonLink href="/communities/create/" variant="secondary">Crear comunidad</ButtonLink>} />
      {signedIn ? (
        <InfiniteList<Community> query={query} label="Comunidades que sigo" empty="Aún no sigues comunidades." renderItem={(c) => <CommunityCard community={c} />} />
      ) : (
        <SignInNotice what="ver las comunidades que sigues" />
      )}
      <h2 className="section-title">Todas las comunidades</h2>
      <CommunityList label="Comunidades de la ciudad" empty="Aún no hay comunidades." />
    </>
  );
}
