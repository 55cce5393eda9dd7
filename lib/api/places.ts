import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { Place, PlaceCategory, PlaceListItem, PlacePayload, PlaceSummary, PlaceUpdatePayload } from "@/lib/schemas/places";
import { CONTENT_STALE_TIME_MS, namedIn } from "./content";
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
/**
 * The place as the app already has it, for its page's title, kind and cover before its answer
 * arrives: as a cached list has it, else as a cached event names it (an event's page links to it;
 * any cached copy of an event serves). An event's naming does not say whether the place is hidden.
 */
export const listedPlace = (queryClient: QueryClient, id: string): PlaceListItem | PlaceSummary | undefined =>
  places.listed(queryClient, id) ?? namedIn<PlaceSummary>(queryClient, [eventQueries.all()], "place", "coverImage", id);
export const followPlaceMutationDefaults = places.followMutationDefaults;
export const createPlaceMutationDefaults = places.createMutationDefaults;

export function deletePlace(id: string, reason?: string): Promise<unknown> {
  return places.remove(id, { reason: reason || undefined });
}
