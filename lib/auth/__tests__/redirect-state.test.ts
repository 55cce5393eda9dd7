import { afterEach, describe, expect, test } from "@jest/globals";
import { markRedirect, pendingRedirect, withRedirectMark } from "@/lib/auth/redirect-state";

// A Google or Apple redirect comes back to the address it left from (the SDK's redirectUrl), so the
// mark that one is in flight rides in that address: start-up reads it without Web Storage.

describe("the mark of a redirect in flight", () => {
  afterEach(() => window.history.replaceState(null, "", "/"));

  test("a sign-in and a link are told apart, for each provider; the rest of the address is kept", () => {
    const href = "https://plaza.example/login/?next=%2Fevents%2F&x=1#arriba";
    const google = withRedirectMark(href, { provider: "google", mode: "signIn" });
    expect(google).toBe("https://plaza.example/login/?next=%2Fevents%2F&x=1&acceso=google#arriba");
    expect(pendingRedirect(google)).toEqual({ provider: "google", mode: "signIn" });
    const appleLink = withRedirectMark(href, { provider: "apple", mode: "link" });
    expect(new URL(appleLink).searchParams.get("acceso")).toBe("apple-vincular");
    expect(pendingRedirect(appleLink)).toEqual({ provider: "apple", mode: "link" });
    expect(withRedirectMark(google, null)).toBe("https://plaza.example/login/?next=%2Fevents%2F&x=1#arriba");
  });

  test("an address without the mark, or with something else in it, has nothing pending", () => {
    expect(pendingRedirect("https://plaza.example/")).toBeNull();
    for (const value of ["facebook", "google-x", "GOOGLE", "", "apple-vincular-"]) {
      expect(pendingRedirect(`https://plaza.example/?acceso=${value}`)).toBeNull();
    }
  });

  test("marking this page's address and taking the mark out again leaves one history entry", () => {
    window.history.replaceState(null, "", "/profile/?tab=cuenta");
    const entries = window.history.length;
    expect(pendingRedirect()).toBeNull();
    markRedirect({ provider: "google", mode: "link" });
    expect(window.location.search).toBe("?tab=cuenta&acceso=google-vincular");
    expect(pendingRedirect()).toEqual({ provider: "google", mode: "link" });
    markRedirect(null);
    expect(window.location.search).toBe("?tab=cuenta");
    expect(pendingRedirect()).toBeNull();
    expect(window.history.length).toBe(entries);
  });
});
