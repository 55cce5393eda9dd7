import { queryOptions } from "@tanstack/react-query";
import type { SearchResult } from "@/lib/schemas/search";
import type { UserSummary } from "@/lib/schemas/content";
import { LOCALE } from "@/lib/schemas/constants";
import { apiGet } from "./client";
import { CONTENT_STALE_TIME_MS } from "./content";

// Search across events, places, news, communities and people.

export const SEARCH_MIN_LENGTH = 2;

export function search(q: string, signal?: AbortSignal, kind?: string, limit?: number): Promise<SearchResult> {
  return apiGet<SearchResult>("/search", { searchParams: { q, kind, limit }, signal });
}

/** People by name (adding community members). */
export function searchUsers(q: string, signal?: AbortSignal): Promise<UserSummary[]> {
  return search(q, signal, "users", 10).then((r) => r.users ?? []);
}

export const searchQueries = {
  all: () => ["search"] as const,
  results: (q: string) =>
    queryOptions({
      queryKey: [...searchQueries.all(), q.trim().toLocaleLowerCase(LOCALE)] as const,
      queryFn: ({ signal }) => search(q.trim(), signal),
      enabled: q.trim().length >= SEARCH_MIN_LENGTH,
      staleTime: CONTENT_STALE_TIME_MS,
    }),
  users: (q: string) =>
    queryOptions({
      queryKey: [...searchQueries.all(), "users", q.trim().toLocaleLowerCase(LOCALE)] as const,
      queryFn: ({ signal }) => searchUsers(q.trim(), signal),
      enabled: q.trim().length >= SEARCH_MIN_LENGTH,
    }),
};
