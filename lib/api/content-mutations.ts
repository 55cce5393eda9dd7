import type { MutationKey, MutationOptions, QueryClient } from "@tanstack/react-query";
import { createEventMutationDefaults, followEventMutationDefaults } from "./events";
import { createPlaceMutationDefaults, followPlaceMutationDefaults } from "./places";
import { createNewsMutationDefaults, followNewsMutationDefaults } from "./news";
import { createCommunityMutationDefaults, followCommunityMutationDefaults } from "./communities";

// The content mutations that survive going offline (lib/query/mutation-defaults.ts registers
// them before the persisted cache is restored): follow/unfollow and create of every kind.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Factory = (queryClient: QueryClient) => MutationOptions<any, any, any, any> & { mutationKey: MutationKey };

export const CONTENT_PERSISTED_MUTATIONS: readonly Factory[] = [
  followEventMutationDefaults,
  followPlaceMutationDefaults,
  followNewsMutationDefaults,
  followCommunityMutationDefaults,
  createEventMutationDefaults,
  createPlaceMutationDefaults,
  createNewsMutationDefaults,
  createCommunityMutationDefaults,
];
