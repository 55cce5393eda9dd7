/**
 * Whether the service worker may keep a response to answer with later (offline, or instead of
 * the network). `no-cache` and `no-store` say not this copy: an uploaded image's WebP served while
 * its AVIF is still being made (server/storage/routes.ts) would otherwise be what this device
 * shows at that URL for the life of the cache.
 */
export function mayKeepResponse(response: Response): boolean {
  const directives = (response.headers.get("cache-control") ?? "").split(",").map((directive) => directive.trim().toLowerCase());
  return !directives.includes("no-cache") && !directives.includes("no-store");
}
