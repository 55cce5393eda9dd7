import { queryOptions } from "@tanstack/react-query";
import type { InitialData, SignUpPayload, User } from "@/lib/schemas/users";
import { MY_DATA_CACHE_MS } from "@/lib/query/constants";
import { apiGet, apiPost } from "./client";

export function fetchInitialData(): Promise<InitialData> {
  // Decides whether a banned user is forced out, so it never comes from a cache.
  return apiGet<InitialData>("/users/initial-data", { cache: false });
}

export function fetchMyData(signal?: AbortSignal): Promise<User> {
  return apiGet<User>("/users/my-data", { cache: MY_DATA_CACHE_MS, signal });
}

export function signUp(payload: SignUpPayload): Promise<User> {
  return apiPost<User>("/users/sign-up", payload);
}

/** Query keys and options of the users resource; no raw users key is written elsewhere. */
export const userQueries = {
  all: () => ["users"] as const,
  myDataKey: () => [...userQueries.all(), "my-data"] as const,
  /** The signed-in user's data; `initial` (e.g. from initial-data) seeds it without a fetch. */
  myData: (initial?: User | null) =>
    queryOptions({
      queryKey: userQueries.myDataKey(),
      queryFn: ({ signal }) => fetchMyData(signal),
      staleTime: MY_DATA_CACHE_MS,
      gcTime: MY_DATA_CACHE_MS,
      initialData: initial ?? undefined,
    }),
};
