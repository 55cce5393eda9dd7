import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { Place, PlaceCategory, PlaceListItem, PlacePayload, PlaceSummary, PlaceUpdatePayload } from "@/lib/schemas/places";
import { CONTENT_STALE_TIME_MS } from "./content";
import { contentResource } from "./content-resource";
import { eventQueries } from "./events";
import { fetchAllPages } from "./pages";

// The places resource: venues with address, hours, contact and their events; plus every place
// at once for the place picker of the event form.

export interface PlaceFilters {
  category?: PlaceCategory;
  featured?: boolean;
  visibility?: "visible" | "hidden" | "all";
}

/** Every place, for the place picker of the event form. */
const optionsKey = () => ["places", "options"] as const;

const places = contentResource<Place, PlaceListItem, PlaceFilters, PlacePayload, PlaceUpdatePayload>("places", {
  followInvalidates: [["events", "for-you"]],
  storeInvalidates: [optionsKey()],
});

export const placeQueries = {
  ...places.queries,
  options: optionsKey,
  optionsQuery: () =>
    queryOptions({
      queryKey: optionsKey(),
      // The picker needs them all; a city has hundreds, not millions, of venues.
      queryFn: ({ signal }) => fetchAllPages<PlaceListItem>("/places", 50, 20, signal),
      staleTime: CONTENT_STALE_TIME_MS,
    }),
};

export const fetchPlace = places.fetch;
export const updatePlace = places.update;
export const moderatePlace = places.moderate;
export const uploadPlaceImage = places.uploadImage;
export const storePlace = places.store;
/** The place as a cached list has it, for its page's title and cover before its answer arrives. */
export const listedPlace = places.listed;
export const followPlaceMutationDefaults = places.followMutationDefaults;
export const createPlaceMutationDefaults = places.createMutationDefaults;

/**
 * The place as a cached event names it (the link on an event's page, a card's place line), for its
 * page's title, kind and cover before its answer arrives when no list of places holds it. The
 * newest copy first; none from a copy saved before events carried their place's cover.
 */
export function placeNamedByAnEvent(queryClient: QueryClient, id: string): PlaceSummary | undefined {
  const queries = queryClient.getQueryCache().findAll({ queryKey: eventQueries.all() });
  for (const query of queries.sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)) {
    const found = placeIn(query.state.data, id);
    if (found) return found;
  }
  return undefined;
}

/** Walks a cached value (an event, a page of events, pages of them) for place `id`'s summary. */
function placeIn(value: unknown, id: string): PlaceSummary | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const place = (value as { place?: Partial<PlaceSummary> | null }).place;
  if (place?._id === id && place.coverImage !== undefined) return place as PlaceSummary;
  for (const inner of Array.isArray(value) ? value : Object.values(value)) {
    const found = placeIn(inner, id);
    if (found) return found;
  }
  return undefined;
}

export function deletePlace(id: string, reason?: string): Promise<unknown> {
  return places.remove(id, { reason: reason || undefined });
}
