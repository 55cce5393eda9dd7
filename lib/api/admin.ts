import { infiniteQueryOptions, queryOptions, type QueryClient } from "@tanstack/react-query";
import type { AccountType, User } from "@/lib/schemas/users";
import type { UserSummaryPage } from "@/lib/schemas/public-users";
import { nextPageParam, pageQuery } from "@/lib/schemas/cursor";
import { apiGet, apiPost } from "./client";
import { restoreSnapshot, updateCachedUser, userQueries, type CachedUser, type Snapshot } from "./users";
import { withAdminRole, withVerificationRejected, withVerified } from "./user-flags";

// The admin calls of the users resource (docs/product.md#roles-and-permissions;
// docs/authorization.md): search, the verification queue, account creation and the moderation
// actions. The server enforces who may act on whom; `allowedActions` only hides what the caller
// cannot do.

export interface UserFilters {
  search?: string;
  role?: AccountType;
  verified?: boolean;
  banned?: boolean;
}

export const ADMIN_PAGE_SIZE = 20;

export function searchUsers(filters: UserFilters, cursor?: string | null, limit = ADMIN_PAGE_SIZE, signal?: AbortSignal): Promise<UserSummaryPage> {
  return apiGet<UserSummaryPage>("/users", {
    cache: false,
    signal,
    searchParams: {
      search: filters.search?.trim() || undefined,
      role: filters.role,
      verified: filters.verified,
      banned: filters.banned,
      ...pageQuery(cursor, limit),
    },
  });
}

export function fetchVerificationQueue(cursor?: string | null, limit = ADMIN_PAGE_SIZE, signal?: AbortSignal): Promise<UserSummaryPage> {
  // docs/product.md#api-calls: not cached.
  return apiGet<UserSummaryPage>("/users/requestingVerification", { cache: false, signal, searchParams: pageQuery(cursor, limit) });
}

export interface CreateUserPayload {
  email: string;
  password: string;
  name: string;
  accountType: "NORMAL" | "ADMIN";
  verified?: boolean;
}

export function createUser(payload: CreateUserPayload): Promise<User> {
  return apiPost<User>("/users/admin-create", payload);
}

/** A count shown on the panel home: exact up to the page size, "more than" beyond it. */
export interface PanelCount {
  count: number;
  more: boolean;
}

const COUNT_PAGE = 100;

async function countOf(load: (signal?: AbortSignal) => Promise<UserSummaryPage>, signal?: AbortSignal): Promise<PanelCount> {
  const page = await load(signal);
  return { count: page.items.length, more: page.nextCursor !== null };
}

export interface PanelCounts {
  users: PanelCount;
  admins: PanelCount;
  verified: PanelCount;
  banned: PanelCount;
  pending: PanelCount;
}

export async function fetchPanelCounts(signal?: AbortSignal): Promise<PanelCounts> {
  const [users, admins, verified, banned, pending] = await Promise.all([
    countOf((s) => searchUsers({}, null, COUNT_PAGE, s), signal),
    countOf((s) => searchUsers({ role: "ADMIN" }, null, COUNT_PAGE, s), signal),
    countOf((s) => searchUsers({ verified: true }, null, COUNT_PAGE, s), signal),
    countOf((s) => searchUsers({ banned: true }, null, COUNT_PAGE, s), signal),
    countOf((s) => fetchVerificationQueue(null, COUNT_PAGE, s), signal),
  ]);
  return { users, admins, verified, banned, pending };
}

