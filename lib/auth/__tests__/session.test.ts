import { afterEach, beforeEach, describe, expect, jest, test } from "@jest/globals";
import { TextDecoder, TextEncoder } from "node:util";
import type { InitialData, User } from "@/lib/schemas/users";
import { makeUser } from "@/lib/__tests__/fixtures/user";

// jsdom lacks these; ky reads them when it loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// The startup flow of docs/product.md#startup, driven through a fake identity SDK and a fake
// initial-data call.

const user = (over: Partial<User> = {}): User => makeUser(over);

const firebaseUser = (email = "ana@example.com") => ({
  uid: "fb-1",
  email,
  displayName: null,
  providerId: "firebase",
  providerData: [{ providerId: "password" }],
  phoneNumber: null,
  emailVerified: false,
  photoURL: null,
});

type Listener = (u: ReturnType<typeof firebaseUser> | null) => void;

async function setup({ initialData, sdkExtra = {} }: { initialData: () => Promise<InitialData>; sdkExtra?: Record<string, unknown> }) {
  jest.resetModules();
  let listener: Listener = () => {};
  const signOut = jest.fn(async () => undefined);
  const sdk = {
    onAuthStateChanged: (_auth: unknown, cb: Listener) => {
      listener = cb;
      return () => undefined;
    },
    signOut,
    ...sdkExtra,
  };
  const fetchInitialData = jest.fn(initialData);
  const removeClient = jest.fn(async () => undefined);
  const flush = jest.fn(async () => undefined);
  const notify = jest.fn();
  const clearHttpCache = jest.fn();
  jest.doMock("@/lib/api/client", () => ({
    ...jest.requireActual<typeof import("@/lib/api/client")>("@/lib/api/client"),
    clearHttpCache,
  }));
  jest.doMock("@/lib/auth/firebase", () => ({
    ...jest.requireActual<typeof import("@/lib/auth/firebase")>("@/lib/auth/firebase"),
    loadAuth: async () => ({ auth: { currentUser: null }, sdk }),
  }));
  jest.doMock("@/lib/api/account", () => ({
    ...jest.requireActual<typeof import("@/lib/api/account")>("@/lib/api/account"),
    fetchInitialData,
  }));
  jest.doMock("@/lib/query/persister", () => ({ offlineCachePersister: { removeClient, flush } }));
  // A device where someone signed in before: the flow loads the SDK and watches it at once.
  jest.doMock("@/lib/auth/stored-session", () => ({ mayHaveStoredSession: async () => true, markSignedIn: () => undefined }));
  jest.doMock("@/lib/toast/notify", () => ({ notify }));

  const session = {
    ...(await import("@/lib/auth/session")),
    ...(await import("@/lib/auth/email-password")),
    ...(await import("@/lib/auth/sign-out")),
  };
  const { appStore } = await import("@/lib/state/store");
  const authState = await import("@/lib/state/auth");
  const queryClientModule = await import("@/lib/query/client");
  const { userQueries } = await import("@/lib/api/users");
  queryClientModule.markCacheRestored();
  const queryClient = queryClientModule.getQueryClient();

  const stop = session.watchSession();
  for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 0));
  /** Reports a sign-in state, as Firebase does, and lets the flow finish. */
  const report = async (u: ReturnType<typeof firebaseUser> | null) => {
    listener(u);
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  };
  return { session, appStore, authState, queryClient, userQueries, report, stop, signOut, fetchInitialData, removeClient, flush, notify, clearHttpCache };
}

