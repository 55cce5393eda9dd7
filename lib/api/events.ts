import { queryOptions } from "@tanstack/react-query";
import type { Event, EventListItem, EventPayload, EventUpdatePayload, EventWhen } from "@/lib/schemas/events";
import type { FOR_YOU_REASONS } from "@/lib/schemas/event-queries";
import type { CalendarFeed } from "@/lib/schemas/calendar";
import type { DiscoveryApiQuery } from "@/lib/schemas/discovery";
import { apiBaseUrl } from "@/lib/config";
import { apiGet, apiPost } from "./client";
import { CONTENT_STALE_TIME_MS, type CreateVariables } from "./content";
import { contentResource, listOptions } from "./content-resource";

// The events resource: lists (upcoming, today, this weekend, by place, community, tag or
// organiser), mine, following, "eventos para ti", detail, create/edit/delete, follow,
// moderation, the .ics file and the cover image.

export type ForYouEvent = EventListItem & { reasons: (typeof FOR_YOU_REASONS)[number][] };

export interface EventFilters extends Omit<DiscoveryApiQuery, "when"> {
  when?: EventWhen;
  placeId?: string;
  communityId?: string;
  organizerId?: string;
  tag?: string;
  featured?: boolean;
  free?: boolean;
  /** Admin panel only: `hidden` or `all` (403 for anyone else). */
  visibility?: "visible" | "hidden" | "all";
}

const events = contentResource<Event, EventListItem, EventFilters, EventPayload, EventUpdatePayload>("events", {
  followInvalidates: [["events", "for-you"]],
  storeInvalidates: [["events", "for-you"]],
});

export const fetchEvent = events.fetch;
export const updateEvent = events.update;
export const moderateEvent = events.moderate;
export const uploadEventImage = events.uploadImage;
/** After an edit: the new copy everywhere it is shown. */
export const storeEvent = events.store;
/** The event as a cached list has it, for its page's title and cover before its answer arrives. */
export const listedEvent = events.listed;
export const followEventMutationDefaults = events.followMutationDefaults;
export const createEventMutationDefaults = events.createMutationDefaults;
export type CreateEventVariables = CreateVariables<EventPayload>;

/** How many suggestions "Eventos para ti" asks for (one page, ranked). */
export const FOR_YOU_LIMIT = 12;

export function fetchEventsForYou(signal?: AbortSignal): Promise<{ items: ForYouEvent[]; nextCursor: null }> {
  return apiGet(`/events/for-you`, { searchParams: { limit: FOR_YOU_LIMIT }, cache: false, signal });
}

export function deleteEvent(id: string, options: { reason?: string; scope?: "occurrence" | "following" } = {}): Promise<unknown> {
  return events.remove(id, { reason: options.reason || undefined, scope: options.scope });
}

/** The event as an iCalendar file (RFC 5545), served by the API. */
export function eventIcsUrl(id: string): string {
  return `${apiBaseUrl}/events/${encodeURIComponent(id)}.ics`;
}

/**
 * Query keys and options of the events resource; no raw events key is written elsewhere.
 * The key builders (`lists`, `forYou`, `detail`) are plain arrays so cache edits and the logout
 * (which forgets events-for-you) can address them; `*Query` builders give full options.
 */
export const eventQueries = {
  ...events.queries,
  /** Mine is split by time: what is coming and what is over. */
  mine: (when: "upcoming" | "past") => [...events.queries.mine(), when] as const,
  mineQuery: (when: "upcoming" | "past") => listOptions<EventListItem>(eventQueries.mine(when), "/events/mine", { when }),
  forYou: () => ["events", "for-you"] as const,
  forYouQuery: () =>
    queryOptions({
      queryKey: eventQueries.forYou(),
      queryFn: ({ signal }) => fetchEventsForYou(signal),
      staleTime: CONTENT_STALE_TIME_MS,
    }),
};

/** The personal calendar feed of followed events (created on first request). */
export function fetchCalendarFeed(signal?: AbortSignal): Promise<CalendarFeed> {
  return apiGet<CalendarFeed>("/calendar/feed-url", { cache: false, signal });
}

/** A new feed URL; the old one stops working. */
export function rotateCalendarFeed(): Promise<CalendarFeed> {
  return apiPost<CalendarFeed>("/calendar/feed-url/rotate");
}

export const calendarFeedKey = () => [...eventQueries.all(), "calendar-feed"] as const;
