import { afterEach, beforeEach, describe, expect, jest, test } from "@jest/globals";
import { TextDecoder, TextEncoder } from "node:util";
import { deserialize, serialize } from "node:v8";
import { IDBFactory, IDBKeyRange, IDBObjectStore } from "fake-indexeddb";

// jsdom lacks these; ky reads the first two when it loads, the in-memory IndexedDB the last.
Object.assign(globalThis, { TextEncoder, TextDecoder, structuredClone: (value: unknown) => deserialize(serialize(value)) });

// An anonymous visitor never downloads the Firebase SDK; anyone who may be signed in gets it at
// once. The SDK's storage is played by an in-memory IndexedDB laid out as firebase/auth lays it.

const SDK_DB = "firebaseLocalStorageDb";
const SDK_STORE = "firebaseLocalStorage";
const USER_KEY = "firebase:authUser:demo-api-key:[DEFAULT]";

/** Writes what the SDK's indexedDBLocalPersistence keeps for a signed-in (or signed-out) device. */
function sdkStorage(records: { fbase_key: string; value: unknown }[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(SDK_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(SDK_STORE, { keyPath: "fbase_key" });
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const db = request.result;
      const tx = db.transaction(SDK_STORE, "readwrite");
      for (const record of records) tx.objectStore(SDK_STORE).put(record);
      tx.onerror = () => reject(tx.error);
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
    };
  });
}

/** Our marker as IndexedDB holds it now (read through a connection of its own). */
async function storedMarker(): Promise<unknown> {
  const { createStore, get } = await import("idb-keyval");
  return get("plaza:signed-in", createStore("keyval-store", "keyval"));
}

/** Waits (up to a second) for a write the code under test started without waiting for it. */
async function until(done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100 && !(await done()); i++) await new Promise((r) => setTimeout(r, 10));
  expect(await done()).toBe(true);
}

beforeEach(() => {
  jest.resetModules();
  Object.assign(globalThis, { indexedDB: new IDBFactory(), IDBKeyRange });
});

const ask = async () => (await import("@/lib/auth/stored-session")).mayHaveStoredSession();

describe("mayHaveStoredSession", () => {

  test("a device nobody signed in on: no, and looking creates no database", async () => {
    expect(await ask()).toBe(false);
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(SDK_DB);
  });

  test("the SDK's own record of a signed-in user: yes", async () => {
    await sdkStorage([{ fbase_key: USER_KEY, value: { uid: "u1" } }]);
    expect(await ask()).toBe(true);
  });

  test("the SDK's storage after a sign-out (no user record): no", async () => {
    await sdkStorage([{ fbase_key: "__sak", value: "1" }]);
    expect(await ask()).toBe(false);
  });

  test("our marker, kept when the SDK reports someone, answers on the next page load; taken away at a sign-out", async () => {
    (await import("@/lib/auth/stored-session")).markSignedIn(true);
    await until(async () => (await storedMarker()) !== undefined);
    jest.resetModules();
    expect(await ask()).toBe(true);

    (await import("@/lib/auth/stored-session")).markSignedIn(false);
    await until(async () => (await storedMarker()) === undefined);
    jest.resetModules();
    expect(await ask()).toBe(false);
  });

  test("without IndexedDB (where the SDK keeps its record in localStorage instead): maybe, so the SDK loads", async () => {
    Object.assign(globalThis, { indexedDB: undefined });
    expect(await ask()).toBe(true);
  });

  test("neither the question nor a report reads or writes Web Storage, which would wait for the browser", async () => {
    const calls = ["getItem", "setItem", "removeItem", "key"].map((name) => jest.spyOn(Storage.prototype, name as "getItem"));
    await ask();
    const stored = await import("@/lib/auth/stored-session");
    stored.markSignedIn(false);
    stored.markSignedIn(true);
    await until(async () => (await storedMarker()) !== undefined);
    for (const call of calls) expect(call).not.toHaveBeenCalled();
    for (const call of calls) call.mockRestore();
  });
});

