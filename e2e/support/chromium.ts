import fs from "node:fs";

// Debian's Chromium (package `chromium`); CHROMIUM_PATH overrides. Flags keep Chromium from
// reaching out to Google's services, which this machine's closed network refuses.
export function chromiumExecutable(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((c): c is string => Boolean(c && fs.existsSync(c)));
}

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
