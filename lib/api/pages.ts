import { infiniteQueryOptions, type InfiniteData, type QueryKey } from "@tanstack/react-query";
import { nextPageParam, pageQuery, type Page } from "@/lib/schemas/cursor";
import { apiGet, type SearchParams } from "./client";

// Cursor-paginated lists on the client, for every resource: `GET path?…&cursor=&limit=` →
// `{ items, nextCursor }` as one infinite query. Cursors stay opaque here (lib/schemas/cursor.ts).

/** One page of a list; pages are never taken from the HTTP cache (the query cache keeps them). */
export function fetchPage<T>(path: string, params: SearchParams, cursor: string | null | undefined, limit: number, signal?: AbortSignal): Promise<Page<T>> {
  return apiGet<Page<T>>(path, { searchParams: { ...params, ...pageQuery(cursor, limit) }, cache: false, signal });
}

/** An infinite list under a stable key (so the persisted cache finds it again offline). */
export function pagedQueryOptions<T>(queryKey: QueryKey, path: string, { params = {}, limit, staleTime }: { params?: SearchParams; limit: number; staleTime: number }) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage<T>(path, params, pageParam, limit, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Page<T>) => nextPageParam(last),
    staleTime,
  });
}

/** Every item of a list, following the cursors (at most `maxPages` pages). */
export async function fetchAllPages<T>(path: string, limit: number, maxPages: number, signal?: AbortSignal): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < maxPages; i++) {
    const page = await fetchPage<T>(path, {}, cursor, limit, signal);
    all.push(...page.items);
    cursor = nextPageParam(page);
    if (!cursor) break;
  }
  return all;
}

/** Every item of an infinite list, in order, without repeats. */
export function flattenPages<T extends { _id: string }>(data: InfiniteData<Page<T>> | undefined): T[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: T[] = [];
  for (const page of data.pages) {
    for (const item of page.items) {
      if (seen.has(item._id)) continue;
      seen.add(item._id);
      out.push(item);
    }
  }
  return out;
}