describe("startup flow (docs/product.md#startup)", () => {
  let consoleError: ReturnType<typeof jest.spyOn>;
  beforeEach(() => {
    consoleError = jest.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  test("the loading view lasts until the first report, whatever it says", async () => {
    const t = await setup({ initialData: async () => ({ banned: false, ban: null, user: user() }) });
    expect(t.appStore.get(t.authState.authCheckedAtom)).toBe(false);
    await t.report(null);
    expect(t.appStore.get(t.authState.authCheckedAtom)).toBe(true);
  });

  test("the first report counts as handled only once the signed-in person's profile is in", async () => {
    let answer!: () => void;
    const t = await setup({
      initialData: () => new Promise((resolve) => (answer = () => resolve({ banned: false, ban: null, user: user() }))),
    });
    let handled = false;
    void t.session.firstReportHandled.then(() => (handled = true));
    await t.report(firebaseUser());
    expect(t.fetchInitialData).toHaveBeenCalledTimes(1);
    expect(handled).toBe(false);
    answer();
    await t.session.firstReportHandled;
    expect(t.appStore.get(t.authState.authUserAtom)).toMatchObject({ _id: "u1" });
  });

  test("nobody signed in: logged out locally, initial data not fetched", async () => {
    const t = await setup({ initialData: async () => ({ banned: false, ban: null, user: user() }) });
    await t.report(null);
    expect(t.appStore.get(t.authState.authUserAtom)).toBeNull();
    expect(t.fetchInitialData).not.toHaveBeenCalled();
    // No earlier session on this device: the public offline cache is kept.
    expect(t.removeClient).not.toHaveBeenCalled();
  });

  test("nobody signed in but a previous user's data is cached: everything is dropped", async () => {
    const t = await setup({ initialData: async () => ({ banned: false, ban: null, user: user() }) });
    t.queryClient.setQueryData(t.userQueries.myDataKey(), user());
    t.queryClient.setQueryData(["events", "list"], ["e1"]);
    await t.report(null);
    expect(t.queryClient.getQueryData(t.userQueries.myDataKey())).toBeUndefined();
    expect(t.queryClient.getQueryData(["events", "list"])).toBeUndefined();
    expect(t.removeClient).toHaveBeenCalled();
  });

  test("signed in: initial data is fetched and the user stored with isAdmin", async () => {
    const t = await setup({ initialData: async () => ({ banned: false, ban: null, user: user({ accountType: "ADMIN" }) }) });
    await t.report(firebaseUser());
    expect(t.fetchInitialData).toHaveBeenCalledTimes(1);
    expect(t.appStore.get(t.authState.authUserAtom)).toMatchObject({ _id: "u1", isAdmin: true });
    expect(t.appStore.get(t.authState.identityAtom)).toMatchObject({ id: "fb-1", email: "ana@example.com", providerId: "password" });
    expect(t.queryClient.getQueryData(t.userQueries.myDataKey())).toMatchObject({ _id: "u1" });
    // Saved at once, so a start without network right after still knows the user.
    expect(t.flush).toHaveBeenCalled();
  });

  test("a user already loaded is left as is", async () => {
    const t = await setup({ initialData: async () => ({ banned: false, ban: null, user: user() }) });
    await t.report(firebaseUser());
    await t.report(firebaseUser());
    expect(t.fetchInitialData).toHaveBeenCalledTimes(1);
  });

  test("banned: signed out of the identity service and logged out locally", async () => {
    const t = await setup({
      initialData: async () => ({ banned: true, ban: { reason: "Spam", endDate: "2030-01-31T12:00:00.000Z" }, user: user() }),
    });
    t.queryClient.setQueryData(["events", "for-you"], ["e1"]);
    await t.report(firebaseUser());
    expect(t.signOut).toHaveBeenCalled();
    expect(t.appStore.get(t.authState.authUserAtom)).toBeNull();
    expect(t.queryClient.getQueryData(["events", "for-you"])).toBeUndefined();
    expect(t.removeClient).toHaveBeenCalled();
    // The same words and the same hour as the server's 403, in Saltillo's zone whatever the device's.
    expect(t.notify).toHaveBeenCalledWith("danger", "Tu cuenta está suspendida hasta el 31 de enero de 2030 a las 6:00 a.m. Motivo: Spam");
  });

  test("identity without a profile yet: no user, status no-profile", async () => {
    const t = await setup({ initialData: async () => ({ banned: false, ban: null, user: null }) });
    await t.report(firebaseUser());
    expect(t.appStore.get(t.authState.authUserAtom)).toBeNull();
    expect(t.appStore.get(t.authState.sessionStatusAtom)).toBe("no-profile");
    expect(t.signOut).not.toHaveBeenCalled();
  });

  test("an initial-data failure is only logged", async () => {
    const t = await setup({
      initialData: async () => {
        throw new Error("offline");
      },
    });
    await t.report(firebaseUser());
    expect(consoleError).toHaveBeenCalled();
    expect(t.notify).not.toHaveBeenCalled();
    expect(t.appStore.get(t.authState.authUserAtom)).toBeNull();
    expect(t.appStore.get(t.authState.authCheckedAtom)).toBe(true);
  });

  test("offline, the profile cached by the last visit stands in for initial data", async () => {
    const t = await setup({
      initialData: async () => {
        throw new Error("offline");
      },
    });
    t.queryClient.setQueryData(t.userQueries.myDataKey(), user());
    await t.report(firebaseUser());
    expect(t.appStore.get(t.authState.authUserAtom)).toMatchObject({ _id: "u1", isAdmin: false });
  });

  test("offline, a cached profile of another account is not used", async () => {
    const t = await setup({
      initialData: async () => {
        throw new Error("offline");
      },
    });
    t.queryClient.setQueryData(t.userQueries.myDataKey(), user({ email: "otra@example.com" }));
    await t.report(firebaseUser());
    expect(t.appStore.get(t.authState.authUserAtom)).toBeNull();
    expect(t.appStore.get(t.authState.sessionStatusAtom)).toBe("error");
  });

  // Every read waits for the identity check before it sets out, so what a page read before the
  // first report is that person's: emptying the HTTP cache then only threw away the page's reads.
  test.each([
    ["nobody", null],
    ["someone", firebaseUser()],
  ])("the first report, naming %s, keeps the HTTP cache; a report naming another person empties it", async (_who, first) => {
    const t = await setup({ initialData: async () => ({ banned: false, ban: null, user: user() }) });
    await t.report(first);
    expect(t.clearHttpCache).not.toHaveBeenCalled();
    await t.report(first);
    expect(t.clearHttpCache).not.toHaveBeenCalled();
    await t.report(first ? null : firebaseUser());
    expect(t.clearHttpCache).toHaveBeenCalled();
    t.clearHttpCache.mockClear();
    await t.report({ ...firebaseUser("otra@example.com"), uid: "fb-2" });
    expect(t.clearHttpCache).toHaveBeenCalled();
  });

  // Content answers depend on who reads them (following, canEdit, myRole): a change of reader asks
  // for them again, and only them; the first report is not a change (the reads before it already
  // carried that person's token).
  const DETAIL = ["communities", "detail", "c1"];
  const fresh = (t: Awaited<ReturnType<typeof setup>>, key: readonly unknown[]) => {
    const state = t.queryClient.getQueryState(key);
    return state !== undefined && !state.isInvalidated;
  };
  const cacheContent = (t: Awaited<ReturnType<typeof setup>>) => t.queryClient.setQueryData(DETAIL, { _id: "c1" });

  test("the first report, signed in or not, is not a change of reader, nor is the profile arriving after it", async () => {
    const signedIn = await setup({ initialData: async () => ({ banned: false, ban: null, user: user() }) });
    cacheContent(signedIn);
    await signedIn.report(firebaseUser());
    expect(signedIn.appStore.get(signedIn.authState.authUserAtom)).not.toBeNull();
    expect(fresh(signedIn, DETAIL)).toBe(true);
    const anonymous = await setup({ initialData: async () => ({ banned: false, ban: null, user: user() }) });
    cacheContent(anonymous);
    await anonymous.report(null);
    expect(fresh(anonymous, DETAIL)).toBe(true);
  });

  test("an identity known before the first report is not a change either", async () => {
    const t = await setup({ initialData: async () => ({ banned: false, ban: null, user: user() }) });
    cacheContent(t);
    const { toIdentityUser } = await import("@/lib/auth/firebase");
    t.appStore.set(t.authState.identityAtom, toIdentityUser(firebaseUser() as unknown as Parameters<typeof toIdentityUser>[0]));
    await t.report(firebaseUser());
    expect(fresh(t, DETAIL)).toBe(true);
  });

  test("signing in, signing out and another account leave no content of the previous reader fresh, and only content is asked again", async () => {
    const t = await setup({ initialData: async () => ({ banned: false, ban: null, user: user() }) });
    await t.report(null);
    cacheContent(t);
    await t.report(firebaseUser());
    expect(fresh(t, DETAIL)).toBe(false);
    // The profile just stored for the new reader is not asked for again.
    expect(fresh(t, t.userQueries.myDataKey())).toBe(true);
    cacheContent(t);
    await t.report(null);
    expect(fresh(t, DETAIL)).toBe(false);
    cacheContent(t);
    await t.report({ ...firebaseUser("bea@example.com"), uid: "fb-2" });
    cacheContent(t);
    await t.report(firebaseUser());
    expect(fresh(t, DETAIL)).toBe(false);
    cacheContent(t);
    await t.report(firebaseUser());
    expect(fresh(t, DETAIL)).toBe(true);
  });

  test("logout clears my-data, events for you, the user, the whole cache and the persisted copy", async () => {
    const t = await setup({ initialData: async () => ({ banned: false, ban: null, user: user() }) });
    await t.report(firebaseUser());
    t.queryClient.setQueryData(["events", "for-you"], ["e1"]);
    t.queryClient.setQueryData(["news", "list"], ["n1"]);
    await t.session.logout();
    expect(t.signOut).toHaveBeenCalled();
    expect(t.appStore.get(t.authState.authUserAtom)).toBeNull();
    expect(t.queryClient.getQueryData(t.userQueries.myDataKey())).toBeUndefined();
    expect(t.queryClient.getQueryData(["events", "for-you"])).toBeUndefined();
    expect(t.queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(t.removeClient).toHaveBeenCalled();
    expect(t.clearHttpCache).toHaveBeenCalled();
  });
});

describe("registration with a weak password (docs/product.md#validation)", () => {
  const weak = () => Promise.reject(Object.assign(new Error("Firebase: Error (auth/weak-password)."), { code: "auth/weak-password" }));

  test("the policy is refreshed and the message says what is missing, by our policy when none is served", async () => {
    const validatePassword = jest.fn<(...args: unknown[]) => Promise<never>>(async () => {
      throw Object.assign(new Error("no policy"), { code: "auth/internal-error" });
    });
    const t = await setup({
      initialData: async () => ({ banned: false, ban: null, user: null }),
      sdkExtra: { createUserWithEmailAndPassword: jest.fn(weak), validatePassword },
    });
    await expect(t.session.registerWithEmail({ name: "Ana", email: "ana@example.com", password: "abcdefgh" })).rejects.toMatchObject({
      name: "WeakPasswordError",
      message: "A tu contraseña le falta: una letra mayúscula y un número.",
    });
    expect(validatePassword).toHaveBeenCalledWith(expect.anything(), "abcdefgh");
  });

  test("with a served policy, its answer decides", async () => {
    const validatePassword = jest.fn(async () => ({
      isValid: false,
      meetsMinPasswordLength: false,
      containsNonAlphanumericCharacter: false,
      passwordPolicy: { customStrengthOptions: { minPasswordLength: 12 } },
    }));
    const t = await setup({
      initialData: async () => ({ banned: false, ban: null, user: null }),
      sdkExtra: { createUserWithEmailAndPassword: jest.fn(weak), validatePassword },
    });
    await expect(t.session.registerWithEmail({ name: "Ana", email: "ana@example.com", password: "Abcdefgh1" })).rejects.toMatchObject({
      message: "A tu contraseña le falta: al menos 12 caracteres y un símbolo (por ejemplo ! o #).",
    });
  });
});
