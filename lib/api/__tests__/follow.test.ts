import { afterEach, describe, expect, jest, test } from "@jest/globals";
import { TextDecoder, TextEncoder } from "node:util";
import type { QueryClient } from "@tanstack/react-query";
import type { User } from "@/lib/schemas/users";
import { makeUser } from "@/lib/__tests__/fixtures/user";

// jsdom lacks these; ky reads them when it loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Follow/unfollow (docs/product.md#user-flags): applied at once, rolled back on failure, and kept
// while offline to be sent exactly once when the app is online again, even after a reload.

const me: User = makeUser({ _id: "me", name: "Ana" });
const them = { ...me, _id: "them", name: "Beto", email: null, followersCount: 3 };

async function setup(post: (path: string, body?: unknown, options?: unknown) => Promise<unknown>) {
  jest.resetModules();
  const apiPost = jest.fn(post);
  jest.doMock("@/lib/api/client", () => ({
    apiPost,
    apiGet: jest.fn(),
    apiPut: jest.fn(),
    apiDelete: jest.fn(),
  }));
  // After resetModules each setup has its own React Query instance (and onlineManager).
  const rq = await import("@tanstack/react-query");
  const users = await import("@/lib/api/users");
  const { createQueryClient } = await import("@/lib/query/client");
  const queryClient = createQueryClient();
  queryClient.setQueryData(users.userQueries.myDataKey(), me);
  queryClient.setQueryData(users.userQueries.detail("them").queryKey, them);
  const follow = (queryClient: QueryClient, follow: boolean) =>
    queryClient
      .getMutationCache()
      .build(queryClient, { mutationKey: users.followUserMutationKey })
      .execute({ userId: "them", follow });
  return { apiPost, users, queryClient, follow, rq };
}

const following = (qc: QueryClient, key: readonly unknown[]) => (qc.getQueryData(key) as User).following.users;
const followers = (qc: QueryClient, key: readonly unknown[]) => (qc.getQueryData(key) as { followersCount: number }).followersCount;

let online: ((value: boolean) => void) | null = null;
afterEach(() => {
  online?.(true);
});

describe("follow a user", () => {
  test("the cache changes at once and the call goes to the spec's path", async () => {
    let release: () => void = () => {};
    const { apiPost, users, queryClient, follow } = await setup(() => new Promise((resolve) => (release = () => resolve(undefined))));
    const done = follow(queryClient, true);
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(following(queryClient, users.userQueries.myDataKey())).toEqual(["them"]);
    expect(followers(queryClient, users.userQueries.detail("them").queryKey)).toBe(4);
    expect(apiPost).toHaveBeenCalledWith("/users/follow/them/user", undefined, { searchParams: undefined });
    release();
    await done;
    expect(following(queryClient, users.userQueries.myDataKey())).toEqual(["them"]);
  });

  test("unfollow sends unfollow=true", async () => {
    const { apiPost, queryClient, follow } = await setup(async () => undefined);
    await follow(queryClient, false);
    expect(apiPost).toHaveBeenCalledWith("/users/follow/them/user", undefined, { searchParams: { unfollow: true } });
  });

  test("a failed call rolls the cache back", async () => {
    const { users, queryClient, follow } = await setup(async () => {
      throw new Error("Error inesperado");
    });
    await expect(follow(queryClient, true)).rejects.toThrow("Error inesperado");
    expect(following(queryClient, users.userQueries.myDataKey())).toEqual([]);
    expect(followers(queryClient, users.userQueries.detail("them").queryKey)).toBe(3);
  });

  test("following someone already followed does not count them twice", async () => {
    const { users, queryClient, follow } = await setup(async () => undefined);
    queryClient.setQueryData(users.userQueries.myDataKey(), { ...me, following: { ...me.following, users: ["them"] } });
    await follow(queryClient, true);
    expect(followers(queryClient, users.userQueries.detail("them").queryKey)).toBe(3);
  });

  test("offline it waits, then is sent exactly once when back online", async () => {
    const { apiPost, users, queryClient, rq } = await setup(async () => undefined);
    online = (v) => rq.onlineManager.setOnline(v);
    rq.onlineManager.setOnline(false);
    const mutation = queryClient.getMutationCache().build(queryClient, { mutationKey: users.followUserMutationKey });
    const done = mutation.execute({ userId: "them", follow: true });
    await new Promise((r) => setTimeout(r, 0));
    expect(mutation.state.isPaused).toBe(true);
    expect(apiPost).not.toHaveBeenCalled();
    expect(following(queryClient, users.userQueries.myDataKey())).toEqual(["them"]);
    // As in the app (QueryClientProvider mounts the client), coming online resumes it.
    queryClient.mount();
    rq.onlineManager.setOnline(true);
    await done;
    await queryClient.resumePausedMutations();
    queryClient.unmount();
    expect(apiPost).toHaveBeenCalledTimes(1);
  });

  test("a follow paused offline survives a reload and is sent once", async () => {
    const first = await setup(async () => undefined);
    first.rq.onlineManager.setOnline(false);
    void first.follow(first.queryClient, true).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 0));
    // What the IndexedDB persister keeps between visits.
    const persisted = JSON.parse(JSON.stringify(first.rq.dehydrate(first.queryClient))) as ReturnType<typeof first.rq.dehydrate>;
    expect(persisted.mutations).toHaveLength(1);

    // The "reload": a new client with the defaults registered, restored from the copy.
    const second = await setup(async () => undefined);
    const reloaded = second.queryClient;
    reloaded.clear();
    second.rq.hydrate(reloaded, persisted);
    expect(following(reloaded, second.users.userQueries.myDataKey())).toEqual(["them"]);
    online = (v) => second.rq.onlineManager.setOnline(v);
    second.rq.onlineManager.setOnline(false);
    second.rq.onlineManager.setOnline(true);
    await reloaded.resumePausedMutations();
    await reloaded.resumePausedMutations();
    expect(second.apiPost).toHaveBeenCalledTimes(1);
    expect(second.apiPost).toHaveBeenCalledWith("/users/follow/them/user", undefined, { searchParams: undefined });
    expect(first.apiPost).not.toHaveBeenCalled();
  });
});
