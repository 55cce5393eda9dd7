/// <reference lib="webworker" />
import type { PrecacheEntry, RouteMatchCallbackOptions, SerwistGlobalConfig } from "serwist";
import { CacheFirst, CacheableResponsePlugin, ExpirationPlugin, NetworkOnly, Serwist } from "serwist";
import { mayKeepResponse } from "../lib/pwa/sw-caching";
import { isServerPath, isUploadedImage, placeholderUrls } from "../lib/pwa/sw-urls";
import { registerPushHandlers } from "./push";

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}

declare const self: ServiceWorkerGlobalScope;

/** The precached page served for navigations that have no page of their own while offline. */
const NOT_FOUND_URL = "/404/";

function isAppNavigation({ request, url, sameOrigin }: RouteMatchCallbackOptions): boolean {
  return request.mode === "navigate" && sameOrigin && !isServerPath(url.pathname);
}

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: {
    cleanupOutdatedCaches: true,
    // Exported files never vary by query string (`?_rsc=…`, `?oobCode=…`), so a page or payload
    // with any query is the same precached file.
    ignoreURLParametersMatching: [/.*/],
    urlManipulation: placeholderUrls,
  },
  // A new version waits for the user's 'Recargar' (SKIP_WAITING message); the first one takes
  // over at once so the first visit already works offline.
  skipWaiting: false,
  clientsClaim: true,
  navigationPreload: false,
  disableDevLogs: true,
  runtimeCaching: [
    // Navigations that are not precached go to the network (the server answers its 404 page);
    // offline they get the precached 404 page instead of a browser error.
    { matcher: isAppNavigation, handler: new NetworkOnly() },
    // Uploaded pictures (profiles, covers, content) never change at a URL: a replacement gets a
    // new key. Kept so profiles seen online keep their pictures offline; not a `no-cache` WebP,
    // sent while the AVIF for that URL is still being made.
    {
      matcher: ({ url, sameOrigin, request }) => sameOrigin && request.destination === "image" && isUploadedImage(url.pathname),
      handler: new CacheFirst({
        cacheName: "uploaded-images",
        plugins: [
          new CacheableResponsePlugin({ statuses: [200] }),
          { cacheWillUpdate: async ({ response }) => (mayKeepResponse(response) ? response : null) },
          new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
        ],
      }),
    },
  ],
  fallbacks: {
    entries: [{ url: NOT_FOUND_URL, matcher: ({ request }) => request.mode === "navigate" }],
  },
});

serwist.addEventListeners();
registerPushHandlers();
