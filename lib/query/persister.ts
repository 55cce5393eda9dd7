import type { PersistedClient, Persister } from "@tanstack/react-query-persist-client";
import { createStore, del, get, set, type UseStore } from "idb-keyval";
import { KEYVAL_DB, KEYVAL_STORE, OFFLINE_CACHE_KEY, PERSIST_THROTTLE_MS } from "./constants";

/** The subset of idb-keyval the persister needs; injectable so tests run without IndexedDB. */
export interface KeyValueStore {
  get: (key: string) => Promise<unknown>;
  set: (key: string, value: unknown) => Promise<void>;
  del: (key: string) => Promise<void>;
}

export const keyval = createStore(KEYVAL_DB, KEYVAL_STORE);
// A write asks IndexedDB to commit at once, not when the task ends: a save started as the page goes
// away (pagehide, on a reload) is otherwise lost with the page before it commits.
const committing: UseStore = (mode, callback) =>
  keyval(mode, (store) => {
    const result = callback(store);
    if (mode === "readwrite") store.transaction.commit();
    return result;
  });
const idbStore: KeyValueStore = { get: (key) => get(key, keyval), set: (key, value) => set(key, value, committing), del: (key) => del(key, committing) };

export interface ThrottledPersister extends Persister {
  /** Writes a pending save now (used before the page goes away). */
  flush: () => Promise<void>;
}

/**
 * React Query persister on IndexedDB. The client state is stored as a structured clone (no JSON
 * round-trip) and saves are throttled: the cache changes on every fetch, but only the latest
 * state matters, so at most one write happens per `throttleMs`.
 */
export function createIdbPersister({
  key = OFFLINE_CACHE_KEY,
  throttleMs = PERSIST_THROTTLE_MS,
  store = idbStore,
}: { key?: string; throttleMs?: number; store?: KeyValueStore } = {}): ThrottledPersister {
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();

  const write = (): Promise<void> => {
    timer = null;
    const client = pending;
    pending = null;
    if (!client) return writing;
    // Started now, not after the write still in flight: on pagehide the page may be gone before
    // that one settles. IndexedDB runs read-write transactions on one store in the order they
    // were made, so the older state cannot land last.
    const saving = store.set(key, client).catch((error: unknown) => console.error("No se pudo guardar la caché sin conexión", error));
    writing = Promise.all([writing, saving]).then(() => undefined);
    return writing;
  };

  return {
    persistClient(client) {
      pending = client;
      if (timer === null) timer = setTimeout(() => void write(), throttleMs);
    },
    async restoreClient() {
      return (await store.get(key)) as PersistedClient | undefined;
    },
    async removeClient() {
      // A save still waiting would resurrect what the caller is removing.
      if (timer !== null) clearTimeout(timer);
      timer = null;
      pending = null;
      await writing;
      await store.del(key);
    },
    flush() {
      if (timer !== null) clearTimeout(timer);
      return write();
    },
  };
}

/** The persister the app uses (browser only; IndexedDB is touched lazily, at first use). */
export const offlineCachePersister = createIdbPersister();
