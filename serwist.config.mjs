// @ts-check
// Serwist in configurator mode: `next build && serwist build serwist.config.mjs`. The worker is
// bundled after the static export exists, so the exported HTML and RSC payloads are precached.
import { serwist } from "@serwist/next/config";

const OUT_DIR = "out";

/**
 * Export file → the URL the browser asks for: `events/_/index.html` → `/events/_/`, everything
 * else (payloads `index.txt`, `_next/static/*`, icons) keeps its path.
 * @param {string} file
 */
function exportUrl(file) {
  if (file === "index.html") return "/";
  if (file.endsWith("/index.html")) return `/${file.slice(0, -"index.html".length)}`;
  return `/${file}`;
}

export default serwist({
  swSrc: "sw/sw.ts",
  swDest: `${OUT_DIR}/sw.js`,
  globDirectory: OUT_DIR,
  // The export already holds prerendered pages; the `.next/server` copies would be duplicates.
  precachePrerendered: false,
  globPatterns: ["**/*.{html,txt,js,css,json,webmanifest,png,svg,ico,woff2}"],
  // `404.html` duplicates `404/index.html` (precached as `/404/`, the offline not-found page).
  // Apple's launch screens are fetched once, when the app is added to the home screen.
  // The per-segment payloads (`__next._tree.txt`, `__next._full.txt`, `__next.<segment>.txt`) are
  // only fetched to prefetch, and the app's links never prefetch (components/ui/link.tsx): a
  // navigation asks for `index.txt`. They were 159 of the 350 entries and ~205 of ~1,209 KiB, on
  // install and again on every update (docs/operations/rendimiento-bitacora.md, "Lo que baja una
  // actualización"). Offline, a payload that is not cached turns the navigation into a page load,
  // which the precached page answers.
  globIgnores: ["sw.js", "**/*.map", "_not-found/**", "404.html", "icons/splash-*", "**/__next.*.txt"],
  // Content-hashed build assets need no revision query.
  dontCacheBustURLsMatching: /^_next\/static\//,
  maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
  manifestTransforms: [
    (entries) => ({
      manifest: entries.map((entry) => ({ ...entry, url: exportUrl(entry.url) })),
      warnings: [],
    }),
  ],
});
