import { afterEach, describe, expect, jest, test } from "@jest/globals";

// What the page does when it cannot make the app ready for offline use: the browser's side
// (@serwist/window over navigator.serviceWorker) is a fake whose registrations the test settles,
// and whose installing worker changes state as the test says. In a real browser:
// e2e/offline.spec.ts.

type Listener = (event: { isUpdate?: boolean; isExternal?: boolean }) => void;

/** The registration's installing worker, whose state the test moves on. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = "installing";
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event("statechange"));
  }
}

interface FakeRegistration {
  installing: FakeWorker | null;
  waiting?: FakeWorker | null;
  active?: FakeWorker | null;
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
  /** What Serwist tells its listeners of `type` (e.g. 'waiting' for a worker found waiting). */
  emit(type: string, event: { isUpdate?: boolean; isExternal?: boolean } = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  registration: FakeRegistration | null = null;
  register() {
    return new Promise<FakeRegistration>((resolve, reject) => {
      this.registering = {
        resolve: (registration) => {
          this.registration = registration;
          resolve(registration);
        },
        reject,
      };
    });
  }
  /** The worker this attempt's registration is installing. */
  worker(): FakeWorker {
    const worker = this.registration?.installing;
    if (!worker) throw new Error("no worker installing");
    return worker;
  }
  messageSkipWaiting() {}
}

/** The Serwist instance the page made `n`-th (each registration attempt makes one). */
function attempt(n: number): FakeSerwist {
  const instance = FakeSerwist.instances[n];
  if (!instance) throw new Error(`no registration attempt #${n}`);
  return instance;
}

/** What navigator.serviceWorker.getRegistration() finds before the page registers. */
let registeredBefore: FakeRegistration | undefined;

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const registration = (): FakeRegistration => ({ installing: new FakeWorker(), update: async () => {} });

/** Starts the page's registration; `fakeClock`: the test's clock is Jest's fake one. */
async function setup({
  fakeClock = false,
  before,
  settled = async () => {},
}: { fakeClock?: boolean; before?: FakeRegistration; settled?: () => Promise<void> } = {}) {
  jest.resetModules();
  registeredBefore = before;
  FakeSerwist.instances = [];
  jest.doMock("@serwist/window", () => ({ Serwist: FakeSerwist }));
  Object.defineProperty(navigator, "serviceWorker", { value: { controller: null, getRegistration: async () => registeredBefore }, configurable: true });
  jest.spyOn(console, "error").mockImplementation(() => {});
  const pwa = await import("../service-worker");
  void pwa.startServiceWorker(settled);
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
    attempt(1).worker().become("installed");
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
    attempt(0).worker().become("redundant");
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
    Object.defineProperty(navigator, "serviceWorker", { value: { controller: null, getRegistration: async () => registeredBefore }, configurable: true });
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
        attempt(n).worker().become("redundant");
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

  test("the install's worker itself tells the page it finished (Serwist calls an install another tab started external)", async () => {
    const pwa = await setup();
    attempt(0).registering.resolve(registration());
    await flush();
    // Serwist's own 'installed' would come with isExternal and was ignored; the worker is what counts.
    attempt(0).worker().become("installed");
    expect(pwa.getPwaState().offlineReady).toBe(true);
  });

  test("an install that finished before this page's registration resolved counts as finished", async () => {
    const pwa = await setup();
    const installed = registration();
    installed.installing!.state = "activated";
    attempt(0).registering.resolve(installed);
    await flush();
    expect(pwa.getPwaState().offlineReady).toBe(true);
  });

  test("two tabs on a first visit: the registration answered once the other tab's install is done is ready here too", async () => {
    const pwa = await setup();
    const done = new FakeWorker();
    done.state = "activated";
    attempt(0).registering.resolve({ installing: null, active: done, update: async () => {} });
    await flush();
    expect(pwa.getPwaState().offlineReady).toBe(true);
  });

  test("another tab's install that claims this page before it settles is still this page's first install", async () => {
    let settle!: () => void;
    const pwa = await setup({ settled: () => new Promise<void>((resolve) => (settle = resolve)) });
    // The other tab's worker activated and claimed this page while it was still loading.
    Object.defineProperty(navigator, "serviceWorker", { value: { controller: {}, getRegistration: async () => undefined }, configurable: true });
    settle();
    await flush();
    const done = new FakeWorker();
    done.state = "activated";
    attempt(0).registering.resolve({ installing: null, active: done, update: async () => {} });
    await flush();
    expect(pwa.getPwaState()).toEqual({ offlineReady: true, needRefresh: false });
  });

  test("the first install found waiting for a moment is not a new version; one found after it is", async () => {
    const pwa = await setup();
    const installing = new FakeWorker();
    installing.state = "installed";
    // Serwist reports a worker waiting before the registration's answer reaches the page.
    attempt(0).emit("waiting");
    attempt(0).registering.resolve({ installing: null, waiting: installing, update: async () => {} });
    await flush();
    expect(pwa.getPwaState()).toEqual({ offlineReady: true, needRefresh: false });
    // A later deployment, found by the hourly check.
    attempt(0).emit("waiting", { isExternal: true });
    expect(pwa.getPwaState()).toEqual({ offlineReady: false, needRefresh: true });
  });

  test("a reload that bypassed an app installed before (no controller) is not told it is ready again", async () => {
    const done = new FakeWorker();
    done.state = "activated";
    const installed = { installing: null, active: done, update: async () => {} };
    const pwa = await setup({ before: installed });
    attempt(0).registering.resolve(installed);
    await flush();
    expect(pwa.getPwaState().offlineReady).toBe(false);
  });

  test("a worker replaced after it installed is not an install to try again", async () => {
    await setup();
    attempt(0).registering.resolve(registration());
    await flush();
    attempt(0).worker().become("installed");
    attempt(0).worker().become("redundant");
    await flush();
    window.dispatchEvent(new Event("online"));
    await flush();
    expect(FakeSerwist.instances).toHaveLength(1);
  });
});
