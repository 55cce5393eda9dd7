import { afterEach, describe, expect, jest, test } from "@jest/globals";
import { QueryClient } from "@tanstack/react-query";

// When the service worker may start downloading the app: the page's own startup (the saved cache,
// the first sign-in report) is driven by the test through promises it settles itself.

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

async function setup() {
  jest.resetModules();
  const restored = deferred();
  const reported = deferred();
  jest.doMock("@/lib/query/client", () => ({ cacheRestored: restored.promise, getQueryClient: () => new QueryClient() }));
  jest.doMock("@/lib/auth/session", () => ({ firstReportHandled: reported.promise }));
  const { whenPageSettles } = await import("../page-settled");
  return { whenPageSettles, restore: restored.resolve, report: reported.resolve };
}

/** Whether `promise` is still pending after `ms` milliseconds of timers and free moments. */
async function pendingAfter(promise: Promise<void>, ms = 50): Promise<boolean> {
  let pending = true;
  void promise.then(() => (pending = false));
  await new Promise((resolve) => setTimeout(resolve, ms));
  return pending;
}

/**
 * Replaces requestIdleCallback: the returned function gives the main thread's next free moment
 * (runs the oldest waiting callback, if any) and lets what it started run.
 */
function manualFreeMoments() {
  const waiting: Array<() => void> = [];
  Object.assign(window, { requestIdleCallback: (callback: () => void) => waiting.push(callback) });
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  return async () => {
    await tick();
    const callback = waiting.shift();
    if (!callback) throw new Error("Nadie espera un momento libre");
    callback();
    await tick();
  };
}

/** A query whose answer the test gives when it wants. */
function pendingQuery(client: QueryClient, key: string) {
  let answer!: () => void;
  void client.fetchQuery({ queryKey: [key], queryFn: () => new Promise<string>((resolve) => (answer = () => resolve(key))) });
  return () => answer();
}

afterEach(() => {
  delete (window as { requestIdleCallback?: unknown }).requestIdleCallback;
});

describe("when the page has settled, so the service worker may download the app", () => {
  test("not before the saved cache is restored and the first sign-in report handled", async () => {
    const { whenPageSettles, restore, report } = await setup();
    const settled = whenPageSettles(new QueryClient());
    expect(await pendingAfter(settled)).toBe(true);
    restore();
    // Signed in, the profile is still on its way.
    expect(await pendingAfter(settled)).toBe(true);
    report();
    await settled;
  });

  test("nor while the page's queries fetch, including one that starts after the others answered", async () => {
    const { whenPageSettles, restore, report } = await setup();
    const freeMoment = manualFreeMoments();
    const client = new QueryClient();
    const answerList = pendingQuery(client, "events");
    const settled = whenPageSettles(client);
    restore();
    report();
    await freeMoment();
    expect(await pendingAfter(settled)).toBe(true);

    // Nothing fetches for a moment, then the next section asks for its data.
    answerList();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(client.isFetching()).toBe(0);
    const answerNext = pendingQuery(client, "events-page-2");
    await freeMoment();
    await freeMoment();
    expect(await pendingAfter(settled)).toBe(true);

    answerNext();
    await new Promise((resolve) => setTimeout(resolve, 10));
    await freeMoment();
    await settled;
  });

  test("nor while a write queued offline is sent", async () => {
    const { whenPageSettles, restore, report } = await setup();
    const client = new QueryClient();
    let answer!: () => void;
    void client.getMutationCache().build(client, { mutationFn: () => new Promise<void>((resolve) => (answer = resolve)) }).execute(undefined);
    const settled = whenPageSettles(client);
    restore();
    report();
    expect(await pendingAfter(settled)).toBe(true);
    answer();
    await settled;
  });

  test("waits for a free moment of the main thread", async () => {
    const { whenPageSettles, restore, report } = await setup();
    const freeMoment = manualFreeMoments();
    const settled = whenPageSettles(new QueryClient());
    restore();
    report();
    expect(await pendingAfter(settled)).toBe(true);
    await freeMoment();
    expect(await pendingAfter(settled)).toBe(true);
    await freeMoment();
    await settled;
  });

  test("a query that never answers holds it only until the limit", async () => {
    const { whenPageSettles, restore, report } = await setup();
    const client = new QueryClient();
    pendingQuery(client, "stuck");
    const settled = whenPageSettles(client, 300);
    restore();
    report();
    expect(await pendingAfter(settled)).toBe(true);
    await settled;
    // Its listeners are gone with it.
    expect(client.getQueryCache().hasListeners()).toBe(false);
  });
});
