import { queryOptions, type MutationOptions, type QueryClient, type QueryKey } from "@tanstack/react-query";
import type { User, UserFollowResult } from "@/lib/schemas/users";
import type { PublicUser, UserSummary } from "@/lib/schemas/public-users";
import { MY_DATA_CACHE_MS } from "@/lib/query/constants";
import { apiGet, apiPost } from "./client";
import { withFollower, withFollowing } from "./user-flags";

// The users resource (docs/product.md#api-calls): fetchers, query options with their key factory,
// and the cache helpers mutations share. Components build their mutations from these. The
// person's own account (sign-up, profile edits, tokens, deletion) is in account.ts, which the
// screens that change it load.

export function fetchMyData(signal?: AbortSignal): Promise<User> {
  return apiGet<User>("/users/my-data", { cache: MY_DATA_CACHE_MS, signal });
}

export function fetchUser(id: string, signal?: AbortSignal): Promise<PublicUser> {
  // Counts and the follow state change with every follow: never from the HTTP cache.
  return apiGet<PublicUser>(`/users/${encodeURIComponent(id)}`, { cache: false, signal });
}

export function fetchFollowingUsers(signal?: AbortSignal): Promise<UserSummary[]> {
  return apiGet<UserSummary[]>("/users/following/users", { cache: false, signal });
}

export interface UserFollowVariables {
  userId: string;
  /** true to follow, false to unfollow. */
  follow: boolean;
}

export function followUser({ userId, follow }: UserFollowVariables): Promise<UserFollowResult> {
  // Idempotent on the server: replaying a follow (or an unfollow) leaves the same state.
  return apiPost<UserFollowResult>(`/users/follow/${encodeURIComponent(userId)}/user`, undefined, {
    searchParams: follow ? undefined : { unfollow: true },
  });
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
  details: () => [...userQueries.all(), "detail"] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...userQueries.details(), id] as const,
      queryFn: ({ signal }) => fetchUser(id, signal),
    }),
  followingKey: () => [...userQueries.all(), "following"] as const,
  following: () =>
    queryOptions({
      queryKey: userQueries.followingKey(),
      queryFn: ({ signal }) => fetchFollowingUsers(signal),
    }),
  /** Admin lists and queues (lib/api/admin.ts) live under this key. */
  admin: () => [...userQueries.all(), "admin"] as const,
};

/** A cached copy of a user, whichever query holds it: a profile or a row of a list. */
export type CachedUser = User | PublicUser | UserSummary;

export type Snapshot = [QueryKey, unknown][];

function isUserLike(value: unknown): value is CachedUser {
  return typeof value === "object" && value !== null && "_id" in value && "accountType" in value;
}

/** Applies `edit` to a user wherever it sits in a cached value (itself, an array, a page). */
function editInValue(value: unknown, id: string, edit: (user: CachedUser) => CachedUser): unknown {
  if (isUserLike(value)) return value._id === id ? edit(value) : value;
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((item) => {
      const edited = editInValue(item, id, edit);
      if (edited !== item) changed = true;
      return edited;
    });
    return changed ? next : value;
  }
  if (typeof value === "object" && value !== null && "items" in value && Array.isArray((value as { items: unknown }).items)) {
    const page = value as { items: unknown[] };
    const items = editInValue(page.items, id, edit);
    return items === page.items ? value : { ...page, items };
  }
  if (typeof value === "object" && value !== null && "pages" in value && Array.isArray((value as { pages: unknown }).pages)) {
    const infinite = value as { pages: unknown[] };
    const pages = editInValue(infinite.pages, id, edit);
    return pages === infinite.pages ? value : { ...infinite, pages };
  }
  return value;
}

/**
 * Applies a user-flag edit (lib/api/user-flags.ts) to every cached copy of user `id`: my-data,
 * their profile, the following list and the admin lists. Returns what it replaced, for rollback.
 */
export function updateCachedUser(queryClient: QueryClient, id: string, edit: (user: CachedUser) => CachedUser): Snapshot {
  const snapshot: Snapshot = [];
  for (const [queryKey, data] of queryClient.getQueriesData({ queryKey: userQueries.all() })) {
    if (data === undefined) continue;
    const next = editInValue(data, id, edit);
    if (next !== data) {
      snapshot.push([queryKey, data]);
      queryClient.setQueryData(queryKey, next);
    }
  }
  return snapshot;
}

/** Puts back what `updateCachedUser` replaced (the call failed). */
export function restoreSnapshot(queryClient: QueryClient, snapshot: Snapshot | undefined): void {
  // Newest first, so a query edited twice ends with its oldest copy.
  for (const [queryKey, data] of [...(snapshot ?? [])].reverse()) queryClient.setQueryData(queryKey, data);
}

export const followUserMutationKey = [...userQueries.all(), "follow"] as const;

interface FollowContext {
  snapshot: Snapshot;
}

/**
 * Follow/unfollow as a persisted mutation: registered with setMutationDefaults, so one made
 * offline survives a reload and is sent once the app is online again (exactly once: React
 * Query resumes each paused mutation one time, and the server call is idempotent anyway).
 * The cache edit of docs/product.md#user-flags is applied at once and rolled back if the call fails.
 */
export function followUserMutationDefaults(
  queryClient: QueryClient,
): MutationOptions<UserFollowResult, Error, UserFollowVariables, FollowContext> & { mutationKey: typeof followUserMutationKey } {
  return {
    mutationKey: followUserMutationKey,
    mutationFn: followUser,
    // Two taps on the same button send two calls in order, never crossed.
    scope: { id: "users:follow" },
    onMutate: async ({ userId, follow }) => {
      await queryClient.cancelQueries({ queryKey: userQueries.myDataKey() });
      const me = queryClient.getQueryData<User>(userQueries.myDataKey());
      const changes = me ? me.following.users.includes(userId) !== follow : true;
      const snapshot: Snapshot = [];
      if (me) {
        snapshot.push(...updateCachedUser(queryClient, me._id, (user) => ("following" in user ? withFollowing(user, userId, follow) : user)));
      }
      if (changes) snapshot.push(...updateCachedUser(queryClient, userId, (user) => withFollower(user, follow)));
      const list = queryClient.getQueryData<CachedUser[]>(userQueries.followingKey());
      if (list && !follow) {
        snapshot.push([userQueries.followingKey(), list]);
        queryClient.setQueryData(userQueries.followingKey(), list.filter((user) => user._id !== userId));
      }
      return { snapshot };
    },
    onError: (_error, _variables, context) => {
      restoreSnapshot(queryClient, context?.snapshot);
    },
    onSuccess: (result) => {
      // The server's count is the truth (others follow too).
      if (result) updateCachedUser(queryClient, result.userId, (user) => ({ ...user, followersCount: result.followersCount }));
      void queryClient.invalidateQueries({ queryKey: userQueries.followingKey() });
    },
  };
}
