import { describe, expect, jest, test } from "@jest/globals";
import { TextDecoder, TextEncoder } from "node:util";

Object.assign(globalThis, { TextEncoder, TextDecoder });

// docs/product.md#validation: the access-token call does nothing unless both tokens exist; the
// notification token is sent only if present.

async function setup() {
  jest.resetModules();
  const apiPost = jest.fn<(...args: unknown[]) => Promise<{ stored: boolean }>>(async () => ({ stored: true }));
  jest.doMock("@/lib/api/client", () => ({ apiPost, apiGet: jest.fn(), apiPut: jest.fn(), apiDelete: jest.fn() }));
  const users = await import("@/lib/api/account");
  return { apiPost, users };
}

describe("provider and device tokens", () => {
  test.each([
    [{ accessToken: "a", idToken: null, providerId: "google.com" }],
    [{ accessToken: null, idToken: "i", providerId: "google.com" }],
    [{ accessToken: "", idToken: "i", providerId: "google.com" }],
    [null],
  ])("%j: no call", async (tokens) => {
    const { apiPost, users } = await setup();
    await expect(users.saveProviderTokens(tokens)).resolves.toBe(false);
    expect(apiPost).not.toHaveBeenCalled();
  });

  test("both tokens: POST /users/accessToken with the spec's payload", async () => {
    const { apiPost, users } = await setup();
    await expect(users.saveProviderTokens({ accessToken: "a", idToken: "i", providerId: "google.com" })).resolves.toBe(true);
    expect(apiPost).toHaveBeenCalledWith("/users/accessToken", { accessToken: "a", idToken: "i", providerId: "google.com" });
  });

  test("the notification token only when present", async () => {
    const { apiPost, users } = await setup();
    await expect(users.saveNotificationToken("")).resolves.toBe(false);
    await expect(users.saveNotificationToken(undefined)).resolves.toBe(false);
    expect(apiPost).not.toHaveBeenCalled();
    await expect(users.saveNotificationToken("tok")).resolves.toBe(true);
    expect(apiPost).toHaveBeenCalledWith("/users/notificationToken", { notificationToken: "tok" });
  });
});
