import type { MutationOptions, QueryClient, QueryKey } from "@tanstack/react-query";
import type { FollowResult } from "@/lib/schemas/content";
import type { User } from "@/lib/schemas/users";
import { apiGet, apiPost } from "./client";
import { userQueries } from "./users";

// What the content resources (events, places, news, communities) share: cursor-paginated
// lists as infinite queries, follow/unfollow as an offline-persisted optimistic mutation, and
// creates that carry an Idempotency-Key generated once and persisted with the mutation.

/**
 * Content changes under people's feet (someone publishes, an admin hides): cached copies show
 * at once, also offline, and are revalidated after a minute instead of the default 15.
 */
export const CONTENT_STALE_TIME_MS = 60_000;
export const PAGE_SIZE = 20;

/** The caches whose answers depend on who reads them (following, canEdit, myRole). */
const VIEWER_DEPENDENT_ROOTS = [["events"], ["places"], ["news"], ["communities"], ["search"]] as const;

/**
 * Marks every cached content answer stale. `"active"` asks again at once for those on screen (the
 * reader changed); `"none"` leaves each to be asked for once, when a page shows it.
 */
export function invalidateContent(queryClient: QueryClient, refetchType: "active" | "none"): void {
  for (const queryKey of VIEWER_DEPENDENT_ROOTS) void queryClient.invalidateQueries({ queryKey: [...queryKey], refetchType });
}

export type FollowKind = "events" | "places" | "news" | "communities";

// Forms and lists import it from here too.
export { flattenPages } from "./pages";

type Snapshot = [QueryKey, unknown][];

export interface Followable {
  _id: string;
  following?: boolean;
  followersCount?: number;
}

function isItem(value: unknown): value is Followable {
  return typeof value === "object" && value !== null && "_id" in value && typeof (value as { _id: unknown })._id === "string";
}

/**
 * Item `id` as other cached items name it in their `field` (an event's `place`, a news item's
 * `community`), for its page's header before its own answer arrives: the newest copy among the
 * caches under `roots`. A copy saved before summaries carried `needs` (the picture the header
 * draws) is passed over.
 */
export function namedIn<S extends { _id: string }>(queryClient: QueryClient, roots: QueryKey[], field: string, needs: keyof S & string, id: string): S | undefined {
  const queries = roots.flatMap((queryKey) => queryClient.getQueryCache().findAll({ queryKey }));
  for (const query of queries.sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)) {
    const found = summaryIn<S>(query.state.data, field, needs, id);
    if (found) return found;
  }
  return undefined;
}

function summaryIn<S>(value: unknown, field: string, needs: string, id: string): S | undefined {
  if (Array.isArray(value)) {
    for (const inner of value) {
      const found = summaryIn<S>(inner, field, needs, id);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const named = record[field];
  if (isItem(named) && named._id === id && needs in named) return named as S;
  // Into what holds cached items (a page's items, an infinite list's pages), not their fields.
  return summaryIn<S>(record.items, field, needs, id) ?? summaryIn<S>(record.pages, field, needs, id);
}

/** Item `id` as a cached value holds it (item, array, page, pages), the first one found. */
export function findInValue<T extends Followable>(value: unknown, id: string): T | undefined {
  let found: T | undefined;
  // The edit that changes nothing: editInValue then walks without copying anything.
  editInValue<T>(value, id, (item) => {
    found ??= item;
    return item;
  });
  return found;
}

/** Applies `edit` to item `id` wherever it sits in a cached value (item, array, page, pages). */
export function editInValue<T extends Followable>(value: unknown, id: string, edit: (item: T) => T): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((v) => {
      const e = editInValue(v, id, edit);
      if (e !== v) changed = true;
      return e;
    });
    return changed ? next : value;
  }
  if (typeof value !== "object" || value === null) return value;
  if (isItem(value) && value._id === id && ("followersCount" in value || "following" in value)) return edit(value as T);
  const record = value as Record<string, unknown>;
  let changed = false;
  const next: Record<string, unknown> = {};
  // Pages ({items}), infinite data ({pages}), search results ({events, places, …}).
  for (const key of ["items", "pages", "events", "places", "news", "communities"]) {
    if (key in record && Array.isArray(record[key])) {
      const e = editInValue(record[key], id, edit);
      if (e !== record[key]) {
        changed = true;
        next[key] = e;
      }
    }
  }
  return changed ? { ...record, ...next } : value;
}

/** Edits every cached copy of an item under the given roots; returns what it replaced. */
export function updateCachedItem<T extends Followable>(
  queryClient: QueryClient,
  roots: QueryKey[],
  id: string,
  edit: (item: T) => T,
): Snapshot {
  const snapshot: Snapshot = [];
  for (const root of roots) {
    for (const [queryKey, data] of queryClient.getQueriesData({ queryKey: root })) {
      if (data === undefined) continue;
      const next = editInValue<T>(data, id, edit);
      if (next !== data) {
        snapshot.push([queryKey, data]);
        queryClient.setQueryData(queryKey, next);
      }
    }
  }
  return snapshot;
}

export function restoreSnapshot(queryClient: QueryClient, snapshot: Snapshot | undefined): void {
  for (const [queryKey, data] of [...(snapshot ?? [])].reverse()) queryClient.setQueryData(queryKey, data);
}

export function withFollow<T extends Followable>(item: T, follow: boolean): T {
  if (item.following === follow) return item;
  const count = typeof item.followersCount === "number" ? Math.max(0, item.followersCount + (follow ? 1 : -1)) : item.followersCount;
  return { ...item, following: follow, followersCount: count };
}

export interface FollowVariables {
  id: string;
  follow: boolean;
  /** Generated once per tap and persisted with the mutation, so a replay is recognised. */
  key?: string;
}

