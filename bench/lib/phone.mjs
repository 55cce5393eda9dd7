import { chromium } from "@playwright/test";

// How the browser benchmarks that drive Playwright open a page as Lighthouse's mobile run does.

/** Lighthouse's mobile screen: a context made with these options lays pages out as it does. */
export const PHONE_SCREEN = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** The Debian Chromium (or CHROME_PATH), headless. */
export function launchChromium() {
  return chromium.launch({ executablePath: process.env.CHROME_PATH || "/usr/bin/chromium", args: ["--no-sandbox"] });
}
