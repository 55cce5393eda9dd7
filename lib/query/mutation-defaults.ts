import type { MutationFunction, MutationKey, MutationOptions, QueryClient } from "@tanstack/react-query";
import { followUserMutationDefaults } from "@/lib/api/users";
import { CONTENT_PERSISTED_MUTATIONS } from "@/lib/api/content-mutations";

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

/** Every offline-capable mutation of the app: follow a user; follow and create content. */
export const PERSISTED_MUTATIONS: readonly PersistedMutationDefault[] = [followUserMutationDefaults, ...CONTENT_PERSISTED_MUTATIONS];

export function registerMutationDefaults(
  queryClient: QueryClient,
  mutations: readonly PersistedMutationDefault[] = PERSISTED_MUTATIONS,
): void {
  for (const entry of mutations) {
    const { mutationKey, ...options } = typeof entry === "function" ? entry(queryClient) : entry;
    queryClient.setMutationDefaults(mutationKey, options);
  }
}
