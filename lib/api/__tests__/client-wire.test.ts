/**
 * @jest-environment node
 */

import { describe, expect, jest, test } from "@jest/globals";

// The client's wire layer (./http, with ky) is its own chunk. When that chunk does not arrive
// (the network dropped while the page booted), requests read as offline, and the next one asks
// for it again instead of failing for the rest of the visit.
describe("API client without its wire layer", () => {
  test("a request reads as offline while the chunk is missing and works once it arrives", async () => {
    // Asked for when the client is created and again by the first request: both fail.
    let attempts = 0;
    jest.doMock("../http", () => {
      attempts += 1;
      if (attempts <= 2) throw new Error("ChunkLoadError: Loading chunk failed.");
      return jest.requireActual("../http");
    });
    const { createApiClient } = await import("../client");
    const { ApiError, NETWORK_ERROR_CODE } = await import("../errors");
    const fetch = (async () => new Response(JSON.stringify({ data: { ok: true } }), { status: 200 })) as typeof globalThis.fetch;
    const api = createApiClient({ prefixUrl: "http://api.test/api", getToken: async () => null, fetch });

    const first = await api.get("/health", { cache: false }).catch((error: unknown) => error);
    expect(first).toBeInstanceOf(ApiError);
    expect(first).toMatchObject({ status: 0, code: NETWORK_ERROR_CODE });
    await expect(api.get("/health", { cache: false })).resolves.toEqual({ ok: true });
    expect(attempts).toBe(3);
  });
});
