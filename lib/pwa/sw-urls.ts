// URL rules of the service worker (sw/sw.ts), kept pure so they can be unit-tested and shared.
// Relative, not `@/`: the worker is bundled and type-checked outside the app's path aliases.
import { isStaticRoute, matchDynamicRoute } from "../routes";

/** Paths owned by the API server and by Firebase's auth handler: never answered by the app. */
export function isServerPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/") || pathname === "/__" || pathname.startsWith("/__/");
}

/** Images the API stores (server/storage: `/uploads/<key>`), immutable at their URL. */
export function isUploadedImage(pathname: string): boolean {
  return pathname.startsWith("/uploads/") && !pathname.includes("..");
}

/**
 * Extra precache keys to try for a request (after Serwist's own variations): a real id of a
 * dynamic route maps to the files exported for the placeholder id, and a page URL without its
 * trailing slash maps to the exported folder.
 */
export function placeholderUrls({ url }: { url: URL }): URL[] {
  if (isServerPath(url.pathname)) return [];
  const candidates: string[] = [];
  const match = matchDynamicRoute(url.pathname);
  if (match) {
    candidates.push(match.placeholderPath);
    if (!match.placeholderPath.endsWith("/") && !match.placeholderPath.endsWith(".txt")) {
      candidates.push(`${match.placeholderPath}/`);
    }
  } else if (!url.pathname.endsWith("/") && isStaticRoute(url.pathname)) {
    candidates.push(`${url.pathname}/`);
  }
  return candidates.map((path) => new URL(path, url.origin));
}
