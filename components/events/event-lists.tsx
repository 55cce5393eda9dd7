"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useState } from "react";
import { isSignedInAtom } from "@/lib/state/auth";
import { eventQueries, type EventFilters } from "@/lib/api/events";
import type { Event } from "@/lib/schemas/events";
import { formatEventWhenShort } from "@/lib/format/dates";
import { InfiniteList } from "@/components/content/infinite-list";
import { SignInNotice } from "@/components/content/sign-in-notice";
import { PendingCreates } from "@/components/content/pending-creates";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { EventCard } from "./event-card";
import { CalendarFeed } from "./calendar-feed";

/** Any public list of events (upcoming, by place, community, tag, organiser). */
export function EventList({
  filters,
  label,
  empty,
  emptyHint,
  limit,
  more = false,
}: {
  filters: EventFilters;
  label: string;
  empty: string;
  emptyHint?: string;
  /** A home section: this many, no further pages. */
  limit?: number;
  /** With a limit: pages of that size from a 'Cargar más' button (home sections). */
  more?: boolean;
}) {
  const query = useInfiniteQuery(eventQueries.listQuery(filters, limit));
  return (
    <InfiniteList<Event>
      query={query}
      label={label}
      empty={empty}
      emptyHint={emptyHint}
      paginate={limit === undefined || more}
      autoLoad={limit === undefined}
      skeletons={limit ? Math.min(limit, 3) : 3}
      renderItem={(e) => <EventCard event={e} />}
    />
  );
}

export function MyEvents() {
  const signedIn = useAtomValue(isSignedInAtom);
  const [when, setWhen] = useState<"upcoming" | "past">("upcoming");
  const query = useInfiniteQuery({ ...eventQueries.mineQuery(when), enabled: signedIn });
  return (
    <>
      <PageHeader title="Mis eventos" actions={<ButtonLink href="/events/create/">Crear evento</ButtonLink>} />
      {!signedIn ? (
        <SignInNotice what="ver tus eventos" />
      ) : (
        <>
          <PendingCreates kind="events" label="Eventos por publicar" describe={(p) => `${String(p.title ?? "Evento")}${typeof p.startsAt === "string" ? ` · ${formatEventWhenShort({ startsAt: p.startsAt })}` : ""}`} />
          <div className="actions" role="group" aria-label="Periodo" style={{ marginBottom: "1rem" }}>
            <button type="button" className={`button ${when === "upcoming" ? "button--primary" : "button--ghost"}`} aria-pressed={when === "upcoming"} onClick={() => setWhen("upcoming")}>
              Próximos
            </button>
            <button type="button" className={`button ${when === "past" ? "button--primary" : "button--ghost"}`} aria-pressed={when === "past"} onClick={() => setWhen("past")}>
              Pasados
            </button>
          </div>
          <InfiniteList<Event>
            query={query}
            label="Mis eventos"
            empty={when === "upcoming" ? "No tienes eventos próximos." : "No tienes eventos pasados."}
            emptyHint="Publica tu primer evento y aparecerá aquí."
            renderItem={(e) => <EventCard event={e} />}
          />
        </>
      )}
    </>
  );
}

export function FollowingEvents() {
  const signedIn = useAtomValue(isSignedInAtom);
  const query = useInfiniteQuery({ ...eventQueries.followingQuery(), enabled: signedIn });
  return (
    <>
      <PageHeader title="Eventos que sigo" />
      {!signedIn ? (
        <SignInNotice what="ver los eventos que sigues" />
      ) : (
        <>
        <CalendarFeed />
        <InfiniteList<Event>
          query={query}
          label="Eventos que sigo"
          empty="Aún no sigues eventos."
          emptyHint="Toca «Seguir» en un evento para enterarte de sus cambios."
          renderItem={(e) => <EventCard event={e} />}
        />
        </>
      )}
    </>
  );
}
