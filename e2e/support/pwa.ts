import type { Page } from "@playwright/test";
import { expect } from "@playwright/test";

/**
 * Waits until the service worker controls the page and has precached the export. It registers once
 * the page has settled (at most 10 s after it starts; lib/pwa/page-settled.ts), then precaches.
 */
export async function waitForOfflineReady(page: Page) {
  await expect(page.getByText("App lista para trabajar offline")).toBeVisible({ timeout: 60_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
}
