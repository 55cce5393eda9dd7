import type { Page } from "@playwright/test";
import { expect } from "@playwright/test";

/** Waits until the service worker controls the page and has precached the export. */
export async function waitForOfflineReady(page: Page) {
  await expect(page.getByText("App lista para trabajar offline")).toBeVisible({ timeout: 30_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
}
