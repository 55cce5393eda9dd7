/**
 * @jest-environment node
 */

import { afterEach, beforeEach, describe, expect, jest, test } from "@jest/globals";
import { type ApiClient, createApiClient } from "../client";
import { ApiError } from "../errors";


type Call = { url: string; method: string; auth: string | null; body: string | null; credentials: RequestCredentials };

function fakeServer(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const call = {
      url: request.url,
      method: request.method,
      auth: request.headers.get("authorization"),
      body: request.body ? await request.text() : null,
      credentials: request.credentials,
    };
    calls.push(call);
    return respond(call);
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("API client", () => {
  test("prefixes the base URL, sends the bearer token and unwraps data.data", async () => {
    const server = fakeServer(() => json(200, { data: { _id: "u1", name: "Ana" } }));
    const api = createApiClient({ prefixUrl: "http://api.test/api", getToken: async () => "tok-1", fetch: server.fetch });
    await expect(api.get("/users/my-data")).resolves.toEqual({ _id: "u1", name: "Ana" });
    expect(server.calls[0]).toMatchObject({ url: "http://api.test/api/users/my-data", method: "GET", auth: "Bearer tok-1" });
  });

  test("no token, no Authorization header", async () => {
    const server = fakeServer(() => json(200, { data: [] }));
    const api = createApiClient({ prefixUrl: "http://api.test/api", getToken: async () => null, fetch: server.fetch });
    await api.get("/events", { searchParams: { limit: 10, cursor: undefined } });
    expect(server.calls[0]?.auth).toBeNull();
    expect(server.calls[0]?.url).toBe("http://api.test/api/events?limit=10");
  });

  test("only an anonymous read takes the credentials of the page's preload for everyone; a read with a session goes out itself", async () => {
    const server = fakeServer(() => json(200, { data: { _id: "c1" } }));
    const signedIn = createApiClient({ prefixUrl: "http://api.test/api", getToken: async () => "tok-1", fetch: server.fetch });
    const anonymous = createApiClient({ prefixUrl: "http://api.test/api", getToken: async () => null, fetch: server.fetch });
    await signedIn.get("/communities/c1", { cache: false });
    await anonymous.get("/communities/c1", { cache: false });
    await anonymous.post("/reports", { note: "hola" });
    expect(server.calls.map(({ method, auth, credentials, body }) => ({ method, auth, credentials, body }))).toEqual([
      { method: "GET", auth: "Bearer tok-1", credentials: "same-origin", body: null },
      { method: "GET", auth: null, credentials: "include", body: null },
      { method: "POST", auth: null, credentials: "same-origin", body: JSON.stringify({ note: "hola" }) },
    ]);
  });

  test("a retried anonymous read keeps the preload's credentials, and a retried read with a session its token", async () => {
    let answers = 0;
    const server = fakeServer(() => (answers++ % 2 === 0 ? new Response("", { status: 502 }) : json(200, { data: 1 })));
    await createApiClient({ prefixUrl: "http://api.test/api", getToken: async () => null, fetch: server.fetch }).get("/events", { cache: false });
    await createApiClient({ prefixUrl: "http://api.test/api", getToken: async () => "tok-1", fetch: server.fetch }).get("/events", { cache: false });
    expect(server.calls.map(({ auth, credentials }) => ({ auth, credentials }))).toEqual([
      { auth: null, credentials: "include" },
      { auth: null, credentials: "include" },
      { auth: "Bearer tok-1", credentials: "same-origin" },
      { auth: "Bearer tok-1", credentials: "same-origin" },
    ]);
  });

  test("JSON bodies are sent as JSON", async () => {
    const server = fakeServer(() => json(201, { data: { ok: true } }));
    const api = createApiClient({ prefixUrl: "http://api.test/api", getToken: async () => null, fetch: server.fetch });
    await api.post("/users/sign-up", { name: "Ana", uid: "u1", email: "ana@example.com" });
    expect(server.calls[0]).toMatchObject({ method: "POST" });
    expect(JSON.parse(server.calls[0]?.body ?? "")).toEqual({ name: "Ana", uid: "u1", email: "ana@example.com" });
  });

  test("an error answer becomes an ApiError with the body's message", async () => {
    const server = fakeServer(() => json(400, { message: "ID required", code: "ID_REQUIRED" }));
    const api = createApiClient({ prefixUrl: "http://api.test/api", getToken: async () => null, fetch: server.fetch });
    const error = await api.post("/users/verify", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: "ID_REQUIRED", message: "ID required" });
  });

  test("an error answer without a message says 'Error inesperado'", async () => {
    const server = fakeServer(() => new Response("", { status: 503 }));
    const api = createApiClient({ prefixUrl: "http://api.test/api", getToken: async () => null, fetch: server.fetch });
    await expect(api.get("/users/my-data")).rejects.toMatchObject({ status: 503, message: "Error inesperado" });
  });

  test("an unreachable server is a network ApiError (status 0)", async () => {
    const fetch = (async () => {
      throw new TypeError("fetch failed");
    }) as typeof globalThis.fetch;
    const api = createApiClient({ prefixUrl: "http://api.test/api", getToken: async () => null, fetch });
    await expect(api.get("/users/my-data")).rejects.toMatchObject({ status: 0, code: "NETWORK_ERROR" });
  });

  test("a token refresh that fails for lack of network is a network ApiError", async () => {
    const server = fakeServer(() => json(200, { data: 1 }));
    const getToken = async () => {
      throw Object.assign(new Error("Firebase: Error (auth/network-request-failed)."), { code: "auth/network-request-failed" });
    };
    const api = createApiClient({ prefixUrl: "http://api.test/api", getToken, fetch: server.fetch });
    await expect(api.get("/users/my-data")).rejects.toMatchObject({ status: 0, code: "NETWORK_ERROR" });
    expect(server.calls).toHaveLength(0);
  });

  describe("HTTP cache", () => {
    beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ["queueMicrotask", "nextTick", "setImmediate"] });
  });
    afterEach(() => {
    jest.useRealTimers();
  });

    test("reuses a GET for 5 minutes by default, then asks again", async () => {
      let n = 0;
      const server = fakeServer(() => json(200, { data: ++n }));
      const api = createApiClient({ prefixUrl: "http://api.test/api", getToken: async () => null, fetch: server.fetch });
      await expect(api.get("/news")).resolves.toBe(1);
      await expect(api.get("/news")).resolves.toBe(1);
      jest.advanceTimersByTime(5 * 60 * 1000 + 1);
      await expect(api.get("/news")).resolves.toBe(2);
      expect(server.calls).toHaveLength(2);
    });

    test("cache: false always asks; a write empties the cache", async () => {
      let n = 0;
      const server = fakeServer(() => json(200, { data: ++n }));
      const api = createApiClient({ prefixUrl: "http://api.test/api", getToken: async () => null, fetch: server.fetch });
      await api.get("/users/requestingVerification", { cache: false });
      await api.get("/users/requestingVerification", { cache: false });
      expect(server.calls).toHaveLength(2);
      await api.get("/users/my-data");
      await api.put("/users/my-data", { name: "Otra" });
      await api.get("/users/my-data");
      expect(server.calls.map((c) => c.method)).toEqual(["GET", "GET", "GET", "PUT", "GET"]);
    });

    // A read that was on its way when a write or a change of person emptied the cache answers
    // its caller, but what it brings is from before: keeping it would show, for 5 minutes, a
    // follow undone or the previous person's search.
    test.each([
      ["a write", (api: ApiClient) => api.post("/events/e1/follow")],
      ["a change of person", async (api: ApiClient) => api.clearCache()],
    ])("a read in flight when %s empties the cache is not kept", async (_what, empty) => {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let n = 0;
      const server = fakeServer(async (call) => {
        if (call.method !== "GET") return json(200, { data: null });
        const answer = ++n;
        if (answer === 1) await held;
        return json(200, { data: answer });
      });
      const api = createApiClient({ prefixUrl: "http://api.test/api", getToken: async () => null, fetch: server.fetch });
      const before = api.get("/search", { searchParams: { q: "jazz" } });
      await jest.advanceTimersByTimeAsync(0);
      expect(server.calls).toHaveLength(1);
      await empty(api);
      release();
      await expect(before).resolves.toBe(1);
      await expect(api.get("/search", { searchParams: { q: "jazz" } })).resolves.toBe(2);
      await expect(api.get("/search", { searchParams: { q: "jazz" } })).resolves.toBe(2);
      expect(server.calls.filter((c) => c.method === "GET")).toHaveLength(2);
    });

    test("a read answered while a write is on its way is not kept", async () => {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let n = 0;
      const server = fakeServer(async (call) => {
        if (call.method === "POST") {
          await held;
          return json(200, { data: null });
        }
        return json(200, { data: ++n });
      });
      const api = createApiClient({ prefixUrl: "http://api.test/api", getToken: async () => null, fetch: server.fetch });
      const follow = api.post("/events/e1/follow");
      await expect(api.get("/events/e1")).resolves.toBe(1);
      release();
      await follow;
      await expect(api.get("/events/e1")).resolves.toBe(2);
      await expect(api.get("/events/e1")).resolves.toBe(2);
    });

    test("a write no cached read shows leaves the cache, and what was read meanwhile, as they are", async () => {
      let n = 0;
      const server = fakeServer((call) => (call.method === "POST" ? json(200, { data: { url: "/stream" } }) : json(200, { data: ++n })));
      const api = createApiClient({ prefixUrl: "http://api.test/api", getToken: async () => null, fetch: server.fetch });
      await expect(api.get("/news")).resolves.toBe(1);
      const ticket = api.post("/notifications/stream-ticket", undefined, { keepsCache: true });
      await expect(api.get("/events")).resolves.toBe(2);
      await ticket;
      await expect(api.get("/news")).resolves.toBe(1);
      await expect(api.get("/events")).resolves.toBe(2);
      expect(server.calls.filter((c) => c.method === "GET")).toHaveLength(2);
    });

    test("a write that fails still empties the cache when it settles", async () => {
      let n = 0;
      const server = fakeServer((call) => (call.method === "POST" ? json(500, { message: "Error interno" }) : json(200, { data: ++n })));
      const api = createApiClient({ prefixUrl: "http://api.test/api", getToken: async () => null, fetch: server.fetch });
      const follow = api.post("/events/e1/follow");
      await expect(api.get("/events/e1")).resolves.toBe(1);
      await expect(follow).rejects.toBeInstanceOf(ApiError);
      await expect(api.get("/events/e1")).resolves.toBe(2);
    });
  });
});
