"use client";

import dynamic from "next/dynamic";
import { useAtomValue } from "jotai";
import type { QueryClient } from "@tanstack/react-query";
import { communityQueries } from "@/lib/api/communities";
import { eventQueries, FOR_YOU_LIMIT } from "@/lib/api/events";
import { newsQueries } from "@/lib/api/news";
import { placeQueries } from "@/lib/api/places";
import { isSignedInAtom } from "@/lib/state/auth";
import { CardSkeletons, type CardRoom } from "@/components/content/card-skeletons";
import { WhenNear } from "@/components/content/when-near";
import { EventList } from "@/components/events/event-lists";
import { HOME_COMMUNITIES, HOME_EVENT_LISTS, HOME_NEWS, HOME_PLACES } from "./home-lists";

// The home's sections below the first screen render when someone scrolls near them, and their
// code (news, community and place cards, the suggestions) downloads then: on a phone, rendering all
// seven sections while the first one paints held the main thread for about 0.2 s (Lighthouse, 4×
// slower CPU). Each keeps its data fetched once the page is idle, for offline use. Until then, and
// while its code downloads and its list loads, placeholders take the room its cards will (its
// WhenNear's `room`, which what loads inside it inherits).

const ROOM = {
  weekend: { count: HOME_EVENT_LISTS.weekend.limit },
  forYouSignedOut: { count: HOME_EVENT_LISTS.forYouSignedOut.limit },
  forYou: { count: FOR_YOU_LIMIT },
  news: { count: HOME_NEWS.limit },
  communities: { count: HOME_COMMUNITIES.limit, layout: "grid" },
  places: { count: HOME_PLACES.limit, layout: "grid" },
  upcoming: { count: HOME_EVENT_LISTS.upcoming.limit },
} satisfies Record<string, CardRoom>;

const loading = () => <CardSkeletons label="Cargando sección" />;
const ForYouEvents = dynamic(() => import("@/components/events/for-you").then((m) => m.ForYouEvents), { loading });
const NewsList = dynamic(() => import("@/components/news/news-lists").then((m) => m.NewsList), { loading });
const CommunityList = dynamic(() => import("@/components/communities/community-lists").then((m) => m.CommunityList), { loading });
const PlaceList = dynamic(() => import("@/components/places/place-lists").then((m) => m.PlaceList), { loading });

const keepEvents = (list: (typeof HOME_EVENT_LISTS)[keyof typeof HOME_EVENT_LISTS]) => (queryClient: QueryClient) =>
  queryClient.prefetchInfiniteQuery(eventQueries.listQuery(list.filters, list.limit));

export function WeekendEvents() {
  return (
    <WhenNear keep={keepEvents(HOME_EVENT_LISTS.weekend)} room={ROOM.weekend}>
      <EventList {...HOME_EVENT_LISTS.weekend} more label="Eventos del fin de semana" empty="Aún no hay eventos este fin de semana." />
    </WhenNear>
  );
}

export function ForYou() {
  const signedIn = useAtomValue(isSignedInAtom);
  const keep = signedIn ? (queryClient: QueryClient) => queryClient.prefetchQuery(eventQueries.forYouQuery()) : keepEvents(HOME_EVENT_LISTS.forYouSignedOut);
  return (
    <WhenNear keep={keep} room={signedIn ? ROOM.forYou : ROOM.forYouSignedOut}>
      <ForYouEvents />
    </WhenNear>
  );
}

export function LatestNews() {
  return (
    <WhenNear keep={(queryClient) => queryClient.prefetchInfiniteQuery(newsQueries.listQuery(HOME_NEWS.filters, HOME_NEWS.limit))} room={ROOM.news}>
      <NewsList {...HOME_NEWS} label="Últimas noticias" empty="Aún no hay noticias." />
    </WhenNear>
  );
}

export function FeaturedCommunities() {
  return (
    <WhenNear keep={(queryClient) => queryClient.prefetchInfiniteQuery(communityQueries.listQuery(HOME_COMMUNITIES.filters, HOME_COMMUNITIES.limit))} room={ROOM.communities}>
      <CommunityList {...HOME_COMMUNITIES} label="Comunidades destacadas" empty="Aún no hay comunidades destacadas." />
    </WhenNear>
  );
}

export function FeaturedPlaces() {
  return (
    <WhenNear keep={(queryClient) => queryClient.prefetchInfiniteQuery(placeQueries.listQuery(HOME_PLACES.filters, HOME_PLACES.limit))} room={ROOM.places}>
      <PlaceList featured={HOME_PLACES.filters.featured} limit={HOME_PLACES.limit} label="Lugares destacados" empty="Aún no hay lugares destacados." />
    </WhenNear>
  );
}

export function UpcomingEvents() {
  return (
    <WhenNear keep={keepEvents(HOME_EVENT_LISTS.upcoming)} room={ROOM.upcoming}>
      <EventList {...HOME_EVENT_LISTS.upcoming} more label="Próximos eventos" empty="No hay eventos próximos." />
    </WhenNear>
  );
}
