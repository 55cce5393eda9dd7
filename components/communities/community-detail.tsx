"use client";

import Link from "@/components/ui/link";
import type { ReactNode } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useRouter } from "next/navigation";
import { communityQueries, joinCommunity, leaveCommunity, listedCommunity, storeCommunity } from "@/lib/api/communities";
import { errorMessage } from "@/lib/api/errors";
import type { Community } from "@/lib/schemas/communities";
import { COMMUNITY_ROLE_TEXT as COMMUNITY_ROLE_LABELS } from "@/lib/format/labels";
import { useRouteId } from "@/lib/hooks/use-route-id";
import { pathFor } from "@/lib/paths";
import { isSignedInAtom } from "@/lib/state/auth";
import { formatMembers } from "@/lib/format/count";
import { notify } from "@/lib/toast/notify";
import { DetailActions, DetailHeader, DetailPage, HiddenBanner, useListedHeader } from "@/components/content/detail-page";
import { KIND_ROUTES } from "@/components/content/kind-routes";
import { Button } from "@/components/ui/button";
import { SubscribeFeed } from "@/components/feeds/subscribe-feed";
import { EmbedAgenda } from "@/components/feeds/embed-agenda";
import cardStyles from "@/components/content/card.module.css";
import detailStyles from "@/components/content/detail.module.css";

export function CommunityDetail({ children }: { children?: ReactNode }) {
  const id = useRouteId("/communities/[communityId]");
  const query = useQuery({ ...communityQueries.detailQuery(id ?? ""), enabled: id !== null });
  // A hidden community's banner goes above its picture: it gets only placeholders. One named by an
  // event or a news item may be hidden unknown (as with places, place-detail.tsx).
  const listed = useListedHeader(id, listedCommunity, (community) => ("hidden" in community && community.hidden ? undefined : { title: community.name, cover: community.image }));
  return (
    <DetailPage id={id} query={query} kind="communities" after={children} listed={listed}>
      {(community) => <CommunityView community={community} />}
    </DetailPage>
  );
}

function CommunityView({ community }: { community: Community }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const signedIn = useAtomValue(isSignedInAtom);
  const membership = useMutation({
    mutationFn: (join: boolean) => (join ? joinCommunity(community._id) : leaveCommunity(community._id)),
    onSuccess: (updated, join) => {
      notify("success", join ? "Ahora eres parte de la comunidad." : "Saliste de la comunidad.");
      if (updated.hidden && !updated.canEdit) {
        // Hidden by moderation, it was seen only as one who may edit it: gone from view now.
        queryClient.removeQueries({ queryKey: communityQueries.detail(updated._id) });
        router.replace(KIND_ROUTES.communities.mine);
        void queryClient.invalidateQueries({ queryKey: communityQueries.lists() });
        return;
      }
      storeCommunity(queryClient, updated);
    },
    onError: (error) => notify("danger", errorMessage(error)),
  });
  const manages = community.myRole === "owner" || community.myRole === "admin";
  return (
    <article aria-labelledby="community-title">
      <HiddenBanner item={community} hiddenWord="Oculta" />
      <DetailHeader titleId="community-title" title={community.name} cover={community.image}>
        <p className={cardStyles.cardMeta}>
          {formatMembers(community.membersCount)}
          {community.myRole ? ` · Tu rol: ${COMMUNITY_ROLE_LABELS[community.myRole]}` : ""}
        </p>
      </DetailHeader>
      <DetailActions
        follow={{ kind: "communities", id: community._id, following: community.following, followersCount: community.followersCount, name: community.name }}
        share={{ title: community.name }}
        edit={community.canEdit ? { href: pathFor("/communities/[communityId]/edit", community._id), label: "Editar comunidad" } : null}
        // Only owners delete a community (its admins edit it); an admin moderates from the panel.
        remove={community.myRole === "owner" ? { kind: "communities", id: community._id, title: community.name, followersCount: community.followersCount } : null}
        report={community.canEdit ? null : { targetKind: "community", targetId: community._id, label: community.name, authorId: null }}
        before={
          signedIn ? (
            community.myRole ? (
              <Button variant="ghost" disabled={membership.isPending} onClick={() => membership.mutate(false)}>
                Salir de la comunidad
              </Button>
            ) : (
              <Button variant="secondary" disabled={membership.isPending} onClick={() => membership.mutate(true)}>
                Unirme
              </Button>
            )
          ) : null
        }
        after={
          manages || community.canEdit ? (
            <Link className="button button--secondary" href={pathFor("/communities/[communityId]/edit.members", community._id)}>
              Administrar miembros
            </Link>
          ) : null
        }
      >
        <SubscribeFeed scope="events" query={{ communityId: community._id }} title={`Eventos de ${community.name}`} />
        <SubscribeFeed scope="news" query={{ communityId: community._id }} title={`Noticias de ${community.name}`} label="Suscribirse a noticias" />
        <EmbedAgenda subject={{ communityId: community._id }} title={`Eventos de ${community.name}`} />
        {community.myRole ? (
          <>
            <Link className="button button--ghost" href={`/news/create/?community=${encodeURIComponent(community._id)}`}>
              Publicar noticia
            </Link>
            <Link className="button button--ghost" href="/events/create/">
              Crear evento
            </Link>
          </>
        ) : null}
      </DetailActions>
      {community.description ? <p className={`${detailStyles.text} ${detailStyles.section}`}>{community.description}</p> : null}
    </article>
  );
}