export const adminQueries = {
  all: () => userQueries.admin(),
  searches: () => [...adminQueries.all(), "search"] as const,
  search: (filters: UserFilters) =>
    infiniteQueryOptions({
      queryKey: [...adminQueries.searches(), filters] as const,
      queryFn: ({ signal, pageParam }) => searchUsers(filters, pageParam, ADMIN_PAGE_SIZE, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: nextPageParam,
      staleTime: 0,
    }),
  queue: () =>
    infiniteQueryOptions({
      queryKey: [...adminQueries.all(), "verification-queue"] as const,
      queryFn: ({ signal, pageParam }) => fetchVerificationQueue(pageParam, ADMIN_PAGE_SIZE, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: nextPageParam,
      staleTime: 0,
    }),
  counts: () =>
    queryOptions({
      queryKey: [...adminQueries.all(), "counts"] as const,
      queryFn: ({ signal }) => fetchPanelCounts(signal),
      staleTime: 0,
    }),
};

export type ModerationAction =
  | { type: "verify"; userId: string; verificationType?: string | null }
  | { type: "unverify"; userId: string }
  | { type: "reject"; userId: string; reason: string }
  | { type: "setAdmin"; userId: string }
  | { type: "removeAdmin"; userId: string }
  | { type: "ban"; userId: string; reason: string; endDate: string }
  | { type: "unban"; userId: string }
  | { type: "impact"; userId: string; impact: number };

export function runModeration(action: ModerationAction): Promise<User> {
  const { userId } = action;
  switch (action.type) {
    case "verify":
      return apiPost<User>("/users/verify", { userId, ...(action.verificationType ? { type: action.verificationType } : {}) });
    case "unverify":
      return apiPost<User>("/users/verify", { userId }, { searchParams: { unverify: true } });
    case "reject":
      return apiPost<User>("/users/rejectVerification", { userId, reason: action.reason });
    case "setAdmin":
      return apiPost<User>("/users/setAsAdmin", { userId });
    case "removeAdmin":
      return apiPost<User>("/users/setAsAdmin", { userId }, { searchParams: { remove: true } });
    case "ban":
      return apiPost<User>("/users/ban", { userId, reason: action.reason, endDate: action.endDate });
    case "unban":
      return apiPost<User>("/users/unban", { userId });
    case "impact":
      return apiPost<User>("/users/changeImpact", { userId, impact: action.impact });
  }
}

/** docs/product.md#user-flags: what each action does to the cached copies before the server answers. */
export function optimisticEdit(action: ModerationAction): ((user: CachedUser) => CachedUser) | null {
  switch (action.type) {
    case "verify":
      return (user) => withVerified(user, true);
    case "unverify":
      return (user) => withVerified(user, false);
    case "setAdmin":
      return (user) => withAdminRole(user, false);
    case "removeAdmin":
      return (user) => withAdminRole(user, true);
    case "reject":
      return (user) => withVerificationRejected(user);
    case "impact":
      return (user) => ({ ...user, impact: action.impact });
    case "ban":
      return (user) => ({ ...user, ban: { reason: action.reason, endDate: action.endDate } });
    case "unban":
      return (user) => ({ ...user, ban: null });
  }
}

/** Mutation options for a moderation action: applied at once, rolled back if the call fails. */
export function moderationMutationOptions(queryClient: QueryClient) {
  return {
    mutationFn: runModeration,
    onMutate: async (action: ModerationAction): Promise<{ snapshot: Snapshot }> => {
      await queryClient.cancelQueries({ queryKey: userQueries.all() });
      const edit = optimisticEdit(action);
      return { snapshot: edit ? updateCachedUser(queryClient, action.userId, edit) : [] };
    },
    onError: (_error: Error, _action: ModerationAction, context: { snapshot: Snapshot } | undefined) => {
      restoreSnapshot(queryClient, context?.snapshot);
    },
    onSuccess: (user: User) => {
      // The server's answer is the target after the change: every cached copy takes it.
      updateCachedUser(queryClient, user._id, (cached) => ({ ...cached, ...pickSummary(cached, user) }));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminQueries.all() });
    },
  };
}

/** The fields of `user` that a cached copy of the same kind carries. */
function pickSummary(cached: CachedUser, user: User): Partial<CachedUser> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(cached)) {
    if (key in user && key !== "email") out[key] = (user as unknown as Record<string, unknown>)[key];
  }
  return out as Partial<CachedUser>;
}

type Role = AccountType;

/** What the caller's role lets them do to a target (docs/authorization.md), to hide the rest. */
export function allowedActions(
  actor: { _id: string; accountType: Role } | null,
  target: { _id: string; accountType: Role; verified: boolean; ban: unknown; requestingVerification: { sent: boolean } },
): Set<ModerationAction["type"]> {
  const allowed = new Set<ModerationAction["type"]>();
  if (!actor || (actor.accountType !== "ADMIN" && actor.accountType !== "MASTER")) return allowed;
  if (actor._id === target._id || target.accountType === "MASTER") return allowed;
  if (target.accountType === "ADMIN" && actor.accountType !== "MASTER") return allowed;
  allowed.add(target.verified ? "unverify" : "verify");
  if (target.requestingVerification.sent) allowed.add("reject");
  if (target.accountType === "NORMAL") allowed.add("setAdmin");
  if (target.accountType === "ADMIN") allowed.add("removeAdmin");
  allowed.add(target.ban ? "unban" : "ban");
  allowed.add("impact");
  return allowed;
}
