import { afterEach, beforeEach, describe, expect, jest, test } from "@jest/globals";
import type { PersistedClient } from "@tanstack/react-query-persist-client";
import { createIdbPersister, type KeyValueStore } from "../persister";

function memoryStore() {
  const data = new Map<string, unknown>();
  const store: KeyValueStore & { writes: number } = {
    writes: 0,
    get: async (k) => data.get(k),
    set: async (k, v) => {
      store.writes += 1;
      data.set(k, v);
    },
    del: async (k) => {
      data.delete(k);
    },
  };
  return { store, data };
}

const client = (timestamp: number): PersistedClient => ({
  timestamp,
  buster: "test",
  clientState: { queries: [], mutations: [] },
});

describe("IndexedDB persister", () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  test("writes at most once per throttle window, keeping the latest state", async () => {
    const { store, data } = memoryStore();
    const persister = createIdbPersister({ key: "k", throttleMs: 1000, store });
    persister.persistClient(client(1));
    persister.persistClient(client(2));
    persister.persistClient(client(3));
    expect(store.writes).toBe(0);
    await jest.advanceTimersByTimeAsync(1000);
    expect(store.writes).toBe(1);
    expect((data.get("k") as PersistedClient).timestamp).toBe(3);
    await expect(persister.restoreClient()).resolves.toMatchObject({ timestamp: 3 });
  });

  test("removeClient drops a pending save so it cannot bring the data back", async () => {
    const { store, data } = memoryStore();
    const persister = createIdbPersister({ key: "k", throttleMs: 1000, store });
    data.set("k", client(0));
    persister.persistClient(client(1));
    await persister.removeClient();
    await jest.advanceTimersByTimeAsync(5000);
    expect(data.has("k")).toBe(false);
    expect(store.writes).toBe(0);
  });

  test("a flush while a write is in flight starts its own at once, and removeClient waits for both", async () => {
    const { store, data } = memoryStore();
    // Writes that start and settle only when told to.
    const started: (() => void)[] = [];
    const set = store.set;
    store.set = (k, v) => new Promise<void>((resolve) => started.push(() => void Promise.resolve(set(k, v)).then(resolve)));
    const persister = createIdbPersister({ key: "k", throttleMs: 1000, store });
    persister.persistClient(client(1));
    await jest.advanceTimersByTimeAsync(1000);
    persister.persistClient(client(2));
    void persister.flush();
    // The page may be gone before the first write settles: the second has already started.
    expect(started).toHaveLength(2);
    let removed = false;
    const removing = Promise.resolve(persister.removeClient()).then(() => (removed = true));
    for (const settle of started) settle();
    await removing;
    expect(removed).toBe(true);
    expect(data.has("k")).toBe(false);
  });

  test("flush writes the pending state immediately", async () => {
    const { store, data } = memoryStore();
    const persister = createIdbPersister({ key: "k", throttleMs: 1000, store });
    persister.persistClient(client(7));
    await persister.flush();
    expect((data.get("k") as PersistedClient).timestamp).toBe(7);
  });
});
