import type { QueryClient } from "@tanstack/react-query";
import { cacheRestored, getQueryClient } from "@/lib/query/client";

/** However busy the page stays, the app is made ready for offline use this long after it loads. */
export const SETTLE_LIMIT_MS = 10_000;
/** How long a free moment of the main thread is waited for, each time one is. */
const IDLE_LIMIT_MS = 2_000;

const loaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === "complete") resolve();
    else window.addEventListener("load", () => resolve(), { once: true });
  });

const idle = () =>
  new Promise<void>((resolve) => {
    if ("requestIdleCallback" in window) window.requestIdleCallback(() => resolve(), { timeout: IDLE_LIMIT_MS });
    else setTimeout(resolve, 0);
  });

const noQueryFetching = (client: QueryClient) =>
  new Promise<void>((resolve) => {
    if (client.isFetching() === 0) return resolve();
    const unsubscribe = client.getQueryCache().subscribe(() => {
      if (client.isFetching() > 0) return;
      unsubscribe();
      resolve();
    });
  });

/**
 * Resolves once the page has loaded, the queries it started have answered and the main thread has
 * a free moment; or SETTLE_LIMIT_MS after it loaded, whichever comes first. Installing the service
 * worker downloads the whole app (~1 MB in Brotli): begun at `load`, it competed with the page's
 * own data and pictures for a phone's connection, and with its hydration for the cores.
 */
export async function whenPageSettles(client: QueryClient = getQueryClient(), limitMs = SETTLE_LIMIT_MS): Promise<void> {
  await loaded();
  let limit: ReturnType<typeof setTimeout> | undefined;
  const limited = new Promise<void>((resolve) => (limit = setTimeout(resolve, limitMs)));
  const settled = (async () => {
    // The page's queries wait for the saved cache, and start as it renders after that.
    await cacheRestored;
    await idle();
    await noQueryFetching(client);
    await idle();
  })();
  await Promise.race([settled, limited]);
  clearTimeout(limit);
}
