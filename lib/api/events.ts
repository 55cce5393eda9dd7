import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { Event, EventPayload, EventUpdatePayload, EventWhen, FOR_YOU_REASONS } from "@/lib/schemas/events";
import type { ModerationPayload } from "@/lib/schemas/content";
import type { CalendarFeed } from "@/lib/schemas/calendar";
import { apiBaseUrl } from "@/lib/config";
import { apiDelete, apiGet, apiPost, apiPut, type SearchParams } from "./client";
import {
  CONTENT_STALE_TIME_MS,
  PAGE_SIZE,
  createMutationDefaults,
  followMutationDefaults,
  listOptions,
  type CreateVariables,
} from "./content";
import { uploadForm, type UploadProgress } from "./upload";

// The events resource: lists (upcoming, today, this weekend, by place, community, tag or
// organiser), mine, following, "eventos para ti", detail, create/edit/delete, follow,
// moderation, the .ics file and the cover image.

export type ForYouEvent = Event & { reasons: (typeof FOR_YOU_REASONS)[number][] };

export interface EventFilters {
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

function filterParams(filters: EventFilters): SearchParams {
  return { ...filters };
}

export function fetchEvent(id: string, signal?: AbortSignal): Promise<Event> {
  return apiGet<Event>(`/events/${encodeURIComponent(id)}`, { cache: false, signal });
}

export function fetchEventsForYou(signal?: AbortSignal): Promise<{ items: ForYouEvent[]; nextCursor: null }> {
  return apiGet(`/events/for-you`, { searchParams: { limit: 12 }, cache: false, signal });
}

export function updateEvent(id: string, payload: EventUpdatePayload): Promise<Event> {
  return apiPut<Event>(`/events/${encodeURIComponent(id)}`, payload);
}

export function deleteEvent(id: string, options: { reason?: string; scope?: "occurrence" | "following" } = {}): Promise<unknown> {
  return apiDelete(`/events/${encodeURIComponent(id)}`, { searchParams: { reason: options.reason || undefined, scope: options.scope } });
}

export function moderateEvent(id: string, payload: ModerationPayload): Promise<Event> {
  return apiPost<Event>(`/events/${encodeURIComponent(id)}/moderate`, payload);
}

export function uploadEventImage(id: string, file: File, progress?: UploadProgress): Promise<Event> {
  return uploadForm<Event>(`/events/${encodeURIComponent(id)}/image`, file, progress);
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
  all: () => ["events"] as const,
  lists: () => [...eventQueries.all(), "list"] as const,
  list: (filters: EventFilters) => [...eventQueries.lists(), "public", filters] as const,
  mine: (when: "upcoming" | "past") => [...eventQueries.lists(), "mine", when] as const,
  following: () => [...eventQueries.lists(), "following"] as const,
  forYou: () => [...eventQueries.all(), "for-you"] as const,
  detail: (id: string) => [...eventQueries.all(), "detail", id] as const,

  listQuery: (filters: EventFilters, limit?: number) =>
    listOptions<Event>([...eventQueries.list(filters), limit ?? PAGE_SIZE], "/events", { ...filterParams(filters), limit }),
  mineQuery: (when: "upcoming" | "past") => listOptions<Event>(eventQueries.mine(when), "/events/mine", { when }),
  followingQuery: () => listOptions<Event>(eventQueries.following(), "/events/following"),
  forYouQuery: () =>
    queryOptions({
      queryKey: eventQueries.forYou(),
      queryFn: ({ signal }) => fetchEventsForYou(signal),
      staleTime: CONTENT_STALE_TIME_MS,
    }),
  detailQuery: (id: string) =>
    queryOptions({
      queryKey: eventQueries.detail(id),
      queryFn: ({ signal }) => fetchEvent(id, signal),
      staleTime: CONTENT_STALE_TIME_MS,
    }),
};

export const followEventMutationDefaults = followMutationDefaults("events", [eventQueries.forYou()]);
export const createEventMutationDefaults = createMutationDefaults<Event, EventPayload>("events", [eventQueries.forYou()]);
export type CreateEventVariables = CreateVariables<EventPayload>;

/** After an edit: the new copy everywhere it is shown. */
export function storeEvent(queryClient: QueryClient, event: Event): void {
  queryClient.setQueryData(eventQueries.detail(event._id), event);
  void queryClient.invalidateQueries({ queryKey: eventQueries.lists() });
  void queryClient.invalidateQueries({ queryKey: eventQueries.forYou() });
}

/** The personal calendar feed of followed events (created on first request). */
export function fetchCalendarFeed(signal?: AbortSignal): Promise<CalendarFeed> {
  return apiGet<CalendarFeed>("/calendar/feed-url", { cache: false, signal });
}

/** A new feed URL; the old one stops working. */
export function rotateCalendarFeed(): Promise<CalendarFeed> {
  return apiPost<CalendarFeed>("/calendar/feed-url/rotate");
}

export const calendarFeedKey = () => [...eventQueries.all(), "calendar-feed"] as const;
