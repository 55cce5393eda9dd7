import type { NextConfig } from "next";

// Static export: the API server (or any CDN) serves `out/`. Dynamic segments are exported once
// with the placeholder id `_` and rewritten by the server and the service worker.
const nextConfig: NextConfig = {
  output: "export",
  trailingSlash: true,
  images: { unoptimized: true },
  reactStrictMode: true,
  poweredByHeader: false,
};

export default nextConfig;
