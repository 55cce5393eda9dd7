"use client";

import { useState } from "react";
import { eventQueries, type EventFilters } from "@/lib/api/events";
import type { Event } from "@/lib/schemas/events";
import { formatEventWhenShort } from "@/lib/format/dates";
import { PersonalListPage, PublicList } from "@/components/content/list-pages";
import { PendingCreates } from "@/components/content/pending-creates";
import { ButtonLink } from "@/components/ui/button";
import { EventCard } from "./event-card";
import { CalendarFeed } from "./calendar-feed";

const card = (e: Event) => <EventCard event={e} />;

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
  return <PublicList<Event> options={eventQueries.listQuery(filters, limit)} limit={limit} more={more} label={label} empty={empty} emptyHint={emptyHint} renderItem={card} />;
}

export function MyEvents() {
  const [when, setWhen] = useState<"upcoming" | "past">("upcoming");
  return (
    <PersonalListPage<Event>
      title="Mis eventos"
      actions={<ButtonLink href="/events/create/">Crear evento</ButtonLink>}
      options={eventQueries.mineQuery(when)}
      signInTo="ver tus eventos"
      before={
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
        </>
      }
      label="Mis eventos"
      empty={when === "upcoming" ? "No tienes eventos próximos." : "No tienes eventos pasados."}
      emptyHint="Publica tu primer evento y aparecerá aquí."
      renderItem={card}
    />
  );
}

export function FollowingEvents() {
  return (
    <PersonalListPage<Event>
      title="Eventos que sigo"
      options={eventQueries.followingQuery()}
      signInTo="ver los eventos que sigues"
      before={<CalendarFeed />}
      label="Eventos que sigo"
      empty="Aún no sigues eventos."
      emptyHint="Toca «Seguir» en un evento para enterarte de sus cambios."
      renderItem={card}
    />
  );
}
