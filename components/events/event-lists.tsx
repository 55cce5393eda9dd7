"use client";

import { useState } from "react";
import { eventQueries, type EventFilters } from "@/lib/api/events";
import type { Event } from "@/lib/schemas/events";
import { formatEventWhenShort } from "@/lib/format/dates";
import { PersonalListPage, PublicList } from "@/components/content/list-pages";
import { EventCard } from "./event-card";

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
      kind="events"
      list="mine"
      options={eventQueries.mineQuery(when)}
      pending={(p) => `${String(p.title ?? "Evento")}${typeof p.startsAt === "string" ? ` · ${formatEventWhenShort({ startsAt: p.startsAt })}` : ""}`}
      before={
        <>
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
      empty={when === "past" ? "No tienes eventos pasados." : undefined}
      renderItem={card}
    />
  );
}
