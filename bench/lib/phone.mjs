import { chromium } from "@playwright/test";

// How the browser benchmarks that drive Playwright open a page as Lighthouse's mobile run does.

/** Lighthouse's mobile screen: a context made with these options lays pages out as it does. */
export const PHONE_SCREEN = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/**
 * Network.emulateNetworkConditions for Lighthouse's mobile network: as its simulation assumes
 * (150 ms round trip, 1.6 Mbps down), and as DevTools applies it per request (562.5 ms, 1.47 Mbps).
 */
export const NETWORK = {
  simulated: { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
  devtools: { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 },
};

/** The Debian Chromium (or CHROME_PATH), headless. */
export function launchChromium() {
  return chromium.launch({ executablePath: process.env.CHROME_PATH || "/usr/bin/chromium", args: ["--no-sandbox"] });
}