describe("the page's inline probe (the head of every page)", () => {
  /** Runs the inline script as the page's head does, at `search`; its answer and the document's mark. */
  async function openPage(search = "") {
    window.history.replaceState(null, "", `/${search}`);
    document.documentElement.removeAttribute("data-signed-out");
    const { SESSION_PROBE_GLOBAL, sessionProbeScript } = await import("@/lib/auth/session-probe");
    const global = window as unknown as Record<string, unknown>;
    delete global[SESSION_PROBE_GLOBAL];
    // An inline script runs at the top level of the page, with nothing of the app's modules.
    new Function(sessionProbeScript())();
    const answer = await (global[SESSION_PROBE_GLOBAL] as Promise<{ maybe: boolean }>);
    await new Promise((r) => setTimeout(r, 0));
    return { maybe: answer.maybe, signedOut: document.documentElement.hasAttribute("data-signed-out") };
  }
  afterEach(() => {
    window.history.replaceState(null, "", "/");
    delete (window as unknown as Record<string, unknown>).__plazaStoredSession;
    document.documentElement.removeAttribute("data-signed-out");
  });

  test("nobody stored: the first check is over and the document is marked, so the loading view steps aside", async () => {
    expect(await openPage()).toEqual({ maybe: false, signedOut: true });
    // The SDK's database is not created; ours is, with its store, as the app's cache would make it.
    expect((await indexedDB.databases()).map((d) => d.name)).toEqual(["keyval-store"]);
    const { createStore, get, set } = await import("idb-keyval");
    const ours = createStore("keyval-store", "keyval");
    await set("plaza-offline-cache", { saved: 1 }, ours);
    expect(await get("plaza-offline-cache", ours)).toEqual({ saved: 1 });
  });

  test("where even looking at IndexedDB throws (storage blocked): maybe, no mark, and the app still opens", async () => {
    Object.defineProperty(globalThis, "indexedDB", {
      configurable: true,
      get() {
        throw new DOMException("blocked", "SecurityError");
      },
    });
    try {
      expect(await openPage()).toEqual({ maybe: true, signedOut: false });
    } finally {
      Object.defineProperty(globalThis, "indexedDB", { configurable: true, writable: true, value: new IDBFactory() });
    }
  });

  test("the SDK's record or our marker: no mark, the view waits for the SDK", async () => {
    await sdkStorage([{ fbase_key: USER_KEY, value: { uid: "u1" } }]);
    expect(await openPage()).toEqual({ maybe: true, signedOut: false });
    Object.assign(globalThis, { indexedDB: new IDBFactory() });
    const { createStore, set } = await import("idb-keyval");
    await set("plaza:signed-in", 1, createStore("keyval-store", "keyval"));
    expect(await openPage()).toEqual({ maybe: true, signedOut: false });
  });

  test("back from a Google or Apple redirect: no mark, the redirect still has to finish", async () => {
    expect(await openPage("?acceso=google")).toEqual({ maybe: false, signedOut: false });
  });

  test("the app takes the script's answer instead of asking again", async () => {
    const global = window as unknown as Record<string, unknown>;
    global.__plazaStoredSession = Promise.resolve({ maybe: true });
    expect(await ask()).toBe(true);
    global.__plazaStoredSession = Promise.resolve({ maybe: false, marker: false });
    jest.resetModules();
    await sdkStorage([{ fbase_key: USER_KEY, value: { uid: "u1" } }]);
    expect(await ask()).toBe(false);
    // A script answer that failed, which the probe never gives: the SDK loads to be sure.
    global.__plazaStoredSession = Promise.reject(new Error("unexpected"));
    jest.resetModules();
    expect(await ask()).toBe(true);
  });

  test("the script's marker is kept: an anonymous report writes nothing", async () => {
    const global = window as unknown as Record<string, unknown>;
    global.__plazaStoredSession = Promise.resolve({ maybe: false, marker: false });
    const stored = await import("@/lib/auth/stored-session");
    await stored.mayHaveStoredSession();
    const writes = jest.spyOn(IDBObjectStore.prototype, "delete");
    stored.markSignedIn(false);
    await new Promise((r) => setTimeout(r, 20));
    expect(writes).not.toHaveBeenCalled();
    writes.mockRestore();
  });
});

describe("startup without a stored session", () => {
  let consoleError: ReturnType<typeof jest.spyOn>;
  beforeEach(() => {
    consoleError = jest.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  async function start() {
    let listener: ((user: unknown) => void) | null = null;
    const sdkLoaded = jest.fn();
    jest.doMock("@/lib/auth/sdk", () => {
      sdkLoaded();
      return {
        getApps: () => [{}],
        initializeApp: () => ({}),
        initializeAuth: () => ({ currentUser: null, authStateReady: async () => undefined }),
        indexedDBLocalPersistence: {},
        browserLocalPersistence: {},
        connectAuthEmulator: () => undefined,
        onAuthStateChanged: (_auth: unknown, cb: (user: unknown) => void) => {
          listener = cb;
          cb(null);
          return () => undefined;
        },
      };
    });
    const session = await import("@/lib/auth/session");
    const firebase = await import("@/lib/auth/firebase");
    const { appStore } = await import("@/lib/state/store");
    const authState = await import("@/lib/state/auth");
    (await import("@/lib/query/client")).markCacheRestored();
    const stop = session.watchSession();
    const settle = async () => {
      for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
    };
    await settle();
    return { firebase, appStore, authState, stop, settle, sdkLoaded, isWatching: () => listener !== null };
  }

  test("the app opens signed out and API calls go without a token, the SDK never loaded", async () => {
    const t = await start();
    expect(t.appStore.get(t.authState.authCheckedAtom)).toBe(true);
    expect(t.appStore.get(t.authState.identityAtom)).toBeNull();
    expect(await t.firebase.getIdToken()).toBeNull();
    expect(t.sdkLoaded).not.toHaveBeenCalled();
    t.stop();
  });

  test("a sign-in form asking for the SDK loads it, and the startup flow watches it from then on", async () => {
    const t = await start();
    await t.firebase.loadAuth();
    await t.settle();
    expect(t.sdkLoaded).toHaveBeenCalledTimes(1);
    expect(t.isWatching()).toBe(true);
    t.stop();
  });

  test("where storage is blocked, the SDK loads to be sure, and its report still ends the loading view", async () => {
    Object.assign(globalThis, { indexedDB: undefined });
    const t = await start();
    expect(t.sdkLoaded).toHaveBeenCalledTimes(1);
    expect(t.appStore.get(t.authState.authCheckedAtom)).toBe(true);
    expect(t.appStore.get(t.authState.identityAtom)).toBeNull();
    t.stop();
  });

  test("a signed-in device loads the SDK at once, before any request", async () => {
    await sdkStorage([{ fbase_key: USER_KEY, value: { uid: "u1" } }]);
    const t = await start();
    expect(t.sdkLoaded).toHaveBeenCalledTimes(1);
    expect(t.isWatching()).toBe(true);
    t.stop();
  });
});
