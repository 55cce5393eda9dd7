import { afterEach, beforeEach, describe, expect, jest, test } from "@jest/globals";
import { TextDecoder, TextEncoder } from "node:util";

// jsdom lacks these; ky (behind the account calls) reads them when it loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Google and Apple by redirect: the page's address carries the mark of a redirect in flight, so it
// must be there when the SDK reads the address to come back to, gone if leaving fails, and gone
// before the result is read on the way back (a reload must not finish it twice). The SDK, a
// boundary this machine cannot reach (Google), is played by a fake with its calls' shapes.

class FakeProvider {
  addScope() {}
  setCustomParameters() {}
  static credentialFromResult() {
    return { accessToken: "a", idToken: "i" };
  }
}

const sdk = {
  GoogleAuthProvider: FakeProvider,
  OAuthProvider: FakeProvider,
  browserPopupRedirectResolver: {},
  signInWithRedirect: jest.fn<() => Promise<never>>(),
  linkWithRedirect: jest.fn<() => Promise<never>>(),
  getRedirectResult: jest.fn<() => Promise<unknown>>(),
};
const notify = jest.fn();

beforeEach(() => {
  jest.resetModules();
  jest.clearAllMocks();
  window.history.replaceState(null, "", "/login/?next=%2Fevents%2F");
  jest.doMock("@/lib/auth/firebase", () => ({ loadAuth: async () => ({ auth: { currentUser: { uid: "u1" } } }), toIdentityUser: (u: unknown) => u }));
  jest.doMock("@/lib/auth/social-sdk", () => sdk);
  jest.doMock("@/lib/auth/user-state", () => ({ loadSession: async () => "ready" }));
  jest.doMock("@/lib/api/account", () => ({ saveProviderTokens: async () => true, signUp: async () => undefined }));
  jest.doMock("@/lib/toast/notify", () => ({ notify }));
});
afterEach(() => window.history.replaceState(null, "", "/"));

const social = () => import("@/lib/auth/social");

describe("leaving for the provider", () => {
  test("the address the SDK reads to come back to carries the mark, for a sign-in and for a link", async () => {
    const seen: string[] = [];
    sdk.signInWithRedirect.mockImplementation(() => (seen.push(window.location.href), new Promise<never>(() => {})));
    sdk.linkWithRedirect.mockImplementation(() => (seen.push(window.location.href), new Promise<never>(() => {})));
    void (await social()).startRedirect("google", "signIn");
    await new Promise((r) => setTimeout(r, 0));
    expect(new URL(seen[0] ?? "").search).toBe("?next=%2Fevents%2F&acceso=google");
    window.history.replaceState(null, "", "/profile/");
    void (await social()).startRedirect("apple", "link");
    await new Promise((r) => setTimeout(r, 0));
    expect(new URL(seen[1] ?? "").search).toBe("?acceso=apple-vincular");
  });

  test("when leaving fails, the mark goes and the error reaches the screen", async () => {
    sdk.signInWithRedirect.mockRejectedValue(Object.assign(new Error("popup"), { code: "auth/network-request-failed" }));
    await expect((await social()).startRedirect("google", "signIn")).rejects.toThrow("popup");
    expect(window.location.search).toBe("?next=%2Fevents%2F");
  });
});

describe("coming back", () => {
  test("the mark is gone before the result is read, and a failure is told", async () => {
    window.history.replaceState(null, "", "/login/?next=%2Fevents%2F&acceso=google");
    let searchWhenRead = "";
    sdk.getRedirectResult.mockImplementation(async () => {
      searchWhenRead = window.location.search;
      throw Object.assign(new Error("denied"), { code: "auth/user-cancelled" });
    });
    await (await social()).completeRedirect({ provider: "google", mode: "signIn" });
    expect(searchWhenRead).toBe("?next=%2Fevents%2F");
    expect(window.location.search).toBe("?next=%2Fevents%2F");
    expect(notify).toHaveBeenCalledWith("danger", expect.any(String));
  });

  test("a link that comes back says so", async () => {
    window.history.replaceState(null, "", "/profile/?acceso=apple-vincular");
    sdk.getRedirectResult.mockResolvedValue({ user: { uid: "u1" } });
    await (await social()).completeRedirect({ provider: "apple", mode: "link" });
    expect(window.location.search).toBe("");
    expect(notify).toHaveBeenCalledWith("success", "Cuenta de Apple vinculada");
  });
});
