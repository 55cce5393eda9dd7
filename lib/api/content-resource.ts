import { queryOptions, type QueryClient, type QueryKey } from "@tanstack/react-query";
import type { ModerationPayload } from "@/lib/schemas/content";
import { apiItemPath } from "@/lib/paths";
import { apiDelete, apiGet, apiPost, apiPut, type SearchParams } from "./client";
import { CONTENT_STALE_TIME_MS, PAGE_SIZE, createMutationDefaults, findInValue, followMutationDefaults, type Followable, type FollowKind } from "./content";
import type { UploadProgress } from "./upload";
import { pagedQueryOptions } from "./pages";
import { searchQueries } from "./search";

// One client module per content kind, made here: the calls, the query keys and options, and the
// persisted mutations (follow, create) every kind has. Each kind's file (news.ts, places.ts, …)
// adds only what is special to it (event scopes and feeds, the place picker, members).

function fetchItem<T>(kind: FollowKind, id: string, signal?: AbortSignal): Promise<T> {
  return apiGet<T>(apiItemPath(kind, id), { cache: false, signal });
}

const detailKey = <K extends FollowKind>(kind: K, id: string) => [kind, "detail", id] as const;

/** An item page's query, the same for every kind (also for a link that knows only the kind: ItemLink). */
export function detailQueryOf<T>(kind: FollowKind, id: string) {
  return queryOptions({ queryKey: detailKey(kind, id), queryFn: ({ signal }) => fetchItem<T>(kind, id, signal), staleTime: CONTENT_STALE_TIME_MS });
}

/** An infinite content list: the content stale time and page size. */
export function listOptions<T>(queryKey: QueryKey, path: string, params: SearchParams = {}) {
  return pagedQueryOptions<T>(queryKey, path, { params, limit: typeof params.limit === "number" ? params.limit : PAGE_SIZE, staleTime: CONTENT_STALE_TIME_MS });
}

/**
 * `T` is an item as its page reads it (`GET /<kind>/{id}`); `ListItem` is the same item as its
 * lists return it, without the long texts only the page shows (lib/schemas/<kind>.ts).
 */
export function contentResource<T extends ListItem, ListItem extends { _id: string }, Filters extends object, Payload, Update = Partial<Payload>>(
  kind: FollowKind,
  {
    followInvalidates = [],
    storeInvalidates = [],
  }: {
    /** Other caches a follow changes (e.g. events-for-you follows places and communities). */
    followInvalidates?: QueryKey[];
    /** Other caches a create or an edit changes. */
    storeInvalidates?: QueryKey[];
  } = {},
) {
  const base = `/${kind}`;
  const itemPath = (id: string) => apiItemPath(kind, id);
  const fetchOne = (id: string, signal?: AbortSignal) => fetchItem<T>(kind, id, signal);

  const keys = {
    all: () => [kind] as const,
    lists: () => [kind, "list"] as const,
    list: (filters: Filters) => [kind, "list", "public", filters] as const,
    mine: () => [kind, "list", "mine"] as const,
    following: () => [kind, "list", "following"] as const,
    detail: (id: string) => detailKey(kind, id),
  };

  const queries = {
    ...keys,
    listQuery: (filters: Filters, limit?: number) => listOptions<ListItem>([...keys.list(filters), limit ?? PAGE_SIZE], base, { ...(filters as SearchParams), limit }),
    mineQuery: () => listOptions<ListItem>(keys.mine(), `${base}/mine`),
    followingQuery: () => listOptions<ListItem>(keys.following(), `${base}/following`),
    detailQuery: (id: string) => detailQueryOf<T>(kind, id),
  };

  return {
    queries,
    fetch: fetchOne,
    update: (id: string, payload: Update) => apiPut<T>(itemPath(id), payload),
    remove: (id: string, params: SearchParams = {}) => apiDelete(itemPath(id), { searchParams: params }),
    moderate: (id: string, payload: ModerationPayload) => apiPost<T>(`${itemPath(id)}/moderate`, payload),
    // The upload helper is loaded when a form first sends a picture (one chunk, while the form's
    // progress bar already shows), not with every page that lists this kind.
    uploadImage: async (id: string, file: File, progress?: UploadProgress) => (await import("./upload")).uploadForm<T>(`${itemPath(id)}/image`, file, progress),
    followMutationDefaults: followMutationDefaults(kind, followInvalidates),
    createMutationDefaults: createMutationDefaults<T, Payload>(kind, storeInvalidates),
    /**
     * The item as a list in the cache has it (a card just tapped), to draw its page's title and
     * cover while the page's own answer is on its way; undefined when no list holds it.
     */
    listed: (queryClient: QueryClient, id: string): ListItem | undefined => {
      // Lists, eventos para ti and search results (their items of this kind); not the item pages
      // themselves. The newest copy: a list restored from the device may be a day old.
      const cache = queryClient.getQueryCache();
      const sources = [
        ...cache.findAll({ queryKey: keys.all() }).filter((query) => query.queryKey[1] !== "detail").map((query) => ({ query, data: query.state.data })),
        ...cache.findAll({ queryKey: searchQueries.all() }).map((query) => ({ query, data: (query.state.data as Partial<Record<string, unknown>> | undefined)?.[kind] })),
      ].sort((a, b) => b.query.state.dataUpdatedAt - a.query.state.dataUpdatedAt);
      for (const { data } of sources) {
        const found = data === undefined ? undefined : findInValue<ListItem & Followable>(data, id);
        if (found) return found;
      }
      return undefined;
    },
    /** After an edit: the new copy everywhere it is shown. */
    store: (queryClient: QueryClient, item: T) => {
      queryClient.setQueryData(keys.detail(item._id), item);
      void queryClient.invalidateQueries({ queryKey: keys.lists() });
      for (const key of storeInvalidates) void queryClient.invalidateQueries({ queryKey: key });
    },
  };
}

