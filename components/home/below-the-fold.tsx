"use client";

import dynamic from "next/dynamic";
import { useEffect, useRef, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { communityQueries } from "@/lib/api/communities";
import { eventQueries } from "@/lib/api/events";
import { newsQueries } from "@/lib/api/news";
import { placeQueries } from "@/lib/api/places";
import { useNearViewport } from "@/lib/hooks/use-near-viewport";
import { isSignedInAtom } from "@/lib/state/auth";
import { CardSkeletons } from "@/components/content/card-skeletons";
import { EventList } from "@/components/events/event-lists";
import { HOME_COMMUNITIES, HOME_EVENT_LISTS, HOME_NEWS, HOME_PLACES } from "./home-lists";

// The home's sections below the first screen render when someone scrolls near them, and their
// code (news, community and place cards, the suggestions) downloads then: on a phone, rendering all
// seven sections while the first one paints held the main thread for about 0.2 s (Lighthouse, 4×
// slower CPU). Their data is still fetched once the page is idle, so the whole home is kept for
// offline use as before.

const loading = () => <CardSkeletons count={2} label="Cargando sección" />;
const ForYouEvents = dynamic(() => import("@/components/events/for-you").then((m) => m.ForYouEvents), { loading });
const NewsList = dynamic(() => import("@/components/news/news-lists").then((m) => m.NewsList), { loading });
const CommunityList = dynamic(() => import("@/components/communities/community-lists").then((m) => m.CommunityList), { loading });
const PlaceList = dynamic(() => import("@/components/places/place-lists").then((m) => m.PlaceList), { loading });

/**
 * Its children once it has come within reach of the viewport; until then card skeletons of the
 * same size, hidden from assistive technology: nothing is loading yet, so nothing is announced as
 * busy (the section's heading is there; its content arrives as the reader moves towards it).
 */
function WhenNear({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, "400px");
  if (near) return <>{children}</>;
  return (
    <div ref={ref}>
      <CardSkeletons count={2} label={null} />
    </div>
  );
}

export function WeekendEvents() {
  return (
    <WhenNear>
      <EventList {...HOME_EVENT_LISTS.weekend} more label="Eventos del fin de semana" empty="Aún no hay eventos este fin de semana." />
    </WhenNear>
  );
}

export function ForYou() {
  return (
    <WhenNear>
      <ForYouEvents />
    </WhenNear>
  );
}

export function LatestNews() {
  return (
    <WhenNear>
      <NewsList {...HOME_NEWS} label="Últimas noticias" empty="Aún no hay noticias." />
    </WhenNear>
  );
}

export function FeaturedCommunities() {
  return (
    <WhenNear>
      <CommunityList {...HOME_COMMUNITIES} label="Comunidades destacadas" empty="Aún no hay comunidades destacadas." />
    </WhenNear>
  );
}

export function FeaturedPlaces() {
  return (
    <WhenNear>
      <PlaceList featured={HOME_PLACES.filters.featured} limit={HOME_PLACES.limit} label="Lugares destacados" empty="Aún no hay lugares destacados." />
    </WhenNear>
  );
}

export function UpcomingEvents() {
  return (
    <WhenNear>
      <EventList {...HOME_EVENT_LISTS.upcoming} label="Próximos eventos" empty="No hay eventos próximos." />
    </WhenNear>
  );
}

/**
 * Fetches the data of the sections below the fold once the page is idle (nothing is rendered), so
 * the persisted cache holds the whole home as before: opened offline later, every section shows.
 */
export function PrefetchBelowTheFold() {
  const queryClient = useQueryClient();
  const signedIn = useAtomValue(isSignedInAtom);
  useEffect(() => {
    const run = () => {
      const events = [HOME_EVENT_LISTS.weekend, HOME_EVENT_LISTS.upcoming, ...(signedIn ? [] : [HOME_EVENT_LISTS.forYouSignedOut])];
      for (const list of events) void queryClient.prefetchInfiniteQuery(eventQueries.listQuery(list.filters, list.limit));
      if (signedIn) void queryClient.prefetchQuery(eventQueries.forYouQuery());
      void queryClient.prefetchInfiniteQuery(newsQueries.listQuery(HOME_NEWS.filters, HOME_NEWS.limit));
      void queryClient.prefetchInfiniteQuery(communityQueries.listQuery(HOME_COMMUNITIES.filters, HOME_COMMUNITIES.limit));
      void queryClient.prefetchInfiniteQuery(placeQueries.listQuery(HOME_PLACES.filters, HOME_PLACES.limit));
    };
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(run, { timeout: 4000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(run, 2000);
    return () => window.clearTimeout(id);
  }, [queryClient, signedIn]);
  return null;
}
