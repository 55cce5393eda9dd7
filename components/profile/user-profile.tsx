"use client";

import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { ApiError, errorMessage } from "@/lib/api/errors";
import { userQueries } from "@/lib/api/users";
import { useRouteId } from "@/lib/hooks/use-route-id";
import { useMe } from "@/lib/hooks/use-me";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { ButtonLink } from "@/components/ui/button";
import { FollowButton } from "@/components/content/follow-button";
import { SubscribeFeed } from "@/components/feeds/subscribe-feed";
import { ReportButton } from "@/components/content/report-button";
import { ProfileHeader } from "./profile-header";
import styles from "./profile.module.css";

/**
 * Someone's profile (/profile/{profileId}, docs/product.md#routes): the header with the counts and
 * the follow button, then `children` (what they organise and publish) once the profile is there.
 */
export function UserProfile({ children }: { children?: ReactNode }) {
  const id = useRouteId("/profile/[profileId]");
  const me = useMe();
  const query = useQuery({ ...userQueries.detail(id ?? ""), enabled: id !== null });

  if (id === null || (query.isPending && query.fetchStatus !== "idle")) {
    return (
      <>
        <PageHeader title="Perfil" />
        <Skeleton lines={3} label="Cargando el perfil" />
      </>
    );
  }

  if (!query.data) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <>
        <PageHeader title="Perfil" />
        <p className={styles.routeId}>
          Perfil <span data-testid="route-id">{id}</span>
        </p>
        <EmptyState
          title={notFound ? "No encontramos este perfil." : "No pudimos cargar este perfil."}
          hint={notFound ? "Puede que la cuenta se haya borrado o que el enlace esté mal escrito." : errorMessage(query.error)}
        >
          <ButtonLink href="/" variant="secondary">
            Ir al inicio
          </ButtonLink>
        </EmptyState>
      </>
    );
  }

  const user = query.data;
  const isMe = me?._id === user._id;
  return (
    <div className="stack">
      <ProfileHeader
        user={user}
        headingLevel={1}
        actions={
          isMe ? (
            <ButtonLink href="/profile/" variant="secondary">
              Ir a mi perfil
            </ButtonLink>
          ) : (
            <>
              <FollowButton kind="users" id={user._id} name={user.name} />
              <SubscribeFeed scope="events" query={{ organizerId: user._id }} title={`Eventos de ${user.name}`} />
              <SubscribeFeed scope="news" query={{ authorId: user._id }} title={`Noticias de ${user.name}`} label="Suscribirse a noticias" />
              <ReportButton targetKind="user" targetId={user._id} label={user.name} authorId={user._id} />
            </>
          )
        }
      />
      {children}
    </div>
  );
}