/** `POST /<kind>/{id}/follow` (`?unfollow=true`): idempotent on the server. */
export function followContent(kind: FollowKind, { id, follow }: FollowVariables): Promise<FollowResult> {
  return apiPost<FollowResult>(`/${kind}/${encodeURIComponent(id)}/follow`, undefined, {
    searchParams: follow ? undefined : { unfollow: true },
  });
}

export const followMutationKey = (kind: FollowKind) => [kind, "follow"] as const;

interface FollowContext {
  snapshot: Snapshot;
}

/**
 * Follow/unfollow of a content item as a persisted mutation (registered with
 * setMutationDefaults, so one made offline survives a reload and goes out once online). The
 * button and the count change at once and roll back if the server refuses.
 */
export function followMutationDefaults(
  kind: FollowKind,
  extraInvalidations: QueryKey[] = [],
): (queryClient: QueryClient) => MutationOptions<FollowResult, Error, FollowVariables, FollowContext> & { mutationKey: QueryKey } {
  return (queryClient) => ({
    mutationKey: followMutationKey(kind),
    mutationFn: (variables) => sendOnce(variables.key, () => followContent(kind, variables)),
    // Taps on one button go out in order.
    scope: { id: `${kind}:follow` },
    onMutate: async ({ id, follow }) => {
      await queryClient.cancelQueries({ queryKey: [kind] });
      const snapshot = updateCachedItem(queryClient, [[kind], ["search"]], id, (item) => withFollow(item, follow));
      const me = queryClient.getQueryData<User>(userQueries.myDataKey());
      if (me?.following && Array.isArray(me.following[kind])) {
        const list = me.following[kind];
        const has = list.includes(id);
        if (has !== follow) {
          snapshot.push([userQueries.myDataKey(), me]);
          queryClient.setQueryData<User>(userQueries.myDataKey(), {
            ...me,
            following: { ...me.following, [kind]: follow ? [...list, id] : list.filter((x) => x !== id) },
          });
        }
      }
      return { snapshot };
    },
    onError: (_error, _variables, context) => restoreSnapshot(queryClient, context?.snapshot),
    onSuccess: (result, { id }) => {
      // The server's count is the truth (others follow too).
      updateCachedItem(queryClient, [[kind], ["search"]], id, (item) => ({ ...item, following: result.following, followersCount: result.followersCount }));
      void queryClient.invalidateQueries({ queryKey: [kind, "list", "following"] });
      for (const key of extraInvalidations) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

const SENT_PREFIX = "plaza-sent:";
const SENT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

function readSent<R>(key: string): R | undefined {
  try {
    const raw = localStorage.getItem(SENT_PREFIX + key);
    return raw ? (JSON.parse(raw) as { result: R }).result : undefined;
  } catch {
    return undefined;
  }
}

function writeSent(key: string, result: unknown): void {
  try {
    localStorage.setItem(SENT_PREFIX + key, JSON.stringify({ at: Date.now(), result }));
    // Old marks are dropped as new ones are written.
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const name = localStorage.key(i);
      if (!name?.startsWith(SENT_PREFIX)) continue;
      const at = (JSON.parse(localStorage.getItem(name) ?? "{}") as { at?: number }).at ?? 0;
      if (Date.now() - at > SENT_TTL_MS) localStorage.removeItem(name);
    }
  } catch {
    /* storage full or unavailable: the server's idempotency still holds */
  }
}

/**
 * Runs a persisted mutation's call at most once per key. The persisted cache is written
 * asynchronously (throttled, IndexedDB), so a page closed right after a replay succeeded could
 * restore the mutation as still paused and send it again; a synchronous mark in localStorage,
 * written as the answer arrives, stops that second request (and `reuse` answers it instead).
 */
export async function sendOnce<R>(key: string | undefined, send: () => Promise<R>, reuse?: (previous: R) => Promise<R>): Promise<R> {
  if (key) {
    const previous = readSent<R>(key);
    if (previous !== undefined) return reuse ? reuse(previous) : previous;
  }
  const result = await send();
  if (key) writeSent(key, result ?? null);
  return result;
}

/** A key generated once per create and kept in its persisted variables, so a replay is the same call. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `k-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

export interface CreateVariables<P> {
  payload: P;
  idempotencyKey: string;
}

export const IDEMPOTENCY_HEADER_NAME = "Idempotency-Key";

export function createContent<T, P>(kind: FollowKind, { payload, idempotencyKey }: CreateVariables<P>): Promise<T> {
  return apiPost<T>(`/${kind}`, payload, { headers: { [IDEMPOTENCY_HEADER_NAME]: idempotencyKey } });
}

export const createMutationKey = (kind: FollowKind) => [kind, "create"] as const;

/** Create as a persisted mutation: an offline create waits and is sent once, with its key. */
export function createMutationDefaults<T extends { _id: string }, P>(
  kind: FollowKind,
  invalidate: QueryKey[] = [],
): (queryClient: QueryClient) => MutationOptions<T, Error, CreateVariables<P>> & { mutationKey: QueryKey } {
  return (queryClient) => ({
    mutationKey: createMutationKey(kind),
    mutationFn: (variables) =>
      sendOnce(
        variables.idempotencyKey,
        () => createContent<T, P>(kind, variables),
        // Already created by an earlier page: the same item, read back instead of posted again.
        (created: T) => apiGet<T>(`/${kind}/${encodeURIComponent(created._id)}`, { cache: false }),
      ),
    onSuccess: (item) => {
      queryClient.setQueryData([kind, "detail", item._id], item);
      void queryClient.invalidateQueries({ queryKey: [kind, "list"] });
      for (const key of invalidate) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
