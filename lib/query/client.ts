import { QueryClient } from "@tanstack/react-query";
import {
  QUERY_GC_TIME_MS,
  QUERY_REFETCH_ON_WINDOW_FOCUS,
  QUERY_RETRY,
  QUERY_STALE_TIME_MS,
} from "./constants";
import { registerMutationDefaults } from "./mutation-defaults";

export function createQueryClient(): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_GC_TIME_MS,
        staleTime: QUERY_STALE_TIME_MS,
        retry: QUERY_RETRY,
        refetchOnWindowFocus: QUERY_REFETCH_ON_WINDOW_FOCUS,
      },
      mutations: { retry: QUERY_RETRY, gcTime: QUERY_GC_TIME_MS },
    },
  });
  registerMutationDefaults(queryClient);
  return queryClient;
}

let browserQueryClient: QueryClient | undefined;

/**
 * One client per browser tab (modules outside React, like logout, need the same instance);
 * a fresh one per prerender so nothing leaks between exported pages.
 */
export function getQueryClient(): QueryClient {
  if (typeof window === "undefined") return createQueryClient();
  browserQueryClient ??= createQueryClient();
  return browserQueryClient;
}

let resolveRestored: () => void = () => {};
/**
 * Settles once the persisted cache has been restored (or found missing/broken). Code that edits
 * the cache at startup waits for it, or the restore would bring back what it just removed.
 */
export const cacheRestored: Promise<void> = new Promise<void>((resolve) => {
  resolveRestored = resolve;
});
export function markCacheRestored(): void {
  resolveRestored();
}
