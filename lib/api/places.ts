import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { Place, PlaceCategory, PlacePayload, PlaceUpdatePayload } from "@/lib/schemas/places";
import type { ModerationPayload } from "@/lib/schemas/content";
import { apiDelete, apiGet, apiPost, apiPut } from "./client";
import { CONTENT_STALE_TIME_MS, PAGE_SIZE, createMutationDefaults, followMutationDefaults, listOptions } from "./content";
import { uploadForm, type UploadProgress } from "./upload";

// The places resource: venues with address, hours, contact and their events.

export interface PlaceFilters {
  category?: PlaceCategory;
  featured?: boolean;
  visibility?: "visible" | "hidden" | "all";
}

export function fetchPlace(id: string, signal?: AbortSignal): Promise<Place> {
  return apiGet<Place>(`/places/${encodeURIComponent(id)}`, { cache: false, signal });
}

export function updatePlace(id: string, payload: PlaceUpdatePayload): Promise<Place> {
  return apiPut<Place>(`/places/${encodeURIComponent(id)}`, payload);
}

export function deletePlace(id: string, reason?: string): Promise<unknown> {
  return apiDelete(`/places/${encodeURIComponent(id)}`, { searchParams: { reason: reason || undefined } });
}

export function moderatePlace(id: string, payload: ModerationPayload): Promise<Place> {
  return apiPost<Place>(`/places/${encodeURIComponent(id)}/moderate`, payload);
}

export function uploadPlaceImage(id: string, file: File, progress?: UploadProgress): Promise<Place> {
  return uploadForm<Place>(`/places/${encodeURIComponent(id)}/image`, file, progress);
}

export const placeQueries = {
  all: () => ["places"] as const,
  lists: () => [...placeQueries.all(), "list"] as const,
  list: (filters: PlaceFilters) => [...placeQueries.lists(), "public", filters] as const,
  mine: () => [...placeQueries.lists(), "mine"] as const,
  following: () => [...placeQueries.lists(), "following"] as const,
  /** Every place, for the place picker of the event form. */
  options: () => [...placeQueries.all(), "options"] as const,
  detail: (id: string) => [...placeQueries.all(), "detail", id] as const,

  listQuery: (filters: PlaceFilters, limit?: number) => listOptions<Place>([...placeQueries.list(filters), limit ?? PAGE_SIZE], "/places", { ...filters, limit }),
  mineQuery: () => listOptions<Place>(placeQueries.mine(), "/places/mine"),
  followingQuery: () => listOptions<Place>(placeQueries.following(), "/places/following"),
  optionsQuery: () =>
    queryOptions({
      queryKey: placeQueries.options(),
      queryFn: async ({ signal }) => {
        // The picker needs them all; a city has hundreds, not millions, of venues.
        const all: Place[] = [];
        let cursor: string | undefined;
        for (let i = 0; i < 20; i++) {
          const page = await apiGet<{ items: Place[]; nextCursor: string | null }>("/places", {
            searchParams: { limit: 50, cursor },
            cache: false,
            signal,
          });
          all.push(...page.items);
          if (!page.nextCursor) break;
          cursor = page.nextCursor;
        }
        return all;
      },
      staleTime: CONTENT_STALE_TIME_MS,
    }),
  detailQuery: (id: string) =>
    queryOptions({ queryKey: placeQueries.detail(id), queryFn: ({ signal }) => fetchPlace(id, signal), staleTime: CONTENT_STALE_TIME_MS }),
};

export const followPlaceMutationDefaults = followMutationDefaults("places", [["events", "for-you"]]);
export const createPlaceMutationDefaults = createMutationDefaults<Place, PlacePayload>("places", [placeQueries.options()]);

export function storePlace(queryClient: QueryClient, place: Place): void {
  queryClient.setQueryData(placeQueries.detail(place._id), place);
  void queryClient.invalidateQueries({ queryKey: placeQueries.lists() });
  void queryClient.invalidateQueries({ queryKey: placeQueries.options() });
}
