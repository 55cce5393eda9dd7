import { afterEach, describe, expect, test } from "@jest/globals";
import { act, cleanup, render } from "@testing-library/react";
import { Provider as JotaiProvider, createStore } from "jotai";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { IdentityUser } from "@/lib/auth/firebase";
import { authCheckedAtom, authUserAtom, identityAtom, toSessionUser } from "@/lib/state/auth";
import { makeUser } from "@/lib/__tests__/fixtures/user";
import { ContentSessionSync } from "../content-session-sync";

// Content answers depend on who reads them: a change of person marks them stale, the first report
// after start-up does not (the reads before it already carried that person's token).

afterEach(cleanup);

const DETAIL = ["communities", "detail", "c1"];
const MY_DATA = ["users", "my-data"];

function identity(id: string): IdentityUser {
  return { id, email: `${id}@plaza.test`, displayName: id, providerId: "password", phoneNumber: null, emailVerified: true, photoURL: null, providers: ["password"] };
}

function mount() {
  const store = createStore();
  const queryClient = new QueryClient();
  const refresh = () => {
    queryClient.setQueryData(DETAIL, { _id: "c1" });
    queryClient.setQueryData(MY_DATA, { _id: "ana" });
  };
  refresh();
  render(
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={store}>
        <ContentSessionSync />
      </JotaiProvider>
    </QueryClientProvider>,
  );
  const report = (id: string | null) =>
    act(() => {
      store.set(identityAtom, id === null ? null : identity(id));
      store.set(authCheckedAtom, true);
    });
  const stale = (key: string[]) => queryClient.getQueryState(key)?.isInvalidated;
  return { store, report, refresh, stale };
}

describe("ContentSessionSync", () => {
  test("the first report after start-up is not a change, signed in or not, nor is the profile arriving after it", () => {
    const signedIn = mount();
    signedIn.report("ana");
    expect(signedIn.stale(DETAIL)).toBe(false);
    act(() => signedIn.store.set(authUserAtom, toSessionUser(makeUser({ _id: "ana", name: "Ana" }))));
    expect(signedIn.stale(DETAIL)).toBe(false);
    cleanup();
    const anonymous = mount();
    anonymous.report(null);
    expect(anonymous.stale(DETAIL)).toBe(false);
  });

  test("an identity known before the first report is not a change either", () => {
    const { store, report, stale } = mount();
    act(() => store.set(identityAtom, identity("ana")));
    report("ana");
    expect(stale(DETAIL)).toBe(false);
  });

  test("signing in, signing out and another account mark content stale, and only content", () => {
    const { report, refresh, stale } = mount();
    report(null);
    report("ana");
    expect(stale(DETAIL)).toBe(true);
    expect(stale(MY_DATA)).toBe(false);
    refresh();
    report(null);
    expect(stale(DETAIL)).toBe(true);
    refresh();
    report("bea");
    refresh();
    report("ana");
    expect(stale(DETAIL)).toBe(true);
    refresh();
    report("ana");
    expect(stale(DETAIL)).toBe(false);
  });
});
