/**
 * @jest-environment node
 */

import { describe, expect, jest, test } from "@jest/globals";
import { createQueryClient } from "../client";
import { registerMutationDefaults } from "../mutation-defaults";

describe("createQueryClient", () => {
  test("applies the spec's query defaults", () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults).toMatchObject({
      gcTime: 24 * 60 * 60 * 1000,
      staleTime: 15 * 60 * 1000,
      retry: false,
      refetchOnWindowFocus: false,
    });
  });

  test("registerMutationDefaults gives persisted mutations their function back by key", async () => {
    const queryClient = createQueryClient();
    const mutationFn = jest.fn(async (n: number) => n * 2);
    registerMutationDefaults(queryClient, [{ mutationKey: ["users", "follow"], mutationFn }]);
    expect(queryClient.getMutationDefaults(["users", "follow"]).mutationFn).toBe(mutationFn);
    const mutation = queryClient.getMutationCache().build(queryClient, { mutationKey: ["users", "follow"] });
    await expect(mutation.execute(21)).resolves.toBe(42);
    // Drops the mutation's 24 h garbage-collection timer, which would keep Node running.
    mutation.destroy();
  });

  test("every content follow and create is registered for offline replay", () => {
    const queryClient = createQueryClient();
    for (const kind of ["events", "places", "news", "communities"]) {
      expect(queryClient.getMutationDefaults([kind, "follow"]).mutationFn).toBeInstanceOf(Function);
      expect(queryClient.getMutationDefaults([kind, "create"]).mutationFn).toBeInstanceOf(Function);
    }
  });
});
