import { afterEach, describe, expect, jest, test } from "@jest/globals";
import { TextDecoder, TextEncoder } from "node:util";
import { makeUser } from "@/lib/__tests__/fixtures/user";
import type { User } from "@/lib/schemas/users";

// jsdom lacks these; ky reads them when it loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// A queued write (follow, create) answered "not now" (503 while the database restarts, no
// network, a short rate limit) stays queued and is sent again later, also after a reload; a
// final answer (4xx, a daily quota) is shown and rolled back at once.

const me: User = makeUser({ _id: "me", name: "Ana" });
const them = { ...me, _id: "them", name: "Beto", email: null, followersCount: 3 };

async function setup(post: () => Promise<unknown>) {
  jest.resetModules();
  const apiPost = jest.fn(post);
  jest.doMock("@/lib/api/client", () => ({ apiPost, apiGet: jest.fn(), apiPut: jest.fn(), apiDelete: jest.fn() }));
  const rq = await import("@tanstack/react-query");
  const users = await import("@/lib/api/users");
  const { ApiError } = await import("@/lib/api/errors");
  const defaults = await import("@/lib/query/mutation-defaults");
  const { createQueryClient } = await import("@/lib/query/client");
  const queryClient = createQueryClient();
  queryClient.setQueryData(users.userQueries.myDataKey(), me);
  queryClient.setQueryData(users.userQueries.detail("them").queryKey, them);
  const follow = () => queryClient.getMutationCache().build(queryClient, { mutationKey: users.followUserMutationKey });
  return { apiPost, users, queryClient, follow, rq, ApiError, defaults };
}

const unavailable = (ApiError: typeof import("@/lib/api/errors").ApiError, retryAfterMs = 20) =>
  new ApiError({ status: 503, code: "SERVICE_UNAVAILABLE", message: "El servicio no está disponible en este momento.", retryAfterMs });

const followingOf = (qc: import("@tanstack/react-query").QueryClient, key: readonly unknown[]) => (qc.getQueryData(key) as User).following.users;

afterEach(() => {
  jest.useRealTimers();
});

describe("escrituras en cola", () => {
  test("un 503 no la descarta: se reintenta tras el Retry-After y el cambio se conserva", async () => {
    let n = 0;
    const { apiPost, users, queryClient, follow, ApiError } = await setup(async () => {
      if (++n <= 2) throw unavailable(ApiError);
      return { userId: "them", followersCount: 4 };
    });
    await follow().execute({ userId: "them", follow: true });
    expect(apiPost).toHaveBeenCalledTimes(3);
    expect(followingOf(queryClient, users.userQueries.myDataKey())).toEqual(["them"]);
  });

  test("una respuesta definitiva (400, cuota diaria 429 sin espera corta) no se reintenta y se deshace", async () => {
    for (const error of [
      { status: 400, code: "VALIDATION_ERROR" },
      { status: 429, code: "RATE_LIMITED", retryAfterMs: 3600_000 },
      { status: 429, code: "RATE_LIMITED" },
    ]) {
      const { apiPost, users, queryClient, follow, ApiError } = await setup(async () => {
        throw new ApiError({ ...error, message: "No." });
      });
      await expect(follow().execute({ userId: "them", follow: true })).rejects.toThrow("No.");
      expect(apiPost).toHaveBeenCalledTimes(1);
      expect(followingOf(queryClient, users.userQueries.myDataKey())).toEqual([]);
    }
  });

  test("los reintentos tienen fin: tras 10 intentos el error se muestra", async () => {
    const { apiPost, follow, ApiError, defaults } = await setup(async () => {
      throw unavailable(ApiError, 0);
    });
    await expect(follow().execute({ userId: "them", follow: true })).rejects.toMatchObject({ status: 503 });
    expect(apiPost).toHaveBeenCalledTimes(defaults.QUEUED_WRITE_ATTEMPTS + 1);
  });

  test("esperas: las del servidor cuando las da, si no 1 s, 2 s, 4 s… hasta un minuto", async () => {
    const { defaults, ApiError } = await setup(async () => undefined);
    expect(defaults.queuedWriteRetryDelay(1, unavailable(ApiError, 5000))).toBe(5000);
    expect([1, 2, 3, 8].map((n) => defaults.queuedWriteRetryDelay(n, new ApiError({ status: 502, code: "X", message: "x" })))).toEqual([1000, 2000, 4000, 60_000]);
  });

  test("una escritura esperando su reintento sobrevive a una recarga y se envía una vez", async () => {
    const first = await setup(async () => {
      throw unavailable(first.ApiError, 60_000);
    });
    const mutation = first.follow();
    void mutation.execute({ userId: "them", follow: true }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 20));
    expect(mutation.state).toMatchObject({ status: "pending", isPaused: false, failureCount: 1 });
    // What the IndexedDB persister keeps between visits (providers.tsx uses isQueuedMutation).
    const persisted = JSON.parse(
      JSON.stringify(first.rq.dehydrate(first.queryClient, { shouldDehydrateMutation: first.defaults.isQueuedMutation })),
    ) as ReturnType<typeof first.rq.dehydrate>;
    expect(persisted.mutations).toHaveLength(1);
    first.queryClient.clear();

    const second = await setup(async () => ({ userId: "them", followersCount: 4 }));
    const reloaded = second.queryClient;
    reloaded.clear();
    second.rq.hydrate(reloaded, persisted);
    expect(followingOf(reloaded, second.users.userQueries.myDataKey())).toEqual(["them"]);
    await second.defaults.resumeQueuedMutations(reloaded);
    expect(second.apiPost).toHaveBeenCalledTimes(1);
    expect(reloaded.getMutationCache().getAll()[0]?.state.status).toBe("success");
  });
});
