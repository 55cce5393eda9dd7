import type { MutationFunction, MutationKey, QueryClient } from "@tanstack/react-query";

/**
 * A mutation that must survive going offline and a reload. Paused mutations are persisted
 * without their function, so the function is found again through its key: every such mutation
 * is listed here and registered before the persisted cache is restored.
 */
export interface PersistedMutationDefault {
  mutationKey: MutationKey;
  // The variables' type varies per mutation; each resource module narrows it at its call site.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  mutationFn: MutationFunction<unknown, any>;
}

/** Later features add their offline-capable mutations (follow, create event, …) here. */
export const PERSISTED_MUTATIONS: readonly PersistedMutationDefault[] = [];

export function registerMutationDefaults(
  queryClient: QueryClient,
  mutations: readonly PersistedMutationDefault[] = PERSISTED_MUTATIONS,
): void {
  for (const { mutationKey, mutationFn } of mutations) {
    queryClient.setMutationDefaults(mutationKey, { mutationFn });
  }
}
