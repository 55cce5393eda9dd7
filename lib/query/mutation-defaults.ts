import type { MutationFunction, MutationKey, MutationOptions, QueryClient } from "@tanstack/react-query";
import { ApiError, NETWORK_ERROR_CODE } from "@/lib/api/errors";
import { followUserMutationDefaults } from "@/lib/api/users";
import { CONTENT_PERSISTED_MUTATIONS } from "@/lib/api/content-mutations";
import { followTagMutationDefaults } from "@/lib/api/tags";

/**
 * A mutation that must survive going offline and a reload. Paused mutations are persisted
 * without their functions, so they are found again through their key: every such mutation is
 * listed here and registered before the persisted cache is restored. A factory receives the
 * client, for mutations whose callbacks edit the cache (optimistic updates and their rollback).
 */
export type PersistedMutationDefault =
  | {
      mutationKey: MutationKey;
      // The variables' type varies per mutation; each resource module narrows it at its call site.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      mutationFn: MutationFunction<unknown, any>;
    }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  | ((queryClient: QueryClient) => MutationOptions<any, any, any, any> & { mutationKey: MutationKey });

/** Every offline-capable mutation of the app: follow a user or a tag; follow and create content. */
export const PERSISTED_MUTATIONS: readonly PersistedMutationDefault[] = [followUserMutationDefaults, followTagMutationDefaults, ...CONTENT_PERSISTED_MUTATIONS];

/** Attempts of a queued write before a "not now" answer becomes an error shown to the person. */
export const QUEUED_WRITE_ATTEMPTS = 10;
/** Longest wait between two attempts of a queued write. */
export const QUEUED_WRITE_MAX_DELAY_MS = 60_000;

/**
 * "Not now" rather than "no": the API restarting or without its database (503, 502, 504), no
 * network, or a rate limit that lifts within a minute. Anything else (4xx, a daily quota) is final.
 */
export function isTransientWriteError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === NETWORK_ERROR_CODE || [502, 503, 504].includes(error.status)) return true;
  return error.status === 429 && error.retryAfterMs !== undefined && error.retryAfterMs <= QUEUED_WRITE_MAX_DELAY_MS;
}

/** The server's Retry-After when it gave one, else exponential backoff (1 s, 2 s, 4 s… up to a minute). */
export function queuedWriteRetryDelay(failureCount: number, error: unknown): number {
  const after = error instanceof ApiError ? error.retryAfterMs : undefined;
  return Math.min(after ?? 1000 * 2 ** Math.max(0, failureCount - 1), QUEUED_WRITE_MAX_DELAY_MS);
}

export function registerMutationDefaults(
  queryClient: QueryClient,
  mutations: readonly PersistedMutationDefault[] = PERSISTED_MUTATIONS,
): void {
  for (const entry of mutations) {
    const { mutationKey, ...options } = typeof entry === "function" ? entry(queryClient) : entry;
    // Queries never retry; these writes do, because dropping them would lose what the person did
    // (creates carry an idempotency key and follows are idempotent, so a repeat is harmless).
    queryClient.setMutationDefaults(mutationKey, {
      retry: (failureCount: number, error: unknown) => failureCount < QUEUED_WRITE_ATTEMPTS && isTransientWriteError(error),
      retryDelay: queuedWriteRetryDelay,
      ...options,
    });
  }
}

/**
 * Writes still owed to the server: paused offline, or waiting to retry after a "not now" answer.
 * Both are persisted so a reload does not lose them.
 */
export function isQueuedMutation(mutation: { state: { isPaused: boolean; status: string; failureCount: number } }): boolean {
  return mutation.state.isPaused || (mutation.state.status === "pending" && mutation.state.failureCount > 0);
}

/**
 * Sends the writes restored from an earlier visit. Paused ones go through React Query's own
 * resume, which also runs when the network comes back: continuing them here as well would give a
 * restored mutation (which has no retryer yet) two executions, and the write would be sent twice.
 * One that was waiting to retry comes back pending but not paused; nothing else resumes it, so
 * `continue()` runs it again (without onMutate).
 */
export function resumeQueuedMutations(queryClient: QueryClient): Promise<unknown> {
  const waiting = queryClient
    .getMutationCache()
    .getAll()
    .filter((mutation) => !mutation.state.isPaused && isQueuedMutation(mutation));
  return Promise.all([queryClient.resumePausedMutations(), ...waiting.map((mutation) => mutation.continue().catch(() => undefined))]);
}
