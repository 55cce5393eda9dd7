import type { QueryClient } from "@tanstack/react-query";
import { firstReportHandled } from "@/lib/auth/session";
import { cacheRestored, getQueryClient } from "@/lib/query/client";
import { whenIdle } from "@/lib/idle";

/** However busy the page stays, the app is made ready for offline use this long after it starts. */
export const SETTLE_LIMIT_MS = 10_000;
/** How long a free moment of the main thread is waited for, each time one is. */
const IDLE_LIMIT_MS = 2_000;

/** The page's load, then the next free moment of its main thread. */
const idle = () => new Promise<void>((resolve) => void whenIdle(resolve, { timeoutMs: IDLE_LIMIT_MS, fallbackMs: 0 }));

const busy = (client: QueryClient) => client.isFetching() > 0 || client.isMutating() > 0;

/** Resolves when no query fetches and no mutation runs, or when `signal` aborts. */
const nothingInFlight = (client: QueryClient, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (!busy(client) || signal.aborted) return resolve();
    const check = () => {
      if (busy(client) && !signal.aborted) return;
      stopQueries();
      stopMutations();
      signal.removeEventListener("abort", check);
      resolve();
    };
    const stopQueries = client.getQueryCache().subscribe(check);
    const stopMutations = client.getMutationCache().subscribe(check);
    signal.addEventListener("abort", check);
  });

/**
 * Resolves once the page has loaded, restored what the device kept, handled the first sign-in
 * report (the profile of someone signed in comes with it), and its queries and queued writes have
 * answered, with the main thread free; or SETTLE_LIMIT_MS after this is called (as the page
 * hydrates), whichever comes first.
 * Installing the service worker downloads the whole app (~1 MB in Brotli): begun at `load`, it
 * competed with the page's own data and pictures for a phone's connection, and with its hydration
 * for the cores.
 */
export async function whenPageSettles(client: QueryClient = getQueryClient(), limitMs = SETTLE_LIMIT_MS): Promise<void> {
  const limit = new AbortController();
  const timer = setTimeout(() => limit.abort(), limitMs);
  const stopped = new Promise<void>((resolve) => limit.signal.addEventListener("abort", () => resolve()));
  const settled = (async () => {
    await Promise.all([cacheRestored, firstReportHandled]);
    // A query can start after another answers, or once a chunk arrives: settled means quiet
    // across a free moment.
    do {
      await idle();
      await nothingInFlight(client, limit.signal);
      await idle();
    } while (busy(client) && !limit.signal.aborted);
  })();
  await Promise.race([settled, stopped]);
  clearTimeout(timer);
  limit.abort();
}
