"use client";

import { eventQueries, type EventFilters } from "@/lib/api/events";
import type { EventListItem } from "@/lib/schemas/events";
import { PublicList } from "@/components/content/public-list";
import { EventCard } from "./event-card";

export const eventCard = (e: EventListItem) => <EventCard event={e} />;

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
  /** A section of a page: this many, no further pages. */
  limit?: number;
  /** With a limit: pages of that size from a 'Cargar más' button (sections with more below). */
  more?: boolean;
}) {
  return <PublicList<EventListItem> options={eventQueries.listQuery(filters, limit)} limit={limit} more={more} label={label} empty={empty} emptyHint={emptyHint} renderItem={eventCard} />;
}
