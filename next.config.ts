import type { NextConfig } from "next";

// Static export: the API server (or any CDN) serves `out/`. Dynamic segments are exported once
// with the placeholder id `_` and rewritten by the server and the service worker.
const nextConfig: NextConfig = {
  output: "export",
  trailingSlash: true,
  images: { unoptimized: true },
  reactStrictMode: true,
  poweredByHeader: false,
  // Types are checked by `npm run typecheck` (with `next typegen` for the route types), which
  // `npm test` runs; checking them again in every build took 11 of its 29 s, and a clone's first
  // `npm start` builds (docs/operations/rendimiento-bitacora.md, "Una construcción sin verificar tipos").
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // Fewer, larger chunks: Turbopack's default (50 KB) split each page's first load into 12–14
    // small files, and over HTTP/1.1 (as `npm start` serves them) every file waits for a
    // connection and a round trip. At 150 KB the home loads 7 and an event 8, with fewer bytes
    // (the home's first load 171.0 → 168.0 KB gzip); no page's first load grew. Lighthouse A/B, 6
    // alternating runs each: LCP 1.90 → 1.66 s on the home, 1.96 → 1.82 and 1.91 → 1.86 s on a
    // place (docs/operations/rendimiento-bitacora.md). Experimental in Next 16.
    turbopackChunking: { minChunkSize: 150_000 },
  },
};

export default nextConfig;
