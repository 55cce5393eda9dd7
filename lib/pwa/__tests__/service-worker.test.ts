import { afterEach, describe, expect, jest, test } from "@jest/globals";

// What the page does when it cannot make the app ready for offline use: the browser's side
// (@serwist/window over navigator.serviceWorker) is a fake whose registrations the test settles.
// The install that fails halfway, in a real browser: e2e/offline.spec.ts.

type Listener = (event: { isUpdate?: boolean; isExternal?: boolean }) => void;

interface FakeRegistration {
  installing: object | null;
  update: () => Promise<void>;
}

class FakeSerwist {
  static instances: FakeSerwist[] = [];
  listeners = new Map<string, Listener[]>();
  registering!: { resolve: (registration: FakeRegistration) => void; reject: (error: Error) => void };
  constructor() {
    FakeSerwist.instances.push(this);
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, event: { isUpdate?: boolean; isExternal?: boolean } = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  register() {
    return new Promise<FakeRegistration>((resolve, reject) => (this.registering = { resolve, reject }));
  }
  messageSkipWaiting() {}
}

/** The Serwist instance the page made `n`-th (each registration attempt makes one). */
function attempt(n: number): FakeSerwist {
  const instance = FakeSerwist.instances[n];
  if (!instance) throw new Error(`no registration attempt #${n}`);
  return instance;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const registration = (): FakeRegistration => ({ installing: {}, update: async () => {} });

/** Starts the page's registration; `fakeClock`: the test's clock is Jest's fake one. */
async function setup({ fakeClock = false } = {}) {
  jest.resetModules();
  FakeSerwist.instances = [];
  jest.doMock("@serwist/window", () => ({ Serwist: FakeSerwist }));
  Object.defineProperty(navigator, "serviceWorker", { value: { controller: null }, configurable: true });
  jest.spyOn(console, "error").mockImplementation(() => {});
  const pwa = await import("../service-worker");
  void pwa.startServiceWorker(async () => {});
  await (fakeClock ? jest.advanceTimersByTimeAsync(0) : flush());
  return pwa;
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe("preparing the app for offline use", () => {
  test("a registration that fails (offline) is tried again as soon as the browser is back online", async () => {
    const pwa = await setup();
    expect(FakeSerwist.instances).toHaveLength(1);
    attempt(0).registering.reject(new TypeError("Failed to fetch"));
    await flush();
    expect(FakeSerwist.instances).toHaveLength(1);

    window.dispatchEvent(new Event("online"));
    await flush();
    expect(FakeSerwist.instances).toHaveLength(2);
    attempt(1).registering.resolve(registration());
    await flush();
    attempt(1).emit("installed");
    expect(pwa.getPwaState().offlineReady).toBe(true);

    // Done: coming back online again starts nothing.
    await flush();
    window.dispatchEvent(new Event("online"));
    await flush();
    expect(FakeSerwist.instances).toHaveLength(2);
  });

  test("a first install whose downloads fail is tried again when back online", async () => {
    const pwa = await setup();
    attempt(0).registering.resolve(registration());
    await flush();
    attempt(0).emit("redundant");
    await flush();
    expect(pwa.getPwaState().offlineReady).toBe(false);

    window.dispatchEvent(new Event("online"));
    await flush();
    expect(FakeSerwist.instances).toHaveLength(2);
  });

  test("offline before the registration code itself has downloaded, it is tried again when back online", async () => {
    jest.resetModules();
    FakeSerwist.instances = [];
    let chunkFails = true;
    jest.doMock("@serwist/window", () => {
      if (chunkFails) throw new TypeError("Failed to fetch dynamically imported module");
      return { Serwist: FakeSerwist };
    });
    Object.defineProperty(navigator, "serviceWorker", { value: { controller: null }, configurable: true });
    jest.spyOn(console, "error").mockImplementation(() => {});
    const pwa = await import("../service-worker");
    void pwa.startServiceWorker(async () => {});
    await flush();
    expect(FakeSerwist.instances).toHaveLength(0);

    chunkFails = false;
    jest.resetModules();
    window.dispatchEvent(new Event("online"));
    await flush();
    expect(FakeSerwist.instances).toHaveLength(1);
  });

  test("a failure the browser does not see as a drop is tried again after 30 s, then after twice as long each time, up to 15 min", async () => {
    jest.useFakeTimers({ doNotFake: ["setImmediate", "queueMicrotask", "nextTick"] });
    try {
      const pwa = await setup({ fakeClock: true });
      const fail = async (n: number) => {
        attempt(n).registering.resolve(registration());
        await jest.advanceTimersByTimeAsync(0);
        attempt(n).emit("redundant");
        await jest.advanceTimersByTimeAsync(0);
      };
      await fail(0);
      await jest.advanceTimersByTimeAsync(pwa.RETRY_FIRST_MS - 1);
      expect(FakeSerwist.instances).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(1);
      expect(FakeSerwist.instances).toHaveLength(2);

      await fail(1);
      await jest.advanceTimersByTimeAsync(2 * pwa.RETRY_FIRST_MS - 1);
      expect(FakeSerwist.instances).toHaveLength(2);
      await jest.advanceTimersByTimeAsync(1);
      expect(FakeSerwist.instances).toHaveLength(3);

      // Many failures later, the wait stops growing.
      for (let n = 2; n < 10; n++) {
        await fail(n);
        await jest.advanceTimersByTimeAsync(pwa.RETRY_MAX_MS);
      }
      expect(FakeSerwist.instances).toHaveLength(11);
    } finally {
      jest.useRealTimers();
    }
  });

  test("while the browser says it is offline, the wait ends only with its return", async () => {
    jest.useFakeTimers({ doNotFake: ["setImmediate", "queueMicrotask", "nextTick"] });
    const onLine = jest.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    try {
      await setup({ fakeClock: true });
      attempt(0).registering.reject(new TypeError("Failed to fetch"));
      await jest.advanceTimersByTimeAsync(60 * 60 * 1000);
      expect(FakeSerwist.instances).toHaveLength(1);
      onLine.mockReturnValue(true);
      window.dispatchEvent(new Event("online"));
      await jest.advanceTimersByTimeAsync(0);
      expect(FakeSerwist.instances).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  test("a worker replaced after it installed is not an install to try again", async () => {
    await setup();
    attempt(0).registering.resolve(registration());
    await flush();
    attempt(0).emit("installed");
    attempt(0).emit("redundant");
    await flush();
    window.dispatchEvent(new Event("online"));
    await flush();
    expect(FakeSerwist.instances).toHaveLength(1);
  });
});
