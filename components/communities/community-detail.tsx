"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { communityQueries, joinCommunity, leaveCommunity, storeCommunity } from "@/lib/api/communities";
import { ApiError, errorMessage } from "@/lib/api/errors";
import type { Community } from "@/lib/schemas/communities";
import { COMMUNITY_ROLE_TEXT as COMMUNITY_ROLE_LABELS } from "@/lib/format/labels";
import { useRouteId } from "@/lib/hooks/use-route-id";
import { pathFor } from "@/lib/routes";
import { isSignedInAtom } from "@/lib/state/auth";
import { formatCount } from "@/lib/format/count";
import { notify } from "@/lib/toast/notify";
import { Cover } from "@/components/content/cover";
import { FollowButton } from "@/components/content/follow-button";
import { ShareButton } from "@/components/content/share-button";
import { NotFoundState } from "@/components/content/not-found-state";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Skeleton } from "@/components/ui/skeleton";
import styles from "@/components/content/content.module.css";

export function CommunityDetail({ children }: { children?: ReactNode }) {
  const id = useRouteId("/communities/[communityId]");
  const query = useQuery({ ...communityQueries.detailQuery(id ?? ""), enabled: id !== null });
  const community = query.data;
  return (
    <>
      <span className="visually-hidden" data-testid="route-id">
        {id}
      </span>
      {id === null || (query.isPending && query.fetchStatus !== "paused") ? (
        <>
          <div className={styles.coverPlaceholder} aria-hidden="true" />
          <Skeleton lines={4} label="Cargando comunidad" />
        </>
      ) : query.isPending ? (
        <NotFoundState title="Sin conexión" hint="Esta comunidad se mostrará cuando vuelvas a tener conexión." />
      ) : !community ? (
        query.error instanceof ApiError && query.error.status === 404 ? (
          <NotFoundState title="Esta comunidad no existe o ya no está disponible." />
        ) : (
          <FormAlert message={errorMessage(query.error)} />
        )
      ) : (
        <>
          <CommunityView community={community} />
          {children}
        </>
      )}
    </>
  );
}

function CommunityView({ community }: { community: Community }) {
  const queryClient = useQueryClient();
  const signedIn = useAtomValue(isSignedInAtom);
  const membership = useMutation({
    mutationFn: (join: boolean) => (join ? joinCommunity(community._id) : leaveCommunity(community._id)),
    onSuccess: (updated, join) => {
      storeCommunity(queryClient, updated);
      notify("success", join ? "Ahora eres parte de la comunidad." : "Saliste de la comunidad.");
    },
    onError: (error) => notify("danger", errorMessage(error)),
  });
  const manages = community.myRole === "owner" || community.myRole === "admin";
  return (
    <article aria-labelledby="community-title">
      {community.hidden ? (
        <p className={styles.statusBanner} role="status">
          Oculta por moderación{community.hiddenReason ? `: ${community.hiddenReason}` : "."}
        </p>
      ) : null}
      <Cover src={community.image} title={community.name} />
      <h1 id="community-title" className="page-header__title">
        {community.name}
      </h1>
      <p className={styles.cardMeta}>
        {formatCount(community.membersCount, "miembro", "miembros")}
        {community.myRole ? ` · Tu rol: ${COMMUNITY_ROLE_LABELS[community.myRole]}` : ""}
      </p>
      <div style={{ marginTop: "1rem" }}>
        <FollowButton kind="communities" id={community._id} following={community.following} followersCount={community.followersCount} name={community.name} />
      </div>
      <div className="actions" style={{ marginTop: "1rem" }}>
        {signedIn ? (
          community.myRole ? (
            <Button variant="ghost" disabled={membership.isPending} onClick={() => membership.mutate(false)}>
              Salir de la comunidad
            </Button>
          ) : (
            <Button variant="secondary" disabled={membership.isPending} onClick={() => membership.mutate(true)}>
              Unirme
            </Button>
          )
        ) : null}
        <ShareButton title={community.name} />
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
        {community.canEdit ? (
          <Link className="button button--secondary" href={pathFor("/communities/[communityId]/edit", community._id)}>
            Editar comunidad
          </Link>
        ) : null}
        {manages || community.canEdit ? (
          <Link className="button button--secondary" href={pathFor("/communities/[communityId]/edit.members", community._id)}>
            Administrar miembros
          </Link>
        ) : null}
      </div>
      {community.description ? <p className={`${styles.text} ${styles.section}`}>{community.description}</p> : null}
    </article>
  );
}
